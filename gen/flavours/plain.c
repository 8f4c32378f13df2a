/* SPDX-License-Identifier: MIT */
/* plain.c - the generator's steps for plain (src/magicbb/plain.h). */
#include "flavour_unit.h"
#include "magicbb/plain.h"

static struct mbb_plain_entry plain_entry_from(enum piece piece, const struct work_entry *w)
{
    const struct mbb_plain_entry e = { .mask = w->mask, .magic = w->magic, .offset = w->offset };

    (void)piece;
    return e;
}

static void plain_entry_fields(FILE *out, const void *entries, unsigned sq)
{
    const struct mbb_plain_entry *e = (const struct mbb_plain_entry *)entries + sq;

    fprintf(out, ".mask = 0x%016llxu, .magic = 0x%016llxu, .offset = %6lu",
            (unsigned long long)e->mask, (unsigned long long)e->magic, (unsigned long)e->offset);
}

static uint32_t plain_index(enum piece piece, const struct work_entry *w, uint64_t occupied)
{
    const struct mbb_plain_entry e = plain_entry_from(piece, w);

    return mbb_plain_index(&e, occupied,
                           piece == PIECE_ROOK ? MBB_ROOK_FIXED_BITS : MBB_BISHOP_FIXED_BITS);
}

GEN_COMMON_SHAPE(plain)

const struct gen_flavour gen_flavour_plain = {
    .name = "plain", .magics = 1, .searches = 1, .product = 64,
    .fixed = { MBB_ROOK_FIXED_BITS, MBB_BISHOP_FIXED_BITS },
    .index = plain_index, .fill = plain_fill, .encode = plain_encode, .lookup = plain_lookup,
    .emit = plain_emit, .release = release_encoded,
};
