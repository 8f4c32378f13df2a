/* SPDX-License-Identifier: MIT */
/* magicbb/obstruction.h - obstruction difference (after Michael
 * Hoffmann's published idea): no attack table.  On each line through the
 * slider, the nearest blocker below it is the highest occupied square of
 * the line's lower part (a1 stands in where there is none), and
 * subtracting that square's bit from the occupied squares of the upper
 * part borrows up to the nearest blocker above: the XOR of the two spans
 * both blockers and everything between.
 *
 * A square's record holds, for each of its four lines, the lower part
 * with a1 added, the upper part and the whole line without the square:
 * each mask is used once, so x86 reads it as a memory operand.  (Two
 * masks a line, the upper part an and-not of the others, make a 64-byte
 * record, one cache line, but cost 10 more instructions a queen.)  With
 * a1 in the lower parts, the lower part's occupied squares are never
 * empty and the highest of them is one count of leading zeros away.
 */
#ifndef MAGICBB_OBSTRUCTION_H
#define MAGICBB_OBSTRUCTION_H

#include "shapes.h"

/* Lines as in MBB_FOUR_LINES_SHAPE: the file, the rank, the diagonal and
 * the antidiagonal. */
struct mbb_obstruction_square {
    uint64_t lower[4]; /* the line's squares below the slider, and a1 */
    uint64_t upper[4]; /* the line's squares above the slider */
    uint64_t line[4];  /* the line's squares without the slider */
} MBB_RECORD_ALIGNED(32);

/* The attacks along line i; occupied1 is the occupancy with a1 added
 * (mbb_obstruction_prepare). */
MBB_FN uint64_t mbb_obstruction_line(const struct mbb_obstruction_square *s, unsigned i,
                                     uint64_t occupied1)
{
    const uint64_t upper = occupied1 & s->upper[i];
    const uint64_t below = mbb_highest_bit(occupied1 & s->lower[i]);

    return mbb_scalar(s->line[i] & (upper ^ (upper - below)));
}

/* The occupancy with a1 added, once a lookup. */
MBB_FN uint64_t mbb_obstruction_prepare(uint64_t occupied)
{
    return occupied | 1;
}

MBB_FOUR_LINES_SHAPE(obstruction)

#endif /* MAGICBB_OBSTRUCTION_H */
