/* SPDX-License-Identifier: MIT */
/* set_shape.c - each set call of <magicbb_inline.h> beside the loop of
 * single lookups it replaces, as an engine writes it: tests/set-shape.sh
 * compiles this file and compares the instructions of set_NAME and
 * loop_NAME (the contract: a set call is never slower than that loop). */
#include "magicbb_inline.h"

uint64_t set_rook(uint64_t pieces, uint64_t occupied);
uint64_t loop_rook(uint64_t pieces, uint64_t occupied);
uint64_t set_bishop(uint64_t pieces, uint64_t occupied);
uint64_t loop_bishop(uint64_t pieces, uint64_t occupied);
uint64_t set_queen(uint64_t pieces, uint64_t occupied);
uint64_t loop_queen(uint64_t pieces, uint64_t occupied);
uint64_t set_knight(uint64_t pieces, uint64_t occupied);
uint64_t loop_knight(uint64_t pieces, uint64_t occupied);
uint64_t set_king(uint64_t pieces, uint64_t occupied);
uint64_t loop_king(uint64_t pieces, uint64_t occupied);

static uint64_t knight_set(uint64_t pieces, uint64_t occupied)
{
    return (void)occupied, mbb_knight_attacks_set_inline(pieces);
}
static uint64_t knight_one(unsigned sq, uint64_t occupied)
{
    return (void)occupied, mbb_knight_attacks_inline(sq);
}
static uint64_t king_set(uint64_t pieces, uint64_t occupied)
{
    return (void)occupied, mbb_king_attacks_set_inline(pieces);
}
static uint64_t king_one(unsigned sq, uint64_t occupied)
{
    return (void)occupied, mbb_king_attacks_inline(sq);
}

#define SHAPE(NAME, SET, ONE)                                                                      \
    uint64_t set_##NAME(uint64_t pieces, uint64_t occupied)                                        \
    {                                                                                              \
        return SET(pieces, occupied);                                                              \
    }                                                                                              \
    uint64_t loop_##NAME(uint64_t pieces, uint64_t occupied)                                       \
    {                                                                                              \
        uint64_t attacks = 0;                                                                      \
                                                                                                   \
        for (uint64_t p = pieces; p != 0; p &= p - 1)                                              \
            attacks |= ONE(mbb_lowest_square(p), occupied);                                        \
        return attacks;                                                                            \
    }
SHAPE(rook, mbb_rook_attacks_set_inline, mbb_rook_attacks_inline)
SHAPE(bishop, mbb_bishop_attacks_set_inline, mbb_bishop_attacks_inline)
SHAPE(queen, mbb_queen_attacks_set_inline, mbb_queen_attacks_inline)
SHAPE(knight, knight_set, knight_one)
SHAPE(king, king_set, king_one)
