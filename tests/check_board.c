/* SPDX-License-Identifier: MIT */
/* check_board.c - leaper, between and line tables against the reference:
 * the exported functions (in tests/check_attacks, linked with the shared
 * library) or, built with CHECK_INLINE, the inline lookups (in
 * tests/check_inline, linked with the static library). */
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
#define SEGMENT mbb_segment_inline
#define ALIGNED mbb_aligned_inline
#define PAWN_SET mbb_pawn_attacks_set_inline
#define RAY_PASS mbb_ray_pass_inline
#define KNIGHT_SET mbb_knight_attacks_set_inline
#define KING_SET mbb_king_attacks_set_inline
#else
#define KIND ""
#define KNIGHT mbb_knight_attacks
#define KING mbb_king_attacks
#define PAWN mbb_pawn_attacks
#define BETWEEN mbb_between
#define LINE mbb_line
#define SEGMENT mbb_segment
#define ALIGNED mbb_aligned
#define PAWN_SET mbb_pawn_attacks_set
#define RAY_PASS mbb_ray_pass
#define KNIGHT_SET mbb_knight_attacks_set
#define KING_SET mbb_king_attacks_set
#endif

#define CHECK_SQUARE(what, sq, got, want)                                                          \
    ck_assert_msg((got) == (want), "%s on square %u: got 0x%016llx, want 0x%016llx", what,         \
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

        ck_assert_msg(BETWEEN(a, b) == want,
                      KIND "between %u and %u: got 0x%016llx, want 0x%016llx", a, b,
                      (unsigned long long)BETWEEN(a, b), (unsigned long long)want);
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

        ck_assert_msg(got == want, KIND "line through %u and %u: got 0x%016llx, want 0x%016llx", a,
                      b, (unsigned long long)got, (unsigned long long)want);
        /* A line holds both ends and everything between them. */
        if (got != 0) {
            ck_assert_msg(got >> a & got >> b & 1, "line through %u and %u misses an end", a, b);
            ck_assert_msg((BETWEEN(a, b) & ~got) == 0, "between %u and %u leaves the line", a, b);
        }
    }
}
END_TEST

/* The segment from a to b: between and b; b alone where not aligned.
 * Aligned: c on the line through a and b.  Against the reference's
 * between and line. */
START_TEST(segment_and_aligned_every_pair)
{
    const unsigned a = (unsigned)_i;

    for (unsigned b = 0; b < 64; b++) {
        const uint64_t want = ref_between(a, b) | (uint64_t)1 << b, line = ref_line(a, b);

        ck_assert_msg(SEGMENT(a, b) == want,
                      KIND "segment from %u to %u: got 0x%016llx, want 0x%016llx", a, b,
                      (unsigned long long)SEGMENT(a, b), (unsigned long long)want);
        for (unsigned c = 0; c < 64; c++)
            ck_assert_msg(ALIGNED(a, b, c) == (int)(line >> c & 1),
                          KIND "aligned(%u, %u, %u): got %d", a, b, c, ALIGNED(a, b, c));
    }
}
END_TEST

/* Set-wise pawn attacks: the union of each pawn's, for random sets, the
 * empty board and a full one. */
START_TEST(pawn_attacks_of_sets)
{
    uint64_t state = 0x9a3d;

    for (int i = 0; i < 2000; i++) {
        const uint64_t pawns = i == 0   ? 0
                               : i == 1 ? ~(uint64_t)0
                                        : ref_random(&state) & ref_random(&state);

        for (unsigned color = 0; color < 2; color++) {
            uint64_t want = 0;

            for (unsigned sq = 0; sq < 64; sq++)
                if (pawns >> sq & 1)
                    want |= ref_pawn(color, sq);
            ck_assert_msg(PAWN_SET(color, pawns) == want,
                          KIND
                          "pawn attacks of colour %u from 0x%016llx: got 0x%016llx, want 0x%016llx",
                          color, (unsigned long long)pawns,
                          (unsigned long long)PAWN_SET(color, pawns), (unsigned long long)want);
        }
    }
}
END_TEST

/* The ray from a through b on to the edge, by its definition, walked
 * here: from a's neighbour, step on in the direction from a to b (one
 * file and rank step of -1, 0 or 1 each, where the two are aligned) to
 * the edge. */
static uint64_t ray_pass_walk(unsigned a, unsigned b)
{
    const int df = (int)(b % 8) - (int)(a % 8), dr = (int)(b / 8) - (int)(a / 8);
    const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    uint64_t ray = 0;

    if (a == b || (df != 0 && dr != 0 && df != dr && df != -dr))
        return 0;
    for (int f = (int)(a % 8) + sf, r = (int)(a / 8) + sr; f >= 0 && f < 8 && r >= 0 && r < 8;
         f += sf, r += sr)
        ray |= (uint64_t)1 << (r * 8 + f);
    return ray;
}

/* Stockfish's own formula for its RayPassBB[a][b] (src/attacks.cpp,
 * 762dd1da9), on the reference ray walk: for the piece type that sees b
 * from a on an empty board, attacks(pt, a, 0) & (attacks(pt, b, {a}) |
 * b); 0 where neither does. */
static uint64_t stockfish_ray_pass(unsigned a, unsigned b)
{
    const uint64_t bit_a = (uint64_t)1 << a, bit_b = (uint64_t)1 << b;

    if (ref_rook(a, 0) & bit_b)
        return ref_rook(a, 0) & (ref_rook(b, bit_a) | bit_b);
    if (ref_bishop(a, 0) & bit_b)
        return ref_bishop(a, 0) & (ref_bishop(b, bit_a) | bit_b);
    return 0;
}

START_TEST(ray_pass_every_pair)
{
    const unsigned a = (unsigned)_i;

    for (unsigned b = 0; b < 64; b++) {
        const uint64_t want = ray_pass_walk(a, b), got = RAY_PASS(a, b);

        ck_assert_msg(got == want, KIND "ray from %u through %u: got 0x%016llx, want 0x%016llx", a,
                      b, (unsigned long long)got, (unsigned long long)want);
        ck_assert_msg(got == stockfish_ray_pass(a, b),
                      KIND
                      "ray from %u through %u: got 0x%016llx, Stockfish's ray_pass_bb 0x%016llx",
                      a, b, (unsigned long long)got, (unsigned long long)stockfish_ray_pass(a, b));
        /* b and the squares between on it, a not, all on the line */
        if (want != 0)
            ck_assert_msg((got >> b & 1) && !(got >> a & 1)
                              && (got & ref_between(a, b)) == ref_between(a, b)
                              && (got & ~ref_line(a, b)) == 0,
                          "ray from %u through %u is not a's ray through b", a, b);
    }
}
END_TEST

/* Knight and king attacks of sets: the union of each piece's, for random
 * sets of every density, the empty and the full board, every edge. */
START_TEST(leaper_attacks_of_sets)
{
    uint64_t state = 0x5e75;

    for (int i = 0; i < 20000; i++) {
        uint64_t set = ref_random(&state), want_knight = 0, want_king = 0;

        for (int thin = i % 4; thin > 0; thin--)
            set &= ref_random(&state);
        set = i == 0 ? 0 : i == 1 ? ~(uint64_t)0 : i == 2 ? UINT64_C(0xff818181818181ff) : set;
        for (unsigned sq = 0; sq < 64; sq++) {
            if (set >> sq & 1) {
                want_knight |= ref_knight(sq);
                want_king |= ref_king(sq);
            }
        }
        ck_assert_msg(KNIGHT_SET(set) == want_knight,
                      KIND "knights on 0x%016llx: got 0x%016llx, want 0x%016llx",
                      (unsigned long long)set, (unsigned long long)KNIGHT_SET(set),
                      (unsigned long long)want_knight);
        ck_assert_msg(KING_SET(set) == want_king,
                      KIND "kings on 0x%016llx: got 0x%016llx, want 0x%016llx",
                      (unsigned long long)set, (unsigned long long)KING_SET(set),
                      (unsigned long long)want_king);
    }
}
END_TEST

/* A few well-known cases, spelled out. */
START_TEST(lines_spot_checks)
{
    const unsigned a1 = 0, c1 = 2, h1 = 7, a8 = 56, h8 = 63, b3 = 17;

    ck_assert_uint_eq(mbb_between(a1, h8), 0x0040201008040200u); /* b2..g7 */
    ck_assert_uint_eq(mbb_between(a1, c1), 0x2u);                /* b1 */
    ck_assert_uint_eq(mbb_between(a1, a1 + 8), 0);               /* adjacent */
    ck_assert_uint_eq(mbb_between(a1, b3), 0);                   /* a knight's move */
    ck_assert_uint_eq(mbb_line(c1, h1), 0xffu);                  /* the first rank */
    ck_assert_uint_eq(mbb_line(a8, h1), 0x0102040810204080u);    /* the long diagonal */
    ck_assert_uint_eq(mbb_line(a1, a1), 0);
    ck_assert_uint_eq(mbb_segment(a1, h8), 0x8040201008040200u); /* b2..h8 */
    ck_assert_uint_eq(mbb_segment(a1, b3), 1u << b3);            /* a knight: b3 alone */
    ck_assert_int_eq(mbb_aligned(a1, c1, h1), 1);
    ck_assert_int_eq(mbb_aligned(a1, c1, b3), 0);
}
END_TEST

Suite *board_suite(void)
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
    tcase_add_loop_test(lines, segment_and_aligned_every_pair, 0, 64);
    tcase_add_test(leapers, pawn_attacks_of_sets);
    tcase_add_test(leapers, leaper_attacks_of_sets);
    tcase_add_loop_test(lines, ray_pass_every_pair, 0, 64);
    tcase_add_test(lines, lines_spot_checks);
    suite_add_tcase(s, leapers);
    suite_add_tcase(s, lines);
    return s;
}
