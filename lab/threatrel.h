/* SPDX-License-Identifier: MIT */
/* threatrel.h - the threat-change kernel's contract (issue 62, in the
 * laboratory; not the public API): which attack relations a board holds,
 * and exactly which ones an event on it adds and removes.
 *
 * Squares: 0 = a1, 1 = b1, ..., 63 = h8, as in <magicbb.h>.
 *
 * Board.  64 bytes, one a square: 0 for an empty square, else one of the
 * engine's own piece codes, 1 to THREAT_CODES - 1.  The rules' role table
 * maps each code to a colour and a piece type; a board holds 0 and codes
 * with a role, nothing else.
 *
 * Relation.  (attacker code, attacker square, victim code, victim square):
 * the piece on the attacker square attacks the victim square on this board
 * (pawns by their colour's captures; bishops, rooks and queens stopped by
 * the first occupied square; attacks of either colour on either colour),
 * and the rules count the attacker's role against the victim's.
 *
 * Rules.  role[code] = colour * 6 + type (type as support/movegen.h's
 * PAWN .. KING, colour 0 white, 1 black), -1 for a code that is no piece
 * (role[0] is -1); victims[attacker role] has bit (victim role) set where
 * the relation counts.  THREAT_RULES_STOCKFISH and THREAT_RULES_EVERYTHING
 * (lab/threatref.h) fill victims[] for two rule sets.
 *
 * Events, each on the board before it, which the kernel reads and does
 * not change (the caller applies the event afterwards):
 *   THREAT_PUT      code onto the empty square
 *   THREAT_REMOVE   the piece on the square taken off
 *   THREAT_REPLACE  the piece on the square replaced by code (a capture's
 *                   landing; occupancy unchanged)
 *   THREAT_MOVE     the piece on square moved to the empty square to
 *                   (a quiet move)
 * A capture is a remove at the origin and a replace at the destination;
 * en passant a remove and a move; castling two removes and two puts.
 *
 * Output.  For an event, adds = after - before and removes = before -
 * after as sets of relations: no duplicates, and never one relation both
 * added and removed (so a move along a slider's line emits no x-ray pair
 * twice).  For a board (a refresh), every relation.  Each list is in the
 * canonical order, by victim square, then attacker square (unique within
 * a list: a square holds one piece), so two kernels compare with memcmp.
 * The caller gives each list's array and its capacity; a list never has
 * more than THREAT_EVENT_MAX (event) or THREAT_BOARD_MAX (board) records.
 * A function writes no record past the capacity it is given and returns
 * -1 where a list does not fit (the arrays then hold nothing useful;
 * threat_event_diff's counts still say how long each list is).
 *
 * An engine that keeps piece sets beside its board can hand them over
 * (struct threat_pieces, threat_event_diff_pieces) and ask for the lists
 * in any order (THREAT_ANY_ORDER): the same sets, the same bounds, no
 * set-up from the 64 bytes and no sort.  threat_event_diff is that call
 * with the sets made from the board and the canonical order. */
#ifndef LAB_THREATREL_H
#define LAB_THREATREL_H

#include <stdint.h>

/* The contract's types (board codes, rules, relations, events, bounds)
 * and its two rule tables: with the reference, lab/threatref.h. */
#include "threatref.h"

/* Every relation of the board, canonical order: their count, or -1 where
 * more than capacity. */
int threat_board(const struct threat_rules *rules, const unsigned char board[64],
                 struct threat_relation *out, unsigned capacity);

/* The relations the event adds and removes (counts in *adds_count and
 * *removes_count): 0, or -1 where a list is longer than its capacity
 * (the counts then say how much room it needs).
 * The event must fit the board (a put on an empty square, a move to one,
 * a remove or replace of a piece, codes with a role). */
int threat_event_diff(const struct threat_rules *rules, const unsigned char board[64],
                      const struct threat_event *event, struct threat_relation *adds,
                      unsigned adds_capacity, unsigned *adds_count, struct threat_relation *removes,
                      unsigned removes_capacity, unsigned *removes_count);

/* The piece sets an engine keeps beside its board (Stockfish's
 * byTypeBB[ALL_PIECES .. KING] and byColorBB), for the board the event is
 * given on: occupied has the squares whose byte is not 0, type[t] the
 * squares of the pieces of type t (role % 6: PAWN .. KING as
 * support/movegen.h's), both colours, and colour[c] those of colour c
 * (role / 6).  The kernel reads occupied and the six types, and the
 * colours only to tell the pawns apart: eight words would do (black is
 * occupied less white), nine are what engines keep, so an engine fills
 * this with copies, no arithmetic.  threat_pieces_of makes them from a
 * board. */
struct threat_pieces {
    uint64_t occupied;
    uint64_t type[6];
    uint64_t colour[2];
};

void threat_pieces_of(const struct threat_rules *rules, const unsigned char board[64],
                      struct threat_pieces *pieces);

/* The order of an event's lists.  THREAT_CANONICAL: as threat_event_diff
 * (by victim square, then attacker square).  THREAT_ANY_ORDER: the same
 * two sets of records, each list in an order that is not specified and
 * may change with the event, the build, the kernel and the version (the
 * same call on the same input gives the same order).  In either order a
 * list holds each relation once, no relation is in both lists, and
 * before - removes + adds = after: what is not promised is only where a
 * record stands in its list. */
enum threat_order { THREAT_CANONICAL, THREAT_ANY_ORDER };

/* threat_event_diff with the engine's piece sets beside its board (both
 * describing the board before the event; the kernel reads the board only
 * on the squares the sets say are occupied, and builds nothing from it),
 * and the lists in the order asked for.  Returns and counts as
 * threat_event_diff's; with both capacities at least THREAT_EVENT_MAX the
 * records are written straight into the arrays (no copy).  The sets
 * must match the board, as the event must fit it: the kernel checks
 * neither. */
int threat_event_diff_pieces(const struct threat_rules *rules, const unsigned char board[64],
                             const struct threat_pieces *pieces, const struct threat_event *event,
                             enum threat_order order, struct threat_relation *adds,
                             unsigned adds_capacity, unsigned *adds_count,
                             struct threat_relation *removes, unsigned removes_capacity,
                             unsigned *removes_count);

/* threat_event_diff_pieces for an event of one kind, called where the
 * engine changes its board (its put, remove, capture landing and quiet
 * move each have their own place): the same contract, the event given by
 * its squares and code and the piece sets read where the engine keeps
 * them, no struct to fill.  types[0] is the occupancy, types[1 + t] the
 * squares of type t (both colours; Stockfish's byTypeBB is that array),
 * colours[c] those of colour c (its byColorBB); they describe the board
 * before the event, as struct threat_pieces does.  threat_diff_put: code
 * onto the empty square; threat_diff_remove: the piece on square taken
 * off; threat_diff_replace: the piece on square replaced by code;
 * threat_diff_move: the piece on from moved to the empty square to.
 * threat_event_diff_pieces answers as the one its event's kind names
 * (the same body, on the struct's members). */
int threat_diff_put(const struct threat_rules *rules, const unsigned char board[64],
                    const uint64_t types[7], const uint64_t colours[2], unsigned square,
                    unsigned code, enum threat_order order, struct threat_relation *adds,
                    unsigned adds_capacity, unsigned *adds_count, struct threat_relation *removes,
                    unsigned removes_capacity, unsigned *removes_count);
int threat_diff_remove(const struct threat_rules *rules, const unsigned char board[64],
                       const uint64_t types[7], const uint64_t colours[2], unsigned square,
                       enum threat_order order, struct threat_relation *adds,
                       unsigned adds_capacity, unsigned *adds_count,
                       struct threat_relation *removes, unsigned removes_capacity,
                       unsigned *removes_count);
int threat_diff_replace(const struct threat_rules *rules, const unsigned char board[64],
                        const uint64_t types[7], const uint64_t colours[2], unsigned square,
                        unsigned code, enum threat_order order, struct threat_relation *adds,
                        unsigned adds_capacity, unsigned *adds_count,
                        struct threat_relation *removes, unsigned removes_capacity,
                        unsigned *removes_count);
int threat_diff_move(const struct threat_rules *rules, const unsigned char board[64],
                     const uint64_t types[7], const uint64_t colours[2], unsigned from, unsigned to,
                     enum threat_order order, struct threat_relation *adds, unsigned adds_capacity,
                     unsigned *adds_count, struct threat_relation *removes,
                     unsigned removes_capacity, unsigned *removes_count);

/* The board after the event. */
void threat_apply(unsigned char board[64], const struct threat_event *event);

/* A move as events, from the boards before and after it, in ev (4 at
 * most; returns how many): a vacated square whose piece lands on a
 * filled one is a move (a quiet move, castling's king and rook, en
 * passant's pawn), the other vacated squares are removes (a capture's
 * mover, the pawn taken en passant, a promoting pawn); then come the
 * replaces (a capture's landing), the moves, the puts (a promotion).
 * Applied in order, they turn before into after.  A Chess960 castling
 * where king and rook swap squares is two replaces; where one lands on
 * the other's square (and the other elsewhere), a remove, a replace and a
 * put; else a move for each of the two that moves. */
unsigned threat_move_events(const unsigned char before[64], const unsigned char after[64],
                            struct threat_event ev[4]);

/* The same two calls from the AVX-512 VBMI2 kernel (lab/threatrel_vbmi2.c):
 * the same contract and byte for byte the same lists, callable only where
 * threat_vbmi2_available() says 1 (the CPU has AVX-512 F, BW, VL, VBMI,
 * VBMI2, BMI2 and POPCNT, and the kernel was built with them). */
int threat_vbmi2_available(void);
int threat_event_diff_vbmi2(const struct threat_rules *rules, const unsigned char board[64],
                            const struct threat_event *event, struct threat_relation *adds,
                            unsigned adds_capacity, unsigned *adds_count,
                            struct threat_relation *removes, unsigned removes_capacity,
                            unsigned *removes_count);
int threat_board_vbmi2(const struct threat_rules *rules, const unsigned char board[64],
                       struct threat_relation *out, unsigned capacity);

/* threat_event_diff_pieces from the vector kernel: the same signature and
 * contract (THREAT_CANONICAL: byte for byte the portable kernel's lists;
 * THREAT_ANY_ORDER: the same sets, no sort), the same availability.  It
 * gathers from the 64 bytes (one vpermb a square viewed); of the piece
 * sets it reads none (lab/threatrel_vbmi2.c says why), but they must
 * still match the board, as for the portable call.  Where it writes
 * straight into the arrays (both capacities at least THREAT_EVENT_MAX)
 * it stores 16 records at a time, so records past the counts (never
 * past THREAT_EVENT_MAX) may change. */
int threat_event_diff_pieces_vbmi2(const struct threat_rules *rules, const unsigned char board[64],
                                   const struct threat_pieces *pieces,
                                   const struct threat_event *event, enum threat_order order,
                                   struct threat_relation *adds, unsigned adds_capacity,
                                   unsigned *adds_count, struct threat_relation *removes,
                                   unsigned removes_capacity, unsigned *removes_count);

#endif /* LAB_THREATREL_H */
