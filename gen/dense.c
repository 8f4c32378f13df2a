/* SPDX-License-Identifier: MIT */
/* dense.c - the offline dense search (--search=dense): improve searched
 * or loaded magics with more candidates, for fewer index bits or
 * narrower fixed-width slices. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "candidates.h"

/* Occupancies of the square whose slot, under e's magic and index bits,
 * another occupancy with other attacks took first: 0 for a magic that
 * works. */
static unsigned clashes(const struct gen_flavour *f, enum piece p, const struct work_entry *e,
                        const struct occupancies *list, struct fill_scratch *s)
{
    unsigned count = 0;

    fill_next_try(s);
    for (unsigned i = 0; i < list->count; i++) {
        const uint32_t at = f->index(p, e, list->occupied[i]);

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
static int climb(const struct gen_flavour *f, enum piece p, struct work_entry *e,
                 const struct occupancies *list, struct fill_scratch *s, uint64_t *state,
                 uint32_t budget)
{
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
        c = clashes(f, p, e, list, s);
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
static int draw_mixed(const struct gen_flavour *f, enum piece p, struct work_entry *e,
                      const struct occupancies *list, struct fill_scratch *s, uint64_t *state,
                      uint64_t draws)
{
    const uint32_t limit = (uint32_t)1 << index_bits(f, p, e);

    for (uint64_t tries = 0; tries < draws && !search_stop; tries++) {
        e->magic = constrained(f, p, e, fewer_bits_random(state));
        if (f->fill(p, e, list, limit, s) != 0)
            return 1;
    }
    return 0;
}

/* The slots a fixed-width magic's indices span, lowest to highest; 0 if
 * it collides. */
static uint32_t fixed_range(const struct gen_flavour *f, enum piece p, const struct work_entry *e,
                            const struct occupancies *list, struct fill_scratch *scratch)
{
    const uint32_t span = f->fill(p, e, list, (uint32_t)1 << f->fixed[p], scratch);
    uint32_t low = 0;

    if (span == 0)
        return 0;
    while (scratch->stamp[low] != scratch->epoch)
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
static uint32_t slice_shape(const struct gen_flavour *f, enum piece p, const struct work_entry *e,
                            const struct occupancies *list, struct fill_scratch *scratch,
                            uint32_t *used_out)
{
    const uint32_t span = f->fill(p, e, list, (uint32_t)1 << f->fixed[p], scratch);
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

static uint32_t packed_score(const struct gen_flavour *f, enum piece p, const struct work_entry *e,
                             const struct occupancies *list, struct fill_scratch *scratch)
{
    uint32_t used;
    const uint32_t comb = slice_shape(f, p, e, list, scratch, &used);

    if (comb == 0)
        return 0;
    if (f->runs_candidates)
        return comb * COMB_UNIT + used;
    return comb;
}

/* The comb area of a packed_score. */
static unsigned long comb_area(const struct gen_flavour *f, uint32_t score)
{
    return f->runs_candidates ? score / COMB_UNIT : score;
}

/* A step of the climbs of narrow_packed and lowest_end: magic with one
 * random bit flipped, or two. */
static uint64_t flip_one_or_two(uint64_t magic, uint64_t *state)
{
    const uint64_t r = xorshift64(state);
    uint64_t flip = (uint64_t)1 << (r & 63);

    if (r & 64)
        flip |= (uint64_t)1 << (r >> 8 & 63);
    return magic ^ flip;
}

/* The candidates of one round of narrow_packed, and the flips of its
 * climb: a climb soon stops in the first valley it finds, so the budget
 * goes to many short climbs from fresh draws rather than one long one.
 * Over white's 16 rooks whose slices the published set packs tightest
 * (a3, h3, a5 and 13 with 10 relevant squares), 500 rounds at a budget
 * of 10,000,000 left 14,514 used slots (comb 17,899), 100 rounds 15,769;
 * the own set of one draw phase and one climb used 19,456 (comb 19,456). */
#define NARROW_ROUND 20000u

/* black's candidates that use the fewest slots, offered to the annealer
 * in place of the last of the PACK_CHOICES by comb area: a comb alone
 * misjudges black's slices (an earlier own set's combs summed to less
 * than the published set's, yet its slices used more slots).
 * With --seed=2 --budget=2000000 --anneal=1500000: 100,073 entries
 * with none, 97,401 with 8, 96,984 with 16, 97,624 with 24.  With
 * --budget=14000000 --anneal=8000000 and 16: 90,501 for seed 2 (the own
 * set, gen/magics/own/black.txt), 91,050 for seed 1; 8 gave 92,970 with
 * seed 1 and --budget=10000000. */
#define LEAN_CHOICES 16u
#if LEAN_CHOICES > PACK_CHOICES
#error "LEAN_CHOICES replaces some of the PACK_CHOICES: it cannot be more"
#endif

/* Narrow one slice of an overlapping flavour, whose magic in e scores
 * was: rounds of NARROW_ROUND candidates (runs_random's or
 * mixed_random's), each then a climb of as many from the round's best
 * (flip one or two bits, keep what scores no worse), `budget` candidates
 * in all, every working one offered to the annealer.  With lean (black),
 * every other round climbs on the slots the slice uses instead, and the
 * LEAN_CHOICES candidates that use the fewest slots are offered too.
 * Leaves the best by score in e; returns its score. */
static uint32_t narrow_packed(const struct gen_flavour *f, enum piece p, struct work_entry *e,
                              const struct occupancies *list, struct fill_scratch *scratch,
                              uint64_t *state, uint32_t budget, struct pack_candidates *offered,
                              struct pack_candidates *lean, unsigned id, uint32_t was)
{
    const uint32_t rounds = budget / NARROW_ROUND > 0 ? budget / NARROW_ROUND : 1;
    const uint32_t part = budget / rounds;
    const unsigned xdiv = lean != NULL ? LEAN_CHOICES : 0; /* the leanest offered */
    uint32_t scores[PACK_CHOICES], best = was;
    uint64_t best_magic = e->magic;
    uint32_t lean_scores[PACK_CHOICES];

    if (lean != NULL)
        lean->count[id] = 0;
    if (best != 0)
        offer(offered, id, e->magic, best, scores);
    for (uint32_t round = 0; round < rounds && !search_stop; round++) {
        const int by_used = xdiv && round % 2 == 1;
        uint32_t now = 0;
        uint64_t magic = 0;

        for (uint32_t tries = 0; tries < 2 * part && !search_stop; tries++) {
            uint32_t score, used, comb;
            const int climbing = tries >= part;

            if (climbing && now == 0)
                break;
            if (!climbing) {
                e->magic = constrained(f, p, e,
                                       f->runs_candidates ? runs_random(state) : mixed_random(state));
            } else {
                e->magic = constrained(f, p, e, flip_one_or_two(magic, state));
            }
            if ((comb = slice_shape(f, p, e, list, scratch, &used)) == 0)
                continue;
            score = f->runs_candidates ? comb * COMB_UNIT + used : comb;
            offer(offered, id, e->magic, score, scores);
            if (xdiv)
                offer(lean, id, e->magic, used * COMB_UNIT + comb, lean_scores);
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
    if (xdiv) { /* the last xdiv of the comb list give way to the leanest */
        unsigned put = 0;

        for (unsigned j = 0; j < lean->count[id] && put < xdiv; j++) {
            unsigned dup = 0;

            for (unsigned i = 0; i < offered->count[id]; i++)
                dup |= offered->magic[id][i] == lean->magic[id][j];
            if (dup)
                continue;
            if (offered->count[id] < PACK_CHOICES)
                offered->magic[id][offered->count[id]++] = lean->magic[id][j];
            else
                offered->magic[id][PACK_CHOICES - 1 - put] = lean->magic[id][j];
            put++;
        }
    }
    e->magic = best_magic;
    return best;
}

/* An offset-in-magic flavour's table as its magics place the slices:
 * owner[slot] is the (piece * 64 + square) whose slice uses the slot, or
 * -1.  Clears *complete if a square's magic does not work. */
static int16_t *owners_of(struct slider_tables *t, struct occupancies *list,
                          struct fill_scratch *s, int *complete)
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
static int before(enum piece p, unsigned relevant, unsigned other)
{
    return p == PIECE_ROOK ? relevant < other : relevant > other;
}

/* The (piece * 64 + square) placed anew, in order: rooks, then bishops,
 * each by before(), ties in square order.  Returns how many. */
static unsigned placing_order(const struct slider_tables *t, const struct dense_budget *spend,
                              uint8_t order[PIECE_COUNT * 64])
{
    unsigned count = 0;

    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const unsigned relevant = popcount64(t->entry[p][sq].mask);
            unsigned j = count++;

            if (!(spend->pieces & 1u << p) || !(spend->squares >> sq & 1)) {
                count--;
                continue;
            }
            for (; j > 0 && order[j - 1] / 64 == (unsigned)p
                   && before(p, relevant, popcount64(t->entry[p][order[j - 1] % 64].mask));
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
 * (rounds of 5,000 or 20,000 gave larger offsetmagic tables). */
#define PLACE_ROUND 10000u

/* Where square e's slice (id; owner has the other slices) ends lowest
 * while it uses only free slots, at the starts from low to high while
 * they are below the best end so far.  Each start gets `budget`
 * candidates, in rounds of PLACE_ROUND sparse draws (each kept if it
 * ends lower than the round's best) and then PLACE_ROUND steps of a
 * climb from the round's best (one or two bits flipped, the start's bits
 * kept; a step that ends no later is taken).  The end, the magic in
 * *magic; UINT32_MAX if none fits. */
static uint32_t lowest_end(const struct gen_flavour *f, enum piece p, struct work_entry *e,
                           int16_t id, int16_t *owner, uint32_t low, uint32_t high,
                           const struct occupancies *list, struct fill_scratch *s,
                           uint64_t *state, uint32_t budget, uint64_t *magic)
{
    const unsigned fixed = f->fixed[p];
    const uint32_t step = (uint32_t)1 << f->start_shift, full = (uint32_t)1 << fixed;
    const uint32_t share = budget / 2 + 1; /* draws, and steps of the climbs */
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
                    || !slice_fits(owner, start, id, s, 0))
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
 * ones (in a probe, 6 of 64 for rook c7).  Elsewhere its indices spread
 * over nearly all 4096 slots.  Earlier starts let a slice use the gaps
 * further back; later ones let it reach such a start and leave the
 * slots before it to the slices placed next.  With
 * --flavour=offsetmagic --search=dense --budget=100000, seeds 1 and 2,
 * before the sixth rank's rooks went first (on_sixth_rank):
 * 196,495 and 205,817 entries with neither, 189,404 and 190,450 with
 * 8192 after, 185,808 and 188,416 with 4096 before as well; 8192 before
 * gave 186,358 and 188,926, in a third more time. */
#define ROOK_BACK 4096u
#define ROOK_AHEAD 8192u

/* Square e's slice (id) in an offset-in-magic table whose slices other
 * than its own (in owner) end at `end`: the lowest end of lowest_end
 * over the starts from ROOK_BACK + 4096 slots below the end (where a
 * slice reaches past the slices there into slots they leave unused) to
 * ROOK_AHEAD after the first at or after it; for a bishop, from 0 to
 * that first one, as a bishop's slice fits in the gaps the rooks'
 * leave.  If none fits, the starts after the end in turn, each with up
 * to AFTER_END_TRIES candidates, for the first magic that works.  The
 * end, the magic in *magic; UINT32_MAX if no start has a magic that
 * works. */
static uint32_t find_in_magic(const struct gen_flavour *f, enum piece p, struct work_entry *e,
                              int16_t id, int16_t *owner, uint32_t end,
                              const struct occupancies *list, struct fill_scratch *s,
                              uint64_t *state, uint32_t budget, uint64_t *magic)
{
    const uint32_t step = (uint32_t)1 << f->start_shift, full = (uint32_t)1 << f->fixed[p];
    const uint32_t last = (uint32_t)1 << f->offset_bits; /* no start reaches it */
    const uint32_t back = ROOK_BACK + 4096;
    const uint32_t low = p == PIECE_ROOK && end > back ? (end - back) / step * step : 0;
    const uint32_t first_free = (end + step - 1) / step * step;
    const uint32_t ahead = p == PIECE_ROOK ? first_free + ROOK_AHEAD : first_free;
    const uint32_t high = ahead < last ? ahead : last - step;
    uint32_t best_end = lowest_end(f, p, e, id, owner, low, high, list, s, state, budget, magic);

    for (uint32_t start = first_free; best_end == UINT32_MAX && start < last; start += step) {
        e->offset = start;
        for (uint32_t tries = 0; tries < AFTER_END_TRIES; tries++) {
            uint32_t span;

            e->magic = draw(f, p, e, state);
            if (promising(f, e->mask, e->magic, 0) && (span = f->fill(p, e, list, full, s)) != 0) {
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

int tables_place_in_magic(struct slider_tables *t, uint64_t seed,
                          const struct dense_budget *spend)
{
    const struct gen_flavour *f = t->flavour;
    const uint32_t capacity = ((uint32_t)1 << f->offset_bits) + 4096;
    struct work_entry kept[PIECE_COUNT][64];
    uint8_t order[PIECE_COUNT * 64];
    const unsigned count = placing_order(t, spend, order);
    unsigned rooks = 0;
    struct occupancies *list = malloc(sizeof *list); /* not static: see tables_search */
    struct fill_scratch *s = calloc(1, sizeof *s);
    int16_t *owner = NULL;
    int complete = 1, status = 0;
    uint32_t was, end;

    if (list == NULL || s == NULL || (owner = owners_of(t, list, s, &complete)) == NULL) {
        free(list);
        free(s);
        return -2;
    }
    memcpy(kept, t->entry, sizeof kept);
    was = complete ? owners_extent(owner, capacity) : UINT32_MAX;
    for (unsigned i = 0; i < count; i++) {
        slice_free(owner, t->entry[order[i] / 64][order[i] % 64].offset, (int16_t)order[i]);
        rooks += order[i] / 64 == PIECE_ROOK;
    }
    end = owners_extent(owner, capacity);
    for (unsigned i = 0; i < count && status == 0 && !search_stop; i++) {
        /* the next slice: by placing_order, or with spend->by_growth, of
         * the rooks left (those of the sixth rank while any is left) the
         * one that moves the end on least for its occupancies */
        const unsigned last = spend->by_growth && i < rooks ? rooks - 1 : i;
        unsigned pick = count;
        unsigned pick_count = 0, sixth = 0;
        uint32_t pick_end = UINT32_MAX, pick_growth = 0;
        uint64_t pick_magic = 0;

        for (unsigned j = i; j <= last; j++)
            sixth += on_sixth_rank(order[j]);
        for (unsigned j = i; j <= last && !search_stop; j++) {
            if (sixth > 0 && !on_sixth_rank(order[j]))
                continue;

            const enum piece p = (enum piece)(order[j] / 64);
            struct work_entry *e = &t->entry[p][order[j] % 64];
            uint64_t state = placing(t, order[j], i, seed, list), magic = 0;
            const uint32_t found = find_in_magic(f, p, e, (int16_t)order[j], owner, end, list, s,
                                                 &state, spend->climb, &magic);
            const uint32_t growth = found > end ? found - end : 0;

            if (found != UINT32_MAX
                && (pick == count
                    || grows_less(growth, list->count, pick_growth, pick_count))) {
                pick = j;
                pick_count = list->count;
                pick_end = found;
                pick_growth = growth;
                pick_magic = magic;
            }
        }
        if (search_stop)
            break;
        if (pick == count) {
            status = -1;
            break;
        }
        const uint8_t id = order[pick];
        const enum piece p = (enum piece)(id / 64);
        struct work_entry *e = &t->entry[p][id % 64];
        char name[3];

        order[pick] = order[i];
        order[i] = id;
        placing(t, id, i, seed, list);
        e->magic = pick_magic;
        e->offset = magic_offset(f, e);
        f->fill(p, e, list, (uint32_t)1 << f->fixed[p], s);
        slice_fits(owner, e->offset, (int16_t)id, s, 1);
        if (pick_end > end)
            end = pick_end;
        if (spend->progress) {
            square_name(id % 64, name);
            fprintf(stderr, "magicbb-gen: dense: %s %s: %u relevant squares, slice at %lu,"
                    " table %lu slots\n", piece_name(p), name, popcount64(e->mask),
                    (unsigned long)e->offset, (unsigned long)end);
        }
    }
    free(owner);
    free(list);
    free(s);
    if (status == 0 && search_stop) {
        /* the slices not placed again yet are gone */
        memcpy(t->entry, kept, sizeof kept);
        status = complete ? 0 : -1;
        fprintf(stderr, "magicbb-gen: dense: interrupted: keeping the magics as they were\n");
    } else if (status == 0 && end >= was) {
        memcpy(t->entry, kept, sizeof kept);
        fprintf(stderr, "magicbb-gen: dense: %lu slots, no fewer than the %lu before: keeping"
                " the magics as they were\n", (unsigned long)end, (unsigned long)was);
    } else if (status == 0 && spend->progress) {
        fprintf(stderr, "magicbb-gen: dense: %lu slots before, %lu now\n", (unsigned long)was,
                (unsigned long)end);
    }
    return status;
}

int tables_dense(struct slider_tables *t, uint64_t seed, const struct dense_budget *spend)
{
    const uint32_t budget = spend->climb;
    struct occupancies *list;
    struct fill_scratch *scratch;
    const struct gen_flavour *f = t->flavour;
    unsigned long before = 0, after = 0;
    struct pack_candidates *offered = NULL, *lean = NULL;
    struct pack_layout *input = NULL; /* the layout given, which the annealer must beat */
    int status;

    if (f->layout == LAYOUT_IN_MAGIC) {
        struct dense_budget rooks_by_growth = *spend;

        if (spend->climb == 0)
            return 0; /* --budget=0 keeps the magics */

        rooks_by_growth.by_growth = 1;
        return tables_place_in_magic(t, seed, &rooks_by_growth);
    }
    list = malloc(sizeof *list); /* not static: see tables_search */
    scratch = calloc(1, sizeof *scratch);
    if (list == NULL || scratch == NULL
        || (f->layout == LAYOUT_PACKED && (offered = calloc(1, sizeof *offered)) == NULL)
        || (offered != NULL && !f->runs_candidates && (lean = calloc(1, sizeof *lean)) == NULL)
        || (offered != NULL && spend->loaded && (input = pack_layout_of(t)) == NULL)) {
        free(list);
        free(scratch);
        free(offered);
        free(lean);
        return -2;
    }
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            struct work_entry *e = &t->entry[p][sq];
            const unsigned fixed = f->fixed[p], relevant = popcount64(e->mask);
            uint64_t state = seed ^ ((uint64_t)(p * 64 + sq) << 56) ^ 0x64656e7365u; /* "dense" */
            char name[3];

            if (!(spend->pieces & 1u << p) || !(spend->squares >> sq & 1))
                continue;
            state = splitmix64(&state) | 1; /* a stream of its own, not the search's */
            occupancies_list((enum piece)p, sq, list);
            occupancies_shuffle(list, seed);
            square_name(sq, name);
            if (offered != NULL) {
                const uint32_t was = packed_score(f, (enum piece)p, e, list, scratch);
                const uint32_t best = narrow_packed(f, (enum piece)p, e, list, scratch, &state,
                                                    budget, offered, lean,
                                                    (unsigned)(p * 64 + (int)sq), was);

                before += comb_area(f, was);
                after += comb_area(f, best);
                fprintf(stderr, "magicbb-gen: dense: %s %s: %u relevant squares, comb area"
                        " %lu, %lu before\n",
                        piece_name((enum piece)p), name, relevant, comb_area(f, best),
                        comb_area(f, was));
            } else if (fixed != 0) {
                /* fixed width: the fewest slots from lowest to highest index */
                const uint32_t was = fixed_range(f, (enum piece)p, e, list, scratch);
                uint32_t best = was;
                uint64_t best_magic = e->magic;

                for (uint32_t tries = 0; tries < budget && !search_stop; tries++) {
                    uint32_t range;

                    e->magic = draw(f, (enum piece)p, e, &state);
                    if (!promising(f, e->mask, e->magic, 0))
                        continue;
                    range = fixed_range(f, (enum piece)p, e, list, scratch);
                    if (range != 0 && range < best) {
                        best = range;
                        best_magic = e->magic;
                    }
                }
                e->magic = best_magic;
                before += was;
                after += best;
                fprintf(stderr, "magicbb-gen: dense: %s %s: %u relevant squares, indices span"
                        " %lu slots, %lu before\n", piece_name((enum piece)p), name, relevant,
                        (unsigned long)best, (unsigned long)was);
            } else {
                /* own index bits: one fewer, for as long as one is found */
                const unsigned was = index_bits(f, (enum piece)p, e);
                unsigned bits = was;

                while (bits > 1) {
                    const struct work_entry kept = *e;

                    e->shift = index_shift(f, bits - 1);
                    if (!draw_mixed(f, (enum piece)p, e, list, scratch, &state,
                                    spend->draws)
                        && !climb(f, (enum piece)p, e, list, scratch, &state, budget)) {
                        *e = kept;
                        break;
                    }
                    bits--;
                }
                before += 1ul << was;
                after += 1ul << bits;
                fprintf(stderr, "magicbb-gen: dense: %s %s: %u relevant squares, %u index bits,"
                        " %u before\n", piece_name((enum piece)p), name, relevant, bits, was);
            }
        }
    }
    free(list);
    free(scratch);
    if (offered != NULL)
        fprintf(stderr, "magicbb-gen: dense: comb area %lu before, %lu now\n", before, after);
    else
        fprintf(stderr, "magicbb-gen: dense: %lu slots before, %lu now\n", before, after);
    status = f->layout == LAYOUT_PACKED
                 ? tables_anneal(t, offered, seed, spend->anneal, input) : 0;
    free(offered);
    free(lean);
    free(input);
    return status;
}
