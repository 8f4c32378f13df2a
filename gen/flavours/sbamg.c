/* SPDX-License-Identifier: MIT */
/* sbamg.c - the generator's steps for sbamg (include/magicbb/sbamg.h): no
 * magics and no slices, only each square's four lines, their end squares
 * and the squares below it. */
#include "flavour_unit.h"
#include "magicbb/sbamg.h"

/* The lowest and the highest square of a line of at least one square. */
static uint64_t line_ends(uint64_t line)
{
    uint64_t highest = line;

    while ((highest & (highest - 1)) != 0)
        highest &= highest - 1;
    return (line & (0 - line)) | highest;
}

static void sbamg_square(struct mbb_sbamg_square *s, unsigned sq)
{
    const uint64_t bit = (uint64_t)1 << sq;

    for (unsigned i = 0; i < LINE_COUNT; i++) {
        const uint64_t line = line_numbered(sq, i);

        s->line[i] = line;
        s->ends[i] = (line_ends(line | bit) & ~bit) | (sq == 0 ? bit : 0);
    }
    s->below = bit - 1;
}

static void sbamg_fields(FILE *out, const void *squares, unsigned sq)
{
    const struct mbb_sbamg_square *s = (const struct mbb_sbamg_square *)squares + sq;

    emit_masks(out, "line", s->line);
    fputs(",\n      ", out);
    emit_masks(out, "ends", s->ends);
    fprintf(out, ",\n      /* below */ 0x%016llxu", (unsigned long long)s->below);
}

GEN_FOUR_LINES_SHAPE(sbamg, "9 masks a square")
