/* sliders.c - lay out, fill, encode and verify one flavour's tables. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "sliders.h"

struct flavour_info {
    const char *name;
    unsigned char magics;   /* hashes with magic numbers */
    unsigned char searches; /* finds them by a seeded search */
    unsigned char offsets;  /* its magics file gives the offsets */
    unsigned char product;  /* bits of the hashed product */
    unsigned char fixed[PIECE_COUNT]; /* fixed index bits, or 0 */
};

static const struct flavour_info flavours[FLAVOUR_COUNT] = {
    [FLAVOUR_FANCY] = { "fancy", 1, 1, 0, 64, { 0, 0 } },
    [FLAVOUR_PEXT] = { "pext", 0, 0, 0, 64, { 0, 0 } },
    [FLAVOUR_MAGIC32] = { "magic32", 1, 1, 0, 32, { 0, 0 } },
    [FLAVOUR_PLAIN] = { "plain", 1, 1, 0, 64, { MBB_ROOK_FIXED_BITS, MBB_BISHOP_FIXED_BITS } },
    [FLAVOUR_BLACK] = { "black", 1, 0, 1, 64, { MBB_ROOK_FIXED_BITS, MBB_BISHOP_FIXED_BITS } },
    [FLAVOUR_PEXT16] = { "pext16", 0, 0, 0, 64, { 0, 0 } },
    [FLAVOUR_BYTE] = { "byte", 1, 1, 0, 64, { 0, 0 } },
    [FLAVOUR_HQ] = { "hq", 0, 0, 0, 64, { 0, 0 } },
};

const char *flavour_name(enum flavour flavour)
{
    return flavours[flavour].name;
}

int flavour_parse(const char *name, enum flavour *out)
{
    for (int f = 0; f < FLAVOUR_COUNT; f++) {
        if (strcmp(name, flavours[f].name) == 0) {
            *out = (enum flavour)f;
            return 0;
        }
    }
    return -1;
}

const char *flavour_list(void)
{
    return "fancy, pext, magic32, plain, black, pext16, byte or hq";
}

int flavour_uses_magics(enum flavour flavour)
{
    return flavours[flavour].magics;
}

int flavour_searches(enum flavour flavour)
{
    return flavours[flavour].searches;
}

int flavour_has_offsets(enum flavour flavour)
{
    return flavours[flavour].offsets;
}

unsigned fixed_bits(enum flavour flavour, enum piece piece)
{
    return flavours[flavour].fixed[piece];
}

uint32_t index_shift(enum flavour flavour, unsigned bits)
{
    return flavours[flavour].product - bits;
}

unsigned index_bits(enum flavour flavour, enum piece piece, const struct mbb_slider *e)
{
    unsigned fixed = fixed_bits(flavour, piece);

    return fixed != 0 ? fixed : flavours[flavour].product - e->shift;
}

uint32_t slider_index(enum flavour flavour, enum piece piece, const struct mbb_slider *e,
                      uint64_t occupied)
{
    switch (flavour) {
    case FLAVOUR_PEXT:
    case FLAVOUR_PEXT16:
        return mbb_index_pext(e, occupied);
    case FLAVOUR_MAGIC32:
        return mbb_index_magic32(e, occupied);
    case FLAVOUR_PLAIN:
        return mbb_index_plain(e, occupied, fixed_bits(flavour, piece));
    case FLAVOUR_BLACK:
        return mbb_index_black(e, occupied, fixed_bits(flavour, piece));
    default: /* fancy, byte */
        return mbb_index_fancy(e, occupied);
    }
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

int slice_fill(enum flavour flavour, enum piece piece, const struct mbb_slider *e,
               const struct occupancies *list, uint64_t *slice, uint32_t *stamp,
               uint32_t epoch)
{
    for (unsigned i = 0; i < list->count; i++) {
        const uint32_t index = slider_index(flavour, piece, e, list->occupied[i]);

        if (stamp[index] != epoch) {
            stamp[index] = epoch;
            slice[index] = list->attacks[i];
        } else if (slice[index] != list->attacks[i]) {
            return -1;
        }
    }
    return 0;
}

void tables_prepare(struct slider_tables *t, enum flavour flavour)
{
    memset(t, 0, sizeof *t);
    t->flavour = flavour;
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            struct mbb_slider *e = &t->entry[p][sq];
            unsigned fixed = fixed_bits(flavour, (enum piece)p);

            e->mask = relevant_mask((enum piece)p, sq);
            if (!flavour_uses_magics(flavour) || fixed != 0)
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
            const struct mbb_slider *e = &t->entry[p][sq];

            occupancies_list((enum piece)p, sq, &scratch);
            for (unsigned i = 0; i < scratch.count; i++) {
                uint32_t slot = e->offset + slider_index(t->flavour, (enum piece)p, e,
                                                         scratch.occupied[i]);
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
            const struct mbb_slider *e = &t->entry[p][sq];

            occupancies_list((enum piece)p, sq, &scratch);
            for (unsigned i = 0; i < scratch.count; i++) {
                uint32_t slot = e->offset + slider_index(t->flavour, (enum piece)p, e,
                                                         scratch.occupied[i]);
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
        const struct mbb_slider *e = &t->entry[p][k % 64];

        memset(seen, 0, sizeof seen);
        occupancies_list(p, k % 64, &scratch);
        for (unsigned i = 0; i < scratch.count; i++)
            seen[slider_index(t->flavour, p, e, scratch.occupied[i])] = 1;
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

/* ---- Encoding into the library's own types --------------------------- */

static uint64_t line_without(unsigned sq, int file_step, int rank_step)
{
    uint64_t line = 0;

    for (int sign = -1; sign <= 1; sign += 2) {
        int file = (int)(sq % 8) + sign * file_step, rank = (int)(sq / 8) + sign * rank_step;

        for (; file >= 0 && file < 8 && rank >= 0 && rank < 8;
             file += sign * file_step, rank += sign * rank_step)
            line |= (uint64_t)1 << (rank * 8 + file);
    }
    return line;
}

static void encode_hq(struct slider_tables *t)
{
    for (unsigned sq = 0; sq < 64; sq++) {
        t->hq[sq].file = line_without(sq, 0, 1);
        t->hq[sq].diagonal = line_without(sq, 1, 1);
        t->hq[sq].antidiagonal = line_without(sq, 1, -1);
    }
    /* A rook on file f of the first rank, the six inner squares occupied
     * as the bits of `inner` say: its attacks along the rank. */
    for (unsigned file = 0; file < 8; file++) {
        for (unsigned inner = 0; inner < 64; inner++)
            t->hq_rank[file * 64 + inner] =
                (uint8_t)(ray_attacks(PIECE_ROOK, file, (uint64_t)inner << 1) & 0xff);
    }
}

static int encode_pext16(struct slider_tables *t)
{
    t->attacks16 = calloc(t->count, sizeof *t->attacks16);
    if (t->attacks16 == NULL)
        return -2;
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct mbb_slider *e = &t->entry[p][sq];
            struct mbb_pdep_slider *d = &t->pdep[p][sq];
            const uint32_t size = (uint32_t)1 << index_bits(t->flavour, (enum piece)p, e);

            d->mask = e->mask;
            d->attacks = ray_attacks((enum piece)p, sq, 0);
            d->offset = e->offset;
            for (uint32_t i = 0; i < size; i++)
                t->attacks16[e->offset + i] =
                    (uint16_t)mbb_pext64(t->attacks[e->offset + i], d->attacks);
        }
    }
    return 0;
}

static int encode_byte(struct slider_tables *t)
{
    t->index8 = calloc(t->count, 1);
    t->sets = calloc(PIECE_COUNT * 64 * 256, sizeof *t->sets);
    if (t->index8 == NULL || t->sets == NULL)
        return -2;
    t->set_count = 0;
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct mbb_slider *e = &t->entry[p][sq];
            struct mbb_byte_slider *b = &t->bytes[p][sq];
            const uint32_t size = (uint32_t)1 << index_bits(t->flavour, (enum piece)p, e);
            const uint64_t *sets = t->sets + t->set_count;
            unsigned distinct = 0;

            b->mask = e->mask;
            b->magic = e->magic;
            b->offset = e->offset;
            b->shift = (uint16_t)e->shift;
            b->sets = (uint16_t)t->set_count;
            for (uint32_t i = 0; i < size; i++) {
                const uint64_t attacks = t->attacks[e->offset + i];
                unsigned k = 0;

                if (attacks == 0) /* a free slot: no slider attacks nothing */
                    continue;
                while (k < distinct && sets[k] != attacks)
                    k++;
                if (k == distinct)
                    t->sets[t->set_count + distinct++] = attacks;
                /* At most 144 sets a square; verify() would catch a byte
                 * that did not hold its set's number. */
                t->index8[e->offset + i] = (uint8_t)k;
            }
            t->set_count += distinct;
        }
    }
    return 0;
}

/* ---- Verification through the library's lookups ---------------------- */

static uint64_t lookup(const struct slider_tables *t, enum piece p, unsigned sq, uint64_t occ)
{
    const struct mbb_slider *e = &t->entry[p][sq];

    switch (t->flavour) {
    case FLAVOUR_FANCY:
        return mbb_lookup_fancy(e, t->attacks, occ);
    case FLAVOUR_PEXT:
        return mbb_lookup_pext(e, t->attacks, occ);
    case FLAVOUR_MAGIC32:
        return mbb_lookup_magic32(e, t->attacks, occ);
    case FLAVOUR_PLAIN:
        return mbb_lookup_plain(e, t->attacks, occ, fixed_bits(t->flavour, p));
    case FLAVOUR_BLACK:
        return mbb_lookup_black(e, t->attacks, occ, fixed_bits(t->flavour, p));
    case FLAVOUR_PEXT16:
        return mbb_lookup_pext16(&t->pdep[p][sq], t->attacks16, occ);
    case FLAVOUR_BYTE:
        return mbb_lookup_byte(&t->bytes[p][sq], t->index8, t->sets, occ);
    default: /* hq */
        return p == PIECE_ROOK ? mbb_hq_rook(&t->hq[sq], t->hq_rank, sq, occ)
                               : mbb_hq_bishop(&t->hq[sq], sq, occ);
    }
}

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
                if (lookup(t, (enum piece)p, sq, subset)
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

    if (t->flavour == FLAVOUR_HQ) {
        encode_hq(t);
        return verify(t, c);
    }
    t->count = flavour_has_offsets(t->flavour) ? layout_extent(t) : layout_in_sequence(t);
    status = fill_shared(t, c);
    if (status == 0 && flavour_has_offsets(t->flavour)) {
        /* The loaded layout is sound; now pack it tighter. */
        t->loaded_count = t->count;
        status = repack(t);
        if (status == 0)
            status = fill_shared(t, c);
    }
    if (status == 0 && t->flavour == FLAVOUR_PEXT16)
        status = encode_pext16(t);
    if (status == 0 && t->flavour == FLAVOUR_BYTE)
        status = encode_byte(t);
    return status != 0 ? status : verify(t, c);
}

void tables_free(struct slider_tables *t)
{
    free(t->attacks);
    free(t->attacks16);
    free(t->index8);
    free(t->sets);
    t->attacks = NULL;
    t->attacks16 = NULL;
    t->index8 = NULL;
    t->sets = NULL;
}
