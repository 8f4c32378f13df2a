/* SPDX-License-Identifier: MIT */
/* magicbb/white.h - fixed-shift magics in overlapping slices: a constant
 * 12 (rook) or 9 (bishop) index bits, as in plain, but each magic keeps
 * the top index bits clear where the square has fewer relevant squares,
 * so its indices stay low; and the slices are laid into one table where
 * the slots one square uses fall into the gaps of others.  The entry and
 * lookup are plain's (MBB_FIXED_SHIFT_ENTRY): no shift to load, and a
 * table two fifths of plain's. */
#ifndef MAGICBB_WHITE_H
#define MAGICBB_WHITE_H

#include "shapes.h"

MBB_FIXED_SHIFT_ENTRY(white)

MBB_COMMON_SHAPE(white, uint64_t, MBB_ROOK_FIXED_BITS, MBB_BISHOP_FIXED_BITS)

/* A bound only: no more than plain's full slices end to end.  How much
 * less depends on how narrow the search gets the slices and how well
 * they pack. */
MBB_FN size_t mbb_white_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)slots, (void)sets;
    *at_most = 1;
    return MBB_FIXED_SHIFT_SLOTS * sizeof(uint64_t) + 128 * sizeof(struct mbb_white_entry);
}

#endif /* MAGICBB_WHITE_H */
