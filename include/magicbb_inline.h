/* SPDX-License-Identifier: MIT */
/* magicbb_inline.h - the lookups of <magicbb.h> as static inline
 * functions (mbb_rook_attacks_inline and so on): the same answers without
 * a call.
 *
 * They read the library's tables directly, so they are for programs that
 * link the static library: cc app.c $(pkg-config --cflags --libs
 * magicbb-inline).  The tables are not exported from the shared library
 * (a program would otherwise carry a copy of them, through copy
 * relocations), and their names carry the flavour: a program built
 * against one flavour's header fails to link against another's library
 * rather than read the wrong tables.
 *
 * Preconditions as in <magicbb.h>; compiled with MBB_DEBUG defined, the
 * inline lookups trap on an out-of-range square. */
#ifndef MAGICBB_INLINE_H
#define MAGICBB_INLINE_H

#include "magicbb.h"
#include "magicbb_config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The flavour's tables and lookups, with C linkage in C++ too. */
#if !MBB_FLAVOUR_DISPATCH
#include MBB_FLAVOUR_HEADER
#endif

/* MBB_REQUIRE, the debug build's trap, is in magicbb/bits.h. */
#include "magicbb/bits.h"

/* The lookups of a flavour built for an instruction set (isa.def)
 * inline only where the including code is compiled for them too (their
 * flags in isa.def, or a -march that has them); elsewhere, and in a dispatch
 * library, the inline sliders call the library. */
#if MBB_FLAVOUR_DISPATCH
#define MBB_INLINE_SLIDERS 0
#elif MBB_FLAVOUR_ISA_MET
#define MBB_INLINE_SLIDERS 1
#else
#define MBB_INLINE_SLIDERS 0
#endif

extern const uint64_t mbb_tab_knight[64];
extern const uint64_t mbb_tab_king[64];
extern const uint64_t mbb_tab_pawn[2][64];
#if !MBB_SMALL
extern const uint64_t mbb_tab_between[64][64];
extern const uint64_t mbb_tab_line[64][64];
#endif

static inline uint64_t mbb_rook_attacks_inline(unsigned sq, uint64_t occupied)
{
#if MBB_INLINE_SLIDERS
    MBB_REQUIRE(sq < 64);
    return MBB_FLAVOUR_ROOK(sq, occupied);
#else
    return mbb_rook_attacks(sq, occupied);
#endif
}

static inline uint64_t mbb_bishop_attacks_inline(unsigned sq, uint64_t occupied)
{
#if MBB_INLINE_SLIDERS
    MBB_REQUIRE(sq < 64);
    return MBB_FLAVOUR_BISHOP(sq, occupied);
#else
    return mbb_bishop_attacks(sq, occupied);
#endif
}

static inline uint64_t mbb_queen_attacks_inline(unsigned sq, uint64_t occupied)
{
#if MBB_INLINE_SLIDERS
    MBB_REQUIRE(sq < 64);
    return MBB_FLAVOUR_QUEEN(sq, occupied);
#else
    return mbb_queen_attacks(sq, occupied);
#endif
}

static inline uint64_t mbb_knight_attacks_inline(unsigned sq)
{
    MBB_REQUIRE(sq < 64);
    return mbb_tab_knight[sq];
}

static inline uint64_t mbb_king_attacks_inline(unsigned sq)
{
    MBB_REQUIRE(sq < 64);
    return mbb_tab_king[sq];
}

static inline uint64_t mbb_pawn_attacks_inline(unsigned color, unsigned sq)
{
    MBB_REQUIRE(color < 2 && sq < 64);
    return mbb_tab_pawn[color][sq];
}

#if MBB_SMALL
/* From the slider lookups.  a and b share a rank or file when a rook on a
 * sees b on an empty board.  Then the squares between them are those a
 * rook on a (b occupied) and one on b (a occupied) both attack: their
 * other rays point away from each other or lie on other ranks and files.
 * The line is what the two see on an empty board, with a and b.  The
 * same for diagonals with bishops. */
static inline uint64_t mbb_between_inline(unsigned a, unsigned b)
{
    const uint64_t bit_a = UINT64_C(1) << a, bit_b = UINT64_C(1) << b;

    MBB_REQUIRE(a < 64 && b < 64);
    if (mbb_rook_attacks_inline(a, 0) & bit_b)
        return mbb_rook_attacks_inline(a, bit_b) & mbb_rook_attacks_inline(b, bit_a);
    if (mbb_bishop_attacks_inline(a, 0) & bit_b)
        return mbb_bishop_attacks_inline(a, bit_b) & mbb_bishop_attacks_inline(b, bit_a);
    return 0;
}

static inline uint64_t mbb_line_inline(unsigned a, unsigned b)
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
static inline uint64_t mbb_between_inline(unsigned a, unsigned b)
{
    MBB_REQUIRE(a < 64 && b < 64);
    return mbb_tab_between[a][b];
}

static inline uint64_t mbb_line_inline(unsigned a, unsigned b)
{
    MBB_REQUIRE(a < 64 && b < 64);
    return mbb_tab_line[a][b];
}
#endif

#ifdef __cplusplus
}
#endif

#endif /* MAGICBB_INLINE_H */
