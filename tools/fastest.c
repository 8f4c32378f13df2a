/* SPDX-License-Identifier: MIT */
/* fastest.c - configure's probe for --with-tables=fastest and
 * --with-tables=fastest-lookups.
 *
 *     fastest MAGICS-DIR [engine|lookups]
 *
 * Builds every flavour's tables in memory with the generator's own code,
 * as a build makes them (the magics of MAGICS-DIR/NAME.txt where there is
 * such a file, else the default seed's search; those built for some
 * instructions of isa.def, only where this program was
 * built for them and the CPU has them), times each flavour's queen lookup
 * with the chunked-median method of the benchmark, and prints a line per
 * flavour, "NAME NS", then "fastest NAME".  The workloads:
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
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "flavours-all.h"
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

#define TT_ENTRIES ((size_t)32 << 20) /* 8-byte entries: 256 MiB */
#define PROBES (1u << 20)

static uint64_t *tt;
static uint32_t *probes_at, probe_cursor;
static volatile uint64_t zero_source;

/* The next CHUNK probes: fresh lines, not read lately. */
static const uint32_t *next_probes(void)
{
    const uint32_t *p = probes_at + probe_cursor;

    probe_cursor = (probe_cursor + CHUNK) % PROBES;
    return p;
}

/* ns per read of a chunk of reads alone, chained as below. */
static double reads_chunk(unsigned first)
{
    const uint32_t *p = next_probes();
    const uint64_t zero = zero_source;
    uint64_t last = 0;
    const double start = now_ns();

    for (unsigned i = first; i < first + CHUNK; i++) {
        last = occupancies[i] ^ (last & zero);
        last ^= tt[*p++ ^ (uint32_t)(last & zero)];
    }
    sink ^= last;
    return (now_ns() - start) / CHUNK;
}

/* The engine workload: the median over ROUNDS chunks of (lookup and read)
 * less (read alone), each on fresh probes. */
#define TIME_QUEEN_ENGINE(result, ROOK_EXPR, BISHOP_EXPR)                              \
    do {                                                                               \
        double samples[ROUNDS];                                                        \
        const uint64_t zero = zero_source;                                             \
        for (int round = -1; round < ROUNDS; round++) {                                \
            const unsigned first = round < 0 ? 0 : (unsigned)round * CHUNK % RING;     \
            const double base = reads_chunk(first);                                    \
            const uint32_t *p = next_probes();                                         \
            uint64_t last = 0;                                                         \
            const double start = now_ns();                                             \
            for (unsigned i = first; i < first + CHUNK; i++) {                         \
                const unsigned sq = squares[i];                                        \
                const uint64_t occ = occupancies[i] ^ (last & zero);                   \
                last = (ROOK_EXPR) | (BISHOP_EXPR);                                    \
                last ^= tt[*p++ ^ (uint32_t)(last & zero)];                            \
            }                                                                          \
            sink ^= last;                                                              \
            if (round >= 0)                                                            \
                samples[round] = (now_ns() - start) / CHUNK - base;                    \
        }                                                                              \
        qsort(samples, ROUNDS, sizeof samples[0], compare_doubles);                    \
        (result) = samples[ROUNDS / 2];                                                \
    } while (0)

/* Each flavour's queen timing, its lookups inlined in the loop, on the
 * tables the generator built in memory (encoded: its struct
 * mbb_NAME_tables). */
#define MBB_FLAVOUR(name, isa, magics)                                                 \
    static double time_##name(const void *encoded, int engine)                         \
    {                                                                                  \
        const struct mbb_##name##_tables *v = encoded;                                 \
        double ns;                                                                     \
        if (engine)                                                                    \
            TIME_QUEEN_ENGINE(ns, mbb_##name##_rook_in(v, sq, occ),                    \
                              mbb_##name##_bishop_in(v, sq, occ));                     \
        else                                                                           \
            TIME_QUEEN(ns, mbb_##name##_rook_in(v, sq, occ),                           \
                       mbb_##name##_bishop_in(v, sq, occ));                            \
        return ns;                                                                     \
    }
#include "magicbb/flavours.def"
#undef MBB_FLAVOUR

static const struct probe {
    const char *name;
    const char *isa;
    double (*time)(const void *encoded, int engine);
} probes[] = {
#define MBB_FLAVOUR(name, isa, magics) { #name, #isa, time_##name },
#include "magicbb/flavours.def"
#undef MBB_FLAVOUR
};

/* Whether this program was built with the instructions `isa` names
 * (else their flavours would time plain C). */
static int built_for(const char *isa)
{
#define MBB_ISA(name, macro, flags, probe, description)                                        \
    if (strcmp(isa, #name) == 0)                                                               \
        return MBB_IS_ONE(MBB_HAVE_##macro);
#include "magicbb/isa.def"
#undef MBB_ISA
    return 0;
}

int main(int argc, char **argv)
{
    static struct slider_tables t;
    static unsigned line[PIECE_COUNT][64];
    uint64_t state = 0x2545f4914f6cdd1du;
    const char *best = NULL;
    double best_ns = 0;
    struct collision c;
    int engine = 1;

    if (argc == 3 && strcmp(argv[2], "lookups") == 0)
        engine = 0;
    else if (argc != 2 && !(argc == 3 && strcmp(argv[2], "engine") == 0)) {
        fputs("usage: fastest MAGICS-DIR [engine|lookups]\n", stderr);
        return 2;
    }
    if (engine) {
        tt = malloc(TT_ENTRIES * sizeof *tt);
        probes_at = malloc(PROBES * sizeof *probes_at);
        if (tt == NULL || probes_at == NULL) {
            fputs("fastest: no memory for the 256 MiB table of the engine workload\n", stderr);
            return 1;
        }
        for (size_t i = 0; i < TT_ENTRIES; i++) {
            state ^= state << 13, state ^= state >> 7, state ^= state << 17;
            tt[i] = state;
        }
        for (unsigned i = 0; i < PROBES; i++) {
            state ^= state << 13, state ^= state >> 7, state ^= state << 17;
            probes_at[i] = (uint32_t)(state % TT_ENTRIES);
        }
    }
    for (unsigned i = 0; i < RING; i++) {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        squares[i] = (unsigned char)(state & 63);
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        occupancies[i] = state;
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        occupancies[i] &= state;
    }
    for (size_t f = 0; f < sizeof probes / sizeof probes[0]; f++) {
        const struct gen_flavour *flavour = flavour_find(probes[f].name);
        char path[4096];
        const char *magics;
        double ns;

        if (!built_for(probes[f].isa) || !cpu_runs_isa(probes[f].isa))
            continue;
        tables_prepare(&t, flavour);
        /* as a build makes them (magicbb-gen --magics-dir) */
        magics = magics_default(argv[1], flavour, path, sizeof path);
        if (magics != NULL ? magics_load(magics, &t, line) != 0
                           : flavour->searches && tables_search(&t, DEFAULT_SEED) != 0)
            return 1;
        if (tables_build(&t, &c) != 0)
            return 1;
        ns = probes[f].time(t.encoded, engine);
        printf("%s %.2f\n", flavour->name, ns);
        if (best == NULL || ns < best_ns) {
            best = flavour->name;
            best_ns = ns;
        }
        tables_free(&t);
    }
    printf("fastest %s\n", best);
    free(tt);
    free(probes_at);
    return 0;
}
