/* SPDX-License-Identifier: MIT */
/* lookups.h - what the move generator (movegen.c) and the search
 * (search.c) are built on, included by each before anything else: the
 * attack sets, from the library (by default), its inline lookups
 * (MOVEGEN_INLINE), the reference ray walk (MOVEGEN_REFERENCE) or one
 * flavour's unit (MOVEGEN_FLAVOUR=NAME, which also gives the public
 * functions the flavour's name: perft_NAME, search_NAME and so on); and
 * bit helpers. */
#ifndef SUPPORT_LOOKUPS_H
#define SUPPORT_LOOKUPS_H

#include <stdint.h>

#ifdef MOVEGEN_FLAVOUR
/* The benchmark's copies, one for each flavour (built with
 * -DMOVEGEN_FLAVOUR=NAME): the public functions carry the flavour's name
 * (perft_NAME and so on). */
#define MOVEGEN_CAT_(a, b) a##b
#define MOVEGEN_CAT(a, b) MOVEGEN_CAT_(a, b)
#define parse_fen MOVEGEN_CAT(parse_fen_, MOVEGEN_FLAVOUR)
#define generate MOVEGEN_CAT(generate_, MOVEGEN_FLAVOUR)
#define play MOVEGEN_CAT(play_, MOVEGEN_FLAVOUR)
#define in_check MOVEGEN_CAT(in_check_, MOVEGEN_FLAVOUR)
#define perft MOVEGEN_CAT(perft_, MOVEGEN_FLAVOUR)
#define walk MOVEGEN_CAT(walk_, MOVEGEN_FLAVOUR)
#define walk_standard MOVEGEN_CAT(walk_standard_, MOVEGEN_FLAVOUR)
#define move_name MOVEGEN_CAT(move_name_, MOVEGEN_FLAVOUR)
#define search MOVEGEN_CAT(search_, MOVEGEN_FLAVOUR)
#endif

#ifdef MOVEGEN_REFERENCE
#include "reference.h"
#define mbb_rook_attacks ref_rook
#define mbb_bishop_attacks ref_bishop
#define mbb_queen_attacks ref_queen
#define mbb_knight_attacks ref_knight
#define mbb_king_attacks ref_king
#define mbb_pawn_attacks ref_pawn
#define mbb_between ref_between
#define mbb_line ref_line
#elif defined(MOVEGEN_INLINE)
#define MAGICBB_INLINE /* the documented inline path: a static build */
#include <magicbb.h>
#elif defined(MOVEGEN_FLAVOUR)
/* The flavour's lookups of its unit, on the all-flavour layer's tables
 * (every flavour's, and the board's: lab/tables-all.c). */
#include "flavours-all.h"
extern const uint64_t mbb_tab_knight[64], mbb_tab_king[64], mbb_tab_pawn[2][64],
    mbb_tab_between[64][64], mbb_tab_line[64][64];
#define MOVEGEN_LOOKUP(piece) MOVEGEN_CAT(MOVEGEN_CAT(mbb_, MOVEGEN_FLAVOUR), _##piece##_attacks)
#define mbb_rook_attacks MOVEGEN_LOOKUP(rook)
#define mbb_bishop_attacks MOVEGEN_LOOKUP(bishop)
#define mbb_queen_attacks MOVEGEN_LOOKUP(queen)
#define mbb_knight_attacks(sq) mbb_tab_knight[sq]
#define mbb_king_attacks(sq) mbb_tab_king[sq]
#define mbb_pawn_attacks(color, sq) mbb_tab_pawn[color][sq]
#define mbb_between(a, b) mbb_tab_between[a][b]
#define mbb_line(a, b) mbb_tab_line[a][b]
#else
#include <magicbb.h>
#endif

#define BIT(sq) ((uint64_t)1 << (sq))

/* The lowest set square of b (b != 0): the compiler's count of trailing
 * zeros where there is one, else a De Bruijn multiply (one multiply, one
 * shift and a 64-entry table, not a bit at a time).  MOVEGEN_PORTABLE
 * forces the plain C, for its test. */
static inline unsigned lsb(uint64_t b)
{
#if (defined(__GNUC__) || defined(__clang__)) && !defined(MOVEGEN_PORTABLE)
    return (unsigned)__builtin_ctzll(b);
#else
    static const unsigned char index[64] = {
        0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,  62, 55, 59, 36, 53, 51,
        43, 22, 45, 39, 33, 30, 24, 18, 12, 5,  63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21,
        44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6,
    };

    return index[((b & (0 - b)) * 0x03f79d71b4cb0a89u) >> 58];
#endif
}

static inline unsigned popcount(uint64_t b)
{
#if (defined(__GNUC__) || defined(__clang__)) && !defined(MOVEGEN_PORTABLE)
    return (unsigned)__builtin_popcountll(b);
#else
    unsigned n = 0;

    for (; b; b &= b - 1)
        n++;
    return n;
#endif
}

#endif /* SUPPORT_LOOKUPS_H */
