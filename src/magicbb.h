/* magicbb.h - slider, leaper and line attacks from constant tables.
 *
 * Squares are numbered 0 = a1, 1 = b1, ..., 7 = h1, 8 = a2, ..., 63 = h8;
 * bit n of a bitboard is square n.  Every function is pure, needs no
 * initialisation and reads only constant tables.
 *
 * Preconditions: sq, a, b < 64 and color < 2.  Other values are undefined
 * behaviour; a library built with --enable-debug, or inline calls compiled
 * with MBB_DEBUG defined, trap on them instead.
 */
#ifndef MAGICBB_H
#define MAGICBB_H

#include <stddef.h>
#include <stdint.h>

#include "magicbb_config.h"
#include "magicbb_index.h"

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

/* Squares attacked by a leaper on sq.  color: 0 white, 1 black. */
MBB_API uint64_t mbb_knight_attacks(unsigned sq);
MBB_API uint64_t mbb_king_attacks(unsigned sq);
MBB_API uint64_t mbb_pawn_attacks(unsigned color, unsigned sq);

/* For two squares on one rank, file or diagonal: the squares strictly
 * between them (mbb_between), or the whole edge-to-edge line through both
 * (mbb_line).  0 when a == b or the squares are not aligned. */
MBB_API uint64_t mbb_between(unsigned a, unsigned b);
MBB_API uint64_t mbb_line(unsigned a, unsigned b);

/* Name of the table flavour built into the library: "fancy", "pext" or
 * "magic32". */
MBB_API const char *mbb_flavour(void);

/* Bytes of the slider tables: the shared attack table plus the per-square
 * entries. */
MBB_API size_t mbb_table_bytes(void);

/* The tables themselves.  They are exported only so that the inline
 * functions below can read them; their layout may change between
 * releases, so use the functions. */
extern MBB_API const struct mbb_slider mbb_tab_rook[64];
extern MBB_API const struct mbb_slider mbb_tab_bishop[64];
extern MBB_API const uint64_t mbb_tab_slider[];
extern MBB_API const uint64_t mbb_tab_knight[64];
extern MBB_API const uint64_t mbb_tab_king[64];
extern MBB_API const uint64_t mbb_tab_pawn[2][64];
extern MBB_API const uint64_t mbb_tab_between[64][64];
extern MBB_API const uint64_t mbb_tab_line[64][64];

#if defined(MBB_DEBUG) && (defined(__GNUC__) || defined(__clang__))
#define MBB_REQUIRE(cond) do { if (!(cond)) __builtin_trap(); } while (0)
#else
#define MBB_REQUIRE(cond) ((void)0)
#endif

/* The slider index of the installed flavour.  A PEXT build indexes inline
 * only where the including code is compiled for BMI2 (-mbmi2 or a -march
 * that has it); elsewhere the inline sliders call the library. */
#if MBB_FLAVOUR == MBB_FLAVOUR_PEXT
#if defined(__BMI2__)
#define MBB_SLIDER_INDEX mbb_index_pext
#endif
#elif MBB_FLAVOUR == MBB_FLAVOUR_MAGIC32
#define MBB_SLIDER_INDEX mbb_index_magic32
#else
#define MBB_SLIDER_INDEX mbb_index_fancy
#endif

/* Inline versions: same answers as the functions above, without a call. */

#ifdef MBB_SLIDER_INDEX
/* One slider lookup: the square's entry, then its slot in the shared table. */
static inline uint64_t mbb_slider_lookup(const struct mbb_slider *table, unsigned sq,
                                         uint64_t occupied)
{
    const struct mbb_slider *e;

    MBB_REQUIRE(sq < 64);
    e = &table[sq];
    return mbb_tab_slider[e->offset + MBB_SLIDER_INDEX(e, occupied)];
}
#endif

static inline uint64_t mbb_rook_attacks_inline(unsigned sq, uint64_t occupied)
{
#ifdef MBB_SLIDER_INDEX
    return mbb_slider_lookup(mbb_tab_rook, sq, occupied);
#else
    return mbb_rook_attacks(sq, occupied);
#endif
}

static inline uint64_t mbb_bishop_attacks_inline(unsigned sq, uint64_t occupied)
{
#ifdef MBB_SLIDER_INDEX
    return mbb_slider_lookup(mbb_tab_bishop, sq, occupied);
#else
    return mbb_bishop_attacks(sq, occupied);
#endif
}

static inline uint64_t mbb_queen_attacks_inline(unsigned sq, uint64_t occupied)
{
    return mbb_rook_attacks_inline(sq, occupied) | mbb_bishop_attacks_inline(sq, occupied);
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

#ifdef __cplusplus
}
#endif

#endif /* MAGICBB_H */
