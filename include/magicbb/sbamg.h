/* SPDX-License-Identifier: MIT */
/* magicbb/sbamg.h - subtraction-based attack mask generation (after Syed
 * Fahad's published SBAMG): no attack table.  On each line through the
 * slider, the line's two end squares count as occupied (the slider's own
 * square aside), so both nearest blockers exist.  With o those occupied
 * squares and m the bit of the nearest blocker below, o - 3m clears m,
 * borrows through the empty squares up to the nearest blocker above and
 * clears it too: XORed with o, exactly the blockers and the squares
 * between them remain, the slider included, which the line's mask drops.
 * Where nothing is below the slider on its line, bit 0 stands in for the
 * blocker below (the occupied squares below get a1 added): o has neither
 * bit 0 nor bit 1 then, so o - 3 borrows from the blocker above as well.
 * The one square where o could hold bit 1 (b1) is a1, whose records count
 * a1 itself as an end: then bit 0 is the blocker below, as for any other.
 *
 * A square's record: for each of its four lines the line without the
 * square and the line's end squares without it, and the squares below it
 * (72 bytes). */
#ifndef MAGICBB_SBAMG_H
#define MAGICBB_SBAMG_H

#include "shapes.h"

/* Lines as in MBB_FOUR_LINES_SHAPE: the file, the rank, the diagonal and
 * the antidiagonal. */
struct mbb_sbamg_square {
    uint64_t line[4]; /* the line's squares without the slider */
    uint64_t ends[4]; /* the line's end squares without the slider (a1's: with it) */
    uint64_t below;   /* every square below the slider's */
};

/* The attacks along line i. */
MBB_FN uint64_t mbb_sbamg_line(const struct mbb_sbamg_square *s, unsigned i, uint64_t occupied)
{
    const uint64_t o = (occupied & s->line[i]) | s->ends[i];
    const uint64_t m = mbb_highest_bit((o & s->below) | 1);

    return mbb_scalar(((o - 3 * m) ^ o) & s->line[i]);
}

/* The lines take the occupancy as it is. */
MBB_FN uint64_t mbb_sbamg_prepare(uint64_t occupied)
{
    return occupied;
}

MBB_FOUR_LINES_SHAPE(sbamg)

#endif /* MAGICBB_SBAMG_H */
