/* SPDX-License-Identifier: MIT */
/* search.c - seeded search for magics (the flavours that search).
 *
 * Each (piece, square) gets its own random stream derived from the seed,
 * so one square's search never shifts another's and a seed always gives
 * the same magics on every build machine. */
#include "sliders.h"

/* SplitMix64: a tiny generator with good output from any seed. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* A good magic maps few relevant bits to the same product bits, and
 * sparse numbers (few set bits) do that far more often than dense ones;
 * the AND of three random words has about 8 bits set. */
static uint64_t sparse_random(uint64_t *state)
{
    return splitmix64(state) & splitmix64(state) & splitmix64(state);
}

/* A candidate for the flavour: one sparse 64-bit number, or for magic32
 * two sparse 32-bit halves. */
static uint64_t candidate(const struct gen_flavour *flavour, uint64_t *state)
{
    if (flavour->product == 32)
        return (sparse_random(state) & 0xffffffffu) | sparse_random(state) << 32;
    return sparse_random(state);
}

/* Cheap filter: the top byte of the product must be busy enough to
 * spread the relevant bits over the index. */
static int promising(const struct gen_flavour *flavour, const struct work_entry *e)
{
    if (flavour->product == 32) {
        const uint32_t product = (uint32_t)e->mask * (uint32_t)e->magic
                                 ^ (uint32_t)(e->mask >> 32) * (uint32_t)(e->magic >> 32);

        return popcount64(product >> 24) >= 6;
    }
    return popcount64((e->mask * e->magic) >> 56) >= 6;
}

/* Give up on a square after this many candidates; far beyond what any
 * square needs (typically a few thousand). */
#define SEARCH_LIMIT 100000000u

int tables_search(struct slider_tables *t, uint64_t seed)
{
    static struct occupancies list;
    static uint64_t slice[4096];
    static uint32_t stamp[4096];
    uint32_t epoch = 0;

    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            struct work_entry *e = &t->entry[p][sq];
            uint64_t state = seed ^ ((uint64_t)(p * 64 + sq) << 56);
            const unsigned fixed = t->flavour->fixed[p];
            uint32_t tries;

            occupancies_list((enum piece)p, sq, &list);
            e->shift = index_shift(t->flavour, fixed != 0 ? fixed : popcount64(e->mask));
            for (tries = 0; tries < SEARCH_LIMIT; tries++) {
                e->magic = candidate(t->flavour, &state);
                if (!promising(t->flavour, e))
                    continue;
                if (++epoch == 0) { /* wrapped: clear the stamps once */
                    for (unsigned i = 0; i < 4096; i++)
                        stamp[i] = 0;
                    epoch = 1;
                }
                if (slice_fill(t->flavour, (enum piece)p, e, &list, slice, stamp, epoch) == 0)
                    break;
            }
            if (tries == SEARCH_LIMIT)
                return -1;
        }
    }
    return 0;
}
