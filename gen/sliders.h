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

/* SplitMix64: a tiny generator with good output from any seed (the
 * shuffle below, and the searches' streams). */
static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Puts the occupancies in a random order fixed by the seed, the empty
 * board and the single blockers first (both searches). */
void occupancies_shuffle(struct occupancies *list, uint64_t seed);

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
static inline uint32_t
slice_fill_with(uint32_t (*index)(enum piece, const struct work_entry *, uint64_t),
                enum piece piece, const struct work_entry *e, const struct occupancies *list,
                uint32_t limit, struct fill_scratch *s)
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
    uint64_t *attacks; /* the one attack table: every slice */
    uint32_t count;    /* its entries */
    void *encoded;     /* the flavour's own tables (gen_flavour.encode) */
    /* a loaded magics file's provenance: its comment lines before the
     * first entry, but for the format and flavour lines, joined by
     * spaces (cut to fit); "" for none */
    char provenance[2048];
    /* A dense search's progress, for a run of the same options to go on
     * (magicsfile.h's "#@" lines): the run's options (its provenance's
     * own part), the squares it finished, and where each square it did
     * not finish started; run "" for none. */
    struct dense_progress {
        char run[512];
        unsigned char done[PIECE_COUNT][64], started[PIECE_COUNT][64];
        struct work_entry start[PIECE_COUNT][64];
        unsigned from_line[PIECE_COUNT][64]; /* a loaded file's "#@ from" line, or 0 */
    } progress;
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
    return (uint32_t)(e->magic
                      & (((uint64_t)1 << flavour->offset_bits)
                         - ((uint64_t)1 << flavour->start_shift)));
}

/* Set (by a signal handler) to end the dense search and the annealer
 * early with what they have. */
extern volatile sig_atomic_t search_stop;

/* Lay out, fill and encode the tables, then check every (square,
 * relevant occupancy) pair, read with the flavour's own lookup, against
 * the ray walk.  Returns 0; -1 with *c set on a collision or wrong
 * answer; -2 if memory ran out. */
int tables_build(struct slider_tables *t, struct collision *c);

void tables_free(struct slider_tables *t);

/* Frees t->encoded, for flavours whose encode() made one allocation. */
void release_encoded(struct slider_tables *t);

/* A unit's encoded state, zeroed and aligned for its records (a common
 * shape's square records are aligned to up to 64 bytes, MBB_RECORD_ALIGNED,
 * where calloc promises 16: compiled for AVX, copies into them become
 * aligned vector stores, which fault); NULL if memory ran out.  Freed
 * with free() (release_encoded). */
void *state_alloc(size_t size);

#endif /* GEN_SLIDERS_H */
