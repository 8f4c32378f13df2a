/* SPDX-License-Identifier: MIT */
/* hq.c - the generator's steps for hq (include/magicbb/hq.h): no magics and
 * no slices, only each square's lines and the first rank's attacks. */
#include "flavour_unit.h"
#include "magicbb/hq.h"

struct hq_state {
    struct mbb_hq_tables view; /* first: what lookup() reads */
    struct mbb_hq_entry lines[64];
    uint8_t rank[8 * 64];
};

static int hq_encode(struct slider_tables *t)
{
    struct hq_state *s = state_alloc(sizeof *s);

    if (s == NULL)
        return -2;
    for (unsigned sq = 0; sq < 64; sq++) {
        s->lines[sq].file = line_numbered(sq, LINE_FILE);
        s->lines[sq].diagonal = line_numbered(sq, LINE_DIAGONAL);
        s->lines[sq].antidiagonal = line_numbered(sq, LINE_ANTIDIAGONAL);
        s->lines[sq].bit = (uint64_t)1 << sq;
    }
    first_rank_attacks(s->rank);
    s->view.lines = s->lines;
    s->view.rank = s->rank;
    t->encoded = s;
    return 0;
}

GEN_LOOKUP(hq)

static void hq_line_fields(FILE *out, const void *entries, unsigned sq)
{
    const struct mbb_hq_entry *l = (const struct mbb_hq_entry *)entries + sq;

    fprintf(out,
            "/* file */ 0x%016llxu, /* diagonal */ 0x%016llxu, /* antidiagonal */ 0x%016llxu,"
            " /* bit */ 0x%016llxu",
            (unsigned long long)l->file, (unsigned long long)l->diagonal,
            (unsigned long long)l->antidiagonal, (unsigned long long)l->bit);
}

static void hq_emit(FILE *out, const struct slider_tables *t)
{
    static const char *const tables[] = { "mbb_hq_lines", "mbb_hq_rank" };
    const struct hq_state *s = t->encoded;

    emit_entries(out, "mbb_hq_entry", tables[0], hq_line_fields, s->lines);
    emit_numbers(out, "uint8_t", tables[1], 8 * 64, 16, emit_u8_at, s->rank);
    emit_table_bytes(out, "hq", tables, 2);
}

static void hq_describe(FILE *out, const struct slider_tables *t)
{
    (void)t;
    fputs(" *   entries:  none: 3 line masks a square and a 512-byte rank table\n", out);
}

const struct gen_flavour gen_flavour_hq = {
    GEN_REGISTERED(hq),  .product = 64,   .layout = LAYOUT_NONE,   .encode = hq_encode,
    .lookup = hq_lookup, .emit = hq_emit, .describe = hq_describe, .release = release_encoded,
};
