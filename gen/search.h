/* SPDX-License-Identifier: MIT */
/* search.h - the seeded magic search (search.c). */
#ifndef GEN_SEARCH_H
#define GEN_SEARCH_H

#include "sliders.h"

/* The build's fixed seed: every build of a release emits the same tables. */
#define DEFAULT_SEED 0x6d616769636262u /* "magicbb" */

/* Find a magic for every entry by a search seeded with seed; -1 if a
 * square cannot be solved, -2 if memory ran out. */
int tables_search(struct slider_tables *t, uint64_t seed);

#endif /* GEN_SEARCH_H */
