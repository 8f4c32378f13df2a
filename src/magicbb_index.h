/* magicbb_index.h - slider table layout and index functions.
 *
 * This header is the single definition of how a slider table is laid out
 * and indexed.  The generator (built for the build machine) fills every
 * slot with these functions, and the library (built for the target) reads
 * the slot back with the same functions, so the two can never disagree.
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

/* One per (piece, square).  The slice of the shared attack table that
 * belongs to a square starts at `offset` (an index, not a pointer: no
 * relocations, so the tables stay in .rodata even in PIC builds and in
 * flash on firmware).  `magic` is 0 in flavours that do not multiply. */
struct mbb_slider {
    uint64_t mask;   /* relevant occupancy: the rays without their last square */
    uint64_t magic;  /* multiplier (fancy); two 32-bit halves (magic32) */
    uint32_t offset; /* first slot of this square's slice */
    uint32_t shift;  /* product width (64, or 32 for magic32) - index bits */
};

/* Flavour numbers, for MBB_FLAVOUR in magicbb_config.h. */
#define MBB_FLAVOUR_FANCY 1
#define MBB_FLAVOUR_PEXT  2
#define MBB_FLAVOUR_MAGIC32 3

/* fancy: hash the relevant occupancy by a multiply, keep the top bits. */
static inline uint32_t mbb_index_fancy(const struct mbb_slider *e, uint64_t occupied)
{
    return (uint32_t)(((occupied & e->mask) * e->magic) >> e->shift);
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

/* Parallel bit extract in plain C: gathers the bits of x selected by mask
 * into the low bits of the result, lowest mask bit first.  The generator
 * uses this, so the build machine needs no BMI2. */
static inline uint64_t mbb_pext_portable(uint64_t x, uint64_t mask)
{
    uint64_t result = 0;
    uint64_t bit = 1;

    while (mask != 0) {
        if (x & mask & (0 - mask))
            result |= bit;
        mask &= mask - 1;
        bit <<= 1;
    }
    return result;
}

/* pext: the relevant occupancy bits, packed, are the index. */
static inline uint32_t mbb_index_pext(const struct mbb_slider *e, uint64_t occupied)
{
#if defined(__BMI2__) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    return (uint32_t)__builtin_ia32_pext_di(occupied, e->mask);
#else
    return (uint32_t)mbb_pext_portable(occupied, e->mask);
#endif
}

#ifdef __cplusplus
}
#endif

#endif /* MAGICBB_INDEX_H */
