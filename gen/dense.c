/* SPDX-License-Identifier: MIT */
/* dense.c - the offline dense search (--search=dense): improve searched
 * or loaded magics with more candidates, for fewer index bits or
 * narrower fixed-width slices. */
#include <stdio.h>
#include <stdlib.h>

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
 * combs sum to near their packed table (94,588 against 87,988).  0 if
 * the magic collides. */
static uint32_t packed_score(const struct gen_flavour *f, enum piece p, const struct work_entry *e,
                             const struct occupancies *list, struct fill_scratch *scratch)
{
    const uint32_t span = f->fill(p, e, list, (uint32_t)1 << f->fixed[p], scratch);
    uint32_t low = 0, gap = 0, run = 0;
    uint64_t rows = 0, columns = 0;

    if (span == 0)
        return 0;
    while (scratch->stamp[low] != scratch->epoch)
        low++;
    for (uint32_t i = low; i < span; i++) {
        if (scratch->stamp[i] == scratch->epoch) {
            rows |= (uint64_t)1 << ((i - low) / 64);
            columns |= (uint64_t)1 << ((i - low) % 64);
        }
    }
    /* column 0 is used: the longest gap, going round twice */
    for (unsigned c = 1; c < 128; c++) {
        run = columns >> (c % 64) & 1 ? 0 : run + 1;
        if (run > gap)
            gap = run;
    }
    return popcount64(rows) * (64 - gap);
}

/* Narrow one slice of an overlapping flavour, whose magic in e scores
 * was: `budget` mixed candidates, then a climb of `budget` from the best
 * (flip one or two bits, keep what scores no worse), every working one
 * offered to the annealer.  Leaves the best in e; returns its score. */
static uint32_t narrow_packed(const struct gen_flavour *f, enum piece p, struct work_entry *e,
                              const struct occupancies *list, struct fill_scratch *scratch,
                              uint64_t *state, uint32_t budget, struct pack_candidates *offered,
                              unsigned id, uint32_t was)
{
    uint32_t scores[PACK_CHOICES], best = was, now;
    uint64_t best_magic = e->magic, magic;

    if (best != 0)
        offer(offered, id, e->magic, best, scores);
    for (uint32_t tries = 0; tries < budget && !search_stop; tries++) {
        uint32_t score;

        e->magic = constrained(f, p, e, mixed_random(state));
        if ((score = packed_score(f, p, e, list, scratch)) == 0)
            continue;
        offer(offered, id, e->magic, score, scores);
        if (best == 0 || score < best) {
            best = score;
            best_magic = e->magic;
        }
    }
    magic = best_magic;
    now = best;
    for (uint32_t tries = 0; tries < budget && now != 0 && !search_stop; tries++) {
        const uint64_t r = xorshift64(state);
        uint64_t flip = (uint64_t)1 << (r & 63);
        uint32_t score;

        if (r & 64)
            flip |= (uint64_t)1 << (r >> 8 & 63);
        e->magic = constrained(f, p, e, magic ^ flip);
        if ((score = packed_score(f, p, e, list, scratch)) == 0)
            continue;
        offer(offered, id, e->magic, score, scores);
        if (score <= now) {
            now = score;
            magic = e->magic;
            if (score < best) {
                best = score;
                best_magic = magic;
            }
        }
    }
    e->magic = best_magic;
    return best;
}

/* An offset-in-magic flavour's table as its magics place the slices:
 * owner[slot] is the (piece * 64 + square) whose slice uses the slot, or
 * -1.  A magic's start is fixed by its bits, so a dense candidate must
 * keep the start and use only slots no other slice uses. */
static int16_t *owners_of(struct slider_tables *t, struct occupancies *list,
                          struct fill_scratch *s)
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
            if (f->fill((enum piece)p, e, list, (uint32_t)1 << f->fixed[p], s) == 0)
                continue; /* a bad magic: tables_build names it */
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

int tables_dense(struct slider_tables *t, uint64_t seed, const struct dense_budget *spend)
{
    const uint32_t budget = spend->climb;
    struct occupancies *list = malloc(sizeof *list); /* not static: see tables_search */
    struct fill_scratch *scratch = calloc(1, sizeof *scratch);
    const struct gen_flavour *f = t->flavour;
    unsigned long before = 0, after = 0;
    int16_t *owner = NULL;
    struct pack_candidates *offered = NULL;
    int status;

    if (list == NULL || scratch == NULL
        || (f->layout == LAYOUT_IN_MAGIC && (owner = owners_of(t, list, scratch)) == NULL)
        || (f->layout == LAYOUT_PACKED && (offered = calloc(1, sizeof *offered)) == NULL)) {
        free(list);
        free(scratch);
        free(owner);
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
                                                    budget, offered, (unsigned)(p * 64 + (int)sq),
                                                    was);

                before += was;
                after += best;
                fprintf(stderr, "magicbb-gen: dense: %s %s: %u relevant squares, comb area"
                        " %lu, %lu before\n",
                        piece_name((enum piece)p), name, relevant, (unsigned long)best,
                        (unsigned long)was);
            } else if (fixed != 0) {
                /* fixed width: the fewest slots from lowest to highest index */
                /* an offset-in-magic slice keeps its start (e->offset,
                 * which draw() writes into each candidate): there its
                 * end is what counts, and it must not touch another's */
                const int16_t id = (int16_t)(p * 64 + (int)sq);
                const uint32_t was = owner != NULL
                                         ? f->fill((enum piece)p, e, list, 1u << fixed, scratch)
                                         : fixed_range(f, (enum piece)p, e, list, scratch);
                uint32_t best = was;
                uint64_t best_magic = e->magic;

                for (uint32_t tries = 0; tries < budget && !search_stop; tries++) {
                    uint32_t range;

                    e->magic = draw(f, (enum piece)p, e, &state);
                    if (!promising(f, e->mask, e->magic, 0))
                        continue;
                    range = owner != NULL ? f->fill((enum piece)p, e, list, best, scratch)
                                          : fixed_range(f, (enum piece)p, e, list, scratch);
                    if (range != 0 && range < best
                        && (owner == NULL || slice_fits(owner, e->offset, id, scratch, 0))) {
                        best = range;
                        best_magic = e->magic;
                    }
                }
                e->magic = best_magic;
                if (owner != NULL && best != was) {
                    /* free the old slots (all within 4096 of the start,
                     * which stays), take the new */
                    for (uint32_t i = e->offset; i < e->offset + 4096; i++) {
                        if (owner[i] == id)
                            owner[i] = -1;
                    }
                    f->fill((enum piece)p, e, list, 1u << fixed, scratch);
                    slice_fits(owner, e->offset, id, scratch, 1);
                }
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
    free(owner);
    free(list);
    free(scratch);
    if (offered != NULL)
        fprintf(stderr, "magicbb-gen: dense: comb area %lu before, %lu now\n", before, after);
    else
        fprintf(stderr, "magicbb-gen: dense: %lu slots before, %lu now\n", before, after);
    status = f->layout == LAYOUT_PACKED ? tables_anneal(t, offered, seed, spend->anneal) : 0;
    free(offered);
    return status;
}
