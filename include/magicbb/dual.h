/* SPDX-License-Identifier: MIT */
/* magicbb/dual.h - both sliders of a square at once, for every flavour
 * where the code is compiled for AVX2: hyperbola quintessence
 * (MBB_HYPERBOLA in shapes.h) on the square's diagonal, antidiagonal and
 * file, one a 64-bit lane of one 256-bit vector, whose byte swap within
 * each lane (one shuffle) reverses those lines; the rank, whose squares
 * share a byte, from a 512-byte table of the first rank's attacks.  Its
 * tables are the board's (magicbb-gen --board-only=dual: src/board-dual.c),
 * not a flavour's, so a static link takes them only where both is called.
 * magicbb/sets.h's MBB_DEFINE_SETS takes it for BOTH where its row for
 * the target says so (MBB_BOTH_DUAL). */
#ifndef MAGICBB_DUAL_H
#define MAGICBB_DUAL_H

#include "shapes.h"

/* <magicbb.h>'s pair, where this header comes first (it compiles on its
 * own): the same definition, once. */
#ifndef MBB_BOTH_DEFINED
#define MBB_BOTH_DEFINED
struct mbb_both {
    uint64_t bishop, rook;
};
#endif

/* A square's row: its diagonal, antidiagonal and file without it, and
 * its own bit r, the lanes' borrow.  In the fourth lane the formula
 * gives 0 (occupied there: r - r; empty: -r and the reversed side's
 * borrow both set r, which the xor clears), so the vector needs no
 * lane of zeros.  32-byte aligned. */
extern const uint64_t mbb_tab_dual[64][4];
/* The first rank's attacks, rank[inner * 8 + file] (shapes.h's
 * mbb_rank_attacks_from). */
extern const uint8_t mbb_tab_dual_rank[8 * 64];

#if defined(MBB_HAVE_AVX2)
#if !defined(MBB_MSVC) /* (MSVC's <intrin.h>, which bits.h includes, has them) */
#include <immintrin.h>
#endif

/* {bishop, rook}: the lanes' answers, masked by their lines, are the two
 * diagonals in the low half (OR'ed across it: the bishop) and the file in
 * the high half (OR'ed with the rank: the rook), so neither answer waits
 * for the other's extraction. */
MBB_FN struct mbb_both mbb_dual_both(unsigned sq, uint64_t occupied)
{
    const __m256i swap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7,
                                          6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    /* (through void: the table is 32-byte aligned, as -Wcast-align
     * cannot know) */
    const void *row = mbb_tab_dual[sq];
    const __m256i lines = _mm256_load_si256(MBB_POINTER_CAST(const __m256i *, row));
    const __m256i r = _mm256_set1_epi64x(MBB_CAST(long long, mbb_tab_dual[sq][3]));
    const __m256i o = _mm256_and_si256(_mm256_set1_epi64x(MBB_CAST(long long, occupied)), lines);
    const __m256i reverse
        = _mm256_sub_epi64(_mm256_shuffle_epi8(o, swap), _mm256_shuffle_epi8(r, swap));
    const __m256i a = _mm256_and_si256(
        _mm256_xor_si256(_mm256_sub_epi64(o, r), _mm256_shuffle_epi8(reverse, swap)), lines);
    const __m128i diagonals = _mm256_castsi256_si128(a);
    struct mbb_both both;

    both.bishop = MBB_CAST(uint64_t, _mm_cvtsi128_si64(_mm_or_si128(
                                         diagonals, _mm_unpackhi_epi64(diagonals, diagonals))));
    both.rook = MBB_CAST(uint64_t, _mm_cvtsi128_si64(_mm256_extracti128_si256(a, 1)))
                | mbb_rank_attacks_from(mbb_tab_dual_rank, sq, occupied);
    return both;
}
#endif

#endif /* MAGICBB_DUAL_H */
