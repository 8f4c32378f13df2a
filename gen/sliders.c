/* SPDX-License-Identifier: MIT */
/* sliders.c - lay out, fill, encode and verify one flavour's tables. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "flavour_unit.h"
#include "sliders.h"

uint32_t index_shift(const struct gen_flavour *flavour, unsigned bits)
{
    return flavour->product - bits;
}

unsigned index_bits(const struct gen_flavour *flavour, enum piece piece,
                    const struct work_entry *e)
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

/* Overlapping flavours (black): the table ends after the highest slot any
 * square uses. */
static uint32_t layout_extent(const struct slider_tables *t)
{
    uint32_t end = 0;

    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct work_entry *e = &t->entry[p][sq];

            occupancies_list((enum piece)p, sq, &scratch);
            for (unsigned i = 0; i < scratch.count; i++) {
                uint32_t slot = e->offset + t->flavour->index((enum piece)p, e, scratch.occupied[i]);
                if (slot + 1 > end)
                    end = slot + 1;
            }
        }
    }
    return end;
}

/* Write every square's attack sets into the shared table.  A slot may be
 * written twice only with the same attacks: by two occupancies of one
 * square (a constructive collision) or, in an overlapping table, by two
 * squares. */
static int fill_shared(struct slider_tables *t, struct collision *c)
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
                uint32_t slot = e->offset + t->flavour->index((enum piece)p, e, scratch.occupied[i]);
                if (owner[slot] == 0) {
                    owner[slot] = (unsigned char)(1 + p * 64 + sq);
                    writer[slot] = scratch.occupied[i];
                    t->attacks[slot] = scratch.attacks[i];
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

/* ---- Black: repack the slices ---------------------------------------- */

struct live_slots {
    uint16_t count;
    uint16_t index[4096]; /* the square's distinct indices, ascending */
};

static int fits(const struct live_slots *s, const unsigned char *taken, uint32_t at)
{
    for (unsigned j = 0; j < s->count; j++) {
        if (taken[at + s->index[j]])
            return 0;
    }
    return 1;
}

static void mark(const struct live_slots *s, unsigned char *taken, uint32_t at, unsigned char v)
{
    for (unsigned j = 0; j < s->count; j++)
        taken[at + s->index[j]] = v;
}

/* How many more places the repacker may try (a cap for the fuzz target:
 * a full repack takes seconds); each try spends one. */
static unsigned long places_left;

/* The lowest offset from `from` on at which slice s fits and ends by
 * `limit`; -1 if none (or the places to try ran out). */
static long lowest_fit(const struct live_slots *s, const unsigned char *owner, uint32_t from,
                       uint32_t limit)
{
    const uint32_t span = s->index[s->count - 1] + 1u;

    for (uint32_t at = from; at + span < limit + 1 && places_left > 0; at++) {
        places_left--;
        if (fits(s, owner, at))
            return (long)at;
    }
    return -1;
}

/* The end of the highest slice, which *top receives. */
static uint32_t layout_top(const struct live_slots *live, const uint32_t *offset, unsigned *top)
{
    uint32_t extent = 0;

    for (unsigned k = 0; k < PIECE_COUNT * 64; k++) {
        uint32_t end = offset[k] + live[k].index[live[k].count - 1] + 1;

        if (end > extent) {
            extent = end;
            *top = k;
        }
    }
    return extent;
}

/* Lower the top of a packing.  Take the slice that reaches the top and
 * look for a lower offset where it lands on the live slots of no other
 * slice, or of one other slice that can itself move to a place ending
 * below the old top; make the move.  Repeat while the top comes down.
 * Then slide everything down over free slots at the bottom.  owner[]
 * holds, for each slot, 1 + the slice on it (or 0).  work, if not 0,
 * caps the places tried.  Returns the new extent. */
static uint32_t compact(const struct live_slots *live, uint32_t *offset, unsigned char *owner,
                        uint32_t capacity, unsigned long work)
{
    enum { SLICES = PIECE_COUNT * 64, HOMES = 64 };
    /* The first places each slice fits with the top lifted out (count -1:
     * not looked for yet); any further ones lie past the last. */
    static struct {
        int count;
        uint32_t at[HOMES];
    } home[SLICES];
    uint32_t extent = 0, bottom;
    unsigned last_top;

    memset(owner, 0, capacity);
    for (unsigned k = 0; k < SLICES; k++)
        mark(&live[k], owner, offset[k], (unsigned char)(k + 1));
    places_left = work != 0 ? work : ULONG_MAX;
    for (;;) {
        unsigned top = 0, moved = 0;
        uint32_t span;

        extent = layout_top(live, offset, &top);
        span = live[top].index[live[top].count - 1] + 1u;
        mark(&live[top], owner, offset[top], 0);
        for (unsigned k = 0; k < SLICES; k++)
            home[k].count = -1;
        for (uint32_t at = 0; at + span < extent && !moved && places_left > 0; at++) {
            unsigned other = 0; /* 1 + the one slice in the way, if one */
            unsigned j;
            long place;

            places_left--;
            for (j = 0; j < live[top].count; j++) {
                unsigned o = owner[at + live[top].index[j]];

                if (o != 0 && other != 0 && o != other)
                    break;
                if (o != 0)
                    other = o;
            }
            if (j < live[top].count)
                continue; /* two or more in the way */
            if (other == 0) {
                moved = 1;
                offset[top] = at;
                break;
            }
            other--;
            if (home[other].count < 0) {
                long fit = -1;

                mark(&live[other], owner, offset[other], 0);
                home[other].count = 0;
                while (home[other].count < HOMES
                       && (fit = lowest_fit(&live[other], owner, (uint32_t)(fit + 1), extent - 1)) >= 0)
                    home[other].at[home[other].count++] = (uint32_t)fit;
                mark(&live[other], owner, offset[other], (unsigned char)(other + 1));
            }
            if (home[other].count == 0)
                continue; /* it has nowhere lower to go */
            mark(&live[other], owner, offset[other], 0);
            mark(&live[top], owner, at, (unsigned char)(top + 1));
            /* Only the top, now at `at`, can be in the way of a home. */
            place = -1;
            for (int h = 0; h < home[other].count && place < 0; h++) {
                if (fits(&live[other], owner, home[other].at[h]))
                    place = home[other].at[h];
            }
            if (place < 0 && home[other].count == HOMES)
                place = lowest_fit(&live[other], owner, home[other].at[HOMES - 1] + 1, extent - 1);
            if (place >= 0) {
                offset[other] = (uint32_t)place;
                mark(&live[other], owner, (uint32_t)place, (unsigned char)(other + 1));
                offset[top] = at;
                moved = 1;
                break;
            }
            mark(&live[top], owner, at, 0);
            mark(&live[other], owner, offset[other], (unsigned char)(other + 1));
        }
        mark(&live[top], owner, offset[top], (unsigned char)(top + 1));
        if (!moved)
            break;
    }
    extent = layout_top(live, offset, &last_top); /* the last move lowered it */
    bottom = extent;
    for (unsigned k = 0; k < SLICES; k++) {
        if (offset[k] < bottom) /* offsets stay unsigned: slide only as far as all allow */
            bottom = offset[k];
    }
    for (unsigned k = 0; k < SLICES; k++)
        offset[k] -= bottom;
    return extent - bottom;
}

/* Pack the loaded layout tighter by compact(); keep it, and its size in
 * t->count, if smaller. */
static int repack(struct slider_tables *t)
{
    static struct live_slots live[PIECE_COUNT * 64];
    static unsigned char seen[4096];
    uint32_t offset[PIECE_COUNT * 64], extent;
    const uint32_t capacity = OVERLAP_TABLE_MAX;
    unsigned char *owner = malloc(capacity);

    if (owner == NULL)
        return -2;
    for (unsigned k = 0; k < PIECE_COUNT * 64; k++) {
        const enum piece p = (enum piece)(k / 64);
        const struct work_entry *e = &t->entry[p][k % 64];

        memset(seen, 0, sizeof seen);
        occupancies_list(p, k % 64, &scratch);
        for (unsigned i = 0; i < scratch.count; i++)
            seen[t->flavour->index(p, e, scratch.occupied[i])] = 1;
        live[k].count = 0;
        for (unsigned i = 0; i < 4096; i++) {
            if (seen[i])
                live[k].index[live[k].count++] = (uint16_t)i;
        }
        offset[k] = e->offset;
    }
    extent = compact(live, offset, owner, capacity, t->repack_work);
    if (extent < t->count) {
        for (unsigned k = 0; k < PIECE_COUNT * 64; k++)
            t->entry[k / 64][k % 64].offset = offset[k];
        t->count = extent;
    }
    free(owner);
    return 0;
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

    if (t->flavour->index != NULL) {
        t->count = t->flavour->offsets ? layout_extent(t) : layout_in_sequence(t);
        status = fill_shared(t, c);
        if (status == 0 && t->flavour->offsets) {
            /* The loaded layout is sound; now pack it tighter. */
            t->loaded_count = t->count;
            status = repack(t);
            if (status == 0)
                status = fill_shared(t, c);
        }
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
