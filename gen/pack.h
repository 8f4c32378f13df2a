/* SPDX-License-Identifier: MIT */
/* pack.h - packing the overlapping slices of fancy, white and black into
 * one table, first fit (pack.c); the pieces of it that magicbb-search's
 * annealer (search/anneal.c) places its arrangements with. */
#ifndef GEN_PACK_H
#define GEN_PACK_H

#include "sliders.h"

/* Place the slices of an overlapping flavour (fancy, white, black) into one
 * table, widest first, each at the lowest offset where the slots it uses
 * are free: sets the offsets and t->count.  0, or -2 if memory ran out. */
int tables_pack(struct slider_tables *t);

/* One slice per (piece * 64 + square). */
#define PACK_SLICES (PIECE_COUNT * 64)

/* The used slots of a slice that first fit tries first, many offsets at
 * a time, drawn at random: where they are all free, the rest is checked
 * (doc/generator.md, "The searches' constants"). */
#define PACK_PROBES 64

/* One candidate slice: the slots its magic's indices use, as bits. */
struct slice_bits {
    uint64_t magic;
    uint32_t span;               /* highest index used + 1 */
    uint32_t words;              /* (span + 63) / 64 */
    uint32_t probes;             /* how many of probe[] */
    uint16_t probe[PACK_PROBES]; /* used indices spread over the slice */
    uint64_t bits[4096 / 64];
};

/* The slots of square k's slice under magic (indices through the
 * flavour's own function) into *out; 0, or -1 if two occupancies with
 * different attacks share a slot (a magic that does not work: then its
 * whole width, apart from the others, where tables_build finds its own
 * collision).  list: the square's occupancies (occupancies_list). */
int pack_slice(const struct slider_tables *t, unsigned k, uint64_t magic,
               const struct occupancies *list, struct fill_scratch *s, struct slice_bits *out);

/* An arrangement: the order slices are placed in, the candidate each
 * square uses, the offset below which each square's slice is not placed
 * (its floor: 0, or where a given layout has it), and (once placed) each
 * position's offset and the extent of the slices up to it. */
struct arrangement {
    uint8_t order[PACK_SLICES];
    uint8_t choice[PACK_SLICES];
    uint32_t floor[PACK_SLICES];  /* by square */
    uint32_t offset[PACK_SLICES]; /* by position */
    uint32_t extent[PACK_SLICES]; /* highest end of positions 0 to i */
};

/* A table for pack_place, newly allocated (free() it); NULL if memory
 * ran out. */
uint64_t *pack_table_new(void);

/* Place positions from..PACK_SLICES-1 of a first fit, after positions
 * 0..from-1 at their offsets, into table (pack_table_new); candidates[k]
 * are square k's slices, a->choice[k] the one it uses.  Returns the
 * table's extent, or stops at the first position that takes it past
 * limit and returns more than limit. */
uint32_t pack_place(uint64_t *table, struct arrangement *a,
                    const struct slice_bits *const *candidates, unsigned from, uint32_t limit);

/* a's order: widest slice first, ties in square order. */
void pack_widest_first(struct arrangement *a, const struct slice_bits *const *candidates);

/* t's magics and offsets from a placed arrangement, t->count extent. */
void pack_set_offsets(struct slider_tables *t, const struct arrangement *a,
                      const struct slice_bits *const *candidates, uint32_t extent);

/* Frees PACK_SLICES arrays of slices and the array. */
void pack_slices_free(struct slice_bits **slices);

#endif /* GEN_PACK_H */
