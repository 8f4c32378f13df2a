/* SPDX-License-Identifier: MIT */
/* magicbb/offsetmagic.h - fixed-shift magics that carry their slice's
 * start (Eugene Kotlov): 12 (rook) or 10 (bishop) index bits, and low
 * bits of the magic (bits 9 to 18, a multiple of 512) are where the
 * square's slice begins in the one attack table.  The entry is just the
 * mask and the magic, 16 bytes, and the lookup needs no offset load.
 * Those bits take part in the multiply as well, so the generator draws
 * each candidate magic for a start of its own and keeps the one whose
 * slice fits the slots left free; the table stays larger than the
 * other fixed-shift flavours' (white, black). */
#ifndef MAGICBB_OFFSETMAGIC_H
#define MAGICBB_OFFSETMAGIC_H

#include "shapes.h"

/* The magic's bits MBB_OFFSETMAGIC_LOW to MBB_OFFSETMAGIC_TOP - 1 are the
 * slice start (a multiple of 2^MBB_OFFSETMAGIC_LOW): the bits below stay
 * free for the hash. */
#define MBB_OFFSETMAGIC_LOW 9
#define MBB_OFFSETMAGIC_TOP 19
/* Bishops take 10 index bits here, not 9: with ten start bits fixed in
 * the magic, a 9-bit index was out of reach of the search for the squares
 * with 9 relevant squares. */
#define MBB_OFFSETMAGIC_BISHOP_BITS 10
#define MBB_OFFSETMAGIC_START                                                                      \
    ((UINT64_C(1) << MBB_OFFSETMAGIC_TOP) - (UINT64_C(1) << MBB_OFFSETMAGIC_LOW))

struct mbb_offsetmagic_entry {
    uint64_t mask;  /* relevant occupancy */
    uint64_t magic; /* & MBB_OFFSETMAGIC_START: first slot of the slice */
};

MBB_FN uint32_t mbb_offsetmagic_index(const struct mbb_offsetmagic_entry *e, uint64_t occupied,
                                      unsigned bits)
{
    return MBB_CAST(uint32_t, ((occupied & e->mask) * e->magic) >> (64 - bits));
}

MBB_FN uint64_t mbb_offsetmagic_lookup(const struct mbb_offsetmagic_entry *e,
                                       const uint64_t *attacks, uint64_t occupied, unsigned bits)
{
    const uint32_t start = MBB_CAST(uint32_t, e->magic & MBB_OFFSETMAGIC_START);

    return attacks[start + mbb_offsetmagic_index(e, occupied, bits)];
}

MBB_COMMON_SHAPE(offsetmagic, uint64_t, MBB_ROOK_FIXED_BITS, MBB_OFFSETMAGIC_BISHOP_BITS)

/* A bound only: a slice starts below 2^MBB_OFFSETMAGIC_TOP and spans at
 * most 4096 slots.  Where the slices go is the search's doing. */
MBB_FN size_t mbb_offsetmagic_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)slots, (void)sets;
    *at_most = 1;
    return ((MBB_CAST(size_t, 1) << MBB_OFFSETMAGIC_TOP) + 4096) * sizeof(uint64_t)
           + 128 * sizeof(struct mbb_offsetmagic_entry);
}

#endif /* MAGICBB_OFFSETMAGIC_H */
