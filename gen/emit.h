/* emit.h - write the generated C source of all constant tables. */
#ifndef GEN_EMIT_H
#define GEN_EMIT_H

#include <stdio.h>

#include "sliders.h"

/* Write the slider tables of t (built and verified), and with_board the
 * leaper, between and line tables, to out.  origin says where the magics
 * came from, for the provenance comment (escaped there). */
void emit_tables(FILE *out, const struct slider_tables *t, const char *origin, int with_board);

#endif /* GEN_EMIT_H */
