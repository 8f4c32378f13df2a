/* SPDX-License-Identifier: MIT */
/* variants_check.c - the generated variant tables (magicbb-gen --board)
 * against this file's own walks of the rules: every family of
 * tests/variants.sh's list, on every square of the board the header was
 * made for, for random occupancies of every density, with random bits
 * outside the board too (they must not matter).  Compiled with
 * -DVARIANT_HEADER='"FILE.h"' for tables generated with --prefix=vt.
 * Then that the one-part tables lay some slices over others (the
 * generator overlaps slices where their entries agree).  Prints one line
 * and exits 1 at the first difference, or where no slices overlap. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include VARIANT_HEADER

typedef struct {
    uint64_t w[2];
} set;

static set none(void)
{
    set s = { { 0, 0 } };

    return s;
}

static int inside(int f, int r)
{
    return f >= 0 && f < vt_FILES && r >= 0 && r < vt_RANKS;
}

static unsigned at(int f, int r)
{
    return vt_SQUARE((unsigned)f, (unsigned)r);
}

static int has(set s, int f, int r)
{
    const unsigned b = at(f, r);

    return (int)(s.w[b / 64] >> (b % 64) & 1);
}

static void put(set *s, int f, int r)
{
    const unsigned b = at(f, r);

    s->w[b / 64] |= (uint64_t)1 << (b % 64);
}

/* How a piece goes along one line: the squares a walk takes. */
enum how { SLIDE, SCREEN, JUMP };

/* One line from (f, r) by (df, dr). */
static void line(set *out, set occ, int f, int r, int df, int dr, enum how how)
{
    int screens = 0;

    for (f += df, r += dr; inside(f, r); f += df, r += dr) {
        const int full = has(occ, f, r);

        switch (how) {
        case SLIDE: /* up to and with the first piece */
            put(out, f, r);
            if (full)
                return;
            break;
        case SCREEN: /* past one piece, up to and with the next */
            if (screens == 1)
                put(out, f, r);
            screens += full;
            if (screens == 2)
                return;
            break;
        case JUMP: /* the square just past the first piece */
            if (screens == 1) {
                put(out, f, r);
                return;
            }
            screens += full;
            break;
        }
    }
}

static const int orth_h[][2] = { { 1, 0 }, { -1, 0 } };
static const int orth_v[][2] = { { 0, 1 }, { 0, -1 } };
static const int diag[][2] = { { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };
static const int knight[][2]
    = { { 1, 2 }, { 2, 1 }, { -1, 2 }, { -2, 1 }, { 1, -2 }, { 2, -1 }, { -1, -2 }, { -2, -1 } };
static const int camel[][2]
    = { { 1, 3 }, { 3, 1 }, { -1, 3 }, { -3, 1 }, { 1, -3 }, { 3, -1 }, { -1, -3 }, { -3, -1 } };

static set lines(set occ, int f, int r, const int (*d)[2], int n, enum how how)
{
    set out = none();

    for (int i = 0; i < n; i++)
        line(&out, occ, f, r, d[i][0], d[i][1], how);
    return out;
}

/* A leap of (df, dr) unless a leg square is full: the leg squares by
 * hand, from the rules (the horse goes one square straight first, the
 * elephants diagonally after it, the dabbaba over its middle square):
 * leg[] in units of the leap's signs. */
struct leap {
    int df, dr, legs;
    int leg[2][2];
};

static const struct leap dabbaba[] = { { 0, 2, 1, { { 0, 1 } } },
                                       { 2, 0, 1, { { 1, 0 } } },
                                       { 0, -2, 1, { { 0, 1 } } },
                                       { -2, 0, 1, { { 1, 0 } } } };
static const struct leap horse[] = {
    { 1, 2, 1, { { 0, 1 } } },   { -1, 2, 1, { { 0, 1 } } },  { 1, -2, 1, { { 0, 1 } } },
    { -1, -2, 1, { { 0, 1 } } }, { 2, 1, 1, { { 1, 0 } } },   { 2, -1, 1, { { 1, 0 } } },
    { -2, 1, 1, { { 1, 0 } } },  { -2, -1, 1, { { 1, 0 } } },
};
static const struct leap elephant[] = { { 2, 2, 1, { { 1, 1 } } },
                                        { -2, 2, 1, { { 1, 1 } } },
                                        { 2, -2, 1, { { 1, 1 } } },
                                        { -2, -2, 1, { { 1, 1 } } } };
static const struct leap janggi[] = {
    { 2, 3, 2, { { 0, 1 }, { 1, 2 } } },  { -2, 3, 2, { { 0, 1 }, { 1, 2 } } },
    { 2, -3, 2, { { 0, 1 }, { 1, 2 } } }, { -2, -3, 2, { { 0, 1 }, { 1, 2 } } },
    { 3, 2, 2, { { 1, 0 }, { 2, 1 } } },  { -3, 2, 2, { { 1, 0 }, { 2, 1 } } },
    { 3, -2, 2, { { 1, 0 }, { 2, 1 } } }, { -3, -2, 2, { { 1, 0 }, { 2, 1 } } },
};

static set leaps(set occ, int f, int r, const struct leap *l, int n)
{
    set out = none();

    for (int i = 0; i < n; i++) {
        const int sf = l[i].df > 0 ? 1 : -1, sr = l[i].dr > 0 ? 1 : -1;
        int free = inside(f + l[i].df, r + l[i].dr);

        for (int j = 0; j < l[i].legs && free; j++)
            free = !has(occ, f + sf * l[i].leg[j][0], r + sr * l[i].leg[j][1]);
        if (free)
            put(&out, f + l[i].df, r + l[i].dr);
    }
    return out;
}

static set words(vt_bb b)
{
    set s;

    s.w[0] = vt_bb_lo(b);
    s.w[1] = vt_bb_hi(b);
    return s;
}

#define FAMILIES 15
static const char *const names[FAMILIES]
    = { "rook_h",       "rook_v",        "bishop",        "cannon_h",        "cannon_v",
        "cannon_diag",  "grasshopper_h", "grasshopper_v", "grasshopper_d",   "nightrider",
        "lame_dabbaba", "horse",         "elephant",      "janggi_elephant", "camelrider" };

static set expected(int family, set occ, int f, int r)
{
    switch (family) {
    case 0:
        return lines(occ, f, r, orth_h, 2, SLIDE);
    case 1:
        return lines(occ, f, r, orth_v, 2, SLIDE);
    case 2:
        return lines(occ, f, r, diag, 4, SLIDE);
    case 3:
        return lines(occ, f, r, orth_h, 2, SCREEN);
    case 4:
        return lines(occ, f, r, orth_v, 2, SCREEN);
    case 5:
        return lines(occ, f, r, diag, 4, SCREEN);
    case 6:
        return lines(occ, f, r, orth_h, 2, JUMP);
    case 7:
        return lines(occ, f, r, orth_v, 2, JUMP);
    case 8:
        return lines(occ, f, r, diag, 4, JUMP);
    case 9:
        return lines(occ, f, r, knight, 8, SLIDE);
    case 10:
        return leaps(occ, f, r, dabbaba, 4);
    case 11:
        return leaps(occ, f, r, horse, 8);
    case 12:
        return leaps(occ, f, r, elephant, 4);
    case 13:
        return leaps(occ, f, r, janggi, 8);
    default:
        return lines(occ, f, r, camel, 8, SLIDE);
    }
}

static set looked_up(int family, unsigned sq, vt_bb occ)
{
    switch (family) {
    case 0:
        return words(vt_rook_h(sq, occ));
    case 1:
        return words(vt_rook_v(sq, occ));
    case 2:
        return words(vt_bishop(sq, occ));
    case 3:
        return words(vt_cannon_h(sq, occ));
    case 4:
        return words(vt_cannon_v(sq, occ));
    case 5:
        return words(vt_cannon_diag(sq, occ));
    case 6:
        return words(vt_grasshopper_h(sq, occ));
    case 7:
        return words(vt_grasshopper_v(sq, occ));
    case 8:
        return words(vt_grasshopper_d(sq, occ));
    case 9:
        return words(vt_nightrider(sq, occ));
    case 10:
        return words(vt_lame_dabbaba(sq, occ));
    case 11:
        return words(vt_horse(sq, occ));
    case 12:
        return words(vt_elephant(sq, occ));
    case 13:
        return words(vt_janggi_elephant(sq, occ));
    default:
        return words(vt_camelrider(sq, occ));
    }
}

/* A one-part table: its squares' records and how many entries it has. */
struct table {
    const char *name;
    const struct vt_entry *entries;
    unsigned long count;
};

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

static const struct table tables[] = {
    { "rook_h", vt_rook_h_entries, COUNT(vt_rook_h_attacks) },
    { "rook_v", vt_rook_v_entries, COUNT(vt_rook_v_attacks) },
    { "cannon_h", vt_cannon_h_entries, COUNT(vt_cannon_h_attacks) },
    { "cannon_v", vt_cannon_v_entries, COUNT(vt_cannon_v_attacks) },
    { "grasshopper_h", vt_grasshopper_h_entries, COUNT(vt_grasshopper_h_attacks) },
    { "grasshopper_v", vt_grasshopper_v_entries, COUNT(vt_grasshopper_v_attacks) },
    { "lame_dabbaba", vt_lame_dabbaba_entries, COUNT(vt_lame_dabbaba_attacks) },
    { "horse", vt_horse_entries, COUNT(vt_horse_attacks) },
    { "elephant", vt_elephant_entries, COUNT(vt_elephant_attacks) },
    { "janggi_elephant", vt_janggi_elephant_entries, COUNT(vt_janggi_elephant_attacks) },
};
#define TABLES COUNT(tables)

/* Square e's slots, every occupancy of its mask through the header's
 * index: the one past the highest into *end; marks them in seen[] with
 * key (0: only the end) and says whether one was seen with another
 * key.  -1 after a line if a slot is past the table. */
static int slots(const struct table *t, const struct vt_entry *e, uint32_t *end, uint64_t *seen,
                 uint64_t key)
{
    uint64_t hi = 0, lo;
    int met = 0;

    do {
        lo = 0;
        do {
            const uint32_t slot = vt_index_(e, lo, hi);

            if (slot >= t->count) {
                printf("%s: slot %lu past the table's %lu entries\n", t->name, (unsigned long)slot,
                       t->count);
                return -1;
            }
            *end = slot + 1 > *end ? slot + 1 : *end;
            if (key != 0) {
                met |= seen[slot] != 0 && seen[slot] != key;
                seen[slot] = key;
            }
            lo = (lo - e->mask_lo) & e->mask_lo;
        } while (lo != 0);
        hi = (hi - e->mask_hi) & e->mask_hi;
    } while (hi != 0);
    return met;
}

/* Whether t's slices overlap: a slot that lookups on two squares read
 * whose slices differ, in where they begin or end (the generator lays a
 * slice over others where their entries agree; main checks every lookup
 * against the walks).  -1 after a line if a slot is past the table or
 * memory ran out. */
static int overlaps(const struct table *t)
{
    uint64_t *seen = calloc(t->count, sizeof *seen);
    int found = 0;

    if (seen == NULL) {
        printf("%s: out of memory\n", t->name);
        return -1;
    }
    for (int r = 0; r < vt_RANKS && found >= 0; r++)
        for (int f = 0; f < vt_FILES && found >= 0; f++) {
            const struct vt_entry *e = &t->entries[at(f, r)];
            uint32_t end = 0;
            int met = slots(t, e, &end, seen, 0);

            if (met >= 0)
                met = slots(t, e, &end, seen, (uint64_t)e->offset << 32 | end);
            found = met < 0 ? -1 : found | met;
        }
    free(seen);
    return found;
}

static uint64_t next(uint64_t *state)
{
    uint64_t x = *state;

    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

int main(int argc, char **argv)
{
    const long rounds = argc > 1 ? atol(argv[1]) : 200;
    uint64_t state = 0x76617269616e7473u;
    set board = none();
    long checked = 0;

    for (int r = 0; r < vt_RANKS; r++)
        for (int f = 0; f < vt_FILES; f++)
            put(&board, f, r);
    for (long round = 0; round < rounds; round++) {
        /* densities from 1/16 to 15/16, and bits outside the board */
        const unsigned density = (unsigned)(round % 15) + 1;
        set occ = none(), outside;

        for (int r = 0; r < vt_RANKS; r++)
            for (int f = 0; f < vt_FILES; f++)
                if (next(&state) % 16 < density)
                    put(&occ, f, r);
        outside.w[0] = next(&state) & ~board.w[0];
        outside.w[1] = next(&state) & ~board.w[1];
        for (int r = 0; r < vt_RANKS; r++)
            for (int f = 0; f < vt_FILES; f++)
                for (int family = 0; family < FAMILIES; family++) {
                    const set want = expected(family, occ, f, r);
                    const vt_bb given = vt_bb_make(occ.w[0] | (round % 2 ? outside.w[0] : 0),
                                                   occ.w[1] | (round % 2 ? outside.w[1] : 0));
                    const set got = looked_up(family, at(f, r), given);

                    if (got.w[0] != want.w[0] || got.w[1] != want.w[1]) {
                        printf("%s on file %d rank %d, occupancy 0x%016llx%016llx: got"
                               " 0x%016llx%016llx, the walk 0x%016llx%016llx\n",
                               names[family], f, r, (unsigned long long)vt_bb_hi(given),
                               (unsigned long long)vt_bb_lo(given), (unsigned long long)got.w[1],
                               (unsigned long long)got.w[0], (unsigned long long)want.w[1],
                               (unsigned long long)want.w[0]);
                        return 1;
                    }
                    checked++;
                }
    }
    {
        unsigned overlapped = 0;

        for (unsigned i = 0; i < TABLES; i++) {
            const int o = overlaps(&tables[i]);

            if (o < 0)
                return 1;
            overlapped += (unsigned)o;
        }
        if (overlapped == 0) {
            printf("no one-part table overlaps its slices\n");
            return 1;
        }
        printf("%ld lookups as the walks (%dx%d board, stride %d, first %d%s); %u of %u one-part"
               " tables overlap slices\n",
               checked, vt_FILES, vt_RANKS, vt_STRIDE, vt_FIRST,
#ifdef vt_INT128
               ", unsigned __int128",
#else
               ", two uint64_t",
#endif
               overlapped, (unsigned)TABLES);
    }
    return 0;
}
