/* SPDX-License-Identifier: MIT */
/* magicsfile.h - read and write magics files (format: doc/generator.md). */
#ifndef GEN_MAGICSFILE_H
#define GEN_MAGICSFILE_H

#include <stdio.h>

#include "sliders.h"

/* Load the magic and index bits of all 128 entries of t, which
 * tables_prepare() has set up for a flavour that uses magics.  line[p][sq]
 * receives the line each entry came from, so later errors (a collision)
 * can name it.  Reports the first problem and returns -1. */
int magics_load(const char *path, struct slider_tables *t, unsigned line[PIECE_COUNT][64]);

/* The same from an open stream; path names it in messages. */
int magics_parse(const char *path, FILE *in, struct slider_tables *t,
                 unsigned line[PIECE_COUNT][64]);

/* The flavour a magics file's first "# flavour: NAME" comment names, as
 * magics_load reads it (configure's answers), or "" (a static text). */
const char *magics_file_flavour(const char *path);

/* No magics file is larger: 128 entries with comments fit in a few KB,
 * and the cap ends an endless input (a pipe that never closes). */
#define MAGICS_MAX_BYTES (1ul << 20)

/* The one rule for the magics a build uses when it names none: for a
 * flavour with magics, DIR/NAME.txt (its shipped set) where that file can
 * be read, and always for a flavour that only loads its magics (so that
 * loading it reports a missing set); NULL where the flavour searches
 * instead, or has no magics.  The path goes into buffer.  magicbb-gen
 * --magics-dir and the fastest probe follow it. */
const char *magics_default(const char *dir, const struct gen_flavour *flavour, char *buffer,
                           size_t size);

/* Write the entries of t as a magics file; origin goes in a comment,
 * escaped. */
void magics_write(FILE *out, const struct slider_tables *t, const char *origin);

#endif /* GEN_MAGICSFILE_H */
