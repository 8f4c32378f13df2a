/* SPDX-License-Identifier: MIT */
/* main.c - perft of four positions, against their published counts
 * (chessprogramming.org, "Perft Results"): the example checks itself.
 * This file also holds the vendored drop-in's tables
 * (MAGICBB_IMPLEMENTATION; with the installed library it changes
 * nothing).
 *
 *     engine        prints the flavour and the counts; exit status 1 on a
 *                   wrong count */
#define MAGICBB_IMPLEMENTATION
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"

static const char *const piece_letters = "pnbrqk";

/* The board, side to move, castling rights and en passant square of a
 * FEN; 0, or -1 where it is not one. */
static int parse_fen(struct position *p, const char *fen)
{
    unsigned rank = 7, file = 0;

    memset(p, 0, sizeof *p);
    for (; *fen != ' '; fen++) {
        const char *letter = strchr(piece_letters, *fen | 0x20);

        if (*fen == '/') {
            rank--, file = 0;
        } else if (*fen >= '1' && *fen <= '8') {
            file += *fen - '0';
        } else if (letter != NULL && *fen != '\0' && rank < 8 && file < 8) {
            const uint64_t bit = UINT64_C(1) << (rank * 8 + file++);

            p->piece[letter - piece_letters] |= bit;
            p->colour[*fen >= 'a' ? BLACK : WHITE] |= bit;
        } else {
            return -1;
        }
    }
    p->side = fen[1] == 'b' ? BLACK : WHITE;
    for (fen += 3; *fen != ' ' && *fen != '\0'; fen++)
        p->castling |= *fen == 'K'   ? 1u
                       : *fen == 'Q' ? 2u
                       : *fen == 'k' ? 4u
                       : *fen == 'q' ? 8u
                                     : 0u;
    p->ep = NO_SQUARE;
    if (*fen == ' ' && fen[1] >= 'a' && fen[1] <= 'h' && fen[2] >= '1' && fen[2] <= '8')
        p->ep = (fen[2] - '1') * 8 + (fen[1] - 'a');
    return 0;
}

int main(void)
{
    static const struct {
        const char *fen;
        unsigned depth;
        uint64_t leaves;
    } positions[] = {
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281 },
        { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862 },
        { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238 },
        { "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467 },
    };
    int wrong = 0;

    printf("flavour %s\n", mbb_flavour());
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        struct position p;
        uint64_t leaves;

        if (parse_fen(&p, positions[i].fen) != 0) {
            printf("not a FEN: %s\n", positions[i].fen);
            return 1;
        }
        leaves = perft(&p, positions[i].depth);
        printf("perft %u %" PRIu64 "%s  %s\n", positions[i].depth, leaves,
               leaves == positions[i].leaves ? "" : " WRONG", positions[i].fen);
        wrong |= leaves != positions[i].leaves;
    }
    return wrong;
}
