/* SPDX-License-Identifier: MIT */
/* candidates.h - what the seeded search (search.c) and the dense search
 * (dense.c) share: the random streams, the candidate magics and their
 * cheap filter, and the shuffled order of a square's occupancies. */
#ifndef GEN_CANDIDATES_H
#define GEN_CANDIDATES_H

#include <stdint.h>

#include "sliders.h"

/* Xorshift64 (Marsaglia's 13, 7, 17): six instructions a word, ample for
 * drawing candidates; splitmix64 (sliders.h) seeds it (never with 0). */
static inline uint64_t xorshift64(uint64_t *state)
{
    uint64_t x = *state;

    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

/* A good magic maps few relevant bits to the same product bits, and
 * sparse numbers (few set bits) do that far more often than dense ones;
 * the AND of three random words has about 8 bits set. */
static inline uint64_t sparse_random(uint64_t *state)
{
    return xorshift64(state) & xorshift64(state) & xorshift64(state);
}

/* A candidate for the flavour: one sparse 64-bit number, or for magic32
 * two sparse 32-bit halves. */
static inline uint64_t candidate(const struct gen_flavour *flavour, uint64_t *state)
{
    if (flavour->product == 32)
        return (sparse_random(state) & 0xffffffffu) | sparse_random(state) << 32;
    return sparse_random(state);
}

/* A candidate for a search for fewer index bits, or for narrower
 * fixed-width slices.  Most magics that get there are dense numbers
 * (many bits set, often a run of ones at the top), which sparse
 * candidates almost never are.  So a quarter each: a sparse number, its
 * complement, a uniform random one, and a sparse one with the top 16
 * bits mostly set. */
static inline uint64_t mixed_random(uint64_t *state)
{
    const uint64_t kind = xorshift64(state) & 3;

    if (kind == 0)
        return sparse_random(state);
    if (kind == 1)
        return ~sparse_random(state);
    if (kind == 2)
        return xorshift64(state);
    return sparse_random(state) | ((xorshift64(state) | xorshift64(state)) & 0xffff000000000000u);
}

/* The bits from a up to b - 1 (a <= b <= 64). */
static inline uint64_t bit_range(unsigned a, unsigned b)
{
    const uint64_t upto = b >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << b) - 1;
    const uint64_t from = a >= 64 ? 0 : ~(((uint64_t)1 << a) - 1);

    return upto & from;
}

/* Ones with holes punched at random (a sparse number's complement) on
 * the bits of runs, a sparse number elsewhere. */
static inline uint64_t runs_over_sparse(uint64_t runs, uint64_t *state)
{
    const uint64_t ones = ~sparse_random(state) & runs;

    return ones | (sparse_random(state) & ~runs);
}

/* A candidate for white's narrow fixed-shift slices (the dense search on
 * a flavour with runs_candidates), a quarter each of four kinds, as the
 * published fixed-shift magics look:
 * - one of mixed_random's kinds;
 * - a low run: ones with holes below a random bit 8 to 40, under a
 *   sparse high part, the shape of the published magics of the rooks on
 *   ranks 1 to 3, whose rank squares are the mask's low bits.  Their
 *   slices reuse slots: in 4 million draws and a climb (a probe
 *   outside the tree), the best for rook b2 used 580 slots of 1,024
 *   occupancies;
 * - a high run: a long run of ones with holes and 6 to 17 clear bits
 *   above it, over a sparse low part below a random bit 8 to 40, as on
 *   ranks 5 to 8.  In a million draws of each, the best for rook e7 used
 *   480 slots, mixed_random's best 544;
 * - two runs: ones with holes on two ranges of bits between four random
 *   cuts, sparse elsewhere, then 0 to 17 clear top bits, as the
 *   published magics of rooks b2 and d6 (0x0020040201fcffff,
 *   0x001ffff01fc03000).  In 4 million draws and a climb (the same
 *   probe), the best for rook b2 has a comb of 875 slots, the other
 *   kinds' best 1,024. */
static inline uint64_t runs_random(uint64_t *state)
{
    const uint64_t kind = xorshift64(state) & 3;
    unsigned cut[4], clear, low;

    if (kind == 0)
        return mixed_random(state);
    if (kind == 1) {
        low = 8 + (unsigned)(xorshift64(state) % 33);
        return runs_over_sparse(bit_range(0, low), state);
    }
    if (kind == 2) {
        clear = 6 + (unsigned)(xorshift64(state) % 12);
        low = 8 + (unsigned)(xorshift64(state) % 33);
        return runs_over_sparse(bit_range(low, 64 - clear), state) & bit_range(0, 64 - clear);
    }
    for (unsigned i = 0; i < 4; i++)
        cut[i] = (unsigned)(xorshift64(state) % 65);
    for (unsigned i = 1; i < 4; i++) { /* in order */
        for (unsigned j = i; j > 0 && cut[j - 1] > cut[j]; j--) {
            const unsigned c = cut[j];

            cut[j] = cut[j - 1];
            cut[j - 1] = c;
        }
    }
    clear = (unsigned)(xorshift64(state) % 18);
    return runs_over_sparse(bit_range(cut[0], cut[1]) | bit_range(cut[2], cut[3]), state) >> clear;
}

/* A candidate for a search for fewer index bits: a sixth each, the four
 * kinds of mixed_random (which find the bishops' fewer-bit magics) and
 * two for rooks on the last two ranks, whose rank squares are the mask's
 * top bits and meet the magic's low bits in the index: the complement of
 * a sparse number with its low 24 bits uniform random (rank 8), or with
 * its bits 8 to 23 uniform random and its low byte set, so that the
 * magic ends in a zero byte (rank 7). */
static inline uint64_t fewer_bits_random(uint64_t *state)
{
    const uint64_t kind = xorshift64(state) % 6;

    if (kind == 4)
        return ~(sparse_random(state) | (xorshift64(state) & 0xffffffu));
    if (kind == 5)
        return ~(sparse_random(state) | (xorshift64(state) & 0xffff00u) | 0xffu);
    return mixed_random(state);
}

/* The set bits of a byte, from a table: no call to a library routine
 * where the build machine's compiler has no popcount instruction enabled,
 * and one load where the filter runs for every candidate. */
#define BITS2(n) n, n + 1, n + 1, n + 2
#define BITS4(n) BITS2(n), BITS2(n + 1), BITS2(n + 1), BITS2(n + 2)
#define BITS6(n) BITS4(n), BITS4(n + 1), BITS4(n + 1), BITS4(n + 2)
static const unsigned char byte_bits[256] = { BITS6(0), BITS6(1), BITS6(1), BITS6(2) };

static inline unsigned popcount8(uint64_t byte)
{
    return byte_bits[byte & 0xff];
}

/* The fewest bits that count 0 to n - 1. */
static inline unsigned bits_for(uint32_t n)
{
    unsigned bits = 0;

    while (((uint32_t)1 << bits) < n)
        bits++;
    return bits;
}

/* Cheap filter: the top byte of the slice's index window (of `narrow`
 * index bits fewer than the flavour's fixed width) must be busy enough to
 * spread the relevant bits over the index; in a narrowed window, the full
 * occupancy's index must also stay inside the slice. */
static inline int promising(const struct gen_flavour *flavour, uint64_t mask, uint64_t magic,
                            unsigned narrow)
{
    uint64_t product;

    if (flavour->product == 32) {
        const uint32_t half
            = (uint32_t)mask * (uint32_t)magic ^ (uint32_t)(mask >> 32) * (uint32_t)(magic >> 32);

        return popcount8(half >> 24) >= 6;
    }
    product = mask * magic;
    if (narrow != 0 && product >> (64 - narrow) != 0)
        return 0;
    return popcount8((product << narrow) >> 56) >= 6;
}

/* magic with the bits the flavour keeps for itself (constrain) set. */
static inline uint64_t constrained(const struct gen_flavour *f, enum piece p,
                                   const struct work_entry *e, uint64_t magic)
{
    return f->constrain != NULL ? f->constrain(p, e, magic) : magic;
}

/* One candidate for the square, with the bits the flavour keeps for itself set. */
static inline uint64_t draw(const struct gen_flavour *f, enum piece p, const struct work_entry *e,
                            uint64_t *state)
{
    return constrained(f, p, e, candidate(f, state));
}

/* A step of the climbs of the dense search and the in-magic placement: magic with one
 * random bit flipped, or two. */
static inline uint64_t flip_one_or_two(uint64_t magic, uint64_t *state)
{
    const uint64_t r = xorshift64(state);
    uint64_t flip = (uint64_t)1 << (r & 63);

    if (r & 64)
        flip |= (uint64_t)1 << (r >> 8 & 63);
    return magic ^ flip;
}

#endif /* GEN_CANDIDATES_H */
