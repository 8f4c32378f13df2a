/* SPDX-License-Identifier: MIT */
/* check_threatkind.c - the per-kind entries of the threat-change kernel
 * (threat_diff_put, _remove, _replace, _move in lab/threatrel.h) against
 * threat_event_diff_pieces, which lab/check_threatrel checks against its
 * brute-force reference.  On random boards of 0 to 40 pieces (legal or
 * not, Stockfish's rules and everything, the piece sets passed as the
 * two arrays an engine keeps), every event of every kind on each: in the
 * canonical order the same lists byte for byte, in any order the same
 * records as sets; the same counts and -1 one record short; nothing
 * written past a capacity, the board and the arrays left as they were. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "run_suite.h"
#include "threatrel.h"

#define GUARDS 4
#define GUARD_BYTE 0xA5
#define BOARDS 3000

/* Stockfish's piece codes: 1-6 white pawn to king, 9-14 black. */
static const struct threat_rules rule_tables[2] = {
    { { -1, 0, 1, 2, 3, 4, 5, -1, -1, 6, 7, 8, 9, 10, 11, -1 }, THREAT_RULES_STOCKFISH },
    { { -1, 0, 1, 2, 3, 4, 5, -1, -1, 6, 7, 8, 9, 10, 11, -1 }, THREAT_RULES_EVERYTHING },
};
static const unsigned char codes[12] = { 1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14 };

static uint64_t state = 0x9E3779B97F4A7C15u;

static unsigned next(unsigned n)
{
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return (unsigned)(state >> 32) % n;
}

static int by_key(const void *a, const void *b)
{
    uint32_t x, y;

    memcpy(&x, a, sizeof x), memcpy(&y, b, sizeof y);
    return (x > y) - (x < y);
}

/* One call of the entry that e's kind names, on the two arrays. */
static int by_kind(const struct threat_rules *rules, const unsigned char board[64],
                   const uint64_t types[7], const uint64_t colours[2], struct threat_event e,
                   enum threat_order order, struct threat_relation *adds, unsigned ac, unsigned *an,
                   struct threat_relation *removes, unsigned rc, unsigned *rn)
{
    switch (e.kind) {
    case THREAT_PUT:
        return threat_diff_put(rules, board, types, colours, e.square, e.code, order, adds, ac, an,
                               removes, rc, rn);
    case THREAT_REMOVE:
        return threat_diff_remove(rules, board, types, colours, e.square, order, adds, ac, an,
                                  removes, rc, rn);
    case THREAT_REPLACE:
        return threat_diff_replace(rules, board, types, colours, e.square, e.code, order, adds, ac,
                                   an, removes, rc, rn);
    default:
        return threat_diff_move(rules, board, types, colours, e.square, e.to, order, adds, ac, an,
                                removes, rc, rn);
    }
}

static void guards_kept(const struct threat_relation *list, unsigned capacity)
{
    const unsigned char *guard = (const unsigned char *)&list[capacity];

    for (size_t b = 0; b < GUARDS * sizeof *list; b++)
        REQUIRE(guard[b] == GUARD_BYTE, "written past its capacity %u", capacity);
}

static void one_event(const struct threat_rules *rules, const unsigned char board[64],
                      const struct threat_pieces *p, struct threat_event e)
{
    struct threat_relation wa[THREAT_EVENT_MAX], wr[THREAT_EVENT_MAX];
    struct threat_relation ga[THREAT_EVENT_MAX + GUARDS], gr[THREAT_EVENT_MAX + GUARDS];
    uint64_t types[7] = { p->occupied }, colours[2] = { p->colour[0], p->colour[1] };
    unsigned char copy[64];
    unsigned wan, wrn, gan, grn;

    memcpy(types + 1, p->type, sizeof p->type);
    memcpy(copy, board, 64);
    for (int order = THREAT_CANONICAL; order <= THREAT_ANY_ORDER; order++) {
        REQUIRE(threat_event_diff_pieces(rules, board, p, &e, (enum threat_order)order, wa,
                                         THREAT_EVENT_MAX, &wan, wr, THREAT_EVENT_MAX, &wrn)
                    == 0,
                "threat_event_diff_pieces failed");
        /* the largest room, then exactly the room needed */
        for (int exact = 0; exact < 2; exact++) {
            const unsigned ac = exact ? wan : THREAT_EVENT_MAX, rc = exact ? wrn : THREAT_EVENT_MAX;

            memset(ga, GUARD_BYTE, sizeof ga), memset(gr, GUARD_BYTE, sizeof gr);
            REQUIRE(by_kind(rules, board, types, colours, e, (enum threat_order)order, ga, ac, &gan,
                            gr, rc, &grn)
                        == 0,
                    "kind %u at %u: failed", e.kind, e.square);
            REQUIRE(gan == wan && grn == wrn, "kind %u at %u: counts %u, %u, want %u, %u", e.kind,
                    e.square, gan, grn, wan, wrn);
            guards_kept(ga, ac), guards_kept(gr, rc);
            if (order == THREAT_ANY_ORDER) {
                qsort(ga, gan, sizeof *ga, by_key), qsort(gr, grn, sizeof *gr, by_key);
                qsort(wa, wan, sizeof *wa, by_key), qsort(wr, wrn, sizeof *wr, by_key);
            }
            REQUIRE(memcmp(ga, wa, wan * sizeof *wa) == 0 && memcmp(gr, wr, wrn * sizeof *wr) == 0,
                    "kind %u at %u: lists differ", e.kind, e.square);
        }
        /* one record short in a list that has one */
        if (wan || wrn) {
            const unsigned ac = wan ? wan - 1 : 0, rc = wan ? wrn : wrn - 1;

            memset(ga, GUARD_BYTE, sizeof ga), memset(gr, GUARD_BYTE, sizeof gr);
            REQUIRE(by_kind(rules, board, types, colours, e, (enum threat_order)order, ga, ac, &gan,
                            gr, rc, &grn)
                        == -1,
                    "kind %u at %u: short of room, not -1", e.kind, e.square);
            REQUIRE(gan == wan && grn == wrn, "kind %u at %u: short of room, counts %u, %u", e.kind,
                    e.square, gan, grn);
            guards_kept(ga, ac), guards_kept(gr, rc);
        }
    }
    REQUIRE(memcmp(copy, board, 64) == 0, "the board was changed");
    REQUIRE(types[0] == p->occupied && memcmp(types + 1, p->type, sizeof p->type) == 0
                && colours[0] == p->colour[0] && colours[1] == p->colour[1],
            "the sets were changed");
}

START_TEST(every_event_of_random_boards)
{
    const struct threat_rules *rules = &rule_tables[_i];
    unsigned long events = 0;

    for (unsigned b = 0; b < BOARDS; b++) {
        unsigned char board[64] = { 0 };
        struct threat_pieces p;
        const unsigned pieces = next(41);

        for (unsigned k = 0; k < pieces; k++)
            board[next(64)] = codes[next(12)];
        threat_pieces_of(rules, board, &p);
        for (unsigned s = 0; s < 64; s++) {
            if (board[s] == 0) {
                one_event(
                    rules, board, &p,
                    (struct threat_event){ THREAT_PUT, (unsigned char)s, 0, codes[next(12)] });
                events++;
                continue;
            }
            one_event(rules, board, &p,
                      (struct threat_event){ THREAT_REMOVE, (unsigned char)s, 0, 0 });
            one_event(
                rules, board, &p,
                (struct threat_event){ THREAT_REPLACE, (unsigned char)s, 0, codes[next(12)] });
            for (unsigned to = 0; to < 64; to++)
                if (board[to] == 0 && next(4) == 0)
                    one_event(rules, board, &p,
                              (struct threat_event){ THREAT_MOVE, (unsigned char)s,
                                                     (unsigned char)to, 0 }),
                        events++;
            events += 2;
        }
    }
    REQUIRE(events > 10000, "only %lu events", events);
}
END_TEST

static Suite *threatkind_suite(void)
{
    Suite *s = suite_create("threatkind");
    TCase *tc = tcase_create("the per-kind entries");

    tcase_add_loop_test(tc, every_event_of_random_boards, 0, 2);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(threatkind_suite());
}
