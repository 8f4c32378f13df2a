/* SPDX-License-Identifier: MIT */
/* threatref.h - a reference for the attack relations of threat inputs:
 * every relation of a board by brute force from a ray walk, and the
 * relations an event adds and removes as the differences of the boards
 * before and after.  Slow and plain on purpose: what an engine's own
 * threat kernel is tested against (magicbb-threatref(1) writes test
 * vectors from it and checks answers against it).  This header and
 * threatref.c stand alone (C99, <stdint.h> and <string.h>; the header
 * also compiles as C++), so an engine can copy the two files; the MIT
 * licence is the whole of what comes with them.
 *
 * Squares: 0 = a1, 1 = b1, ..., 63 = h8.
 *
 * Board.  64 bytes, one a square: 0 for an empty square, else one of the
 * engine's own piece codes, 1 to THREAT_CODES - 1.
 *
 * Rules.  role[code] = colour * 6 + type (THREAT_WHITE or THREAT_BLACK
 * plus THREAT_PAWN ... THREAT_KING), -1 for a code that is no piece
 * (role[0] is -1); victims[attacker role] has bit (victim role) set where
 * the relation counts.  THREAT_RULES_STOCKFISH and THREAT_RULES_EVERYTHING
 * below are two whole rule tables on Stockfish's piece codes.
 *
 * Relation.  (attacker code, attacker square, victim code, victim
 * square): the piece on the attacker square attacks the victim square on
 * this board (pawns by their colour's captures; bishops, rooks and
 * queens stopped by the first occupied square; attacks of either colour
 * on either colour), and the rules count the attacker's role against the
 * victim's.
 *
 * Events, each on the board before it:
 *   THREAT_PUT      code onto the empty square
 *   THREAT_REMOVE   the piece on the square taken off
 *   THREAT_REPLACE  the piece on the square replaced by code (a capture's
 *                   landing; occupancy unchanged)
 *   THREAT_MOVE     the piece on square moved to the empty square to
 * A capture is a remove at the origin and a replace at the destination;
 * en passant a remove and a move; castling two moves (or two removes and
 * two puts).
 *
 * Lists.  adds = after - before and removes = before - after, as sets of
 * relations; every list in the canonical order: by victim square, then
 * attacker square (unique within a list: a square holds one piece). */
#ifndef THREATREF_H
#define THREATREF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define THREAT_CODES 16
#define THREAT_ROLES 12

/* Why the bounds hold: a piece attacks at most 8 occupied squares (the
 * nearest piece on each ray, or 8 leaper targets) and is attacked by at
 * most 16 (the nearest piece on each of 8 rays, 8 knights), so at most 24
 * relations touch a square; a square lies between at most 8 x-ray pairs
 * (4 lines, both ways).  A move touches two squares: 24 + 8 a list.  A
 * board: 64 pieces, 8 victims each. */
#define THREAT_EVENT_MAX 32
#define THREAT_BOARD_MAX 512

/* A role is colour + type. */
enum threat_type {
    THREAT_PAWN,
    THREAT_KNIGHT,
    THREAT_BISHOP,
    THREAT_ROOK,
    THREAT_QUEEN,
    THREAT_KING
};
enum threat_colour { THREAT_WHITE = 0, THREAT_BLACK = 6 };

struct threat_rules {
    signed char role[THREAT_CODES]; /* code -> colour * 6 + type, or -1 */
    uint16_t victims[THREAT_ROLES]; /* attacker role -> bit set of victim roles */
};

/* The relation, 4 bytes in the order four engines store it. */
struct threat_relation {
    unsigned char attacker, from, victim, to;
};

enum threat_kind { THREAT_PUT, THREAT_REMOVE, THREAT_REPLACE, THREAT_MOVE };

struct threat_event {
    unsigned char kind;   /* enum threat_kind */
    unsigned char square; /* where it happens; a move's origin */
    unsigned char to;     /* a move's destination, else unused */
    unsigned char code;   /* the piece put, or the replacing piece */
};

/* An event's two lists, each in the canonical order. */
struct threat_lists {
    unsigned adds_count, removes_count;
    struct threat_relation adds[THREAT_EVENT_MAX], removes[THREAT_EVENT_MAX];
};

/* Stockfish's piece codes (colour * 8 + type + 1: white pawn 1 to white
 * king 6, black pawn 9 to black king 14) as roles. */
#define THREAT_ROLES_STOCKFISH_CODES                                                               \
    {                                                                                              \
        -1, 0, 1, 2, 3, 4, 5, -1, -1, 6, 7, 8, 9, 10, 11, -1                                       \
    }

/* A victims[] entry from a set of victim types (bit THREAT_PAWN ...
 * THREAT_KING), of both colours. */
#define THREAT_VICTIMS(types) ((uint16_t)((types) | (types) << 6))
#define THREAT_TYPES_NR (1u << THREAT_KNIGHT | 1u << THREAT_ROOK)
#define THREAT_TYPES_PNBR 0x0Fu
#define THREAT_TYPES_PNBRQ 0x1Fu
/* Stockfish 762dd1da9's victims (update_piece_threats and
 * can_slider_threat in its src/position.cpp), the same for both colours:
 * kings never attack and are never victims; a pawn threatens knights and
 * rooks; a bishop or rook, pawns, knights, bishops and rooks; a knight or
 * a queen, every piece but a king (a queen victim counts from a knight or
 * a queen only). */
#define THREAT_VICTIMS_STOCKFISH                                                                   \
    {                                                                                              \
        THREAT_VICTIMS(THREAT_TYPES_NR), THREAT_VICTIMS(THREAT_TYPES_PNBRQ),                       \
            THREAT_VICTIMS(THREAT_TYPES_PNBR), THREAT_VICTIMS(THREAT_TYPES_PNBR),                  \
            THREAT_VICTIMS(THREAT_TYPES_PNBRQ), 0, THREAT_VICTIMS(THREAT_TYPES_NR),                \
            THREAT_VICTIMS(THREAT_TYPES_PNBRQ), THREAT_VICTIMS(THREAT_TYPES_PNBR),                 \
            THREAT_VICTIMS(THREAT_TYPES_PNBR), THREAT_VICTIMS(THREAT_TYPES_PNBRQ), 0               \
    }
/* Every attack on every piece, kings included both ways. */
#define THREAT_VICTIMS_EVERYTHING                                                                  \
    {                                                                                              \
        0xFFF, 0xFFF, 0xFFF, 0xFFF, 0xFFF, 0xFFF, 0xFFF, 0xFFF, 0xFFF, 0xFFF, 0xFFF, 0xFFF         \
    }
/* Whole rule tables, for `struct threat_rules r = THREAT_RULES_STOCKFISH;`
 * (an engine with other codes then sets r.role[] for its own). */
#define THREAT_RULES_STOCKFISH                                                                     \
    {                                                                                              \
        THREAT_ROLES_STOCKFISH_CODES, THREAT_VICTIMS_STOCKFISH                                     \
    }
#define THREAT_RULES_EVERYTHING                                                                    \
    {                                                                                              \
        THREAT_ROLES_STOCKFISH_CODES, THREAT_VICTIMS_EVERYTHING                                    \
    }

/* Every relation of the board, in the canonical order, into out (room
 * for THREAT_BOARD_MAX, never exceeded): their count, or -1 where the
 * board or the rules break the contract (a code with no role, a role
 * outside 0 to 11; out then holds nothing useful). */
int threatref_board(const struct threat_rules *rules, const unsigned char board[64],
                    struct threat_relation out[THREAT_BOARD_MAX]);

/* NULL where the event fits the board under the rules (every byte of the
 * board 0 or a code with a role; a put of such a code on an empty
 * square, a remove or replace of a piece (by such a code), a move of a
 * piece to an empty square; squares below 64), else why not, one line
 * of text. */
const char *threatref_misfit(const struct threat_rules *rules, const unsigned char board[64],
                             const struct threat_event *event);

/* The board after the event (which fits it). */
void threatref_apply(unsigned char board[64], const struct threat_event *event);

/* The relations of a that are not in b (a whole record, all 4 bytes,
 * makes a relation), both lists in the canonical order: into out, in the
 * canonical order; returns their count (at most na). */
unsigned threatref_difference(const struct threat_relation *a, unsigned na,
                              const struct threat_relation *b, unsigned nb,
                              struct threat_relation *out);

/* The event's adds and removes into lists: 0; -1 where the event does
 * not fit the board (threatref_misfit says why; the counts are 0); -2
 * never (a list past THREAT_EVENT_MAX, which the bounds above rule out). */
int threatref_event(const struct threat_rules *rules, const unsigned char board[64],
                    const struct threat_event *event, struct threat_lists *lists);

/* The canonical order as a qsort comparator on struct threat_relation
 * (victim square, then attacker square, then the codes), to sort a list
 * a kernel gives in any order before comparing it. */
int threatref_compare(const void *a, const void *b);

#ifdef __cplusplus
}
#endif

#endif /* THREATREF_H */
