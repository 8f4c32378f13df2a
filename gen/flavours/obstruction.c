/* SPDX-License-Identifier: MIT */
/* obstruction.c - the generator's steps for obstruction
 * (src/magicbb/obstruction.h): no magics and no slices, only each
 * square's four lines and their lower parts. */
#include "flavour_unit.h"
#include "magicbb/obstruction.h"

struct obstruction_state {
    struct mbb_obstruction_tables view; /* first: what lookup() reads */
    struct mbb_obstruction_square squares[64];
};

static int obstruction_encode(struct slider_tables *t)
{
    struct obstruction_state *s = calloc(1, sizeof *s);

    if (s == NULL)
        return -2;
    for (unsigned sq = 0; sq < 64; sq++) {
        const uint64_t below = ((uint64_t)1 << sq) - 1;

        for (unsigned i = 0; i < LINE_COUNT; i++) {
            const uint64_t line = line_numbered(sq, i);

            s->squares[sq].line[i] = line;
            s->squares[sq].lower[i] = (line & below) | 1;
            s->squares[sq].upper[i] = line & ~below;
        }
    }
    s->view.squares = s->squares;
    t->encoded = s;
    return 0;
}

GEN_LOOKUP(obstruction)

static void obstruction_fields(FILE *out, const void *squares, unsigned sq)
{
    const struct mbb_obstruction_square *s = (const struct mbb_obstruction_square *)squares + sq;

    emit_masks(out, "lower", s->lower);
    fputs(",\n      ", out);
    emit_masks(out, "upper", s->upper);
    fputs(",\n      ", out);
    emit_masks(out, "line", s->line);
}

static void obstruction_emit(FILE *out, const struct slider_tables *t)
{
    static const char *const tables[] = { "mbb_obstruction_squares" };
    const struct obstruction_state *s = t->encoded;

    emit_entries(out, "mbb_obstruction_square", tables[0], obstruction_fields, s->squares);
    emit_table_bytes(out, "obstruction", tables, 1);
}

static void obstruction_describe(FILE *out, const struct slider_tables *t)
{
    (void)t;
    fputs(" *   entries:  none: 12 line masks a square\n", out);
}

const struct gen_flavour gen_flavour_obstruction = {
    .name = "obstruction", .product = 64, .layout = LAYOUT_NONE,
    .encode = obstruction_encode, .lookup = obstruction_lookup, .emit = obstruction_emit,
    .describe = obstruction_describe, .release = release_encoded,
};
