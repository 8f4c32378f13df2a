/* SPDX-License-Identifier: MIT */
/* magicbb/pext.h - PEXT bitboards: the relevant occupancy bits, gathered
 * by BMI2's PEXT, are the index into the square's slice.  An entry is the
 * mask and the slice's first slot, 64-bit so that the lookup is a PEXT
 * with the mask as its memory operand, an add with the offset as its
 * memory operand, and the load; a square's rook and bishop entries share
 * one 32-byte record, so a queen's lookup reads one cache line of them. */
#ifndef MAGICBB_PEXT_H
#define MAGICBB_PEXT_H

#include "common.h"

struct mbb_pext_entry {
    uint64_t mask;   /* relevant occupancy */
    uint64_t offset; /* first slot of the square's slice */
};

static inline uint32_t mbb_pext_index(const struct mbb_pext_entry *e, uint64_t occupied)
{
    return (uint32_t)mbb_pext64(occupied, e->mask);
}

static inline uint64_t mbb_pext_lookup(const struct mbb_pext_entry *e, const uint64_t *attacks,
                                       uint64_t occupied, unsigned bits)
{
    (void)bits;
    /* the 64-bit result as it is: a 32-bit index would cost a zero extension */
    return attacks[e->offset + mbb_pext64(occupied, e->mask)];
}

MBB_COMMON_SHAPE(pext, uint64_t, 0, 0)

static inline size_t mbb_pext_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)sets;
    *at_most = 0;
    return slots * sizeof(uint64_t) + 64 * sizeof(struct mbb_pext_square);
}

#endif /* MAGICBB_PEXT_H */
