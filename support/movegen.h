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

struct position {
    uint64_t pieces[2][6];
    uint64_t colour[2];
    unsigned char board[64]; /* piece type on each square, or NO_PIECE */
    int side;
    unsigned castling;
    int ep; /* en passant target square, or -1 */
};

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
 * FEN's text as it is, so escape it to print it). */
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
