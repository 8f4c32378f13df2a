/* SPDX-License-Identifier: MIT */
/* anneal.c - the offline packer of the overlapping flavours: anneals the
 * order the slices are placed in first fit (gen/pack.h) and each
 * square's choice among candidate magics. */
#include <stdlib.h>
#include <string.h>

#include "anneal.h"
#include "candidates.h"
#include "pack.h"
#include "progress.h"

/* Adds magic to square k's candidates unless it is there or does not
 * work (pack_slice). */
static void add_candidate(const struct slider_tables *t, unsigned k, uint64_t magic,
                          const struct occupancies *list, struct fill_scratch *scratch,
                          struct slice_bits *slices, unsigned *count)
{
    for (unsigned i = 0; i < *count; i++) {
        if (slices[i].magic == magic)
            return;
    }
    if (pack_slice(t, k, magic, list, scratch, &slices[*count]) == 0)
        (*count)++;
}

/* Each square's candidates as slices: start's magic first where start is
 * given, then its current magic, then c's; fills counts.  NULL if
 * memory ran out. */
static struct slice_bits **slices_of(const struct slider_tables *t, const struct pack_candidates *c,
                                     const struct pack_layout *start, unsigned counts[PACK_SLICES])
{
    struct occupancies *list = malloc(sizeof *list);
    struct fill_scratch *scratch = calloc(1, sizeof *scratch);
    struct slice_bits **slices = calloc(PACK_SLICES, sizeof *slices);
    int ok = list != NULL && scratch != NULL && slices != NULL;

    for (unsigned k = 0; ok && k < PACK_SLICES; k++) {
        const enum piece p = (enum piece)(k / 64);
        const unsigned offered = c != NULL ? c->count[k] : 0;
        const uint64_t current = t->entry[p][k % 64].magic;

        ok = (slices[k] = malloc((offered + 2) * sizeof **slices)) != NULL;
        if (!ok)
            break;
        occupancies_list(p, k % 64, list);
        counts[k] = 0;
        if (start != NULL)
            add_candidate(t, k, start->magic[k], list, scratch, slices[k], &counts[k]);
        add_candidate(t, k, current, list, scratch, slices[k], &counts[k]);
        for (unsigned j = 0; j < offered; j++)
            add_candidate(t, k, c->magic[k][j], list, scratch, slices[k], &counts[k]);
        if (counts[k] == 0) /* no working magic: tables_build names it */
            pack_slice(t, k, current, list, scratch, &slices[k][counts[k]++]);
    }
    free(list);
    free(scratch);
    if (!ok && slices != NULL) {
        pack_slices_free(slices);
        slices = NULL;
    }
    return slices;
}

/* start itself: its slices in the order of their offsets (ties in square
 * order), each with its first candidate (start's magic) and its offset
 * as its floor, so that first fit places each where start has it. */
static void in_start_order(struct arrangement *a, const struct pack_layout *start)
{
    for (unsigned k = 0; k < PACK_SLICES; k++) {
        unsigned j = k;

        for (; j > 0 && start->offset[a->order[j - 1]] > start->offset[k]; j--)
            a->order[j] = a->order[j - 1];
        a->order[j] = (uint8_t)k;
        a->choice[k] = 0;
        a->floor[k] = start->offset[k];
    }
}

struct pack_layout *pack_layout_of(const struct slider_tables *t)
{
    struct pack_layout *l = malloc(sizeof *l);

    if (l == NULL)
        return NULL;
    for (unsigned k = 0; k < PACK_SLICES; k++) {
        l->magic[k] = t->entry[k / 64][k % 64].magic;
        l->offset[k] = t->entry[k / 64][k % 64].offset;
    }
    l->count = t->count;
    return l;
}

/* Puts start back into t: its magics, offsets and entries. */
static void restore(struct slider_tables *t, const struct pack_layout *start)
{
    for (unsigned k = 0; k < PACK_SLICES; k++) {
        t->entry[k / 64][k % 64].magic = start->magic[k];
        t->entry[k / 64][k % 64].offset = start->offset[k];
    }
    t->count = start->count;
}

/* e^-x for x >= 0, to a few parts in a million (no libm for the build
 * machine's generator): (e^(-x/1024))^1024, the small power from its
 * series. */
static double exp_neg(double x)
{
    double y = x / 1024, r;

    if (x > 700)
        return 0;
    r = 1 - y + y * y / 2 - y * y * y / 6;
    for (int i = 0; i < 10; i++)
        r *= r;
    return r;
}

/* Growth, in heats, past which a move is never kept: e^-37 is below
 * 2^-53, the smallest uniform draw above 0, so the annealer stops
 * placing a move's slices once the table has grown that far.  The
 * layouts are the same, the draw being taken either way, unless it is
 * exactly 0 (one in 2^53).  The 5,000 moves of first_fit's comment
 * cost 29.3 billion instructions before, 26.9 with it. */
#define REJECTED 37

/* A uniform number below n (n <= 256: the bias is negligible). */
static unsigned below(uint64_t *state, unsigned n)
{
    return (unsigned)((xorshift64(state) >> 32) * n >> 32);
}

/* One move of the annealer on a: another candidate for one square (or,
 * for a square with one, its floor gone), two positions swapped, or one
 * slice moved to another position; the floor of each square it moves or
 * changes goes (first fit from 0).  Returns
 * the first position it changed, or -1 for a move that changes nothing
 * (a square with one candidate, a position onto itself). */
static int change(struct arrangement *a, const unsigned counts[PACK_SLICES], uint64_t *state)
{
    const unsigned move = below(state, 8), i = below(state, PACK_SLICES),
                   j = below(state, PACK_SLICES);
    const uint8_t k = a->order[i], moved = a->order[j];

    if (move == 0) { /* one in eight */
        if (counts[k] < 2 && a->floor[k] == 0)
            return -1;
        if (counts[k] >= 2)
            a->choice[k] = (uint8_t)((a->choice[k] + 1 + below(state, counts[k] - 1)) % counts[k]);
        a->floor[k] = 0; /* (with one candidate, just that: first fit where it stands) */
        return (int)i;
    }
    if (i == j)
        return -1;
    if (move < 4) { /* three in eight */
        a->order[i] = a->order[j];
        a->order[j] = k;
        a->floor[k] = 0;
    } else { /* four in eight */
        if (i < j)
            memmove(&a->order[i + 1], &a->order[i], j - i);
        else
            memmove(&a->order[j], &a->order[j + 1], i - j);
        a->order[i] = moved;
    }
    a->floor[moved] = 0;
    return (int)(i < j ? i : j);
}

/* The annealer as it goes: the arrangement it stands on (now), the one
 * it tries (next), the best so far and their extents; whether the best
 * is still the layout it started from; its stream, its table and the
 * slices' candidates. */
struct annealer {
    struct arrangement *now, *next, *best;
    uint32_t now_extent, best_extent;
    int start_is_best;
    uint64_t state;
    uint64_t *table;
    const struct slice_bits *const *view;
    const unsigned *counts;
};

/* One move at `heat`: a changed arrangement, placed again from the first
 * slice it moved, taken if its table is no larger, or larger within the
 * limit by chance (exp(-growth / heat)). */
static void anneal_move(struct annealer *a, double heat)
{
    int from;

    *a->next = *a->now;
    if ((from = change(a->next, a->counts, &a->state)) < 0)
        return;

    const uint32_t limit = a->now_extent + (uint32_t)(REJECTED * heat);
    const uint32_t extent = pack_place(a->table, a->next, a->view, (unsigned)from, limit);
    int keep = extent <= a->now_extent;

    if (!keep) { /* drawn past the limit too: the same stream either way */
        const double u = (double)(xorshift64(&a->state) >> 11) * 0x1p-53;

        keep = extent <= limit && u < exp_neg(((double)extent - a->now_extent) / heat);
    }
    if (keep) {
        struct arrangement *kept = a->now;

        a->now = a->next;
        a->next = kept;
        a->now_extent = extent;
        if (extent < a->best_extent) {
            *a->best = *a->now;
            a->best_extent = extent;
            a->start_is_best = 0;
        }
    }
}

/* The first arrangement: start's, or the widest slices first; a line on
 * stderr where moves follow. */
static void anneal_begin(struct annealer *a, const struct pack_layout *start, uint32_t steps)
{
    if (start != NULL)
        in_start_order(a->now, start);
    else
        pack_widest_first(a->now, a->view);
    a->now_extent = a->best_extent = pack_place(a->table, a->now, a->view, 0, UINT32_MAX);
    *a->best = *a->now;
    if (steps > 0 && start != NULL)
        note("pack: the input's layout: %lu entries", (unsigned long)a->now_extent);
    else if (steps > 0)
        note("pack: first fit, widest first: %lu entries", (unsigned long)a->now_extent);
    if (start != NULL && start->count > 0 && start->count <= a->best_extent) {
        a->start_is_best = 1;
        a->best_extent = start->count;
    }
}

/* t's layout from the best the annealer found, or start itself; a line
 * on stderr says which. */
static void anneal_end(struct slider_tables *t, const struct annealer *a,
                       const struct pack_layout *start)
{
    if (search_stop)
        note("pack: interrupted, keeping the best: %lu entries", (unsigned long)a->best_extent);
    if (a->start_is_best) {
        restore(t, start);
        note("pack: kept the input's layout, %lu entries: the annealer"
             " found none smaller",
             (unsigned long)start->count);
    } else {
        pack_set_offsets(t, a->best, a->view, a->best_extent);
        if (start != NULL)
            note("pack: kept the annealer's layout, %lu entries (the"
                 " input's: %lu)",
                 (unsigned long)a->best_extent, (unsigned long)start->count);
    }
}

int tables_anneal(struct slider_tables *t, const struct pack_candidates *c, uint64_t seed,
                  uint32_t steps, const struct pack_layout *start)
{
    unsigned counts[PACK_SLICES];
    struct slice_bits **slices = slices_of(t, c, start, counts);
    struct arrangement *all = calloc(3, sizeof *all);
    struct annealer a = {
        .now = all,
        .next = all + 1,
        .best = all + 2,
        .state = seed ^ 0x7061636bu, /* "pack" */
        .table = pack_table_new(),
        .view = (const struct slice_bits *const *)slices,
        .counts = counts,
    };
    /* The heat falls geometrically from 256 entries to 0.5, e^-(ln 512):
     * from a loaded layout, from 64 entries to 0.125, so that the early
     * moves do not throw a tight layout away (doc/generator.md, "The
     * searches' constants"). */
    const double hot = start != NULL ? 64.0 : 256.0, fall = 9 * 0.69314718055994531;

    if (slices == NULL || a.table == NULL || all == NULL) {
        if (slices != NULL)
            pack_slices_free(slices);
        free(a.table);
        free(all);
        return -2;
    }
    a.state = splitmix64(&a.state) | 1;
    anneal_begin(&a, start, steps);
    /* the status: twenty times on a terminal (written over in place),
     * four in a log */
    const uint32_t parts = progress_on_terminal() ? 20 : 4,
                   every = steps / parts > 0 ? steps / parts : 1;

    for (uint32_t step = 0; step < steps && !search_stop; step++) {
        anneal_move(&a, hot * exp_neg(fall * step / steps));
        if ((step + 1) % every == 0)
            progress_status("pack: step %lu of %lu, %lu entries now, best %lu",
                            (unsigned long)step + 1, (unsigned long)steps,
                            (unsigned long)a.now_extent, (unsigned long)a.best_extent);
    }
    progress_done();
    anneal_end(t, &a, start);
    pack_slices_free(slices);
    free(a.table);
    free(all);
    return 0;
}
