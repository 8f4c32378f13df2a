/* SPDX-License-Identifier: MIT */
/* wasm_lookups.c - one flavour's lookups, compiled for WebAssembly (by
 * lab/wasm-lookups.sh, with the flavour's instruction set: -msimd128),
 * against the reference ray walk of support/reference.c: on every square,
 * every subset of the rook's and of the bishop's relevant squares, bare
 * and with random squares off them (the edges, the slider's own square,
 * the other lines), through the rook's or bishop's lookup and the
 * queen's; and random whole boards of every density.
 *
 *     cc -include magicbb/NAME.h -DFLAVOUR=NAME -DREQUIRED=MBB_HAVE_<MACRO>
 *        ... tables-NAME.c
 *
 * REQUIRED: the macro that says the lookups use the instruction set; the
 * build fails where it is not 1, so that the plain C stand-in is never
 * what is checked.  Prints one line, "NAME: N rook, N bishop, N queen
 * lookups, N wrong" (after the first wrong one, if any), and exits 0
 * only if none was wrong. */
#include <stdio.h>

#include "reference.h"

#define STRING(x) #x
#define EXPANDED_STRING(x) STRING(x)

#if !(REQUIRED)
#error "the lookups are not built for their instruction set: check the flags"
#endif

#define JOIN(a, b, c) a##b##c
#define LOOKUP(name, piece) JOIN(mbb_, name, _##piece##_attacks)

enum piece { ROOK, BISHOP, QUEEN, PIECES };
static const char *const piece_names[PIECES] = { "rook", "bishop", "queen" };
static unsigned long checked[PIECES], wrong;

static void check(enum piece p, unsigned sq, uint64_t occupied)
{
    uint64_t got, want;

    switch (p) {
    case ROOK:
        got = LOOKUP(FLAVOUR, rook)(sq, occupied), want = ref_rook(sq, occupied);
        break;
    case BISHOP:
        got = LOOKUP(FLAVOUR, bishop)(sq, occupied), want = ref_bishop(sq, occupied);
        break;
    default:
        got = LOOKUP(FLAVOUR, queen)(sq, occupied), want = ref_queen(sq, occupied);
        break;
    }
    checked[p]++;
    if (got != want && wrong++ == 0)
        printf("%s on square %u, occupancy 0x%016llx: 0x%016llx, the ray walk 0x%016llx\n",
               piece_names[p], sq, (unsigned long long)occupied, (unsigned long long)got,
               (unsigned long long)want);
}

/* Every subset of mask on sq, through the piece's lookup and the queen's,
 * bare and with random squares outside mask. */
static void every_subset(enum piece p, unsigned sq, uint64_t mask, uint64_t *state)
{
    uint64_t subset = 0;

    do {
        const uint64_t around = ref_random(state) & ref_random(state) & ~mask;

        check(p, sq, subset);
        check(QUEEN, sq, subset);
        check(p, sq, subset | around);
        check(QUEEN, sq, subset | around);
        subset = (subset - mask) & mask;
    } while (subset != 0);
}

int main(void)
{
    uint64_t state = 0x6d616769636262u;

    for (unsigned sq = 0; sq < 64; sq++) {
        every_subset(ROOK, sq, ref_rook_mask(sq), &state);
        every_subset(BISHOP, sq, ref_bishop_mask(sq), &state);
        for (int i = 0; i < 1000; i++) {
            uint64_t occupied = ref_random(&state);

            for (int thin = i % 5; thin > 0; thin--)
                occupied &= ref_random(&state);
            for (int p = ROOK; p < PIECES; p++)
                check((enum piece)p, sq, occupied);
        }
    }
    printf("%s: %lu rook, %lu bishop, %lu queen lookups, %lu wrong\n", EXPANDED_STRING(FLAVOUR),
           checked[ROOK], checked[BISHOP], checked[QUEEN], wrong);
    return wrong != 0;
}
