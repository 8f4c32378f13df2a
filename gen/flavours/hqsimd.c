/* SPDX-License-Identifier: MIT */
/* hqsimd.c - the generator's steps for hqsimd (include/magicbb/hqsimd.h): no
 * magics and no slices, only each square's lines and the first rank's
 * attacks. */
#include "flavour_unit.h"
#include "magicbb/hqsimd.h"

struct hqsimd_state {
    struct mbb_hqsimd_tables view; /* first: what lookup() reads */
    struct mbb_hqsimd_entry lines[64];
    uint8_t rank[8 * 64];
};

static int hqsimd_encode(struct slider_tables *t)
{
    struct hqsimd_state *s = state_alloc(sizeof *s);

    if (s == NULL)
        return -2;
    for (unsigned sq = 0; sq < 64; sq++) {
        const struct mbb_hqsimd_entry e
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

GEN_LOOKUP(hqsimd)

static void hqsimd_line_fields(FILE *out, const void *entries, unsigned sq)
{
    emit_masks(out, "line", ((const struct mbb_hqsimd_entry *)entries)[sq].line);
}

static void hqsimd_emit(FILE *out, const struct slider_tables *t)
{
    static const char *const tables[] = { "mbb_hqsimd_lines", "mbb_hqsimd_rank" };
    const struct hqsimd_state *s = t->encoded;

    emit_entries(out, "mbb_hqsimd_entry", tables[0], hqsimd_line_fields, s->lines);
    emit_numbers(out, "uint8_t", tables[1], 8 * 64, 16, emit_u8_at, s->rank);
    emit_table_bytes(out, "hqsimd", tables, 2);
}

static void hqsimd_describe(FILE *out, const struct slider_tables *t)
{
    (void)t;
    fputs(" *   entries:  none: 3 line masks and the bit a square, a 512-byte rank table\n", out);
}

const struct gen_flavour gen_flavour_hqsimd = {
    GEN_REGISTERED(hqsimd),      .product = 64,
    .layout = LAYOUT_NONE,       .encode = hqsimd_encode,
    .lookup = hqsimd_lookup,     .emit = hqsimd_emit,
    .describe = hqsimd_describe, .release = release_encoded,
};
