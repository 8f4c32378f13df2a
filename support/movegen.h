/* SPDX-License-Identifier: MIT */
/* movegen.h - positions, FEN, legal moves and perft, for magicbb-perft
 * and the benchmark's positions.
 *
 * The attack sets come from magicbb's public API, or, built with
 * MOVEGEN_REFERENCE, from the reference ray walk of support/reference.c
 * (the benchmark, which links every flavour's tables instead of the
 * library). */
#ifndef SUPPORT_MOVEGEN_H
#define SUPPORT_MOVEGEN_H

#include <stdint.h>

enum { WHITE, BLACK };
enum { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, NO_PIECE };

/* Castling is Chess960's, standard chess's among it: the king anywhere
 * between its two rooks on its first rank castles with either, to the
 * g-file with the rook on its h-side (O-O), to the c-file with the one on
 * its a-side (O-O-O), the rook to the f- or d-file.  castling holds the
 * rights, bit 2 * colour + (0 for the h-side, 1 for the a-side);
 * castling_rook[that bit] the square of the rook a right castles with (a
 * right held has its rook there and its king on its first rank). */
struct position {
    uint64_t pieces[2][6];
    uint64_t colour[2];
    unsigned char board[64]; /* piece type on each square, or NO_PIECE */
    int side;
    unsigned castling;
    int ep; /* en passant target square, or -1 */
    unsigned char castling_rook[4];
};

/* A castling is the king's move: from its square to its destination where
 * that is two squares away (the king on the e-file: e1g1, e1c1, as UCI
 * writes standard chess), else to its own rook's square (the king takes
 * the rook, as UCI_Chess960 writes it: f1h1, b1a1, and g1h1 for a king
 * that stays on g1).  Neither is any other legal move: no other king move
 * covers two squares or lands on its own piece. */
struct move {
    unsigned char from, to, promotion; /* promotion: piece type, or 0 */
};

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* The six standard perft positions of the Chess Programming Wiki's
 * "Perft Results" page (the start, Kiwipete, and positions 3 to 6), an
 * initialiser for an array of FENs. */
#define STANDARD_POSITIONS                                                                         \
    START_FEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",             \
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                                               \
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",                        \
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",                               \
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
#define STANDARD_POSITION_COUNT 6

/* Every occupied square. */
static inline uint64_t occupied_squares(const struct position *p)
{
    return p->colour[WHITE] | p->colour[BLACK];
}

/* The most legal moves of any position parse_fen accepts.  It allows
 * one king and at most 15 other pieces a side.  No piece has more moves
 * than a queen in the centre (27); a pawn has at most 12 (three target
 * squares, four promotions each); the king 8 steps and 2 castlings.  So
 * 10 + 15 * 27.  (Positions reachable in a game have at most 218.) */
#define MOVES_MAX (10 + 15 * 27)

/* Room for parse_fen's message, and the largest halfmove clock or move
 * number it accepts. */
#define FEN_WHY_SIZE 320
#define FEN_COUNT_MAX 2147483647L

/* 0, or -1 with why set to what is wrong (one line; it may quote the
 * FEN's text as it is, so escape it to print it).  The castling field is
 * "-" or a letter a right, in any order: K, Q, k, q for the outermost rook
 * on the king's h-side or a-side (FEN, X-FEN), or the rook's file, A-H for
 * white and a-h for black (Shredder-FEN; X-FEN for an inner rook). */
int parse_fen(const char *fen, struct position *p, char why[FEN_WHY_SIZE]);
/* The legal moves (at most MOVES_MAX); returns how many. */
int generate(const struct position *p, struct move *list);
void play(struct position *p, const struct move *m);
/* Whether the side to move is in check. */
int in_check(const struct position *p);
uint64_t perft(const struct position *p, int depth);
/* Calls visit on every position of the tree depth plies deep, the root
 * included. */
/* walk() from each of the six standard positions (STANDARD_POSITIONS):
 * 0, or the number (1 to 6) of a position that does not parse, its reason
 * in why. */
int walk_standard(int depth, void (*visit)(const struct position *, void *), void *data,
                  char why[FEN_WHY_SIZE]);
void walk(const struct position *p, int depth, void (*visit)(const struct position *, void *),
          void *data);
void move_name(const struct move *m, char text[6]);

#endif /* SUPPORT_MOVEGEN_H */
