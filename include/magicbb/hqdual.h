/* SPDX-License-Identifier: MIT */
/* magicbb/hqdual.h - hyperbola quintessence (MBB_HYPERBOLA in shapes.h) on
 * several lines in one AVX2 operation: the queen's file and two
 * diagonals in the 64-bit lanes of a 256-bit vector, the bishop's two
 * diagonals in a 128-bit one.  A byte swap (one shuffle) reverses those
 * lines; ranks, whose squares share a byte, come from a 512-byte table of
 * the first rank's attacks, as in hq.  Without AVX2 the lookups compute
 * the same one line at a time (configure builds the library for AVX2). */
#ifndef MAGICBB_HQDUAL_H
#define MAGICBB_HQDUAL_H

#include "shapes.h"

#ifdef MBB_HAVE_AVX2
#include <immintrin.h>
#endif

/* A square's lines, without the square, in lane order: the diagonal, the
 * antidiagonal, the file; and the square's own bit r, in the fourth lane,
 * where the line formula gives 0 (o = r: 0 ^ 0; o = 0: -r ^ r's bit from
 * the reversed side, both set at r). */
struct mbb_hqdual_entry {
    uint64_t line[4];
};

struct mbb_hqdual_tables {
    const struct mbb_hqdual_entry *lines;
    const uint8_t *rank; /* as hq's: [inner * 8 + file] */
};

MBB_FN uint64_t mbb_hqdual_bishop(const struct mbb_hqdual_entry *l, uint64_t occupied)
{
#ifdef MBB_HAVE_AVX2
    const __m128i swap = _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    const __m128i lines = _mm_loadu_si128(
        MBB_POINTER_CAST(const __m128i *, MBB_POINTER_CAST(const void *, l->line)));
    const __m128i r = _mm_set1_epi64x(MBB_CAST(long long, l->line[3]));
    const __m128i o = _mm_and_si128(_mm_set1_epi64x(MBB_CAST(long long, occupied)), lines);
    const __m128i reverse = _mm_sub_epi64(_mm_shuffle_epi8(o, swap), _mm_shuffle_epi8(r, swap));
    const __m128i a
        = _mm_and_si128(_mm_xor_si128(_mm_sub_epi64(o, r), _mm_shuffle_epi8(reverse, swap)), lines);

    return MBB_CAST(uint64_t, _mm_cvtsi128_si64(_mm_or_si128(a, _mm_unpackhi_epi64(a, a))));
#else
    const uint64_t r = l->line[3], r_swapped = mbb_bswap64(r);

    return mbb_hyperbola_swapped(occupied, l->line[0], r, r_swapped)
           | mbb_hyperbola_swapped(occupied, l->line[1], r, r_swapped);
#endif
}

/* The rook's one line costs less without a vector. */
MBB_FN uint64_t mbb_hqdual_rook(const struct mbb_hqdual_entry *l, const uint8_t *rank, unsigned sq,
                                uint64_t occupied)
{
    const uint64_t r = l->line[3];

    return mbb_hyperbola_swapped(occupied, l->line[2], r, mbb_bswap64(r))
           | mbb_rank_attacks_from(rank, sq, occupied);
}

MBB_FN uint64_t mbb_hqdual_queen(const struct mbb_hqdual_entry *l, const uint8_t *rank, unsigned sq,
                                 uint64_t occupied)
{
#ifdef MBB_HAVE_AVX2
    const __m256i swap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7,
                                          6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    const __m256i lines = _mm256_loadu_si256(
        MBB_POINTER_CAST(const __m256i *, MBB_POINTER_CAST(const void *, l->line)));
    const __m256i r = _mm256_set1_epi64x(MBB_CAST(long long, l->line[3]));
    const __m256i o = _mm256_and_si256(_mm256_set1_epi64x(MBB_CAST(long long, occupied)), lines);
    const __m256i reverse
        = _mm256_sub_epi64(_mm256_shuffle_epi8(o, swap), _mm256_shuffle_epi8(r, swap));
    const __m256i a = _mm256_and_si256(
        _mm256_xor_si256(_mm256_sub_epi64(o, r), _mm256_shuffle_epi8(reverse, swap)), lines);
    __m128i half = _mm_or_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));

    half = _mm_or_si128(half, _mm_unpackhi_epi64(half, half));
    return MBB_CAST(uint64_t, _mm_cvtsi128_si64(half)) | mbb_rank_attacks_from(rank, sq, occupied);
#else
    return mbb_hqdual_bishop(l, occupied) | mbb_hqdual_rook(l, rank, sq, occupied);
#endif
}

MBB_FN uint64_t mbb_hqdual_rook_in(const struct mbb_hqdual_tables *t, unsigned sq,
                                   uint64_t occupied)
{
    return mbb_hqdual_rook(&t->lines[sq], t->rank, sq, occupied);
}

MBB_FN uint64_t mbb_hqdual_bishop_in(const struct mbb_hqdual_tables *t, unsigned sq,
                                     uint64_t occupied)
{
    return mbb_hqdual_bishop(&t->lines[sq], occupied);
}

extern const struct mbb_hqdual_entry mbb_hqdual_lines[64];
extern const uint8_t mbb_hqdual_rank[8 * 64];
extern const uint32_t mbb_hqdual_table_bytes;

MBB_FN uint64_t mbb_hqdual_rook_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hqdual_rook(&mbb_hqdual_lines[sq], mbb_hqdual_rank, sq, occupied);
}

MBB_FN uint64_t mbb_hqdual_bishop_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hqdual_bishop(&mbb_hqdual_lines[sq], occupied);
}

MBB_FN uint64_t mbb_hqdual_queen_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hqdual_queen(&mbb_hqdual_lines[sq], mbb_hqdual_rank, sq, occupied);
}

MBB_FN size_t mbb_hqdual_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)slots, (void)sets;
    *at_most = 0;
    return 64 * sizeof(struct mbb_hqdual_entry) + 8 * 64;
}

#endif /* MAGICBB_HQDUAL_H */
