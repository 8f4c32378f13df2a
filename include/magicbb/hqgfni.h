/* SPDX-License-Identifier: MIT */
/* magicbb/hqgfni.h - hyperbola quintessence (MBB_HYPERBOLA in shapes.h) on
 * all four lines with a full bit reverse in AVX2 vectors: a byte shuffle
 * reverses the bytes and GFNI's affine transform (vgf2p8affineqb, matrix
 * 0x8040201008040201) the bits of each byte.  Ranks need no table: the
 * rook's file and rank fill a 128-bit vector, the bishop's diagonals
 * another, the queen's four lines one 256-bit vector.  Without AVX2 and
 * GFNI the lookups compute the same one line at a time (configure builds
 * the library for both). */
#ifndef MAGICBB_HQGFNI_H
#define MAGICBB_HQGFNI_H

#include "shapes.h"

#ifdef MBB_HAVE_GFNI
#include <immintrin.h>
#endif

/* A square's lines, without the square: file, rank (the rook's, the low
 * 128 bits), diagonal, antidiagonal (the bishop's). */
struct mbb_hqgfni_entry {
    uint64_t line[4];
};

struct mbb_hqgfni_tables {
    const struct mbb_hqgfni_entry *lines;
};

#ifdef MBB_HAVE_GFNI
/* reverses each byte's bits */
#define MBB_HQGFNI_BITS MBB_CAST(long long, UINT64_C(0x8040201008040201))

MBB_FN __m128i mbb_hqgfni_reverse128(__m128i x)
{
    const __m128i bytes = _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);

    return _mm_gf2p8affine_epi64_epi8(_mm_shuffle_epi8(x, bytes), _mm_set1_epi64x(MBB_HQGFNI_BITS),
                                      0);
}

MBB_FN __m256i mbb_hqgfni_reverse256(__m256i x)
{
    const __m256i bytes = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7,
                                           6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);

    return _mm256_gf2p8affine_epi64_epi8(_mm256_shuffle_epi8(x, bytes),
                                         _mm256_set1_epi64x(MBB_HQGFNI_BITS), 0);
}

/* Two lines: the first of them at `lines`. */
MBB_FN uint64_t mbb_hqgfni_pair(const uint64_t *lines, unsigned sq, uint64_t occupied)
{
    const __m128i m
        = _mm_loadu_si128(MBB_POINTER_CAST(const __m128i *, MBB_POINTER_CAST(const void *, lines)));
    const __m128i o = _mm_and_si128(_mm_set1_epi64x(MBB_CAST(long long, occupied)), m);
    const __m128i r = _mm_set1_epi64x(MBB_CAST(long long, UINT64_C(1) << sq));
    const __m128i r_reversed = _mm_set1_epi64x(MBB_CAST(long long, UINT64_C(1) << (63 - sq)));
    const __m128i reverse = _mm_sub_epi64(mbb_hqgfni_reverse128(o), r_reversed);
    const __m128i a
        = _mm_and_si128(_mm_xor_si128(_mm_sub_epi64(o, r), mbb_hqgfni_reverse128(reverse)), m);

    return MBB_CAST(uint64_t, _mm_cvtsi128_si64(_mm_or_si128(a, _mm_unpackhi_epi64(a, a))));
}
#else
MBB_FN uint64_t mbb_hqgfni_pair(const uint64_t *lines, unsigned sq, uint64_t occupied)
{
    const uint64_t r = UINT64_C(1) << sq, r_reversed = UINT64_C(1) << (63 - sq);

    return mbb_hyperbola_reversed(occupied, lines[0], r, r_reversed)
           | mbb_hyperbola_reversed(occupied, lines[1], r, r_reversed);
}
#endif

MBB_FN uint64_t mbb_hqgfni_queen(const struct mbb_hqgfni_entry *l, unsigned sq, uint64_t occupied)
{
#ifdef MBB_HAVE_GFNI
    const __m256i m = _mm256_loadu_si256(
        MBB_POINTER_CAST(const __m256i *, MBB_POINTER_CAST(const void *, l->line)));
    const __m256i o = _mm256_and_si256(_mm256_set1_epi64x(MBB_CAST(long long, occupied)), m);
    const __m256i r = _mm256_set1_epi64x(MBB_CAST(long long, UINT64_C(1) << sq));
    const __m256i reverse
        = _mm256_sub_epi64(mbb_hqgfni_reverse256(o),
                           _mm256_set1_epi64x(MBB_CAST(long long, UINT64_C(1) << (63 - sq))));
    const __m256i a = _mm256_and_si256(
        _mm256_xor_si256(_mm256_sub_epi64(o, r), mbb_hqgfni_reverse256(reverse)), m);
    __m128i half = _mm_or_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));

    half = _mm_or_si128(half, _mm_unpackhi_epi64(half, half));
    return MBB_CAST(uint64_t, _mm_cvtsi128_si64(half));
#else
    return mbb_hqgfni_pair(l->line, sq, occupied) | mbb_hqgfni_pair(l->line + 2, sq, occupied);
#endif
}

MBB_FN uint64_t mbb_hqgfni_rook_in(const struct mbb_hqgfni_tables *t, unsigned sq,
                                   uint64_t occupied)
{
    return mbb_hqgfni_pair(t->lines[sq].line, sq, occupied);
}

MBB_FN uint64_t mbb_hqgfni_bishop_in(const struct mbb_hqgfni_tables *t, unsigned sq,
                                     uint64_t occupied)
{
    return mbb_hqgfni_pair(t->lines[sq].line + 2, sq, occupied);
}

extern const struct mbb_hqgfni_entry mbb_hqgfni_lines[64];
extern const uint32_t mbb_hqgfni_table_bytes;

MBB_FN uint64_t mbb_hqgfni_rook_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hqgfni_pair(mbb_hqgfni_lines[sq].line, sq, occupied);
}

MBB_FN uint64_t mbb_hqgfni_bishop_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hqgfni_pair(mbb_hqgfni_lines[sq].line + 2, sq, occupied);
}

MBB_FN uint64_t mbb_hqgfni_queen_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hqgfni_queen(&mbb_hqgfni_lines[sq], sq, occupied);
}

MBB_FN size_t mbb_hqgfni_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)slots, (void)sets;
    *at_most = 0;
    return 64 * sizeof(struct mbb_hqgfni_entry);
}

#endif /* MAGICBB_HQGFNI_H */
