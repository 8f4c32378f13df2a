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

#include "common.h"

/* [0] the file, [1] the rank, [2] the diagonal, [3] the antidiagonal. */
struct mbb_sbamg_square {
    uint64_t line[4]; /* the line's squares without the slider */
    uint64_t ends[4]; /* the line's end squares without the slider (a1's: with it) */
    uint64_t below;   /* every square below the slider's */
};

struct mbb_sbamg_tables {
    const struct mbb_sbamg_square *squares;
};

/* The attacks along line i.  The empty asm keeps the result in a general
 * register, as in obstruction.h: clang would pack the lines into vectors
 * and emulate a vector count of leading zeros. */
static inline uint64_t mbb_sbamg_line(const struct mbb_sbamg_square *s, unsigned i,
                                      uint64_t occupied)
{
    const uint64_t o = (occupied & s->line[i]) | s->ends[i];
    const uint64_t below = (o & s->below) | 1;
#if defined(__GNUC__) || defined(__clang__)
    const uint64_t m = (uint64_t)1 << 63 >> __builtin_clzll(below);
#else
    uint64_t m = below;

    m |= m >> 1, m |= m >> 2, m |= m >> 4, m |= m >> 8, m |= m >> 16, m |= m >> 32;
    m ^= m >> 1;
#endif
    uint64_t attacks = ((o - 3 * m) ^ o) & s->line[i];

#if defined(__clang__)
    __asm__("" : "+r"(attacks));
#endif
    return attacks;
}

static inline uint64_t mbb_sbamg_rook(const struct mbb_sbamg_square *s, uint64_t occupied)
{
    return mbb_sbamg_line(s, 0, occupied) | mbb_sbamg_line(s, 1, occupied);
}

static inline uint64_t mbb_sbamg_bishop(const struct mbb_sbamg_square *s, uint64_t occupied)
{
    return mbb_sbamg_line(s, 2, occupied) | mbb_sbamg_line(s, 3, occupied);
}

static inline uint64_t mbb_sbamg_rook_in(const struct mbb_sbamg_tables *t, unsigned sq,
                                         uint64_t occupied)
{
    return mbb_sbamg_rook(&t->squares[sq], occupied);
}

static inline uint64_t mbb_sbamg_bishop_in(const struct mbb_sbamg_tables *t, unsigned sq,
                                           uint64_t occupied)
{
    return mbb_sbamg_bishop(&t->squares[sq], occupied);
}

extern const struct mbb_sbamg_square mbb_sbamg_squares[64];
extern const uint32_t mbb_sbamg_table_bytes;

static inline uint64_t mbb_sbamg_rook_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_sbamg_rook(&mbb_sbamg_squares[sq], occupied);
}

static inline uint64_t mbb_sbamg_bishop_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_sbamg_bishop(&mbb_sbamg_squares[sq], occupied);
}

static inline uint64_t mbb_sbamg_queen_attacks(unsigned sq, uint64_t occupied)
{
    const struct mbb_sbamg_square *s = &mbb_sbamg_squares[sq];

    return mbb_sbamg_rook(s, occupied) | mbb_sbamg_bishop(s, occupied);
}

static inline size_t mbb_sbamg_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)slots, (void)sets;
    *at_most = 0;
    return 64 * sizeof(struct mbb_sbamg_square);
}

#endif /* MAGICBB_SBAMG_H */
