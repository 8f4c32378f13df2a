/* SPDX-License-Identifier: MIT */
/* magicbb/pext.h - PEXT bitboards: the relevant occupancy bits, gathered
 * by BMI2's PEXT, are the index into the square's slice.  The masks and
 * the slices' first slots are kept in arrays of their own, indexed by the
 * square itself (8 bytes a square, so the square scales the address with
 * no shift), and the offsets are 64-bit: each lookup is a PEXT with the
 * mask as its memory operand, the slice's start from the offset, and the
 * load.  Unlike the magic flavours, pext does not keep a square's rook and
 * bishop data in one record: the record's address costs a shift and an
 * add, which cost more in independent lookups than the one cache line won
 * elsewhere (doc/flavours.md). */
#ifndef MAGICBB_PEXT_H
#define MAGICBB_PEXT_H

#include "shapes.h"

struct mbb_pext_tables {
    const uint64_t *rook_mask, *bishop_mask;     /* relevant occupancy */
    const uint64_t *rook_offset, *bishop_offset; /* first slot of the slice */
    const uint64_t *attacks;
};

static inline uint32_t mbb_pext_index(uint64_t mask, uint64_t occupied)
{
    return MBB_CAST(uint32_t, mbb_pext64(occupied, mask));
}

/* The slot of the slice starting at `offset`; the 64-bit PEXT result as
 * it is (a 32-bit index would cost a zero extension). */
static inline uint64_t mbb_pext_lookup(const uint64_t *attacks, uint64_t offset, uint64_t mask,
                                       uint64_t occupied)
{
    return mbb_slot(attacks, MBB_CAST(size_t, offset),
                    MBB_CAST(size_t, mbb_pext64(occupied, mask)));
}

static inline uint64_t mbb_pext_rook_in(const struct mbb_pext_tables *t, unsigned sq,
                                        uint64_t occupied)
{
    return mbb_pext_lookup(t->attacks, t->rook_offset[sq], t->rook_mask[sq], occupied);
}

static inline uint64_t mbb_pext_bishop_in(const struct mbb_pext_tables *t, unsigned sq,
                                          uint64_t occupied)
{
    return mbb_pext_lookup(t->attacks, t->bishop_offset[sq], t->bishop_mask[sq], occupied);
}

extern const uint64_t mbb_pext_rook_mask[64], mbb_pext_bishop_mask[64];
extern const uint64_t mbb_pext_rook_offset[64], mbb_pext_bishop_offset[64];
extern const uint64_t mbb_pext_attacks[];
extern const uint32_t mbb_pext_table_bytes;

static inline uint64_t mbb_pext_rook_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_pext_lookup(mbb_pext_attacks, mbb_pext_rook_offset[sq], mbb_pext_rook_mask[sq],
                           occupied);
}

static inline uint64_t mbb_pext_bishop_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_pext_lookup(mbb_pext_attacks, mbb_pext_bishop_offset[sq], mbb_pext_bishop_mask[sq],
                           occupied);
}

static inline uint64_t mbb_pext_queen_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_pext_rook_attacks(sq, occupied) | mbb_pext_bishop_attacks(sq, occupied);
}

static inline size_t mbb_pext_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)sets;
    *at_most = 0;
    return slots * sizeof(uint64_t) + 4 * 64 * sizeof(uint64_t);
}

#endif /* MAGICBB_PEXT_H */
