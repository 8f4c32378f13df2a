/* SPDX-License-Identifier: MIT */
/* pack.c - lay the slices of an overlapping flavour (fancy, white, black) into
 * one table, first fit in a given order (magicbb-search's annealer,
 * search/anneal.c, searches orders and each square's choice among
 * candidate magics with it). */
#include <stdlib.h>
#include <string.h>

#include "candidates.h"
#include "pack.h"

/* Offset words first_fit tries together. */
#define WIDE 8

/* The table's bit words: every slice at its widest offset, plus one
 * slice's width and first_fit's words of slack past the end for the
 * shifted compares. */
#define TABLE_WORDS (OVERLAP_TABLE_MAX / 64 + 4096 / 64 + 2 * WIDE)

uint64_t *pack_table_new(void)
{
    return malloc(TABLE_WORDS * sizeof(uint64_t));
}

int pack_slice(const struct slider_tables *t, unsigned k, uint64_t magic,
               const struct occupancies *list, struct fill_scratch *s, struct slice_bits *out)
{
    const enum piece p = (enum piece)(k / 64);
    struct work_entry e = t->entry[p][k % 64];
    uint64_t state = 0x70726f6265u; /* "probe" */
    uint16_t all[4096];
    uint32_t used = 0;

    const uint32_t width = (uint32_t)1 << index_bits(t->flavour, p, &e);

    e.magic = magic;
    memset(out, 0, sizeof *out);
    out->magic = magic;
    if (t->flavour->fill(p, &e, list, width, s) == 0) {
        /* a magic that does not work: its whole width, apart from the
         * others, where tables_build finds its own collision */
        memset(out->bits, 0xff, width / 8 > 0 ? width / 8 : 1);
        out->span = width;
        out->words = (width + 63) / 64;
        return -1;
    }
    for (uint32_t i = 0; i < 4096; i++) {
        if (s->stamp[i] == s->epoch) {
            out->bits[i / 64] |= (uint64_t)1 << (i % 64);
            out->span = i + 1;
            all[used++] = (uint16_t)i;
        }
    }
    out->words = (out->span + 63) / 64;
    /* the probes: used slots drawn at random (a fixed stream, so the
     * same slice always gets the same probes).  Slices packed beside
     * each other use much the same columns of 64 slots, so probes taken
     * in slot order mostly agree, and the offsets they pass fail in
     * fits() instead. */
    for (; out->probes < PACK_PROBES && out->probes < used; out->probes++) {
        const uint32_t j
            = out->probes + (uint32_t)((xorshift64(&state) >> 32) * (used - out->probes) >> 32);

        out->probe[out->probes] = all[j];
        all[j] = all[out->probes];
    }
    return 0;
}

/* The slice's bits moved up by `shift` (0 to 63), word i of them. */
static inline uint64_t shifted(const struct slice_bits *s, unsigned shift, uint32_t i)
{
    const uint64_t here = i < s->words ? s->bits[i] : 0;

    if (shift == 0)
        return here;
    return here << shift | (i > 0 ? s->bits[i - 1] >> (64 - shift) : 0);
}

static int fits(const uint64_t *table, const struct slice_bits *s, uint32_t at)
{
    const uint64_t *w = table + at / 64;
    const unsigned shift = at % 64;

    for (uint32_t i = 0; i <= s->words; i++) {
        if (w[i] & shifted(s, shift, i))
            return 0;
    }
    return 1;
}

static void mark(uint64_t *table, const struct slice_bits *s, uint32_t at)
{
    uint64_t *w = table + at / 64;
    const unsigned shift = at % 64;

    for (uint32_t i = 0; i <= s->words; i++)
        w[i] |= shifted(s, shift, i);
}

/* Whether slot u + j of the table from w on is free, as bit j (u below
 * 64); no branch on u, whose shifts stay below 64. */
static inline uint64_t free_at(const uint64_t *w, unsigned u)
{
    return ~w[0] >> u | (~w[1] << 1) << (63 - u);
}

/* The lowest offset from `lowest` on where the slice's slots are all
 * free: WIDE words of 64 offsets at a time, those where the probes are
 * free, then the rest.  The words go together, one branch ending the
 * probes for all of them (doc/generator.md, "The searches'
 * constants"). */
static uint32_t first_fit(const uint64_t *table, const struct slice_bits *s, uint32_t lowest)
{
    const uint32_t first = lowest / 64;

    for (uint32_t base = first;; base += WIDE) {
        uint64_t maybe[WIDE], any;

        for (unsigned j = 0; j < WIDE; j++)
            maybe[j] = UINT64_MAX;
        if (base == first)
            maybe[0] <<= lowest % 64; /* none below lowest */
        for (uint32_t i = 0; i < s->probes; i++) {
            const uint64_t *w = table + base + s->probe[i] / 64;
            const unsigned u = s->probe[i] % 64;

            any = 0;
            for (unsigned j = 0; j < WIDE; j++) {
                maybe[j] &= free_at(w + j, u);
                any |= maybe[j];
            }
            if (any == 0)
                break;
        }
        for (unsigned j = 0; j < WIDE; j++) {
            for (; maybe[j] != 0; maybe[j] &= maybe[j] - 1) {
                const uint32_t at = (base + j) * 64 + lowest_bit(maybe[j]);

                if (fits(table, s, at))
                    return at;
            }
        }
    }
}

uint32_t pack_place(uint64_t *table, struct arrangement *a,
                    const struct slice_bits *const *candidates, unsigned from, uint32_t limit)
{
    uint32_t extent = from > 0 ? a->extent[from - 1] : 0;

    memset(table, 0, TABLE_WORDS * sizeof *table);
    for (unsigned i = 0; i < PACK_SLICES; i++) {
        const struct slice_bits *s = &candidates[a->order[i]][a->choice[a->order[i]]];

        if (i >= from) {
            a->offset[i] = first_fit(table, s, a->floor[a->order[i]]);
            if (a->offset[i] + s->span > extent)
                extent = a->offset[i] + s->span;
            a->extent[i] = extent;
            if (extent > limit)
                return extent;
        }
        mark(table, s, a->offset[i]);
    }
    return extent;
}

void pack_widest_first(struct arrangement *a, const struct slice_bits *const *candidates)
{
    for (unsigned k = 0; k < PACK_SLICES; k++) {
        unsigned j = k;

        for (; j > 0
               && candidates[a->order[j - 1]][a->choice[a->order[j - 1]]].span
                      < candidates[k][a->choice[k]].span;
             j--)
            a->order[j] = a->order[j - 1];
        a->order[j] = (uint8_t)k;
    }
}

void pack_set_offsets(struct slider_tables *t, const struct arrangement *a,
                      const struct slice_bits *const *candidates, uint32_t extent)
{
    for (unsigned i = 0; i < PACK_SLICES; i++) {
        const unsigned k = a->order[i];
        struct work_entry *e = &t->entry[k / 64][k % 64];

        e->magic = candidates[k][a->choice[k]].magic;
        e->offset = a->offset[i];
    }
    t->count = extent;
}

void pack_slices_free(struct slice_bits **slices)
{
    for (unsigned k = 0; k < PACK_SLICES; k++)
        free(slices[k]);
    free(slices);
}

int tables_pack(struct slider_tables *t)
{
    struct occupancies *list = malloc(sizeof *list);
    struct fill_scratch *scratch = calloc(1, sizeof *scratch);
    struct slice_bits **slices = calloc(PACK_SLICES, sizeof *slices);
    struct arrangement *a = calloc(1, sizeof *a);
    uint64_t *table = pack_table_new();
    int status
        = list != NULL && scratch != NULL && slices != NULL && a != NULL && table != NULL ? 0 : -2;

    /* each square's one candidate, its magic (one that does not work
     * keeps its whole width: tables_build names it) */
    for (unsigned k = 0; status == 0 && k < PACK_SLICES; k++) {
        if ((slices[k] = malloc(sizeof **slices)) == NULL) {
            status = -2;
            break;
        }
        occupancies_list((enum piece)(k / 64), k % 64, list);
        pack_slice(t, k, t->entry[k / 64][k % 64].magic, list, scratch, slices[k]);
    }
    if (status == 0) {
        const struct slice_bits *const *view = (const struct slice_bits *const *)slices;

        pack_widest_first(a, view);
        pack_set_offsets(t, a, view, pack_place(table, a, view, 0, UINT32_MAX));
    }
    if (slices != NULL)
        pack_slices_free(slices);
    free(list);
    free(scratch);
    free(a);
    free(table);
    return status;
}
