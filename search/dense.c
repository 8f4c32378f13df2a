/* SPDX-License-Identifier: MIT */
/* dense.c - the offline dense search (--search=dense): improve searched
 * or loaded magics with more candidates, for fewer index bits or
 * narrower fixed-width slices. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "anneal.h"
#include "candidates.h"
#include "dense.h"
#include "inmagic.h"
#include "pack.h"
#include "search.h"
#include "progress.h"
#include "watch.h"

/* One thread's count of the candidates it tried, on a cache line of its
 * own: the status line reads it while the thread counts. */
struct dense_counter {
    _Atomic uint64_t tried;
    char pad[64 - sizeof(uint64_t)];
};

struct dense_squares;

/* What the dense search of one square works with: the flavour, the
 * piece, the square's entry (its magic is the candidate tried), its
 * occupancies (shuffled), the scratch slice and its stream of
 * candidates; the thread's counter, the search it is part of, and the
 * square as piece * 64 + square. */
struct dense_square {
    const struct gen_flavour *f;
    enum piece p;
    struct work_entry *e;
    const struct occupancies *list;
    struct fill_scratch *s;
    uint64_t *state;
    struct dense_counter *counter;
    struct dense_squares *all;
    unsigned k;
};

/* One more candidate tried (only this thread writes its counter). */
static void tried(const struct dense_square *d)
{
    const uint64_t n = atomic_load_explicit(&d->counter->tried, memory_order_relaxed);

    atomic_store_explicit(&d->counter->tried, n + 1, memory_order_relaxed);
}

static void publish(const struct dense_square *d, uint64_t magic);

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

        tried(d);
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
        tried(d);
        e->magic = constrained(f, d->p, e, fewer_bits_random(d->state));
        if (f->fill(d->p, e, d->list, limit, d->s) != 0)
            return 1;
    }
    return 0;
}

uint32_t fixed_span(const struct gen_flavour *f, enum piece p, const struct work_entry *e,
                    const struct occupancies *list, struct fill_scratch *s)
{
    const uint32_t span = f->fill(p, e, list, (uint32_t)1 << f->fixed[p], s);
    uint32_t low = 0;

    if (span == 0)
        return 0;
    while (s->stamp[low] != s->epoch)
        low++;
    return span - low;
}

static uint32_t fixed_range(const struct dense_square *d)
{
    return fixed_span(d->f, d->p, d->e, d->list, d->s);
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
                              struct pack_candidates *offered, struct pack_candidates *fewest_used,
                              unsigned id, uint32_t start)
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
            tried(d);
            if (!climbing) {
                e->magic = constrained(
                    f, d->p, e, f->runs_candidates ? runs_random(state) : mixed_random(state));
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
    struct pack_candidates *fewest_used; /* black, in a square: those using the fewest slots */
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
    note("dense: %s %s: %u relevant squares, comb area %lu, %lu before", piece_name(d->p), name,
         popcount64(d->e->mask), comb_area(d->f, best), comb_area(d->f, start));
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

        tried(d);
        e->magic = draw(d->f, d->p, e, d->state);
        if (!promising(d->f, e->mask, e->magic, 0))
            continue;
        range = fixed_range(d);
        if (range != 0 && range < best) {
            best = range;
            best_magic = e->magic;
            publish(d, best_magic);
        }
    }
    e->magic = best_magic;
    totals->before += start;
    totals->after += best;
    note("dense: %s %s: %u relevant squares, indices span %lu slots,"
         " %lu before",
         piece_name(d->p), name, popcount64(e->mask), (unsigned long)best, (unsigned long)start);
}

/* The squares where no magic of the 64-bit product ((occupied & mask) *
 * magic >> shift) with one index bit fewer than the square's relevant
 * squares exists, by exhaustive search: rooks a3-h6 and f8; bishops e1,
 * f1, c2-f2, c3-f3, a4-h5, c6-f6, c7-f7 and c8-f8 (Niklas Fiekas,
 * github.com/niklasf/magics, README, 2026).  None with two fewer either:
 * its top bits would be one. */
static const uint64_t proven_full[PIECE_COUNT] = {
    [PIECE_ROOK] = 0x2000ffffffff0000u,
    [PIECE_BISHOP] = 0x3c3c3cffff3c3c30u,
};

/* Whether fewer than `bits` index bits are proven not to work for square
 * k (piece * 64 + square) of f; only f's with that product, whose magics
 * are those numbers (or some of them: shiftmagic's), are covered. */
static int fewer_proven_absent(const struct gen_flavour *f, unsigned k, const struct work_entry *e,
                               unsigned bits)
{
    return f->product == 64 && (proven_full[k / 64] >> (k % 64) & 1)
           && bits <= (unsigned)popcount64(e->mask);
}

int dense_open_square(const struct slider_tables *t, unsigned k)
{
    const struct work_entry *e = &t->entry[k / 64][k % 64];
    const unsigned bits = index_bits(t->flavour, (enum piece)(k / 64), e);

    return t->flavour->fixed[k / 64] == 0 && bits == (unsigned)popcount64(e->mask)
           && !fewer_proven_absent(t->flavour, k, e, bits);
}

/* A square with its own index bits: one fewer, for as long as one is
 * found (draw_mixed, then climb) and none is proven absent. */
static void dense_bits(const struct dense_square *d, const struct dense_budget *budget,
                       struct dense_totals *totals, const char *name)
{
    struct work_entry *e = d->e;
    const unsigned start = index_bits(d->f, d->p, e);
    unsigned bits = start;

    if (fewer_proven_absent(d->f, d->k, e, bits))
        note("dense: %s %s: %u index bits, no magic with fewer exists (proven): not searched",
             piece_name(d->p), name, bits);
    while (bits > 1 && !fewer_proven_absent(d->f, d->k, e, bits)) {
        const struct work_entry kept = *e;

        e->shift = index_shift(d->f, bits - 1);
        if (!draw_mixed(d, budget->draws) && !climb(d, budget->climb)) {
            *e = kept;
            break;
        }
        bits--;
        publish(d, e->magic);
    }
    totals->before += 1ul << start;
    totals->after += 1ul << bits;
    note("dense: %s %s: %u relevant squares, %u index bits, %u before", piece_name(d->p), name,
         popcount64(e->mask), bits, start);
}

/* Every square of the budget, by the flavour's strategy, each with a
 * stream of candidates of its own: the squares are independent, so
 * budget->jobs threads share them, each square to one thread, and the
 * result is the same for any number of threads.  The calling thread
 * watches them: the status line, and the checkpoints.  What they share,
 * under the lock: the next square to take, what each square found, and
 * the best magics so far. */
struct dense_squares {
    struct slider_tables *t;
    uint64_t seed;
    const struct dense_budget *budget;
    struct dense_totals *totals;
    pthread_mutex_t lock;
    pthread_cond_t ended;                    /* a thread ended */
    unsigned order[PIECE_COUNT * 64], count; /* the squares searched, as piece * 64 + square */
    unsigned next, done, threads, running;
    double cost, cost_done; /* of the squares searched, and of those done */
    unsigned long before[PIECE_COUNT * 64], after[PIECE_COUNT * 64];
    struct work_entry best[PIECE_COUNT][64];  /* what a checkpoint writes */
    struct work_entry start[PIECE_COUNT][64]; /* where each square started */
    struct work_entry input[PIECE_COUNT][64]; /* the tables given, their offsets too */
    uint32_t input_count;                     /* and the entries of their layout */
    unsigned char finished[PIECE_COUNT * 64]; /* searched with its whole budget */
    struct dense_counter counter[DENSE_MAX_JOBS];
    int failed; /* memory ran out in a thread */
};

/* What a square costs the search, in proportion: each candidate is
 * tried against its occupancies, 2^(relevant squares) of them, so a
 * rook's corner costs 64 times a bishop's edge. */
static double square_cost(const struct slider_tables *t, unsigned k)
{
    return (double)(1ul << popcount64(t->entry[k / 64][k % 64].mask));
}

/* The squares of the budget: its pieces and squares, and of those, with
 * budget->shards, the shard-th share of a split balanced by cost: each
 * square, costliest first (then in the order piece * 64 + square), goes
 * to the share with the least cost so far (the lowest-numbered of
 * equals), so no share gets the corners' rooks twice.  Searched in the
 * order piece * 64 + square; all->cost is their cost. */
static void dense_order(struct dense_squares *all, const struct dense_budget *budget)
{
    unsigned chosen[PIECE_COUNT * 64], count = 0;
    double load[PIECE_COUNT * 64] = { 0 };
    unsigned char share[PIECE_COUNT * 64];

    for (unsigned k = 0; k < PIECE_COUNT * 64; k++) {
        if ((budget->pieces & 1u << (k / 64)) && (budget->squares >> (k % 64) & 1)
            && (!budget->open || dense_open_square(all->t, k)))
            chosen[count++] = k;
    }
    for (unsigned done = 0; budget->shards != 0 && done < count; done++) {
        unsigned best = 0, least = 0; /* the costliest not yet given, and where it goes */
        double most = -1;

        for (unsigned i = 0; i < count; i++) {
            if (chosen[i] < PIECE_COUNT * 64 && square_cost(all->t, chosen[i]) > most) {
                most = square_cost(all->t, chosen[i]);
                best = i;
            }
        }
        for (unsigned s = 1; s < budget->shards; s++)
            least = load[s] < load[least] ? s : least;
        load[least] += most;
        share[chosen[best]] = (unsigned char)least;
        chosen[best] += PIECE_COUNT * 64; /* given */
    }
    for (unsigned i = 0; i < count; i++) {
        const unsigned k = chosen[i] % (PIECE_COUNT * 64);

        if (budget->shards == 0 || share[k] == budget->shard) {
            all->order[all->count++] = k;
            all->cost += square_cost(all->t, k);
        }
    }
}

/* A square's magic, as good as any it had: a checkpoint may write it. */
static void publish(const struct dense_square *d, uint64_t magic)
{
    struct dense_squares *all = d->all;
    const unsigned sq = d->k % 64;

    pthread_mutex_lock(&all->lock);
    all->best[d->p][sq] = *d->e;
    all->best[d->p][sq].magic = magic;
    pthread_mutex_unlock(&all->lock);
}

/* What a thread works in, its own so that no other thread writes to
 * its cache lines: a square's occupancies, the scratch slice, and for an
 * overlapping flavour the square's candidates (copied out at the end of
 * the square) and black's leanest ones. */
struct dense_scratch {
    struct occupancies list;
    struct fill_scratch fill;
    struct pack_candidates offered, fewest_used;
};

/* One square k (piece k / 64, square k % 64) in the thread's scratch;
 * its magic, totals and candidates into the shared arrays, its line on
 * stderr. */
static void dense_square(struct dense_squares *all, unsigned k, struct dense_scratch *own,
                         struct dense_counter *counter)
{
    const enum piece p = (enum piece)(k / 64);
    const unsigned sq = k % 64;
    struct slider_tables *t = all->t;
    uint64_t state = all->seed ^ ((uint64_t)k << 56) ^ 0x64656e7365u; /* "dense" */
    /* the thread's own copy, written back at the end: each candidate is
     * written to it, and the entries of squares that other threads search
     * share its cache line */
    struct work_entry entry = t->entry[p][sq];
    const struct dense_square d = {
        t->flavour, p, &entry, &own->list, &own->fill, &state, counter, all, k,
    };
    struct pack_candidates *shared = all->totals->offered;
    struct dense_totals totals = {
        0,
        0,
        shared != NULL ? &own->offered : NULL,
        shared != NULL && !t->flavour->runs_candidates ? &own->fewest_used : NULL,
    };
    char name[3];

    state = splitmix64(&state) | 1; /* a stream of its own, not the search's */
    occupancies_list(p, sq, &own->list);
    occupancies_shuffle(&own->list, all->seed);
    square_name(sq, name);
    if (totals.offered != NULL)
        dense_packed(&d, all->budget->climb, k, &totals, name);
    else if (t->flavour->fixed[p] != 0)
        dense_fixed(&d, all->budget->climb, &totals, name);
    else
        dense_bits(&d, all->budget, &totals, name);
    t->entry[p][sq] = entry;
    if (shared != NULL) {
        shared->count[k] = own->offered.count[k];
        memcpy(shared->magic[k], own->offered.magic[k], sizeof shared->magic[k]);
    }
    pthread_mutex_lock(&all->lock);
    all->before[k] = totals.before;
    all->after[k] = totals.after;
    all->finished[k] = !search_stop; /* (an interrupted square starts again) */
    all->done++;
    all->cost_done += square_cost(all->t, k);
    pthread_mutex_unlock(&all->lock);
}

static void *dense_thread(void *arg)
{
    struct dense_squares *all = arg;
    struct dense_scratch *own = calloc(1, sizeof *own);
    struct dense_counter *counter;

    pthread_mutex_lock(&all->lock);
    counter = &all->counter[all->threads++];
    all->failed |= own == NULL;
    pthread_mutex_unlock(&all->lock);
    for (;;) {
        unsigned k = PIECE_COUNT * 64;

        pthread_mutex_lock(&all->lock);
        if (all->next < all->count && !all->failed && !search_stop)
            k = all->order[all->next++];
        pthread_mutex_unlock(&all->lock);
        if (k == PIECE_COUNT * 64)
            break;
        dense_square(all, k, own, counter);
    }
    free(own);
    pthread_mutex_lock(&all->lock);
    all->running--;
    pthread_cond_signal(&all->ended);
    pthread_mutex_unlock(&all->lock);
    return NULL;
}

/* Seconds on a clock that only goes forward. */
static double seconds(void)
{
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* What the status line says of a time left. */
static void say_time(double s, char *text, size_t size)
{
    if (s < 120)
        snprintf(text, size, "%.0f s", s);
    else if (s < 7200)
        snprintf(text, size, "%.0f min", s / 60);
    else
        snprintf(text, size, "%.1f h", s / 3600);
}

/* The status line: squares done, the time left at the rate so far (by
 * the cost of the squares done and left: the rooks come first, and
 * cost most), candidates a second and the best of the squares done,
 * short enough for an 80-column terminal (progress_status fits it to the
 * terminal's width).  Called with the lock held. */
static void dense_status(const struct dense_squares *all, double elapsed)
{
    const char *unit = all->totals->offered != NULL              ? "comb area"
                       : all->t->flavour->fixed[PIECE_ROOK] != 0 ? "slots spanned"
                                                                 : "slots";
    uint64_t tried = 0;
    unsigned long before = 0, after = 0;
    char left[32] = "?";

    for (unsigned i = 0; i < all->threads; i++)
        tried += atomic_load_explicit(&all->counter[i].tried, memory_order_relaxed);
    for (unsigned i = 0; i < all->count; i++) {
        before += all->before[all->order[i]];
        after += all->after[all->order[i]];
    }
    if (all->cost_done > 0)
        say_time(elapsed * (all->cost - all->cost_done) / all->cost_done, left, sizeof left);
    progress_status("dense: %u of %u squares, %s left, %.1f M/s, %s %lu (was %lu)", all->done,
                    all->count, left, elapsed > 0 ? (double)tried / elapsed / 1e6 : 0.0, unit,
                    after, before);
}

/* The progress of a run that has not finished every square (else none):
 * its options, the squares finished, and where the others started, for
 * a run of the same options to go on from (magicsfile.h).  Packed and
 * offset-in-magic flavours lay out every slice after the squares: they
 * keep none. */
static void dense_progress(const struct dense_squares *all, struct dense_progress *g)
{
    const struct gen_flavour *f = all->t->flavour;
    int unfinished = 0;

    memset(g, 0, sizeof *g);
    if (all->budget->run == NULL || pack_offers(f) || f->layout == LAYOUT_IN_MAGIC)
        return;
    for (unsigned i = 0; i < all->count; i++)
        unfinished |= !all->finished[all->order[i]];
    if (!unfinished)
        return;
    snprintf(g->run, sizeof g->run, "%s", all->budget->run);
    for (unsigned k = 0; k < PIECE_COUNT * 64; k++)
        g->done[k / 64][k % 64] = all->finished[k];
    for (unsigned i = 0; i < all->count; i++) {
        const unsigned k = all->order[i];

        if (!all->finished[k]) {
            g->started[k / 64][k % 64] = 1;
            g->start[k / 64][k % 64] = all->start[k / 64][k % 64];
        }
    }
}

/* A run going on from the tables' progress (budget->resume): its
 * finished squares are done (taken out of the order), and each square it
 * did not finish starts where it started then, so the run ends with the
 * magics one run without a stop gives. */
static void dense_resume(struct dense_squares *all)
{
    const struct dense_progress *g = &all->t->progress;
    unsigned kept = 0;

    for (unsigned i = 0; i < all->count; i++) {
        const unsigned k = all->order[i], p = k / 64, sq = k % 64;

        if (g->done[p][sq]) {
            all->finished[k] = 1;
            all->cost -= square_cost(all->t, k);
            continue;
        }
        if (g->started[p][sq]) {
            all->t->entry[p][sq].magic = g->start[p][sq].magic;
            all->t->entry[p][sq].shift = g->start[p][sq].shift;
        }
        all->order[kept++] = k;
    }
    note("dense: going on from the file's progress: %u squares done, %u to search",
         all->count - kept, kept);
    all->count = kept;
}

/* Whether the magics and widths of entry are those of input, whose
 * layout spans count entries (0: none given); then *count is that. */
static int same_magics(const struct work_entry entry[PIECE_COUNT][64],
                       const struct work_entry input[PIECE_COUNT][64], uint32_t count,
                       uint32_t *layout_count)
{
    for (unsigned k = 0; k < PIECE_COUNT * 64; k++) {
        const struct work_entry *a = &entry[k / 64][k % 64], *b = &input[k / 64][k % 64];

        if (a->magic != b->magic || a->shift != b->shift || a->offset != b->offset)
            return 0;
    }
    if (count == 0)
        return 0;
    *layout_count = count;
    return 1;
}

/* The best magics so far written to the checkpoint; with the lock held,
 * which it lets go while it writes.  0, or 1 after a report. */
static int dense_checkpoint(struct dense_squares *all)
{
    static struct slider_tables snapshot;
    int status;

    snapshot.flavour = all->t->flavour;
    memcpy(snapshot.entry, all->best, sizeof snapshot.entry);
    dense_progress(all, &snapshot.progress);
    pthread_mutex_unlock(&all->lock);
    /* fancy: the input's layout while every magic is the input's (a
     * resumed run goes on from it), else the best magics' slices packed
     * first fit (a square with a bit fewer has a new slice) */
    if (snapshot.flavour->layout == LAYOUT_PACKED && !pack_offers(snapshot.flavour)
        && !same_magics(snapshot.entry, all->input, all->input_count, &snapshot.count)
        && tables_pack(&snapshot) != 0) {
        report(NULL, 0, "checkpoint: out of memory");
        status = 1;
    } else {
        status = watch_checkpoint(all->budget->checkpoint, &snapshot, all->budget->origin);
    }
    pthread_mutex_lock(&all->lock);
    return status;
}

/* The calling thread's part: until the threads end, the status line
 * (each second on a terminal; elsewhere after 5 s, then each minute) and a checkpoint
 * every budget->checkpoint_every seconds.  A checkpoint that cannot be
 * written (reported) is said once; the search goes on without more,
 * and the run writes its outputs at the end. */
static void dense_watch(struct dense_squares *all)
{
    const int terminal = progress_on_terminal();
    const double start = seconds();
    double shown = start, saved = start,
           tick = terminal ? 1 : 5; /* elsewhere: 5 s, then each minute */
    int failed = 0;

    pthread_mutex_lock(&all->lock);
    if (terminal) /* a terminal has its status line from the start */
        dense_status(all, 0);
    while (all->running > 0) {
        struct timespec wake;
        double now;

        clock_gettime(CLOCK_MONOTONIC, &wake);
        wake.tv_sec += 1;
        pthread_cond_timedwait(&all->ended, &all->lock, &wake);
        now = seconds();
        if (now - shown >= tick && all->running > 0) {
            dense_status(all, now - start);
            shown = now;
            tick = terminal ? 1 : 60;
        }
        if (all->budget->checkpoint != NULL && !failed && all->running > 0
            && now - saved >= all->budget->checkpoint_every) {
            if ((failed = dense_checkpoint(all)) != 0)
                note("no more checkpoints in this run; the search goes on, and its outputs"
                     " are written at its end");
            saved = now;
        }
    }
    pthread_mutex_unlock(&all->lock);
    progress_done();
}

/* Start the threads, holding the stopping signals in them (the watch
 * takes those); 0 where none could be started. */
static unsigned dense_start(struct dense_squares *all, pthread_t thread[DENSE_MAX_JOBS])
{
    const unsigned jobs = all->budget->jobs < all->count ? all->budget->jobs : all->count;
    sigset_t held, old;
    unsigned started = 0;

    sigemptyset(&held);
    sigaddset(&held, SIGINT);
    sigaddset(&held, SIGTERM);
    sigaddset(&held, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &held, &old);
    all->running = jobs;
    for (; started < jobs; started++) {
        if (pthread_create(&thread[started], NULL, dense_thread, all) != 0)
            break;
    }
    pthread_mutex_lock(&all->lock);
    all->running -= jobs - started;
    pthread_mutex_unlock(&all->lock);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return started;
}

/* The squares of the budget over budget->jobs threads; their totals
 * summed in square order.  0, or -2 where memory or every thread
 * failed. */
static int dense_squares(struct slider_tables *t, uint64_t seed, const struct dense_budget *budget,
                         struct dense_totals *totals)
{
    struct dense_squares *all = calloc(1, sizeof *all);
    pthread_t thread[DENSE_MAX_JOBS];
    pthread_condattr_t monotonic;
    unsigned started = 0;
    int status = 0;

    if (all == NULL)
        return -2;
    all->t = t;
    all->seed = seed;
    all->budget = budget;
    all->totals = totals;
    dense_order(all, budget);
    memcpy(all->input, t->entry, sizeof all->input);
    all->input_count = t->count;
    if (budget->resume)
        dense_resume(all);
    memcpy(all->best, t->entry, sizeof all->best);
    memcpy(all->start, t->entry, sizeof all->start);
    pthread_mutex_init(&all->lock, NULL);
    pthread_condattr_init(&monotonic);
    pthread_condattr_setclock(&monotonic, CLOCK_MONOTONIC);
    pthread_cond_init(&all->ended, &monotonic);
    pthread_condattr_destroy(&monotonic);
    if (all->count > 0 && (started = dense_start(all, thread)) == 0)
        status = -2;
    else if (all->count > 0)
        dense_watch(all);
    for (unsigned i = 0; i < started; i++)
        pthread_join(thread[i], NULL);
    /* a stopped run's progress, for the outputs and the last checkpoint */
    dense_progress(all, &t->progress);
    for (unsigned k = 0; k < PIECE_COUNT * 64; k++) {
        totals->before += all->before[k];
        totals->after += all->after[k];
    }
    if (status == 0 && all->failed)
        status = -2;
    pthread_cond_destroy(&all->ended);
    pthread_mutex_destroy(&all->lock);
    free(all);
    return status;
}

/* An offset-in-magic flavour: its slices placed anew, the rooks by
 * growth. */
static int dense_in_magic(struct slider_tables *t, uint64_t seed, const struct dense_budget *budget)
{
    const struct placement plan = {
        .climb = budget->climb,
        .pieces = budget->pieces,
        .squares = budget->squares,
        .progress = budget->progress,
        .by_growth = 1,
    };

    if (budget->climb == 0)
        return 0; /* --budget=0 keeps the magics */
    return tables_place_in_magic(t, seed, &plan);
}

int tables_dense(struct slider_tables *t, uint64_t seed, const struct dense_budget *budget)
{
    const struct gen_flavour *f = t->flavour;
    struct dense_totals totals = { 0, 0, NULL, NULL };
    struct pack_layout *input = NULL; /* the layout given, which the annealer must beat */
    int status = -2;

    if (f->layout == LAYOUT_IN_MAGIC)
        return dense_in_magic(t, seed, budget);
    if ((!pack_offers(f) || (totals.offered = calloc(1, sizeof *totals.offered)) != NULL)
        && (f->layout != LAYOUT_PACKED || !budget->loaded || (input = pack_layout_of(t)) != NULL))
        status = dense_squares(t, seed, budget, &totals);
    if (status == 0) {
        if (totals.offered != NULL)
            note("dense: comb area %lu before, %lu now", totals.before, totals.after);
        else
            note("dense: %lu slots before, %lu now", totals.before, totals.after);
        /* fancy: the layout given is the annealer's start only while every
         * square keeps its magic */
        for (unsigned k = 0; input != NULL && !pack_offers(f) && k < PIECE_COUNT * 64; k++) {
            const struct work_entry *e = &t->entry[k / 64][k % 64];

            if (e->magic != input->magic[k] || e->offset != input->offset[k]) {
                free(input);
                input = NULL;
            }
        }
        if (f->layout == LAYOUT_PACKED)
            status = tables_anneal(t, totals.offered, seed, budget->anneal, input);
    }
    free(totals.offered);
    free(input);
    return status;
}
