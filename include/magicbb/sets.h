/* SPDX-License-Identifier: MIT */
/* magicbb/sets.h - the attacks of a whole set of pieces, and both
 * sliders of one square, for every flavour: the set attacks of
 * <magicbb.h> (mbb_rook_attacks_set and the like) and mbb_both_attacks.
 *
 * A set of MBB_SET_FILL_FROM pieces or more (src/policy.h's decision
 * table, which configure writes into magicbb_config.h) takes a
 * Kogge-Stone occluded fill, the same for every flavour: from all the
 * set's squares at once, each direction's rays grow through the empty
 * squares in three doubling steps (1, 2, then 4 squares), and one step
 * more takes in the first blocker.  A smaller set takes the flavour's own
 * lookup for each piece, so one piece never costs more than the lookup.
 * Either way the answer is the union over the set's squares of the
 * single lookups with the same `occupied`.  Portable C99, after
 * <magicbb.h> (struct mbb_both) and magicbb/bits.h. */
#ifndef MAGICBB_SETS_H
#define MAGICBB_SETS_H

#include "bits.h"

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

MBB_FN uint64_t mbb_rook_fill(uint64_t pieces, uint64_t empty)
{
    return mbb_fill_ray(pieces, empty, 8, MBB_LANDS_ANY) | mbb_fill_ray(pieces, empty, -8, MBB_LANDS_ANY)
           | mbb_fill_ray(pieces, empty, 1, MBB_LANDS_EAST)
           | mbb_fill_ray(pieces, empty, -1, MBB_LANDS_WEST);
}

MBB_FN uint64_t mbb_bishop_fill(uint64_t pieces, uint64_t empty)
{
    return mbb_fill_ray(pieces, empty, 9, MBB_LANDS_EAST) | mbb_fill_ray(pieces, empty, 7, MBB_LANDS_WEST)
           | mbb_fill_ray(pieces, empty, -7, MBB_LANDS_EAST)
           | mbb_fill_ray(pieces, empty, -9, MBB_LANDS_WEST);
}

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

/* Fewer than MBB_SET_FILL_FROM pieces: the union of one lookup a piece,
 * lowest square first (the count is a constant: the loop unrolls). */
#define MBB_SET_BY_LOOKUPS(LOOKUP, pieces, occupied)                                            \
    uint64_t mbb_attacks_ = 0;                                                                 \
    for (int mbb_i_ = 1; mbb_i_ < MBB_SET_FILL_FROM && (pieces) != 0; mbb_i_++) {              \
        mbb_attacks_ |= LOOKUP(mbb_lowest_square(pieces), occupied);                           \
        (pieces) &= (pieces) - 1;                                                              \
    }                                                                                          \
    return mbb_attacks_

/* Defines BOTH(sq, occupied) and the set attacks ROOK_SET, BISHOP_SET
 * and QUEEN_SET(pieces, occupied) on a flavour's lookups ROOK, BISHOP and
 * QUEEN(sq, occupied), where <magicbb.h> (struct mbb_both) and
 * MBB_SET_FILL_FROM (magicbb_config.h, from src/policy.h) are there. */
#define MBB_DEFINE_SETS(BOTH, ROOK_SET, BISHOP_SET, QUEEN_SET, ROOK, BISHOP, QUEEN)             \
    MBB_FN struct mbb_both BOTH(unsigned sq, uint64_t occupied)                               \
    {                                                                                          \
        struct mbb_both both;                                                                  \
                                                                                               \
        MBB_REQUIRE(sq < 64);                                                                  \
        both.rook = ROOK(sq, occupied);                                                        \
        both.bishop = BISHOP(sq, occupied);                                                    \
        return both;                                                                           \
    }                                                                                          \
    MBB_FN uint64_t ROOK_SET(uint64_t pieces, uint64_t occupied)                              \
    {                                                                                          \
        if (!mbb_fewer_than(pieces, MBB_SET_FILL_FROM))                                        \
            return mbb_rook_fill(pieces, ~occupied);                                           \
        MBB_SET_BY_LOOKUPS(ROOK, pieces, occupied);                                            \
    }                                                                                          \
    MBB_FN uint64_t BISHOP_SET(uint64_t pieces, uint64_t occupied)                            \
    {                                                                                          \
        if (!mbb_fewer_than(pieces, MBB_SET_FILL_FROM))                                        \
            return mbb_bishop_fill(pieces, ~occupied);                                         \
        MBB_SET_BY_LOOKUPS(BISHOP, pieces, occupied);                                          \
    }                                                                                          \
    MBB_FN uint64_t QUEEN_SET(uint64_t pieces, uint64_t occupied)                             \
    {                                                                                          \
        if (!mbb_fewer_than(pieces, MBB_SET_FILL_FROM))                                        \
            return mbb_rook_fill(pieces, ~occupied) | mbb_bishop_fill(pieces, ~occupied);      \
        MBB_SET_BY_LOOKUPS(QUEEN, pieces, occupied);                                           \
    }

#endif /* MAGICBB_SETS_H */
