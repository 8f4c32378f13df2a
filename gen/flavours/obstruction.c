/* SPDX-License-Identifier: MIT */
/* obstruction.c - the generator's steps for obstruction
 * (include/magicbb/obstruction.h): no magics and no slices, only each
 * square's four lines and their lower and upper parts. */
#include "flavour_unit.h"
#include "magicbb/obstruction.h"

static void obstruction_square(struct mbb_obstruction_square *s, unsigned sq)
{
    const uint64_t below = ((uint64_t)1 << sq) - 1;

    for (unsigned i = 0; i < LINE_COUNT; i++) {
        const uint64_t line = line_numbered(sq, i);

        s->line[i] = line;
        s->lower[i] = (line & below) | 1;
        s->upper[i] = line & ~below;
    }
}

static void obstruction_fields(FILE *out, const void *squares, unsigned sq)
{
    const struct mbb_obstruction_square *s = (const struct mbb_obstruction_square *)squares + sq;

    emit_masks(out, "lower", s->lower);
    fputs(",\n      ", out);
    emit_masks(out, "upper", s->upper);
    fputs(",\n      ", out);
    emit_masks(out, "line", s->line);
}

GEN_FOUR_LINES_SHAPE(obstruction, "12 line masks a square")
