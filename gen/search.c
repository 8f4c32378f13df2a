/* SPDX-License-Identifier: MIT */
/* search.c - seeded search for magics (the flavours that search).
 *
 * Each (piece, square) gets its own random stream derived from the seed,
 * so one square's search never shifts another's and a seed always gives
 * the same magics on every build machine. */
#include <stdlib.h>

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

/* Cheap filter: the top byte of the slice's index window (of `narrow`
 * index bits fewer than the flavour's fixed width) must be busy enough to
 * spread the relevant bits over the index; in a narrowed window, the full
 * occupancy's index must also stay inside the slice. */
static int promising(const struct gen_flavour *flavour, const struct work_entry *e,
                     unsigned narrow)
{
    uint64_t product;

    if (flavour->product == 32) {
        const uint32_t half = (uint32_t)e->mask * (uint32_t)e->magic
                              ^ (uint32_t)(e->mask >> 32) * (uint32_t)(e->magic >> 32);

        return popcount8(half >> 24) >= 6;
    }
    product = e->mask * e->magic;
    if (narrow != 0 && product >> (64 - narrow) != 0)
        return 0;
    return popcount8((product << narrow) >> 56) >= 6;
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
/* A narrow search goes on for this many candidates after the first magic
 * it finds, keeping the one with the smallest span. */
#define NARROW_LIMIT 2000000u

/* The fewest bits that count 0 to n - 1. */
static unsigned bits_for(uint32_t n)
{
    unsigned bits = 0;

    while (((uint32_t)1 << bits) < n)
        bits++;
    return bits;
}

/* The table an offset-in-magic search fills slice by slice: a slice may
 * start anywhere its magic says, so it may also fall on earlier slices'
 * slots where they hold the same attack sets. */
struct placed {
    uint64_t *value;
    unsigned char *used;
    uint32_t end;      /* after the highest slot in use */
    uint32_t capacity; /* slots a start in the magic can reach, and a slice beyond */
};

/* Whether the slice just filled into the scratch fits at start. */
static int fits(const struct placed *t, uint32_t start, uint32_t span,
                const struct fill_scratch *s)
{
    for (uint32_t i = 0; i < span; i++) {
        if (s->stamp[i] == s->epoch && t->used[start + i] && t->value[start + i] != s->slot[i])
            return 0;
    }
    return 1;
}

static void place(struct placed *t, uint32_t start, uint32_t span, const struct fill_scratch *s)
{
    for (uint32_t i = 0; i < span; i++) {
        if (s->stamp[i] == s->epoch) {
            t->used[start + i] = 1;
            t->value[start + i] = s->slot[i];
        }
    }
    if (start + span > t->end)
        t->end = start + span;
}

/* Search one square's magic.  A narrow search (fixed-width flavours with
 * narrow set) keeps, of the first magic found and NARROW_LIMIT candidates
 * after it, the magic whose slice is narrowest; the others take the first
 * magic that works.  Returns the
 * span of the slice (highest index + 1), or 0 if the search gave up. */
static uint32_t search_square(const struct gen_flavour *f, enum piece p, struct work_entry *e,
                              const struct occupancies *list, uint64_t *state,
                              struct fill_scratch *scratch)
{
    const unsigned fixed = f->fixed[p];
    const unsigned bits = fixed != 0 ? fixed : popcount64(e->mask);
    const int narrow = f->narrow && fixed != 0;
    uint32_t best = 0;
    uint64_t best_magic = 0;

    e->shift = index_shift(f, bits);
    for (uint32_t tries = 0, left = NARROW_LIMIT; tries < SEARCH_LIMIT && left > 0; tries++) {
        const uint32_t limit = best != 0 ? best - 1 : (uint32_t)1 << bits;
        uint32_t span;

        if (best != 0)
            left--; /* narrowing: a budget from the first magic found */
        e->magic = candidate(f, state);
        if (f->constrain != NULL)
            e->magic = f->constrain(p, e, e->magic);
        if (!promising(f, e, bits - bits_for(limit))
            || (span = f->fill(p, e, list, limit, scratch)) == 0)
            continue;
        best = span;
        best_magic = e->magic;
        if (!narrow)
            break;
    }
    e->magic = best_magic;
    return best;
}

/* Slice starts an offset-in-magic search offers have at most this many
 * set bits: the start is part of the multiplier, and a start with many
 * set bits spoils the hash. */
#define START_BITS 3
/* Candidates tried at each start before the next. */
#define START_TRIES 20000u

/* Search one square's magic and slice start for a flavour that keeps the
 * start in the magic's low bits (constrain() writes e->offset there):
 * starts with few set bits, from the lowest where the slice could still
 * overlap the table's end, up to the first where a magic is found whose
 * slice fits among those placed.  Places it; returns its span, or 0. */
static uint32_t search_square_in_magic(const struct gen_flavour *f, enum piece p,
                                       struct work_entry *e, const struct occupancies *list,
                                       uint64_t *state, struct fill_scratch *scratch,
                                       struct placed *table)
{
    const unsigned bits = f->fixed[p];
    uint32_t start = table->end > 4096 ? table->end - 4096 : 0;

    e->shift = index_shift(f, bits);
    for (; start + ((uint32_t)1 << bits) <= table->capacity; start++) {
        if (popcount64(start) > START_BITS)
            continue;
        e->offset = start;
        for (uint32_t tries = 0; tries < START_TRIES; tries++) {
            uint32_t span;

            e->magic = f->constrain(p, e, candidate(f, state));
            if (!promising(f, e, 0)
                || (span = f->fill(p, e, list, (uint32_t)1 << bits, scratch)) == 0
                || !fits(table, start, span, scratch))
                continue;
            place(table, start, span, scratch);
            return span;
        }
    }
    return 0;
}

int tables_search(struct slider_tables *t, uint64_t seed)
{
    static struct occupancies list;
    static struct fill_scratch scratch;
    const struct gen_flavour *f = t->flavour;
    struct placed table = { NULL, NULL, 0, 0 };
    int status = 0;

    if (f->offset_bits != 0) {
        table.value = calloc(OVERLAP_TABLE_MAX, sizeof *table.value);
        table.used = calloc(OVERLAP_TABLE_MAX, 1);
        table.capacity = (uint32_t)1 << f->offset_bits;
        if (table.value == NULL || table.used == NULL)
            status = -2;
    }
    for (int p = 0; p < PIECE_COUNT && status == 0; p++) {
        for (unsigned sq = 0; sq < 64 && status == 0; sq++) {
            struct work_entry *e = &t->entry[p][sq];
            uint64_t state = seed ^ ((uint64_t)(p * 64 + sq) << 56);

            state = splitmix64(&state) | 1; /* the square's stream */
            occupancies_list((enum piece)p, sq, &list);
            shuffle(&list, seed);
            if ((f->offset_bits != 0
                     ? search_square_in_magic(f, (enum piece)p, e, &list, &state, &scratch, &table)
                     : search_square(f, (enum piece)p, e, &list, &state, &scratch))
                == 0)
                status = -1;
        }
    }
    free(table.value);
    free(table.used);
    if (status == 0 && f->offsets)
        status = tables_pack(t);
    return status;
}
