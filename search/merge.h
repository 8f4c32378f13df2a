/* SPDX-License-Identifier: MIT */
/* merge.h - joining the magics of a search's shards (merge.c). */
#ifndef SEARCH_MERGE_H
#define SEARCH_MERGE_H

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
 * (fancy's only where the merged magics are that shard's; else anew)
 * with every shard's magics (tables_anneal: `steps` moves from seed),
 * never larger than it.  0, or -2 if memory ran out. */
int merge_end(struct merge *m, struct slider_tables *t, uint64_t seed, uint32_t steps);

void merge_free(struct merge *m);

/* What a magics file's provenance (slider_tables.provenance) says of the
 * run that wrote it, as magicbb-gen writes it: its seed and budget as
 * given ("" where it names none), its --shard=K/N (0/0 for none), and
 * whether a signal interrupted it or it is a checkpoint written during
 * it.  Only the run's own part counts: what follows its first ", from "
 * is the runs it started from. */
struct merge_run {
    char seed[24], budget[24];
    unsigned shard, shards;
    int interrupted, checkpoint;
    char bad_shard[24]; /* a --shard= value that is not K/N, 1 <= K <= N <= 128, or "" */
};
void merge_run_of(const char *provenance, struct merge_run *run);

/* The merge's inputs, checked: a shard that no search writes (K/N
 * outside 1 <= K <= N <= 128, named with the file's line), the same
 * file twice, and shards of a
 * split that the files do not cover whole (each K of 1 to N, one N),
 * are refused; shards of different seeds or budgets, a shard given
 * twice and an interrupted run's file are merged with one warning line
 * each.  Every line names its file.  0, or 1 after a refusal. */
int merge_check(char *const paths[], const struct merge_run runs[], unsigned count);

#endif /* SEARCH_MERGE_H */
