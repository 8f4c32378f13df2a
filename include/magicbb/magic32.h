/* SPDX-License-Identifier: MIT */
/* magicbb/magic32.h - for CPUs whose multiplier is 32 bits wide.  Each
 * half of the relevant occupancy is multiplied by its own 32-bit half of
 * the magic (low by low, high by high); the XOR of the two products is
 * hashed like a fancy product, its top bits being the index.  Two
 * 32x32->32 multiplies instead of the several a 64x64 multiply takes on
 * such CPUs. */
#ifndef MAGICBB_MAGIC32_H
#define MAGICBB_MAGIC32_H

#include "shapes.h"

struct mbb_magic32_entry {
    uint64_t mask;         /* relevant occupancy */
    uint64_t magic;        /* high half's magic in the top 32 bits, low half's below */
    const uint64_t *slice; /* the square's slice */
    uint32_t shift;        /* 32 - index bits */
    MBB_PAD_POINTER(12);   /* 0: pads the entry to 32 bytes */
};

MBB_FN uint32_t mbb_magic32_index(const struct mbb_magic32_entry *e, uint64_t occupied)
{
    const uint32_t lo = MBB_CAST(uint32_t, occupied) & MBB_CAST(uint32_t, e->mask);
    const uint32_t hi = MBB_CAST(uint32_t, occupied >> 32) & MBB_CAST(uint32_t, e->mask >> 32);

    return (lo * MBB_CAST(uint32_t, e->magic) ^ hi * MBB_CAST(uint32_t, e->magic >> 32))
           >> e->shift;
}

MBB_FN uint64_t mbb_magic32_lookup(const struct mbb_magic32_entry *e, const uint64_t *attacks,
                                   uint64_t occupied, unsigned bits)
{
    (void)attacks, (void)bits;
    return e->slice[mbb_magic32_index(e, occupied)];
}

MBB_COMMON_SHAPE(magic32, uint64_t, 0, 0)

/* At most: magics with fewer index bits take fewer slots. */
MBB_FN size_t mbb_magic32_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)sets;
    *at_most = 1;
    return slots * sizeof(uint64_t) + 128 * sizeof(struct mbb_magic32_entry);
}

#endif /* MAGICBB_MAGIC32_H */
