/* SPDX-License-Identifier: MIT */
/* check_attacks.c - slider attacks against the reference ray walk: the
 * exported functions (tests/check_attacks, linked with the shared library)
 * or, built with CHECK_INLINE, the inline lookups of <magicbb_inline.h>
 * (tests/check_inline, linked with the static library, as documented).
 * Each program runs tests/check_board.c's suite too, built the same way,
 * and check_attacks tests/check_portable.c's. */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicbb.h"
#include "magicbb_config.h"
#ifdef CHECK_INLINE
#include "magicbb_inline.h"
#endif
#include "layout_sizes.h"
#include "machine.h"
#include "reference.h"
#include "run_suite.h"

typedef uint64_t (*slider_fn)(unsigned, uint64_t);

struct slider {
    const char *name;
    slider_fn lookup;
    uint64_t (*reference)(unsigned, uint64_t);
    uint64_t (*mask)(unsigned);
};

#ifdef CHECK_INLINE
#define BOTH mbb_both_attacks_inline
#define ROOK_SET mbb_rook_attacks_set_inline
#define BISHOP_SET mbb_bishop_attacks_set_inline
#define QUEEN_SET mbb_queen_attacks_set_inline
#define NEAREST mbb_nearest_inline
#define KIND "inline "
#else
#define BOTH mbb_both_attacks
#define ROOK_SET mbb_rook_attacks_set
#define BISHOP_SET mbb_bishop_attacks_set
#define QUEEN_SET mbb_queen_attacks_set
#define NEAREST mbb_nearest
#define KIND ""
#endif

#ifdef CHECK_INLINE
/* Function pointers to the static inline versions, each inlined there. */
static uint64_t rook_inline(unsigned sq, uint64_t occ)
{
    return mbb_rook_attacks_inline(sq, occ);
}
static uint64_t bishop_inline(unsigned sq, uint64_t occ)
{
    return mbb_bishop_attacks_inline(sq, occ);
}
static uint64_t queen_inline(unsigned sq, uint64_t occ)
{
    return mbb_queen_attacks_inline(sq, occ);
}

static const struct slider rook = { "inline rook", rook_inline, ref_rook, ref_rook_mask };
static const struct slider bishop = { "inline bishop", bishop_inline, ref_bishop, ref_bishop_mask };
static const struct slider queen = { "inline queen", queen_inline, ref_queen, NULL };
#else
static const struct slider rook = { "rook", mbb_rook_attacks, ref_rook, ref_rook_mask };
static const struct slider bishop = { "bishop", mbb_bishop_attacks, ref_bishop, ref_bishop_mask };
static const struct slider queen = { "queen", mbb_queen_attacks, ref_queen, NULL };
#endif

static void check_one(const struct slider *s, unsigned sq, uint64_t occ)
{
    const uint64_t want = s->reference(sq, occ);
    const uint64_t got = s->lookup(sq, occ);

    REQUIRE(got == want, "%s on square %u, occupancy 0x%016llx: got 0x%016llx, want 0x%016llx",
            s->name, sq, (unsigned long long)occ, (unsigned long long)got,
            (unsigned long long)want);
}

/* Every subset of the squares that matter, on one square. */
static void check_every_subset(const struct slider *s, unsigned sq)
{
    const uint64_t mask = s->mask(sq);
    uint64_t subset = 0;
    unsigned count = 0;

    do {
        check_one(s, sq, subset);
        count++;
        subset = (subset - mask) & mask;
    } while (subset != 0);
    ck_assert_uint_eq(count, 1u << ref_popcount(mask));
}

START_TEST(rook_every_relevant_occupancy)
{
    check_every_subset(&rook, (unsigned)_i);
}
END_TEST

START_TEST(bishop_every_relevant_occupancy)
{
    check_every_subset(&bishop, (unsigned)_i);
}
END_TEST

/* Whole-board occupancies: bits outside the mask, edge squares, and the
 * slider's own square must not change the answer.  Densities from about
 * 3% to 50%. */
static void check_random_boards(const struct slider *s, unsigned sq)
{
    uint64_t state = 0x9d2c5680u + sq;

    for (int i = 0; i < 4000; i++) {
        uint64_t occ = ref_random(&state);

        for (int thin = i % 5; thin > 0; thin--)
            occ &= ref_random(&state);
        if (i & 1)
            occ |= (uint64_t)1 << sq;
        check_one(s, sq, occ);
    }
    check_one(s, sq, 0);
    check_one(s, sq, ~(uint64_t)0);
}

START_TEST(rook_random_boards)
{
    check_random_boards(&rook, (unsigned)_i);
}
END_TEST

START_TEST(bishop_random_boards)
{
    check_random_boards(&bishop, (unsigned)_i);
}
END_TEST

START_TEST(queen_random_boards)
{
    check_random_boards(&queen, (unsigned)_i);
}
END_TEST

/* Both sliders of a square from one call: each field against the ray
 * walk, over every subset of the squares that matter to either slider
 * (the other's squares held at random), as for the single lookups. */
static void check_both(unsigned sq, uint64_t occ)
{
    const struct mbb_both got = BOTH(sq, occ);

    REQUIRE(got.rook == ref_rook(sq, occ) && got.bishop == ref_bishop(sq, occ),
            KIND "both on square %u, occupancy 0x%016llx: got rook 0x%016llx bishop 0x%016llx,"
                 " want 0x%016llx 0x%016llx",
            sq, (unsigned long long)occ, (unsigned long long)got.rook,
            (unsigned long long)got.bishop, (unsigned long long)ref_rook(sq, occ),
            (unsigned long long)ref_bishop(sq, occ));
}

START_TEST(both_every_relevant_occupancy)
{
    const unsigned sq = (unsigned)_i;
    uint64_t state = 0xb07 + sq;

    for (int piece = 0; piece < 2; piece++) {
        const uint64_t mask = piece == 0 ? ref_rook_mask(sq) : ref_bishop_mask(sq);
        uint64_t subset = 0;

        do {
            check_both(sq, subset | (ref_random(&state) & ~mask));
            subset = (subset - mask) & mask;
        } while (subset != 0);
    }
    check_both(sq, 0);
    check_both(sq, ~(uint64_t)0);
}
END_TEST

/* The set attacks: the union of the single lookups of the ray walk over
 * the set's squares, with the same occupancy. */
static void check_set(const char *what, uint64_t (*set_fn)(uint64_t, uint64_t),
                      uint64_t (*reference)(unsigned, uint64_t), uint64_t pieces, uint64_t occ)
{
    uint64_t want = 0;
    const uint64_t got = set_fn(pieces, occ);

    for (unsigned sq = 0; sq < 64; sq++)
        if (pieces >> sq & 1)
            want |= reference(sq, occ);
    REQUIRE(got == want, KIND "%s of 0x%016llx, occupancy 0x%016llx: got 0x%016llx, want 0x%016llx",
            what, (unsigned long long)pieces, (unsigned long long)occ, (unsigned long long)got,
            (unsigned long long)want);
}

static uint64_t rook_set(uint64_t pieces, uint64_t occ)
{
    return ROOK_SET(pieces, occ);
}
static uint64_t bishop_set(uint64_t pieces, uint64_t occ)
{
    return BISHOP_SET(pieces, occ);
}
static uint64_t queen_set(uint64_t pieces, uint64_t occ)
{
    return QUEEN_SET(pieces, occ);
}

/* n random squares, some on occupied squares and some not. */
static uint64_t random_set(uint64_t *state, unsigned n)
{
    uint64_t set = 0;

    while (ref_popcount(set) < n)
        set |= (uint64_t)1 << (ref_random(state) % 64);
    return set;
}

/* Random sets of 0 to 16 pieces on random occupancies (sparse to dense),
 * _i sets of each size a run; then the adversarial ones: every edge
 * square, every square, the full and the empty board, pieces on occupied
 * and on empty squares only. */
START_TEST(sets_random_and_adversarial)
{
    uint64_t state = 0x5e7 + (uint64_t)_i;
    const uint64_t edges = UINT64_C(0xff818181818181ff);
    const uint64_t boards[] = { 0, ~(uint64_t)0, edges, ~edges, UINT64_C(0x00ff00000000ff00) };

    for (int round = 0; round < 4000; round++) {
        const unsigned n = (unsigned)round % 17;
        uint64_t occ = ref_random(&state);

        for (int thin = round % 3; thin > 0; thin--)
            occ &= ref_random(&state);
        {
            const uint64_t pieces = random_set(&state, n);

            check_set("rook set", rook_set, ref_rook, pieces, occ);
            check_set("bishop set", bishop_set, ref_bishop, pieces, occ);
            check_set("queen set", queen_set, ref_queen, pieces, occ);
            check_set("rook set", rook_set, ref_rook, pieces, occ | pieces);
            check_set("rook set", rook_set, ref_rook, pieces, occ & ~pieces);
            check_set("queen set", queen_set, ref_queen, pieces, occ & ~pieces);
        }
    }
    for (unsigned b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        for (unsigned p = 0; p < sizeof boards / sizeof boards[0]; p++) {
            check_set("rook set", rook_set, ref_rook, boards[p], boards[b]);
            check_set("bishop set", bishop_set, ref_bishop, boards[p], boards[b]);
            check_set("queen set", queen_set, ref_queen, boards[p], boards[b]);
        }
        for (unsigned sq = 0; sq < 64; sq++) { /* one piece, where the lookup serves */
            check_set("rook set", rook_set, ref_rook, (uint64_t)1 << sq, boards[b]);
            check_set("bishop set", bishop_set, ref_bishop, (uint64_t)1 << sq, boards[b]);
            check_set("queen set", queen_set, ref_queen, (uint64_t)1 << sq, boards[b]);
        }
    }
}
END_TEST

/* The nearest occupied square in direction d, walked here: step from sq
 * a file and a rank at a time (directions clockwise from north) until an
 * occupied square or the edge. */
static unsigned nearest_walk(unsigned sq, unsigned d, uint64_t occ)
{
    static const int file_step[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
    static const int rank_step[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
    int f = (int)(sq % 8) + file_step[d], r = (int)(sq / 8) + rank_step[d];

    for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += file_step[d], r += rank_step[d])
        if (occ >> (r * 8 + f) & 1)
            return (unsigned)(r * 8 + f);
    return 64;
}

static void check_nearest(unsigned sq, uint64_t occ)
{
    const uint64_t got = NEAREST(sq, occ);

    for (unsigned d = 0; d < 8; d++) {
        const unsigned want = nearest_walk(sq, d, occ);

        REQUIRE(MBB_NEAREST_IN(got, d) == want,
                KIND "nearest from square %u in direction %u, occupancy 0x%016llx: got %u "
                     "(all 0x%016llx), want %u",
                sq, d, (unsigned long long)occ, MBB_NEAREST_IN(got, d), (unsigned long long)got,
                want);
    }
}

/* doc/engines.md's x-ray loop (tests/docs.sh checks that its two lines
 * below are the page's): each line through s with both ends occupied,
 * once from each end, its ends those of the walk. */
static void check_xray_pairs(unsigned s, uint64_t occupied)
{
    const uint64_t ends = NEAREST(s, occupied);
    uint64_t lines = ~(ends | (ends >> 32 | ends << 32)) & 0x4040404040404040u;
    unsigned seen = 0;

    for (; lines != 0; lines &= lines - 1) {
        const unsigned d = (unsigned)(((lines & (0 - lines)) >> 6) * 0x0001020304050607u >> 56);
        const unsigned slider = MBB_NEAREST_IN(ends, d), victim = MBB_NEAREST_IN(ends, d ^ 4);

        REQUIRE(d < 8 && !(seen >> d & 1) && slider == nearest_walk(s, d, occupied)
                    && victim == nearest_walk(s, d ^ 4, occupied),
                KIND "x-ray loop from square %u, occupancy 0x%016llx: direction %u, %u through "
                     "it to %u",
                s, (unsigned long long)occupied, d, slider, victim);
        seen |= 1u << d;
    }
    for (unsigned d = 0; d < 8; d++)
        REQUIRE((int)(seen >> d & 1)
                    == (nearest_walk(s, d, occupied) < 64 && nearest_walk(s, d ^ 4, occupied) < 64),
                KIND "x-ray loop from square %u, occupancy 0x%016llx: direction %u %s", s,
                (unsigned long long)occupied, d, seen >> d & 1 ? "taken" : "missed");
}

/* Every square on random boards (sparse to dense, its own square
 * occupied or not), the empty and the full board, and every occupancy
 * of the squares next to it; the x-ray loop on the random boards. */
START_TEST(nearest_random_boards)
{
    const unsigned sq = (unsigned)_i;
    uint64_t state = 0x4ea5 + sq;

    for (int i = 0; i < 4000; i++) {
        uint64_t occ = ref_random(&state);

        for (int thin = i % 6; thin > 0; thin--)
            occ &= ref_random(&state);
        check_nearest(sq, occ | (uint64_t)(i & 1) << sq);
        check_nearest(sq, occ & ~((uint64_t)1 << sq));
        check_xray_pairs(sq, occ);
    }
    for (uint64_t subset = 0, around = ref_king(sq);;) {
        check_nearest(sq, subset);
        check_nearest(sq, ~subset);
        if ((subset = (subset - around) & around) == 0)
            break;
    }
    check_nearest(sq, 0);
    check_nearest(sq, ~(uint64_t)0);
    check_nearest(sq, ~((uint64_t)1 << sq));
}
END_TEST

/* The constants: directions clockwise from north, each opposite d ^ 4;
 * the start position seen from e4, and a bare board from a1. */
START_TEST(nearest_spot_checks)
{
    const unsigned e4 = 28, a1 = 0;
    const uint64_t start = UINT64_C(0xffff00000000ffff);
    const uint64_t from_e4 = NEAREST(e4, start);

    ck_assert_uint_eq(MBB_DIR_OPPOSITE(MBB_DIR_N), MBB_DIR_S);
    ck_assert_uint_eq(MBB_DIR_OPPOSITE(MBB_DIR_NE), MBB_DIR_SW);
    ck_assert_uint_eq(MBB_DIR_OPPOSITE(MBB_DIR_E), MBB_DIR_W);
    ck_assert_uint_eq(MBB_DIR_OPPOSITE(MBB_DIR_SE), MBB_DIR_NW);
    ck_assert_uint_eq(MBB_DIR_OPPOSITE(MBB_DIR_W), MBB_DIR_E);
    ck_assert_uint_eq(MBB_NEAREST_IN(from_e4, MBB_DIR_N), 52u);  /* e7 */
    ck_assert_uint_eq(MBB_NEAREST_IN(from_e4, MBB_DIR_NE), 55u); /* h7 */
    ck_assert_uint_eq(MBB_NEAREST_IN(from_e4, MBB_DIR_E), MBB_NO_SQUARE);
    ck_assert_uint_eq(MBB_NEAREST_IN(from_e4, MBB_DIR_SE), 14u); /* g2 */
    ck_assert_uint_eq(MBB_NEAREST_IN(from_e4, MBB_DIR_S), 12u);  /* e2 */
    ck_assert_uint_eq(MBB_NEAREST_IN(from_e4, MBB_DIR_SW), 10u); /* c2 */
    ck_assert_uint_eq(MBB_NEAREST_IN(from_e4, MBB_DIR_W), MBB_NO_SQUARE);
    ck_assert_uint_eq(MBB_NEAREST_IN(from_e4, MBB_DIR_NW), 49u); /* b7 */
    ck_assert_uint_eq(NEAREST(a1, (uint64_t)1 << a1), UINT64_C(0x4040404040404040));
    /* h8 alone occupied: the long diagonal's end, nothing elsewhere */
    ck_assert_uint_eq(NEAREST(a1, (uint64_t)1 << 63), UINT64_C(0x4040404040403f40));
}
END_TEST

#if MBB_FLAVOUR_DISPATCH
/* A dispatch library picks the first of its flavours (MBB_DISPATCH_LIST,
 * "NAME=ISA ...") whose instructions this CPU has, passing over BMI2
 * where PEXT is microcode (AMD families 0x15 and 0x17), asked here through
 * the compiler's CPU model rather than CPUID. */
START_TEST(flavour_is_the_configured_one)
{
    const char *list = MBB_DISPATCH_LIST;
    char name[32], isa[32];
    int used;

    while (sscanf(list, " %31[a-z0-9_]=%31[a-z0-9_]%n", name, isa, &used) == 2) {
        const int slow = strcmp(isa, "bmi2") == 0
                         && (__builtin_cpu_is("amdfam15h") || __builtin_cpu_is("amdfam17h"));

        list += used;
        if (cpu_runs_isa(isa) && !slow) {
            ck_assert_str_eq(mbb_flavour(), name);
            return;
        }
        printf("# dispatch: not %s here (%s)\n", name, slow ? "slow PEXT" : isa_description(isa));
    }
    ck_abort_msg("no flavour of '%s' runs here, yet the library chose %s", MBB_DISPATCH_LIST,
                 mbb_flavour());
}
END_TEST
#else
START_TEST(flavour_is_the_configured_one)
{
    const char *expected = getenv("MBB_EXPECT_FLAVOUR");

    ck_assert_str_eq(mbb_flavour(), MBB_FLAVOUR_NAME);
    if (expected != NULL)
        ck_assert_str_eq(mbb_flavour(), expected);
}
END_TEST
#endif

/* The installed flavour's tables take what its layout must; where that
 * depends on the magics or packing, no more than one slot per relevant
 * occupancy takes. */
START_TEST(table_bytes_match_the_layout)
{
    int at_most = 0;
    const size_t want = expected_table_bytes(mbb_flavour(), &at_most);

    ck_assert_uint_ne(want, LAYOUT_UNKNOWN);
    if (at_most)
        ck_assert_uint_le(mbb_table_bytes(), want);
    else
        ck_assert_uint_eq(mbb_table_bytes(), want);
}
END_TEST

/* The header's version macros, the library's mbb_version() and the
 * package's version agree. */
START_TEST(versions_agree)
{
    char macros[64];

    snprintf(macros, sizeof macros, "%d.%d.%d", MAGICBB_VERSION_MAJOR, MAGICBB_VERSION_MINOR,
             MAGICBB_VERSION_PATCH);
    ck_assert_str_eq(macros, MAGICBB_VERSION_STRING);
    ck_assert_str_eq(mbb_version(), MAGICBB_VERSION_STRING);
    ck_assert_str_eq(mbb_version(), MBB_PACKAGE_VERSION);
}
END_TEST

#if defined(MBB_DEBUG) && (defined(__x86_64__) || defined(__i386__))
/* Keeps a result alive so the call is not optimised away. */
static volatile uint64_t sunk;
static void sink_result(uint64_t x)
{
    sunk = x;
}

/* A library built with --enable-debug traps (ud2: SIGILL) on a square
 * past h8 or a colour past black, in every public function, instead of
 * reading outside its tables: a dispatch library once did not. */
enum { BAD_CALLS = 22 };
START_TEST(debug_build_traps_on_bad_square)
{
    const unsigned bad = 64 + (unsigned)(_i & 1) * 1000;

    switch (_i >> 1) {
    case 0:
        sink_result(mbb_rook_attacks(bad, 0));
        break;
    case 1:
        sink_result(mbb_bishop_attacks(bad, 0));
        break;
    case 2:
        sink_result(mbb_queen_attacks(bad, 0));
        break;
    case 3:
        sink_result(mbb_knight_attacks(bad) ^ mbb_king_attacks(bad));
        break;
    case 4:
        sink_result(_i & 1 ? mbb_pawn_attacks(2, 0) : mbb_pawn_attacks(0, bad));
        break;
    case 5:
        sink_result(_i & 1 ? mbb_between(0, bad) : mbb_between(bad, 0));
        break;
    case 6:
        sink_result(_i & 1 ? mbb_line(0, bad) : mbb_line(bad, 0));
        break;
    case 7:
        sink_result(_i & 1 ? mbb_segment(0, bad) : mbb_segment(bad, 0));
        break;
    case 8:
        sink_result((uint64_t)(_i & 1 ? mbb_aligned(0, 1, bad) : mbb_aligned(bad, 0, 1)));
        break;
    case 9:
        sink_result(_i & 1 ? mbb_pawn_attacks_set(2, 0) : (uint64_t)mbb_aligned(0, bad, 1));
        break;
    default:
        sink_result(mbb_nearest(bad, 0));
        break;
    }
}
END_TEST
#endif

static Suite *attacks_suite(void)
{
    Suite *s = suite_create("attacks");
    TCase *exhaustive = tcase_create("exhaustive");
    TCase *boards = tcase_create("random boards");
    TCase *about = tcase_create("about");

    tcase_add_loop_test(exhaustive, rook_every_relevant_occupancy, 0, 64);
    tcase_add_loop_test(exhaustive, bishop_every_relevant_occupancy, 0, 64);
    tcase_add_loop_test(boards, rook_random_boards, 0, 64);
    tcase_add_loop_test(boards, bishop_random_boards, 0, 64);
    tcase_add_loop_test(boards, queen_random_boards, 0, 64);
    tcase_add_loop_test(exhaustive, both_every_relevant_occupancy, 0, 64);
    tcase_add_loop_test(boards, sets_random_and_adversarial, 0, 64);
    tcase_add_loop_test(boards, nearest_random_boards, 0, 64);
    tcase_add_test(about, nearest_spot_checks);
    tcase_add_test(about, flavour_is_the_configured_one);
    tcase_add_test(about, table_bytes_match_the_layout);
    tcase_add_test(about, versions_agree);
#if defined(MBB_DEBUG) && (defined(__x86_64__) || defined(__i386__))
    tcase_add_loop_test_raise_signal(about, debug_build_traps_on_bad_square, SIGILL, 0, BAD_CALLS);
#endif
    suite_add_tcase(s, exhaustive);
    suite_add_tcase(s, boards);
    suite_add_tcase(s, about);
    return s;
}

int main(void)
{
    SRunner *runner = srunner_create(attacks_suite());

    srunner_add_suite(runner, board_suite());
#ifndef CHECK_INLINE
    srunner_add_suite(runner, portable_suite());
#endif
    return run_runner(runner);
}
