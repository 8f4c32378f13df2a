/* SPDX-License-Identifier: MIT */
/* selftest.c - verify an installed or freshly built magicbb on its CPU.
 *
 * No Check, no malloc: every square and every relevant occupancy of rooks
 * and bishops, random full boards for queens, every leaper, between, line,
 * segment and aligned entry, and pawn attacks of random sets of pawns,
 * against the reference ray walk of support/reference.c; both sliders of
 * a square, the rays past a square, the nearest occupied squares and the
 * attacks of random sets of pieces, against its lines, its steps and the
 * union of its single attacks.
 * Small enough to run under an emulator or as a firmware power-on self
 * test: build with -DSELFTEST_NO_MAIN and call selftest_run(&passed),
 * which returns the number of failed checks (and sets passed).
 *
 *     magicbb-selftest [FLAVOUR]
 *
 * prints one line, "selftest (FLAVOUR): N passed, N failed" (after the
 * first failure, if any), and exits 0 only if everything passed and, when
 * FLAVOUR is given, mbb_flavour() is FLAVOUR. */
#include <magicbb.h>

#include "reference.h"

struct selftest {
    unsigned long passed, failed;
    /* the first failure */
    const char *what;
    unsigned sq;
    uint64_t occupied, got, want;
};

static void expect(struct selftest *t, const char *what, unsigned sq, uint64_t occupied,
                   uint64_t got, uint64_t want)
{
    if (got == want) {
        t->passed++;
        return;
    }
    if (t->failed++ == 0) {
        t->what = what;
        t->sq = sq;
        t->occupied = occupied;
        t->got = got;
        t->want = want;
    }
}

static void every_subset(struct selftest *t, const char *what, unsigned sq, uint64_t mask,
                         uint64_t (*lookup)(unsigned, uint64_t),
                         uint64_t (*reference)(unsigned, uint64_t))
{
    uint64_t subset = 0;

    do {
        expect(t, what, sq, subset, lookup(sq, subset), reference(sq, subset));
        subset = (subset - mask) & mask;
    } while (subset != 0);
}

/* The ray from a through b on to the edge, from the reference's lines:
 * the squares x of the line on b's side of a (x == b, x between a and b,
 * or b between a and x). */
static uint64_t ray_pass_of_lines(unsigned a, unsigned b)
{
    const uint64_t line = ref_line(a, b);
    uint64_t ray = 0;

    for (unsigned x = 0; x < 64; x++)
        if ((line >> x & 1)
            && (x == b || (ref_between(a, b) >> x & 1) || (ref_between(a, x) >> b & 1)))
            ray |= UINT64_C(1) << x;
    return ray;
}

/* The nearest occupied square from sq in each direction, one a byte in
 * mbb_nearest's order (clockwise from north), by the reference's steps. */
static uint64_t nearest_of_steps(unsigned sq, uint64_t occupied)
{
    static const enum ref_dir clockwise[8]
        = { REF_N, REF_NE, REF_E, REF_SE, REF_S, REF_SW, REF_W, REF_NW };
    uint64_t nearest = 0;

    for (unsigned d = 0; d < 8; d++) {
        uint64_t x = UINT64_C(1) << sq, square = 64;

        while ((x = ref_step(x, clockwise[d])) != 0 && !(x & occupied))
            continue;
        if (x != 0)
            for (square = 0; !(x >> square & 1); square++)
                continue;
        nearest |= square << 8 * d;
    }
    return nearest;
}

/* The union of a lookup over a set's squares. */
static uint64_t union_of(uint64_t pieces, uint64_t occupied,
                         uint64_t (*reference)(unsigned, uint64_t))
{
    uint64_t all = 0;

    for (unsigned sq = 0; sq < 64; sq++)
        if (pieces >> sq & 1)
            all |= reference(sq, occupied);
    return all;
}

static uint64_t ref_knight_of(unsigned sq, uint64_t occupied)
{
    return (void)occupied, ref_knight(sq);
}
static uint64_t ref_king_of(unsigned sq, uint64_t occupied)
{
    return (void)occupied, ref_king(sq);
}

/* Both sliders of a square, the sets of pieces and the rays past a square. */
static void run_threats(struct selftest *t, uint64_t *state)
{
    for (unsigned sq = 0; sq < 64; sq++) {
        for (int i = 0; i < 100; i++) {
            const uint64_t occupied = ref_random(state) & ref_random(state);
            const struct mbb_both both = mbb_both_attacks(sq, occupied);

            expect(t, "both: rook", sq, occupied, both.rook, ref_rook(sq, occupied));
            expect(t, "both: bishop", sq, occupied, both.bishop, ref_bishop(sq, occupied));
            expect(t, "nearest", sq, occupied ^ (uint64_t)(i & 1) << sq,
                   mbb_nearest(sq, occupied ^ (uint64_t)(i & 1) << sq),
                   nearest_of_steps(sq, occupied));
        }
        for (unsigned b = 0; b < 64; b++)
            expect(t, "ray pass", sq, b, mbb_ray_pass(sq, b), ray_pass_of_lines(sq, b));
    }
    for (int i = 0; i < 2000; i++) {
        uint64_t pieces = 0, occupied = ref_random(state) & ref_random(state);

        while (ref_popcount(pieces) < (unsigned)i % 17)
            pieces |= UINT64_C(1) << (ref_random(state) % 64);
        occupied = i % 2 ? occupied | pieces : occupied;
        expect(t, "rook set", 0, pieces, mbb_rook_attacks_set(pieces, occupied),
               union_of(pieces, occupied, ref_rook));
        expect(t, "bishop set", 0, pieces, mbb_bishop_attacks_set(pieces, occupied),
               union_of(pieces, occupied, ref_bishop));
        expect(t, "queen set", 0, pieces, mbb_queen_attacks_set(pieces, occupied),
               union_of(pieces, occupied, ref_queen));
        expect(t, "knight set", 0, pieces, mbb_knight_attacks_set(pieces),
               union_of(pieces, 0, ref_knight_of));
        expect(t, "king set", 0, pieces, mbb_king_attacks_set(pieces),
               union_of(pieces, 0, ref_king_of));
    }
}

static void run_all(struct selftest *t)
{
    uint64_t state = 0x5eed;

    t->passed = t->failed = 0;
    for (unsigned sq = 0; sq < 64; sq++) {
        every_subset(t, "rook", sq, ref_rook_mask(sq), mbb_rook_attacks, ref_rook);
        every_subset(t, "bishop", sq, ref_bishop_mask(sq), mbb_bishop_attacks, ref_bishop);
        for (int i = 0; i < 1000; i++) {
            uint64_t occupied = ref_random(&state) & ref_random(&state);

            expect(t, "queen", sq, occupied, mbb_queen_attacks(sq, occupied),
                   ref_queen(sq, occupied));
        }
        expect(t, "knight", sq, 0, mbb_knight_attacks(sq), ref_knight(sq));
        expect(t, "king", sq, 0, mbb_king_attacks(sq), ref_king(sq));
        for (unsigned color = 0; color < 2; color++)
            expect(t, "pawn", sq, color, mbb_pawn_attacks(color, sq), ref_pawn(color, sq));
        for (unsigned b = 0; b < 64; b++) {
            const uint64_t line = ref_line(sq, b);

            expect(t, "between", sq, b, mbb_between(sq, b), ref_between(sq, b));
            expect(t, "line", sq, b, mbb_line(sq, b), line);
            expect(t, "segment", sq, b, mbb_segment(sq, b), ref_between(sq, b) | UINT64_C(1) << b);
            for (unsigned c = 0; c < 64; c++)
                expect(t, "aligned", sq, (uint64_t)b << 8 | c, (uint64_t)mbb_aligned(sq, b, c),
                       line >> c & 1);
        }
    }
    for (int i = 0; i < 1000; i++) {
        const uint64_t pawns = ref_random(&state) & ref_random(&state);

        for (unsigned color = 0; color < 2; color++) {
            uint64_t want = 0;

            for (unsigned sq = 0; sq < 64; sq++)
                if (pawns >> sq & 1)
                    want |= ref_pawn(color, sq);
            expect(t, "pawn set", color, pawns, mbb_pawn_attacks_set(color, pawns), want);
        }
    }
    run_threats(t, &state);
}

unsigned long selftest_run(unsigned long *passed);

unsigned long selftest_run(unsigned long *passed)
{
    struct selftest t;

    run_all(&t);
    if (passed != NULL)
        *passed = t.passed;
    return t.failed;
}

#ifndef SELFTEST_NO_MAIN
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    static struct selftest t;
    int wrong_flavour = argc > 1 && strcmp(mbb_flavour(), argv[1]) != 0;

    run_all(&t);
    if (wrong_flavour)
        printf("FAIL: the library's flavour is %s, not %s\n", mbb_flavour(), argv[1]);
    if (t.failed != 0)
        printf(
            "FAIL: %s on square %u, occupancy or square 0x%016llx: got 0x%016llx, want 0x%016llx\n",
            t.what, t.sq, (unsigned long long)t.occupied, (unsigned long long)t.got,
            (unsigned long long)t.want);
    printf("selftest (%s): %lu passed, %lu failed\n", mbb_flavour(), t.passed,
           t.failed + (unsigned long)wrong_flavour);
    return t.failed == 0 && !wrong_flavour ? 0 : 1;
}
#endif
