/* SPDX-License-Identifier: MIT */
/* inmagic.c - an offset-in-magic flavour's slices placed anew
 * (offsetmagic): by its seeded search and by the offline dense search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "candidates.h"
#include "inmagic.h"
#include "progress.h"

/* What placing one square's slice works with: the flavour, the table's
 * owners (owners_of), the square's occupancies, the scratch slice, the
 * square's stream of candidates and how many a start gets. */
struct slice_at {
    const struct gen_flavour *f;
    int16_t *owner;
    struct occupancies *list; /* refilled for each square placed */
    struct fill_scratch *s;
    uint64_t *state;
    uint32_t climb;
};

/* An offset-in-magic flavour's table as its magics place the slices:
 * owner[slot] is the (piece * 64 + square) whose slice uses the slot, or
 * -1.  Clears *complete if a square's magic does not work. */
static int16_t *owners_of(struct slider_tables *t, struct occupancies *list, struct fill_scratch *s,
                          int *complete)
{
    const struct gen_flavour *f = t->flavour;
    const uint32_t capacity = ((uint32_t)1 << f->offset_bits) + 4096;
    int16_t *owner = malloc(capacity * sizeof *owner);

    if (owner == NULL)
        return NULL;
    for (uint32_t i = 0; i < capacity; i++)
        owner[i] = -1;
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            struct work_entry *e = &t->entry[p][sq];

            e->offset = magic_offset(f, e); /* a loaded magic's start */
            occupancies_list((enum piece)p, sq, list);
            if (f->fill((enum piece)p, e, list, (uint32_t)1 << f->fixed[p], s) == 0) {
                *complete = 0; /* no magic yet, or a bad one: tables_build names it */
                continue;
            }
            for (uint32_t i = 0; i < 4096; i++) {
                if (s->stamp[i] == s->epoch)
                    owner[e->offset + i] = (int16_t)(p * 64 + (int)sq);
            }
        }
    }
    return owner;
}

/* Whether the slice just filled into the scratch, at start, uses only
 * slots that are free or the square's own (id); with mark, takes them. */
static int slice_fits(int16_t *owner, uint32_t start, int16_t id, const struct fill_scratch *s,
                      int mark)
{
    for (uint32_t i = 0; i < 4096; i++) {
        if (s->stamp[i] != s->epoch)
            continue;
        if (owner[start + i] != -1 && owner[start + i] != id)
            return 0;
        if (mark)
            owner[start + i] = id;
    }
    return 1;
}

/* The slots up to the highest that any slice of the table uses. */
static uint32_t owners_extent(const int16_t *owner, uint32_t capacity)
{
    while (capacity > 0 && owner[capacity - 1] == -1)
        capacity--;
    return capacity;
}

/* Frees square id's slots, all within 4096 of its start. */
static void slice_free(int16_t *owner, uint32_t start, int16_t id)
{
    for (uint32_t i = start; i < start + 4096; i++) {
        if (owner[i] == id)
            owner[i] = -1;
    }
}

/* Whether a square of piece p with `relevant` relevant squares is
 * placed before one with `other`: rooks with fewer first (the corners,
 * whose slices use all 4096 slots and leave no gaps, go last, after the
 * end), bishops with more first (the widest, while the rooks' slices
 * still have gaps wide enough). */
static int placed_before(enum piece p, unsigned relevant, unsigned other)
{
    return p == PIECE_ROOK ? relevant < other : relevant > other;
}

/* The (piece * 64 + square) placed anew, in order: rooks, then bishops,
 * each by placed_before(), ties in square order.  Returns how many. */
static unsigned placing_order(const struct slider_tables *t, const struct placement *plan,
                              uint8_t order[PIECE_COUNT * 64])
{
    unsigned count = 0;

    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const unsigned relevant = popcount64(t->entry[p][sq].mask);
            unsigned j = count++;

            if (!(plan->pieces & 1u << p) || !(plan->squares >> sq & 1)) {
                count--;
                continue;
            }
            for (; j > 0 && order[j - 1] / 64 == (unsigned)p
                   && placed_before(p, relevant, popcount64(t->entry[p][order[j - 1] % 64].mask));
                 j--)
                order[j] = order[j - 1];
            order[j] = (uint8_t)(p * 64 + (int)sq);
        }
    }
    return count;
}

/* Candidates tried at each start after the table's end, for a square
 * whose slice fits nowhere before it: a start whose bits spoil the
 * multiply for the square gives way to the next. */
#define AFTER_END_TRIES 1000000u

/* Sparse draws, then as many steps of a climb, in a round at one start
 * (doc/generator.md, "The searches' constants"). */
#define PLACE_ROUND 10000u

/* Where square e's slice (id; at->owner has the other slices) ends
 * lowest while it uses only free slots, at the starts from low to high
 * while they are below the best end so far.  Each start gets at->climb
 * candidates, in rounds of PLACE_ROUND sparse draws (each kept if it
 * ends lower than the round's best) and then PLACE_ROUND steps of a
 * climb from the round's best (one or two bits flipped, the start's bits
 * kept; a step that ends no later is taken).  The end, the magic in
 * *magic; UINT32_MAX if none fits. */
static uint32_t lowest_end(const struct slice_at *at, enum piece p, struct work_entry *e,
                           int16_t id, uint32_t low, uint32_t high, uint64_t *magic)
{
    const struct gen_flavour *f = at->f;
    const struct occupancies *list = at->list;
    struct fill_scratch *s = at->s;
    uint64_t *state = at->state;
    const unsigned fixed = f->fixed[p];
    const uint32_t step = (uint32_t)1 << f->start_shift, full = (uint32_t)1 << fixed;
    const uint32_t share = at->climb / 2 + 1; /* draws, and steps of the climbs */
    const uint32_t rounds = share / PLACE_ROUND > 0 ? share / PLACE_ROUND : 1;
    const uint32_t part = share / rounds;
    uint32_t best_end = UINT32_MAX;

    for (uint32_t start = low; start <= high && start < best_end && !search_stop; start += step) {
        e->offset = start;
        for (uint32_t round = 0; round < rounds && !search_stop; round++) {
            uint32_t now = best_end - start < full ? best_end - start : full;
            uint64_t here = 0;

            for (uint32_t tries = 0; tries < 2 * part && !search_stop; tries++) {
                const int climbing = tries >= part;
                uint32_t span;

                if (climbing && here == 0)
                    break;
                if (!climbing) {
                    e->magic = draw(f, p, e, state);
                } else {
                    e->magic = constrained(f, p, e, flip_one_or_two(here, state));
                }
                if ((span = f->fill(p, e, list, now, s)) == 0
                    || (!climbing && here != 0 && span == now)
                    || !slice_fits(at->owner, start, id, s, 0))
                    continue;
                now = span;
                here = e->magic;
            }
            if (here != 0 && start + now < best_end) {
                best_end = start + now;
                *magic = here;
            }
        }
    }
    return best_end;
}

/* How far a rook's starts reach before the table's end, beyond the 4096
 * slots of one slice, and after it.  A start's bits take part in the
 * multiply, and for a rook whose relevant squares lie high on the board
 * the slice is compact (its indices near 0, counted around the 4096)
 * only at a few starts: those whose low start bits are all zeros or all
 * ones.  Elsewhere its indices spread over nearly all 4096 slots.
 * Earlier starts let a slice use the gaps further back; later ones let
 * it reach such a start and leave the slots before it to the slices
 * placed next (doc/generator.md, "The searches' constants"). */
#define ROOK_BACK 4096u
#define ROOK_AHEAD 8192u

/* Square e's slice (id) in an offset-in-magic table whose slices other
 * than its own (in at->owner) end at `end`: the lowest end of lowest_end
 * over the starts from ROOK_BACK + 4096 slots below the end (where a
 * slice reaches past the slices there into slots they leave unused) to
 * ROOK_AHEAD after the first at or after it; for a bishop, from 0 to
 * that first one, as a bishop's slice fits in the gaps the rooks'
 * leave.  If none fits, the starts after the end in turn, each with up
 * to AFTER_END_TRIES candidates, for the first magic that works.  The
 * end, the magic in *magic; UINT32_MAX if no start has a magic that
 * works. */
static uint32_t find_in_magic(const struct slice_at *at, enum piece p, struct work_entry *e,
                              int16_t id, uint32_t end, uint64_t *magic)
{
    const struct gen_flavour *f = at->f;
    const uint32_t step = (uint32_t)1 << f->start_shift, full = (uint32_t)1 << f->fixed[p];
    const uint32_t last = (uint32_t)1 << f->offset_bits; /* no start reaches it */
    const uint32_t back = ROOK_BACK + 4096;
    const uint32_t low = p == PIECE_ROOK && end > back ? (end - back) / step * step : 0;
    const uint32_t first_free = (end + step - 1) / step * step;
    const uint32_t ahead = p == PIECE_ROOK ? first_free + ROOK_AHEAD : first_free;
    const uint32_t high = ahead < last ? ahead : last - step;
    uint32_t best_end = lowest_end(at, p, e, id, low, high, magic);

    for (uint32_t start = first_free; best_end == UINT32_MAX && start < last; start += step) {
        e->offset = start;
        for (uint32_t tries = 0; tries < AFTER_END_TRIES; tries++) {
            uint32_t span;

            e->magic = draw(f, p, e, at->state);
            if (promising(f, e->mask, e->magic, 0)
                && (span = f->fill(p, e, at->list, full, at->s)) != 0) {
                best_end = start + span;
                *magic = e->magic;
                break;
            }
        }
    }
    return best_end;
}

/* Square (piece * 64 + square) id's occupancies, in the order the
 * seeded search shuffles them, and its stream of candidates for the
 * step-th slice placed. */
static uint64_t placing(struct slider_tables *t, unsigned id, unsigned step, uint64_t seed,
                        struct occupancies *list)
{
    uint64_t state = seed ^ ((uint64_t)id << 56) ^ ((uint64_t)step << 48) ^ 0x706c616365u;

    occupancies_list((enum piece)(id / 64), id % 64, list);
    occupancies_shuffle(list, seed);
    t->entry[id / 64][id % 64].shift = index_shift(t->flavour, t->flavour->fixed[id / 64]);
    return splitmix64(&state) | 1; /* a stream of its own ("place") */
}

/* Whether (piece * 64 + square) id is a rook on the sixth rank.  Its
 * relevant squares hold two or three of e6, f6 and g6 (bits 44 to 46),
 * and a start's bits reach the index through each of them: start / 512
 * times 2, 4 or 8, modulo 4096.  So its slice is compact only at a start
 * below about 64 * 512, and with the others' growth as its guide it came
 * last, at starts where its indices spread over nearly all 4096 slots.
 * The by-growth order places these rooks first. */
static int on_sixth_rank(unsigned id)
{
    return id / 64 == PIECE_ROOK && id % 64 / 8 == 5;
}

/* Whether a slice that moves the table's end `growth` slots on to hold
 * `count` occupancies is a better next rook than one of `other_growth`
 * for `other_count`: fewer new slots an occupancy. */
static int grows_less(uint32_t growth, unsigned count, uint32_t other_growth, unsigned other_count)
{
    return (uint64_t)growth * other_count < (uint64_t)other_growth * count;
}

/* The slice that goes next, of those find_in_magic tried. */
struct pick {
    unsigned j;           /* its place in the order */
    unsigned occupancies; /* its relevant occupancies */
    uint32_t end;         /* where its slice ends */
    uint32_t growth;      /* how far that moves the table's end on */
    uint64_t magic;
};

/* Of order[i] to order[last] (those of the sixth rank while any is
 * left), the slice that moves the table's end (`end`) on least for its
 * occupancies, the first on a tie.  1 with *best set; 0 if none fits. */
static int pick_next(struct slider_tables *t, struct slice_at *at, const uint8_t *order, unsigned i,
                     unsigned last, uint32_t end, uint64_t seed, struct pick *best)
{
    unsigned sixth = 0;
    int found_one = 0;

    for (unsigned j = i; j <= last; j++)
        sixth += on_sixth_rank(order[j]);
    for (unsigned j = i; j <= last && !search_stop; j++) {
        if (sixth > 0 && !on_sixth_rank(order[j]))
            continue;

        const enum piece p = (enum piece)(order[j] / 64);
        struct work_entry *e = &t->entry[p][order[j] % 64];
        uint64_t state = placing(t, order[j], i, seed, at->list), magic = 0;
        uint32_t found, growth;

        at->state = &state;
        found = find_in_magic(at, p, e, (int16_t)order[j], end, &magic);
        growth = found > end ? found - end : 0;
        if (found != UINT32_MAX
            && (!found_one
                || grows_less(growth, at->list->count, best->growth, best->occupancies))) {
            *best = (struct pick){ j, at->list->count, found, growth, magic };
            found_one = 1;
        }
    }
    return found_one;
}

/* Places the picked slice as the i-th, marks its slots and moves *end
 * on; one line on stderr with progress. */
static void place_pick(struct slider_tables *t, struct slice_at *at, uint8_t *order, unsigned i,
                       const struct pick *pick, uint64_t seed, uint32_t *end, int progress)
{
    const struct gen_flavour *f = t->flavour;
    const uint8_t id = order[pick->j];
    const enum piece p = (enum piece)(id / 64);
    struct work_entry *e = &t->entry[p][id % 64];
    char name[3];

    order[pick->j] = order[i];
    order[i] = id;
    placing(t, id, i, seed, at->list);
    e->magic = pick->magic;
    e->offset = magic_offset(f, e);
    f->fill(p, e, at->list, (uint32_t)1 << f->fixed[p], at->s);
    slice_fits(at->owner, e->offset, (int16_t)id, at->s, 1);
    if (pick->end > *end)
        *end = pick->end;
    if (progress) {
        square_name(id % 64, name);
        note("dense: %s %s: %u relevant squares, slice at %lu,"
             " table %lu slots",
             piece_name(p), name, popcount64(e->mask), (unsigned long)e->offset,
             (unsigned long)*end);
    }
}

/* Places the count slices of order anew, into a table whose other
 * slices end at *end: each time the next by placing_order, or with
 * plan->by_growth, of the rooks left the one that moves the end on
 * least (pick_next).  0; -1 if a slice fits nowhere. */
static int place_all(struct slider_tables *t, struct slice_at *at, uint8_t *order, unsigned count,
                     uint64_t seed, const struct placement *plan, uint32_t *end)
{
    unsigned rooks = 0;
    struct pick pick;

    for (unsigned i = 0; i < count; i++)
        rooks += order[i] / 64 == PIECE_ROOK;
    for (unsigned i = 0; i < count && !search_stop; i++) {
        const unsigned last = plan->by_growth && i < rooks ? rooks - 1 : i;
        const int found = pick_next(t, at, order, i, last, *end, seed, &pick);

        if (search_stop)
            break;
        if (!found)
            return -1;
        place_pick(t, at, order, i, &pick, seed, end, plan->progress);
    }
    return 0;
}

int tables_place_in_magic(struct slider_tables *t, uint64_t seed, const struct placement *plan)
{
    const uint32_t capacity = ((uint32_t)1 << t->flavour->offset_bits) + 4096;
    struct work_entry kept[PIECE_COUNT][64];
    uint8_t order[PIECE_COUNT * 64];
    const unsigned count = placing_order(t, plan, order);
    struct slice_at at = { .f = t->flavour, .climb = plan->climb };
    struct occupancies *list = malloc(sizeof *list); /* not static: see tables_search */
    struct fill_scratch *s = calloc(1, sizeof *s);
    int complete = 1, status;
    uint32_t before, end;

    if (list == NULL || s == NULL || (at.owner = owners_of(t, list, s, &complete)) == NULL) {
        free(list);
        free(s);
        return -2;
    }
    at.list = list;
    at.s = s;
    memcpy(kept, t->entry, sizeof kept);
    before = complete ? owners_extent(at.owner, capacity) : UINT32_MAX;
    for (unsigned i = 0; i < count; i++)
        slice_free(at.owner, t->entry[order[i] / 64][order[i] % 64].offset, (int16_t)order[i]);
    end = owners_extent(at.owner, capacity);
    status = place_all(t, &at, order, count, seed, plan, &end);
    free(at.owner);
    free(list);
    free(s);
    if (status == 0 && search_stop) {
        /* the slices not placed again yet are gone */
        memcpy(t->entry, kept, sizeof kept);
        status = complete ? 0 : -1;
        note("dense: interrupted: keeping the magics as they were");
    } else if (status == 0 && end >= before) {
        memcpy(t->entry, kept, sizeof kept);
        note("dense: %lu slots, no fewer than the %lu before: keeping"
             " the magics as they were",
             (unsigned long)end, (unsigned long)before);
    } else if (status == 0 && plan->progress) {
        note("dense: %lu slots before, %lu now", (unsigned long)before, (unsigned long)end);
    }
    return status;
}
