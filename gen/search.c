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

/* Xorshift64 (Marsaglia's 13, 7, 17): six instructions a word, ample for
 * drawing candidates; splitmix64 seeds it (never with 0). */
static uint64_t xorshift64(uint64_t *state)
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
static uint64_t sparse_random(uint64_t *state)
{
    return xorshift64(state) & xorshift64(state) & xorshift64(state);
}

/* A candidate for the flavour: one sparse 64-bit number, or for magic32
 * two sparse 32-bit halves. */
static uint64_t candidate(const struct gen_flavour *flavour, uint64_t *state)
{
    if (flavour->product == 32)
        return (sparse_random(state) & 0xffffffffu) | sparse_random(state) << 32;
    return sparse_random(state);
}

/* The set bits of a byte, without a call to a library routine where the
 * build machine's compiler has no popcount instruction enabled. */
static unsigned popcount8(uint64_t byte)
{
    byte = byte - ((byte >> 1) & 0x55);
    byte = (byte & 0x33) + ((byte >> 2) & 0x33);
    return (unsigned)((byte + (byte >> 4)) & 0x0f);
}

/* Cheap filter: the top byte of the product must be busy enough to
 * spread the relevant bits over the index. */
static int promising(const struct gen_flavour *flavour, const struct work_entry *e)
{
    if (flavour->product == 32) {
        const uint32_t product = (uint32_t)e->mask * (uint32_t)e->magic
                                 ^ (uint32_t)(e->mask >> 32) * (uint32_t)(e->magic >> 32);

        return popcount8(product >> 24) >= 6;
    }
    return popcount8((e->mask * e->magic) >> 56) >= 6;
}

/* Puts the occupancies in a random order (fixed by the seed): a bad
 * candidate then clashes after a few of them, where in counting order
 * the first hundreds differ only in their lowest squares. */
static void shuffle(struct occupancies *list, uint64_t seed)
{
    uint64_t state = seed;

    for (unsigned i = list->count; i > 1; i--) {
        const unsigned j = (unsigned)(splitmix64(&state) % i);
        const uint64_t o = list->occupied[i - 1], a = list->attacks[i - 1];

        list->occupied[i - 1] = list->occupied[j];
        list->attacks[i - 1] = list->attacks[j];
        list->occupied[j] = o;
        list->attacks[j] = a;
    }
}

/* Give up on a square after this many candidates; far beyond what any
 * square needs (typically a few thousand). */
#define SEARCH_LIMIT 100000000u

int tables_search(struct slider_tables *t, uint64_t seed)
{
    static struct occupancies list;
    static struct fill_scratch scratch;

    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            struct work_entry *e = &t->entry[p][sq];
            uint64_t state = seed ^ ((uint64_t)(p * 64 + sq) << 56);
            const unsigned fixed = t->flavour->fixed[p];
            const unsigned bits = fixed != 0 ? fixed : popcount64(e->mask);
            uint32_t tries;

            state = splitmix64(&state) | 1; /* the square's stream */
            occupancies_list((enum piece)p, sq, &list);
            shuffle(&list, seed);
            e->shift = index_shift(t->flavour, bits);
            for (tries = 0; tries < SEARCH_LIMIT; tries++) {
                e->magic = candidate(t->flavour, &state);
                if (promising(t->flavour, e)
                    && t->flavour->fill((enum piece)p, e, &list, 1u << bits, &scratch) != 0)
                    break;
            }
            if (tries == SEARCH_LIMIT)
                return -1;
        }
    }
    return 0;
}
