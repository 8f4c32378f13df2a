/* SPDX-License-Identifier: MIT */
/* merge.h - joining the magics of a search's shards (merge.c). */
#ifndef GEN_MERGE_H
#define GEN_MERGE_H

#include "sliders.h"

struct merge;

/* A merge into the flavour's tables; NULL if memory ran out. */
struct merge *merge_begin(const struct gen_flavour *flavour);

/* Offer one shard's magics, loaded and built (verified).  Each square
 * keeps the magic with the fewest index bits, or for a fixed-width
 * flavour the narrowest span, the first offered on a tie; an overlapping
 * flavour (white, black) keeps every magic for the annealer, and the
 * smallest layout.  0, or -2 if memory ran out. */
int merge_add(struct merge *m, const struct slider_tables *shard);

/* The merged magics into t (tables_prepare'd for the flavour); an
 * overlapping flavour's packed again from the smallest shard's layout
 * with every shard's magics (tables_anneal: `steps` moves from seed),
 * never larger than it.  0, or -2 if memory ran out. */
int merge_end(struct merge *m, struct slider_tables *t, uint64_t seed, uint32_t steps);

void merge_free(struct merge *m);

#endif /* GEN_MERGE_H */
