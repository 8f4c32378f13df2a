/* SPDX-License-Identifier: MIT */
/* fastest.c - configure's probe for --with-tables=fastest and
 * --with-tables=fastest-lookups.
 *
 *     fastest DEFAULT [engine|lookups]
 *
 * Times the queen lookup of every flavour of the all-flavour layer
 * (support/flavours.h), on the tables a build makes (magicbb-gen
 * --sliders-only --magics-dir, as for make check), with the timing loops
 * of the benchmark (support/timing.h); a flavour built for some
 * instructions of isa.def only where this program was built with them and
 * the CPU has them.  Prints a line per flavour, "NAME NS ns [LOW, HIGH]"
 * (the median and its 95 % interval over ROUNDS chunks), or "NAME <
 * resolution (...)" where the interval reaches zero (a cost the clock
 * cannot tell from none), then "fastest NAME" and "why TEXT": NAME is the flavour with the lowest median where it is
 * clearly faster than DEFAULT (configure's auto choice; the rule of
 * support/timing.h), else DEFAULT.  The workloads:
 *   engine   (the default) as an engine's search meets them: each lookup
 *            waits for a random read of a 256 MiB table (a transposition
 *            table probe) and the next read for the lookup, the tables
 *            competing for the caches; NS is the time over the reads
 *            alone, chunk by chunk (make bench's pressure mode);
 *   lookups  lookups alone, independent, their tables in the caches.
 * Run by configure on the build machine, which is then the host: never
 * when cross-compiling. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>

#include "flavours.h"
#include "machine.h"
#include "reference.h"
#include "timing.h"

#define RING 4096u
#define CHUNK 512u
#define ROUNDS 48
#define TT_MIB 256
#define PROBES (1u << 20)

static unsigned char squares[RING];
static uint64_t occupancies[RING];
static volatile uint64_t zero_source;

/* ns per queen lookup over ROUNDS chunks, after one to warm the caches:
 * the lookups alone, or (tt not NULL) with the reads less the reads
 * alone. */
static struct interval time_queen(const struct flavour_impl *f, struct tt *tt)
{
    const uint64_t zero = zero_source;
    double samples[ROUNDS];

    for (int round = -1; round < ROUNDS; round++) {
        const unsigned first = round < 0 ? 0 : (unsigned)round * CHUNK % RING;
        const unsigned char *sq = squares + first;
        const uint64_t *occ = occupancies + first;
        double ns;

        if (tt == NULL)
            ns = time_batch(f->batch[THROUGHPUT][SLIDE_QUEEN], sq, occ, CHUNK, zero);
        else
            ns = time_pressure(tt, f->pressure[SLIDE_QUEEN], sq, occ, CHUNK, zero)
                 - time_pressure(tt, tt_reads_only, sq, occ, CHUNK, zero);
        if (round >= 0)
            samples[round] = ns;
    }
    return median_interval(samples, ROUNDS);
}

int main(int argc, char **argv)
{
    uint64_t state = 0x2545f4914f6cdd1du;
    struct interval figures[64], *best = NULL, *fallback = NULL;
    const char *best_name = NULL;
    struct tt tt;
    int engine = 1;

    if (argc == 3 && strcmp(argv[2], "lookups") == 0)
        engine = 0;
    else if (argc != 2 && !(argc == 3 && strcmp(argv[2], "engine") == 0)) {
        fputs("usage: fastest DEFAULT [engine|lookups]\n", stderr);
        return 2;
    }
    if (engine && tt_create(&tt, TT_MIB, PROBES) != 0) {
        fputs("fastest: no memory for the 256 MiB table of the engine workload\n", stderr);
        return 1;
    }
    for (unsigned i = 0; i < RING; i++) {
        squares[i] = (unsigned char)(ref_random(&state) & 63);
        occupancies[i] = ref_random(&state) & ref_random(&state);
    }
    for (unsigned i = 0; i < flavour_impl_count && i < 64; i++) {
        const struct flavour_impl *f = &flavour_impls[i];
        struct interval *g = &figures[i];

        if (!*f->built || !cpu_runs_isa(f->isa))
            continue;
        *g = time_queen(f, engine ? &tt : NULL);
        if (g->low <= 0)
            printf("%s < resolution (its interval reaches 0; at most %.2f ns)\n", f->name, g->high);
        else
            printf("%s %.2f ns [%.2f, %.2f]\n", f->name, g->median, g->low, g->high);
        if (best == NULL || g->median < best->median) {
            best = g;
            best_name = f->name;
        }
        if (strcmp(f->name, argv[1]) == 0)
            fallback = g;
    }
    if (best == NULL) {
        printf("fastest %s\nwhy no flavour could be measured: %s, the default\n", argv[1],
               argv[1]);
    } else if (fallback == NULL) {
        printf("fastest %s\nwhy %s is the fastest; the default, %s, could not be measured\n",
               best_name, best_name, argv[1]);
    } else if (best == fallback) {
        printf("fastest %s\nwhy the default, %s, is the fastest\n", argv[1], argv[1]);
    } else if (clearly_faster(best, fallback)) {
        printf("fastest %s\nwhy %s is clearly faster than the default, %s\n", best_name, best_name,
               argv[1]);
    } else {
        printf("fastest %s\nwhy %s has the lowest median, but is not clearly faster than the "
               "default, %s\n",
               argv[1], best_name, argv[1]);
    }
    if (engine)
        tt_free(&tt);
    return 0;
}
