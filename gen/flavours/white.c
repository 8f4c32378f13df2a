/* SPDX-License-Identifier: MIT */
/* white.c - the generator's steps for white (src/magicbb/white.h).  The
 * search asks each square for indices below 2^relevant squares (then a
 * bit more, if it must); the packer then overlaps the slices.  A magics
 * file gives each slice's offset, as for black. */
#include "flavour_unit.h"
#include "magicbb/white.h"

static struct mbb_white_entry white_entry_from(enum piece piece, const struct work_entry *w)
{
    const struct mbb_white_entry e = { .mask = w->mask, .magic = w->magic, .offset = w->offset };

    (void)piece;
    return e;
}

static void white_entry_fields(FILE *out, const void *entries, unsigned sq)
{
    const struct mbb_white_entry *e = (const struct mbb_white_entry *)entries + sq;

    fprintf(out, ".mask = 0x%016llxu, .magic = 0x%016llxu, .offset = %6lu",
            (unsigned long long)e->mask, (unsigned long long)e->magic, (unsigned long)e->offset);
}

static uint32_t white_index(enum piece piece, const struct work_entry *w, uint64_t occupied)
{
    const struct mbb_white_entry e = white_entry_from(piece, w);

    return mbb_white_index(&e, occupied,
                           piece == PIECE_ROOK ? MBB_ROOK_FIXED_BITS : MBB_BISHOP_FIXED_BITS);
}

GEN_COMMON_SHAPE(white)

const struct gen_flavour gen_flavour_white = {
    .name = "white", .magics = 1, .searches = 1, .offsets = 1, .narrow = 1, .product = 64,
    .fixed = { MBB_ROOK_FIXED_BITS, MBB_BISHOP_FIXED_BITS },
    .index = white_index, .fill = white_fill,
    .encode = white_encode, .lookup = white_lookup,
    .emit = white_emit, .release = release_encoded,
};
