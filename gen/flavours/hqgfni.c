/* SPDX-License-Identifier: MIT */
/* hqgfni.c - the generator's steps for hqgfni (include/magicbb/hqgfni.h): no
 * magics and no slices, only each square's four lines. */
#include "flavour_unit.h"
#include "magicbb/hqgfni.h"

struct hqgfni_state {
    struct mbb_hqgfni_tables view; /* first: what lookup() reads */
    struct mbb_hqgfni_entry lines[64];
};

static int hqgfni_encode(struct slider_tables *t)
{
    struct hqgfni_state *s = state_alloc(sizeof *s);

    if (s == NULL)
        return -2;
    for (unsigned sq = 0; sq < 64; sq++) {
        /* the entry's lines in the order of line_numbered's */
        for (unsigned i = 0; i < LINE_COUNT; i++)
            s->lines[sq].line[i] = line_numbered(sq, i);
    }
    s->view.lines = s->lines;
    t->encoded = s;
    return 0;
}

GEN_LOOKUP(hqgfni)

static void hqgfni_line_fields(FILE *out, const void *entries, unsigned sq)
{
    emit_masks(out, "line", ((const struct mbb_hqgfni_entry *)entries)[sq].line);
}

static void hqgfni_emit(FILE *out, const struct slider_tables *t)
{
    static const char *const tables[] = { "mbb_hqgfni_lines" };
    const struct hqgfni_state *s = t->encoded;

    emit_entries(out, "mbb_hqgfni_entry", tables[0], hqgfni_line_fields, s->lines);
    emit_table_bytes(out, "hqgfni", tables, 1);
}

static void hqgfni_describe(FILE *out, const struct slider_tables *t)
{
    (void)t;
    fputs(" *   entries:  none: 4 line masks a square\n", out);
}

const struct gen_flavour gen_flavour_hqgfni = {
    GEN_REGISTERED(hqgfni),      .product = 64,
    .layout = LAYOUT_NONE,       .encode = hqgfni_encode,
    .lookup = hqgfni_lookup,     .emit = hqgfni_emit,
    .describe = hqgfni_describe, .release = release_encoded,
};
