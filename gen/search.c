/* SPDX-License-Identifier: MIT */
/* search.c - seeded search for magics (the flavours that search), and
 * the search that places slices by their magics (offsetmagic).  The
 * offline dense search is in dense.c.
 *
 * Each (piece, square) gets its own random stream derived from the seed,
 * so one square's search never shifts another's and a seed always gives
 * the same magics on every build machine. */
#include <stdio.h>
#include <stdlib.h>

#include "candidates.h"

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
void occupancies_shuffle(struct occupancies *list, uint64_t seed)
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

    if (status == 0 && f->layout == LAYOUT_IN_MAGIC) {
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
            occupancies_shuffle(list, seed);
            if ((f->layout == LAYOUT_IN_MAGIC
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
    if (status == 0 && f->layout == LAYOUT_PACKED)
        status = tables_pack(t);
    return status;
}
