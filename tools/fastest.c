/* fastest.c - configure's probe for --with-tables=fastest.
 *
 *     fastest BLACK-MAGICS-FILE
 *
 * Builds every flavour's tables in memory with the generator's own code
 * (the PEXT flavours only where this program was built for BMI2 and the
 * CPU has it), times each flavour's queen lookup with the chunked-median
 * method of the benchmark, and prints a line per flavour, "NAME NS", then
 * "fastest NAME".  Run by configure on the build machine, which is then
 * the host: never when cross-compiling. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "machine.h"
#include "magicsfile.h"
#include "sliders.h"

#define RING 4096u
#define CHUNK 512u
#define ROUNDS 48

static unsigned char squares[RING];
static uint64_t occupancies[RING];
static volatile uint64_t sink;

/* Median ns per queen lookup of EXPR(sq, occ) over ROUNDS chunks, after a
 * pass to warm the caches. */
#define TIME_QUEEN(result, ROOK_EXPR, BISHOP_EXPR)                                     \
    do {                                                                               \
        double samples[ROUNDS];                                                        \
        uint64_t acc = 0;                                                              \
        for (int round = -1; round < ROUNDS; round++) {                                \
            const unsigned first = round < 0 ? 0 : (unsigned)round * CHUNK % RING;     \
            const double start = now_ns();                                             \
            for (unsigned i = first; i < first + CHUNK; i++) {                         \
                const unsigned sq = squares[i];                                        \
                const uint64_t occ = occupancies[i];                                   \
                acc ^= (ROOK_EXPR) | (BISHOP_EXPR);                                    \
            }                                                                          \
            if (round >= 0)                                                            \
                samples[round] = (now_ns() - start) / CHUNK;                           \
        }                                                                              \
        sink ^= acc;                                                                   \
        qsort(samples, ROUNDS, sizeof samples[0], compare_doubles);                    \
        (result) = samples[ROUNDS / 2];                                                \
    } while (0)

static double time_flavour(const struct slider_tables *t)
{
    const struct mbb_slider *r = t->entry[PIECE_ROOK], *b = t->entry[PIECE_BISHOP];
    double ns = 0;

    switch (t->flavour) {
    case FLAVOUR_FANCY:
        TIME_QUEEN(ns, mbb_lookup_fancy(&r[sq], t->attacks, occ),
                   mbb_lookup_fancy(&b[sq], t->attacks, occ));
        break;
    case FLAVOUR_PEXT:
        TIME_QUEEN(ns, mbb_lookup_pext(&r[sq], t->attacks, occ),
                   mbb_lookup_pext(&b[sq], t->attacks, occ));
        break;
    case FLAVOUR_MAGIC32:
        TIME_QUEEN(ns, mbb_lookup_magic32(&r[sq], t->attacks, occ),
                   mbb_lookup_magic32(&b[sq], t->attacks, occ));
        break;
    case FLAVOUR_PLAIN:
        TIME_QUEEN(ns, mbb_lookup_plain(&r[sq], t->attacks, occ, MBB_ROOK_FIXED_BITS),
                   mbb_lookup_plain(&b[sq], t->attacks, occ, MBB_BISHOP_FIXED_BITS));
        break;
    case FLAVOUR_BLACK:
        TIME_QUEEN(ns, mbb_lookup_black(&r[sq], t->attacks, occ, MBB_ROOK_FIXED_BITS),
                   mbb_lookup_black(&b[sq], t->attacks, occ, MBB_BISHOP_FIXED_BITS));
        break;
    case FLAVOUR_PEXT16:
        TIME_QUEEN(ns, mbb_lookup_pext16(&t->pdep[PIECE_ROOK][sq], t->attacks16, occ),
                   mbb_lookup_pext16(&t->pdep[PIECE_BISHOP][sq], t->attacks16, occ));
        break;
    case FLAVOUR_BYTE:
        TIME_QUEEN(ns, mbb_lookup_byte(&t->bytes[PIECE_ROOK][sq], t->index8, t->sets, occ),
                   mbb_lookup_byte(&t->bytes[PIECE_BISHOP][sq], t->index8, t->sets, occ));
        break;
    default:
        TIME_QUEEN(ns, mbb_hq_rook(&t->hq[sq], t->hq_rank, sq, occ),
                   mbb_hq_bishop(&t->hq[sq], sq, occ));
        break;
    }
    return ns;
}

static int cpu_has_bmi2(void)
{
#if defined(MBB_HAVE_BMI2) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_cpu_supports("bmi2");
#else
    return 0; /* not built for BMI2: the PEXT flavours would run plain C */
#endif
}

int main(int argc, char **argv)
{
    static struct slider_tables t;
    static unsigned line[PIECE_COUNT][64];
    uint64_t state = 0x2545f4914f6cdd1du;
    const char *best = NULL;
    double best_ns = 0;
    struct collision c;

    if (argc != 2) {
        fputs("usage: fastest BLACK-MAGICS-FILE\n", stderr);
        return 2;
    }
    for (unsigned i = 0; i < RING; i++) {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        squares[i] = (unsigned char)(state & 63);
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        occupancies[i] = state;
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        occupancies[i] &= state;
    }
    for (int f = 0; f < FLAVOUR_COUNT; f++) {
        double ns;

        if ((f == FLAVOUR_PEXT || f == FLAVOUR_PEXT16) && !cpu_has_bmi2())
            continue;
        tables_prepare(&t, (enum flavour)f);
        if (f == FLAVOUR_BLACK ? magics_load(argv[1], &t, line) != 0
            : flavour_searches((enum flavour)f) && tables_search(&t, DEFAULT_SEED) != 0)
            return 1;
        if (tables_build(&t, &c) != 0)
            return 1;
        ns = time_flavour(&t);
        printf("%s %.2f\n", flavour_name((enum flavour)f), ns);
        if (best == NULL || ns < best_ns) {
            best = flavour_name((enum flavour)f);
            best_ns = ns;
        }
        tables_free(&t);
    }
    printf("fastest %s\n", best);
    return 0;
}
