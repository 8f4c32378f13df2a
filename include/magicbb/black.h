/* SPDX-License-Identifier: MIT */
/* magicbb/black.h - black magic bitboards: a fixed 12 (rook) or 9
 * (bishop) index bits, and the squares outside the mask set rather than
 * cleared.  That adds a constant to the product, so a square's indices
 * need not start at 0 and the slices overlap in one attack table.  The
 * entry keeps the inverted mask, so the lookup ORs it in directly. */
#ifndef MAGICBB_BLACK_H
#define MAGICBB_BLACK_H

#include "shapes.h"

struct mbb_black_entry {
    uint64_t not_mask; /* the squares outside the relevant occupancy */
    uint64_t magic;
    const uint64_t *slice; /* where the square's indices start counting */
    MBB_PAD_POINTER(16);   /* 0: pads the entry to 32 bytes */
};

MBB_FN uint32_t mbb_black_index(const struct mbb_black_entry *e, uint64_t occupied, unsigned bits)
{
    return MBB_CAST(uint32_t, ((occupied | e->not_mask) * e->magic) >> (64 - bits));
}

MBB_FN uint64_t mbb_black_lookup(const struct mbb_black_entry *e, const uint64_t *attacks,
                                 uint64_t occupied, unsigned bits)
{
    (void)attacks;
    return e->slice[mbb_black_index(e, occupied, bits)];
}

MBB_COMMON_SHAPE(black, uint64_t, MBB_ROOK_FIXED_BITS, MBB_BISHOP_FIXED_BITS)

/* At most one slot per relevant occupancy: the slices overlap. */
MBB_FN size_t mbb_black_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)sets;
    *at_most = 1;
    return slots * sizeof(uint64_t) + 128 * sizeof(struct mbb_black_entry);
}

#endif /* MAGICBB_BLACK_H */
