/* SPDX-License-Identifier: MIT */
/* offsetmagic.c - the generator's steps for offsetmagic
 * (include/magicbb/offsetmagic.h).  Its magics file has no offset column:
 * the offsets are in the magics. */
#include "flavour_unit.h"
#include "magicbb/offsetmagic.h"

static struct mbb_offsetmagic_entry offsetmagic_entry_from(enum piece piece,
                                                           const struct work_entry *w)
{
    const struct mbb_offsetmagic_entry e = { .mask = w->mask, .magic = w->magic };

    (void)piece;
    return e;
}

static void offsetmagic_entry_fields(FILE *out, const void *entries, unsigned sq, const char *slice)
{
    const struct mbb_offsetmagic_entry *e = (const struct mbb_offsetmagic_entry *)entries + sq;

    (void)slice; /* offsets: the slice starts in the magic */
    fprintf(out, "/* mask */ 0x%016llxu, /* magic */ 0x%016llxu", (unsigned long long)e->mask,
            (unsigned long long)e->magic);
}

static uint32_t offsetmagic_index(enum piece piece, const struct work_entry *w, uint64_t occupied)
{
    const struct mbb_offsetmagic_entry e = offsetmagic_entry_from(piece, w);

    return mbb_offsetmagic_index(
        &e, occupied, piece == PIECE_ROOK ? MBB_ROOK_FIXED_BITS : MBB_OFFSETMAGIC_BISHOP_BITS);
}

/* The start bits are the slice start the candidate is drawn for
 * (w->offset). */
static uint64_t offsetmagic_constrain(enum piece piece, const struct work_entry *w,
                                      uint64_t candidate)
{
    (void)piece;
    return (candidate & ~MBB_OFFSETMAGIC_START) | w->offset;
}

GEN_COMMON_SHAPE(offsetmagic, 0)

const struct gen_flavour gen_flavour_offsetmagic = {
    GEN_REGISTERED(offsetmagic),
    .layout = LAYOUT_IN_MAGIC,
    .narrow = 1,
    .product = 64,
    .offset_bits = MBB_OFFSETMAGIC_TOP,
    .start_shift = MBB_OFFSETMAGIC_LOW,
    .fixed = { MBB_ROOK_FIXED_BITS, MBB_OFFSETMAGIC_BISHOP_BITS },
    .constrain = offsetmagic_constrain,
    .index = offsetmagic_index,
    .fill = offsetmagic_fill,
    .encode = offsetmagic_encode,
    .lookup = offsetmagic_lookup,
    .emit = offsetmagic_emit,
    .release = release_encoded,
};
