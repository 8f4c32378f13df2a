/* SPDX-License-Identifier: MIT */
/* magicbb.h - slider, leaper and line attacks from constant tables.
 *
 * Squares are numbered 0 = a1, 1 = b1, ..., 7 = h1, 8 = a2, ..., 63 = h8;
 * bit n of a bitboard is square n.  Every function is pure, needs no
 * initialisation and reads only constant tables.
 *
 * Preconditions: sq, a, b < 64 and color < 2.  Other values are undefined
 * behaviour; a library built with --enable-debug traps on them instead.
 *
 * This header is the same for every table flavour, and so is the library's
 * interface: a program that calls these functions runs against a
 * libmagicbb.so.3 of any flavour.
 *
 * Define MAGICBB_INLINE before including it (or before including it again,
 * where another header included it first), and every function below is
 * the inline lookup of <magicbb_inline.h> under the same name: no call, the
 * tables read in place (link the static library: pkg-config
 * magicbb-inline).  The vendored drop-in, single/magicbb.h, is this header
 * with MAGICBB_INLINE on.
 */
#ifndef MAGICBB_H
#define MAGICBB_H

#include <stddef.h>
#include <stdint.h>

/* The version of this header; mbb_version() gives the library's. */
#define MAGICBB_VERSION_MAJOR 0
#define MAGICBB_VERSION_MINOR 1
#define MAGICBB_VERSION_PATCH 0
#define MAGICBB_VERSION_STRING "0.1.0"

#if defined(MBB_BUILDING) && (defined(__GNUC__) || defined(__clang__))
#define MBB_API __attribute__((visibility("default")))
#else
#define MBB_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Squares attacked by a slider on sq: each ray runs up to and including
 * the first occupied square, whatever its colour.  `occupied` may hold any
 * bits, the slider's own square included. */
MBB_API uint64_t mbb_rook_attacks(unsigned sq, uint64_t occupied);
MBB_API uint64_t mbb_bishop_attacks(unsigned sq, uint64_t occupied);
MBB_API uint64_t mbb_queen_attacks(unsigned sq, uint64_t occupied);

/* The bishop's and the rook's attacks of one square, from one call:
 * bishop == mbb_bishop_attacks(sq, occupied), rook ==
 * mbb_rook_attacks(sq, occupied) (returned in two registers), for threat
 * inputs that ask both of every square a piece lands on.  Bishop first,
 * in the order of Stockfish's both_attacks_bb pair, so that C++17's
 * `const auto [bishop, rook] = mbb_both_attacks(sq, occupied);` ports
 * its structured bindings as they are. */
struct mbb_both {
    uint64_t bishop, rook;
};
MBB_API struct mbb_both mbb_both_attacks(unsigned sq, uint64_t occupied);

/* Every square attacked by at least one slider of the set `pieces` (any
 * squares, occupied or not, none too): the union over its squares of the
 * single lookups with the same `occupied`.  Knights and kings need no
 * occupancy. */
MBB_API uint64_t mbb_rook_attacks_set(uint64_t pieces, uint64_t occupied);
MBB_API uint64_t mbb_bishop_attacks_set(uint64_t pieces, uint64_t occupied);
MBB_API uint64_t mbb_queen_attacks_set(uint64_t pieces, uint64_t occupied);
MBB_API uint64_t mbb_knight_attacks_set(uint64_t pieces);
MBB_API uint64_t mbb_king_attacks_set(uint64_t pieces);

/* Squares attacked by a leaper on sq.  color: 0 white, 1 black. */
MBB_API uint64_t mbb_knight_attacks(unsigned sq);
MBB_API uint64_t mbb_king_attacks(unsigned sq);
MBB_API uint64_t mbb_pawn_attacks(unsigned color, unsigned sq);

/* Squares attacked by all the pawns of colour `color` on `pawns`. */
MBB_API uint64_t mbb_pawn_attacks_set(unsigned color, uint64_t pawns);

/* For two squares on one rank, file or diagonal: the squares strictly
 * between them (mbb_between), or the whole edge-to-edge line through both
 * (mbb_line).  0 when a == b or the squares are not aligned. */
MBB_API uint64_t mbb_between(unsigned a, unsigned b);
MBB_API uint64_t mbb_line(unsigned a, unsigned b);

/* The squares from a to b, b included: mbb_between(a, b) and b.  b alone
 * where the two are not aligned (a knight's check is blocked nowhere),
 * so for a king on a checked by a piece on b it is where a move must go:
 * Stockfish's between_bb(a, b). */
MBB_API uint64_t mbb_segment(unsigned a, unsigned b);

/* 1 where c lies on the line through a and b (a != b, aligned), else 0:
 * a pinned piece on c may move along the pin. */
MBB_API int mbb_aligned(unsigned a, unsigned b, unsigned c);

/* The ray from a through b on to the board's edge: a excluded, the
 * squares between a and b, b, and the squares past b; 0 where a and b are
 * equal or not on one rank, file or diagonal.  Stockfish's
 * ray_pass_bb(a, b), on every pair.  (The part past b alone, b included,
 * is mbb_ray_pass(a, b) & ~mbb_between(a, b), which this call gave in the
 * development builds of library interface 2.) */
MBB_API uint64_t mbb_ray_pass(unsigned a, unsigned b);

/* The nearest occupied square from sq in each of the eight directions,
 * one a byte: byte d (bits 8d to 8d + 7) is the first occupied square of
 * the ray from sq in direction d (sq excluded), or MBB_NO_SQUARE (64)
 * where that ray holds none.  `occupied` may hold any bits, sq's own
 * included.  The directions run clockwise from north, so that even ones
 * are a rook's and odd ones a bishop's, and direction d's opposite is
 * d ^ 4: bytes d and d ^ 4 are the nearest pieces on the two sides of sq
 * along one line, and rotating the result by 32 bits puts each ray's
 * opposite in its byte.  So the x-ray pairs through sq come from one
 * call: a slider in byte d that moves along its line sees through sq the
 * piece in byte d ^ 4 (Stockfish finds it one slider at a time, with
 * ray_pass_bb(slider, sq) & occupied).  No table: the same code in every
 * flavour. */
#define MBB_DIR_N 0  /* up a file: sq + 8, sq + 16, ... */
#define MBB_DIR_NE 1 /* sq + 9, ... */
#define MBB_DIR_E 2  /* along a rank towards the h-file: sq + 1, ... */
#define MBB_DIR_SE 3 /* sq - 7, ... */
#define MBB_DIR_S 4  /* sq - 8, ... */
#define MBB_DIR_SW 5 /* sq - 9, ... */
#define MBB_DIR_W 6  /* sq - 1, ... */
#define MBB_DIR_NW 7 /* sq + 7, ... */
#define MBB_DIR_OPPOSITE(d) ((d) ^ 4)
#define MBB_NO_SQUARE 64
/* Byte d of mbb_nearest's result: the square, or MBB_NO_SQUARE. */
#ifdef __cplusplus
#define MBB_NEAREST_IN(nearest, d) (static_cast<unsigned>((nearest) >> 8 * (d)) & 0xffu)
#else
#define MBB_NEAREST_IN(nearest, d) ((unsigned)((nearest) >> 8 * (d)) & 0xffu)
#endif
MBB_API uint64_t mbb_nearest(unsigned sq, uint64_t occupied);

/* Name of the table flavour built into the library, such as "fancy" or
 * "pext" (magicbb(3) lists them). */
MBB_API const char *mbb_flavour(void);

/* Bytes of the slider tables: the flavour's attack tables plus its
 * per-square entries. */
MBB_API size_t mbb_table_bytes(void);

/* The library's version, "MAJOR.MINOR.PATCH". */
MBB_API const char *mbb_version(void);

#ifdef __cplusplus
}
#endif

#endif /* MAGICBB_H */

/* Outside the guard, so that MAGICBB_INLINE works whatever came first: a
 * file that defines it after another header had included <magicbb.h>, and
 * includes <magicbb.h> again, gets the inline lookups all the same. */
#if defined(MAGICBB_INLINE) && !defined(MAGICBB_H_INLINE_NAMES)
#define MAGICBB_H_INLINE_NAMES
#include "magicbb_inline.h"
#define mbb_rook_attacks mbb_rook_attacks_inline
#define mbb_bishop_attacks mbb_bishop_attacks_inline
#define mbb_queen_attacks mbb_queen_attacks_inline
#define mbb_knight_attacks mbb_knight_attacks_inline
#define mbb_king_attacks mbb_king_attacks_inline
#define mbb_pawn_attacks mbb_pawn_attacks_inline
#define mbb_pawn_attacks_set mbb_pawn_attacks_set_inline
#define mbb_between mbb_between_inline
#define mbb_line mbb_line_inline
#define mbb_segment mbb_segment_inline
#define mbb_aligned mbb_aligned_inline
#define mbb_flavour mbb_flavour_inline
#define mbb_table_bytes mbb_table_bytes_inline
#define mbb_version mbb_version_inline
#define mbb_both_attacks mbb_both_attacks_inline
#define mbb_rook_attacks_set mbb_rook_attacks_set_inline
#define mbb_bishop_attacks_set mbb_bishop_attacks_set_inline
#define mbb_queen_attacks_set mbb_queen_attacks_set_inline
#define mbb_knight_attacks_set mbb_knight_attacks_set_inline
#define mbb_king_attacks_set mbb_king_attacks_set_inline
#define mbb_ray_pass mbb_ray_pass_inline
#define mbb_nearest mbb_nearest_inline
#endif
/* The vendored drop-in's tables, in the one file that defines
 * MAGICBB_IMPLEMENTATION (single/magicbb_config.h names them), once.  A
 * program built for several instruction sets has one such file per
 * flavour its builds inline: one defines MAGICBB_IMPLEMENTATION, the
 * others MAGICBB_IMPLEMENTATION_SLIDERS, their flavour's slider tables
 * without the board's, which are the same in every flavour. */
#if defined(MAGICBB_IMPLEMENTATION) && defined(MAGICBB_IMPLEMENTATION_SLIDERS)
#error "define MAGICBB_IMPLEMENTATION or MAGICBB_IMPLEMENTATION_SLIDERS, not both (doc/engines.md)"
#endif
#if defined(MAGICBB_INLINE)                                                                        \
    && (defined(MAGICBB_IMPLEMENTATION) || defined(MAGICBB_IMPLEMENTATION_SLIDERS))                \
    && defined(MBB_INLINE_TABLES) && !defined(MAGICBB_H_TABLES)
#define MAGICBB_H_TABLES
#include MBB_INLINE_TABLES
#ifndef MAGICBB_IMPLEMENTATION_SLIDERS
#include MBB_INLINE_BOARD_TABLES
/* What the link names where a program has no MAGICBB_IMPLEMENTATION file
 * (magicbb_inline.h refers to it), or two: "used" keeps it global where
 * link time optimisation makes the tables private to each part of a
 * build, so that two parts that each hold a copy fail to link too. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((used))
#endif
const char MBB_LINK_RULE(board)
    = 1;
#endif
#endif
