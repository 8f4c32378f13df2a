/* SPDX-License-Identifier: MIT */
/* magicbb/shiftmagic.h - shared slices with the shift inside the magic
 * (Grant Osborne): the top six bits of the magic hold the square's shift,
 * so the entry is four 8-byte words, mask, magic, post-mask and slice
 * start, with no shift of its own.  Reading the shift (magic >> 58) runs
 * beside the multiply.  Squares share slices as in shared.h; the search
 * keeps only magics whose top six bits are their own shift. */
#ifndef MAGICBB_SHIFTMAGIC_H
#define MAGICBB_SHIFTMAGIC_H

#include "shapes.h"

struct mbb_shiftmagic_entry {
    uint64_t mask;         /* relevant occupancy */
    uint64_t magic;        /* bits 58-63: 64 - index bits */
    uint64_t postmask;     /* the square's attacks on an empty board */
    const uint64_t *slice; /* the group's slice */
#if UINTPTR_MAX                                                                                    \
    <= 0xFFFFFFFFu      /* a pointer of 8 bytes needs no padding (ISO C has no empty array) */
    MBB_PAD_POINTER(8); /* 0: pads the entry to 32 bytes */
#endif
};

MBB_FN uint32_t mbb_shiftmagic_index(const struct mbb_shiftmagic_entry *e, uint64_t occupied)
{
    return MBB_CAST(uint32_t, ((occupied & e->mask) * e->magic) >> (e->magic >> 58));
}

MBB_FN uint64_t mbb_shiftmagic_lookup(const struct mbb_shiftmagic_entry *e, const uint64_t *attacks,
                                      uint64_t occupied, unsigned bits)
{
    (void)attacks, (void)bits;
    return e->slice[mbb_shiftmagic_index(e, occupied)] & e->postmask;
}

MBB_COMMON_SHAPE(shiftmagic, uint64_t, 0, 0)

/* At most one slot per relevant occupancy; sharing takes about half. */
MBB_FN size_t mbb_shiftmagic_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)sets;
    *at_most = 1;
    return slots * sizeof(uint64_t) + 128 * sizeof(struct mbb_shiftmagic_entry);
}

#endif /* MAGICBB_SHIFTMAGIC_H */
