/* SPDX-License-Identifier: MIT */
/* geometry.h - squares, rays and masks, computed the slow and obvious way.
 * Everything the generator emits is derived from, and checked against,
 * these functions. */
#ifndef GEN_GEOMETRY_H
#define GEN_GEOMETRY_H

#include <stdint.h>

enum piece { PIECE_ROOK, PIECE_BISHOP };
#define PIECE_COUNT 2

const char *piece_name(enum piece piece);

/* "a1".."h8" to 0..63; -1 for anything else. */
int square_parse(const char *text);
/* 0..63 to "a1".."h8"; name must hold 3 bytes. */
void square_name(unsigned sq, char name[3]);

/* Squares a slider on sq attacks: walk each ray one step at a time and
 * stop on (and include) the first occupied square. */
uint64_t ray_attacks(enum piece piece, unsigned sq, uint64_t occupied);

/* Occupancy that matters to a slider on sq: its empty-board rays without
 * the last square of each, since a blocker there changes nothing (the ray
 * ends at the edge anyway). */
uint64_t relevant_mask(enum piece piece, unsigned sq);

/* Next subset of mask after subset, in counting order; 0 after the last.
 * Start from 0 and stop when it comes back to 0. */
static inline uint64_t subset_next(uint64_t subset, uint64_t mask)
{
    return (subset - mask) & mask;
}

static inline unsigned popcount64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_popcountll(x);
#else
    unsigned n = 0;

    for (; x != 0; x &= x - 1)
        n++;
    return n;
#endif
}

/* The lowest set bit of x (x != 0). */
static inline unsigned lowest_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned n = 0;

    for (; !(x & 1); x >>= 1)
        n++;
    return n;
#endif
}

uint64_t knight_attacks(unsigned sq);
uint64_t king_attacks(unsigned sq);
uint64_t pawn_attacks(unsigned color, unsigned sq);
/* Squares strictly between aligned a and b; 0 if not aligned or equal. */
uint64_t between_squares(unsigned a, unsigned b);
/* Edge-to-edge line through aligned a and b; 0 if not aligned or equal. */
uint64_t line_through(unsigned a, unsigned b);
/* The ray from a through b on to the board's edge: a excluded, the
 * squares between, b and those past it (Stockfish's ray_pass_bb); 0 if
 * not aligned or equal. */
uint64_t ray_pass(unsigned a, unsigned b);

/* The table-free flavours' lines: the squares of line i through sq, both
 * ways, without sq, for i of LINE_FILE, LINE_RANK, LINE_DIAGONAL (a1-h8's
 * direction), LINE_ANTIDIAGONAL (a8-h1's), the order of the computed
 * flavours' records. */
enum { LINE_FILE, LINE_RANK, LINE_DIAGONAL, LINE_ANTIDIAGONAL, LINE_COUNT };
uint64_t line_numbered(unsigned sq, unsigned i);
/* The first rank's attacks: rank[inner * 8 + file] for a rook on `file`,
 * the six inner squares occupied as the bits of `inner` say. */
void first_rank_attacks(uint8_t rank[8 * 64]);

#endif /* GEN_GEOMETRY_H */
