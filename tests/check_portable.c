/* SPDX-License-Identifier: MIT */
/* check_portable.c - the move generator's bit helpers as a compiler
 * without GNU builtins builds them (support/lookups.h under
 * MOVEGEN_PORTABLE: a De Bruijn multiply for the lowest square, a loop
 * for the count) against a bit-by-bit walk written here: every word of
 * one and two bits, and a million more of every density.  They are the
 * only code MOVEGEN_PORTABLE changes; make check-slow runs the perft
 * counts on them too (tests/perft.sh on tests/perft-portable). */
#define MOVEGEN_PORTABLE
#include <check.h>
#include <stdint.h>

#include "lookups.h"
#include "run_suite.h"

/* The lowest set bit and the number of set bits, one bit at a time. */
static unsigned walk_lowest(uint64_t b)
{
    unsigned sq = 0;

    while (!((b >> sq) & 1))
        sq++;
    return sq;
}

static unsigned walk_count(uint64_t b)
{
    unsigned n = 0, sq;

    for (sq = 0; sq < 64; sq++)
        n += (unsigned)((b >> sq) & 1);
    return n;
}

#define SAME(b)                                                                                    \
    REQUIRE(lsb(b) == walk_lowest(b) && popcount(b) == walk_count(b),                              \
            "0x%016llx: lsb %u (want %u), popcount %u (want %u)", (unsigned long long)(b), lsb(b), \
            walk_lowest(b), popcount(b), walk_count(b))

START_TEST(one_and_two_bits)
{
    unsigned a, b;

    for (a = 0; a < 64; a++)
        for (b = a; b < 64; b++)
            SAME(BIT(a) | BIT(b));
    SAME(~(uint64_t)0);
}
END_TEST

/* xorshift64 words, ANDed or ORed together for sparse and dense ones */
START_TEST(random_words)
{
    uint64_t x = 0x9e3779b97f4a7c15u;
    unsigned i;

    for (i = 0; i < 1000000; i++) {
        uint64_t w[3], b;
        unsigned k;

        for (k = 0; k < 3; k++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            w[k] = x;
        }
        switch (i % 4) {
        case 0:
            b = w[0];
            break;
        case 1:
            b = w[0] & w[1] & w[2];
            break;
        case 2:
            b = w[0] | w[1] | w[2];
            break;
        default:
            b = w[0] & ~(uint64_t)0 << (w[1] & 63);
            break;
        }
        if (b)
            SAME(b);
    }
}
END_TEST

Suite *portable_suite(void)
{
    Suite *s = suite_create("portable move generator bits");
    TCase *t = tcase_create("lsb and popcount");

    tcase_add_test(t, one_and_two_bits);
    tcase_add_test(t, random_words);
    suite_add_tcase(s, t);
    return s;
}
