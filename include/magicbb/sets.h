/* SPDX-License-Identifier: MIT */
/* magicbb/sets.h - the attacks of a whole set of pieces, and both
 * sliders of one square, for every flavour: the set attacks of
 * <magicbb.h> (mbb_rook_attacks_set and the like) and mbb_both_attacks.
 *
 * A set takes the flavour's own lookup for each piece, in the loop an
 * engine writes: this header's rows (MBB_ROOK_FILL_FROM_AVX512 and the
 * like, below, with their figures) say never to fill, since deciding to costs sets of 3 and 4
 * pieces more than the fill saves larger ones.  Code that defines MBB_ROOK_FILL_FROM (and the like
 * for bishops, queens, knights and kings) first turns on, for sets of
 * that many pieces or more, a fill of all their squares at once, the
 * same for every flavour: for sliders a Kogge-Stone occluded fill, each
 * direction's rays grown through the empty squares in three doubling
 * steps (1, 2, then 4 squares) and one step more for the first blocker,
 * in AVX2 or AVX-512 vectors where the code is compiled for them.  Either
 * way the answer is the union over the set's squares of the single
 * lookups with the same `occupied`.  Both sliders of one square:
 * magicbb/dual.h's one vector, or the two lookups (MBB_BOTH_DUAL below,
 * its rows beside it).  C99; compiles on its own. */
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

/* The rows: the set attacks (mbb_rook_attacks_set and the like) take the
 * flavour's own lookups, one a piece, in the loop an engine writes and
 * nothing beside it, unless a row below (or the including code, defining
 * MBB_ROOK_FILL_FROM and the like first) names a count from which a set
 * takes the flavour-independent fill of this header: a Kogge-Stone
 * fill in an AVX-512 or AVX2 vector or in 64-bit integers (sliders),
 * shifts of the whole set (knights, kings).  A set's first two pieces
 * always take their lookups; only a larger set is counted, by one
 * popcount instruction (never where the target has none), and the fill
 * takes the rest.
 *
 * Every row is 65, never: the contract is that a set call is never
 * slower than the loop it replaces, at any count, on any CPU measured,
 * and the count is not free.  The set call over a loop of the same
 * build's inline pext lookups, with rows of 5 (-DMBB_ROOK_FILL_FROM=5
 * and so on, -march=native: AVX-512), 4096 random sets of N pieces, 31
 * rounds paired and interleaved in one process, median, on the 2-core
 * AMD EPYC (Zen 4) of doc/benchmark.md, gcc 12 -O2 (ROUNDS=31
 * lab/sets-rows.sh BUILDDIR -march=native -DMBB_ROOK_FILL_FROM=5 ...):
 *          N:  1      2      3      4      5      6      8      16
 *   rook     0.93   0.98   1.05   1.05   0.79   0.66   0.50   0.26
 *   bishop   1.01   1.02   1.08   1.11   0.86   0.73   0.55   0.28
 *   queen    0.98   0.99   1.03   1.02   0.66   0.56   0.42   0.21
 *   knight   0.92   0.96   1.07   1.01   1.44   1.16   0.83   0.48
 * (every interval within 0.02 of its median): the sets of 3 and 4, where
 * the count decides for the loop, pay up to 11 % for it (knights up to
 * 44 % at 5, where one load is a knight's lookup), so no row can be
 * both a gain and never slower.  Real positions have 0 to 2 pieces of a
 * type, where the set call is the loop's work, row or none.  An engine
 * that asks larger sets (rooks and queens together, setwise move
 * ordering) may define the rows itself; the fills' own figures, without
 * the two lookups before them (Zen 4, the earlier harness, the fill's
 * time over the loop's, first/second run):
 *            N:    1         2         3         4         5         6         7
 *   AVX-512 rook 1.55/1.42 0.94/0.79 0.68/0.56 0.48/0.42 0.41/0.35 0.34/0.31 0.31/0.26
 *         bishop 2.13/1.83 1.28/1.14 0.85/0.79 0.62/0.62 0.55/0.56 0.48/0.48 0.42/0.42
 *          queen 1.70/1.70 1.08/1.08 0.77/0.76 0.59/0.58 0.48/0.48 0.40/0.40 0.35/0.35
 *   AVX2    rook 2.25/2.63 1.25/1.59 0.89/1.11 0.67/0.81 0.58/0.70 0.46/0.57 0.41/0.51
 *         bishop 2.39/3.05 1.55/1.93 1.14/1.49 0.91/1.14 0.79/0.90 0.70/0.77 0.56/0.71
 *          queen 3.69/3.69 2.05/2.05 1.34/1.37 1.06/1.04 0.82/0.82 0.68/0.68 0.58/0.59
 *   plain   rook 4.02/4.04 2.25/2.31 1.55/1.58 1.21/1.24 0.97/1.01 0.81/0.85 0.68/0.71
 *         bishop 5.44/5.44 3.13/3.13 2.21/2.21 1.68/1.70 1.38/1.38 1.13/1.12 0.97/0.98
 *          queen 5.43/5.54 3.09/3.13 2.13/2.17 1.61/1.62 1.29/1.30 1.06/1.09 0.91/0.92
 * and on a quiet Intel Xeon (Sapphire Rapids class; gcc 13; issue 59 of
 * the project's tracker), AVX-512, over pext's loop: queen 4 0.52, rook
 * 4 0.58, the rook fill at 2 1.30.  Rows that gain on both: AVX-512 5,
 * AVX2 rook 6, bishop and queen 8, plain rook 8, bishop and queen 10
 * (Zen 4's first count where two lookups and the fill beat the loop in
 * both runs, plus 2 where Intel was not measured). */
#define MBB_ROOK_FILL_FROM_AVX512 65
#define MBB_BISHOP_FILL_FROM_AVX512 65
#define MBB_QUEEN_FILL_FROM_AVX512 65
#define MBB_ROOK_FILL_FROM_AVX2 65
#define MBB_BISHOP_FILL_FROM_AVX2 65
#define MBB_QUEEN_FILL_FROM_AVX2 65
#define MBB_ROOK_FILL_FROM_PLAIN 65
#define MBB_BISHOP_FILL_FROM_PLAIN 65
#define MBB_QUEEN_FILL_FROM_PLAIN 65
/* Knights' and kings' sets: the shifts' time over the lookups' on Zen 4
 * (as above, gcc 12 -O2, -march=native for the vector rows, -mbmi2 for
 * the plain one), without the two lookups before them:
 *              N:   1     2     3     4     5     6
 *   native knight 2.64  1.98  1.44  1.17  0.84  0.90
 *          king   2.27  1.45  1.23  1.00  0.72  0.77
 *   plain  knight 2.22  1.66  1.29  0.93  0.76  0.65
 *          king   2.22  1.52  1.17  0.85  0.69  0.60
 * A knight's lookup is one load, so the count costs more against it
 * (the table above: up to 44 % at 3 to 6 knights); a side has 0 to 2. */
#define MBB_LEAPER_FILL_FROM_AVX512 65
#define MBB_LEAPER_FILL_FROM_AVX2 65
#define MBB_LEAPER_FILL_FROM_PLAIN 65

/* The crossovers for the code being compiled (the rows above), unless
 * the including code sets them. */
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

/* mbb_both_attacks where the code is compiled for AVX2: 1 takes
 * magicbb/dual.h's one vector (the two diagonals and the file by
 * hyperbola quintessence, the rank from a 512-byte table), 0 the
 * flavour's two lookups.  PEXT: AVX2 with PEXT at full speed (the
 * flavour is pext); AVX2: without it (a portable flavour, black by
 * auto's table).  Both 0: the one vector loses to the two lookups on
 * every core measured.  Its time over theirs on the 2-core AMD EPYC
 * (Zen 4) of doc/benchmark.md, gcc 12 -O2, 4096 random squares and
 * occupancies (about 16 pieces), 101 rounds paired and interleaved in one
 * process, median [95 % interval] (/work/dualh's harness, every side
 * checked against a ray walk):
 *                              throughput           latency
 *   pext  (-mavx2 -mbmi2)  1.44 [1.44, 1.45]   1.17 [1.17, 1.17]
 *   black (-mavx2)         1.09 [1.09, 1.10]   1.14 [1.14, 1.14]
 * and llvm-mca's cycles an iteration of the throughput loop, one vector
 * / black's lookups: Skylake 9.2/5.0, Ice Lake server 9.1/5.0, Zen 2
 * 9.5/6.2 (the AVX2 core whose PEXT is slow), Zen 3 6.5/4.3; pext's:
 * Skylake 8.6/4.0, Zen 3 6.5/2.7.  (Against Stockfish 762dd1da9's
 * both_attacks_bb, the same way of computing: 0.96 throughput, 0.92
 * latency; doc/benchmark.md.)  In the engine-shaped workload
 * (lab/magicbb-engine, make bench) black and pext with the one vector tie
 * with their two lookups beside an NNUE-sized network's traffic (0.998
 * and 0.979 of black's time, pext 0.971) and lose without it (1.022;
 * 0.915 against pext's 0.849).  An engine that wants the 2.5 KiB tables
 * rather than two lookups into the flavour's (black's are 700 KiB),
 * where its caches are crowded, defines MBB_BOTH_DUAL 1 before the
 * include (tests/vendored.sh tests that build). */
#define MBB_BOTH_DUAL_PEXT 0
#define MBB_BOTH_DUAL_AVX2 0

/* Whether both sliders of a square take magicbb/dual.h's one vector
 * rather than the flavour's two lookups: the row above for the code
 * being compiled, AVX2 with PEXT at full speed or AVX2 without it,
 * unless the including code sets it first; never without AVX2. */
#ifndef MBB_BOTH_DUAL
#if defined(MBB_HAVE_AVX2) && defined(MBB_HAVE_BMI2) && !defined(MBB_SLOW_BMI2)
#define MBB_BOTH_DUAL MBB_BOTH_DUAL_PEXT
#elif defined(MBB_HAVE_AVX2)
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
