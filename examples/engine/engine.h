/* SPDX-License-Identifier: MIT */
/* engine.h - a small engine-like program on magicbb, in three files:
 * attacks.c (is a square attacked), movegen.c (legal moves, perft) and
 * main.c (FEN, the counts).  C99 and C++.  Every file includes magicbb
 * with MAGICBB_INLINE, so each lookup is inlined where it is used; the
 * vendored drop-in (single/magicbb.h) has it on already. */
#ifndef ENGINE_H
#define ENGINE_H

#ifndef MAGICBB_INLINE
#define MAGICBB_INLINE
#endif
#include "magicbb.h"

enum piece { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECES };
enum { WHITE, BLACK };
#define NO_SQUARE 64u

struct position {
    uint64_t piece[PIECES]; /* each type, both colours */
    uint64_t colour[2];
    unsigned side;     /* to move */
    unsigned castling; /* 1 white short, 2 white long, 4 black short, 8 black long */
    unsigned ep;       /* the square a pawn passed over, or NO_SQUARE */
};

struct move {
    unsigned char from, to, promotion; /* promotion: a piece, or 0 */
};

enum { MAX_MOVES = 256 };

/* attacks.c */
int attacked(const struct position *p, unsigned sq, unsigned by);

/* movegen.c */
unsigned legal_moves(const struct position *p, struct move *moves);
void play(struct position *p, struct move m);
uint64_t perft(const struct position *p, unsigned depth);

#endif /* ENGINE_H */
