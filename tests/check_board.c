/* SPDX-License-Identifier: MIT */
/* check_board.c - leaper, between and line tables against the reference:
 * the exported functions (tests/check_board, linked with the shared
 * library) or, built with CHECK_INLINE, the inline lookups
 * (tests/check_board_inline, linked with the static library). */
#include <check.h>

#include "magicbb.h"
#include "reference.h"
#include "run_suite.h"

#ifdef CHECK_INLINE
#include "magicbb_inline.h"
#define KIND "inline "
#define KNIGHT mbb_knight_attacks_inline
#define KING mbb_king_attacks_inline
#define PAWN mbb_pawn_attacks_inline
#define BETWEEN mbb_between_inline
#define LINE mbb_line_inline
#else
#define KIND ""
#define KNIGHT mbb_knight_attacks
#define KING mbb_king_attacks
#define PAWN mbb_pawn_attacks
#define BETWEEN mbb_between
#define LINE mbb_line
#endif

#define CHECK_SQUARE(what, sq, got, want)                                                    \
    ck_assert_msg((got) == (want), "%s on square %u: got 0x%016llx, want 0x%016llx", what, \
                  (unsigned)(sq), (unsigned long long)(got), (unsigned long long)(want))

START_TEST(knight_attacks)
{
    const unsigned sq = (unsigned)_i;

    CHECK_SQUARE(KIND "knight", sq, KNIGHT(sq), ref_knight(sq));
}
END_TEST

START_TEST(king_attacks)
{
    const unsigned sq = (unsigned)_i;

    CHECK_SQUARE(KIND "king", sq, KING(sq), ref_king(sq));
}
END_TEST

START_TEST(pawn_attacks)
{
    const unsigned sq = (unsigned)_i;

    CHECK_SQUARE(KIND "white pawn", sq, PAWN(0, sq), ref_pawn(0, sq));
    CHECK_SQUARE(KIND "black pawn", sq, PAWN(1, sq), ref_pawn(1, sq));
}
END_TEST

/* Counts known for any chess board: 336 knight moves and 420 king moves
 * from all 64 squares of an empty board, 896 rook and 560 bishop moves.
 * They guard the reference itself. */
START_TEST(reference_move_counts)
{
    unsigned knight = 0, king = 0, rook = 0, bishop = 0;

    for (unsigned sq = 0; sq < 64; sq++) {
        knight += ref_popcount(ref_knight(sq));
        king += ref_popcount(ref_king(sq));
        rook += ref_popcount(ref_rook(sq, 0));
        bishop += ref_popcount(ref_bishop(sq, 0));
    }
    ck_assert_uint_eq(knight, 336);
    ck_assert_uint_eq(king, 420);
    ck_assert_uint_eq(rook, 896);
    ck_assert_uint_eq(bishop, 560);
}
END_TEST

/* Square a against every square b. */
START_TEST(between_every_pair)
{
    const unsigned a = (unsigned)_i;

    for (unsigned b = 0; b < 64; b++) {
        const uint64_t want = ref_between(a, b);

        ck_assert_msg(BETWEEN(a, b) == want, KIND "between %u and %u: got 0x%016llx, want 0x%016llx",
                      a, b, (unsigned long long)BETWEEN(a, b), (unsigned long long)want);
        ck_assert_msg(BETWEEN(a, b) == BETWEEN(b, a), "between %u and %u not symmetric", a, b);
    }
}
END_TEST

START_TEST(line_every_pair)
{
    const unsigned a = (unsigned)_i;

    for (unsigned b = 0; b < 64; b++) {
        const uint64_t want = ref_line(a, b);
        const uint64_t got = LINE(a, b);

        ck_assert_msg(got == want, KIND "line through %u and %u: got 0x%016llx, want 0x%016llx", a, b,
                      (unsigned long long)got, (unsigned long long)want);
        /* A line holds both ends and everything between them. */
        if (got != 0) {
            ck_assert_msg(got >> a & got >> b & 1, "line through %u and %u misses an end", a, b);
            ck_assert_msg((BETWEEN(a, b) & ~got) == 0, "between %u and %u leaves the line",
                          a, b);
        }
    }
}
END_TEST

/* A few well-known cases, spelled out. */
START_TEST(lines_spot_checks)
{
    const unsigned a1 = 0, c1 = 2, h1 = 7, a8 = 56, h8 = 63, b3 = 17;

    ck_assert_uint_eq(mbb_between(a1, h8), 0x0040201008040200u); /* b2..g7 */
    ck_assert_uint_eq(mbb_between(a1, c1), 0x2u);                 /* b1 */
    ck_assert_uint_eq(mbb_between(a1, a1 + 8), 0);                /* adjacent */
    ck_assert_uint_eq(mbb_between(a1, b3), 0);                    /* a knight's move */
    ck_assert_uint_eq(mbb_line(c1, h1), 0xffu);                   /* the first rank */
    ck_assert_uint_eq(mbb_line(a8, h1), 0x0102040810204080u);     /* the long diagonal */
    ck_assert_uint_eq(mbb_line(a1, a1), 0);
}
END_TEST

static Suite *board_suite(void)
{
    Suite *s = suite_create("board");
    TCase *leapers = tcase_create("leapers");
    TCase *lines = tcase_create("lines");

    tcase_add_loop_test(leapers, knight_attacks, 0, 64);
    tcase_add_loop_test(leapers, king_attacks, 0, 64);
    tcase_add_loop_test(leapers, pawn_attacks, 0, 64);
    tcase_add_test(leapers, reference_move_counts);
    tcase_add_loop_test(lines, between_every_pair, 0, 64);
    tcase_add_loop_test(lines, line_every_pair, 0, 64);
    tcase_add_test(lines, lines_spot_checks);
    suite_add_tcase(s, leapers);
    suite_add_tcase(s, lines);
    return s;
}

int main(void)
{
    return run_suite(board_suite());
}
