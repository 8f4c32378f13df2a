/* sliders.h - slider tables for one flavour: fill, lay out and verify. */
#ifndef GEN_SLIDERS_H
#define GEN_SLIDERS_H

#include <stdint.h>

#include "geometry.h"
#include "magicbb_index.h"

enum flavour { FLAVOUR_FANCY, FLAVOUR_PEXT, FLAVOUR_MAGIC32 };

const char *flavour_name(enum flavour flavour);
/* 0 and *out set for a known name; -1 otherwise. */
int flavour_parse(const char *name, enum flavour *out);
/* Whether the flavour hashes with magic numbers (and so reads or writes
 * a magics file). */
int flavour_uses_magics(enum flavour flavour);

/* The shift that leaves `bits` index bits of the flavour's product, and
 * back: how many index bits an entry's shift leaves. */
uint32_t index_shift(enum flavour flavour, unsigned bits);
unsigned index_bits(enum flavour flavour, const struct mbb_slider *e);

/* The flavour's index, via the functions in magicbb_index.h that the
 * library itself uses. */
uint32_t slider_index(enum flavour flavour, const struct mbb_slider *e, uint64_t occupied);

/* Every relevant occupancy of one (piece, square) with its attacks. */
struct occupancies {
    unsigned count;
    uint64_t occupied[4096];
    uint64_t attacks[4096];
};

void occupancies_list(enum piece piece, unsigned sq, struct occupancies *list);

/* Two occupancies that a (piece, square) entry sends to one slot although
 * their attacks differ. */
struct collision {
    enum piece piece;
    unsigned sq;
    uint32_t index;
    uint64_t first;
    uint64_t second;
};

/* Fill one square's slice (1 << index_bits() slots).  A slot counts as
 * taken when stamp[index] == epoch, so one scratch area serves many tries
 * without clearing.  Returns 0, or -1 with *c filled on a collision. */
int slice_fill(enum flavour flavour, enum piece piece, unsigned sq,
               const struct mbb_slider *e, const struct occupancies *list,
               uint64_t *slice, uint32_t *stamp, uint32_t epoch, struct collision *c);

struct slider_tables {
    enum flavour flavour;
    struct mbb_slider entry[PIECE_COUNT][64];
    uint64_t *attacks; /* one shared table, rooks first, then bishops */
    uint32_t count;
};

/* Fill in masks, and for flavours without magics the shifts, of every
 * entry; the magics and their shifts must already be set otherwise. */
void tables_prepare(struct slider_tables *t, enum flavour flavour);

/* Give every square its slice, fill them all and then check every
 * (square, relevant occupancy) pair against the ray walk.  Returns 0;
 * -1 with *c set on a collision; -2 if memory ran out. */
int tables_build(struct slider_tables *t, struct collision *c);

void tables_free(struct slider_tables *t);

/* Find a magic for every entry by a search seeded with seed. */
int tables_search(struct slider_tables *t, uint64_t seed);

#endif /* GEN_SLIDERS_H */
