/* SPDX-License-Identifier: MIT */
/* magicbb/pext.h - PEXT bitboards: the relevant occupancy bits, gathered
 * by BMI2's PEXT, are the index into the square's slice.  The masks and
 * pointers to the slices are kept in arrays of their own, indexed by the
 * square itself (8 bytes a square on 64-bit targets, so the square scales
 * the address with no shift): each lookup is a PEXT with the mask as its
 * memory operand and one load from the slice, the index its addressing
 * mode (a pointer, not an offset: MBB_PAD_POINTER in shapes.h).  Unlike
 * the magic flavours, pext does not keep a square's rook and bishop data
 * in one record: the record's address costs a shift and an add, which
 * cost more in independent lookups than the one cache line won elsewhere. */
#ifndef MAGICBB_PEXT_H
#define MAGICBB_PEXT_H

#include "shapes.h"

struct mbb_pext_tables {
    const uint64_t *rook_mask, *bishop_mask;                 /* relevant occupancy */
    const uint64_t *const *rook_slice, *const *bishop_slice; /* each square's slice */
};

MBB_FN uint32_t mbb_pext_index(uint64_t mask, uint64_t occupied)
{
    return MBB_CAST(uint32_t, mbb_pext64(occupied, mask));
}

/* The slot of the slice; the 64-bit PEXT result as it is (a 32-bit index
 * would cost a zero extension). */
MBB_FN uint64_t mbb_pext_lookup(const uint64_t *slice, uint64_t mask, uint64_t occupied)
{
    return slice[mbb_pext64(occupied, mask)];
}

MBB_FN uint64_t mbb_pext_rook_in(const struct mbb_pext_tables *t, unsigned sq, uint64_t occupied)
{
    return mbb_pext_lookup(t->rook_slice[sq], t->rook_mask[sq], occupied);
}

MBB_FN uint64_t mbb_pext_bishop_in(const struct mbb_pext_tables *t, unsigned sq, uint64_t occupied)
{
    return mbb_pext_lookup(t->bishop_slice[sq], t->bishop_mask[sq], occupied);
}

extern const uint64_t mbb_pext_rook_mask[64], mbb_pext_bishop_mask[64];
extern const uint64_t *const mbb_pext_rook_slice[64], *const mbb_pext_bishop_slice[64];
extern const uint64_t mbb_pext_attacks[];
extern const uint32_t mbb_pext_table_bytes;

MBB_FN uint64_t mbb_pext_rook_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_pext_lookup(mbb_pext_rook_slice[sq], mbb_pext_rook_mask[sq], occupied);
}

MBB_FN uint64_t mbb_pext_bishop_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_pext_lookup(mbb_pext_bishop_slice[sq], mbb_pext_bishop_mask[sq], occupied);
}

MBB_FN uint64_t mbb_pext_queen_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_pext_rook_attacks(sq, occupied) | mbb_pext_bishop_attacks(sq, occupied);
}

MBB_FN size_t mbb_pext_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)sets;
    *at_most = 0;
    return slots * sizeof(uint64_t) + 2 * 64 * (sizeof(uint64_t) + sizeof(const uint64_t *));
}

#endif /* MAGICBB_PEXT_H */
