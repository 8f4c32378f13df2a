/* SPDX-License-Identifier: MIT */
/* fastest.c - configure's probe for --with-tables=fastest and
 * --with-tables=fastest-lookups.
 *
 *     fastest [engine|lookups]
 *
 * Times the queen lookup of every flavour of the all-flavour layer
 * (support/flavours.h), on the tables a build makes (magicbb-gen
 * --sliders-only --magics-dir, as for make check), with the timing loops
 * of the benchmark (support/timing.h); a flavour built for some
 * instructions of isa.def only where this program was built with them and
 * the CPU has them.  Prints a line per flavour, "NAME NS", then
 * "fastest NAME".  The workloads:
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

/* The median ns per queen lookup over ROUNDS chunks, after one to warm
 * the caches: the lookups alone, or (tt not NULL) with the reads less
 * the reads alone. */
static double time_queen(const struct flavour_impl *f, struct tt *tt)
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
    return median_of(samples, ROUNDS);
}

int main(int argc, char **argv)
{
    uint64_t state = 0x2545f4914f6cdd1du;
    const char *best = NULL;
    double best_ns = 0;
    struct tt tt;
    int engine = 1;

    if (argc == 2 && strcmp(argv[1], "lookups") == 0)
        engine = 0;
    else if (argc != 1 && !(argc == 2 && strcmp(argv[1], "engine") == 0)) {
        fputs("usage: fastest [engine|lookups]\n", stderr);
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
    for (unsigned i = 0; i < flavour_impl_count; i++) {
        const struct flavour_impl *f = &flavour_impls[i];
        double ns;

        if (!*f->built || !cpu_runs_isa(f->isa))
            continue;
        ns = time_queen(f, engine ? &tt : NULL);
        printf("%s %.2f\n", f->name, ns);
        if (best == NULL || ns < best_ns) {
            best = f->name;
            best_ns = ns;
        }
    }
    printf("fastest %s\n", best);
    if (engine)
        tt_free(&tt);
    return 0;
}
