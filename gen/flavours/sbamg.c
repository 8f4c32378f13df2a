/* SPDX-License-Identifier: MIT */
/* sbamg.c - the generator's steps for sbamg (src/magicbb/sbamg.h): no
 * magics and no slices, only each square's four lines, their end squares
 * and the squares below it. */
#include "flavour_unit.h"
#include "magicbb/sbamg.h"

struct sbamg_state {
    struct mbb_sbamg_tables view; /* first: what lookup() reads */
    struct mbb_sbamg_square squares[64];
};

/* The lowest and the highest square of a line of at least one square. */
static uint64_t line_ends(uint64_t line)
{
    uint64_t highest = line;

    while ((highest & (highest - 1)) != 0)
        highest &= highest - 1;
    return (line & (0 - line)) | highest;
}

static int sbamg_encode(struct slider_tables *t)
{
    struct sbamg_state *s = calloc(1, sizeof *s);

    if (s == NULL)
        return -2;
    for (unsigned sq = 0; sq < 64; sq++) {
        const uint64_t bit = (uint64_t)1 << sq;

        for (unsigned i = 0; i < LINE_COUNT; i++) {
            const uint64_t line = line_numbered(sq, i);

            s->squares[sq].line[i] = line;
            s->squares[sq].ends[i] = (line_ends(line | bit) & ~bit) | (sq == 0 ? bit : 0);
        }
        s->squares[sq].below = bit - 1;
    }
    s->view.squares = s->squares;
    t->encoded = s;
    return 0;
}

GEN_LOOKUP(sbamg)

static void sbamg_fields(FILE *out, const void *squares, unsigned sq)
{
    const struct mbb_sbamg_square *s = (const struct mbb_sbamg_square *)squares + sq;

    emit_masks(out, "line", s->line);
    fputs(",\n      ", out);
    emit_masks(out, "ends", s->ends);
    fprintf(out, ",\n      .below = 0x%016llxu", (unsigned long long)s->below);
}

static void sbamg_emit(FILE *out, const struct slider_tables *t)
{
    static const char *const tables[] = { "mbb_sbamg_squares" };
    const struct sbamg_state *s = t->encoded;

    emit_entries(out, "mbb_sbamg_square", tables[0], sbamg_fields, s->squares);
    emit_table_bytes(out, "sbamg", tables, 1);
}

static void sbamg_describe(FILE *out, const struct slider_tables *t)
{
    (void)t;
    fputs(" *   entries:  none: 9 masks a square\n", out);
}

const struct gen_flavour gen_flavour_sbamg = {
    .name = "sbamg", .product = 64, .layout = LAYOUT_NONE,
    .encode = sbamg_encode, .lookup = sbamg_lookup, .emit = sbamg_emit,
    .describe = sbamg_describe, .release = release_encoded,
};
