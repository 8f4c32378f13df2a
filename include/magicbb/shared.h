/* SPDX-License-Identifier: MIT */
/* magicbb/shared.h - fancy magics with shared slices (Lasse Hansen's
 * post-mask): squares whose empty-board attacks meet only on squares
 * next to both share one slice that holds the union of their attack
 * sets, and the lookup keeps its own part with a final AND by its
 * attacks on an empty board.  Rooks share by diagonal neighbours (a1
 * with b2, b1 with a2: each 2x2 block holds two pairs), bishops by four
 * squares in a row of a rank (a-d or e-h): two pairs of one colour two
 * files apart, whose diagonals cross only next to both, and across the
 * colours nothing at all.  One AND more for about half the table. */
#ifndef MAGICBB_SHARED_H
#define MAGICBB_SHARED_H

#include "shapes.h"

struct mbb_shared_entry {
    uint64_t mask; /* relevant occupancy */
    uint64_t magic;
    uint64_t postmask; /* the square's attacks on an empty board */
    uint32_t offset;   /* first slot of the group's slice */
    uint32_t shift;    /* 64 - index bits */
};

MBB_FN uint32_t mbb_shared_index(const struct mbb_shared_entry *e, uint64_t occupied)
{
    return MBB_CAST(uint32_t, ((occupied & e->mask) * e->magic) >> e->shift);
}

MBB_FN uint64_t mbb_shared_lookup(const struct mbb_shared_entry *e, const uint64_t *attacks,
                                  uint64_t occupied, unsigned bits)
{
    (void)bits;
    return attacks[e->offset + mbb_shared_index(e, occupied)] & e->postmask;
}

MBB_COMMON_SHAPE(shared, uint64_t, 0, 0)

/* At most one slot per relevant occupancy; sharing takes about half. */
MBB_FN size_t mbb_shared_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)sets;
    *at_most = 1;
    return slots * sizeof(uint64_t) + 128 * sizeof(struct mbb_shared_entry);
}

#endif /* MAGICBB_SHARED_H */
