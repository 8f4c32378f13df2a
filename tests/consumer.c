/* consumer.c - a program outside the project, built against an installed
 * magicbb with pkg-config (see .ci/run):
 *
 *     cc tests/consumer.c tests/reference.c $(pkg-config --cflags --libs magicbb)
 *     ./a.out FLAVOUR
 *
 * Checks every square and every relevant occupancy of rooks and bishops,
 * random full boards for queens, and every leaper, between and line entry
 * against the reference; checks that mbb_flavour() is FLAVOUR.  Prints
 * "N passed, N failed" and exits non-zero on any failure. */
#include <stdio.h>
#include <string.h>

#include <magicbb.h>

#include "reference.h"

static unsigned long passed, failed;

static void expect(int ok, const char *what, unsigned a, uint64_t occ, uint64_t got, uint64_t want)
{
    if (ok) {
        passed++;
        return;
    }
    if (failed++ < 10)
        printf("FAIL %s %u occupancy 0x%016llx: got 0x%016llx, want 0x%016llx\n", what, a,
               (unsigned long long)occ, (unsigned long long)got, (unsigned long long)want);
}

static void every_subset(const char *what, unsigned sq, uint64_t mask,
                         uint64_t (*lookup)(unsigned, uint64_t),
                         uint64_t (*reference)(unsigned, uint64_t))
{
    uint64_t subset = 0;

    do {
        uint64_t got = lookup(sq, subset), want = reference(sq, subset);

        expect(got == want, what, sq, subset, got, want);
        subset = (subset - mask) & mask;
    } while (subset != 0);
}

int main(int argc, char **argv)
{
    uint64_t state = 0x5eed;

    if (argc != 2) {
        fputs("usage: consumer FLAVOUR\n", stderr);
        return 2;
    }
    expect(strcmp(mbb_flavour(), argv[1]) == 0, "flavour", 0, 0, 0, 0);
    if (strcmp(mbb_flavour(), argv[1]) != 0)
        printf("FAIL flavour is '%s', expected '%s'\n", mbb_flavour(), argv[1]);
    for (unsigned sq = 0; sq < 64; sq++) {
        every_subset("rook", sq, ref_rook_mask(sq), mbb_rook_attacks, ref_rook);
        every_subset("bishop", sq, ref_bishop_mask(sq), mbb_bishop_attacks, ref_bishop);
        for (int i = 0; i < 1000; i++) {
            uint64_t occ = ref_random(&state) & ref_random(&state);
            uint64_t got = mbb_queen_attacks(sq, occ), want = ref_queen(sq, occ);

            expect(got == want, "queen", sq, occ, got, want);
        }
        expect(mbb_knight_attacks(sq) == ref_knight(sq), "knight", sq, 0, mbb_knight_attacks(sq),
               ref_knight(sq));
        expect(mbb_king_attacks(sq) == ref_king(sq), "king", sq, 0, mbb_king_attacks(sq),
               ref_king(sq));
        for (unsigned c = 0; c < 2; c++)
            expect(mbb_pawn_attacks(c, sq) == ref_pawn(c, sq), "pawn", sq, c,
                   mbb_pawn_attacks(c, sq), ref_pawn(c, sq));
        for (unsigned b = 0; b < 64; b++) {
            expect(mbb_between(sq, b) == ref_between(sq, b), "between", sq, b, mbb_between(sq, b),
                   ref_between(sq, b));
            expect(mbb_line(sq, b) == ref_line(sq, b), "line", sq, b, mbb_line(sq, b),
                   ref_line(sq, b));
        }
    }
    printf("consumer (%s): %lu passed, %lu failed\n", mbb_flavour(), passed, failed);
    return failed == 0 ? 0 : 1;
}
