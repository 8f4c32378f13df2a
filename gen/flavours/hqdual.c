/* SPDX-License-Identifier: MIT */
/* hqdual.c - the generator's steps for hqdual (include/magicbb/hqdual.h): no
 * magics and no slices, only each square's lines and the first rank's
 * attacks. */
#include "flavour_unit.h"
#include "magicbb/hqdual.h"

struct hqdual_state {
    struct mbb_hqdual_tables view; /* first: what lookup() reads */
    struct mbb_hqdual_entry lines[64];
    uint8_t rank[8 * 64];
};

static int hqdual_encode(struct slider_tables *t)
{
    struct hqdual_state *s = state_alloc(sizeof *s);

    if (s == NULL)
        return -2;
    for (unsigned sq = 0; sq < 64; sq++) {
        const struct mbb_hqdual_entry e
            = { { line_numbered(sq, LINE_DIAGONAL), line_numbered(sq, LINE_ANTIDIAGONAL),
                  line_numbered(sq, LINE_FILE), (uint64_t)1 << sq } };
        s->lines[sq] = e;
    }
    first_rank_attacks(s->rank);
    s->view.lines = s->lines;
    s->view.rank = s->rank;
    t->encoded = s;
    return 0;
}

GEN_LOOKUP(hqdual)

static void hqdual_line_fields(FILE *out, const void *entries, unsigned sq)
{
    emit_masks(out, "line", ((const struct mbb_hqdual_entry *)entries)[sq].line);
}

static void hqdual_emit(FILE *out, const struct slider_tables *t)
{
    static const char *const tables[] = { "mbb_hqdual_lines", "mbb_hqdual_rank" };
    const struct hqdual_state *s = t->encoded;

    emit_entries(out, "mbb_hqdual_entry", tables[0], hqdual_line_fields, s->lines);
    emit_numbers(out, "uint8_t", tables[1], 8 * 64, 16, emit_u8_at, s->rank);
    emit_table_bytes(out, "hqdual", tables, 2);
}

static void hqdual_describe(FILE *out, const struct slider_tables *t)
{
    (void)t;
    fputs(" *   entries:  none: 3 line masks and the bit a square, a 512-byte rank table\n", out);
}

const struct gen_flavour gen_flavour_hqdual = {
    GEN_REGISTERED(hqdual),      .product = 64,
    .layout = LAYOUT_NONE,       .encode = hqdual_encode,
    .lookup = hqdual_lookup,     .emit = hqdual_emit,
    .describe = hqdual_describe, .release = release_encoded,
};
