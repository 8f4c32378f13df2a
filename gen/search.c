/* SPDX-License-Identifier: MIT */
/* search.c - seeded search for magics (the flavours that search).  The
 * slices of a flavour whose magics place them (offsetmagic) are placed
 * by tables_place_in_magic (inmagic.c), and the offline dense search is
 * in dense.c.
 *
 * Each (piece, square) gets its own random stream derived from the seed,
 * so one square's search never shifts another's and a seed always gives
 * the same magics on every build machine. */
#include <stdio.h>
#include <stdlib.h>

#include "candidates.h"
#include "inmagic.h"
#include "pack.h"
#include "search.h"

/* Give up on a square after this many candidates; far beyond what any
 * square needs (typically a few thousand). */
#define SEARCH_LIMIT 100000000u
/* A narrow search goes on for this many candidates after the first magic
 * it finds, keeping the one with the smallest span. */
#define NARROW_LIMIT 2000000u

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

/* The candidates at each start a slice is tried at that the seeded
 * search of an offset-in-magic flavour draws (tables_place_in_magic):
 * a second or so for all. */
#define IN_MAGIC_TRIES 10000u

int tables_search(struct slider_tables *t, uint64_t seed)
{
    /* On the heap, not static: GCC 12's -fipa-reference-addressable took
     * a static scratch that only indirect calls write for read-only and
     * put it in .rodata. */
    struct occupancies *list;
    struct fill_scratch *scratch;
    const struct gen_flavour *f = t->flavour;
    int status;

    if (f->layout == LAYOUT_IN_MAGIC) {
        const struct placement plan = {
            .climb = IN_MAGIC_TRIES,
            .pieces = 1u << PIECE_ROOK | 1u << PIECE_BISHOP,
            .squares = ~(uint64_t)0,
        };

        return tables_place_in_magic(t, seed, &plan);
    }
    list = malloc(sizeof *list);
    scratch = calloc(1, sizeof *scratch);
    status = list != NULL && scratch != NULL ? 0 : -2;
    for (int p = 0; p < PIECE_COUNT && status == 0; p++) {
        for (unsigned sq = 0; sq < 64 && status == 0; sq++) {
            struct work_entry *e = &t->entry[p][sq];
            uint64_t state = seed ^ ((uint64_t)(p * 64 + sq) << 56);

            state = splitmix64(&state) | 1; /* the square's stream */
            occupancies_list((enum piece)p, sq, list);
            occupancies_shuffle(list, seed);
            if (search_square(f, (enum piece)p, e, list, &state, scratch) == 0)
                status = -1;
        }
    }
    free(list);
    free(scratch);
    if (status == 0 && f->layout == LAYOUT_PACKED)
        status = tables_pack(t);
    return status;
}
