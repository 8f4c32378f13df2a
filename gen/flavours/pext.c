/* SPDX-License-Identifier: MIT */
/* pext.c - the generator's steps for pext (include/magicbb/pext.h).  The
 * generator computes PEXT in plain C, so it runs on any build machine. */
#include "flavour_unit.h"
#include "magicbb/pext.h"

struct pext_state {
    struct mbb_pext_tables view; /* first: what lookup() reads */
    uint64_t mask[PIECE_COUNT][64];
    uint64_t offset[PIECE_COUNT][64];       /* what is emitted: the slices' first slots */
    const uint64_t *slice[PIECE_COUNT][64]; /* what the view reads: into t->attacks */
};

static uint32_t pext_index(enum piece piece, const struct work_entry *w, uint64_t occupied)
{
    (void)piece;
    return mbb_pext_index(w->mask, occupied);
}

static int pext_encode(struct slider_tables *t)
{
    struct pext_state *s = state_alloc(sizeof *s);

    if (s == NULL)
        return -2;
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            s->mask[p][sq] = t->entry[p][sq].mask;
            s->offset[p][sq] = t->entry[p][sq].offset;
            s->slice[p][sq] = t->attacks + t->entry[p][sq].offset;
        }
    }
    s->view.rook_mask = s->mask[PIECE_ROOK];
    s->view.bishop_mask = s->mask[PIECE_BISHOP];
    s->view.rook_slice = s->slice[PIECE_ROOK];
    s->view.bishop_slice = s->slice[PIECE_BISHOP];
    t->encoded = s;
    return 0;
}

GEN_LOOKUP(pext)

static void pext_emit(FILE *out, const struct slider_tables *t)
{
    static const char *const tables[]
        = { "mbb_pext_rook_mask", "mbb_pext_bishop_mask", "mbb_pext_rook_slice",
            "mbb_pext_bishop_slice", "mbb_pext_attacks" };
    const struct pext_state *s = t->encoded;

    for (int p = 0; p < PIECE_COUNT; p++) {
        emit_numbers(out, "uint64_t", tables[p], 64, 4, emit_u64_at, s->mask[p]);
        emit_slices(out, "uint64_t", tables[2 + p], tables[4], s->offset[p]);
    }
    emit_numbers(out, "uint64_t", tables[4], t->count, 4, emit_u64_at, t->attacks);
    emit_table_bytes(out, "pext", tables, 5);
}

const struct gen_flavour gen_flavour_pext = {
    GEN_REGISTERED(pext),        .product = 64,
    .layout = LAYOUT_SEQUENTIAL, .index = pext_index,
    .encode = pext_encode,       .lookup = pext_lookup,
    .emit = pext_emit,           .release = release_encoded,
};
