/* SPDX-License-Identifier: MIT */
/* check_threatrel.c - the threat-change kernel (lab/threatrel.h) against
 * the shipped reference (lab/threatref.c, which shares no code with the
 * kernel): every relation of a board by brute force from a ray walk,
 * and an event's adds and removes as the set differences of the boards
 * before and after.  On random boards of 0 to 40 pieces (legal or not,
 * every square and piece code, every event, four rule tables, two code
 * maps) and on every move of the perft walks of the
 * six standard positions to depth 4 or 3, the kernel's lists must be exactly
 * the reference's (so minimal, sorted, without duplicates), before -
 * removes + adds must be after, and no write may pass a list's capacity
 * (guard records after each).  Every event also goes through
 * threat_event_diff_pieces with piece sets made here, in both orders:
 * as sets (a sorted copy) the reference's lists, each relation once, none
 * in both, with the largest room, the exact room and one record short.
 * Where the CPU has AVX-512 VBMI2, the vector kernel
 * (lab/threatrel_vbmi2.c) must give the same lists byte for byte on
 * every one of those events and boards, and its piece-set entry
 * (threat_event_diff_pieces_vbmi2) passes the portable entry's checks
 * with its lists the portable kernel's at the same capacities: byte for
 * byte in the canonical order, as sets in any order. */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "reference.h"
#include "run_suite.h"
#include "threatref.h"
#include "threatrel.h"

#define GUARDS 4
#define GUARD_BYTE 0xA5

/* ---- The reference ------------------------------------------------------ */

struct relations {
    struct threat_relation r[THREAT_BOARD_MAX];
    unsigned n;
};

/* Every relation, in the canonical order: the shipped reference's
 * (lab/threatref.c, a ray walk sharing nothing with the kernel). */
static void reference_relations(const struct threat_rules *rules, const unsigned char board[64],
                                struct relations *out)
{
    const int n = threatref_board(rules, board, out->r);

    REQUIRE(n >= 0, "the reference refuses the board");
    out->n = (unsigned)n;
}

static unsigned key(const struct threat_relation *r)
{
    return (unsigned)r->to << 6 | r->from;
}

static int same(const struct threat_relation *a, const struct threat_relation *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* out = a - b, both in the canonical order. */
static void difference(const struct relations *a, const struct relations *b, struct relations *out)
{
    out->n = threatref_difference(a->r, a->n, b->r, b->n, out->r);
}

/* ---- Checking one event --------------------------------------------------- */

static const char *const kind_names[] = { "put", "remove", "replace", "move" };

/* The list is strictly increasing in the canonical order, and its guard
 * records are untouched. */
static void check_list(const struct threat_relation *list, unsigned n, unsigned capacity,
                       const char *what)
{
    const unsigned char *guard = (const unsigned char *)&list[capacity];

    for (unsigned i = 1; i < n; i++)
        REQUIRE(key(&list[i - 1]) < key(&list[i]), "%s: record %u out of order", what, i);
    for (size_t b = 0; b < GUARDS * sizeof *list; b++)
        REQUIRE(guard[b] == GUARD_BYTE, "%s: written past its capacity %u", what, capacity);
}

static void expect_list(const struct threat_relation *got, unsigned got_n,
                        const struct relations *want, const char *what,
                        const struct threat_event *e)
{
    REQUIRE(got_n == want->n, "%s of %s at %u (to %u, code %u): %u records, want %u", what,
            kind_names[e->kind], e->square, e->to, e->code, got_n, want->n);
    for (unsigned i = 0; i < got_n; i++)
        REQUIRE(same(&got[i], &want->r[i]),
                "%s of %s at %u (to %u, code %u): record %u is (%u, %u, %u, %u), want "
                "(%u, %u, %u, %u)",
                what, kind_names[e->kind], e->square, e->to, e->code, i, got[i].attacker,
                got[i].from, got[i].victim, got[i].to, want->r[i].attacker, want->r[i].from,
                want->r[i].victim, want->r[i].to);
}

/* before - removes + adds = after, by the records themselves. */
static void check_identity(const struct relations *before, const struct threat_relation *adds,
                           unsigned na, const struct threat_relation *removes, unsigned nr,
                           const struct relations *after)
{
    static struct relations kept, added, rebuilt; /* (removed, then rebuilt) */

    memcpy(added.r, removes, nr * sizeof *removes), added.n = nr;
    difference(before, &added, &kept);
    REQUIRE(kept.n + nr == before->n, "a removed relation was not on the board before");
    for (unsigned i = 0; i < na; i++)
        for (unsigned k = 0; k < nr; k++)
            REQUIRE(!same(&adds[i], &removes[k]), "one relation both added and removed");
    /* merge kept and adds */
    rebuilt.n = 0;
    for (unsigned i = 0, k = 0; i < kept.n || k < na;) {
        if (k == na || (i < kept.n && key(&kept.r[i]) < key(&adds[k])))
            rebuilt.r[rebuilt.n++] = kept.r[i++];
        else
            rebuilt.r[rebuilt.n++] = adds[k++];
    }
    REQUIRE(rebuilt.n == after->n && memcmp(rebuilt.r, after->r, after->n * sizeof *after->r) == 0,
            "before - removes + adds is not the board after");
}

static unsigned long events_checked;

static void fill_guards(struct threat_relation *list, unsigned size)
{
    memset(list, GUARD_BYTE, size * sizeof *list);
}

typedef int event_kernel(const struct threat_rules *, const unsigned char[64],
                         const struct threat_event *, struct threat_relation *, unsigned,
                         unsigned *, struct threat_relation *, unsigned, unsigned *);

/* Whether the vector kernel runs here (lab/threatrel_vbmi2.c), and the
 * events it was checked on. */
static int vbmi2;
static unsigned long vbmi2_events;

/* With room for one record fewer than the adds (or removes) need, the
 * kernel says -1, gives the count needed and writes nothing past it. */
static void check_short(event_kernel *diff, const struct threat_rules *rules,
                        const unsigned char board[64], const struct threat_event *e, unsigned na,
                        unsigned nr)
{
    struct threat_relation adds[THREAT_EVENT_MAX + GUARDS], removes[THREAT_EVENT_MAX + GUARDS];
    const unsigned ca = na > 0 ? na - 1 : THREAT_EVENT_MAX, cr = na > 0 ? THREAT_EVENT_MAX : nr - 1;
    unsigned ga, gr;

    fill_guards(adds, THREAT_EVENT_MAX + GUARDS), fill_guards(removes, THREAT_EVENT_MAX + GUARDS);
    REQUIRE(diff(rules, board, e, adds, ca, &ga, removes, cr, &gr) == -1,
            "%s at %u: a list longer than its capacity, and not -1", kind_names[e->kind],
            e->square);
    REQUIRE(ga == na && gr == nr, "%s at %u: short of room, counts %u and %u, want %u, %u",
            kind_names[e->kind], e->square, ga, gr, na, nr);
    check_list(adds, 0, ca, "adds (short)"), check_list(removes, 0, cr, "removes (short)");
}

/* The vector kernel gives the portable kernel's lists (adds, removes),
 * byte for byte, within its capacity and also when one record short. */
static void check_vbmi2(const struct threat_rules *rules, const unsigned char board[64],
                        const struct threat_event *e, const struct threat_relation *adds,
                        unsigned na, const struct threat_relation *removes, unsigned nr)
{
    struct threat_relation va[THREAT_EVENT_MAX + GUARDS], vr[THREAT_EVENT_MAX + GUARDS];
    unsigned vna = 0, vnr = 0;

    fill_guards(va, THREAT_EVENT_MAX + GUARDS), fill_guards(vr, THREAT_EVENT_MAX + GUARDS);
    REQUIRE(threat_event_diff_vbmi2(rules, board, e, va, THREAT_EVENT_MAX, &vna, vr,
                                    THREAT_EVENT_MAX, &vnr)
                == 0,
            "vbmi2: %s at %u: -1 with the largest capacity", kind_names[e->kind], e->square);
    check_list(va, vna, THREAT_EVENT_MAX, "vbmi2 adds");
    check_list(vr, vnr, THREAT_EVENT_MAX, "vbmi2 removes");
    REQUIRE(vna == na && vnr == nr && memcmp(va, adds, na * sizeof *va) == 0
                && memcmp(vr, removes, nr * sizeof *vr) == 0,
            "vbmi2: %s at %u (to %u, code %u): %u adds and %u removes, not the portable "
            "kernel's %u and %u, or other records",
            kind_names[e->kind], e->square, e->to, e->code, vna, vnr, na, nr);
    if (na + nr > 0)
        check_short(threat_event_diff_vbmi2, rules, board, e, na, nr);
    vbmi2_events++;
}

/* ---- The entry point with the engine's piece sets ------------------------ */

/* The piece sets of the board, made here from the rule table's roles. */
static void pieces_of_board(const struct threat_rules *rules, const unsigned char board[64],
                            struct threat_pieces *p)
{
    memset(p, 0, sizeof *p);
    for (unsigned sq = 0; sq < 64; sq++)
        if (board[sq]) {
            const int role = rules->role[board[sq]];

            p->occupied |= UINT64_C(1) << sq;
            p->type[role % 6] |= UINT64_C(1) << sq;
            p->colour[role / 6] |= UINT64_C(1) << sq;
        }
}

static int by_key(const void *a, const void *b)
{
    const unsigned x = key(a), y = key(b);

    return (x > y) - (x < y);
}

/* The event's piece sets and order, for the adaptors below (the tests
 * run in one process: CK_FORK=no is not needed for these, each check
 * sets them before use). */
static const struct threat_pieces *current_pieces;
static unsigned long pieces_events, vbmi2_pieces_events;

/* The piece-set entries with the current sets and an order, as the
 * board-only entries' signature. */
#define PIECES_ENTRY(name, entry, order)                                                           \
    static int name(const struct threat_rules *rules, const unsigned char board[64],               \
                    const struct threat_event *e, struct threat_relation *adds,                    \
                    unsigned adds_capacity, unsigned *adds_count, struct threat_relation *removes, \
                    unsigned removes_capacity, unsigned *removes_count)                            \
    {                                                                                              \
        return entry(rules, board, current_pieces, e, order, adds, adds_capacity, adds_count,      \
                     removes, removes_capacity, removes_count);                                    \
    }
PIECES_ENTRY(diff_pieces_any, threat_event_diff_pieces, THREAT_ANY_ORDER)
PIECES_ENTRY(diff_pieces_canonical, threat_event_diff_pieces, THREAT_CANONICAL)
PIECES_ENTRY(vbmi2_pieces_any, threat_event_diff_pieces_vbmi2, THREAT_ANY_ORDER)
PIECES_ENTRY(vbmi2_pieces_canonical, threat_event_diff_pieces_vbmi2, THREAT_CANONICAL)

/* An entry's lists as check_pieces_once leaves them (any order: sorted). */
struct got {
    struct threat_relation adds[THREAT_EVENT_MAX], removes[THREAT_EVENT_MAX];
    unsigned na, nr;
};

/* threat_event_diff_pieces with capacities ca and cr (at least the lists'
 * lengths): 0, the guards kept, the board and the sets unchanged, and as
 * a set the reference's lists, each record once (a sorted copy strictly
 * increasing), none in both, before - removes + adds = after; in the
 * canonical order, byte for byte the reference's. */
static void check_pieces_once(event_kernel *diff, int sorted, const struct threat_rules *rules,
                              const unsigned char board[64], const struct threat_event *e,
                              unsigned ca, unsigned cr, const struct relations *before,
                              const struct relations *want_adds,
                              const struct relations *want_removes, const struct relations *after,
                              struct got *got)
{
    struct threat_relation adds[THREAT_EVENT_MAX + GUARDS], removes[THREAT_EVENT_MAX + GUARDS];
    const struct threat_pieces kept_pieces = *current_pieces;
    unsigned char kept[64];
    unsigned na = 0, nr = 0;

    memcpy(kept, board, 64);
    fill_guards(adds, THREAT_EVENT_MAX + GUARDS), fill_guards(removes, THREAT_EVENT_MAX + GUARDS);
    REQUIRE(diff(rules, board, e, adds, ca, &na, removes, cr, &nr) == 0,
            "pieces: %s at %u: -1 with capacities %u and %u", kind_names[e->kind], e->square, ca,
            cr);
    REQUIRE(memcmp(board, kept, 64) == 0
                && memcmp(current_pieces, &kept_pieces, sizeof kept_pieces) == 0,
            "pieces: the kernel changed the board or the sets");
    check_list(adds, 0, ca, "pieces adds"), check_list(removes, 0, cr, "pieces removes");
    if (!sorted) {
        qsort(adds, na, sizeof *adds, by_key), qsort(removes, nr, sizeof *removes, by_key);
    }
    check_list(adds, na, ca, sorted ? "pieces adds (canonical)" : "pieces adds (sorted copy)");
    check_list(removes, nr, cr,
               sorted ? "pieces removes (canonical)" : "pieces removes (sorted copy)");
    expect_list(adds, na, want_adds, sorted ? "pieces adds" : "pieces adds (any order)", e);
    expect_list(removes, nr, want_removes, sorted ? "pieces removes" : "pieces removes (any order)",
                e);
    check_identity(before, adds, na, removes, nr, after);
    memcpy(got->adds, adds, na * sizeof *adds), memcpy(got->removes, removes, nr * sizeof *removes);
    got->na = na, got->nr = nr;
}

/* The vector kernel's lists are the portable kernel's: byte for byte in
 * the canonical order, as sets (both sorted copies) in any order. */
static void same_as_portable(const struct got *vector, const struct got *portable, int sorted,
                             unsigned ca, unsigned cr, const struct threat_event *e)
{
    REQUIRE(vector->na == portable->na && vector->nr == portable->nr
                && memcmp(vector->adds, portable->adds, vector->na * sizeof *vector->adds) == 0
                && memcmp(vector->removes, portable->removes, vector->nr * sizeof *vector->removes)
                       == 0,
            "vbmi2 pieces (%s, capacities %u and %u): %s at %u (to %u, code %u): %u adds and %u "
            "removes, not the portable kernel's %u and %u, or other records",
            sorted ? "canonical" : "any order", ca, cr, kind_names[e->kind], e->square, e->to,
            e->code, vector->na, vector->nr, portable->na, portable->nr);
}

/* The piece-set entry point on the event: threat_pieces_of's sets are
 * the test's own, both orders give the reference's sets with the largest
 * capacities and with exactly the room needed, and one record short each
 * says -1 and the counts, writing nothing past its room. */
static void check_pieces(const struct threat_rules *rules, const unsigned char board[64],
                         const struct threat_event *e, const struct relations *before,
                         const struct relations *want_adds, const struct relations *want_removes,
                         const struct relations *after)
{
    struct threat_pieces mine, theirs;
    const unsigned na = want_adds->n, nr = want_removes->n;

    pieces_of_board(rules, board, &mine);
    threat_pieces_of(rules, board, &theirs);
    REQUIRE(memcmp(&mine, &theirs, sizeof mine) == 0, "threat_pieces_of: other sets");
    current_pieces = &mine;
    for (int sorted = 0; sorted < 2; sorted++) {
        event_kernel *const diff = sorted ? diff_pieces_canonical : diff_pieces_any;
        event_kernel *const vector = sorted ? vbmi2_pieces_canonical : vbmi2_pieces_any;
        static struct got largest, exact, vgot;

        check_pieces_once(diff, sorted, rules, board, e, THREAT_EVENT_MAX, THREAT_EVENT_MAX, before,
                          want_adds, want_removes, after, &largest);
        check_pieces_once(diff, sorted, rules, board, e, na, nr, before, want_adds, want_removes,
                          after, &exact);
        if (na + nr > 0)
            check_short(diff, rules, board, e, na, nr);
        if (!vbmi2)
            continue;
        /* the vector kernel's piece-set entry: the same checks, and the
         * portable kernel's lists at the same capacities */
        check_pieces_once(vector, sorted, rules, board, e, THREAT_EVENT_MAX, THREAT_EVENT_MAX,
                          before, want_adds, want_removes, after, &vgot);
        same_as_portable(&vgot, &largest, sorted, THREAT_EVENT_MAX, THREAT_EVENT_MAX, e);
        check_pieces_once(vector, sorted, rules, board, e, na, nr, before, want_adds, want_removes,
                          after, &vgot);
        same_as_portable(&vgot, &exact, sorted, na, nr, e);
        if (na + nr > 0)
            check_short(vector, rules, board, e, na, nr);
    }
    pieces_events++;
    vbmi2_pieces_events += vbmi2 != 0;
}

/* Check the kernel on the event, then apply it: rel holds the board's
 * relations before, and after on return. */
static void check_event(const struct threat_rules *rules, unsigned char board[64],
                        const struct threat_event *e, struct relations *rel)
{
    static struct relations after, want_adds, want_removes;
    struct threat_relation adds[THREAT_EVENT_MAX + GUARDS], removes[THREAT_EVENT_MAX + GUARDS];
    unsigned na = 0, nr = 0;
    unsigned char next[64], kept[64];

    memcpy(next, board, 64), memcpy(kept, board, 64);
    threatref_apply(next, e);
    reference_relations(rules, next, &after);
    difference(&after, rel, &want_adds), difference(rel, &after, &want_removes);
    fill_guards(adds, THREAT_EVENT_MAX + GUARDS), fill_guards(removes, THREAT_EVENT_MAX + GUARDS);
    REQUIRE(threat_event_diff(rules, board, e, adds, THREAT_EVENT_MAX, &na, removes,
                              THREAT_EVENT_MAX, &nr)
                == 0,
            "%s at %u: -1 with the largest capacity", kind_names[e->kind], e->square);
    REQUIRE(memcmp(board, kept, 64) == 0, "the kernel changed the board");
    check_list(adds, na, THREAT_EVENT_MAX, "adds");
    check_list(removes, nr, THREAT_EVENT_MAX, "removes");
    expect_list(adds, na, &want_adds, "adds", e);
    expect_list(removes, nr, &want_removes, "removes", e);
    check_identity(rel, adds, na, removes, nr, &after);
    if (na + nr > 0)
        check_short(threat_event_diff, rules, board, e, na, nr);
    check_pieces(rules, board, e, rel, &want_adds, &want_removes, &after);
    if (vbmi2) {
        check_vbmi2(rules, board, e, adds, na, removes, nr);
        REQUIRE(memcmp(board, kept, 64) == 0, "the vector kernel changed the board");
    }
    memcpy(board, next, 64);
    *rel = after;
    events_checked++;
}

/* threat_board against the reference, and with one record too few. */
static void check_board(const struct threat_rules *rules, const unsigned char board[64],
                        struct relations *rel)
{
    static struct threat_relation out[THREAT_BOARD_MAX + GUARDS];
    int n;

    reference_relations(rules, board, rel);
    fill_guards(out, THREAT_BOARD_MAX + GUARDS);
    n = threat_board(rules, board, out, THREAT_BOARD_MAX);
    REQUIRE(n == (int)rel->n, "board: %d relations, want %u", n, rel->n);
    check_list(out, (unsigned)n, THREAT_BOARD_MAX, "board");
    REQUIRE(memcmp(out, rel->r, rel->n * sizeof *out) == 0, "board: not the reference's list");
    if (n > 0) {
        fill_guards(out, THREAT_BOARD_MAX + GUARDS);
        ck_assert_int_eq(threat_board(rules, board, out, (unsigned)n - 1), -1);
        check_list(out, 0, (unsigned)n - 1, "board (short)");
    }
    if (vbmi2) {
        fill_guards(out, THREAT_BOARD_MAX + GUARDS);
        n = threat_board_vbmi2(rules, board, out, THREAT_BOARD_MAX);
        REQUIRE(n == (int)rel->n && memcmp(out, rel->r, rel->n * sizeof *out) == 0,
                "vbmi2 board: %d relations, want %u, or other records", n, rel->n);
        check_list(out, (unsigned)n, THREAT_BOARD_MAX, "vbmi2 board");
        if (n > 0) {
            fill_guards(out, THREAT_BOARD_MAX + GUARDS);
            REQUIRE(threat_board_vbmi2(rules, board, out, (unsigned)n - 1) == -1,
                    "vbmi2 board: one record short, and not -1");
            check_list(out, 0, (unsigned)n - 1, "vbmi2 board (short)");
        }
    }
}

/* ---- Rule tables, code maps and random boards ----------------------------- */

enum { RULES_STOCKFISH, RULES_EVERYTHING, RULES_ENEMIES, RULES_RANDOM, RULE_TABLES };
static const char *const rule_names[] = { "stockfish", "everything", "enemies", "random" };

/* Map 0: Stockfish's codes (colour * 8 + type + 1); map 1: codes 1 to 12
 * scrambled over the roles, 13 to 15 no piece. */
static struct threat_rules make_rules(int table, int map, uint64_t *rng)
{
    static const uint16_t stockfish[THREAT_ROLES] = THREAT_RULES_STOCKFISH;
    static const uint16_t everything[THREAT_ROLES] = THREAT_RULES_EVERYTHING;
    struct threat_rules r;

    memset(r.role, -1, sizeof r.role);
    for (int c = 1; c < THREAT_CODES; c++)
        if (map == 0 && c % 8 >= 1 && c % 8 <= 6)
            r.role[c] = (signed char)(c / 8 * 6 + c % 8 - 1);
        else if (map == 1 && c <= 12)
            r.role[c] = (signed char)(c * 7 % 12);
    for (int a = 0; a < THREAT_ROLES; a++)
        r.victims[a] = table == RULES_STOCKFISH    ? stockfish[a]
                       : table == RULES_EVERYTHING ? everything[a]
                       : table == RULES_ENEMIES    ? (uint16_t)(a < 6 ? 0xFC0 : 0x03F)
                                                   : (uint16_t)(ref_random(rng) & 0xFFF);
    return r;
}

static unsigned random_code(const struct threat_rules *rules, uint64_t *rng)
{
    for (;;) {
        const unsigned c = (unsigned)(ref_random(rng) % THREAT_CODES);

        if (rules->role[c] >= 0)
            return c;
    }
}

static void random_board(const struct threat_rules *rules, unsigned pieces, uint64_t *rng,
                         unsigned char board[64])
{
    memset(board, 0, 64);
    for (unsigned placed = 0; placed < pieces;) {
        const unsigned sq = (unsigned)(ref_random(rng) % 64);

        if (board[sq] == 0)
            board[sq] = (unsigned char)random_code(rules, rng), placed++;
    }
}

/* A random square that is empty (want 0) or holds a piece: 64 if none. */
static unsigned random_square(const unsigned char board[64], int want_piece, uint64_t *rng)
{
    unsigned n = 0, squares[64];

    for (unsigned sq = 0; sq < 64; sq++)
        if ((board[sq] != 0) == want_piece)
            squares[n++] = sq;
    return n ? squares[ref_random(rng) % n] : 64;
}

/* One random event that fits the board, in ev: 0 where none does. */
static int random_event(const struct threat_rules *rules, const unsigned char board[64],
                        uint64_t *rng, struct threat_event *ev)
{
    const unsigned kind = (unsigned)(ref_random(rng) % 4);
    const unsigned empty = random_square(board, 0, rng), piece = random_square(board, 1, rng);

    ev->kind = (unsigned char)kind;
    ev->code = (unsigned char)random_code(rules, rng);
    ev->square = (unsigned char)(kind == THREAT_PUT ? empty : piece);
    ev->to = (unsigned char)(kind == THREAT_MOVE ? empty : 0);
    return ev->square < 64 && (kind != THREAT_MOVE || empty < 64);
}

/* Random boards of 0 to 40 pieces, each followed by 8 random events;
 * _i: the rule table, both code maps. */
START_TEST(random_boards_and_events)
{
    uint64_t rng = UINT64_C(0x9E3779B97F4A7C15) + (uint64_t)_i;
    static struct relations rel;

    events_checked = vbmi2_events = pieces_events = vbmi2_pieces_events = 0;
    for (unsigned b = 0; b < 6000; b++) {
        const struct threat_rules rules = make_rules(_i, (int)(b & 1), &rng);
        unsigned char board[64];

        random_board(&rules, (unsigned)(ref_random(&rng) % 41), &rng, board);
        check_board(&rules, board, &rel);
        for (unsigned k = 0; k < 8; k++) {
            struct threat_event ev;

            if (random_event(&rules, board, &rng, &ev))
                check_event(&rules, board, &ev, &rel);
        }
    }
    printf("# %s rules: 6000 random boards, %lu events (%lu also on the vector kernel, %lu"
           " through the piece sets, %lu through the vector kernel's)\n",
           rule_names[_i], events_checked, vbmi2_events, pieces_events, vbmi2_pieces_events);
}
END_TEST

/* Every event on one board: every code put on every empty square, every
 * piece removed, replaced by every code and moved to every empty square. */
static void every_event(const struct threat_rules *rules, const unsigned char board[64])
{
    static struct relations base, rel;
    unsigned char copy[64];

    reference_relations(rules, board, &base);
    for (unsigned sq = 0; sq < 64; sq++)
        for (unsigned code = 0; code < THREAT_CODES; code++)
            for (unsigned to = 0; to < 64; to++) {
                const int put = board[sq] == 0 && code > 0 && to == 0;
                const int remove = board[sq] != 0 && code == 0 && to == 0;
                const int replace = board[sq] != 0 && code > 0 && to == 0;
                const int move = board[sq] != 0 && code == 0 && board[to] == 0;
                const struct threat_event ev
                    = { (unsigned char)(put       ? THREAT_PUT
                                        : remove  ? THREAT_REMOVE
                                        : replace ? THREAT_REPLACE
                                                  : THREAT_MOVE),
                        (unsigned char)sq, (unsigned char)to, (unsigned char)code };

                if ((code > 0 && rules->role[code] < 0) || !(put || remove || replace || move))
                    continue;
                memcpy(copy, board, 64), rel = base;
                check_event(rules, copy, &ev, &rel);
            }
}

/* _i: the rule table; boards of 0, 4, ..., 40 pieces, both code maps. */
START_TEST(every_square_and_code)
{
    uint64_t rng = UINT64_C(0x2545F4914F6CDD1D) + (uint64_t)_i;

    events_checked = vbmi2_events = pieces_events = vbmi2_pieces_events = 0;
    for (unsigned pieces = 0; pieces <= 40; pieces += 4)
        for (int map = 0; map < 2; map++) {
            const struct threat_rules rules = make_rules(_i, map, &rng);
            unsigned char board[64];

            random_board(&rules, pieces, &rng, board);
            every_event(&rules, board);
        }
    printf("# %s rules: every event on 22 boards, %lu events (%lu also on the vector kernel, %lu"
           " through the piece sets, %lu through the vector kernel's)\n",
           rule_names[_i], events_checked, vbmi2_events, pieces_events, vbmi2_pieces_events);
}
END_TEST

/* ---- Perft walks ------------------------------------------------------------ */

/* Stockfish's codes: colour * 8 + type + 1. */
static void position_bytes(const struct position *p, unsigned char board[64])
{
    for (unsigned sq = 0; sq < 64; sq++)
        board[sq] = (unsigned char)(p->board[sq] == NO_PIECE
                                        ? 0
                                        : (p->colour[BLACK] >> sq & 1) * 8 + p->board[sq] + 1u);
}

/* How threat_move_events splits a castling (threatrel.h): king and rook
 * swapping squares into two replaces; one landing on the other's square
 * into a remove, a replace and a put; else one move a piece that moves
 * (Chess960's king that stays on g1 or c1, or its rook that stays on f1
 * or d1: one move; both: two). */
enum { SPLIT_SWAP, SPLIT_LANDING, SPLIT_ONE_MOVE, SPLIT_TWO_MOVES, SPLITS };
static const char *const split_names[]
    = { "swaps (two replaces)", "landings (a remove, a replace and a put)", "one move",
        "two moves" };

struct walk_state {
    struct threat_rules rules[2];
    unsigned long moves, castlings[SPLITS];
};

/* The lowest square of a set that is not empty. */
static unsigned lowest(uint64_t set)
{
    unsigned sq = 0;

    while (!(set >> sq & 1))
        sq++;
    return sq;
}

/* Whether the move castles (movegen.h: the king's two-square step, or the
 * king onto its own rook); if so, the split it must have, in *split. */
static int castling_split(const struct position *p, const struct position *next,
                          const struct move *m, int *split)
{
    const int us = p->side;
    const uint64_t rooks = p->pieces[us][ROOK], rooks_after = next->pieces[us][ROOK];
    unsigned king_from = m->from, king_to, rook_from, rook_to;

    if (p->board[m->from] != KING
        || !((p->colour[us] >> m->to & 1) || m->to == m->from + 2 || m->from == m->to + 2))
        return 0;
    king_to = lowest(next->pieces[us][KING]);
    if (rooks == rooks_after) { /* the rook stays */
        *split = SPLIT_ONE_MOVE;
        return 1;
    }
    rook_from = lowest(rooks & ~rooks_after), rook_to = lowest(rooks_after & ~rooks);
    *split = king_to == rook_from && rook_to == king_from   ? SPLIT_SWAP
             : king_to == rook_from || rook_to == king_from ? SPLIT_LANDING
             : king_to == king_from                         ? SPLIT_ONE_MOVE
                                                            : SPLIT_TWO_MOVES;
    return 1;
}

/* The events' kinds, in threat_move_events' order, as one number (a
 * digit a kind, 1 + enum threat_kind). */
static unsigned kinds_of(const struct threat_event *ev, unsigned count)
{
    unsigned kinds = 0;

    for (unsigned k = 0; k < count; k++)
        kinds = kinds * 10 + 1 + ev[k].kind;
    return kinds;
}

/* Every legal move of the position, as events, under both rule tables:
 * each event exact, and the events together make the position after; a
 * castling split as threat_move_events promises. */
static void visit(const struct position *p, void *data)
{
    static const unsigned split_kinds[SPLITS] = {
        [SPLIT_SWAP] = (1 + THREAT_REPLACE) * 10 + 1 + THREAT_REPLACE,
        [SPLIT_LANDING] = ((1 + THREAT_REMOVE) * 10 + 1 + THREAT_REPLACE) * 10 + 1 + THREAT_PUT,
        [SPLIT_ONE_MOVE] = 1 + THREAT_MOVE,
        [SPLIT_TWO_MOVES] = (1 + THREAT_MOVE) * 10 + 1 + THREAT_MOVE,
    };
    struct walk_state *w = data;
    static struct relations base[2], rel;
    struct move list[MOVES_MAX];
    unsigned char before[64], after[64], board[64];
    const int n = generate(p, list);

    position_bytes(p, before);
    for (int t = 0; t < 2; t++)
        reference_relations(&w->rules[t], before, &base[t]);
    for (int i = 0; i < n; i++) {
        struct position next = *p;
        struct threat_event ev[4];
        unsigned count;
        int split;

        play(&next, &list[i]);
        position_bytes(&next, after);
        count = threat_move_events(before, after, ev);
        REQUIRE(count >= 1 && count <= 4, "a move of %u events", count);
        if (castling_split(p, &next, &list[i], &split)) {
            REQUIRE(kinds_of(ev, count) == split_kinds[split],
                    "castling %u-%u split into events %u, not the %s", list[i].from, list[i].to,
                    kinds_of(ev, count), split_names[split]);
            w->castlings[split]++;
        }
        for (int t = 0; t < 2; t++) {
            memcpy(board, before, 64), rel = base[t];
            for (unsigned k = 0; k < count; k++)
                check_event(&w->rules[t], board, &ev[k], &rel);
            REQUIRE(memcmp(board, after, 64) == 0, "the events do not make the move");
        }
        w->moves++;
    }
}

/* THREATREL_SLOW=1 in the environment (make check-slow): the walks'
 * deeper depths. */
static int slow;

/* The walks: the six standard positions (STANDARD_POSITIONS), to depth 4
 * where that stays fast (the start, positions 3 and 4: 685,000 moves),
 * else 3; and Chess960 positions to depth 3, each with the castling
 * splits it is there for (a bit a split, all seen in its walk).  With
 * THREATREL_SLOW, the start to depth 5 and every other to 4.  The
 * Chess960 positions: the first six are start positions with the minor
 * pieces and queens taken off (castling from the first move, both ways,
 * both sides), then two of the Chess Programming Wiki's "Chess960 Perft
 * Results" (no. 2 and 710) and an X-FEN one of talkchess.com thread
 * 55274 (a queen behind the castling rook). */
#define SPLIT(name) (1u << SPLIT_##name)
static const struct {
    const char *fen;
    int depth, slow_depth;
    unsigned splits;
    const char *why;
} walks[] = {
    { START_FEN, 4, 5, 0, "standard" },
    { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 4,
      SPLIT(TWO_MOVES), "standard" },
    { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 4, 0, "standard" },
    { "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 4, SPLIT(TWO_MOVES),
      "standard" },
    { "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 4, SPLIT(TWO_MOVES),
      "standard" },
    { "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 4, 0,
      "standard" },
    { "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1", 3, 4, SPLIT(SWAP) | SPLIT(TWO_MOVES),
      "O-O swaps king f1 and rook g1; in O-O-O king f1-c1 and rook b1-d1 cross" },
    { "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1", 3, 4, SPLIT(LANDING) | SPLIT(TWO_MOVES),
      "O-O: king b1 onto its rook's g1; O-O-O: rook a1-d1 over the king's b1" },
    { "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w HAha - 0 1", 3, 4, SPLIT(LANDING) | SPLIT(TWO_MOVES),
      "O-O-O: rook a1 onto the king's d1; in O-O king d1-g1 and rook h1-f1 cross" },
    { "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1", 3, 4, SPLIT(ONE_MOVE) | SPLIT(TWO_MOVES),
      "O-O: king stays on g1, rook h1-f1" },
    { "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w HBhb - 0 1", 3, 4,
      SPLIT(ONE_MOVE) | SPLIT(TWO_MOVES), "O-O-O: king stays on c1, rook b1-d1" },
    { "r3kr2/pppppppp/8/8/8/8/PPPPPPPP/R3KR2 w FAfa - 0 1", 3, 4,
      SPLIT(ONE_MOVE) | SPLIT(TWO_MOVES), "O-O: king e1-g1 over its rook, which stays on f1" },
    { "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", 3, 4, SPLIT(SWAP),
      "CPW Chess960 no. 2: O-O swaps king f1 and rook g1" },
    { "rkb1nnrb/1pppq1pp/p4p2/4p3/5P2/1P1PB3/P1P1P1PP/RK1QNNRB w GAga - 0 9", 3, 4,
      SPLIT(TWO_MOVES), "CPW Chess960 no. 710" },
    { "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", 3, 4, SPLIT(LANDING) | SPLIT(ONE_MOVE),
      "X-FEN: a queen behind the castling rook b1; O-O: king d1-g1 over its rook f1" },
};
#define WALKS ((int)(sizeof walks / sizeof walks[0]))

/* Every move of the perft walk of walks[_i] to its depth (the moves of
 * every position up to depth - 1 plies deep). */
START_TEST(perft_walks)
{
    const int depth = slow ? walks[_i].slow_depth : walks[_i].depth;
    struct walk_state w = { .moves = 0 };
    struct position p;
    char why[FEN_WHY_SIZE];
    uint64_t rng = 1;
    unsigned seen = 0;

    w.rules[0] = make_rules(RULES_STOCKFISH, 0, &rng);
    w.rules[1] = make_rules(RULES_EVERYTHING, 0, &rng);
    ck_assert_int_eq(parse_fen(walks[_i].fen, &p, why), 0);
    events_checked = vbmi2_events = pieces_events = vbmi2_pieces_events = 0;
    walk(&p, depth - 1, visit, &w);
    printf("# '%s' (%s): %lu moves to depth %d, %lu events (stockfish and everything rules; %lu"
           " also on the vector kernel, %lu through the piece sets, %lu through the vector"
           " kernel's); castlings:",
           walks[_i].fen, walks[_i].why, w.moves, depth, events_checked, vbmi2_events,
           pieces_events, vbmi2_pieces_events);
    for (int k = 0; k < SPLITS; k++) {
        printf(" %lu %s%s", w.castlings[k], split_names[k], k + 1 < SPLITS ? "," : "\n");
        seen |= (unsigned)(w.castlings[k] > 0) << k;
    }
    REQUIRE((seen & walks[_i].splits) == walks[_i].splits,
            "'%s': castlings of the splits %#x not all seen (%#x)", walks[_i].fen, walks[_i].splits,
            seen);
}
END_TEST

static Suite *threatrel_suite(void)
{
    Suite *s = suite_create("threatrel");
    TCase *tc = tcase_create("the threat-change kernel");

    tcase_add_loop_test(tc, random_boards_and_events, 0, RULE_TABLES);
    tcase_add_loop_test(tc, every_square_and_code, 0, RULE_TABLES);
    tcase_add_loop_test(tc, perft_walks, 0, WALKS);
    tcase_set_timeout(tc, slow ? 3600 : 120);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    const char *deep = getenv("THREATREL_SLOW");

    /* (CK_FORK=no: the tests' counters and this flag are one process's) */
    slow = deep != NULL && strcmp(deep, "1") == 0;
    vbmi2 = threat_vbmi2_available();
    if (!vbmi2)
        puts("# the vector kernel (AVX-512 VBMI2), both entries: skipped, this CPU or build lacks"
             " it");
    else
        puts("# the vector kernel (AVX-512 VBMI2): every event and board checked against the"
             " portable kernel, its piece-set entry in both orders at every capacity");
    return run_suite(threatrel_suite());
}
