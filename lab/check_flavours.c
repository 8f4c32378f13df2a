/* SPDX-License-Identifier: MIT */
/* check_flavours.c - every flavour of the all-flavour layer
 * (lab/flavours.h), whatever configure chose: each one's slider
 * lookups against the reference ray walk, its table size against what its
 * layout must take, the move generator on its lookups against the
 * published perft counts, and the engine search on its lookups against
 * the same search on the reference. */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdio.h>

#include "flavours.h"
#include "machine.h"
#include "layout_sizes.h"
#include "movegen.h"
#include "reference.h"
#include "run_suite.h"
#include "search.h"

static const struct flavour_impl *flavour(int i)
{
    return &flavour_impls[i];
}

/* Skip, saying why, where the CPU cannot run the flavour's code; say
 * so where its code here is the plain C fallback. */
static int skipped(const struct flavour_impl *f)
{
    if (!flavour_runs_here(f)) {
        printf("# %s: skipped, this CPU lacks %s\n", f->name, isa_description(f->isa));
        return 1;
    }
    if (!*f->built)
        printf("# %s: its plain C, not %s: this test was not built for them\n", f->name,
               isa_description(f->isa));
    return 0;
}

static void every_subset(const struct flavour_impl *f, const char *piece, lookup_fn lookup,
                         uint64_t (*reference)(unsigned, uint64_t), uint64_t (*mask)(unsigned))
{
    for (unsigned sq = 0; sq < 64; sq++) {
        const uint64_t m = mask(sq);
        uint64_t subset = 0;

        do {
            const uint64_t got = lookup(sq, subset), want = reference(sq, subset);

            ck_assert_msg(got == want,
                          "%s %s on square %u, occupancy 0x%016llx: got 0x%016llx, want 0x%016llx",
                          f->name, piece, sq, (unsigned long long)subset, (unsigned long long)got,
                          (unsigned long long)want);
            subset = (subset - m) & m;
        } while (subset != 0);
    }
}

START_TEST(rook_every_relevant_occupancy)
{
    const struct flavour_impl *f = flavour(_i);

    if (!skipped(f))
        every_subset(f, "rook", f->rook, ref_rook, ref_rook_mask);
}
END_TEST

START_TEST(bishop_every_relevant_occupancy)
{
    const struct flavour_impl *f = flavour(_i);

    if (!skipped(f))
        every_subset(f, "bishop", f->bishop, ref_bishop, ref_bishop_mask);
}
END_TEST

/* Whole boards: edge squares, bits outside the mask and the slider's own
 * square must not change the answer. */
START_TEST(random_boards)
{
    const struct flavour_impl *f = flavour(_i);
    uint64_t state = 0x51ab1e5u;

    if (skipped(f))
        return;
    for (int i = 0; i < 64 * 2000; i++) {
        const unsigned sq = (unsigned)i & 63;
        uint64_t occ = ref_random(&state);

        for (int thin = (i >> 6) % 4; thin > 0; thin--)
            occ &= ref_random(&state);
        if (i & 64)
            occ |= (uint64_t)1 << sq;
        ck_assert_msg(f->rook(sq, occ) == ref_rook(sq, occ)
                          && f->bishop(sq, occ) == ref_bishop(sq, occ)
                          && f->queen(sq, occ) == ref_queen(sq, occ),
                      "%s on square %u, occupancy 0x%016llx: wrong attacks", f->name, sq,
                      (unsigned long long)occ);
    }
}
END_TEST

/* What each layout must take, worked out from the reference; one whose
 * size depends on its magics or packing must take no more than one slot
 * per relevant occupancy. */
START_TEST(table_bytes_match_the_layout)
{
    const struct flavour_impl *f = flavour(_i);
    int at_most = 0;
    const size_t want = expected_table_bytes(f->name, &at_most);

    ck_assert_msg(want != LAYOUT_UNKNOWN, "%s: no layout size", f->name);
    if (at_most) {
        printf("# %s: %lu table bytes (one slot a relevant occupancy: %zu)\n", f->name,
               (unsigned long)*f->table_bytes, want);
        ck_assert_msg(*f->table_bytes <= want, "%s: %lu table bytes, more than %zu", f->name,
                      (unsigned long)*f->table_bytes, want);
        return;
    }
    ck_assert_msg(*f->table_bytes == want, "%s: %lu table bytes, want %zu", f->name,
                  (unsigned long)*f->table_bytes, want);
}
END_TEST

/* The standard perft positions (movegen.h) and their perft counts to
 * depth 3, as published with them. */
static const char *const positions[STANDARD_POSITION_COUNT] = { STANDARD_POSITIONS };
static const uint64_t perft_depth3[STANDARD_POSITION_COUNT]
    = { 8902, 97862, 2812, 9467, 62379, 89890 };

static void parse_position(unsigned k, struct position *p)
{
    char why[FEN_WHY_SIZE];

    ck_assert_msg(parse_fen(positions[k], p, why) == 0, "%s", why);
}

/* The move generator on the flavour's lookups (its perft in the layer):
 * every count as published, so each flavour plays the same game. */
START_TEST(perft_counts)
{
    const struct flavour_impl *f = flavour(_i);

    if (skipped(f))
        return;
    for (unsigned k = 0; k < STANDARD_POSITION_COUNT; k++) {
        struct position p;
        uint64_t nodes;

        parse_position(k, &p);
        nodes = f->perft(&p, 3);
        ck_assert_msg(nodes == perft_depth3[k], "%s: perft 3 of '%s' is %llu, want %llu", f->name,
                      positions[k], (unsigned long long)nodes, (unsigned long long)perft_depth3[k]);
    }
}
END_TEST

/* The engine search on the flavour's lookups visits exactly the nodes,
 * and reaches the score, of the same search on the reference ray walk
 * (search.c built here with MOVEGEN_REFERENCE): any difference is a
 * wrong attack set somewhere in the tree. */
START_TEST(search_matches_the_reference)
{
    const struct flavour_impl *f = flavour(_i);
    struct search_table table;

    if (skipped(f))
        return;
    ck_assert_int_eq(search_table_create(&table, 1), 0);
    for (unsigned k = 0; k < STANDARD_POSITION_COUNT; k++) {
        struct position p;
        uint64_t got, want;
        int got_score, want_score;

        parse_position(k, &p);
        search_table_clear(&table);
        want = search(&p, 3, &table, &want_score);
        search_table_clear(&table);
        got = f->search(&p, 3, &table, &got_score);
        ck_assert_msg(got == want && got_score == want_score,
                      "%s: search 3 of '%s': %llu nodes, score %d; the reference: %llu, %d",
                      f->name, positions[k], (unsigned long long)got, got_score,
                      (unsigned long long)want, want_score);
    }
    search_table_free(&table);
}
END_TEST

static Suite *flavours_suite(void)
{
    Suite *s = suite_create("flavours");
    TCase *tc = tcase_create("every flavour");
    const int n = (int)flavour_impl_count;

    tcase_add_loop_test(tc, rook_every_relevant_occupancy, 0, n);
    tcase_add_loop_test(tc, bishop_every_relevant_occupancy, 0, n);
    tcase_add_loop_test(tc, random_boards, 0, n);
    tcase_add_loop_test(tc, table_bytes_match_the_layout, 0, n);
    tcase_add_loop_test(tc, perft_counts, 0, n);
    tcase_add_loop_test(tc, search_matches_the_reference, 0, n);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(flavours_suite());
}
