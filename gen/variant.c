/* SPDX-License-Identifier: MIT */
/* variant.c - const tables of piece families on any board (variant.h).
 *
 * A family is split into parts (its directions, or each line of them),
 * each with a table of its own; the lookup is the union of the parts'.
 * A part has, for each square, its mask (the squares whose occupancy
 * can change the answer: board.c's family_mask), an index of the
 * occupancy's mask bits (PEXT, or a fold of the two words to one and a
 * 64-bit multiply by a searched magic), and a slice of entries: the
 * attacks, or (compressed) their PEXT by the squares the rays reach.
 * Slices with the same entries are stored once, and the rest overlap
 * where their entries agree (part_overlap). */
#include <stdlib.h>
#include <string.h>

#include "magicbb/bits.h"
#include "output.h"
#include "progress.h"
#include "sliders.h"
#include "variant.h"

/* ---- Options ------------------------------------------------------------ */

int variant_families(const char *list, struct variant_request *r, char *why, size_t size)
{
    char item[256];
    const char *s = list;

    r->families = 0;
    for (;;) {
        const size_t length = strcspn(s, ",");

        if (length == 0 || length >= sizeof item) {
            snprintf(why, size,
                     "--families: '%s' is not a list of families separated by commas (%s, or"
                     " NAME=KIND:F.R/F.R/...)",
                     list, family_builtin_list());
            return -1;
        }
        if (r->families == VARIANT_MAX_FAMILIES) {
            snprintf(why, size, "--families: more than %d families", VARIANT_MAX_FAMILIES);
            return -1;
        }
        memcpy(item, s, length);
        item[length] = '\0';
        if (family_parse(item, &r->family[r->families], why, size) != 0)
            return -1;
        for (unsigned i = 0; i < r->families; i++)
            if (strcmp(r->family[i].name, r->family[r->families].name) == 0) {
                snprintf(why, size, "--families: %s given twice", r->family[i].name);
                return -1;
            }
        r->families++;
        s += length;
        if (*s == '\0')
            return 0;
        s++;
    }
}

/* text as one of names[]: its position, or -1. */
static int pick(const char *text, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(text, names[i]) == 0)
            return i;
    return -1;
}

int variant_index_parse(const char *text, struct variant_request *r, char *why, size_t size)
{
    static const char *const names[] = { "pext", "multiply" };
    const int i = pick(text, names, 2);

    if (i < 0) {
        snprintf(why, size, "--index: unknown method '%s' (expected pext or multiply)", text);
        return -1;
    }
    r->index = (enum variant_index)i;
    return 0;
}

int variant_payload_parse(const char *text, struct variant_request *r, char *why, size_t size)
{
    static const char *const names[] = { "full", "compressed" };
    const int i = pick(text, names, 2);

    if (i < 0) {
        snprintf(why, size, "--payload: unknown payload '%s' (expected full or compressed)", text);
        return -1;
    }
    r->payload = (enum variant_payload)i;
    return 0;
}

/* One item of --split: HOW, or FAMILY=HOW; the split, or -1. */
static int split_item(const char *item, size_t length, const char **family, size_t *family_length)
{
    static const char *const names[] = { "auto", "none", "lines" };
    const char *equals = memchr(item, '=', length);
    const char *how = equals != NULL ? equals + 1 : item;
    const size_t how_length = length - (size_t)(how - item);

    *family = equals != NULL ? item : NULL;
    *family_length = equals != NULL ? (size_t)(equals - item) : 0;
    for (int i = 0; i < 3; i++)
        if (strlen(names[i]) == how_length && strncmp(names[i], how, how_length) == 0)
            return i;
    return -1;
}

int variant_split_parse(const char *text, struct variant_request *r, char *why, size_t size)
{
    const char *s = text;

    for (;;) {
        const size_t length = strcspn(s, ",");
        const char *family;
        size_t family_length;

        if (split_item(s, length, &family, &family_length) < 0
            || (family != NULL && family_length == 0)) {
            snprintf(why, size,
                     "--split: unknown split '%.*s' (expected auto, none or lines, or"
                     " FAMILY=auto|none|lines, separated by commas)",
                     (int)length, s);
            return -1;
        }
        if (s[length] == '\0')
            break;
        s += length + 1;
    }
    r->split_text = text;
    return 0;
}

int variant_resolve(struct variant_request *r, char *why, size_t size)
{
    const char *s = r->split_text;

    r->split = SPLIT_AUTO;
    for (unsigned i = 0; i < r->families; i++)
        r->family_split[i] = SPLIT_AUTO;
    if (s == NULL)
        return 0;
    /* the default first, wherever it stands, then the families' own */
    for (int pass = 0; pass < 2; pass++) {
        for (s = r->split_text;;) {
            const size_t length = strcspn(s, ",");
            const char *family;
            size_t family_length;
            const int how = split_item(s, length, &family, &family_length);

            if (pass == 0 && family == NULL) {
                r->split = (enum variant_split)how;
                for (unsigned i = 0; i < r->families; i++)
                    r->family_split[i] = r->split;
            } else if (pass == 1 && family != NULL) {
                unsigned i = 0;

                while (i < r->families
                       && !(strlen(r->family[i].name) == family_length
                            && strncmp(r->family[i].name, family, family_length) == 0))
                    i++;
                if (i == r->families) {
                    snprintf(why, size, "--split: '%.*s' is none of --families", (int)family_length,
                             family);
                    return -1;
                }
                r->family_split[i] = (enum variant_split)how;
            }
            if (s[length] == '\0')
                break;
            s += length + 1;
        }
    }
    return 0;
}

int variant_prefix_parse(const char *text, struct variant_request *r, char *why, size_t size)
{
    const size_t length = strlen(text);

    if (length == 0 || length >= VARIANT_PREFIX_MAX
        || strspn(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != length
        || (text[0] >= '0' && text[0] <= '9')) {
        snprintf(why, size,
                 "--prefix: '%s' is no C identifier of at most %d characters (letters, digits"
                 " and _, not first a digit)",
                 text, VARIANT_PREFIX_MAX - 1);
        return -1;
    }
    memcpy(r->prefix, text, length + 1);
    return 0;
}

/* ---- Parts -------------------------------------------------------------- */

/* A family's parts: the step sets (bits of its steps) with tables of their
 * own.  Lines: each step with its opposite, where the family has it. */
#define MAX_PARTS FAMILY_MAX_STEPS

static unsigned lines_of(const struct family *f, unsigned line[MAX_PARTS])
{
    unsigned n = 0, taken = 0;

    for (unsigned i = 0; i < f->steps_count; i++) {
        if (taken >> i & 1)
            continue;
        line[n] = 1u << i;
        taken |= 1u << i;
        for (unsigned j = i + 1; j < f->steps_count; j++)
            if (!(taken >> j & 1) && f->steps[j].file == -f->steps[i].file
                && f->steps[j].rank == -f->steps[i].rank) {
                line[n] |= 1u << j;
                taken |= 1u << j;
            }
        n++;
    }
    return n;
}

/* Entries of a part unpacked: the sum over squares of 2^|mask|. */
static double part_entries(const struct board *b, const struct family *f, unsigned steps)
{
    double sum = 0;

    for (unsigned rank = 0; rank < b->ranks; rank++)
        for (unsigned file = 0; file < b->files; file++)
            sum += (double)((uint64_t)1
                            << (bb_count(family_mask(b, f, steps, (int)file, (int)rank)) & 63));
    return sum;
}

/* The widest mask of a part, over the squares. */
static unsigned part_widest(const struct board *b, const struct family *f, unsigned steps)
{
    unsigned widest = 0;

    for (unsigned rank = 0; rank < b->ranks; rank++)
        for (unsigned file = 0; file < b->files; file++) {
            const unsigned n = bb_count(family_mask(b, f, steps, (int)file, (int)rank));

            widest = n > widest ? n : widest;
        }
    return widest;
}

/* The parts of f: the whole (lame leapers always: their legs overlap),
 * each line, or (auto) the whole unless its lines together take less
 * than a quarter of its entries; and between them, for more than two
 * lines, two halves of the lines where those are at most twice the
 * lines' entries (fewer probes).  Returns how many. */
static unsigned family_parts(const struct board *b, const struct family *f,
                             enum variant_split split, unsigned part[MAX_PARTS])
{
    unsigned line[MAX_PARTS];
    const unsigned lines = lines_of(f, line);
    const unsigned all = (1u << f->steps_count) - 1;
    double whole, apart = 0, halves = 0;
    unsigned half[2] = { 0, 0 };

    part[0] = all;
    if (f->kind == KIND_LAME || lines == 1 || split == SPLIT_NONE)
        return 1;
    if (split == SPLIT_LINES) {
        memcpy(part, line, lines * sizeof *line);
        return lines;
    }
    whole = part_entries(b, f, all);
    for (unsigned i = 0; i < lines; i++) {
        apart += part_entries(b, f, line[i]);
        half[i < (lines + 1) / 2] |= line[i];
    }
    if (whole <= 4 * apart && part_widest(b, f, all) <= VARIANT_MAX_BITS)
        return 1;
    if (lines > 2) {
        halves = part_entries(b, f, half[0]) + part_entries(b, f, half[1]);
        if (halves <= 2 * apart && part_widest(b, f, half[0]) <= VARIANT_MAX_BITS
            && part_widest(b, f, half[1]) <= VARIANT_MAX_BITS) {
            part[0] = half[1];
            part[1] = half[0];
            return 2;
        }
    }
    memcpy(part, line, lines * sizeof *line);
    return lines;
}

int variant_check(const struct variant_request *r, char *why, size_t size)
{
    for (unsigned i = 0; i < r->families; i++) {
        const struct family *f = &r->family[i];
        unsigned part[MAX_PARTS], line[MAX_PARTS];
        const unsigned parts = family_parts(&r->board, f, r->family_split[i], part);

        for (unsigned p = 0; p < parts; p++) {
            const unsigned widest = part_widest(&r->board, f, part[p]);

            if (widest > VARIANT_MAX_BITS) {
                snprintf(why, size,
                         "%s: a mask of %u squares on this board is too large to index (at most"
                         " %d%s)",
                         f->name, widest, VARIANT_MAX_BITS,
                         parts == 1 && f->kind != KIND_LAME && r->family_split[i] == SPLIT_NONE
                                 && lines_of(f, line) > 1
                             ? "; --split=lines may help"
                             : "");
                return -1;
            }
        }
        if (r->payload == PAYLOAD_COMPRESSED) {
            for (unsigned p = 0; p < parts; p++)
                for (unsigned rank = 0; rank < r->board.ranks; rank++)
                    for (unsigned file = 0; file < r->board.files; file++) {
                        const unsigned reach
                            = bb_count(family_reach(&r->board, f, part[p], (int)file, (int)rank));

                        if (reach > 64) {
                            snprintf(why, size,
                                     "%s: reaches %u squares from one square; a compressed"
                                     " payload holds at most 64 (give --payload=full)",
                                     f->name, reach);
                            return -1;
                        }
                    }
        }
    }
    if (r->payload == PAYLOAD_COMPRESSED && r->index != INDEX_PEXT) {
        snprintf(why, size,
                 "--payload=compressed needs --index=pext (its entries are expanded by PDEP)");
        return -1;
    }
    return 0;
}

/* ---- Building ----------------------------------------------------------- */

struct square_record {
    bb128 mask, empty;
    uint64_t magic;
    uint32_t offset;
    unsigned bits, rot, shift;
};

struct part {
    const struct family *family;
    unsigned steps;
    unsigned width; /* compressed: the entries' bits (8, 16, 32 or 64); 0: full */
    struct square_record sq[BOARD_MAX_SQUARES];
    uint64_t *data; /* entries: two words each (full) or one (compressed) */
    uint8_t *used;  /* whether an occupancy reaches the entry (multiply: not all do) */
    uint32_t count, capacity;
    uint64_t unshared; /* the entries before equal slices were shared */
    /* the slices stored: where each starts, its length and a hash */
    uint32_t slices, slice_at[BOARD_MAX_SQUARES], slice_length[BOARD_MAX_SQUARES];
    uint64_t slice_hash[BOARD_MAX_SQUARES];
};

/* 128-bit PEXT and PDEP from the library's 64-bit ones (magicbb/bits.h:
 * plain C on a build machine without BMI2), the low word's bits first. */
static uint64_t pext128(bb128 x, bb128 mask)
{
    const unsigned k = popcount64(mask.lo);

    return mbb_pext64(x.lo, mask.lo) | (k < 64 ? mbb_pext64(x.hi, mask.hi) << k : 0);
}

static bb128 pdep128(uint64_t x, bb128 mask)
{
    const unsigned k = popcount64(mask.lo);

    return bb_make(mbb_pdep64(x, mask.lo), k < 64 ? mbb_pdep64(x >> k, mask.hi) : 0);
}

static uint64_t rotl64(uint64_t x, unsigned r)
{
    return x << r | x >> ((64 - r) & 63);
}

static unsigned count64(uint64_t x)
{
    unsigned n = 0;

    for (; x != 0; x &= x - 1)
        n++;
    return n;
}

/* The index of occupancy occ in square record e's slice. */
static uint32_t record_index(enum variant_index index, const struct square_record *e, bb128 occ)
{
    if (index == INDEX_PEXT)
        return (uint32_t)pext128(occ, e->mask);
    {
        const uint64_t fold = (occ.lo & e->mask.lo) | rotl64(occ.hi & e->mask.hi, e->rot);

        return (uint32_t)((fold * e->magic) >> e->shift);
    }
}

/* The attacks an entry gives back. */
static bb128 entry_attacks(const struct part *p, const struct square_record *e, uint32_t at)
{
    if (p->width != 0)
        return pdep128(p->data[at], e->empty);
    return bb_make(p->data[2 * at], p->data[2 * at + 1]);
}

/* One square's occupancies (every subset of its mask, in PEXT order) and
 * their entries' words. */
struct listing {
    uint32_t count;
    bb128 *occ;
    uint64_t *word; /* two a subset (full) or one (compressed) */
    uint32_t *stamp;
    uint64_t *slot;
    uint8_t *used; /* the slice's slots that an occupancy reaches */
    uint32_t epoch;
};

static int part_grow(struct part *p, uint32_t entries)
{
    const unsigned words = p->width != 0 ? 1 : 2;

    if (p->count + entries <= p->capacity)
        return 0;
    while (p->count + entries > p->capacity)
        p->capacity = p->capacity != 0 ? 2 * p->capacity : 4096;
    {
        uint64_t *data = realloc(p->data, (size_t)p->capacity * words * sizeof *data);

        if (data == NULL)
            return -1;
        p->data = data;
    }
    {
        uint8_t *used = realloc(p->used, p->capacity);

        if (used == NULL)
            return -1;
        p->used = used;
    }
    return 0;
}

static uint64_t hash_words(const uint64_t *w, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15u;

    for (size_t i = 0; i < n; i++)
        h = (h ^ w[i]) * 0x100000001b3u;
    return h;
}

/* Adds the slice of `length` entries in s (words) to p, or finds an equal
 * one stored before: where it starts. */
static uint32_t store_slice(struct part *p, const uint64_t *s, const uint8_t *used, uint32_t length)
{
    const unsigned words = p->width != 0 ? 1 : 2;
    const uint64_t h = hash_words(s, (size_t)length * words);

    p->unshared += length;
    for (uint32_t i = 0; i < p->slices; i++)
        if (p->slice_hash[i] == h && p->slice_length[i] == length
            && memcmp(p->data + (size_t)p->slice_at[i] * words, s,
                      (size_t)length * words * sizeof *s)
                   == 0) {
            for (uint32_t k = 0; k < length; k++)
                p->used[p->slice_at[i] + k] |= used[k];
            return p->slice_at[i];
        }
    memcpy(p->data + (size_t)p->count * words, s, (size_t)length * words * sizeof *s);
    memcpy(p->used + p->count, used, length);
    p->slice_at[p->slices] = p->count;
    p->slice_length[p->slices] = length;
    p->slice_hash[p->slices++] = h;
    p->count += length;
    return p->count - length;
}

/* A magic for a square of `bits` index bits (1 or more): the fold of
 * every occupancy times the magic, shifted, lands where no occupancy
 * with other attacks does.  The slice's span, 0 if none was found. */
static uint32_t search_magic(struct listing *l, const uint64_t *fold, unsigned words,
                             struct square_record *e, uint64_t seed)
{
    uint64_t state = seed;

    for (uint32_t tries = 0; tries < 20000000u; tries++) {
        const uint64_t magic = splitmix64(&state) & splitmix64(&state) & splitmix64(&state);
        uint32_t span = 0, i;

        if (++l->epoch == 0) {
            memset(l->stamp, 0, ((size_t)1 << VARIANT_MAX_BITS) * sizeof *l->stamp);
            l->epoch = 1;
        }
        for (i = 0; i < l->count; i++) {
            const uint32_t at = (uint32_t)((fold[i] * magic) >> e->shift);
            const uint64_t *w = l->word + (size_t)i * words;

            if (l->stamp[at] != l->epoch) {
                l->stamp[at] = l->epoch;
                memcpy(l->slot + (size_t)at * words, w, words * sizeof *w);
                span = at + 1 > span ? at + 1 : span;
            } else if (memcmp(l->slot + (size_t)at * words, w, words * sizeof *w) != 0) {
                break;
            }
        }
        if (i == l->count) {
            e->magic = magic;
            return span;
        }
    }
    return 0;
}

static uint64_t name_hash(const char *s)
{
    uint64_t h = 0xcbf29ce484222325u;

    for (; *s != '\0'; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3u;
    return h;
}

/* Builds part p of the request: 0, -1 if a search gave up (reported),
 * -2 if memory ran out. */
static int part_build(const struct variant_request *r, struct part *p, unsigned part_number,
                      struct listing *l)
{
    const struct board *b = &r->board;
    const unsigned words = p->width != 0 ? 1 : 2;
    uint64_t *fold = malloc(((size_t)1 << VARIANT_MAX_BITS) * sizeof *fold);

    if (fold == NULL)
        return -2;
    for (unsigned rank = 0; rank < b->ranks; rank++) {
        for (unsigned file = 0; file < b->files; file++) {
            struct square_record *e = &p->sq[board_bit(b, (int)file, (int)rank)];
            bb128 occ = bb_make(0, 0);
            uint32_t length;

            e->mask = family_mask(b, p->family, p->steps, (int)file, (int)rank);
            e->empty = family_reach(b, p->family, p->steps, (int)file, (int)rank);
            e->bits = bb_count(e->mask);
            l->count = 0;
            do {
                const bb128 a = family_attacks(b, p->family, p->steps, (int)file, (int)rank, occ);
                uint64_t *w = l->word + (size_t)l->count * words;

                if (p->width != 0) {
                    w[0] = pext128(a, e->empty);
                } else {
                    w[0] = a.lo;
                    w[1] = a.hi;
                }
                l->occ[l->count++] = occ;
                occ = bb_subset_next(occ, e->mask);
            } while (!bb_empty(occ));
            if (r->index == INDEX_PEXT) {
                length = l->count;
                if (part_grow(p, length) != 0) {
                    free(fold);
                    return -2;
                }
                memset(l->used, 1, length);
                e->offset = store_slice(p, l->word, l->used, length);
                continue;
            }
            /* multiply: fold the high word onto the low one, turned so
             * that no mask bits meet */
            e->rot = 0;
            while (e->rot < 64 && (e->mask.lo & rotl64(e->mask.hi, e->rot)) != 0)
                e->rot++;
            if (e->rot == 64) {
                report(NULL, 0, "%s: no fold of square %u's mask into 64 bits", p->family->name,
                       board_bit(b, (int)file, (int)rank));
                free(fold);
                return -1;
            }
            if (e->bits == 0) {
                e->magic = 0;
                e->shift = 63;
                memcpy(l->slot, l->word, words * sizeof *l->word);
                l->used[0] = 1;
                length = 1;
            } else {
                const uint64_t seed = name_hash(p->family->name) ^ ((uint64_t)part_number << 40)
                                      ^ ((uint64_t)board_bit(b, (int)file, (int)rank) << 48);

                for (uint32_t i = 0; i < l->count; i++)
                    fold[i]
                        = (l->occ[i].lo & e->mask.lo) | rotl64(l->occ[i].hi & e->mask.hi, e->rot);
                e->shift = 64 - e->bits;
                if ((length = search_magic(l, fold, words, e, seed)) == 0) {
                    report(NULL, 0, "%s: the magic search gave up on square %u", p->family->name,
                           board_bit(b, (int)file, (int)rank));
                    free(fold);
                    return -1;
                }
                /* the slots no occupancy reaches: zero */
                for (uint32_t i = 0; i < length; i++) {
                    l->used[i] = l->stamp[i] == l->epoch;
                    if (!l->used[i])
                        memset(l->slot + (size_t)i * words, 0, words * sizeof *l->slot);
                }
            }
            if (part_grow(p, length) != 0) {
                free(fold);
                return -2;
            }
            e->offset = store_slice(p, l->slot, l->used, length);
        }
    }
    free(fold);
    return 0;
}

/* The lowest offset where slice i of p fits the n entries laid in out:
 * every slot the two share holds an equal entry, or one that no
 * occupancy reaches (the multiply's slices can have such). */
static uint32_t overlap_fit(const struct part *p, uint32_t i, const uint64_t *out,
                            const uint8_t *out_used, uint32_t n)
{
    const unsigned words = p->width != 0 ? 1 : 2;
    const uint32_t length = p->slice_length[i];
    const uint64_t *s = p->data + (size_t)p->slice_at[i] * words;
    const uint8_t *u = p->used + p->slice_at[i];

    for (uint32_t o = 0;; o++) {
        const uint32_t end = o >= n ? 0 : n - o < length ? n - o : length;
        uint32_t k;

        for (k = 0; k < end; k++)
            if (u[k] && out_used[o + k]
                && (out[(size_t)(o + k) * words] != s[(size_t)k * words]
                    || (words == 2 && out[(size_t)(o + k) * 2 + 1] != s[(size_t)k * 2 + 1])))
                break;
        if (k == end)
            return o;
    }
}

/* Lays p's distinct slices again, overlapped: longest first (ties in
 * square order), each at the lowest offset where it fits those laid
 * before (overlap_fit), so that a slice may begin inside another or
 * past the end of the last while it agrees with them.  Sets every
 * square's offset and p->count: 0, or -2 if memory ran out. */
static int part_overlap(const struct board *b, struct part *p)
{
    const unsigned words = p->width != 0 ? 1 : 2;
    uint64_t *out = malloc(((size_t)p->count + 1) * words * sizeof *out);
    uint8_t *out_used = malloc((size_t)p->count + 1);
    uint32_t order[BOARD_MAX_SQUARES], placed[BOARD_MAX_SQUARES], n = 0;

    if (out == NULL || out_used == NULL) {
        free(out);
        free(out_used);
        return -2;
    }
    for (uint32_t i = 0; i < p->slices; i++) {
        uint32_t j = i;

        for (; j > 0 && p->slice_length[order[j - 1]] < p->slice_length[i]; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    for (uint32_t i = 0; i < p->slices; i++) {
        const uint32_t at = p->slice_at[order[i]], length = p->slice_length[order[i]];
        const uint32_t o = overlap_fit(p, order[i], out, out_used, n);

        for (uint32_t k = 0; k < length; k++)
            if (o + k >= n || p->used[at + k]) {
                memcpy(out + (size_t)(o + k) * words, p->data + (size_t)(at + k) * words,
                       words * sizeof *out);
                out_used[o + k] = (uint8_t)(o + k >= n ? p->used[at + k] : 1);
            }
        placed[order[i]] = o;
        n = o + length > n ? o + length : n;
    }
    for (unsigned rank = 0; rank < b->ranks; rank++)
        for (unsigned file = 0; file < b->files; file++) {
            struct square_record *e = &p->sq[board_bit(b, (int)file, (int)rank)];
            uint32_t i = 0;

            while (p->slice_at[i] != e->offset)
                i++;
            e->offset = placed[i];
        }
    free(p->data);
    free(p->used);
    p->data = out;
    p->used = out_used;
    p->capacity = p->count + 1;
    p->count = n;
    return 0;
}

/* Every (square, subset of the mask) of part p through its records and
 * entries, as the generated lookup reads them, against the walk; and
 * where the family's whole mask is small enough, the union of its parts
 * against the walk of all its steps.  0, or -1 after a report. */
static int parts_verify(const struct variant_request *r, const struct part *parts, unsigned count)
{
    const struct board *b = &r->board;
    const struct family *f = parts[0].family;
    const unsigned all = (1u << f->steps_count) - 1;

    for (unsigned rank = 0; rank < b->ranks; rank++) {
        for (unsigned file = 0; file < b->files; file++) {
            const unsigned bit = board_bit(b, (int)file, (int)rank);
            const bb128 whole = family_mask(b, f, all, (int)file, (int)rank);

            for (unsigned i = 0; i < count; i++) {
                const struct part *p = &parts[i];
                const struct square_record *e = &p->sq[bit];
                bb128 occ = bb_make(0, 0);

                do {
                    const bb128 want = family_attacks(b, f, p->steps, (int)file, (int)rank, occ);
                    const bb128 got
                        = entry_attacks(p, e, e->offset + record_index(r->index, e, occ));

                    if (!bb_equal(want, got)) {
                        report(NULL, 0,
                               "%s: square %u, occupancy 0x%016llx%016llx: the table gives the"
                               " wrong attacks",
                               f->name, bit, (unsigned long long)occ.hi,
                               (unsigned long long)occ.lo);
                        return -1;
                    }
                    occ = bb_subset_next(occ, e->mask);
                } while (!bb_empty(occ));
            }
            if (count > 1 && bb_count(whole) <= 16) {
                bb128 occ = bb_make(0, 0);

                do {
                    const bb128 want = family_attacks(b, f, all, (int)file, (int)rank, occ);
                    bb128 got = bb_make(0, 0);

                    for (unsigned i = 0; i < count; i++) {
                        const struct square_record *e = &parts[i].sq[bit];

                        got = bb_or(got, entry_attacks(&parts[i], e,
                                                       e->offset + record_index(r->index, e, occ)));
                    }
                    if (!bb_equal(want, got)) {
                        report(NULL, 0,
                               "%s: square %u, occupancy 0x%016llx%016llx: its parts give the"
                               " wrong attacks",
                               f->name, bit, (unsigned long long)occ.hi,
                               (unsigned long long)occ.lo);
                        return -1;
                    }
                    occ = bb_subset_next(occ, whole);
                } while (!bb_empty(occ));
            }
        }
    }
    return 0;
}

/* ---- Writing ------------------------------------------------------------ */

/* A part's name in the generated files: PREFIX_FAMILY, and _N where the
 * family has more than one part. */
static void part_name(char *name, size_t size, const struct variant_request *r,
                      const struct family *f, unsigned i, unsigned count)
{
    if (count == 1)
        snprintf(name, size, "%s_%s", r->prefix, f->name);
    else
        snprintf(name, size, "%s_%s_%u", r->prefix, f->name, i);
}

static const char *entry_type(unsigned width)
{
    return width == 8    ? "uint8_t"
           : width == 16 ? "uint16_t"
           : width == 32 ? "uint32_t"
                         : "uint64_t";
}

/* The options that make these files again. */
static void describe_request(FILE *out, const struct variant_request *r)
{
    fprintf(out, " *   magicbb-gen --board=%ux%u:stride=%u:first=%u --families=", r->board.files,
            r->board.ranks, r->board.stride, r->board.first);
    for (unsigned i = 0; i < r->families; i++) {
        const struct family *f = &r->family[i];
        const struct family *known = family_builtin(f->name);

        fprintf(out, "%s%s", i > 0 ? "," : "", f->name);
        if (known == NULL || memcmp(known, f, sizeof *f) != 0) {
            fprintf(out, "=%s:", family_kind_name(f->kind));
            for (unsigned s = 0; s < f->steps_count; s++)
                fprintf(out, "%s%d.%d", s > 0 ? "/" : "", f->steps[s].file, f->steps[s].rank);
        }
    }
    fprintf(out, " \\\n *     --index=%s --payload=%s --split=%s --prefix=%s\n",
            r->index == INDEX_PEXT ? "pext" : "multiply",
            r->payload == PAYLOAD_FULL ? "full" : "compressed",
            r->split_text != NULL ? r->split_text : "auto", r->prefix);
}

static void write_header(FILE *out, const struct variant_request *r, struct part *const *parts,
                         const unsigned *count)
{
    const char *n = r->prefix;
    const int pext = r->index == INDEX_PEXT, compressed = r->payload == PAYLOAD_COMPRESSED;
    const unsigned squares = board_bits(&r->board);

    fprintf(out,
            "/* Generated by magicbb-gen: do not edit.  The attacks of piece families on a\n"
            " * %ux%u board, square (file, rank) at bit %u + rank * %u + file, each\n"
            " * lookup checked against a walk of its rule on every square and occupancy of\n"
            " * its mask.  Made with\n",
            r->board.files, r->board.ranks, r->board.first, r->board.stride);
    describe_request(out, r);
    fprintf(out,
            " * Define %s_NO_INT128 for the two-word bitboard where the compiler has\n"
            " * unsigned __int128. */\n"
            "#ifndef %s_H_INCLUDED\n#define %s_H_INCLUDED\n\n#include <stdint.h>\n",
            n, n, n);
    if (pext)
        fprintf(out,
                "#if !defined(__BMI2__) && !defined(_MSC_VER)\n"
                "#error \"%s: generated with --index=pext: compile with -mbmi2 (or generate"
                " --index=multiply)\"\n"
                "#endif\n#include <immintrin.h>\n",
                n);
    fprintf(out, "\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
    /* (a C++ program may build with -Wold-style-cast) */
    fprintf(out,
            "#ifdef __cplusplus\n#define %s_CAST_(type, x) static_cast<type>(x)\n#else\n"
            "#define %s_CAST_(type, x) ((type)(x))\n#endif\n",
            n, n);
    fprintf(out,
            "#define %s_FILES %u\n#define %s_RANKS %u\n#define %s_STRIDE %u\n#define %s_FIRST %u\n"
            "/* The bit of square (file, rank); a lookup's sq is such a bit. */\n"
            "#define %s_SQUARE(file, rank) (%s_FIRST + (rank) * %s_STRIDE + (file))\n\n",
            n, r->board.files, n, r->board.ranks, n, r->board.stride, n, r->board.first, n, n, n);
    fprintf(
        out,
        "#if defined(__SIZEOF_INT128__) && !defined(%s_NO_INT128)\n"
        "#define %s_INT128 1\n"
        "__extension__ typedef unsigned __int128 %s_bb;\n"
        "static inline %s_bb %s_bb_make(uint64_t lo, uint64_t hi)\n"
        "{\n    return %s_CAST_(%s_bb, hi) << 64 | lo;\n}\n"
        "static inline uint64_t %s_bb_lo(%s_bb b)\n{\n    return %s_CAST_(uint64_t, b);\n}\n"
        "static inline uint64_t %s_bb_hi(%s_bb b)\n{\n    return %s_CAST_(uint64_t, b >> 64);\n}\n"
        "#else\n"
        "typedef struct {\n    uint64_t lo, hi;\n} %s_bb;\n"
        "static inline %s_bb %s_bb_make(uint64_t lo, uint64_t hi)\n"
        "{\n    %s_bb b;\n\n    b.lo = lo;\n    b.hi = hi;\n    return b;\n}\n"
        "static inline uint64_t %s_bb_lo(%s_bb b)\n{\n    return b.lo;\n}\n"
        "static inline uint64_t %s_bb_hi(%s_bb b)\n{\n    return b.hi;\n}\n"
        "#endif\n\n",
        n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n);
    /* the record of a square */
    fprintf(out, "struct %s_entry {\n    uint64_t mask_lo, mask_hi;\n", n);
    if (!pext)
        fprintf(out, "    uint64_t magic;\n");
    if (compressed)
        fprintf(out, "    uint64_t empty_lo, empty_hi; /* the squares its rays reach */\n");
    fprintf(out, "    uint32_t offset;\n");
    if (pext)
        fprintf(out, "    uint8_t lo_bits; /* mask_lo's bits */\n");
    else
        fprintf(out, "    uint8_t rot, shift;\n");
    if (compressed)
        fprintf(out, "    uint8_t empty_lo_bits; /* empty_lo's bits, mod 64 */\n");
    fprintf(out, "};\n\n");
    for (unsigned i = 0; i < r->families; i++)
        for (unsigned j = 0; j < count[i]; j++) {
            char name[128];

            part_name(name, sizeof name, r, &r->family[i], j, count[i]);
            fprintf(out, "extern const struct %s_entry %s_entries[%u];\n", n, name, squares);
            if (parts[i][j].width != 0)
                fprintf(out, "extern const %s %s_attacks[%lu];\n", entry_type(parts[i][j].width),
                        name, (unsigned long)parts[i][j].count);
            else
                fprintf(out, "extern const uint64_t %s_attacks[%lu][2];\n", name,
                        (unsigned long)parts[i][j].count);
        }
    /* the index */
    fprintf(out,
            "\n/* The entry of occupancy (lo, hi) in e's slice. */\n"
            "static inline uint32_t %s_index_(const struct %s_entry *e, uint64_t lo,"
            " uint64_t hi)\n{\n",
            n, n);
    if (pext)
        fprintf(out,
                "    return e->offset\n"
                "           + %s_CAST_(uint32_t, _pext_u64(lo, e->mask_lo)"
                " | _pext_u64(hi, e->mask_hi) << e->lo_bits);\n}\n",
                n);
    else
        fprintf(out,
                "    const uint64_t h = hi & e->mask_hi;\n"
                "    /* the high word turned onto the low one, where the mask bits do not meet */\n"
                "    const uint64_t fold = (lo & e->mask_lo) | h << e->rot | h >> ((64 - e->rot)"
                " & 63);\n\n"
                "    return e->offset + %s_CAST_(uint32_t, (fold * e->magic) >> e->shift);\n}\n",
                n);
    for (unsigned i = 0; i < r->families; i++) {
        const struct family *f = &r->family[i];

        fprintf(out,
                "\n/* %s: what a %s on sq attacks, occupied as occupied says. */\n"
                "static inline %s_bb %s_%s(unsigned sq, %s_bb occupied)\n{\n"
                "    const uint64_t lo = %s_bb_lo(occupied), hi = %s_bb_hi(occupied);\n"
                "    uint64_t a_lo = 0, a_hi = 0;\n\n",
                f->name, f->name, n, n, f->name, n, n, n);
        for (unsigned j = 0; j < count[i]; j++) {
            char name[128];

            part_name(name, sizeof name, r, f, j, count[i]);
            fprintf(out, "    {\n        const struct %s_entry *e = &%s_entries[sq];\n", n, name);
            if (parts[i][j].width != 0)
                fprintf(out,
                        "        const uint64_t v = %s_attacks[%s_index_(e, lo, hi)];\n\n"
                        "        a_lo |= _pdep_u64(v, e->empty_lo);\n"
                        "        a_hi |= _pdep_u64(v >> e->empty_lo_bits, e->empty_hi);\n",
                        name, n);
            else
                fprintf(out,
                        "        const uint64_t *a = %s_attacks[%s_index_(e, lo, hi)];\n\n"
                        "        a_lo |= a[0];\n        a_hi |= a[1];\n",
                        name, n);
            fprintf(out, "    }\n");
        }
        fprintf(out, "    return %s_bb_make(a_lo, a_hi);\n}\n", n);
    }
    fprintf(out, "\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n");
}

/* The last path component of path. */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash != NULL ? slash + 1 : path;
}

static void write_source(FILE *out, const struct variant_request *r, struct part *const *parts,
                         const unsigned *count)
{
    const char *n = r->prefix;
    const int pext = r->index == INDEX_PEXT, compressed = r->payload == PAYLOAD_COMPRESSED;
    const unsigned squares = board_bits(&r->board);

    fprintf(out, "/* Generated by magicbb-gen: do not edit.  The tables of %s, made with\n",
            base_name(r->header));
    describe_request(out, r);
    fprintf(out, " */\n#include \"%s\"\n", base_name(r->header));
    for (unsigned i = 0; i < r->families; i++)
        for (unsigned j = 0; j < count[i]; j++) {
            const struct part *p = &parts[i][j];
            char name[128];

            part_name(name, sizeof name, r, &r->family[i], j, count[i]);
            fprintf(out, "\nconst struct %s_entry %s_entries[%u] = {\n", n, name, squares);
            for (unsigned s = 0; s < squares; s++) {
                const struct square_record *e = &p->sq[s];

                fprintf(out, "    { 0x%llxu, 0x%llxu, ", (unsigned long long)e->mask.lo,
                        (unsigned long long)e->mask.hi);
                if (!pext)
                    fprintf(out, "0x%llxu, ", (unsigned long long)e->magic);
                if (compressed)
                    fprintf(out, "0x%llxu, 0x%llxu, ", (unsigned long long)e->empty.lo,
                            (unsigned long long)e->empty.hi);
                fprintf(out, "%lu, ", (unsigned long)e->offset);
                if (pext)
                    fprintf(out, "%u", count64(e->mask.lo));
                else
                    fprintf(out, "%u, %u", e->rot, e->shift);
                if (compressed)
                    fprintf(out, ", %u", count64(e->empty.lo) & 63);
                fprintf(out, " },\n");
            }
            fprintf(out, "};\n");
            if (p->width != 0) {
                fprintf(out, "\nconst %s %s_attacks[%lu] = {", entry_type(p->width), name,
                        (unsigned long)p->count);
                for (uint32_t k = 0; k < p->count; k++)
                    fprintf(out, "%s0x%llxu,", k % 8 == 0 ? "\n    " : " ",
                            (unsigned long long)p->data[k]);
            } else {
                fprintf(out, "\nconst uint64_t %s_attacks[%lu][2] = {", name,
                        (unsigned long)p->count);
                for (uint32_t k = 0; k < p->count; k++)
                    fprintf(out, "%s{ 0x%llxu, 0x%llxu },", k % 4 == 0 ? "\n    " : " ",
                            (unsigned long long)p->data[2 * k],
                            (unsigned long long)p->data[2 * k + 1]);
            }
            fprintf(out, "\n};\n");
        }
}

/* ---- The run ------------------------------------------------------------ */

static size_t record_bytes(const struct variant_request *r)
{
    /* as the target lays the record out on a 64-bit ABI */
    const size_t words = 2 + (r->index == INDEX_MULTIPLY) + 2 * (r->payload == PAYLOAD_COMPRESSED);

    return (words * 8 + 4 + 2 + 7) / 8 * 8;
}

int variant_generate(const struct variant_request *r)
{
    struct part *parts[VARIANT_MAX_FAMILIES] = { NULL };
    unsigned count[VARIANT_MAX_FAMILIES] = { 0 };
    struct listing l = { 0 };
    const size_t most = (size_t)1 << VARIANT_MAX_BITS;
    struct outfile source, header, *outputs[2] = { &source, &header };
    uint64_t total_entries = 0, total_bytes = 0, total_apart = 0;
    int status = 0;

    l.occ = malloc(most * sizeof *l.occ);
    l.word = malloc(2 * most * sizeof *l.word);
    l.slot = malloc(2 * most * sizeof *l.slot);
    l.stamp = calloc(most, sizeof *l.stamp);
    l.used = malloc(most);
    if (l.occ == NULL || l.word == NULL || l.slot == NULL || l.stamp == NULL || l.used == NULL)
        status = -2;
    for (unsigned i = 0; i < r->families && status == 0; i++) {
        const struct family *f = &r->family[i];
        unsigned steps[MAX_PARTS];
        uint64_t entries = 0, bytes = 0, unshared = 0, apart = 0;

        count[i] = family_parts(&r->board, f, r->family_split[i], steps);
        if ((parts[i] = calloc(count[i], sizeof *parts[i])) == NULL) {
            status = -2;
            break;
        }
        for (unsigned j = 0; j < count[i] && status == 0; j++) {
            struct part *p = &parts[i][j];

            p->family = f;
            p->steps = steps[j];
            if (r->payload == PAYLOAD_COMPRESSED) {
                unsigned reach = 0;

                for (unsigned rank = 0; rank < r->board.ranks; rank++)
                    for (unsigned file = 0; file < r->board.files; file++) {
                        const unsigned c
                            = bb_count(family_reach(&r->board, f, p->steps, (int)file, (int)rank));

                        reach = c > reach ? c : reach;
                    }
                p->width = reach <= 8 ? 8 : reach <= 16 ? 16 : reach <= 32 ? 32 : 64;
            }
            status = part_build(r, p, j, &l);
            apart += p->count;
            if (status == 0)
                status = part_overlap(&r->board, p);
            entries += p->count;
            unshared += p->unshared;
            bytes += (uint64_t)p->count * (p->width != 0 ? p->width / 8 : 16)
                     + (uint64_t)board_bits(&r->board) * record_bytes(r);
        }
        if (status == 0)
            status = parts_verify(r, parts[i], count[i]);
        if (status == 0)
            note("%-16s %u part%s, %llu entries (%llu before slices overlapped, %llu before"
                 " equal slices were shared), %llu bytes",
                 f->name, count[i], count[i] > 1 ? "s" : "", (unsigned long long)entries,
                 (unsigned long long)apart, (unsigned long long)unshared,
                 (unsigned long long)bytes);
        total_apart += apart;
        total_entries += entries;
        total_bytes += bytes;
    }
    if (status == 0) {
        note("all              %llu entries (%llu before slices overlapped), %llu bytes"
             " (%.2f MiB)",
             (unsigned long long)total_entries, (unsigned long long)total_apart,
             (unsigned long long)total_bytes, (double)total_bytes / 1048576.0);
        if (outfile_open(&source, r->output) != 0)
            status = 1;
        else if (outfile_open(&header, r->header) != 0) {
            outfile_abandon(&source);
            status = 1;
        } else {
            write_source(source.stream, r, parts, count);
            write_header(header.stream, r, parts, count);
            status = outfiles_commit(outputs, 2) != 0;
        }
    } else if (status == -2) {
        report(NULL, 0, "out of memory");
    }
    for (unsigned i = 0; i < r->families; i++) {
        for (unsigned j = 0; parts[i] != NULL && j < count[i]; j++) {
            free(parts[i][j].data);
            free(parts[i][j].used);
        }
        free(parts[i]);
    }
    free(l.occ);
    free(l.word);
    free(l.slot);
    free(l.stamp);
    free(l.used);
    return status != 0;
}
