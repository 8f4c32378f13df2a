/* SPDX-License-Identifier: MIT */
/* threatvec.h - threat test vectors as text (magicbb-threatref(1)): each
 * a board, one event on it and the relations the event adds and removes,
 * in lines any language splits at spaces:
 *
 *   magicbb-threat-vectors 1          the first line that is not a comment
 *   rules stockfish                   or everything: before the first board
 *   board 8/8/8/8/8/8/8/R6k           FEN piece placement
 *   event put n d1                    put L SQ | remove L SQ |
 *                                     replace L SQ L2 | move L SQ TO
 *   adds Ra1:nd1                      the relations added, ...
 *   removes                           ... and removed: none here
 *
 * A relation is attacker letter, square, ':', victim letter, square.
 * Letters are FEN's (white PNBRQK, black pnbrqk); as codes, Stockfish's
 * (colour * 8 + type + 1), under the rules' role table.  Blank lines and
 * lines whose first character that is not a space or tab is '#' are
 * comments; fields are separated by spaces or tabs; a line may end in
 * CR LF. */
#ifndef THREATVEC_H
#define THREATVEC_H

#include <stdint.h>
#include <stdio.h>

#include "threatref.h"

#define THREATVEC_HEADER "magicbb-threat-vectors 1"
/* Caps on what a file may hold: characters in a line (its line end not
 * counted), relations in a list, vectors, and lines in all. */
#define THREATVEC_LINE_MAX 512
#define THREATVEC_LIST_MAX 64
#define THREATVEC_VECTORS_MAX 1000000UL
#define THREATVEC_LINES_MAX 8000000UL
/* Mismatch lines a check prints; past them one line says how many more. */
#define THREATVEC_MISMATCHES_SHOWN 10000UL

enum threatvec_rules { THREATVEC_STOCKFISH, THREATVEC_EVERYTHING, THREATVEC_RULE_SETS };

/* The rule set's name ("stockfish", "everything"), or NULL. */
const char *threatvec_rules_name(int which);
/* The rule set of that name, or -1. */
int threatvec_rules_named(const char *name);
/* The rule table of the set, on the files' codes (Stockfish's). */
const struct threat_rules *threatvec_rules(int which);

/* FEN's letter for a code of the files, or '?'; the code of a letter,
 * or 0. */
char threatvec_letter(unsigned code);
unsigned threatvec_code(int letter);

/* One vector, as read: its rule set, board, event and lists as the file
 * gives them (in its order), and the lines each came from. */
struct threatvec_vector {
    int rules;
    unsigned char board[64];
    struct threat_event event;
    struct threat_relation adds[THREATVEC_LIST_MAX], removes[THREATVEC_LIST_MAX];
    unsigned adds_count, removes_count;
    unsigned long board_line, event_line, adds_line, removes_line;
};

/* Writing: the header line, a rules line, and one vector (four lines). */
void threatvec_write_header(FILE *out);
void threatvec_write_rules(FILE *out, int which);
void threatvec_write_vector(FILE *out, const unsigned char board[64],
                            const struct threat_event *event, const struct threat_lists *lists);

/* Reads the vectors of in (name: for messages), calling visit on each
 * in turn (its return, where not 0, stops the reading and is returned).
 * Every vector handed over is well formed and its event fits its board.
 * 0 at the end of a file that holds at least one vector; 2 where the
 * input is not such a file: one line "magicbb-threatref: NAME:LINE:
 * what is wrong" through report() (support/output.h), and nothing more. */
int threatvec_read(FILE *in, const char *name,
                   int (*visit)(const struct threatvec_vector *vector, void *data), void *data);

/* Checks every vector of in against the reference (threatref.c):
 * each list as a set, in any order.  0: all match, nothing written.  1:
 * one line a difference to out, "NAME:LINE: adds: missing Nf3:pe5",
 * "extra ...", "... listed twice" (LINE the list's line; in the order
 * the vectors come, each list's in the canonical order;
 * THREATVEC_MISMATCHES_SHOWN at most, then "NAME: N more mismatches").
 * 2: bad input, as threatvec_read says, and nothing written to out. */
int threatvec_check(FILE *in, const char *name, FILE *out);

/* Vectors to write (magicbb-threatref vectors): count from random boards
 * (0 to 40 pieces, legal or not, every event kind, x-ray pairs, moves
 * along a slider's line, captures), seeded, then every move of the
 * perft walks of the six standard positions to depth plies (0: none),
 * split into events (threatvec_move_events), all under one rule set. */
struct threatvec_options {
    uint64_t seed;
    unsigned long count;
    int depth;
    int rules;
};
#define THREATVEC_COUNT_MAX 500000UL
#define THREATVEC_DEPTH_MAX 3

/* The whole file: 0, or -1 where a standard position does not parse. */
int threatvec_generate(FILE *out, const struct threatvec_options *options);

/* A move as events, from the boards before and after it, in ev (4 at
 * most; returns how many): a vacated square whose piece lands on a
 * filled one is a move (a quiet move, castling's king and rook, en
 * passant's pawn), the other vacated squares are removes (a capture's
 * mover, the pawn taken en passant, a promoting pawn); then come the
 * replaces (a capture's landing), the moves, the puts (a promotion).
 * Applied in order, they turn before into after. */
unsigned threatvec_move_events(const unsigned char before[64], const unsigned char after[64],
                               struct threat_event ev[4]);

/* Opens a vectors file for reading: "-" is standard input; a path must
 * name a regular file (a directory, a device or a FIFO is refused, one
 * line through report(), without waiting on a FIFO).  NULL on error. */
FILE *threatvec_open(const char *path);

#endif /* THREATVEC_H */
