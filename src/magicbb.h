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

/* Name of the table flavour built into the library: "fancy", "pext",
 * "magic32", "plain", "black", "pext16", "byte" or "hq". */
MBB_API const char *mbb_flavour(void);

/* Bytes of the slider tables: the flavour's attack tables plus its
 * per-square entries. */
MBB_API size_t mbb_table_bytes(void);

/* The tables themselves.  They are exported only so that the inline
 * functions below can read them; their layout may change between
 * releases, so use the functions.  Each flavour's slider tables are named
 * after it; a library holds those of its own flavour only. */
extern MBB_API const uint64_t mbb_tab_knight[64];
extern MBB_API const uint64_t mbb_tab_king[64];
extern MBB_API const uint64_t mbb_tab_pawn[2][64];
extern MBB_API const uint64_t mbb_tab_between[64][64];
extern MBB_API const uint64_t mbb_tab_line[64][64];

extern MBB_API const struct mbb_slider mbb_fancy_rook[64], mbb_fancy_bishop[64];
extern MBB_API const uint64_t mbb_fancy_attacks[];
extern MBB_API const struct mbb_slider mbb_pext_rook[64], mbb_pext_bishop[64];
extern MBB_API const uint64_t mbb_pext_attacks[];
extern MBB_API const struct mbb_slider mbb_magic32_rook[64], mbb_magic32_bishop[64];
extern MBB_API const uint64_t mbb_magic32_attacks[];
extern MBB_API const struct mbb_slider mbb_plain_rook[64], mbb_plain_bishop[64];
extern MBB_API const uint64_t mbb_plain_attacks[];
extern MBB_API const struct mbb_slider mbb_black_rook[64], mbb_black_bishop[64];
extern MBB_API const uint64_t mbb_black_attacks[];
extern MBB_API const struct mbb_pdep_slider mbb_pext16_rook[64], mbb_pext16_bishop[64];
extern MBB_API const uint16_t mbb_pext16_attacks[];
extern MBB_API const struct mbb_byte_slider mbb_byte_rook[64], mbb_byte_bishop[64];
extern MBB_API const uint8_t mbb_byte_index[];
extern MBB_API const uint64_t mbb_byte_sets[];
extern MBB_API const struct mbb_hq_lines mbb_hq_lines[64];
extern MBB_API const uint8_t mbb_hq_rank[8 * 64];

/* Bytes of each flavour's slider tables (what mbb_table_bytes() returns). */
extern MBB_API const uint32_t mbb_fancy_table_bytes, mbb_pext_table_bytes,
    mbb_magic32_table_bytes, mbb_plain_table_bytes, mbb_black_table_bytes,
    mbb_pext16_table_bytes, mbb_byte_table_bytes, mbb_hq_table_bytes;

#if defined(MBB_DEBUG) && (defined(__GNUC__) || defined(__clang__))
#define MBB_REQUIRE(cond) do { if (!(cond)) __builtin_trap(); } while (0)
#else
#define MBB_REQUIRE(cond) ((void)0)
#endif

/* Each flavour's slider lookups, on its own tables. */
#define MBB_FANCY_ROOK(sq, occ) mbb_lookup_fancy(&mbb_fancy_rook[sq], mbb_fancy_attacks, occ)
#define MBB_FANCY_BISHOP(sq, occ) mbb_lookup_fancy(&mbb_fancy_bishop[sq], mbb_fancy_attacks, occ)
#define MBB_PEXT_ROOK(sq, occ) mbb_lookup_pext(&mbb_pext_rook[sq], mbb_pext_attacks, occ)
#define MBB_PEXT_BISHOP(sq, occ) mbb_lookup_pext(&mbb_pext_bishop[sq], mbb_pext_attacks, occ)
#define MBB_MAGIC32_ROOK(sq, occ) \
    mbb_lookup_magic32(&mbb_magic32_rook[sq], mbb_magic32_attacks, occ)
#define MBB_MAGIC32_BISHOP(sq, occ) \
    mbb_lookup_magic32(&mbb_magic32_bishop[sq], mbb_magic32_attacks, occ)
#define MBB_PLAIN_ROOK(sq, occ) \
    mbb_lookup_plain(&mbb_plain_rook[sq], mbb_plain_attacks, occ, MBB_ROOK_FIXED_BITS)
#define MBB_PLAIN_BISHOP(sq, occ) \
    mbb_lookup_plain(&mbb_plain_bishop[sq], mbb_plain_attacks, occ, MBB_BISHOP_FIXED_BITS)
#define MBB_BLACK_ROOK(sq, occ) \
    mbb_lookup_black(&mbb_black_rook[sq], mbb_black_attacks, occ, MBB_ROOK_FIXED_BITS)
#define MBB_BLACK_BISHOP(sq, occ) \
    mbb_lookup_black(&mbb_black_bishop[sq], mbb_black_attacks, occ, MBB_BISHOP_FIXED_BITS)
#define MBB_PEXT16_ROOK(sq, occ) mbb_lookup_pext16(&mbb_pext16_rook[sq], mbb_pext16_attacks, occ)
#define MBB_PEXT16_BISHOP(sq, occ) \
    mbb_lookup_pext16(&mbb_pext16_bishop[sq], mbb_pext16_attacks, occ)
#define MBB_BYTE_ROOK(sq, occ) mbb_lookup_byte(&mbb_byte_rook[sq], mbb_byte_index, mbb_byte_sets, occ)
#define MBB_BYTE_BISHOP(sq, occ) \
    mbb_lookup_byte(&mbb_byte_bishop[sq], mbb_byte_index, mbb_byte_sets, occ)
#define MBB_HQ_ROOK(sq, occ) mbb_hq_rook(&mbb_hq_lines[sq], mbb_hq_rank, sq, occ)
#define MBB_HQ_BISHOP(sq, occ) mbb_hq_bishop(&mbb_hq_lines[sq], sq, occ)

/* The installed flavour's.  PEXT flavours look up inline only where the
 * including code is compiled for BMI2 (-mbmi2 or a -march that has it);
 * elsewhere the inline sliders call the library. */
#if MBB_FLAVOUR == MBB_FLAVOUR_FANCY
#define MBB_ROOK_LOOKUP MBB_FANCY_ROOK
#define MBB_BISHOP_LOOKUP MBB_FANCY_BISHOP
#define MBB_TABLE_BYTES mbb_fancy_table_bytes
#elif MBB_FLAVOUR == MBB_FLAVOUR_PEXT
#ifdef MBB_HAVE_BMI2
#define MBB_ROOK_LOOKUP MBB_PEXT_ROOK
#define MBB_BISHOP_LOOKUP MBB_PEXT_BISHOP
#endif
#define MBB_TABLE_BYTES mbb_pext_table_bytes
#elif MBB_FLAVOUR == MBB_FLAVOUR_MAGIC32
#define MBB_ROOK_LOOKUP MBB_MAGIC32_ROOK
#define MBB_BISHOP_LOOKUP MBB_MAGIC32_BISHOP
#define MBB_TABLE_BYTES mbb_magic32_table_bytes
#elif MBB_FLAVOUR == MBB_FLAVOUR_PLAIN
#define MBB_ROOK_LOOKUP MBB_PLAIN_ROOK
#define MBB_BISHOP_LOOKUP MBB_PLAIN_BISHOP
#define MBB_TABLE_BYTES mbb_plain_table_bytes
#elif MBB_FLAVOUR == MBB_FLAVOUR_BLACK
#define MBB_ROOK_LOOKUP MBB_BLACK_ROOK
#define MBB_BISHOP_LOOKUP MBB_BLACK_BISHOP
#define MBB_TABLE_BYTES mbb_black_table_bytes
#elif MBB_FLAVOUR == MBB_FLAVOUR_PEXT16
#ifdef MBB_HAVE_BMI2
#define MBB_ROOK_LOOKUP MBB_PEXT16_ROOK
#define MBB_BISHOP_LOOKUP MBB_PEXT16_BISHOP
#endif
#define MBB_TABLE_BYTES mbb_pext16_table_bytes
#elif MBB_FLAVOUR == MBB_FLAVOUR_BYTE
#define MBB_ROOK_LOOKUP MBB_BYTE_ROOK
#define MBB_BISHOP_LOOKUP MBB_BYTE_BISHOP
#define MBB_TABLE_BYTES mbb_byte_table_bytes
#elif MBB_FLAVOUR == MBB_FLAVOUR_HQ
#define MBB_ROOK_LOOKUP MBB_HQ_ROOK
#define MBB_BISHOP_LOOKUP MBB_HQ_BISHOP
#define MBB_TABLE_BYTES mbb_hq_table_bytes
#endif

/* Inline versions: same answers as the functions above, without a call. */

static inline uint64_t mbb_rook_attacks_inline(unsigned sq, uint64_t occupied)
{
#ifdef MBB_ROOK_LOOKUP
    MBB_REQUIRE(sq < 64);
    return MBB_ROOK_LOOKUP(sq, occupied);
#else
    return mbb_rook_attacks(sq, occupied);
#endif
}

static inline uint64_t mbb_bishop_attacks_inline(unsigned sq, uint64_t occupied)
{
#ifdef MBB_BISHOP_LOOKUP
    MBB_REQUIRE(sq < 64);
    return MBB_BISHOP_LOOKUP(sq, occupied);
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
