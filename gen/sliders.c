/* sliders.c - lay out one flavour's slider tables and verify them. */
#include <stdlib.h>
#include <string.h>

#include "sliders.h"

static const char *const flavour_names[] = { "fancy", "pext", "magic32" };

const char *flavour_name(enum flavour flavour)
{
    return flavour_names[flavour];
}

int flavour_parse(const char *name, enum flavour *out)
{
    for (unsigned i = 0; i < sizeof flavour_names / sizeof flavour_names[0]; i++) {
        if (strcmp(name, flavour_names[i]) == 0) {
            *out = (enum flavour)i;
            return 0;
        }
    }
    return -1;
}

int flavour_uses_magics(enum flavour flavour)
{
    return flavour != FLAVOUR_PEXT;
}

/* magic32 keeps the top bits of a 32-bit product, the others of a 64-bit one. */
static unsigned product_bits(enum flavour flavour)
{
    return flavour == FLAVOUR_MAGIC32 ? 32 : 64;
}

uint32_t index_shift(enum flavour flavour, unsigned bits)
{
    return product_bits(flavour) - bits;
}

unsigned index_bits(enum flavour flavour, const struct mbb_slider *e)
{
    return product_bits(flavour) - e->shift;
}

uint32_t slider_index(enum flavour flavour, const struct mbb_slider *e, uint64_t occupied)
{
    switch (flavour) {
    case FLAVOUR_PEXT:
        return mbb_index_pext(e, occupied);
    case FLAVOUR_MAGIC32:
        return mbb_index_magic32(e, occupied);
    default:
        return mbb_index_fancy(e, occupied);
    }
}

void occupancies_list(enum piece piece, unsigned sq, struct occupancies *list)
{
    const uint64_t mask = relevant_mask(piece, sq);
    uint64_t subset = 0;

    list->count = 0;
    do {
        list->occupied[list->count] = subset;
        list->attacks[list->count] = ray_attacks(piece, sq, subset);
        list->count++;
        subset = subset_next(subset, mask);
    } while (subset != 0);
}

int slice_fill(enum flavour flavour, enum piece piece, unsigned sq,
               const struct mbb_slider *e, const struct occupancies *list,
               uint64_t *slice, uint32_t *stamp, uint32_t epoch, struct collision *c)
{
    for (unsigned i = 0; i < list->count; i++) {
        const uint32_t index = slider_index(flavour, e, list->occupied[i]);

        if (stamp[index] != epoch) {
            stamp[index] = epoch;
            slice[index] = list->attacks[i];
        } else if (slice[index] != list->attacks[i]) {
            c->piece = piece;
            c->sq = sq;
            c->index = index;
            c->second = list->occupied[i];
            /* Find who took the slot first; rare, so a rescan is fine. */
            for (unsigned j = 0; j < i; j++) {
                if (slider_index(flavour, e, list->occupied[j]) == index) {
                    c->first = list->occupied[j];
                    break;
                }
            }
            return -1;
        }
    }
    return 0;
}

void tables_prepare(struct slider_tables *t, enum flavour flavour)
{
    t->flavour = flavour;
    t->attacks = NULL;
    t->count = 0;
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            struct mbb_slider *e = &t->entry[p][sq];

            e->mask = relevant_mask((enum piece)p, sq);
            e->offset = 0;
            if (!flavour_uses_magics(flavour)) {
                e->magic = 0;
                e->shift = index_shift(flavour, popcount64(e->mask));
            }
        }
    }
}

/* Every (square, relevant occupancy) pair, looked up the way the library
 * will look it up, must give the ray walk's answer. */
static int tables_verify(const struct slider_tables *t, struct collision *c)
{
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct mbb_slider *e = &t->entry[p][sq];
            uint64_t subset = 0;

            do {
                const uint32_t index = slider_index(t->flavour, e, subset);

                if (t->attacks[e->offset + index] != ray_attacks((enum piece)p, sq, subset)) {
                    c->piece = (enum piece)p;
                    c->sq = sq;
                    c->index = index;
                    c->first = c->second = subset;
                    return -1;
                }
                subset = subset_next(subset, e->mask);
            } while (subset != 0);
        }
    }
    return 0;
}

int tables_build(struct slider_tables *t, struct collision *c)
{
    static uint32_t stamp[4096];
    static struct occupancies list;
    uint32_t count = 0;
    int status = 0;

    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            t->entry[p][sq].offset = count;
            count += (uint32_t)1 << index_bits(t->flavour, &t->entry[p][sq]);
        }
    }
    free(t->attacks);
    t->attacks = calloc(count, sizeof *t->attacks);
    t->count = count;
    if (t->attacks == NULL)
        return -2;

    memset(stamp, 0, sizeof stamp);
    for (int p = 0; p < PIECE_COUNT && status == 0; p++) {
        for (unsigned sq = 0; sq < 64 && status == 0; sq++) {
            const struct mbb_slider *e = &t->entry[p][sq];

            occupancies_list((enum piece)p, sq, &list);
            status = slice_fill(t->flavour, (enum piece)p, sq, e, &list, t->attacks + e->offset,
                                stamp, (uint32_t)(p * 64 + sq + 1), c);
        }
    }
    return status == 0 ? tables_verify(t, c) : status;
}

void tables_free(struct slider_tables *t)
{
    free(t->attacks);
    t->attacks = NULL;
    t->count = 0;
}
