/* SPDX-License-Identifier: MIT */
/* sliders.h - one flavour's slider tables: lay out, fill, encode, verify. */
#ifndef GEN_SLIDERS_H
#define GEN_SLIDERS_H

#include <signal.h>
#include <stdint.h>

#include "flavour.h"
#include "geometry.h"

/* The shift that leaves `bits` index bits of the flavour's product, and
 * back: how many index bits an entry leaves. */
uint32_t index_shift(const struct gen_flavour *flavour, unsigned bits);
unsigned index_bits(const struct gen_flavour *flavour, enum piece piece,
                    const struct work_entry *e);

/* Every relevant occupancy of one (piece, square) with its attacks. */
struct occupancies {
    unsigned count;
    uint64_t occupied[4096];
    uint64_t attacks[4096];
};

void occupancies_list(enum piece piece, unsigned sq, struct occupancies *list);

/* Two occupancies that land in one slot although their attacks differ,
 * or (first == second) one whose lookup gives the wrong attacks.  The
 * other_* fields name the square that wrote the slot first, which in an
 * overlapping table (black) may be another square. */
struct collision {
    enum piece piece;
    unsigned sq;
    enum piece other_piece;
    unsigned other_sq;
    uint32_t slot;
    uint64_t first;
    uint64_t second;
};

/* The magic search's scratch slice: a slot counts as taken when
 * stamp[index] == epoch, so one area serves many tries without
 * clearing. */
struct fill_scratch {
    uint64_t slot[4096];
    uint32_t stamp[4096];
    uint32_t epoch;
};

/* Starts a new try: the next epoch (clearing the stamps when it wraps). */
static inline void fill_next_try(struct fill_scratch *s)
{
    if (++s->epoch == 0) {
        for (unsigned i = 0; i < 4096; i++)
            s->stamp[i] = 0;
        s->epoch = 1;
    }
}

/* Fill one square's slice for the magic search, with the index function
 * given: a unit passes its own static one (GEN_FILL), so the compiler
 * inlines it into the loop.  Stops at the first clash, or at an index of
 * limit or more.  Returns the span used (the highest index + 1), or 0. */
static inline uint32_t slice_fill_with(uint32_t (*index)(enum piece, const struct work_entry *,
                                                          uint64_t),
                                       enum piece piece, const struct work_entry *e,
                                       const struct occupancies *list, uint32_t limit,
                                       struct fill_scratch *s)
{
    const struct work_entry w = *e; /* a copy the stores below cannot alias */
    const uint64_t *restrict occupied = list->occupied, *restrict attacks = list->attacks;
    uint64_t *restrict slot = s->slot;
    uint32_t *restrict stamp = s->stamp;
    const unsigned count = list->count;
    uint32_t epoch, span = 0;

    fill_next_try(s);
    epoch = s->epoch;
    for (unsigned i = 0; i < count; i++) {
        const uint32_t at = index(piece, &w, occupied[i]);

        if (at >= limit)
            return 0;
        if (stamp[at] != epoch) {
            stamp[at] = epoch;
            slot[at] = attacks[i];
            if (at >= span)
                span = at + 1;
        } else if (slot[at] != attacks[i]) {
            return 0;
        }
    }
    return span;
}

/* A flavour's slider tables: the working form, and once built, the
 * flavour's own (encoded). */
struct slider_tables {
    const struct gen_flavour *flavour;
    struct work_entry entry[PIECE_COUNT][64];
    uint64_t *attacks;        /* the one attack table: every slice */
    uint32_t count;           /* its entries */
    void *encoded;            /* the flavour's own tables (gen_flavour.encode) */
};

/* The most entries an overlapping layout (black, white) may span: every
 * slice apart at its widest, 128 x 4096.  The magics parser holds each
 * loaded offset to it, and the packer's table is this size. */
#define OVERLAP_TABLE_MAX (PIECE_COUNT * 64 * 4096u)

/* Fill in masks, and for flavours without magics or with fixed index
 * bits the shifts. */
void tables_prepare(struct slider_tables *t, const struct gen_flavour *flavour);

/* The slice start a magic holds (offsetmagic). */
static inline uint32_t magic_offset(const struct gen_flavour *flavour, const struct work_entry *e)
{
    return (uint32_t)(e->magic & (((uint64_t)1 << flavour->offset_bits)
                                  - ((uint64_t)1 << flavour->start_shift)));
}

/* Place the slices of an overlapping flavour (white, black) into one
 * table, widest first, each at the lowest offset where the slots it uses
 * are free: sets the offsets and t->count.  0, or -2 if memory ran out. */
int tables_pack(struct slider_tables *t);

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

/* Set (by a signal handler) to end the dense search and the annealer
 * early with what they have. */
extern volatile sig_atomic_t search_stop;

/* Lay out, fill and encode the tables, then check every (square,
 * relevant occupancy) pair, read with the flavour's own lookup, against
 * the ray walk.  Returns 0; -1 with *c set on a collision or wrong
 * answer; -2 if memory ran out. */
int tables_build(struct slider_tables *t, struct collision *c);

void tables_free(struct slider_tables *t);

/* The build's fixed seed: every build of a release emits the same tables. */
#define DEFAULT_SEED 0x6d616769636262u /* "magicbb" */

/* Find a magic for every entry by a search seeded with seed; -1 if a
 * square cannot be solved, -2 if memory ran out. */
int tables_search(struct slider_tables *t, uint64_t seed);

/* Draws of mixed candidates for each climb step of the budget, unless
 * --draws says otherwise: a draw is dropped at its first clash, most
 * within a few occupancies, where a climb's step counts the clashes over
 * all of them. */
#define DRAWS_PER_STEP 32u

/* What the offline dense search spends. */
struct dense_budget {
    uint32_t climb;  /* candidates a square (a climb step, a narrowing; offsetmagic: a start) */
    uint64_t draws;  /* random candidates before each climb step */
    uint32_t anneal; /* the packer's moves (white, black) */
    unsigned pieces; /* the pieces searched: bit PIECE_ROOK, bit PIECE_BISHOP */
    uint64_t squares; /* their squares searched: bit sq */
    int progress;     /* a line a square on stderr */
    int loaded;       /* the layout came from a magics file: the annealer starts from it and
                       * keeps it unless it finds a smaller table */
    int by_growth;    /* offset-in-magic: the next rook is the one that grows the table least */
};

/* The offline dense search: improve every entry's magic (as searched or
 * loaded) with more candidates a square, drawn from seed.  A flavour
 * whose squares have their own index bits tries one bit fewer (and
 * again, as long as it finds one): budget->draws random candidates, then
 * a climb of budget->climb.  A fixed-width flavour keeps the magic whose
 * indices span the fewest slots of budget->climb candidates; an
 * overlapping one is then packed anew by the annealer (tables_anneal,
 * budget->anneal moves) with each square's best candidates, from the
 * loaded layout where budget->loaded (never ending worse than it).  An
 * offset-in-magic flavour's slices are placed anew
 * (tables_place_in_magic).  Only the squares of budget->squares and budget->pieces are
 * searched.  One progress line a square searched on stderr.  Once
 * search_stop is set, stops early with what it has.  0; -1 if no magic
 * was found for a square; -2 if memory ran out. */
int tables_dense(struct slider_tables *t, uint64_t seed, const struct dense_budget *budget);

/* An offset-in-magic flavour's slices placed anew (the seeded search and
 * the dense search of offsetmagic): the squares of budget->squares and
 * budget->pieces leave the table, then go back rooks first, then
 * bishops (those with more relevant squares first).  The rooks go those
 * with fewer relevant squares first, or with budget->by_growth, each
 * time the one left whose slice moves the table's end on least for its
 * occupancies.  Each slice is the one, of budget->climb candidates at
 * each start it may take (drawn from seed), that uses only free slots
 * and ends lowest.  Keeps the magics it had if they all work and the
 * table does not shrink.  0; -1 if no magic was found for a square; -2
 * if memory ran out. */
int tables_place_in_magic(struct slider_tables *t, uint64_t seed,
                          const struct dense_budget *budget);

#endif /* GEN_SLIDERS_H */
