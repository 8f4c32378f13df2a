/* SPDX-License-Identifier: MIT */
/* magicbb/pext16.h - PEXT indices into 16-bit entries: each slot holds the
 * square's attack set gathered over its empty-board attacks (at most 14
 * squares), and PDEP scatters it back.  A quarter of pext's table, for
 * one more instruction. */
#ifndef MAGICBB_PEXT16_H
#define MAGICBB_PEXT16_H

#include "shapes.h"

struct mbb_pext16_entry {
    uint64_t mask;         /* relevant occupancy */
    uint64_t attacks;      /* attacks on an empty board */
    const uint16_t *slice; /* the square's slice */
    MBB_PAD_POINTER(16);   /* 0: pads the entry to 32 bytes */
};

MBB_FN uint32_t mbb_pext16_index(const struct mbb_pext16_entry *e, uint64_t occupied)
{
    return MBB_CAST(uint32_t, mbb_pext64(occupied, e->mask));
}

MBB_FN uint64_t mbb_pext16_lookup(const struct mbb_pext16_entry *e, const uint16_t *attacks,
                                  uint64_t occupied, unsigned bits)
{
    (void)attacks, (void)bits;
    return mbb_pdep64(e->slice[mbb_pext16_index(e, occupied)], e->attacks);
}

MBB_COMMON_SHAPE(pext16, uint16_t, 0, 0)

MBB_FN size_t mbb_pext16_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)sets;
    *at_most = 0;
    return slots * sizeof(uint16_t) + 128 * sizeof(struct mbb_pext16_entry);
}

#endif /* MAGICBB_PEXT16_H */
