/* SPDX-License-Identifier: MIT */
/* inmagic.h - an offset-in-magic flavour's slices placed anew (inmagic.c). */
#ifndef GEN_INMAGIC_H
#define GEN_INMAGIC_H

#include "sliders.h"

/* Which slices of an offset-in-magic table are placed anew, and how. */
struct placement {
    uint32_t climb;   /* candidates at each start */
    unsigned pieces;  /* the pieces placed: bit PIECE_ROOK, bit PIECE_BISHOP */
    uint64_t squares; /* their squares placed: bit sq */
    int progress;     /* a line a slice on stderr */
    int by_growth;    /* the next rook is the one that grows the table least */
};

/* An offset-in-magic flavour's slices placed anew (the seeded search and
 * the dense search of offsetmagic): the squares of plan->squares and
 * plan->pieces leave the table, then go back rooks first, then
 * bishops (those with more relevant squares first).  The rooks go those
 * with fewer relevant squares first, or with plan->by_growth, each
 * time the one left whose slice moves the table's end on least for its
 * occupancies.  Each slice is the one, of plan->climb candidates at
 * each start it may take (drawn from seed), that uses only free slots
 * and ends lowest.  Keeps the magics it had if they all work and the
 * table does not shrink.  0; -1 if no magic was found for a square; -2
 * if memory ran out. */
int tables_place_in_magic(struct slider_tables *t, uint64_t seed, const struct placement *plan);

#endif /* GEN_INMAGIC_H */
