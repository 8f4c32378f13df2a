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

#include "common.h"

/* [0] the file, [1] the rank, [2] the diagonal, [3] the antidiagonal. */
struct mbb_obstruction_square {
    uint64_t lower[4]; /* the line's squares below the slider, and a1 */
    uint64_t upper[4]; /* the line's squares above the slider */
    uint64_t line[4];  /* the line's squares without the slider */
} MBB_RECORD_ALIGNED(32);

struct mbb_obstruction_tables {
    const struct mbb_obstruction_square *squares;
};

/* The highest set bit of x (not 0), isolated. */
static inline uint64_t mbb_highest_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (uint64_t)1 << 63 >> __builtin_clzll(x);
#else
    x |= x >> 1, x |= x >> 2, x |= x >> 4, x |= x >> 8, x |= x >> 16, x |= x >> 32;
    return x ^ x >> 1;
#endif
}

/* The attacks along line i; occupied1 is the occupancy with a1 added.
 * The empty asm keeps the result in a general register: without it clang
 * packs the four lines into vectors and, with no vector count of leading
 * zeros before AVX-512, emulates one in some 30 instructions (llvm-mca,
 * Zen 3: 43 cycles a queen where the scalar code takes 12). */
static inline uint64_t mbb_obstruction_line(const struct mbb_obstruction_square *s, unsigned i,
                                            uint64_t occupied1)
{
    const uint64_t upper = occupied1 & s->upper[i];
    const uint64_t below = mbb_highest_bit(occupied1 & s->lower[i]);
    uint64_t attacks = s->line[i] & (upper ^ (upper - below));

#if defined(__clang__)
    __asm__("" : "+r"(attacks));
#endif
    return attacks;
}

static inline uint64_t mbb_obstruction_rook(const struct mbb_obstruction_square *s,
                                            uint64_t occupied)
{
    const uint64_t occupied1 = occupied | 1;

    return mbb_obstruction_line(s, 0, occupied1) | mbb_obstruction_line(s, 1, occupied1);
}

static inline uint64_t mbb_obstruction_bishop(const struct mbb_obstruction_square *s,
                                              uint64_t occupied)
{
    const uint64_t occupied1 = occupied | 1;

    return mbb_obstruction_line(s, 2, occupied1) | mbb_obstruction_line(s, 3, occupied1);
}

static inline uint64_t mbb_obstruction_rook_in(const struct mbb_obstruction_tables *t,
                                               unsigned sq, uint64_t occupied)
{
    return mbb_obstruction_rook(&t->squares[sq], occupied);
}

static inline uint64_t mbb_obstruction_bishop_in(const struct mbb_obstruction_tables *t,
                                                 unsigned sq, uint64_t occupied)
{
    return mbb_obstruction_bishop(&t->squares[sq], occupied);
}

extern const struct mbb_obstruction_square mbb_obstruction_squares[64];
extern const uint32_t mbb_obstruction_table_bytes;

static inline uint64_t mbb_obstruction_rook_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_obstruction_rook(&mbb_obstruction_squares[sq], occupied);
}

static inline uint64_t mbb_obstruction_bishop_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_obstruction_bishop(&mbb_obstruction_squares[sq], occupied);
}

/* All four lines from one record and one occupancy with a1. */
static inline uint64_t mbb_obstruction_queen_attacks(unsigned sq, uint64_t occupied)
{
    const struct mbb_obstruction_square *s = &mbb_obstruction_squares[sq];
    const uint64_t occupied1 = occupied | 1;

    return mbb_obstruction_line(s, 0, occupied1) | mbb_obstruction_line(s, 1, occupied1)
           | mbb_obstruction_line(s, 2, occupied1) | mbb_obstruction_line(s, 3, occupied1);
}

static inline size_t mbb_obstruction_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)slots, (void)sets;
    *at_most = 0;
    return 64 * sizeof(struct mbb_obstruction_square);
}

#endif /* MAGICBB_OBSTRUCTION_H */
