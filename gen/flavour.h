/* SPDX-License-Identifier: MIT */
/* flavour.h - a flavour as the generator sees it: its properties and the
 * steps that are its own.  Each flavour NAME has one such description,
 * gen_flavour_NAME in gen/flavours/NAME.c, built on the lookups of its
 * shared header include/magicbb/NAME.h; the registry
 * (src/flavours.def) lists them all. */
#ifndef GEN_FLAVOUR_H
#define GEN_FLAVOUR_H

#include <stdint.h>
#include <stdio.h>

#include "geometry.h"

/* The generator's working form of one (piece, square) of a hashing
 * flavour, whatever the flavour's own entry looks like: the magics file,
 * the search and the layout work on these; the flavour's encode() turns
 * them into its entries. */
struct work_entry {
    uint64_t mask;   /* relevant occupancy */
    uint64_t magic;  /* 0 where the flavour has none */
    uint32_t offset; /* first slot of the square's slice in the attack table */
    uint32_t shift;  /* product bits - index bits */
    uint64_t empty;  /* the square's attacks on an empty board (post-masks) */
};

struct slider_tables;
struct occupancies;
struct fill_scratch;

/* How a flavour's slices lie in its one attack table: the choice every
 * unit declares, read by the layout (sliders.c), the searches, the magics
 * file and the provenance comment. */
enum layout {
    LAYOUT_NONE,       /* no slices: the flavour computes its attacks */
    LAYOUT_SEQUENTIAL, /* one after another, each 2^index bits wide */
    LAYOUT_GROUPED,    /* a group of squares (share()) uses one slice, the
                        * union of their attack sets, post-masked */
    LAYOUT_PACKED,     /* overlapping where the slots agree, at offsets the
                        * packer finds or the magics file gives */
    LAYOUT_IN_MAGIC    /* at the start held in the magic's bits
                        * start_shift to offset_bits - 1 */
};

struct gen_flavour {
    const char *name;
    unsigned char magics;   /* hashes with magic numbers: reads and writes magics files */
    unsigned char searches; /* finds them by a seeded search (else loads them) */
    /* (name, magics and searches: from the registry, GEN_REGISTERED) */
    enum layout layout;    /* where its slices lie (above) */
    unsigned char product; /* bits of the hashed product: 64, or 32 for two 32-bit halves */
    unsigned char fixed[PIECE_COUNT]; /* index bits every square of the piece uses, or 0 */
    /* Where an occupancy lands in the square's slice, computed with the
     * flavour's own index function; NULL for a flavour without slices. */
    uint32_t (*index)(enum piece piece, const struct work_entry *e, uint64_t occupied);
    /* LAYOUT_IN_MAGIC: the magic's bits start_shift to offset_bits - 1
     * hold the slice start (a multiple of 2^start_shift). */
    unsigned char offset_bits, start_shift;
    /* The search asks for narrow slices (fixed-width flavours whose slices
     * overlap or follow one another at their used width): indices below
     * 2^relevant squares first, then a bit wider, up to the fixed width. */
    unsigned char narrow;
    /* LAYOUT_PACKED: the dense search draws runs_random's candidates
     * (candidates.h), else mixed_random's, and breaks ties of comb area
     * by the slots a slice uses (dense.c, packed_score).  On white they
     * packed its table smaller; black keeps the mixed ones, so that its
     * recorded own set reproduces (doc/generator.md). */
    unsigned char runs_candidates;
    /* Sets the bits of a drawn candidate the flavour keeps for itself (the
     * shift in shiftmagic's top bits, the slice start in offsetmagic's low
     * bits); NULL: candidates as drawn. */
    uint64_t (*constrain)(enum piece piece, const struct work_entry *e, uint64_t candidate);
    /* Checks a loaded entry against what the flavour's own encoding
     * requires of it: NULL, or why not (for a FILE:LINE message). */
    const char *(*check)(enum piece piece, const struct work_entry *e);
    /* LAYOUT_GROUPED (lookups end with & the square's empty-board
     * attacks): the square whose slice sq shares, the first of its group
     * (sq itself for the first). */
    unsigned (*share)(enum piece piece, unsigned sq);
    /* slice_fill_with() with the flavour's index function inlined
     * (GEN_FILL); NULL for a flavour that does not search. */
    uint32_t (*fill)(enum piece piece, const struct work_entry *e, const struct occupancies *list,
                     uint32_t limit, struct fill_scratch *s);
    /* Builds the flavour's own tables from the work entries and the
     * filled attack table (t->attacks), into t->encoded, whose first
     * member is the flavour's struct mbb_NAME_tables.  0, or -2 if memory
     * ran out. */
    int (*encode)(struct slider_tables *t);
    /* A lookup in the encoded tables, with the flavour's own code. */
    uint64_t (*lookup)(const void *encoded, enum piece piece, unsigned sq, uint64_t occupied);
    /* Writes the encoded tables as C, their definitions matching the
     * declarations of magicbb/NAME.h, ending with mbb_NAME_table_bytes. */
    void (*emit)(FILE *out, const struct slider_tables *t);
    /* The provenance comment's " *   entries: ..." lines; NULL: the
     * generic ones (describe_entries). */
    void (*describe)(FILE *out, const struct slider_tables *t);
    /* Frees what encode allocated. */
    void (*release)(struct slider_tables *t);
};

/* Every flavour, in registry order. */
extern const struct gen_flavour *const gen_flavours[];
extern const unsigned gen_flavour_count;

/* The flavour called name, or NULL. */
const struct gen_flavour *flavour_find(const char *name);
/* The flavour whose magics files f reads besides its own (the registry's
 * reads field: the same hash, as shared and byte read fancy's), or
 * NULL. */
const char *flavour_reads(const struct gen_flavour *f);
/* "fancy, pext, ... or hq", for messages. */
const char *flavour_list(void);

#endif /* GEN_FLAVOUR_H */
