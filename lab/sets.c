/* SPDX-License-Identifier: MIT */
/* sets.c - a set call against the loop of single lookups it replaces,
 * on the vendored drop-in (single/, make dropin), as an engine compiles
 * it: whatever flags the build passes (-DMAGICBB_FLAVOUR_BLACK and the
 * like pick a carried flavour).
 *
 *     sets PIECE N [ROUNDS]
 *
 * PIECE is rook, bishop, queen or knight; 4096 random sets of N pieces
 * on occupancies of about a quarter of the board (the pieces' squares
 * occupied).  Both versions' answers are compared first; then ROUNDS
 * rounds (41), each timing both over every set 20 times, their order
 * alternating, and the median of the per-round ratios (set / loop) with
 * its distribution-free 95 % interval (paired_ratio, lab/timing.h: built
 * with lab/timing.c and the support files it needs, as lab/sets-rows.sh
 * does). */
#define _POSIX_C_SOURCE 200809L
#define MAGICBB_IMPLEMENTATION
#include "magicbb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing.h"

#define SETS 4096
static uint64_t pieces_of[SETS], occupied_of[SETS];

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
    return *s;
}

static uint64_t knight_set(uint64_t pieces, uint64_t occupied)
{
    return (void)occupied, mbb_knight_attacks_set(pieces);
}
static uint64_t knight_of(unsigned sq, uint64_t occupied)
{
    return (void)occupied, mbb_knight_attacks(sq);
}

/* Each kernel XORs the answers of every set; noinline keeps them apart. */
#define KERNELS(NAME, SET, ONE)                                                                    \
    __attribute__((noinline)) static uint64_t set_##NAME(void)                                     \
    {                                                                                              \
        uint64_t x = 0;                                                                            \
        for (int i = 0; i < SETS; i++)                                                             \
            x ^= SET(pieces_of[i], occupied_of[i]);                                                \
        return x;                                                                                  \
    }                                                                                              \
    __attribute__((noinline)) static uint64_t loop_##NAME(void)                                    \
    {                                                                                              \
        uint64_t x = 0;                                                                            \
        for (int i = 0; i < SETS; i++) {                                                           \
            uint64_t a = 0;                                                                        \
            for (uint64_t p = pieces_of[i]; p; p &= p - 1)                                         \
                a |= ONE(mbb_lowest_square(p), occupied_of[i]);                                    \
            x ^= a;                                                                                \
        }                                                                                          \
        return x;                                                                                  \
    }
KERNELS(rook, mbb_rook_attacks_set, mbb_rook_attacks)
KERNELS(bishop, mbb_bishop_attacks_set, mbb_bishop_attacks)
KERNELS(queen, mbb_queen_attacks_set, mbb_queen_attacks)
KERNELS(knight, knight_set, knight_of)

/* Each piece's set call (run[0]) and loop (run[1]). */
static struct kernel {
    const char *name;
    uint64_t (*run[2])(void);
} kernels[] = { { "rook", { set_rook, loop_rook } },
                { "bishop", { set_bishop, loop_bishop } },
                { "queen", { set_queen, loop_queen } },
                { "knight", { set_knight, loop_knight } } };

/* A kernel's set call (which 0) or loop (1) 20 times over every set, for
 * paired_ratio. */
static uint64_t twenty_times(void *context, unsigned which)
{
    const struct kernel *k = context;
    uint64_t x = 0;

    for (int j = 0; j < 20; j++)
        x ^= k->run[which]();
    return x;
}

int main(int argc, char **argv)
{
    const int n = argc > 2 ? atoi(argv[2]) : -1, rounds = argc > 3 ? atoi(argv[3]) : 41;
    uint64_t state = UINT64_C(0x9e3779b97f4a7c15) + (uint64_t)n;
    double ratio[1001];
    uint64_t sink = 0;
    struct interval figure;
    unsigned k = 0;

    while (argc > 1 && k < 4 && strcmp(argv[1], kernels[k].name) != 0)
        k++;
    if (k == 4 || n < 0 || n > 64 || rounds < 5 || rounds > 1001) {
        fprintf(stderr, "usage: sets rook|bishop|queen|knight N(0-64) [ROUNDS(5-1001)]\n");
        return 2;
    }
    for (int i = 0; i < SETS; i++) {
        uint64_t p = 0;

        while (__builtin_popcountll(p) < n)
            p |= UINT64_C(1) << (next_random(&state) % 64);
        pieces_of[i] = p;
        occupied_of[i] = (next_random(&state) & next_random(&state)) | p;
    }
    if (kernels[k].run[0]() != kernels[k].run[1]()) {
        printf("%s %s N=%d: the set call and the loop disagree\n", mbb_flavour(), argv[1], n);
        return 1;
    }
    figure = paired_ratio(twenty_times, &kernels[k], ratio, (size_t)rounds, &sink);
    printf("%s %s N=%d set/loop %.3f [%.3f, %.3f]\n", mbb_flavour(), argv[1], n, figure.median,
           figure.low, figure.high);
    return 0;
}
