/* SPDX-License-Identifier: MIT */
/* magicbb/fancy.h - fancy magic bitboards: each square's relevant
 * occupancy, multiplied by its magic, keeps as many top bits as it needs
 * (its own shift); the entry points to its slice of one attack table. */
#ifndef MAGICBB_FANCY_H
#define MAGICBB_FANCY_H

#include "shapes.h"

struct mbb_fancy_entry {
    uint64_t mask; /* relevant occupancy: the rays without their last square */
    uint64_t magic;
    const uint64_t *slice; /* the square's slice */
    uint32_t shift;        /* 64 - index bits */
    MBB_PAD_POINTER(12);   /* 0: pads the entry to 32 bytes */
};

MBB_FN uint32_t mbb_fancy_index(const struct mbb_fancy_entry *e, uint64_t occupied)
{
    return MBB_CAST(uint32_t, ((occupied & e->mask) * e->magic) >> e->shift);
}

MBB_FN uint64_t mbb_fancy_lookup(const struct mbb_fancy_entry *e, const uint64_t *attacks,
                                 uint64_t occupied, unsigned bits)
{
    (void)attacks, (void)bits;
    /* the product's top bits as a 64-bit index: the 32-bit one of
     * mbb_fancy_index would cost a zero extension (a subscript of any
     * integer type: no cast, which g++'s -Wuseless-cast would flag where
     * size_t is uint64_t's type) */
    return e->slice[((occupied & e->mask) * e->magic) >> e->shift];
}

MBB_COMMON_SHAPE(fancy, uint64_t, 0, 0)

/* At most one slot per relevant occupancy: a searched set takes that,
 * the shipped set (gen/magics/fancy.txt) one index bit fewer on some
 * squares. */
MBB_FN size_t mbb_fancy_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)sets;
    *at_most = 1;
    return slots * sizeof(uint64_t) + 128 * sizeof(struct mbb_fancy_entry);
}

#endif /* MAGICBB_FANCY_H */
