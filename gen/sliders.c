/* SPDX-License-Identifier: MIT */
/* sliders.c - lay out, fill, encode and verify one flavour's tables. */
#define _POSIX_C_SOURCE 200809L /* posix_memalign */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "sliders.h"

volatile sig_atomic_t search_stop;

uint32_t index_shift(const struct gen_flavour *flavour, unsigned bits)
{
    return flavour->product - bits;
}

unsigned index_bits(const struct gen_flavour *flavour, enum piece piece, const struct work_entry *e)
{
    unsigned fixed = flavour->fixed[piece];

    return fixed != 0 ? fixed : flavour->product - e->shift;
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

void tables_prepare(struct slider_tables *t, const struct gen_flavour *flavour)
{
    memset(t, 0, sizeof *t);
    t->flavour = flavour;
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            struct work_entry *e = &t->entry[p][sq];
            unsigned fixed = flavour->fixed[p];

            e->mask = relevant_mask((enum piece)p, sq);
            e->empty = ray_attacks((enum piece)p, sq, 0);
            if (!flavour->magics || fixed != 0)
                e->shift = index_shift(flavour, fixed != 0 ? fixed : popcount64(e->mask));
        }
    }
}

/* ---- Layout and fill ------------------------------------------------- */

static struct occupancies scratch;

/* Non-overlapping flavours: each square's slice follows the previous. */
static uint32_t layout_in_sequence(struct slider_tables *t)
{
    uint32_t count = 0;

    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            t->entry[p][sq].offset = count;
            count += (uint32_t)1 << index_bits(t->flavour, (enum piece)p, &t->entry[p][sq]);
        }
    }
    return count;
}

/* LAYOUT_GROUPED: the squares of a group use one slice, as wide as the
 * widest of theirs, at the offset of the group's first square. */
static uint32_t layout_grouped(struct slider_tables *t)
{
    uint32_t count = 0;

    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const unsigned first = t->flavour->share((enum piece)p, sq);
            uint32_t size = 0;

            if (first != sq) {
                t->entry[p][sq].offset = t->entry[p][first].offset;
                continue;
            }
            for (unsigned other = sq; other < 64; other++) {
                const uint32_t width
                    = (uint32_t)1 << index_bits(t->flavour, (enum piece)p, &t->entry[p][other]);

                if (t->flavour->share((enum piece)p, other) == sq && width > size)
                    size = width;
            }
            t->entry[p][sq].offset = count;
            count += size;
        }
    }
    return count;
}

/* LAYOUT_PACKED and LAYOUT_IN_MAGIC: the offsets are given (packed or
 * loaded, or the magics' own), and the table ends after the highest slot
 * any square uses. */
static uint32_t layout_extent(const struct slider_tables *t)
{
    uint32_t end = 0;

    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct work_entry *e = &t->entry[p][sq];

            occupancies_list((enum piece)p, sq, &scratch);
            for (unsigned i = 0; i < scratch.count; i++) {
                uint32_t slot
                    = e->offset + t->flavour->index((enum piece)p, e, scratch.occupied[i]);
                if (slot + 1 > end)
                    end = slot + 1;
            }
        }
    }
    return end;
}

/* Write every square's attack sets into the attack table.  A slot may be
 * written twice only with the same attacks: by two occupancies of one
 * square (a constructive collision) or, in an overlapping table, by two
 * squares.  In a sharing flavour's table the squares of a group write the
 * union of their sets (their lookups mask out the others'). */
static int fill_attacks(struct slider_tables *t, struct collision *c)
{
    unsigned char *owner = calloc(t->count, 1); /* 0: free, else 1 + piece * 64 + sq */
    uint64_t *writer = calloc(t->count, sizeof *writer);
    int status = 0;

    free(t->attacks);
    t->attacks = calloc(t->count, sizeof *t->attacks);
    if (owner == NULL || writer == NULL || t->attacks == NULL) {
        free(owner);
        free(writer);
        return -2;
    }
    for (int p = 0; p < PIECE_COUNT && status == 0; p++) {
        for (unsigned sq = 0; sq < 64 && status == 0; sq++) {
            const struct work_entry *e = &t->entry[p][sq];

            occupancies_list((enum piece)p, sq, &scratch);
            for (unsigned i = 0; i < scratch.count; i++) {
                uint32_t slot
                    = e->offset + t->flavour->index((enum piece)p, e, scratch.occupied[i]);

                if (slot >= t->count) { /* a unit whose index and layout disagree */
                    c->piece = c->other_piece = (enum piece)p;
                    c->sq = c->other_sq = sq;
                    c->slot = slot;
                    c->first = c->second = scratch.occupied[i];
                    status = -1;
                    break;
                }
                if (owner[slot] == 0) {
                    owner[slot] = (unsigned char)(1 + p * 64 + sq);
                    writer[slot] = scratch.occupied[i];
                    t->attacks[slot] = scratch.attacks[i];
                } else if (t->flavour->layout == LAYOUT_GROUPED && owner[slot] != 1 + p * 64 + sq) {
                    t->attacks[slot] |= scratch.attacks[i];
                } else if (t->attacks[slot] != scratch.attacks[i]) {
                    c->piece = (enum piece)p;
                    c->sq = sq;
                    c->other_piece = (enum piece)((owner[slot] - 1) / 64);
                    c->other_sq = (unsigned)(owner[slot] - 1) % 64;
                    c->slot = slot;
                    c->first = writer[slot];
                    c->second = scratch.occupied[i];
                    status = -1;
                    break;
                }
            }
        }
    }
    free(owner);
    free(writer);
    return status;
}

/* ---- Verification through the flavour's lookups ---------------------- */

/* Every subset of the squares a slider sees on an empty board, edges
 * included, each with and without the slider's own square: a superset of
 * the relevant occupancies, so bits that must not matter are tried too. */
static int verify(const struct slider_tables *t, struct collision *c)
{
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const uint64_t seen = ray_attacks((enum piece)p, sq, 0) | (uint64_t)1 << sq;
            uint64_t subset = 0;

            do {
                if (t->flavour->lookup(t->encoded, (enum piece)p, sq, subset)
                    != ray_attacks((enum piece)p, sq, subset)) {
                    c->piece = c->other_piece = (enum piece)p;
                    c->sq = c->other_sq = sq;
                    c->slot = 0;
                    c->first = c->second = subset;
                    return -1;
                }
                subset = subset_next(subset, seen);
            } while (subset != 0);
        }
    }
    return 0;
}

int tables_build(struct slider_tables *t, struct collision *c)
{
    int status = 0;

    if (t->flavour->layout != LAYOUT_NONE) {
        const struct gen_flavour *f = t->flavour;

        switch (f->layout) {
        case LAYOUT_GROUPED:
            t->count = layout_grouped(t);
            break;
        case LAYOUT_IN_MAGIC:
            for (int p = 0; p < PIECE_COUNT; p++) {
                for (unsigned sq = 0; sq < 64; sq++)
                    t->entry[p][sq].offset = magic_offset(f, &t->entry[p][sq]);
            }
            t->count = layout_extent(t);
            break;
        case LAYOUT_PACKED:
            t->count = layout_extent(t);
            break;
        default:
            t->count = layout_in_sequence(t);
            break;
        }
        status = fill_attacks(t, c);
    }
    if (status == 0)
        status = t->flavour->encode(t);
    return status != 0 ? status : verify(t, c);
}

void tables_free(struct slider_tables *t)
{
    if (t->encoded != NULL)
        t->flavour->release(t);
    free(t->attacks);
    t->encoded = NULL;
    t->attacks = NULL;
}

void release_encoded(struct slider_tables *t)
{
    free(t->encoded);
}

void *state_alloc(size_t size)
{
    void *state;

    if (posix_memalign(&state, 64, size) != 0)
        return NULL;
    return memset(state, 0, size);
}

static void swap_places(struct occupancies *list, unsigned a, unsigned b)
{
    const uint64_t occupied = list->occupied[a], attacks = list->attacks[a];

    list->occupied[a] = list->occupied[b];
    list->attacks[a] = list->attacks[b];
    list->occupied[b] = occupied;
    list->attacks[b] = attacks;
}

/* Puts the occupancies in a random order (fixed by the seed): a bad
 * candidate then clashes after a few of them, where in counting order
 * the first hundreds differ only in their lowest squares. */
void occupancies_shuffle(struct occupancies *list, uint64_t seed)
{
    uint64_t state = seed;

    for (unsigned i = list->count; i > 1; i--)
        swap_places(list, i - 1, (unsigned)(splitmix64(&state) % i));
    /* The empty board and the single blockers first: all their attack
     * sets differ, and a sparse magic that maps the relevant squares
     * badly clashes there at once. */
    for (unsigned i = 0, front = 0; i < list->count; i++) {
        if ((list->occupied[i] & (list->occupied[i] - 1)) == 0)
            swap_places(list, front++, i);
    }
}
