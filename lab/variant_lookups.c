/* SPDX-License-Identifier: MIT */
/* variant_lookups.c - the instructions of one lookup of each variant
 * family, under callgrind (doc/variants.md, "Lookup cost"): compiled with
 * tables generated with --prefix=vt and -DVARIANT_HEADER='"FILE.h"',
 * `variant_lookups FAMILY N` does N lookups of FAMILY over 4,096 random
 * (square, occupancy) pairs and prints their XOR.  The difference of two
 * runs' instruction counts over the difference of their N is one lookup
 * and the loop's few instructions around it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include VARIANT_HEADER

#define PAIRS 4096

static const char *const names[]
    = { "rook_h",       "rook_v",        "bishop",        "cannon_h",       "cannon_v",
        "cannon_diag",  "grasshopper_h", "grasshopper_v", "grasshopper_d",  "nightrider",
        "lame_dabbaba", "horse",         "elephant",      "janggi_elephant" };

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* N lookups of one family: a loop for each, so that each inlines. */
#define LOOP(F)                                                                                    \
    for (unsigned long i = 0; i < n; i++) {                                                        \
        const vt_bb a = vt_##F(sq[i % PAIRS], occ[i % PAIRS]);                                     \
        x ^= vt_bb_lo(a) ^ vt_bb_hi(a);                                                            \
    }                                                                                              \
    break

int main(int argc, char **argv)
{
    static unsigned sq[PAIRS];
    static vt_bb occ[PAIRS];
    const unsigned long n = argc > 2 ? strtoul(argv[2], NULL, 10) : 1000000;
    uint64_t state = 0x6c6f6f6b757073u, x = 0;
    int family = -1;

    for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
        if (argc > 1 && strcmp(argv[1], names[i]) == 0)
            family = i;
    if (family < 0) {
        fprintf(stderr, "usage: variant_lookups FAMILY [N]\n");
        return 2;
    }
    for (unsigned i = 0; i < PAIRS; i++) {
        const unsigned f = (unsigned)(next(&state) % vt_FILES);
        const unsigned r = (unsigned)(next(&state) % vt_RANKS);
        uint64_t lo = 0, hi = 0;

        sq[i] = vt_SQUARE(f, r);
        for (unsigned rank = 0; rank < vt_RANKS; rank++)
            for (unsigned file = 0; file < vt_FILES; file++)
                if (next(&state) % 4 == 0) { /* a quarter of the squares full */
                    const unsigned b = vt_SQUARE(file, rank);

                    if (b < 64)
                        lo |= (uint64_t)1 << b;
                    else
                        hi |= (uint64_t)1 << (b - 64);
                }
        occ[i] = vt_bb_make(lo, hi);
    }
    switch (family) {
    case 0:
        LOOP(rook_h);
    case 1:
        LOOP(rook_v);
    case 2:
        LOOP(bishop);
    case 3:
        LOOP(cannon_h);
    case 4:
        LOOP(cannon_v);
    case 5:
        LOOP(cannon_diag);
    case 6:
        LOOP(grasshopper_h);
    case 7:
        LOOP(grasshopper_v);
    case 8:
        LOOP(grasshopper_d);
    case 9:
        LOOP(nightrider);
    case 10:
        LOOP(lame_dabbaba);
    case 11:
        LOOP(horse);
    case 12:
        LOOP(elephant);
    default:
        LOOP(janggi_elephant);
    }
    printf("%016llx\n", (unsigned long long)x);
    return 0;
}
