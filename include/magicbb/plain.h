/* SPDX-License-Identifier: MIT */
/* magicbb/plain.h - plain magic bitboards: 12 index bits for every rook
 * square and 9 for every bishop square, so the shift is a constant, and
 * every slice has its full size: rook square sq at sq * 4096, bishop
 * square sq at 64 * 4096 + sq * 512.  The largest table, and the
 * simplest.  The entry keeps the slice's start all the same: loading it
 * is cheaper than working it out from the square. */
#ifndef MAGICBB_PLAIN_H
#define MAGICBB_PLAIN_H

#include "shapes.h"

MBB_FIXED_SHIFT_ENTRY(plain)

MBB_COMMON_SHAPE(plain, uint64_t, MBB_ROOK_FIXED_BITS, MBB_BISHOP_FIXED_BITS)

MBB_FN size_t mbb_plain_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)slots, (void)sets;
    *at_most = 0;
    return MBB_FIXED_SHIFT_SLOTS * sizeof(uint64_t) + 128 * sizeof(struct mbb_plain_entry);
}

#endif /* MAGICBB_PLAIN_H */
