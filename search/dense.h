/* SPDX-License-Identifier: MIT */
/* dense.h - the offline dense search (dense.c). */
#ifndef SEARCH_DENSE_H
#define SEARCH_DENSE_H

#include "sliders.h"

/* Draws of mixed candidates for each climb step of the budget, unless
 * --draws says otherwise: a draw is dropped at its first clash, most
 * within a few occupancies, where a climb's step counts the clashes over
 * all of them. */
#define DRAWS_PER_STEP 32u

/* What the offline dense search spends. */
struct dense_budget {
    uint32_t climb;   /* candidates a square (a climb step, a narrowing; offsetmagic: a start) */
    uint64_t draws;   /* random candidates before each climb step */
    uint32_t anneal;  /* the packer's moves (white, black) */
    unsigned pieces;  /* the pieces searched: bit PIECE_ROOK, bit PIECE_BISHOP */
    uint64_t squares; /* their squares searched: bit sq */
    int open;         /* of those, only the open ones (dense_open_square) */
    int progress;     /* a line a square on stderr */
    int loaded;       /* the layout came from a magics file: the annealer starts from it and
                       * keeps it unless it finds a smaller table */
    unsigned jobs;    /* threads sharing the squares (1 to DENSE_MAX_JOBS) */
    unsigned shard, shards;    /* of the squares left, every shards-th from the shard-th
                                * (0 and 0: all of them) */
    const char *checkpoint;    /* NULL, or where the best magics so far go (watch.h) */
    unsigned checkpoint_every; /* seconds between checkpoints */
    const char *origin;        /* the checkpoints' provenance */
    const char *run;           /* the run's options (dense_progress.run) */
    int resume;                /* the tables' progress is this run's: go on from it */
};

/* The most threads --jobs takes. */
#define DENSE_MAX_JOBS 256u

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
 * (tables_place_in_magic).  Only the squares of budget->squares and
 * budget->pieces (and of those, budget->shard's) are searched, by
 * budget->jobs threads; one progress line a square searched (note), a
 * status line, and the best magics so far in budget->checkpoint every
 * budget->checkpoint_every seconds.  An overlapping or offset-in-magic
 * flavour's checkpoints keep the layout it started from until its new
 * layout is whole.  Once search_stop is set, stops early with what it
 * has.  0; -1 if no magic was found for a square; -2 if memory ran out.
 * A checkpoint that cannot be written is reported, once, and the search
 * goes on without more. */
int tables_dense(struct slider_tables *t, uint64_t seed, const struct dense_budget *budget);

/* Whether square k (piece * 64 + square) of t is open: its magic uses
 * as many index bits as the square has relevant squares, and a magic with
 * one fewer is not proven absent (dense.c's table, with its source).  For
 * the shipped fancy set: rooks a1-h2, bishops c1 and d1. */
int dense_open_square(const struct slider_tables *t, unsigned k);

/* The slots a fixed-width magic's indices span, lowest to highest, over
 * the square's occupancies (list); 0 if it collides.  s is scratch. */
uint32_t fixed_span(const struct gen_flavour *f, enum piece p, const struct work_entry *e,
                    const struct occupancies *list, struct fill_scratch *s);

#endif /* SEARCH_DENSE_H */
