/* SPDX-License-Identifier: MIT */
/* attacks.c - whether side `by` attacks a square: a piece of each kind
 * stands on sq and looks back. */
#include "engine.h"

int attacked(const struct position *p, unsigned sq, unsigned by)
{
    const uint64_t them = p->colour[by], occupied = p->colour[WHITE] | p->colour[BLACK];
    const uint64_t diagonal = (p->piece[BISHOP] | p->piece[QUEEN]) & them;
    const uint64_t straight = (p->piece[ROOK] | p->piece[QUEEN]) & them;

    return (mbb_pawn_attacks(by ^ 1, sq) & p->piece[PAWN] & them)
           || (mbb_knight_attacks(sq) & p->piece[KNIGHT] & them)
           || (mbb_king_attacks(sq) & p->piece[KING] & them)
           || (mbb_bishop_attacks(sq, occupied) & diagonal)
           || (mbb_rook_attacks(sq, occupied) & straight);
}
