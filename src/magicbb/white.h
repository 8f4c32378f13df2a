/* SPDX-License-Identifier: MIT */
/* magicbb/white.h - fixed-shift magics in overlapping slices: a constant
 * 12 (rook) or 9 (bishop) index bits, as in plain, but each magic keeps
 * the top index bits clear where the square has fewer relevant squares,
 * so its indices stay low; and the slices are laid into one table where
 * the slots one square uses fall into the gaps of others.  The lookup is
 * plain's with a slice start per square: no shift to load, a table near
 * fancy's size. */
#ifndef MAGICBB_WHITE_H
#define MAGICBB_WHITE_H

#include "common.h"

struct mbb_white_entry {
    uint64_t mask;        /* relevant occupancy */
    uint64_t magic;
    uint32_t offset;      /* first slot of the square's slice */
    uint32_t reserved[3]; /* 0: pads the entry to 32 bytes */
};

static inline uint32_t mbb_white_index(const struct mbb_white_entry *e, uint64_t occupied,
                                       unsigned bits)
{
    return (uint32_t)(((occupied & e->mask) * e->magic) >> (64 - bits));
}

static inline uint64_t mbb_white_lookup(const struct mbb_white_entry *e, const uint64_t *attacks,
                                        uint64_t occupied, unsigned bits)
{
    return attacks[e->offset + mbb_white_index(e, occupied, bits)];
}

MBB_COMMON_SHAPE(white, uint64_t, MBB_ROOK_FIXED_BITS, MBB_BISHOP_FIXED_BITS)

/* A bound only: no more than plain's full slices end to end.  How much
 * less depends on how narrow the search gets the slices and how well
 * they pack. */
static inline size_t mbb_white_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)slots, (void)sets;
    *at_most = 1;
    return (((size_t)64 << MBB_ROOK_FIXED_BITS) + ((size_t)64 << MBB_BISHOP_FIXED_BITS))
               * sizeof(uint64_t)
           + 128 * sizeof(struct mbb_white_entry);
}

#endif /* MAGICBB_WHITE_H */
