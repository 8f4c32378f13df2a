/* magicbb_index.h - slider table layouts, index functions and lookups.
 *
 * This header is the single definition of how each flavour's slider
 * tables are laid out, indexed and read.  The generator (built for the
 * build machine) fills the tables with these index functions and then
 * checks every entry by reading it back with these lookups; the library
 * (built for the target) reads them with the same lookups.
 *
 * Portable C99; needs only <stdint.h>.  Installed because the static
 * inline lookups in <magicbb.h> use it; not meant to be included directly.
 */
#ifndef MAGICBB_INDEX_H
#define MAGICBB_INDEX_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Flavour numbers, for MBB_FLAVOUR in magicbb_config.h. */
#define MBB_FLAVOUR_FANCY   1
#define MBB_FLAVOUR_PEXT    2
#define MBB_FLAVOUR_MAGIC32 3
#define MBB_FLAVOUR_PLAIN   4
#define MBB_FLAVOUR_BLACK   5
#define MBB_FLAVOUR_PEXT16  6
#define MBB_FLAVOUR_BYTE    7
#define MBB_FLAVOUR_HQ      8

/* Index bits of the fixed-shift flavours (plain, black). */
#define MBB_ROOK_FIXED_BITS   12
#define MBB_BISHOP_FIXED_BITS 9

/* Per (piece, square) entry of fancy, pext, magic32, plain and black.  The
 * square's slice of the shared attack table starts at `offset`: an index,
 * not a pointer, so there are no relocations and the tables stay in
 * .rodata even in PIC builds, and in flash on firmware. */
struct mbb_slider {
    uint64_t mask;   /* relevant occupancy: the rays without their last square */
    uint64_t magic;  /* multiplier; magic32: two 32-bit halves; pext: 0 */
    uint32_t offset; /* first slot of this square's slice */
    uint32_t shift;  /* product width (64, or 32 for magic32) - index bits */
};

/* pext16: 16-bit entries, deposited back over the square's empty-board
 * attacks (at most 14 squares, so 16 bits hold any attack set). */
struct mbb_pdep_slider {
    uint64_t mask;    /* relevant occupancy */
    uint64_t attacks; /* attacks on an empty board */
    uint32_t offset;  /* first slot of this square's slice */
};

/* byte: a fancy hash into bytes, each the number of one of the square's
 * distinct attack sets (at most 144 of them), stored from `sets` on. */
struct mbb_byte_slider {
    uint64_t mask;
    uint64_t magic;
    uint32_t offset; /* first slot of this square's slice of bytes */
    uint16_t shift;  /* 64 - index bits */
    uint16_t sets;   /* first of the square's distinct attack sets */
};

/* hq: the three lines through a square that a byte swap reverses (one
 * square per rank), without the square itself. */
struct mbb_hq_lines {
    uint64_t file;
    uint64_t diagonal;
    uint64_t antidiagonal;
};

/* ---- Bit tools: the BMI2 instruction where the code is built for it,
 * plain C elsewhere.  The generator always uses the plain C. ---------- */

#if defined(__BMI2__) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define MBB_HAVE_BMI2 1
#endif

/* Gathers the bits of x selected by mask into the low bits, lowest first. */
static inline uint64_t mbb_pext64(uint64_t x, uint64_t mask)
{
#ifdef MBB_HAVE_BMI2
    return __builtin_ia32_pext_di(x, mask);
#else
    uint64_t result = 0, bit = 1;

    for (; mask != 0; mask &= mask - 1, bit <<= 1) {
        if (x & mask & (0 - mask))
            result |= bit;
    }
    return result;
#endif
}

/* Scatters the low bits of x over the set bits of mask, lowest first. */
static inline uint64_t mbb_pdep64(uint64_t x, uint64_t mask)
{
#ifdef MBB_HAVE_BMI2
    return __builtin_ia32_pdep_di(x, mask);
#else
    uint64_t result = 0, bit = 1;

    for (; mask != 0; mask &= mask - 1, bit <<= 1) {
        if (x & bit)
            result |= mask & (0 - mask);
    }
    return result;
#endif
}

/* Reverses the bytes: rank 1 becomes rank 8 and so on. */
static inline uint64_t mbb_bswap64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(x);
#else
    x = (x >> 32) | (x << 32);
    x = ((x & 0xffff0000ffff0000u) >> 16) | ((x & 0x0000ffff0000ffffu) << 16);
    return ((x & 0xff00ff00ff00ff00u) >> 8) | ((x & 0x00ff00ff00ff00ffu) << 8);
#endif
}

/* ---- Index functions: where a relevant occupancy lands in a slice. --- */

/* fancy: hash by one multiply, keep the top bits. */
static inline uint32_t mbb_index_fancy(const struct mbb_slider *e, uint64_t occupied)
{
    return (uint32_t)(((occupied & e->mask) * e->magic) >> e->shift);
}

/* pext: the relevant occupancy bits, packed, are the index. */
static inline uint32_t mbb_index_pext(const struct mbb_slider *e, uint64_t occupied)
{
    return (uint32_t)mbb_pext64(occupied, e->mask);
}

/* magic32: for CPUs whose multiplier is 32 bits wide.  Each half of the
 * relevant occupancy is multiplied by its own 32-bit half of `magic` (low
 * by low, high by high); the XOR of the two products is hashed like a
 * fancy product, its top bits being the index.  Two 32x32->32 multiplies
 * instead of the several a 64x64 multiply takes on such CPUs. */
static inline uint32_t mbb_index_magic32(const struct mbb_slider *e, uint64_t occupied)
{
    const uint32_t lo = (uint32_t)occupied & (uint32_t)e->mask;
    const uint32_t hi = (uint32_t)(occupied >> 32) & (uint32_t)(e->mask >> 32);

    return (uint32_t)(lo * (uint32_t)e->magic ^ hi * (uint32_t)(e->magic >> 32)) >> e->shift;
}

/* plain: fancy with the same number of index bits for every square of a
 * piece, so the shift is a constant rather than a load. */
static inline uint32_t mbb_index_plain(const struct mbb_slider *e, uint64_t occupied,
                                       unsigned bits)
{
    return (uint32_t)(((occupied & e->mask) * e->magic) >> (64 - bits));
}

/* black: set, rather than clear, the squares outside the mask.  That adds
 * a constant to the product, so a square's indices need not start at 0
 * and its slice can overlap others' in one shared table. */
static inline uint32_t mbb_index_black(const struct mbb_slider *e, uint64_t occupied,
                                       unsigned bits)
{
    return (uint32_t)(((occupied | ~e->mask) * e->magic) >> (64 - bits));
}

/* byte: the fancy hash, over a byte-sized entry. */
static inline uint32_t mbb_index_byte(const struct mbb_byte_slider *e, uint64_t occupied)
{
    return (uint32_t)(((occupied & e->mask) * e->magic) >> e->shift);
}

/* ---- Lookups: a slider's attacks from its entry and the flavour's
 * tables. ------------------------------------------------------------ */

static inline uint64_t mbb_lookup_fancy(const struct mbb_slider *e, const uint64_t *attacks,
                                        uint64_t occupied)
{
    return attacks[e->offset + mbb_index_fancy(e, occupied)];
}

static inline uint64_t mbb_lookup_pext(const struct mbb_slider *e, const uint64_t *attacks,
                                       uint64_t occupied)
{
    return attacks[e->offset + mbb_index_pext(e, occupied)];
}

static inline uint64_t mbb_lookup_magic32(const struct mbb_slider *e, const uint64_t *attacks,
                                          uint64_t occupied)
{
    return attacks[e->offset + mbb_index_magic32(e, occupied)];
}

static inline uint64_t mbb_lookup_plain(const struct mbb_slider *e, const uint64_t *attacks,
                                        uint64_t occupied, unsigned bits)
{
    return attacks[e->offset + mbb_index_plain(e, occupied, bits)];
}

static inline uint64_t mbb_lookup_black(const struct mbb_slider *e, const uint64_t *attacks,
                                        uint64_t occupied, unsigned bits)
{
    return attacks[e->offset + mbb_index_black(e, occupied, bits)];
}

static inline uint64_t mbb_lookup_pext16(const struct mbb_pdep_slider *e,
                                         const uint16_t *attacks, uint64_t occupied)
{
    return mbb_pdep64(attacks[e->offset + (uint32_t)mbb_pext64(occupied, e->mask)], e->attacks);
}

static inline uint64_t mbb_lookup_byte(const struct mbb_byte_slider *e, const uint8_t *index,
                                       const uint64_t *sets, uint64_t occupied)
{
    return sets[e->sets + index[e->offset + mbb_index_byte(e, occupied)]];
}

/* Hyperbola quintessence on one line through the slider (bit r): below
 * the slider, o - 2r borrows up to the first blocker; doing the same on
 * the byte-swapped board finds the first blocker above.  Needs a line
 * with one square per rank. */
static inline uint64_t mbb_hq_line(uint64_t occupied, uint64_t line, uint64_t r)
{
    uint64_t forward = occupied & line;
    uint64_t reverse = mbb_bswap64(forward);

    forward -= r;
    reverse -= mbb_bswap64(r);
    return (forward ^ mbb_bswap64(reverse)) & line;
}

/* Ranks have all their squares on one byte, so a byte swap cannot reverse
 * them: their attacks come from `rank`, 8 files x 64 inner occupancies. */
static inline uint64_t mbb_hq_rook(const struct mbb_hq_lines *l, const uint8_t *rank,
                                   unsigned sq, uint64_t occupied)
{
    const unsigned rank_shift = sq & 56;
    const unsigned inner = (unsigned)(occupied >> (rank_shift + 1)) & 63;

    return mbb_hq_line(occupied, l->file, (uint64_t)1 << sq)
           | (uint64_t)rank[(sq & 7) * 64 + inner] << rank_shift;
}

static inline uint64_t mbb_hq_bishop(const struct mbb_hq_lines *l, unsigned sq,
                                     uint64_t occupied)
{
    const uint64_t r = (uint64_t)1 << sq;

    return mbb_hq_line(occupied, l->diagonal, r) | mbb_hq_line(occupied, l->antidiagonal, r);
}

#ifdef __cplusplus
}
#endif

#endif /* MAGICBB_INDEX_H */
