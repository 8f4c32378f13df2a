/* SPDX-License-Identifier: MIT */
/* search.h - the engine-search workload of the benchmark: a small real
 * search over the move generator (movegen.h) and the slider lookups, not
 * a chess engine.  Negamax alpha-beta with iterative deepening, a
 * transposition table, quiescence on captures ordered most valuable
 * victim first, and an evaluation that reads slider attacks heavily:
 * material, mobility, attacks on the squares round the enemy king, and
 * pins (mbb_line, mbb_between).  Deterministic: for one position, depth
 * and table size, every build visits the same nodes, whatever flavour its
 * lookups use (a difference is a bug in one of them). */
#ifndef LAB_SEARCH_H
#define LAB_SEARCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"

/* One slot of the transposition table: 16 bytes. */
struct search_slot {
    uint64_t key;
    int16_t score;
    uint8_t depth, bound;
    struct move best;
    uint8_t generation; /* the table's when written; else empty */
};

/* A table of a power of two slots.  Emptying it starts a new generation:
 * a slot of an older one reads as empty, so a search finds the table
 * exactly as if every slot were cleared, without writing them. */
struct search_table {
    struct search_slot *slots;
    size_t mask;
    uint8_t generation;
};

/* The largest power of two of slots that fits mib MiB (at least one);
 * 0, or -1 without the memory. */
static inline int search_table_create(struct search_table *t, size_t mib)
{
    size_t slots = 1;

    while (slots * 2 * sizeof *t->slots <= mib << 20)
        slots *= 2;
    t->slots = calloc(slots, sizeof *t->slots);
    t->mask = slots - 1;
    t->generation = 1;
    return t->slots == NULL ? -1 : 0;
}

/* Empty, as before each search of a benchmark run. */
static inline void search_table_clear(struct search_table *t)
{
    if (++t->generation == 0) { /* every 255th time: really */
        memset(t->slots, 0, (t->mask + 1) * sizeof *t->slots);
        t->generation = 1;
    }
}

static inline void search_table_free(struct search_table *t)
{
    free(t->slots);
    t->slots = NULL;
}

/* Searches p to `depth` plies (iterative deepening from 1) and returns
 * the nodes visited, quiescence included; *score (where not NULL) gets
 * the score for the side to move.  search_NAME in a flavour's build. */
uint64_t search(const struct position *p, int depth, struct search_table *t, int *score);

#endif /* LAB_SEARCH_H */
