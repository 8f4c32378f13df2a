/* SPDX-License-Identifier: MIT */
/* merge.c - join the magics of a search's shards, square by square
 * (merge.h). */
#include <stdlib.h>
#include <string.h>

#include "dense.h"
#include "merge.h"
#include "pack.h"

struct merge {
    const struct gen_flavour *f;
    unsigned shards;
    struct work_entry best[PIECE_COUNT][64];
    uint32_t score[PIECE_COUNT][64];  /* index bits, or the span: the lower the better */
    struct pack_candidates *offered;  /* overlapping flavours: every shard's magics */
    struct pack_layout *smallest;     /* and the smallest shard's layout */
    struct occupancies list;
    struct fill_scratch scratch;
};

struct merge *merge_begin(const struct gen_flavour *flavour)
{
    struct merge *m = calloc(1, sizeof *m);

    if (m == NULL)
        return NULL;
    m->f = flavour;
    if (flavour->layout == LAYOUT_PACKED && (m->offered = calloc(1, sizeof *m->offered)) == NULL) {
        free(m);
        return NULL;
    }
    return m;
}

/* An overlapping flavour's shard: its magics offered, its layout kept
 * where it is the smallest yet. */
static int merge_packed(struct merge *m, const struct slider_tables *shard)
{
    for (unsigned k = 0; k < PIECE_COUNT * 64; k++) {
        const uint64_t magic = shard->entry[k / 64][k % 64].magic;
        unsigned i = 0;

        while (i < m->offered->count[k] && m->offered->magic[k][i] != magic)
            i++;
        if (i == m->offered->count[k] && i < PACK_CHOICES)
            m->offered->magic[k][m->offered->count[k]++] = magic;
    }
    if (m->smallest == NULL || shard->count < m->smallest->count) {
        struct pack_layout *layout = pack_layout_of(shard);

        if (layout == NULL)
            return -2;
        free(m->smallest);
        m->smallest = layout;
        memcpy(m->best, shard->entry, sizeof m->best);
    }
    return 0;
}

int merge_add(struct merge *m, const struct slider_tables *shard)
{
    if (m->f->layout == LAYOUT_PACKED)
        return merge_packed(m, shard);
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct work_entry *e = &shard->entry[p][sq];
            uint32_t score = index_bits(m->f, (enum piece)p, e);

            if (m->f->fixed[p] != 0) {
                occupancies_list((enum piece)p, sq, &m->list);
                score = fixed_span(m->f, (enum piece)p, e, &m->list, &m->scratch);
            }
            if (m->shards == 0 || score < m->score[p][sq]) {
                m->best[p][sq] = *e;
                m->score[p][sq] = score;
            }
        }
    }
    m->shards++;
    return 0;
}

int merge_end(struct merge *m, struct slider_tables *t, uint64_t seed, uint32_t steps)
{
    int status = 0;

    memcpy(t->entry, m->best, sizeof t->entry);
    if (m->smallest != NULL) {
        t->count = m->smallest->count;
        status = tables_anneal(t, m->offered, seed, steps, m->smallest);
    }
    return status;
}

void merge_free(struct merge *m)
{
    if (m == NULL)
        return;
    free(m->offered);
    free(m->smallest);
    free(m);
}
