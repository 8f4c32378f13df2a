/* SPDX-License-Identifier: MIT */
/* magicbb/hqrev.h - hyperbola quintessence on all four lines with a full
 * bit reverse (MBB_HYPERBOLA in shapes.h, mbb_bitrev64 in bits.h), for CPUs with
 * a bit-reverse instruction: rbit on AArch64 and on 32-bit ARM with
 * Thumb-2 (Cortex-M3/M4/M7), rev8 and brev8 on RISC-V with Zbkb,
 * bitrev.d on LoongArch64.  Reversing every bit reverses ranks too, so
 * no table at all: the lines are computed from the square.  Elsewhere it
 * still computes the same with a C bit reverse (configure builds the
 * library only where the instruction exists). */
#ifndef MAGICBB_HQREV_H
#define MAGICBB_HQREV_H

#include "shapes.h"

/* No tables: the set the interface passes around is empty. */
struct mbb_hqrev_tables {
    unsigned char none;
};

/* The lines through sq, each with sq itself.  The diagonals are the long
 * ones shifted by whole ranks: a1-h8 holds file - rank = 0, a8-h1
 * file + rank = 7. */
MBB_FN uint64_t mbb_hqrev_file(unsigned sq)
{
    return UINT64_C(0x0101010101010101) << (sq & 7);
}

MBB_FN uint64_t mbb_hqrev_rank(unsigned sq)
{
    return UINT64_C(0xff) << (sq & 56);
}

MBB_FN uint64_t mbb_hqrev_diagonal(unsigned sq)
{
    const int d = MBB_CAST(int, sq & 7) - MBB_CAST(int, sq >> 3);
    const uint64_t a1h8 = 0x8040201008040201u;

    return d >= 0 ? a1h8 >> (8 * d) : a1h8 << (-8 * d);
}

MBB_FN uint64_t mbb_hqrev_antidiagonal(unsigned sq)
{
    const int d = MBB_CAST(int, sq & 7) + MBB_CAST(int, sq >> 3) - 7;
    const uint64_t a8h1 = 0x0102040810204080u;

    return d >= 0 ? a8h1 << (8 * d) : a8h1 >> (-8 * d);
}

/* The attacks along the line through sq (line includes sq). */
MBB_FN uint64_t mbb_hqrev_line(unsigned sq, uint64_t line, uint64_t occupied)
{
    const uint64_t r = UINT64_C(1) << sq;

    return mbb_hyperbola_reversed(occupied, line ^ r, r, UINT64_C(1) << (63 - sq));
}

MBB_FN uint64_t mbb_hqrev_rook_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hqrev_line(sq, mbb_hqrev_file(sq), occupied)
           | mbb_hqrev_line(sq, mbb_hqrev_rank(sq), occupied);
}

MBB_FN uint64_t mbb_hqrev_bishop_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hqrev_line(sq, mbb_hqrev_diagonal(sq), occupied)
           | mbb_hqrev_line(sq, mbb_hqrev_antidiagonal(sq), occupied);
}

MBB_FN uint64_t mbb_hqrev_queen_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hqrev_rook_attacks(sq, occupied) | mbb_hqrev_bishop_attacks(sq, occupied);
}

MBB_FN uint64_t mbb_hqrev_rook_in(const struct mbb_hqrev_tables *t, unsigned sq, uint64_t occupied)
{
    (void)t;
    return mbb_hqrev_rook_attacks(sq, occupied);
}

MBB_FN uint64_t mbb_hqrev_bishop_in(const struct mbb_hqrev_tables *t, unsigned sq,
                                    uint64_t occupied)
{
    (void)t;
    return mbb_hqrev_bishop_attacks(sq, occupied);
}

extern const uint32_t mbb_hqrev_table_bytes;

MBB_FN size_t mbb_hqrev_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)slots, (void)sets;
    *at_most = 0;
    return 0;
}

#endif /* MAGICBB_HQREV_H */
