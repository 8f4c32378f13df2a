/* magicsfile.h - read and write magics files (format: README.md). */
#ifndef GEN_MAGICSFILE_H
#define GEN_MAGICSFILE_H

#include "sliders.h"

/* Load the magic and index bits of all 128 entries of t, which
 * tables_prepare() has set up for a flavour that uses magics.  line[p][sq]
 * receives the line each entry came from, so later errors (a collision)
 * can name it.  Reports the first problem and returns -1. */
int magics_load(const char *path, struct slider_tables *t, unsigned line[PIECE_COUNT][64]);

/* Write the entries of t as a magics file; origin goes in a comment. */
int magics_dump(const char *path, const struct slider_tables *t, const char *origin);

#endif /* GEN_MAGICSFILE_H */
