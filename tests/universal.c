/* SPDX-License-Identifier: MIT */
/* universal.c - calls both sides of tests/universal.h's program, each
 * where the CPU runs its instructions, as an engine's universal build
 * picks one at run time; a side built for BMI2 on a CPU without it is
 * linked but not called, and says so.  Every lookup of each side against
 * the reference ray walk of support/reference.c: every square with random
 * occupancies for the sliders, every square for the leapers, every pair
 * for between and line.
 *
 *     universal BMI2-FLAVOUR BASE-FLAVOUR
 *
 * prints a line a side and exits 0 where every lookup called agrees and
 * each side called is the flavour named.  Built as C or as C++. */
#include <stdio.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif
#include "reference.h"
#ifdef __cplusplus
}
#endif
#include "universal.h"

/* Whether this CPU runs code built for the side's instructions. */
static int runs(const struct universal_side *side)
{
    if (strcmp(side->isa, "bmi2") != 0)
        return 1;
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") != 0;
}

/* Checks one side; the number of lookups that disagree with the walk,
 * the first of them printed. */
static unsigned long check(const struct universal_side *s, unsigned long *passed)
{
    unsigned long failed = 0;
    uint64_t state = 0x9e3779b97f4a7c15u;

#define UNIVERSAL_EXPECT(what, a, b, got, want)                                                    \
    do {                                                                                           \
        if ((got) == (want)) {                                                                     \
            (*passed)++;                                                                           \
        } else if (failed++ == 0) {                                                                \
            printf("%s: %s(%u, %#llx) gives %#llx, the walk %#llx\n", s->isa, what, a,             \
                   (unsigned long long)(b), (unsigned long long)(got),                             \
                   (unsigned long long)(want));                                                    \
        }                                                                                          \
    } while (0)
    for (unsigned sq = 0; sq < 64; sq++) {
        for (int i = 0; i < 256; i++) {
            /* dense, then sparser boards */
            uint64_t occupied = ref_random(&state);

            if (i & 1)
                occupied &= ref_random(&state);
            if (i & 2)
                occupied &= ref_random(&state);
            UNIVERSAL_EXPECT("rook", sq, occupied, s->rook(sq, occupied), ref_rook(sq, occupied));
            UNIVERSAL_EXPECT("bishop", sq, occupied, s->bishop(sq, occupied),
                             ref_bishop(sq, occupied));
            UNIVERSAL_EXPECT("queen", sq, occupied, s->queen(sq, occupied),
                             ref_queen(sq, occupied));
        }
        UNIVERSAL_EXPECT("knight", sq, 0, s->knight(sq), ref_knight(sq));
        UNIVERSAL_EXPECT("king", sq, 0, s->king(sq), ref_king(sq));
        for (unsigned color = 0; color < 2; color++)
            UNIVERSAL_EXPECT("pawn", sq, color, s->pawn(color, sq), ref_pawn(color, sq));
        for (unsigned b = 0; b < 64; b++) {
            UNIVERSAL_EXPECT("between", sq, b, s->between(sq, b), ref_between(sq, b));
            UNIVERSAL_EXPECT("line", sq, b, s->line(sq, b), ref_line(sq, b));
        }
    }
#undef UNIVERSAL_EXPECT
    return failed;
}

int main(int argc, char **argv)
{
    const struct universal_side *sides[2]
        = { UNIVERSAL_SIDE_OF(isa_bmi2), UNIVERSAL_SIDE_OF(isa_base) };
    int status = 0;

    if (argc != 3) {
        fprintf(stderr, "usage: universal BMI2-FLAVOUR BASE-FLAVOUR\n");
        return 2;
    }
    for (int i = 0; i < 2; i++) {
        const struct universal_side *side = sides[i];
        unsigned long passed = 0, failed;

        if (!runs(side)) {
            printf("%s (%s): linked, not called: this CPU lacks BMI2\n", side->isa, argv[1 + i]);
            continue;
        }
        failed = check(side, &passed);
        printf("%s (%s): %lu passed, %lu failed\n", side->isa, side->flavour(), passed, failed);
        if (failed != 0 || strcmp(side->flavour(), argv[1 + i]) != 0)
            status = 1;
    }
    return status;
}
