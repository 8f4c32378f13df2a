/* SPDX-License-Identifier: MIT */
/* magicbb/sets.h - the attacks of a whole set of pieces, and both
 * sliders of one square, for every flavour: the set attacks of
 * <magicbb.h> (mbb_rook_attacks_set and the like) and mbb_both_attacks.
 *
 * A set call is the loop an engine writes, the flavour's own lookup for
 * each piece and nothing beside it, so that it is never slower than that
 * loop (tests/set-shape.sh compares their instructions); both sliders of
 * a square are the flavour's two lookups.  C99; compiles on its own. */
#ifndef MAGICBB_SETS_H
#define MAGICBB_SETS_H

#include "bits.h"

/* The set attacks on a flavour's LOOKUP(sq, occupied): the union over
 * the squares of `pieces` of the single lookups with the same
 * `occupied`.  Defines NAME(pieces, occupied). */
#define MBB_DEFINE_SET(NAME, LOOKUP)                                                               \
    MBB_FN uint64_t NAME(uint64_t pieces, uint64_t occupied)                                       \
    {                                                                                              \
        uint64_t attacks = 0;                                                                      \
                                                                                                   \
        for (; pieces != 0; pieces &= pieces - 1)                                                  \
            attacks |= LOOKUP(mbb_lowest_square(pieces), occupied);                                \
        return attacks;                                                                            \
    }

/* Defines BOTH(sq, occupied) and the set attacks ROOK_SET, BISHOP_SET
 * and QUEEN_SET(pieces, occupied) on a flavour's lookups ROOK, BISHOP and
 * QUEEN(sq, occupied), where <magicbb.h> (struct mbb_both) is there. */
#define MBB_DEFINE_SETS(BOTH, ROOK_SET, BISHOP_SET, QUEEN_SET, ROOK, BISHOP, QUEEN)                \
    MBB_FN struct mbb_both BOTH(unsigned sq, uint64_t occupied) {                                  \
        struct mbb_both both;                                                                      \
                                                                                                   \
        MBB_REQUIRE(sq < 64);                                                                      \
        both.rook = ROOK(sq, occupied);                                                            \
        both.bishop = BISHOP(sq, occupied);                                                        \
        return both;                                                                               \
    } MBB_DEFINE_SET(ROOK_SET, ROOK) MBB_DEFINE_SET(BISHOP_SET, BISHOP)                            \
        MBB_DEFINE_SET(QUEEN_SET, QUEEN)

#endif /* MAGICBB_SETS_H */
