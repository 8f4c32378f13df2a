/* SPDX-License-Identifier: MIT */
/* anneal.h - the offline packer of the overlapping flavours (anneal.c):
 * the dense search's and the merge's last step, on the generator's
 * first fit (gen/pack.h). */
#ifndef SEARCH_ANNEAL_H
#define SEARCH_ANNEAL_H

#include "sliders.h"

/* Whether the searches of flavour f offer the annealer candidate magics
 * for each square (struct pack_candidates): an overlapping flavour whose
 * slices are all one width (white, black).  fancy's squares keep the
 * magic with the fewest index bits, as found. */
static inline int pack_offers(const struct gen_flavour *f)
{
    return f->layout == LAYOUT_PACKED && f->fixed[PIECE_ROOK] != 0;
}

/* Candidate magics for each (piece * 64 + square) of an overlapping
 * flavour, for the annealer to choose among. */
#define PACK_CHOICES 32
struct pack_candidates {
    unsigned count[PIECE_COUNT * 64];
    uint64_t magic[PIECE_COUNT * 64][PACK_CHOICES];
};

/* A layout of an overlapping flavour as it was: each (piece * 64 +
 * square)'s magic and offset, and the table's entries. */
struct pack_layout {
    uint64_t magic[PIECE_COUNT * 64];
    uint32_t offset[PIECE_COUNT * 64];
    uint32_t count;
};

/* t's layout as it is (searched and packed, or loaded and built, so that
 * t->count is its extent), newly allocated; NULL if memory ran out. */
struct pack_layout *pack_layout_of(const struct slider_tables *t);

/* The offline packer: anneal for `steps` moves, each placing the slices
 * again first fit in a changed order (two swapped, or one moved) or with
 * another of a square's candidates (c, which may be NULL), drawn from
 * seed; keeps the smallest table found, magics and offsets.  It starts
 * from the first fit widest first, or with start (the layout the search
 * was given) from start's magics first fit in the order of start's
 * offsets, and then keeps start itself unless it finds a smaller table:
 * never worse than its input.  Progress on stderr, and which layout was
 * kept; stops early, keeping the best, once search_stop is set.  0, or
 * -2 if memory ran out. */
int tables_anneal(struct slider_tables *t, const struct pack_candidates *c, uint64_t seed,
                  uint32_t steps, const struct pack_layout *start);

#endif /* SEARCH_ANNEAL_H */
