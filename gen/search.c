/* SPDX-License-Identifier: MIT */
/* search.c - seeded search for magics (the flavours that search), the
 * search that places slices by their magics (offsetmagic), and the
 * offline dense search.
 *
 * Each (piece, square) gets its own random stream derived from the seed,
 * so one square's search never shifts another's and a seed always gives
 * the same magics on every build machine. */
#include <stdio.h>
#include <stdlib.h>

#include "sliders.h"

/* SplitMix64: a tiny generator with good output from any seed. */
static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Xorshift64 (Marsaglia's 13, 7, 17): six instructions a word, ample for
 * drawing candidates; splitmix64 seeds it (never with 0). */
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

/* Cheap filter: the top byte of the slice's index window (of `narrow`
 * index bits fewer than the flavour's fixed width) must be busy enough to
 * spread the relevant bits over the index; in a narrowed window, the full
 * occupancy's index must also stay inside the slice. */
static inline int promising(const struct gen_flavour *flavour, uint64_t mask, uint64_t magic,
                            unsigned narrow)
{
    uint64_t product;

    if (flavour->product == 32) {
        const uint32_t half = (uint32_t)mask * (uint32_t)magic
                              ^ (uint32_t)(mask >> 32) * (uint32_t)(magic >> 32);

        return popcount8(half >> 24) >= 6;
    }
    product = mask * magic;
    if (narrow != 0 && product >> (64 - narrow) != 0)
        return 0;
    return popcount8((product << narrow) >> 56) >= 6;
}

static void swap_places(struct occupancies *list, unsigned a, unsigned b)
{
    const uint64_t occupied = list->occupied[a], attacks = list->attacks[a];

    list->occupied[a] = list->occupied[b];
    list->attacks[a] = list->attacks[b];
    list->occupied[b] = occupied;
    list->attacks[b] = attacks;
}

/* Puts the occupancies in a random order (fixed by the seed): a bad
 * candidate then clashes after a few of them, where in counting order
 * the first hundreds differ only in their lowest squares. */
static void shuffle(struct occupancies *list, uint64_t seed)
{
    uint64_t state = seed;

    for (unsigned i = list->count; i > 1; i--)
        swap_places(list, i - 1, (unsigned)(splitmix64(&state) % i));
    /* The empty board and the single blockers first: all their attack
     * sets differ, and a sparse magic that maps the relevant squares
     * badly clashes there at once. */
    for (unsigned i = 0, front = 0; i < list->count; i++) {
        if ((list->occupied[i] & (list->occupied[i] - 1)) == 0)
            swap_places(list, front++, i);
    }
}

/* One candidate for the square, with the bits the flavour keeps for itself set. */
static uint64_t draw(const struct gen_flavour *f, enum piece p, const struct work_entry *e,
                     uint64_t *state)
{
    const uint64_t magic = candidate(f, state);

    return f->constrain != NULL ? f->constrain(p, e, magic) : magic;
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

/* The table an offset-in-magic search fills slice by slice: each slice
 * goes into free slots, and run[i] counts the free slots from slot i on
 * (up to 4096), so a candidate's room is one load. */
struct placed {
    unsigned char *used;
    uint16_t *run;
    uint32_t capacity; /* slots the starts the magic can hold reach */
};

/* Marks the slice just filled into the scratch as placed at start. */
static void place(struct placed *t, uint32_t start, uint32_t span, const struct fill_scratch *s)
{
    for (uint32_t i = 0; i < span; i++) {
        if (s->stamp[i] == s->epoch)
            t->used[start + i] = 1;
    }
    for (uint32_t i = start + span, run = 0; i-- > 0 && (i + 4096 >= start);) {
        run = t->used[i] ? 0 : (i + 1 < t->capacity ? t->run[i + 1] : 0) + 1u;
        t->run[i] = (uint16_t)(run < 4096 ? run : 4096);
    }
}

/* Search one square's magic.  A narrow search (fixed-width flavours with
 * narrow set) keeps, of the first magic found and NARROW_LIMIT candidates
 * after it, the magic whose slice is narrowest; the others take the first
 * magic that works.  Returns the span of the slice (highest index + 1),
 * or 0 if the search gave up. */
static uint32_t search_square(const struct gen_flavour *f, enum piece p, struct work_entry *e,
                              const struct occupancies *list, uint64_t *state,
                              struct fill_scratch *scratch)
{
    const unsigned fixed = f->fixed[p];
    const unsigned bits = fixed != 0 ? fixed : popcount64(e->mask);
    const int narrow = f->narrow && fixed != 0;
    uint32_t best = 0, limit = (uint32_t)1 << bits;
    uint64_t best_magic = 0;
    unsigned clear = 0; /* top index bits every index must leave clear */
    /* The generator's state and the candidate in locals: stores through
     * e would otherwise force them through memory on every candidate. */
    uint64_t random = *state;

    e->shift = index_shift(f, bits);
    for (uint32_t tries = 0, left = NARROW_LIMIT; tries < SEARCH_LIMIT && left > 0; tries++) {
        const uint64_t magic = draw(f, p, e, &random);
        uint32_t span;

        if (best != 0)
            left--; /* narrowing: a budget from the first magic found */
        if (!promising(f, e->mask, magic, clear))
            continue;
        e->magic = magic;
        if ((span = f->fill(p, e, list, limit, scratch)) == 0)
            continue;
        best = span;
        best_magic = magic;
        if (!narrow)
            break;
        limit = span - 1; /* from now on, only a narrower slice will do */
        clear = bits - bits_for(limit);
    }
    *state = random;
    e->magic = best_magic;
    return best;
}

/* An offset-in-magic search tries this many candidates at each start
 * before it moves on to the next. */
#define START_TRIES 60000u

/* Search one square's magic and slice start for a flavour that keeps the
 * start in bits of its magic (constrain() writes e->offset there; the
 * starts it can hold are multiples of 2^start_shift).  Those bits take
 * part in the multiply, so a start suits some magics and not others:
 * the starts are tried from the lowest with room for the slice, each
 * with START_TRIES candidates whose slice fits in the free slots there.
 * Places the slice; returns its span, or 0 if no start takes it. */
static uint32_t search_square_in_magic(const struct gen_flavour *f, enum piece p,
                                       struct work_entry *e, const struct occupancies *list,
                                       uint64_t *state, struct fill_scratch *scratch,
                                       struct placed *table)
{
    const unsigned bits = f->fixed[p];
    const uint32_t step = (uint32_t)1 << f->start_shift;
    const uint32_t want = (uint32_t)1 << popcount64(e->mask), full = (uint32_t)1 << bits;

    e->shift = index_shift(f, bits);
    /* narrow slices first (indices below twice the relevant occupancies),
     * then any that fit */
    for (uint32_t widest = 2 * want < full ? 2 * want : full;; widest *= 2) {
        for (uint32_t start = 0; start < table->capacity; start += step) {
            const uint32_t room = table->run[start] < widest ? table->run[start] : widest;

            if (room < want)
                continue;
            e->offset = start;
            for (uint32_t tries = 0; tries < START_TRIES; tries++) {
                uint32_t span;

                e->magic = draw(f, p, e, state);
                if (!promising(f, e->mask, e->magic, bits - bits_for(room))
                    || (span = f->fill(p, e, list, room, scratch)) == 0)
                    continue;
                place(table, start, span, scratch);
                return span;
            }
        }
        if (widest >= full)
            return 0;
    }
}

int tables_search(struct slider_tables *t, uint64_t seed)
{
    /* On the heap, not static: GCC 12's -fipa-reference-addressable took
     * a static scratch that only indirect calls write for read-only and
     * put it in .rodata. */
    struct occupancies *list = malloc(sizeof *list);
    struct fill_scratch *scratch = calloc(1, sizeof *scratch);
    const struct gen_flavour *f = t->flavour;
    struct placed table = { NULL, NULL, 0 };
    int status = list != NULL && scratch != NULL ? 0 : -2;

    if (status == 0 && f->offset_bits != 0) {
        table.capacity = (uint32_t)1 << f->offset_bits;
        table.used = calloc(table.capacity, 1);
        table.run = malloc(table.capacity * sizeof *table.run);
        if (table.used == NULL || table.run == NULL)
            status = -2;
        for (uint32_t i = 0; status == 0 && i < table.capacity; i++)
            table.run[i] = (uint16_t)(table.capacity - i < 4096 ? table.capacity - i : 4096);
    }
    for (int p = 0; p < PIECE_COUNT && status == 0; p++) {
        for (unsigned sq = 0; sq < 64 && status == 0; sq++) {
            struct work_entry *e = &t->entry[p][sq];
            uint64_t state = seed ^ ((uint64_t)(p * 64 + sq) << 56);

            state = splitmix64(&state) | 1; /* the square's stream */
            occupancies_list((enum piece)p, sq, list);
            shuffle(list, seed);
            if ((f->offset_bits != 0
                     ? search_square_in_magic(f, (enum piece)p, e, list, &state, scratch, &table)
                     : search_square(f, (enum piece)p, e, list, &state, scratch))
                == 0)
                status = -1;
        }
    }
    free(table.used);
    free(table.run);
    free(list);
    free(scratch);
    if (status == 0 && f->offsets)
        status = tables_pack(t);
    return status;
}

/* Occupancies of the square whose slot, under e's magic and index bits,
 * another occupancy with other attacks took first: 0 for a magic that
 * works. */
static unsigned clashes(const struct gen_flavour *f, enum piece p, const struct work_entry *e,
                        const struct occupancies *list, struct fill_scratch *s)
{
    unsigned count = 0;

    fill_next_try(s);
    for (unsigned i = 0; i < list->count; i++) {
        const uint32_t at = f->index(p, e, list->occupied[i]);

        if (s->stamp[at] != s->epoch) {
            s->stamp[at] = s->epoch;
            s->slot[at] = list->attacks[i];
        } else if (s->slot[at] != list->attacks[i]) {
            count++;
        }
    }
    return count;
}

/* A climb that has not lowered its clashes for this many flips starts
 * again from a fresh candidate. */
#define CLIMB_STALE 20000u

/* Hill-climbs toward a magic with no clashes at e's index bits, for at
 * most `budget` magics tried: flip one or two bits of the current magic
 * and keep the flip if it clashes no more.  It starts, and restarts when
 * stuck, from a fresh sparse candidate or its complement (most published
 * fewer-bit magics are complements of sparse numbers).  1 with e->magic
 * set if it found one. */
static int climb(const struct gen_flavour *f, enum piece p, struct work_entry *e,
                 const struct occupancies *list, struct fill_scratch *s, uint64_t *state,
                 uint32_t budget)
{
    unsigned cost = UINT32_MAX, stale = CLIMB_STALE;
    uint64_t current = 0;

    for (uint32_t tries = 0; tries < budget; tries++) {
        const uint64_t r = xorshift64(state);
        unsigned c;

        if (stale >= CLIMB_STALE) {
            e->magic = draw(f, p, e, state);
            if (r & 1)
                e->magic = f->constrain != NULL ? f->constrain(p, e, ~e->magic) : ~e->magic;
            cost = UINT32_MAX;
            stale = 0;
        } else {
            e->magic = current ^ (uint64_t)1 << (r >> 1 & 63);
            if (r & 128)
                e->magic ^= (uint64_t)1 << (r >> 8 & 63);
            if (f->constrain != NULL)
                e->magic = f->constrain(p, e, e->magic);
        }
        c = clashes(f, p, e, list, s);
        if (c == 0)
            return 1;
        stale = c < cost ? 0 : stale + 1;
        if (c <= cost) {
            current = e->magic;
            cost = c;
        }
    }
    return 0;
}

/* The slots a fixed-width magic's indices span, lowest to highest; 0 if
 * it collides. */
static uint32_t fixed_range(const struct gen_flavour *f, enum piece p, const struct work_entry *e,
                            const struct occupancies *list, struct fill_scratch *scratch)
{
    const uint32_t span = f->fill(p, e, list, (uint32_t)1 << f->fixed[p], scratch);
    uint32_t low = 0;

    if (span == 0)
        return 0;
    while (scratch->stamp[low] != scratch->epoch)
        low++;
    return span - low;
}

/* An offset-in-magic flavour's table as its magics place the slices:
 * owner[slot] is the (piece * 64 + square) whose slice uses the slot, or
 * -1.  A magic's start is fixed by its bits, so a dense candidate must
 * keep the start and use only slots no other slice uses. */
static int16_t *owners_of(struct slider_tables *t, struct occupancies *list,
                          struct fill_scratch *s)
{
    const struct gen_flavour *f = t->flavour;
    const uint32_t capacity = ((uint32_t)1 << f->offset_bits) + 4096;
    int16_t *owner = malloc(capacity * sizeof *owner);

    if (owner == NULL)
        return NULL;
    for (uint32_t i = 0; i < capacity; i++)
        owner[i] = -1;
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            struct work_entry *e = &t->entry[p][sq];

            e->offset = magic_offset(f, e); /* a loaded magic's start */
            occupancies_list((enum piece)p, sq, list);
            if (f->fill((enum piece)p, e, list, (uint32_t)1 << f->fixed[p], s) == 0)
                continue; /* a bad magic: tables_build names it */
            for (uint32_t i = 0; i < 4096; i++) {
                if (s->stamp[i] == s->epoch)
                    owner[e->offset + i] = (int16_t)(p * 64 + (int)sq);
            }
        }
    }
    return owner;
}

/* Whether the slice just filled into the scratch, at start, uses only
 * slots that are free or the square's own (id); with mark, takes them. */
static int slice_fits(int16_t *owner, uint32_t start, int16_t id, const struct fill_scratch *s,
                      int mark)
{
    for (uint32_t i = 0; i < 4096; i++) {
        if (s->stamp[i] != s->epoch)
            continue;
        if (owner[start + i] != -1 && owner[start + i] != id)
            return 0;
        if (mark)
            owner[start + i] = id;
    }
    return 1;
}

int tables_dense(struct slider_tables *t, uint64_t seed, uint32_t budget)
{
    struct occupancies *list = malloc(sizeof *list); /* not static: see tables_search */
    struct fill_scratch *scratch = calloc(1, sizeof *scratch);
    const struct gen_flavour *f = t->flavour;
    unsigned long before = 0, after = 0;
    int16_t *owner = NULL;

    if (list == NULL || scratch == NULL
        || (f->offset_bits != 0 && (owner = owners_of(t, list, scratch)) == NULL)) {
        free(list);
        free(scratch);
        return -2;
    }

    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            struct work_entry *e = &t->entry[p][sq];
            const unsigned fixed = f->fixed[p], relevant = popcount64(e->mask);
            uint64_t state = seed ^ ((uint64_t)(p * 64 + sq) << 56) ^ 0x64656e7365u; /* "dense" */
            char name[3];

            state = splitmix64(&state) | 1; /* a stream of its own, not the search's */
            occupancies_list((enum piece)p, sq, list);
            shuffle(list, seed);
            square_name(sq, name);
            if (fixed != 0) {
                /* fixed width: the fewest slots from lowest to highest index */
                /* an offset-in-magic slice keeps its start (e->offset,
                 * which draw() writes into each candidate): there its
                 * end is what counts, and it must not touch another's */
                const int16_t id = (int16_t)(p * 64 + (int)sq);
                const uint32_t was = owner != NULL
                                         ? f->fill((enum piece)p, e, list, 1u << fixed, scratch)
                                         : fixed_range(f, (enum piece)p, e, list, scratch);
                uint32_t best = was;
                uint64_t best_magic = e->magic;

                for (uint32_t tries = 0; tries < budget; tries++) {
                    uint32_t range;

                    e->magic = draw(f, (enum piece)p, e, &state);
                    if (!promising(f, e->mask, e->magic, 0))
                        continue;
                    range = owner != NULL ? f->fill((enum piece)p, e, list, best, scratch)
                                          : fixed_range(f, (enum piece)p, e, list, scratch);
                    if (range != 0 && range < best
                        && (owner == NULL || slice_fits(owner, e->offset, id, scratch, 0))) {
                        best = range;
                        best_magic = e->magic;
                    }
                }
                e->magic = best_magic;
                if (owner != NULL && best != was) {
                    /* free the old slots, take the new */
                    for (uint32_t i = 0; i < ((uint32_t)1 << f->offset_bits) + 4096; i++) {
                        if (owner[i] == id)
                            owner[i] = -1;
                    }
                    f->fill((enum piece)p, e, list, 1u << fixed, scratch);
                    slice_fits(owner, e->offset, id, scratch, 1);
                }
                before += was;
                after += best;
                fprintf(stderr, "magicbb-gen: dense: %s %s: %u relevant squares, indices span"
                        " %lu slots, %lu before\n", piece_name((enum piece)p), name, relevant,
                        (unsigned long)best, (unsigned long)was);
            } else {
                /* own index bits: one fewer, for as long as one is found */
                const unsigned was = index_bits(f, (enum piece)p, e);
                unsigned bits = was;

                while (bits > 1) {
                    const struct work_entry kept = *e;

                    e->shift = index_shift(f, bits - 1);
                    if (!climb(f, (enum piece)p, e, list, scratch, &state, budget)) {
                        *e = kept;
                        break;
                    }
                    bits--;
                }
                before += 1ul << was;
                after += 1ul << bits;
                fprintf(stderr, "magicbb-gen: dense: %s %s: %u relevant squares, %u index bits,"
                        " %u before\n", piece_name((enum piece)p), name, relevant, bits, was);
            }
        }
    }
    free(owner);
    free(list);
    free(scratch);
    fprintf(stderr, "magicbb-gen: dense: %lu slots before, %lu now%s\n", before, after,
            f->offsets ? " (slices end to end, before packing)" : "");
    return f->offsets ? tables_pack(t) : 0;
}
