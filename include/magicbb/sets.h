/* SPDX-License-Identifier: MIT */
/* magicbb/sets.h - the attacks of a whole set of pieces, and both
 * sliders of one square, for every flavour: the set attacks of
 * <magicbb.h> (mbb_rook_attacks_set and the like) and mbb_both_attacks.
 *
 * A set takes the flavour's own lookup for each piece, in the loop an
 * engine writes: src/policy.h's rows (in magicbb_config.h) say never to
 * fill, since deciding to costs sets of 3 and 4 pieces more than the fill
 * saves larger ones.  Code that defines MBB_ROOK_FILL_FROM (and the like
 * for bishops, queens, knights and kings) first turns on, for sets of
 * that many pieces or more, a fill of all their squares at once, the
 * same for every flavour: for sliders a Kogge-Stone occluded fill, each
 * direction's rays grown through the empty squares in three doubling
 * steps (1, 2, then 4 squares) and one step more for the first blocker,
 * in AVX2 or AVX-512 vectors where the code is compiled for them.  Either
 * way the answer is the union over the set's squares of the single
 * lookups with the same `occupied`.  Both sliders of one square:
 * magicbb/dual.h's one vector, or the two lookups (MBB_BOTH_DUAL below).
 * C99; compiles on its own, and MBB_DEFINE_SETS needs the rows of
 * magicbb_config.h. */
#ifndef MAGICBB_SETS_H
#define MAGICBB_SETS_H

#include "bits.h"
#include "dual.h"

/* The squares a step of `shift` squares (left where positive) may land
 * on without wrapping from one edge file to the other. */
#define MBB_LANDS_EAST UINT64_C(0xfefefefefefefefe) /* not the a-file */
#define MBB_LANDS_WEST UINT64_C(0x7f7f7f7f7f7f7f7f) /* not the h-file */
#define MBB_LANDS_ANY UINT64_C(0xffffffffffffffff)

/* What the rays from `from` in one direction reach: through the empty
 * squares `empty`, then the first blocker; each step `shift` squares
 * (left where positive) and landing in `lands`. */
MBB_FN uint64_t mbb_fill_ray(uint64_t from, uint64_t empty, int shift, uint64_t lands)
{
    const unsigned s = MBB_CAST(unsigned, shift > 0 ? shift : -shift);

    empty &= lands;
    if (shift > 0) {
        from |= empty & from << s;
        empty &= empty << s;
        from |= empty & from << 2 * s;
        empty &= empty << 2 * s;
        from |= empty & from << 4 * s;
        return from << s & lands;
    }
    from |= empty & from >> s;
    empty &= empty >> s;
    from |= empty & from >> 2 * s;
    empty &= empty >> 2 * s;
    from |= empty & from >> 4 * s;
    return from >> s & lands;
}

#if defined(MBB_HAVE_AVX2)
#if !defined(MBB_MSVC) /* (MSVC's <intrin.h>, which bits.h includes, has them) */
#include <immintrin.h>
#endif

/* The fills in vectors, a direction a 64-bit lane: four in 256 bits
 * (AVX2), eight in 512 (AVX-512).  A lane's step is a signed count d,
 * left where positive: AVX-512 rotates by it (modulo 64), AVX2 shifts
 * left by d and right by -d (a count past 63 gives 0, so one of the two
 * is 0).  A rotation's bits that wrap land on the edge rank, so a lane's
 * landing mask leaves out that rank as well as the edge file. */
#define MBB_NOT_RANK1 UINT64_C(0xffffffffffffff00)
#define MBB_NOT_RANK8 UINT64_C(0x00ffffffffffffff)
#define MBB_LANES4(a, b, c, d)                                                                     \
    _mm256_set_epi64x(MBB_CAST(long long, d), MBB_CAST(long long, c), MBB_CAST(long long, b),      \
                      MBB_CAST(long long, a))

#if defined(MBB_HAVE_AVX512)
#define MBB_STEP4(v, d) _mm256_rolv_epi64(v, d)
#else
#define MBB_STEP4(v, d)                                                                            \
    _mm256_or_si256(_mm256_sllv_epi64(v, d),                                                       \
                    _mm256_srlv_epi64(v, _mm256_sub_epi64(_mm256_setzero_si256(), d)))
#endif

/* The fill in vectors of any width, on its OR, AND and STEP(v, d): the
 * rays from `from` grow through `through` by steps d, 2d and 4d, and one
 * step d more takes in the first blocker, kept where it lands. */
#define MBB_KOGGE_STONE(OR, AND, STEP, from, through, d, d2, d4, lands)                            \
    do {                                                                                           \
        (from) = OR(from, AND(through, STEP(from, d)));                                            \
        (through) = AND(through, STEP(through, d));                                                \
        (from) = OR(from, AND(through, STEP(from, d2)));                                           \
        (through) = AND(through, STEP(through, d2));                                               \
        (from) = OR(from, AND(through, STEP(from, d4)));                                           \
        (from) = AND(STEP(from, d), lands);                                                        \
    } while (0)

/* The union of the four lanes' fills: steps d, then 2d and 4d. */
MBB_FN uint64_t mbb_fill4(uint64_t pieces, uint64_t empty, __m256i d, __m256i lands)
{
    const __m256i d2 = _mm256_add_epi64(d, d), d4 = _mm256_add_epi64(d2, d2);
    __m256i from = _mm256_set1_epi64x(MBB_CAST(long long, pieces));
    __m256i through = _mm256_and_si256(_mm256_set1_epi64x(MBB_CAST(long long, empty)), lands);
    __m128i half;

    MBB_KOGGE_STONE(_mm256_or_si256, _mm256_and_si256, MBB_STEP4, from, through, d, d2, d4, lands);
    half = _mm_or_si128(_mm256_castsi256_si128(from), _mm256_extracti128_si256(from, 1));
    return MBB_CAST(uint64_t,
                    _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))));
}

/* North, east, west, south; northeast, northwest, southeast, southwest. */
#define MBB_ROOK_STEPS MBB_LANES4(8, 1, -1, -8)
#define MBB_ROOK_LANDS MBB_LANES4(MBB_NOT_RANK1, MBB_LANDS_EAST, MBB_LANDS_WEST, MBB_NOT_RANK8)
#define MBB_BISHOP_STEPS MBB_LANES4(9, 7, -7, -9)
#define MBB_BISHOP_LANDS                                                                           \
    MBB_LANES4(MBB_NOT_RANK1 &MBB_LANDS_EAST, MBB_NOT_RANK1 &MBB_LANDS_WEST,                       \
               MBB_NOT_RANK8 &MBB_LANDS_EAST, MBB_NOT_RANK8 &MBB_LANDS_WEST)

MBB_FN uint64_t mbb_rook_fill(uint64_t pieces, uint64_t empty)
{
    return mbb_fill4(pieces, empty, MBB_ROOK_STEPS, MBB_ROOK_LANDS);
}

MBB_FN uint64_t mbb_bishop_fill(uint64_t pieces, uint64_t empty)
{
    return mbb_fill4(pieces, empty, MBB_BISHOP_STEPS, MBB_BISHOP_LANDS);
}

#if defined(MBB_HAVE_AVX512)
/* The queen's eight directions in one 512-bit vector. */
MBB_FN uint64_t mbb_queen_fill(uint64_t pieces, uint64_t empty)
{
    const __m512i d
        = _mm512_inserti64x4(_mm512_castsi256_si512(MBB_ROOK_STEPS), MBB_BISHOP_STEPS, 1);
    const __m512i lands
        = _mm512_inserti64x4(_mm512_castsi256_si512(MBB_ROOK_LANDS), MBB_BISHOP_LANDS, 1);
    const __m512i d2 = _mm512_add_epi64(d, d), d4 = _mm512_add_epi64(d2, d2);
    __m512i from = _mm512_set1_epi64(MBB_CAST(long long, pieces));
    __m512i through = _mm512_and_si512(_mm512_set1_epi64(MBB_CAST(long long, empty)), lands);

    MBB_KOGGE_STONE(_mm512_or_si512, _mm512_and_si512, _mm512_rolv_epi64, from, through, d, d2, d4,
                    lands);
    return MBB_CAST(uint64_t, _mm512_reduce_or_epi64(from));
}
#else
MBB_FN uint64_t mbb_queen_fill(uint64_t pieces, uint64_t empty)
{
    return mbb_rook_fill(pieces, empty) | mbb_bishop_fill(pieces, empty);
}
#endif

#else /* no AVX2: a direction at a time, in 64-bit integers */

MBB_FN uint64_t mbb_rook_fill(uint64_t pieces, uint64_t empty)
{
    return mbb_fill_ray(pieces, empty, 8, MBB_LANDS_ANY)
           | mbb_fill_ray(pieces, empty, -8, MBB_LANDS_ANY)
           | mbb_fill_ray(pieces, empty, 1, MBB_LANDS_EAST)
           | mbb_fill_ray(pieces, empty, -1, MBB_LANDS_WEST);
}

MBB_FN uint64_t mbb_bishop_fill(uint64_t pieces, uint64_t empty)
{
    return mbb_fill_ray(pieces, empty, 9, MBB_LANDS_EAST)
           | mbb_fill_ray(pieces, empty, 7, MBB_LANDS_WEST)
           | mbb_fill_ray(pieces, empty, -7, MBB_LANDS_EAST)
           | mbb_fill_ray(pieces, empty, -9, MBB_LANDS_WEST);
}

MBB_FN uint64_t mbb_queen_fill(uint64_t pieces, uint64_t empty)
{
    return mbb_rook_fill(pieces, empty) | mbb_bishop_fill(pieces, empty);
}
#endif

/* Every knight's eight jumps and every king's eight steps at once, the
 * landings that would wrap across the board's edge masked off. */
MBB_FN uint64_t mbb_knight_set(uint64_t pieces)
{
    const uint64_t one_east = MBB_LANDS_EAST, one_west = MBB_LANDS_WEST;
    const uint64_t two_east = UINT64_C(0xfcfcfcfcfcfcfcfc), two_west = UINT64_C(0x3f3f3f3f3f3f3f3f);

    return ((pieces << 17 | pieces >> 15) & one_east) | ((pieces << 15 | pieces >> 17) & one_west)
           | ((pieces << 10 | pieces >> 6) & two_east) | ((pieces << 6 | pieces >> 10) & two_west);
}

MBB_FN uint64_t mbb_king_set(uint64_t pieces)
{
    const uint64_t east = (pieces << 1 | pieces << 9 | pieces >> 7) & MBB_LANDS_EAST;
    const uint64_t west = (pieces >> 1 | pieces >> 9 | pieces << 7) & MBB_LANDS_WEST;

    return east | west | pieces << 8 | pieces >> 8;
}

/* The fills as the set attacks call them, on the occupancy, each a call
 * of its own where the compiler allows (MBB_FILL_FN): the larger sets',
 * out of the way of the lookups of the smaller ones. */
#if defined(__clang__) /* (clang's -Wused-but-marked-unused) */
#define MBB_FILL_FN static inline __attribute__((noinline))
#elif defined(__GNUC__) /* (gcc warns of inline with noinline) */
#define MBB_FILL_FN static __attribute__((noinline, unused))
#elif defined(_MSC_VER)
#define MBB_FILL_FN static __declspec(noinline)
#else
#define MBB_FILL_FN static inline
#endif
MBB_FILL_FN uint64_t mbb_rook_fill_of(uint64_t pieces, uint64_t occupied)
{
    return mbb_rook_fill(pieces, ~occupied);
}
MBB_FILL_FN uint64_t mbb_bishop_fill_of(uint64_t pieces, uint64_t occupied)
{
    return mbb_bishop_fill(pieces, ~occupied);
}
MBB_FILL_FN uint64_t mbb_queen_fill_of(uint64_t pieces, uint64_t occupied)
{
    return mbb_queen_fill(pieces, ~occupied);
}
MBB_FILL_FN uint64_t mbb_knight_set_of(uint64_t pieces, uint64_t occupied)
{
    return (void)occupied, mbb_knight_set(pieces);
}
MBB_FILL_FN uint64_t mbb_king_set_of(uint64_t pieces, uint64_t occupied)
{
    return (void)occupied, mbb_king_set(pieces);
}

/* The crossovers for the code being compiled (src/policy.h's rows, in
 * magicbb_config.h), unless the including code sets them. */
#define MBB_FILL_CAT_(a, b) a##b
#define MBB_FILL_CAT(a, b) MBB_FILL_CAT_(a, b)
#if defined(MBB_HAVE_AVX512)
#define MBB_FILL_PATH_ AVX512
#elif defined(MBB_HAVE_AVX2)
#define MBB_FILL_PATH_ AVX2
#else
#define MBB_FILL_PATH_ PLAIN
#endif
#ifndef MBB_ROOK_FILL_FROM
#define MBB_ROOK_FILL_FROM MBB_FILL_CAT(MBB_ROOK_FILL_FROM_, MBB_FILL_PATH_)
#endif
#ifndef MBB_BISHOP_FILL_FROM
#define MBB_BISHOP_FILL_FROM MBB_FILL_CAT(MBB_BISHOP_FILL_FROM_, MBB_FILL_PATH_)
#endif
#ifndef MBB_QUEEN_FILL_FROM
#define MBB_QUEEN_FILL_FROM MBB_FILL_CAT(MBB_QUEEN_FILL_FROM_, MBB_FILL_PATH_)
#endif
#ifndef MBB_LEAPER_FILL_FROM /* knights and kings */
#define MBB_LEAPER_FILL_FROM MBB_FILL_CAT(MBB_LEAPER_FILL_FROM_, MBB_FILL_PATH_)
#endif

/* Whether the N pieces left of a set take the fill, for a row FROM (a
 * constant): FROM no more than 64 and N at least LEFT, counted by one
 * popcount instruction, where the target has one (x86-64 with POPCNT, as
 * every AVX2 one).  Without it, counting would be a loop of its own
 * beside the lookups', so those targets take the lookups always. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__POPCNT__)
#define MBB_SET_FILLS(left, FROM, LEFT) ((FROM) <= 64 && __builtin_popcountll(left) >= (LEFT))
#elif defined(MBB_MSVC) && defined(_M_X64) && defined(__AVX2__)
#define MBB_SET_FILLS(left, FROM, LEFT) ((FROM) <= 64 && __popcnt64(left) >= (LEFT))
#else
#define MBB_SET_FILLS(left, FROM, LEFT) 0
#endif

/* The set attacks on a flavour's LOOKUP(sq, occupied) and a FILL(pieces,
 * occupied) from FROM pieces (FROM above 2).  Under a row above 64 (or
 * without a popcount instruction) the set takes the loop an engine
 * writes, and nothing beside it: the same code.  Under a row, a set's
 * first two pieces take their lookups all the same, so the sets of 0 to
 * 2 pieces of a type that real positions have cost what that loop
 * costs; only a set with more is counted, and takes the fill from FROM
 * pieces, for those left after the two lookups.  The fill is a call
 * (MBB_FILL_FN), so that its vector registers and constants do not crowd
 * the lookups where they are inlined.  Defines NAME(pieces, occupied). */
#define MBB_DEFINE_SET(NAME, LOOKUP, FILL, FROM)                                                   \
    MBB_FN uint64_t NAME(uint64_t pieces, uint64_t occupied)                                       \
    {                                                                                              \
        uint64_t attacks = 0;                                                                      \
        unsigned peeled;                                                                           \
                                                                                                   \
        if (MBB_SET_FILLS(~UINT64_C(0), FROM, 0)) { /* (a row, and a count: a constant) */         \
            for (peeled = 0; pieces != 0 && peeled < 2; peeled++, pieces &= pieces - 1)            \
                attacks |= LOOKUP(mbb_lowest_square(pieces), occupied);                            \
            if (pieces != 0 && MBB_SET_FILLS(pieces, FROM, (FROM)-2))                              \
                return attacks | FILL(pieces, occupied);                                           \
        }                                                                                          \
        for (; pieces != 0; pieces &= pieces - 1)                                                  \
            attacks |= LOOKUP(mbb_lowest_square(pieces), occupied);                                \
        return attacks;                                                                            \
    }

/* Whether both sliders of a square take magicbb/dual.h's one vector
 * rather than the flavour's two lookups: src/policy.h's row for the
 * code being compiled (in magicbb_config.h), AVX2 with PEXT at full
 * speed or AVX2 without it, unless the including code sets it first;
 * never without AVX2 (nor without a row: this header on its own). */
#ifndef MBB_BOTH_DUAL
#if defined(MBB_HAVE_AVX2) && defined(MBB_HAVE_BMI2) && !defined(MBB_SLOW_BMI2)                    \
    && defined(MBB_BOTH_DUAL_PEXT)
#define MBB_BOTH_DUAL MBB_BOTH_DUAL_PEXT
#elif defined(MBB_HAVE_AVX2) && !(defined(MBB_HAVE_BMI2) && !defined(MBB_SLOW_BMI2))               \
    && defined(MBB_BOTH_DUAL_AVX2)
#define MBB_BOTH_DUAL MBB_BOTH_DUAL_AVX2
#else
#define MBB_BOTH_DUAL 0
#endif
#endif
#if defined(MBB_HAVE_AVX2) && MBB_BOTH_DUAL
#define MBB_BOTH_OF_(ROOK, BISHOP, sq, occupied) return mbb_dual_both(sq, occupied)
#else
#define MBB_BOTH_OF_(ROOK, BISHOP, sq, occupied)                                                   \
    do {                                                                                           \
        struct mbb_both both;                                                                      \
                                                                                                   \
        both.rook = ROOK(sq, occupied);                                                            \
        both.bishop = BISHOP(sq, occupied);                                                        \
        return both;                                                                               \
    } while (0)
#endif

/* Defines BOTH(sq, occupied) and the set attacks ROOK_SET, BISHOP_SET
 * and QUEEN_SET(pieces, occupied) on a flavour's lookups ROOK, BISHOP and
 * QUEEN(sq, occupied), where <magicbb.h> (struct mbb_both) and
 * the crossovers above are there.  BOTH is the one vector of
 * magicbb/dual.h where MBB_BOTH_DUAL says so, else the two lookups. */
#define MBB_DEFINE_SETS(BOTH, ROOK_SET, BISHOP_SET, QUEEN_SET, ROOK, BISHOP, QUEEN)                \
    MBB_FN struct mbb_both BOTH(unsigned sq, uint64_t occupied) {                                  \
        MBB_REQUIRE(sq < 64);                                                                      \
        MBB_BOTH_OF_(ROOK, BISHOP, sq, occupied);                                                  \
    } MBB_DEFINE_SET(ROOK_SET, ROOK, mbb_rook_fill_of, MBB_ROOK_FILL_FROM)                         \
        MBB_DEFINE_SET(BISHOP_SET, BISHOP, mbb_bishop_fill_of, MBB_BISHOP_FILL_FROM)               \
            MBB_DEFINE_SET(QUEEN_SET, QUEEN, mbb_queen_fill_of, MBB_QUEEN_FILL_FROM)

#endif /* MAGICBB_SETS_H */
