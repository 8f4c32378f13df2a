/* SPDX-License-Identifier: MIT */
/* dense.c - the offline dense search (--search=dense): improve searched
 * or loaded magics with more candidates, for fewer index bits or
 * narrower fixed-width slices. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "candidates.h"
#include "dense.h"
#include "inmagic.h"
#include "pack.h"
#include "search.h"

/* What the dense search of one square works with: the flavour, the
 * piece, the square's entry (its magic is the candidate tried), its
 * occupancies (shuffled), the scratch slice and its stream of
 * candidates. */
struct dense_square {
    const struct gen_flavour *f;
    enum piece p;
    struct work_entry *e;
    const struct occupancies *list;
    struct fill_scratch *s;
    uint64_t *state;
};

/* Occupancies of the square whose slot, under e's magic and index bits,
 * another occupancy with other attacks took first: 0 for a magic that
 * works. */
static unsigned clashes(const struct dense_square *d)
{
    const struct occupancies *list = d->list;
    struct fill_scratch *s = d->s;
    unsigned count = 0;

    fill_next_try(s);
    for (unsigned i = 0; i < list->count; i++) {
        const uint32_t at = d->f->index(d->p, d->e, list->occupied[i]);

        if (s->stamp[at] != s->epoch) {
            s->stamp[at] = s->epoch;
            s->slot[at] = list->attacks[i];
        } else if (s->slot[at] != list->attacks[i]) {
            count++;
        }
    }
    return count;
}

/* A climb that has not lowered its clashes for this many flips starts
 * again from a fresh candidate. */
#define CLIMB_STALE 20000u

/* Hill-climbs toward a magic with no clashes at e's index bits, for at
 * most `budget` magics tried: flip one or two bits of the current magic
 * and keep the flip if it clashes no more.  It starts, and restarts when
 * stuck, from a fresh sparse candidate or its complement (most published
 * fewer-bit magics are complements of sparse numbers).  1 with e->magic
 * set if it found one. */
static int climb(const struct dense_square *d, uint32_t budget)
{
    const struct gen_flavour *f = d->f;
    const enum piece p = d->p;
    struct work_entry *e = d->e;
    uint64_t *state = d->state;
    unsigned cost = UINT32_MAX, stale = CLIMB_STALE;
    uint64_t current = 0;

    for (uint32_t tries = 0; tries < budget && !search_stop; tries++) {
        const uint64_t r = xorshift64(state);
        unsigned c;

        if (stale >= CLIMB_STALE) {
            e->magic = draw(f, p, e, state);
            if (r & 1)
                e->magic = constrained(f, p, e, ~e->magic);
            cost = UINT32_MAX;
            stale = 0;
        } else {
            uint64_t flipped = current ^ (uint64_t)1 << (r >> 1 & 63);

            if (r & 128)
                flipped ^= (uint64_t)1 << (r >> 8 & 63);
            e->magic = constrained(f, p, e, flipped);
        }
        c = clashes(d);
        if (c == 0)
            return 1;
        stale = c < cost ? 0 : stale + 1;
        if (c <= cost) {
            current = e->magic;
            cost = c;
        }
    }
    return 0;
}

/* Draws up to `draws` candidates of the mixed kinds (fewer_bits_random) for
 * e's index bits, each dropped at its first clash.  1 with e->magic set
 * if one works. */
static int draw_mixed(const struct dense_square *d, uint64_t draws)
{
    const struct gen_flavour *f = d->f;
    struct work_entry *e = d->e;
    const uint32_t limit = (uint32_t)1 << index_bits(f, d->p, e);

    for (uint64_t tries = 0; tries < draws && !search_stop; tries++) {
        e->magic = constrained(f, d->p, e, fewer_bits_random(d->state));
        if (f->fill(d->p, e, d->list, limit, d->s) != 0)
            return 1;
    }
    return 0;
}

/* The slots a fixed-width magic's indices span, lowest to highest; 0 if
 * it collides. */
static uint32_t fixed_range(const struct dense_square *d)
{
    const uint32_t span = d->f->fill(d->p, d->e, d->list, (uint32_t)1 << d->f->fixed[d->p], d->s);
    uint32_t low = 0;

    if (span == 0)
        return 0;
    while (d->s->stamp[low] != d->s->epoch)
        low++;
    return span - low;
}

/* Offer a magic whose slice scores score (packed_score) to square k's
 * candidates for the annealer, kept with their scores in scores[]: the
 * PACK_CHOICES best, each once. */
static void offer(struct pack_candidates *c, unsigned k, uint64_t magic, uint32_t score,
                  uint32_t scores[PACK_CHOICES])
{
    unsigned i = c->count[k];

    for (unsigned j = 0; j < c->count[k]; j++) {
        if (c->magic[k][j] == magic)
            return;
    }
    if (i == PACK_CHOICES) {
        if (score >= scores[i - 1])
            return;
        i--;
    } else {
        c->count[k]++;
    }
    for (; i > 0 && scores[i - 1] > score; i--) {
        c->magic[k][i] = c->magic[k][i - 1];
        scores[i] = scores[i - 1];
    }
    c->magic[k][i] = magic;
    scores[i] = score;
}

/* How well an overlapping flavour's slice (white, black) packs, the
 * lower the better: the area of its comb.  Cut the slice, from its
 * lowest used slot, into rows of 64; the columns its rows use, as one
 * arc around the row (64 less the longest run of columns no row uses),
 * are its teeth, and the area is the rows it uses times the teeth's
 * width.  Others fit between the teeth, so the published black magics'
 * combs sum to near their packed table (94,588 against 87,988).  On a
 * flavour with runs_candidates (white) the slots the slice uses break
 * ties, as area * COMB_UNIT + used: a corner rook's comb covers all 4096
 * slots whatever its magic, but a slice that reuses slots leaves room
 * between its own.  0 if the magic collides. */
#define COMB_UNIT 8192u
static uint32_t slice_shape(const struct dense_square *d, uint32_t *used_out)
{
    const struct fill_scratch *scratch = d->s;
    const uint32_t span = d->f->fill(d->p, d->e, d->list, (uint32_t)1 << d->f->fixed[d->p], d->s);
    uint32_t low = 0, gap = 0, run = 0, used = 0;
    uint64_t rows = 0, columns = 0;

    if (span == 0)
        return 0;
    while (scratch->stamp[low] != scratch->epoch)
        low++;
    for (uint32_t i = low; i < span; i++) {
        if (scratch->stamp[i] == scratch->epoch) {
            rows |= (uint64_t)1 << ((i - low) / 64);
            columns |= (uint64_t)1 << ((i - low) % 64);
            used++;
        }
    }
    /* column 0 is used: the longest gap, going round twice */
    for (unsigned c = 1; c < 128; c++) {
        run = columns >> (c % 64) & 1 ? 0 : run + 1;
        if (run > gap)
            gap = run;
    }
    *used_out = used;
    return popcount64(rows) * (64 - gap);
}

static uint32_t packed_score(const struct dense_square *d)
{
    uint32_t used;
    const uint32_t comb = slice_shape(d, &used);

    if (comb == 0)
        return 0;
    if (d->f->runs_candidates)
        return comb * COMB_UNIT + used;
    return comb;
}

/* The comb area of a packed_score. */
static unsigned long comb_area(const struct gen_flavour *f, uint32_t score)
{
    return f->runs_candidates ? score / COMB_UNIT : score;
}

/* The candidates of one round of narrow_packed, and the flips of its
 * climb: a climb soon stops in the first valley it finds, so the budget
 * goes to many short climbs from fresh draws rather than one long one
 * (doc/generator.md, "The searches' constants"). */
#define NARROW_ROUND 20000u

/* black's candidates that use the fewest slots, offered to the annealer
 * in place of the last of the PACK_CHOICES by comb area: a comb alone
 * misjudges black's slices (doc/generator.md, "The searches'
 * constants"). */
#define LEAN_CHOICES 16u
#if LEAN_CHOICES > PACK_CHOICES
#error "LEAN_CHOICES replaces some of the PACK_CHOICES: it cannot be more"
#endif

/* Narrow one slice of an overlapping flavour, whose magic in d->e scores
 * start: rounds of NARROW_ROUND candidates (runs_random's or
 * mixed_random's), each then a climb of as many from the round's best
 * (flip one or two bits, keep what scores no worse), `budget` candidates
 * in all, every working one offered to the annealer (as square id's).
 * With fewest_used (black), every other round climbs on the slots the
 * slice uses instead, and the LEAN_CHOICES candidates that use the fewest
 * slots are offered too.  Leaves the best by score in d->e; returns its
 * score. */
static uint32_t narrow_packed(const struct dense_square *d, uint32_t budget,
                              struct pack_candidates *offered,
                              struct pack_candidates *fewest_used, unsigned id, uint32_t start)
{
    const struct gen_flavour *f = d->f;
    struct work_entry *e = d->e;
    uint64_t *state = d->state;
    const uint32_t rounds = budget / NARROW_ROUND > 0 ? budget / NARROW_ROUND : 1;
    const uint32_t part = budget / rounds;
    const unsigned fewest_offered = fewest_used != NULL ? LEAN_CHOICES : 0;
    uint32_t scores[PACK_CHOICES], best = start;
    uint64_t best_magic = e->magic;
    uint32_t used_scores[PACK_CHOICES];

    if (fewest_used != NULL)
        fewest_used->count[id] = 0;
    if (best != 0)
        offer(offered, id, e->magic, best, scores);
    for (uint32_t round = 0; round < rounds && !search_stop; round++) {
        const int by_used = fewest_offered && round % 2 == 1;
        uint32_t now = 0;
        uint64_t magic = 0;

        for (uint32_t tries = 0; tries < 2 * part && !search_stop; tries++) {
            uint32_t score, used, comb;
            const int climbing = tries >= part;

            if (climbing && now == 0)
                break;
            if (!climbing) {
                e->magic = constrained(f, d->p, e,
                                       f->runs_candidates ? runs_random(state) : mixed_random(state));
            } else {
                e->magic = constrained(f, d->p, e, flip_one_or_two(magic, state));
            }
            if ((comb = slice_shape(d, &used)) == 0)
                continue;
            score = f->runs_candidates ? comb * COMB_UNIT + used : comb;
            offer(offered, id, e->magic, score, scores);
            if (fewest_offered)
                offer(fewest_used, id, e->magic, used * COMB_UNIT + comb, used_scores);
            if (by_used)
                score = used * COMB_UNIT + comb;
            if (now == 0 || score < now || (climbing && score == now)) {
                now = score;
                magic = e->magic;
            }
        }
        if (!by_used && now != 0 && (best == 0 || now < best)) {
            best = now;
            best_magic = magic;
        }
    }
    if (fewest_offered) { /* the last of the comb list give way to those using fewest slots */
        unsigned put = 0;

        for (unsigned j = 0; j < fewest_used->count[id] && put < fewest_offered; j++) {
            unsigned dup = 0;

            for (unsigned i = 0; i < offered->count[id]; i++)
                dup |= offered->magic[id][i] == fewest_used->magic[id][j];
            if (dup)
                continue;
            if (offered->count[id] < PACK_CHOICES)
                offered->magic[id][offered->count[id]++] = fewest_used->magic[id][j];
            else
                offered->magic[id][PACK_CHOICES - 1 - put] = fewest_used->magic[id][j];
            put++;
        }
    }
    e->magic = best_magic;
    return best;
}

/* What the dense search of a whole table keeps: the total it improves
 * (slots, or comb area) before and after, and for an overlapping flavour
 * each square's candidates for the annealer. */
struct dense_totals {
    unsigned long before, after;
    struct pack_candidates *offered;     /* overlapping flavours: for the annealer */
    struct pack_candidates *fewest_used; /* black: those using the fewest slots */
};

/* An overlapping flavour's square (white, black): narrow_packed, and its
 * comb area. */
static void dense_packed(const struct dense_square *d, uint32_t climb, unsigned id,
                         struct dense_totals *totals, const char *name)
{
    const uint32_t start = packed_score(d);
    const uint32_t best = narrow_packed(d, climb, totals->offered, totals->fewest_used, id, start);

    totals->before += comb_area(d->f, start);
    totals->after += comb_area(d->f, best);
    fprintf(stderr, "magicbb-gen: dense: %s %s: %u relevant squares, comb area %lu, %lu before\n",
            piece_name(d->p), name, popcount64(d->e->mask), comb_area(d->f, best),
            comb_area(d->f, start));
}

/* A fixed-width flavour's square: of `climb` candidates, the magic whose
 * indices span the fewest slots from lowest to highest. */
static void dense_fixed(const struct dense_square *d, uint32_t climb, struct dense_totals *totals,
                        const char *name)
{
    struct work_entry *e = d->e;
    const uint32_t start = fixed_range(d);
    uint32_t best = start;
    uint64_t best_magic = e->magic;

    for (uint32_t tries = 0; tries < climb && !search_stop; tries++) {
        uint32_t range;

        e->magic = draw(d->f, d->p, e, d->state);
        if (!promising(d->f, e->mask, e->magic, 0))
            continue;
        range = fixed_range(d);
        if (range != 0 && range < best) {
            best = range;
            best_magic = e->magic;
        }
    }
    e->magic = best_magic;
    totals->before += start;
    totals->after += best;
    fprintf(stderr, "magicbb-gen: dense: %s %s: %u relevant squares, indices span %lu slots,"
            " %lu before\n", piece_name(d->p), name, popcount64(e->mask), (unsigned long)best,
            (unsigned long)start);
}

/* A square with its own index bits: one fewer, for as long as one is
 * found (draw_mixed, then climb). */
static void dense_bits(const struct dense_square *d, const struct dense_budget *budget,
                       struct dense_totals *totals, const char *name)
{
    struct work_entry *e = d->e;
    const unsigned start = index_bits(d->f, d->p, e);
    unsigned bits = start;

    while (bits > 1) {
        const struct work_entry kept = *e;

        e->shift = index_shift(d->f, bits - 1);
        if (!draw_mixed(d, budget->draws) && !climb(d, budget->climb)) {
            *e = kept;
            break;
        }
        bits--;
    }
    totals->before += 1ul << start;
    totals->after += 1ul << bits;
    fprintf(stderr, "magicbb-gen: dense: %s %s: %u relevant squares, %u index bits, %u before\n",
            piece_name(d->p), name, popcount64(e->mask), bits, start);
}

/* Every square of the budget, by the flavour's strategy, each with a
 * stream of candidates of its own. */
static void dense_squares(struct slider_tables *t, uint64_t seed, const struct dense_budget *budget,
                          struct occupancies *list, struct fill_scratch *scratch,
                          struct dense_totals *totals)
{
    const struct gen_flavour *f = t->flavour;

    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            uint64_t state = seed ^ ((uint64_t)(p * 64 + sq) << 56) ^ 0x64656e7365u; /* "dense" */
            const struct dense_square d = { f, (enum piece)p, &t->entry[p][sq], list, scratch,
                                            &state };
            char name[3];

            if (!(budget->pieces & 1u << p) || !(budget->squares >> sq & 1))
                continue;
            state = splitmix64(&state) | 1; /* a stream of its own, not the search's */
            occupancies_list((enum piece)p, sq, list);
            occupancies_shuffle(list, seed);
            square_name(sq, name);
            if (totals->offered != NULL)
                dense_packed(&d, budget->climb, (unsigned)(p * 64 + (int)sq), totals, name);
            else if (f->fixed[p] != 0)
                dense_fixed(&d, budget->climb, totals, name);
            else
                dense_bits(&d, budget, totals, name);
        }
    }
}

/* An offset-in-magic flavour: its slices placed anew, the rooks by
 * growth. */
static int dense_in_magic(struct slider_tables *t, uint64_t seed, const struct dense_budget *budget)
{
    const struct placement plan = {
        .climb = budget->climb, .pieces = budget->pieces, .squares = budget->squares,
        .progress = budget->progress, .by_growth = 1,
    };

    if (budget->climb == 0)
        return 0; /* --budget=0 keeps the magics */
    return tables_place_in_magic(t, seed, &plan);
}

int tables_dense(struct slider_tables *t, uint64_t seed, const struct dense_budget *budget)
{
    const struct gen_flavour *f = t->flavour;
    struct occupancies *list;
    struct fill_scratch *scratch;
    struct dense_totals totals = { 0, 0, NULL, NULL };
    struct pack_layout *input = NULL; /* the layout given, which the annealer must beat */
    int status;

    if (f->layout == LAYOUT_IN_MAGIC)
        return dense_in_magic(t, seed, budget);
    list = malloc(sizeof *list); /* not static: see tables_search */
    scratch = calloc(1, sizeof *scratch);
    if (list == NULL || scratch == NULL
        || (f->layout == LAYOUT_PACKED && (totals.offered = calloc(1, sizeof *totals.offered)) == NULL)
        || (totals.offered != NULL && !f->runs_candidates
            && (totals.fewest_used = calloc(1, sizeof *totals.fewest_used)) == NULL)
        || (totals.offered != NULL && budget->loaded && (input = pack_layout_of(t)) == NULL)) {
        free(list);
        free(scratch);
        free(totals.offered);
        free(totals.fewest_used);
        return -2;
    }
    dense_squares(t, seed, budget, list, scratch, &totals);
    free(list);
    free(scratch);
    fprintf(stderr, totals.offered != NULL ? "magicbb-gen: dense: comb area %lu before, %lu now\n"
                                           : "magicbb-gen: dense: %lu slots before, %lu now\n",
            totals.before, totals.after);
    status = f->layout == LAYOUT_PACKED
                 ? tables_anneal(t, totals.offered, seed, budget->anneal, input) : 0;
    free(totals.offered);
    free(totals.fewest_used);
    free(input);
    return status;
}
