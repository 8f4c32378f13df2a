/* sliders.h - one flavour's slider tables: lay out, fill, encode, verify. */
#ifndef GEN_SLIDERS_H
#define GEN_SLIDERS_H

#include <stdint.h>

#include "geometry.h"
#include "magicbb_index.h"

enum flavour {
    FLAVOUR_FANCY,
    FLAVOUR_PEXT,
    FLAVOUR_MAGIC32,
    FLAVOUR_PLAIN,
    FLAVOUR_BLACK,
    FLAVOUR_PEXT16,
    FLAVOUR_BYTE,
    FLAVOUR_HQ,
    FLAVOUR_COUNT
};

const char *flavour_name(enum flavour flavour);
/* 0 and *out set for a known name; -1 otherwise. */
int flavour_parse(const char *name, enum flavour *out);
/* The names, "fancy, pext, ...", for messages. */
const char *flavour_list(void);

/* Hashes with magic numbers (so reads and writes magics files). */
int flavour_uses_magics(enum flavour flavour);
/* Finds its magics by a seeded search (black only loads them). */
int flavour_searches(enum flavour flavour);
/* Its magics file gives each square's offset (black). */
int flavour_has_offsets(enum flavour flavour);
/* Index bits every square of the piece uses, or 0 if each has its own. */
unsigned fixed_bits(enum flavour flavour, enum piece piece);

/* The shift that leaves `bits` index bits of the flavour's product, and
 * back: how many index bits an entry leaves. */
uint32_t index_shift(enum flavour flavour, unsigned bits);
unsigned index_bits(enum flavour flavour, enum piece piece, const struct mbb_slider *e);

/* The flavour's index of an occupancy, via the functions in
 * magicbb_index.h that the library itself uses.  Not for hq. */
uint32_t slider_index(enum flavour flavour, enum piece piece, const struct mbb_slider *e,
                      uint64_t occupied);

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

/* Fill one square's slice, for the magic search.  A slot counts as taken
 * when stamp[index] == epoch, so one scratch area serves many tries
 * without clearing.  Returns 0, or -1 on a collision. */
int slice_fill(enum flavour flavour, enum piece piece, const struct mbb_slider *e,
               const struct occupancies *list, uint64_t *slice, uint32_t *stamp,
               uint32_t epoch);

/* A flavour's slider tables, in the generator's working form and, once
 * built, in the exact types the library reads. */
struct slider_tables {
    enum flavour flavour;
    /* Hashing entries of every flavour but hq; pext16 and byte are
     * encoded from them. */
    struct mbb_slider entry[PIECE_COUNT][64];
    uint64_t *attacks; /* one shared table of attack sets */
    uint32_t count;    /* its entries */
    uint32_t loaded_count; /* black: entries of the layout as loaded */
    unsigned long repack_work; /* black: most places the repacker tries; 0: no cap */

    struct mbb_pdep_slider pdep[PIECE_COUNT][64]; /* pext16 */
    uint16_t *attacks16;
    struct mbb_byte_slider bytes[PIECE_COUNT][64]; /* byte */
    uint8_t *index8;
    uint64_t *sets;
    uint32_t set_count;
    struct mbb_hq_lines hq[64]; /* hq */
    uint8_t hq_rank[8 * 64];
};

/* The most entries an overlapping layout (black) may span: every slice
 * apart at its widest, 128 x 4096.  The magics parser holds each loaded
 * offset to it and the repacker's scratch area is this size. */
#define OVERLAP_TABLE_MAX (PIECE_COUNT * 64 * 4096u)

/* Fill in masks, and for flavours without magics the shifts. */
void tables_prepare(struct slider_tables *t, enum flavour flavour);

/* Lay out, fill and encode the tables, then check every (square,
 * relevant occupancy) pair, read with the library's own lookup, against
 * the ray walk.  Black's loaded layout is checked, then repacked.
 * Returns 0; -1 with *c set on a collision or wrong answer; -2 if memory
 * ran out. */
int tables_build(struct slider_tables *t, struct collision *c);

void tables_free(struct slider_tables *t);

/* The build's fixed seed: every build of a release emits the same tables. */
#define DEFAULT_SEED 0x6d616769636262u /* "magicbb" */

/* Find a magic for every entry by a search seeded with seed; -1 if a
 * square cannot be solved. */
int tables_search(struct slider_tables *t, uint64_t seed);

#endif /* GEN_SLIDERS_H */
