/* SPDX-License-Identifier: MIT */
/* pext16.c - the generator's steps for pext16 (include/magicbb/pext16.h):
 * pext's layout, each attack set gathered into 16 bits over the square's
 * empty-board attacks. */
#include "flavour_unit.h"
#include "magicbb/pext16.h"

GEN_SQUARES_STATE(pext16, uint16_t *attacks;)

static uint32_t pext16_index(enum piece piece, const struct work_entry *w, uint64_t occupied)
{
    const struct mbb_pext16_entry e = { .mask = w->mask };

    (void)piece;
    return mbb_pext16_index(&e, occupied);
}

static int pext16_encode(struct slider_tables *t)
{
    struct pext16_state *s = state_alloc(sizeof *s);

    if (s == NULL || (s->attacks = calloc(t->count, sizeof *s->attacks)) == NULL) {
        free(s);
        return -2;
    }
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct work_entry *w = &t->entry[p][sq];
            struct mbb_pext16_entry *e = &s->entry[p][sq];
            const uint32_t size = (uint32_t)1 << index_bits(t->flavour, (enum piece)p, w);

            e->mask = w->mask;
            e->attacks = ray_attacks((enum piece)p, sq, 0);
            e->slice = s->attacks + w->offset;
            for (uint32_t i = 0; i < size; i++)
                s->attacks[w->offset + i]
                    = (uint16_t)mbb_pext64(t->attacks[w->offset + i], e->attacks);
        }
    }
    GEN_SQUARES_VIEW(s);
    s->view.attacks = s->attacks;
    t->encoded = s;
    return 0;
}

GEN_LOOKUP(pext16)

static void pext16_entry_fields(FILE *out, const void *entries, unsigned sq, const char *slice)
{
    const struct mbb_pext16_entry *e = (const struct mbb_pext16_entry *)entries + sq;

    fprintf(out, "/* mask */ 0x%016llxu, /* attacks */ 0x%016llxu, /* slice */ %s",
            (unsigned long long)e->mask, (unsigned long long)e->attacks, slice);
}

GEN_SQUARES_EMIT(pext16, "uint16_t", 8, emit_u16_at, s->attacks, 1)

static void pext16_release(struct slider_tables *t)
{
    struct pext16_state *s = t->encoded;

    free(s->attacks);
    free(s);
}

const struct gen_flavour gen_flavour_pext16 = {
    GEN_REGISTERED(pext16),      .product = 64,
    .layout = LAYOUT_SEQUENTIAL, .index = pext16_index,
    .encode = pext16_encode,     .lookup = pext16_lookup,
    .emit = pext16_emit,         .release = pext16_release,
};
