/* SPDX-License-Identifier: MIT */
/* magicbb/plain.h - plain magic bitboards: 12 index bits for every rook
 * square and 9 for every bishop square, so the shift is a constant, and
 * every slice has its full size: rook square sq at sq * 4096, bishop
 * square sq at 64 * 4096 + sq * 512.  The largest table, and the
 * simplest.  The entry keeps the slice's start all the same: loading it
 * is cheaper than working it out from the square. */
#ifndef MAGICBB_PLAIN_H
#define MAGICBB_PLAIN_H

#include "common.h"

struct mbb_plain_entry {
    uint64_t mask;        /* relevant occupancy */
    uint64_t magic;
    uint32_t offset;      /* first slot of the square's slice */
    uint32_t reserved[3]; /* 0: pads the entry to 32 bytes */
};

static inline uint32_t mbb_plain_index(const struct mbb_plain_entry *e, uint64_t occupied,
                                       unsigned bits)
{
    return (uint32_t)(((occupied & e->mask) * e->magic) >> (64 - bits));
}

static inline uint64_t mbb_plain_lookup(const struct mbb_plain_entry *e, const uint64_t *attacks,
                                        uint64_t occupied, unsigned bits)
{
    return attacks[e->offset + mbb_plain_index(e, occupied, bits)];
}

MBB_COMMON_SHAPE(plain, uint64_t, MBB_ROOK_FIXED_BITS, MBB_BISHOP_FIXED_BITS)

static inline size_t mbb_plain_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)slots, (void)sets;
    *at_most = 0;
    return (((size_t)64 << MBB_ROOK_FIXED_BITS) + ((size_t)64 << MBB_BISHOP_FIXED_BITS))
               * sizeof(uint64_t)
           + 128 * sizeof(struct mbb_plain_entry);
}

#endif /* MAGICBB_PLAIN_H */
