/* SPDX-License-Identifier: MIT */
/* black.c - the generator's steps for black (include/magicbb/black.h).  Its
 * magics and offsets are loaded (the shipped set is gen/magics/black.txt),
 * checked as loaded, and the slices then packed tighter. */
#include "flavour_unit.h"
#include "magicbb/black.h"

static struct mbb_black_entry black_entry_from(enum piece piece, const struct work_entry *w)
{
    const struct mbb_black_entry e = { .not_mask = ~w->mask, .magic = w->magic };

    (void)piece;
    return e;
}

static void black_entry_fields(FILE *out, const void *entries, unsigned sq, const char *slice)
{
    const struct mbb_black_entry *e = (const struct mbb_black_entry *)entries + sq;

    fprintf(out, "/* not_mask */ 0x%016llxu, /* magic */ 0x%016llxu, /* slice */ %s",
            (unsigned long long)e->not_mask, (unsigned long long)e->magic, slice);
}

static uint32_t black_index(enum piece piece, const struct work_entry *w, uint64_t occupied)
{
    const struct mbb_black_entry e = black_entry_from(piece, w);

    return mbb_black_index(&e, occupied,
                           piece == PIECE_ROOK ? MBB_ROOK_FIXED_BITS : MBB_BISHOP_FIXED_BITS);
}

GEN_COMMON_SHAPE(black, 1)

const struct gen_flavour gen_flavour_black = {
    GEN_REGISTERED(black),  .layout = LAYOUT_PACKED,
    .product = 64,          .fixed = { MBB_ROOK_FIXED_BITS, MBB_BISHOP_FIXED_BITS },
    .index = black_index,   .fill = black_fill,
    .encode = black_encode, .lookup = black_lookup,
    .emit = black_emit,     .release = release_encoded,
};
