/* SPDX-License-Identifier: MIT */
/* magicbb_inline.h - the lookups of <magicbb.h> as MBB_FN
 * functions (mbb_rook_attacks_inline and so on): the same answers without
 * a call.  #define MAGICBB_INLINE before including <magicbb.h> gives them
 * the API's own names.
 *
 * The sliders are those of the flavour magicbb_config.h chooses for the
 * code being compiled: the library's flavour, or in a dispatch library
 * (and the vendored drop-in) the first of its flavours whose instructions
 * that code is compiled for, so -mbmi2 gives pext and no flag a portable
 * flavour, each inlined.  They read the library's tables in place, so
 * they are for programs that link the static library: cc app.c
 * $(pkg-config --cflags --libs magicbb-inline).  The tables are not
 * exported from the shared library (a program would otherwise carry a copy
 * of them, through copy relocations), and their names carry the flavour:
 * a program built against one flavour's header fails to link against
 * another's library rather than read the wrong tables.
 *
 * Engines that index tables may read three arrays directly (not in a
 * library configured --enable-small, MBB_SMALL):
 *   mbb_tab_between[a][b]   mbb_between(a, b)
 *   mbb_tab_line[a][b]      mbb_line(a, b)
 *   mbb_tab_ray_pass[a][b]  mbb_ray_pass(a, b)
 *
 * In C++17 and later, magicbb::board<> holds the leaper, between, line and
 * ray_pass tables and the sliders' empty-board attacks as constant
 * expressions, for an engine's compile-time tables (magicbb/constexpr.h).
 *
 * Preconditions as in <magicbb.h>; compiled with MBB_DEBUG defined, the
 * inline lookups trap on an out-of-range square. */
#ifndef MAGICBB_INLINE_H
#define MAGICBB_INLINE_H

#include "magicbb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The flavour: its tables and lookups (MBB_INLINE_ROOK and so on), with C
 * linkage in C++ too; MBB_REQUIRE, the debug build's trap, with them. */
#include "magicbb_config.h"
#include "magicbb/sets.h"

/* A program whose inline lookups were linked without their tables fails
 * to link naming MBB_LINK_RULE's symbol (magicbb/shapes.h), which says
 * what to do, beside the tables' own names: each object keeps a pointer to
 * it (gcc and clang; not in the library itself). */
#if defined(MBB_INLINE_LINK_RULE) && !defined(MBB_BUILDING)                                        \
    && (defined(__GNUC__) || defined(__clang__))
extern const char MBB_INLINE_LINK_RULE;
__attribute__((used)) static const char *const mbb_link_rule = &MBB_INLINE_LINK_RULE;
#endif
/* The drop-in's board tables are in its one MAGICBB_IMPLEMENTATION file
 * alone (MAGICBB_IMPLEMENTATION_SLIDERS files have their flavour's): a
 * program with none fails to link naming MBB_LINK_RULE(board) too. */
#if defined(MBB_INLINE_BOARD_TABLES) && !defined(MBB_BUILDING)                                     \
    && (defined(__GNUC__) || defined(__clang__))
extern const char MBB_LINK_RULE(board);
__attribute__((used)) static const char *const mbb_board_link_rule = &MBB_LINK_RULE(board);
#endif

extern const uint64_t mbb_tab_knight[64];
extern const uint64_t mbb_tab_king[64];
extern const uint64_t mbb_tab_pawn[2][64];
#if !MBB_SMALL
extern const uint64_t mbb_tab_between[64][64];
extern const uint64_t mbb_tab_line[64][64];
extern const uint64_t mbb_tab_ray_pass[64][64];
#endif

MBB_FN uint64_t mbb_rook_attacks_inline(unsigned sq, uint64_t occupied)
{
    MBB_REQUIRE(sq < 64);
    return MBB_INLINE_ROOK(sq, occupied);
}

MBB_FN uint64_t mbb_bishop_attacks_inline(unsigned sq, uint64_t occupied)
{
    MBB_REQUIRE(sq < 64);
    return MBB_INLINE_BISHOP(sq, occupied);
}

MBB_FN uint64_t mbb_queen_attacks_inline(unsigned sq, uint64_t occupied)
{
    MBB_REQUIRE(sq < 64);
    return MBB_INLINE_QUEEN(sq, occupied);
}

MBB_FN uint64_t mbb_knight_attacks_inline(unsigned sq)
{
    MBB_REQUIRE(sq < 64);
    return mbb_tab_knight[sq];
}

MBB_FN uint64_t mbb_king_attacks_inline(unsigned sq)
{
    MBB_REQUIRE(sq < 64);
    return mbb_tab_king[sq];
}

MBB_FN uint64_t mbb_pawn_attacks_inline(unsigned color, unsigned sq)
{
    MBB_REQUIRE(color < 2 && sq < 64);
    return mbb_tab_pawn[color][sq];
}

/* Every pawn one rank forward (white up, black down) and one file to each
 * side, the file it would leave the board from masked off first. */
MBB_FN uint64_t mbb_pawn_attacks_set_inline(unsigned color, uint64_t pawns)
{
    const uint64_t not_a = ~UINT64_C(0x0101010101010101), not_h = ~UINT64_C(0x8080808080808080);

    MBB_REQUIRE(color < 2);
    return color == 0 ? (pawns & not_a) << 7 | (pawns & not_h) << 9
                      : (pawns & not_a) >> 9 | (pawns & not_h) >> 7;
}

#if MBB_SMALL
/* From the slider lookups.  a and b share a rank or file when a rook on a
 * sees b on an empty board.  Then the squares between them are those a
 * rook on a (b occupied) and one on b (a occupied) both attack: their
 * other rays point away from each other or lie on other ranks and files.
 * The line is what the two see on an empty board, with a and b.  The
 * same for diagonals with bishops. */
MBB_FN uint64_t mbb_between_inline(unsigned a, unsigned b)
{
    const uint64_t bit_a = UINT64_C(1) << a, bit_b = UINT64_C(1) << b;

    MBB_REQUIRE(a < 64 && b < 64);
    if (mbb_rook_attacks_inline(a, 0) & bit_b)
        return mbb_rook_attacks_inline(a, bit_b) & mbb_rook_attacks_inline(b, bit_a);
    if (mbb_bishop_attacks_inline(a, 0) & bit_b)
        return mbb_bishop_attacks_inline(a, bit_b) & mbb_bishop_attacks_inline(b, bit_a);
    return 0;
}

MBB_FN uint64_t mbb_line_inline(unsigned a, unsigned b)
{
    const uint64_t bit_a = UINT64_C(1) << a, bit_b = UINT64_C(1) << b;
    uint64_t seen_a;

    MBB_REQUIRE(a < 64 && b < 64);
    if ((seen_a = mbb_rook_attacks_inline(a, 0)) & bit_b)
        return (seen_a & mbb_rook_attacks_inline(b, 0)) | bit_a | bit_b;
    if ((seen_a = mbb_bishop_attacks_inline(a, 0)) & bit_b)
        return (seen_a & mbb_bishop_attacks_inline(b, 0)) | bit_a | bit_b;
    return 0;
}
#else
MBB_FN uint64_t mbb_between_inline(unsigned a, unsigned b)
{
    MBB_REQUIRE(a < 64 && b < 64);
    return mbb_tab_between[a][b];
}

MBB_FN uint64_t mbb_line_inline(unsigned a, unsigned b)
{
    MBB_REQUIRE(a < 64 && b < 64);
    return mbb_tab_line[a][b];
}
#endif

#if MBB_SMALL
/* Stockfish's formula: of the squares a slider on a sees on an empty
 * board, those a slider on b sees with a occupied (the squares between
 * and the ray past b), and b. */
MBB_FN uint64_t mbb_ray_pass_inline(unsigned a, unsigned b)
{
    const uint64_t bit_a = UINT64_C(1) << a, bit_b = UINT64_C(1) << b;
    uint64_t seen_a;

    MBB_REQUIRE(a < 64 && b < 64);
    if ((seen_a = mbb_rook_attacks_inline(a, 0)) & bit_b)
        return seen_a & (mbb_rook_attacks_inline(b, bit_a) | bit_b);
    if ((seen_a = mbb_bishop_attacks_inline(a, 0)) & bit_b)
        return seen_a & (mbb_bishop_attacks_inline(b, bit_a) | bit_b);
    return 0;
}
#else
MBB_FN uint64_t mbb_ray_pass_inline(unsigned a, unsigned b)
{
    MBB_REQUIRE(a < 64 && b < 64);
    return mbb_tab_ray_pass[a][b];
}
#endif

MBB_FN uint64_t mbb_segment_inline(unsigned a, unsigned b)
{
    MBB_REQUIRE(a < 64 && b < 64);
    return mbb_between_inline(a, b) | UINT64_C(1) << b;
}

MBB_FN int mbb_aligned_inline(unsigned a, unsigned b, unsigned c)
{
    MBB_REQUIRE(c < 64);
    return MBB_CAST(int, mbb_line_inline(a, b) >> c & 1);
}

/* The nearest occupied square in each direction, from no table and
 * without a branch: the same code in every flavour and every build.
 * Each ray is a constant line shifted to sq (left by sq for the four
 * whose squares grow, N, NE, E and NW; right by 63 - sq for the others),
 * less the squares that wrapped round to the other side of the board
 * (the files east or west of sq's, its rank).  Its nearest occupied
 * square is then its lowest one or its highest, found with a sentinel
 * that a ray cannot hold, so that no count sees 0: a ray above sq never
 * holds a1, so x >> 1 with h8 added counts x's lowest square less one,
 * or 63 where x is empty; a ray below never holds h8, so 2x + 1 counts
 * 62 less x's highest square in leading zeros, or 63.  Each count is
 * put in its byte, and a few operations on the whole word turn all
 * eight into squares, or MBB_NO_SQUARE. */
MBB_FN uint64_t mbb_nearest_above_(uint64_t ray_occupied)
{
    return mbb_lowest_square(ray_occupied >> 1 | UINT64_C(1) << 63);
}

MBB_FN uint64_t mbb_nearest_below_(uint64_t ray_occupied)
{
    return mbb_leading_zeros(2 * ray_occupied + 1);
}

MBB_FN uint64_t mbb_nearest_of_(unsigned sq, uint64_t occupied)
{
    const uint64_t a_file = UINT64_C(0x0101010101010101), on_file = a_file << (sq & 7);
    const uint64_t west = occupied & (on_file - a_file), east = occupied & ~(2 * on_file - a_file);
    const uint64_t rank = occupied & UINT64_C(0xff) << (sq & 56);
    const unsigned down = 63 - sq;
    /* in each byte: the lowest square less one, 63 for none */
    const uint64_t above
        = mbb_nearest_above_(UINT64_C(0x0101010101010100) << sq & occupied) << 8 * MBB_DIR_N
          | mbb_nearest_above_(UINT64_C(0x8040201008040200) << sq & east) << 8 * MBB_DIR_NE
          | mbb_nearest_above_(UINT64_C(0x00000000000000fe) << sq & rank) << 8 * MBB_DIR_E
          | mbb_nearest_above_(UINT64_C(0x0002040810204080) << sq & west) << 8 * MBB_DIR_NW;
    /* in each byte: 62 less the highest square, 63 for none */
    const uint64_t below
        = mbb_nearest_below_(UINT64_C(0x0102040810204000) >> down & east) << 8 * MBB_DIR_SE
          | mbb_nearest_below_(UINT64_C(0x0080808080808080) >> down & occupied) << 8 * MBB_DIR_S
          | mbb_nearest_below_(UINT64_C(0x0040201008040201) >> down & west) << 8 * MBB_DIR_SW
          | mbb_nearest_below_(UINT64_C(0x7f00000000000000) >> down & rank) << 8 * MBB_DIR_W;
    /* above's bytes plus one; below's 126 less the count with bit 6
     * flipped: the square, or 127 for none (no byte carries to the
     * next); then bit 6 clears the others of its byte: 64 and 127 to 64. */
    const uint64_t squares
        = (above + UINT64_C(0x0100000000010101) + UINT64_C(0x007e7e7e7e000000) - below)
          ^ UINT64_C(0x0040404040000000);

    return squares & ~((squares >> 6 & a_file) * 0x3f);
}

MBB_FN uint64_t mbb_nearest_inline(unsigned sq, uint64_t occupied)
{
    MBB_REQUIRE(sq < 64); /* before the shifts by sq */
    return mbb_nearest_of_(sq, occupied);
}

/* Both sliders of a square, and the set attacks, on the inlined
 * flavour's lookups (magicbb/sets.h). */
MBB_DEFINE_SETS(mbb_both_attacks_inline, mbb_rook_attacks_set_inline, mbb_bishop_attacks_set_inline,
                mbb_queen_attacks_set_inline, MBB_INLINE_ROOK, MBB_INLINE_BISHOP, MBB_INLINE_QUEEN)

/* The knights' and kings' set attacks (magicbb/sets.h's MBB_DEFINE_SET,
 * on lookups that ignore the occupancy). */
#define MBB_KNIGHT_OF_(sq, occupied) ((void)(occupied), mbb_knight_attacks_inline(sq))
#define MBB_KING_OF_(sq, occupied) ((void)(occupied), mbb_king_attacks_inline(sq))
MBB_DEFINE_SET(mbb_knight_set_inline_, MBB_KNIGHT_OF_)
MBB_DEFINE_SET(mbb_king_set_inline_, MBB_KING_OF_)

MBB_FN uint64_t mbb_knight_attacks_set_inline(uint64_t pieces)
{
    return mbb_knight_set_inline_(pieces, 0);
}

MBB_FN uint64_t mbb_king_attacks_set_inline(uint64_t pieces)
{
    return mbb_king_set_inline_(pieces, 0);
}

/* The flavour inlined here (a dispatch library's mbb_flavour() names the
 * one it picked for the CPU instead), its tables' bytes, and the version
 * of these headers. */
MBB_FN const char *mbb_flavour_inline(void)
{
    return MBB_INLINE_NAME;
}

MBB_FN size_t mbb_table_bytes_inline(void)
{
    return MBB_INLINE_TABLE_BYTES;
}

MBB_FN const char *mbb_version_inline(void)
{
    return MAGICBB_VERSION_STRING;
}

#ifdef __cplusplus
}
#endif

/* C++17: magicbb::board<>, the board's tables as constant expressions. */
#include "magicbb/constexpr.h"

#endif /* MAGICBB_INLINE_H */
