/* SPDX-License-Identifier: MIT */
/* bench.c - every flavour side by side in one run, so that ratios between
 * them hold: nanoseconds per slider lookup in three modes, and the nodes
 * per second of a perft on each flavour's lookups.
 *
 *     magicbb-bench [--csv [FILE]] [--callgrind] [--cpu] [--tt-mib N]
 *
 * --csv FILE writes every figure to FILE as well as the tables; --csv
 * alone writes the CSV to standard output instead.  --tt-mib sets the
 * cache-pressure mode's table (default 256 MiB).
 *
 * Shared machines pause a process for tens of milliseconds at a time, so
 * one wall-clock total says little.  Lookups are timed in chunks of 4096
 * with a monotonic clock, the repeats in turn over every flavour, so that
 * a slow stretch of the machine falls on them all alike; a figure is the
 * median over all chunks of all repeats with its 95 % interval, from
 * order statistics (lab/timing.h).  A workload's fastest flavour is
 * named alone only where its interval lies below every other's; else it
 * is a tie.
 *
 * Two kinds of input, each a ring of (square, occupancy) pairs that fits
 * in cache: 2^16 pseudo-random pairs with about 25% of squares occupied,
 * and the rooks', bishops' and queens' squares and occupancies of every
 * position of a perft walk from the six standard positions.  Modes:
 *   throughput  independent lookups;
 *   latency     each occupancy depends on the previous answer;
 *   pressure    (positions) latency, and after each lookup one random
 *               8-byte read of a 256 MiB table, a transposition-table
 *               probe, that the next lookup waits for: the tables compete
 *               for the caches as in an engine's search.  The figure is
 *               the time over that of the reads alone (the reads-only
 *               row);
 *   perft       nodes per second of the move generator (support/movegen.c,
 *               one copy a flavour, its lookups inlined) on the start
 *               position, depth 5, and Kiwipete, depth 4; the CSV gives
 *               ns per node.
 *
 * The benchmark is built for speed on its machine: BENCH_CFLAGS (default
 * -O3 -march=native -mno-avx512f) after CFLAGS; the first lines say
 * which.
 *
 * --callgrind runs each flavour's throughput loops once over the random
 * ring, untimed, for valgrind's instruction counts (make bench-callgrind),
 * and each queen's pressure loop once, for its cache simulation (make
 * bench-model). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "magicbb_config.h"
#include "magicbb/bits.h"

#include "flavours.h"
#include "machine.h"
#include "movegen.h"
#include "output.h"
#include "reference.h"
#include "search.h"
#include "timing.h"

#define RING (1u << 16)
#define CHUNK 4096u
#define PASSES 2 /* over the ring, per repeat */
#define REPEATS 10
#define SAMPLES (REPEATS * PASSES * (RING / CHUNK))
#define PRESSURE_PASSES 1
#define PRESSURE_SAMPLES (REPEATS * PRESSURE_PASSES * (RING / CHUNK))
#define IMPLS 32                           /* room for the flavours and the ray walk */
#define PERFT_RUNS 2                       /* a repeat */
#define PERFT_TOTAL (REPEATS * PERFT_RUNS) /* runs in all */
#define TT_MIB 256

#include "flags.h" /* BENCH_FLAGS, the flags it is built with: written by make */

enum { RANDOM, POSITIONS, INPUTS };
static const char *const input_names[INPUTS] = { "random", "positions" };
static const char *const mode_names[MODES] = { "throughput", "latency" };
enum { PERFT_START, PERFT_KIWIPETE, PERFTS };
static const struct {
    const char *name, *fen;
    int depth;
    uint64_t nodes; /* published: Chess Programming Wiki, "Perft Results" */
} perft_positions[PERFTS] = {
    { "start-d5", START_FEN, 5, 4865609 },
    { "kiwipete-d4", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4,
      4085603 },
};
static const char *const piece_names[PIECES] = { "rook", "bishop", "queen" };

struct ring {
    unsigned char sq[RING];
    uint64_t occ[RING];
};

static struct ring rings[INPUTS];
static volatile uint64_t sink, zero_source;

/* A timed figure: its median and 95 % interval (lab/timing.h), in
 * ns per lookup (ns per node for perft); a perft with a wrong count has
 * median -1. */
typedef struct interval figure;

/* One repeat of one measurement: PASSES over the ring, a sample a chunk,
 * after one pass untimed to bring the flavour's tables back into cache
 * from wherever the flavour before left them. */
static void sample(batch_fn batch, const struct ring *ring, double *samples)
{
    const uint64_t zero = zero_source;
    unsigned s = 0;

    time_batch(batch, ring->sq, ring->occ, RING, zero);
    for (unsigned pass = 0; pass < PASSES; pass++) {
        for (unsigned c = 0; c < RING; c += CHUNK)
            samples[s++] = time_batch(batch, ring->sq + c, ring->occ + c, CHUNK, zero);
    }
}

/* ---- Inputs ------------------------------------------------------------ */

struct collector {
    struct ring *ring;
    unsigned count;
};

static void collect_sliders(const struct position *p, void *data)
{
    struct collector *c = data;
    const uint64_t occ = p->colour[WHITE] | p->colour[BLACK];

    for (int side = WHITE; side <= BLACK; side++) {
        uint64_t sliders = p->pieces[side][BISHOP] | p->pieces[side][ROOK] | p->pieces[side][QUEEN];

        for (; sliders && c->count < RING; sliders &= sliders - 1) {
            unsigned sq = 0;

            while (!(sliders >> sq & 1))
                sq++;
            c->ring->sq[c->count] = (unsigned char)sq;
            c->ring->occ[c->count++] = occ;
        }
    }
}

/* Positions from perft walks (the standard suite of tests/perft.sh), and
 * the rooks', bishops' and queens' squares in them; the ring is filled
 * round again if the walks give fewer than RING. */
static void fill_positions(struct ring *ring)
{
    static const char *const fens[] = {
        START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    };
    struct collector c = { ring, 0 };

    for (unsigned i = 0; i < sizeof fens / sizeof fens[0] && c.count < RING; i++) {
        struct position p;
        char why[FEN_WHY_SIZE];

        if (parse_fen(fens[i], &p, why) == 0)
            walk(&p, 2, collect_sliders, &c);
    }
    for (unsigned i = c.count; c.count > 0 && i < RING; i++) {
        ring->sq[i] = ring->sq[i % c.count];
        ring->occ[i] = ring->occ[i % c.count];
    }
}

/* ---- The ray walk, as a flavour of its own ----------------------------- */

static uint64_t walk_queen(unsigned sq, uint64_t occ)
{
    return ref_rook(sq, occ) | ref_bishop(sq, occ);
}

FLAVOUR_BATCH(walk_rook_batch, ref_rook)
FLAVOUR_BATCH(walk_bishop_batch, ref_bishop)
FLAVOUR_BATCH(walk_queen_batch, walk_queen)

static const struct flavour_impl ray_walk = {
    "ray-walk",
    "any",
    &flavours_built_any,
    ref_rook,
    ref_bishop,
    walk_queen,
    { { walk_rook_batch_throughput, walk_bishop_batch_throughput, walk_queen_batch_throughput },
      { walk_rook_batch_latency, walk_bishop_batch_latency, walk_queen_batch_latency } },
    { walk_rook_batch_pressure, walk_bishop_batch_pressure, walk_queen_batch_pressure },
    tt_reads_only,
    NULL,
    NULL,
    NULL,
};

static const struct flavour_impl *impl(unsigned i)
{
    if (i < flavour_impl_count)
        return &flavour_impls[i];
    return i == flavour_impl_count ? &ray_walk : NULL;
}

/* Why the benchmark leaves a flavour out, or NULL: its instructions must
 * be in this build (BENCH_CFLAGS) and in this CPU; timing the plain C
 * stand-in would say nothing. */
static const char *left_out(const struct flavour_impl *f, char *why, size_t size)
{
    if (flavour_timeable(f))
        return NULL;
    if (!*f->built) {
        snprintf(why, size, "built without %s (flags: %s)", isa_description(f->isa), BENCH_FLAGS);
        return why;
    }
    snprintf(why, size, "this CPU lacks %s", isa_description(f->isa));
    return why;
}

/* ---- Cache pressure ------------------------------------------------------ */

#define PROBES (1u << 22) /* each chunk reads lines no chunk read lately */

static struct tt tt; /* the transposition table */

/* One repeat over the positions ring: a pressure sample a chunk
 * (timing.h), the reads first in every other one. */
static void sample_pressure(pressure_fn loop, pressure_fn reads, const struct ring *ring,
                            double *samples, double *baseline)
{
    const uint64_t zero = zero_source;
    unsigned s = 0;

    for (unsigned c = 0; c < RING; c += CHUNK, s++)
        samples[s] = pressure_sample(&tt, loop, reads, ring->sq + c, ring->occ + c, CHUNK, zero, s,
                                     &baseline[s]);
}

/* ---- Perft --------------------------------------------------------------- */

/* ns per node of one perft (a flavour's, lab/flavours.h), or -1 for
 * a wrong count. */
static double time_perft(perft_fn run, const struct position *p, int position)
{
    const double start = now_ns();
    const uint64_t nodes = run(p, perft_positions[position].depth);

    if (nodes != perft_positions[position].nodes)
        return -1;
    return (now_ns() - start) / (double)nodes;
}

/* ---- Engine search ------------------------------------------------------ */

/* The engine-search workload (lab/search.h): the six standard
 * positions searched to SEARCH_DEPTH plies, the table emptied before
 * each, as large as --tt-mib says. */
#define SEARCH_DEPTH 4
static struct position search_start[STANDARD_POSITION_COUNT];
static struct search_table search_tt;
static uint64_t search_nodes; /* the reference's, over every position */

/* ns per node of a search of every position, or -1 where the nodes are
 * not the reference's. */
static double time_search(search_fn run)
{
    const double start = now_ns();
    const uint64_t nodes = timing_search_all(run, search_start, SEARCH_DEPTH, &search_tt);

    if (nodes != search_nodes)
        return -1;
    return (now_ns() - start) / (double)nodes;
}

/* ---- Report ------------------------------------------------------------- */

static void csv_row(FILE *csv, const struct flavour_impl *f, const char *input, const char *mode,
                    const char *piece, const figure *g)
{
    fprintf(csv, "%s,%.1f,%s,%s,%s,%.3f,%.3f,%.3f\n", f->name,
            f->table_bytes ? *f->table_bytes / 1024.0 : 0.0, input, mode, piece, g->median, g->low,
            g->high);
}

static void usage(FILE *out)
{
    fputs("Usage: magicbb-bench [--csv [FILE]] [--callgrind] [--cpu] [--tt-mib N]\n"
          "Time every flavour's slider lookups side by side in one process.\n"
          "\n"
          "  --csv [FILE]   also write every figure to FILE as CSV; without FILE (or\n"
          "                 with -), write only the CSV, to standard output\n"
          "  --callgrind    run each flavour's lookups once, untimed, for valgrind\n"
          "  --cpu          print the CPU's name and exit\n"
          "  --tt-mib N     the pressure mode's table, in MiB (1 to 65536; 256)\n"
          "  -h, --help     show this help and exit\n"
          "\n"
          "make bench runs it and draws the chart; doc/benchmark.md explains the modes.\n",
          out);
}

/* Every timed figure of a run, and the samples they come from. */
static struct {
    figure lookups[IMPLS][INPUTS][MODES][PIECES], pressure[IMPLS][PIECES], perft[IMPLS][PERFTS];
    double samples[IMPLS][INPUTS][MODES][PIECES][SAMPLES];
    double pressure_samples[IMPLS][PIECES][PRESSURE_SAMPLES];
    double baseline_samples[IMPLS * PIECES * PRESSURE_SAMPLES];
    double perft_samples[IMPLS][PERFTS][PERFT_TOTAL];
    figure search[IMPLS];
    double search_samples[IMPLS][REPEATS];
    unsigned baseline_count;
    figure baseline; /* ns of a read alone */
    /* the method against itself: the first flavour's reads alone as the
     * "lookups" (an unbiased pairing gives an interval that holds 0) */
    double null_samples[PRESSURE_SAMPLES], null_reads[PRESSURE_SAMPLES];
    figure null;
} run;

/* What the command line asks for. */
struct request {
    const char *csv_path;
    int callgrind;
    unsigned tt_mib;
};

/* Reads the arguments into r: -1 to go on, else the exit status. */
static int parse_arguments(int argc, char **argv, struct request *r)
{
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--csv") == 0) {
            r->csv_path = a + 1 < argc && strncmp(argv[a + 1], "--", 2) != 0 ? argv[++a] : "-";
        } else if (strcmp(argv[a], "--callgrind") == 0) {
            r->callgrind = 1;
        } else if (strcmp(argv[a], "--cpu") == 0) {
            char cpu[128];

            cpu_name(cpu, sizeof cpu);
            puts(cpu);
            return 0;
        } else if (strcmp(argv[a], "--tt-mib") == 0) {
            char *end;
            unsigned long mib;

            if (a + 1 == argc) {
                fputs("magicbb-bench: --tt-mib needs a number of MiB\n", stderr);
                return 2;
            }
            mib = strtoul(argv[++a], &end, 10);
            if (*argv[a] < '1' || *argv[a] > '9' || *end != '\0' || mib > 65536) {
                fprintf(stderr, "magicbb-bench: --tt-mib: '%s' is not a number from 1 to 65536\n",
                        argv[a]);
                return 2;
            }
            r->tt_mib = (unsigned)mib;
        } else if (strcmp(argv[a], "--help") == 0 || strcmp(argv[a], "-h") == 0) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr,
                    "magicbb-bench: unknown argument '%s'\n"
                    "Try 'magicbb-bench --help' for more information.\n",
                    argv[a]);
            return 2;
        }
    }
    return -1;
}

/* --callgrind: each flavour's throughput loops once, untimed, over the
 * random ring; then, with a table of tt_mib MiB, the queen's pressure
 * loop once over the positions ring, and the reads alone once, for
 * valgrind's cache simulation (make bench-model). */
static int run_callgrind(unsigned tt_mib)
{
    char why[FEN_WHY_SIZE];

    for (unsigned i = 0; impl(i) != NULL; i++) {
        if (left_out(impl(i), why, sizeof why) != NULL) {
            printf("%s: left out, %s\n", impl(i)->name, why);
            continue;
        }
        for (int piece = 0; piece < PIECES; piece++)
            sink ^= impl(i)->batch[THROUGHPUT][piece](rings[RANDOM].sq, rings[RANDOM].occ, RING,
                                                      zero_source);
    }
    if (tt_create(&tt, tt_mib, RING) != 0) {
        fprintf(stderr, "magicbb-bench: no memory for a %u MiB table (--tt-mib)\n", tt_mib);
        return 1;
    }
    for (unsigned i = 0; i < flavour_impl_count; i++) {
        if (left_out(impl(i), why, sizeof why) == NULL)
            sink ^= impl(i)->pressure[SLIDE_QUEEN](rings[POSITIONS].sq, rings[POSITIONS].occ, RING,
                                                   zero_source, tt.entries, tt.probe);
    }
    sink ^= tt_reads_only(rings[POSITIONS].sq, rings[POSITIONS].occ, RING, zero_source, tt.entries,
                          tt.probe);
    tt_free(&tt);
    printf("magicbb-bench: ran %u lookups per flavour and piece\n", RING);
    return 0;
}

/* One repeat of every mode for flavour i (of n), into its samples. */
static void measure_repeat(unsigned i, unsigned r, const struct position perft_start[PERFTS])
{
    const struct flavour_impl *f = impl(i);

    for (int in = 0; in < INPUTS; in++) {
        for (int mode = 0; mode < MODES; mode++) {
            for (int piece = 0; piece < PIECES; piece++)
                sample(f->batch[mode][piece], &rings[in],
                       run.samples[i][in][mode][piece] + r * (SAMPLES / REPEATS));
        }
    }
    for (int piece = 0; piece < PIECES && i < flavour_impl_count; piece++) {
        for (unsigned pass = 0; pass < PRESSURE_PASSES; pass++) {
            sample_pressure(f->pressure[piece], f->reads, &rings[POSITIONS],
                            run.pressure_samples[i][piece]
                                + (r * PRESSURE_PASSES + pass) * (RING / CHUNK),
                            run.baseline_samples + run.baseline_count);
            run.baseline_count += RING / CHUNK;
        }
    }
    for (unsigned pass = 0; i == 0 && pass < PRESSURE_PASSES; pass++)
        sample_pressure(f->reads, f->reads, &rings[POSITIONS],
                        run.null_samples + (r * PRESSURE_PASSES + pass) * (RING / CHUNK),
                        run.null_reads + (r * PRESSURE_PASSES + pass) * (RING / CHUNK));
    for (int pos = 0; pos < PERFTS && i < flavour_impl_count; pos++) {
        for (unsigned k = 0; k < PERFT_RUNS; k++)
            run.perft_samples[i][pos][r * PERFT_RUNS + k]
                = time_perft(f->perft, &perft_start[pos], pos);
    }
    if (i < flavour_impl_count)
        run.search_samples[i][r] = time_search(f->search);
}

/* On a terminal, where the run stands (a minute or so in all), on one
 * line of standard error that the end clears: repeat r of REPEATS, on
 * flavour i of n.  Elsewhere nothing, so logs and pipes stay clean. */
static void progress(unsigned r, unsigned i, unsigned n)
{
    static int tty = -1;

    if (tty < 0)
        tty = isatty(STDERR_FILENO);
    if (!tty)
        return;
    if (r == REPEATS)
        fprintf(stderr, "\r%-72s\r", "");
    else
        fprintf(stderr, "\rmagicbb-bench: repeat %u of %u, %-12s (%u of %u flavours) ", r + 1,
                REPEATS, impl(i)->name, i + 1, n);
    fflush(stderr);
}

/* Warm up (clock speed, caches, page faults), then the repeats in turn
 * over every flavour, so that a slow stretch of the machine falls on all
 * of them alike rather than on one. */
static void measure(unsigned n, const struct position perft_start[PERFTS])
{
    char why[FEN_WHY_SIZE];

    for (unsigned i = 0; i < n; i++) {
        for (int piece = 0; piece < PIECES && left_out(impl(i), why, sizeof why) == NULL; piece++)
            sample(impl(i)->batch[THROUGHPUT][piece], &rings[RANDOM], run.samples[0][0][0][0]);
    }
    for (unsigned r = 0; r < REPEATS; r++) {
        for (unsigned i = 0; i < n; i++) {
            if (left_out(impl(i), why, sizeof why) != NULL)
                continue;
            progress(r, i, n);
            measure_repeat(i, r, perft_start);
        }
    }
    progress(REPEATS, 0, n);
    run.baseline = median_interval(run.baseline_samples, run.baseline_count);
}

/* A figure from n samples taken in REPEATS equal runs, in order: the
 * median with its 95 % interval, widened to take in the 95 % interval of
 * the repeats' own medians, so that what drifts between repeats (and so
 * between runs of the benchmark) counts too.  Where the samples are of a
 * count checked (checked: perft and search), a wrong count (a sample of
 * -1) makes the figure -1. */
static figure figure_of(double *t, size_t n, int checked)
{
    const size_t per = n / REPEATS;
    figure g, drift;
    double medians[REPEATS];

    for (unsigned r = 0; r < REPEATS; r++)
        medians[r] = median_of(t + r * per, per);
    drift = median_interval(medians, REPEATS);
    g = median_interval(t, n);
    if (checked && t[0] < 0) { /* sorted: a wrong count first */
        g.median = g.low = g.high = -1;
        return g;
    }
    g.low = drift.low < g.low ? drift.low : g.low;
    g.high = drift.high > g.high ? drift.high : g.high;
    return g;
}

/* Every figure from its samples, each also a CSV row where csv is set. */
static void summarise_all(unsigned n, FILE *csv)
{
    char why[FEN_WHY_SIZE];

    run.null = median_interval(run.null_samples, PRESSURE_SAMPLES);
    if (csv != NULL) {
        fprintf(csv, "reads-only,0.0,positions,pressure-baseline,none,%.3f,%.3f,%.3f\n",
                run.baseline.median, run.baseline.low, run.baseline.high);
        fprintf(csv, "reads-only,0.0,positions,pressure-null,none,%.3f,%.3f,%.3f\n",
                run.null.median, run.null.low, run.null.high);
    }
    for (unsigned i = 0; i < n; i++) {
        const struct flavour_impl *f = impl(i);

        if (left_out(f, why, sizeof why) != NULL)
            continue;
        for (int in = 0; in < INPUTS; in++) {
            for (int mode = 0; mode < MODES; mode++) {
                for (int piece = 0; piece < PIECES; piece++) {
                    figure *g = &run.lookups[i][in][mode][piece];

                    *g = figure_of(run.samples[i][in][mode][piece], SAMPLES, 0);
                    if (csv != NULL)
                        csv_row(csv, f, input_names[in], mode_names[mode], piece_names[piece], g);
                }
            }
        }
        for (int piece = 0; piece < PIECES && i < flavour_impl_count; piece++) {
            run.pressure[i][piece] = figure_of(run.pressure_samples[i][piece], PRESSURE_SAMPLES, 0);
            if (csv != NULL)
                csv_row(csv, f, "positions", "pressure", piece_names[piece],
                        &run.pressure[i][piece]);
        }
        for (int pos = 0; pos < PERFTS && i < flavour_impl_count; pos++) {
            run.perft[i][pos] = figure_of(run.perft_samples[i][pos], PERFT_TOTAL, 1);
            if (csv != NULL)
                csv_row(csv, f, perft_positions[pos].name, "perft", "all", &run.perft[i][pos]);
        }
        if (i < flavour_impl_count) {
            run.search[i] = figure_of(run.search_samples[i], REPEATS, 1);
            if (csv != NULL)
                csv_row(csv, f, "standard-d4", "search", "all", &run.search[i]);
        }
    }
}

/* The widest 95 % interval of a row's figures, as a percentage of its
 * median: half of (high - low) over the median. */
static double widest(const figure *g, int count)
{
    double width = 0;

    for (int k = 0; k < count; k++) {
        const double w = g[k].median > 0 ? 50 * (g[k].high - g[k].low) / g[k].median : 0;

        if (w > width)
            width = w;
    }
    return width;
}

/* A figure in a cell of `width`: "<res" where its interval reaches zero
 * (a cost the clock cannot tell from none), never a negative number. */
static void print_cell(const figure *g, int width, int decimals)
{
    if (g->low <= 0)
        printf(" %*s", width, "<res");
    else
        printf(" %*.*f", width, decimals, g->median);
}

/* The first table: throughput on both inputs, queen latency. */
static void print_lookups(unsigned n)
{
    char why[FEN_WHY_SIZE];

    printf("%-11s %10s | %-28s | %-28s | %s\n", "", "", "random: throughput",
           "positions: throughput", "queen latency");
    printf("%-11s %10s | %6s %6s %6s %6s | %6s %6s %6s %6s | %6s %6s %6s\n", "flavour", "table KiB",
           "rook", "bishop", "queen", "+-95%", "rook", "bishop", "queen", "+-95%", "random",
           "posns", "+-95%");
    for (unsigned i = 0; i < n; i++) {
        const struct flavour_impl *f = impl(i);
        const figure(*t)[PIECES] = run.lookups[i][RANDOM];
        const figure(*q)[PIECES] = run.lookups[i][POSITIONS];
        const figure latency[2] = { t[LATENCY][SLIDE_QUEEN], q[LATENCY][SLIDE_QUEEN] };

        if (left_out(f, why, sizeof why) != NULL) {
            printf("%-11s skipped: %s\n", f->name, why);
            continue;
        }
        if (f->table_bytes != NULL)
            printf("%-11s %10.1f |", f->name, *f->table_bytes / 1024.0);
        else
            printf("%-11s %10s |", f->name, "-");
        for (int piece = 0; piece < PIECES; piece++)
            print_cell(&t[THROUGHPUT][piece], 6, 2);
        printf(" %5.1f%% |", widest(t[THROUGHPUT], PIECES));
        for (int piece = 0; piece < PIECES; piece++)
            print_cell(&q[THROUGHPUT][piece], 6, 2);
        printf(" %5.1f%% |", widest(q[THROUGHPUT], PIECES));
        print_cell(&latency[0], 6, 2);
        print_cell(&latency[1], 6, 2);
        printf(" %5.1f%%\n", widest(latency, 2));
    }
    printf("\n+-95%%: the widest 95 %% interval of the group's medians, half its width over\n"
           "the median (every interval is in the CSV)\n\n");
}

/* The second table: pressure, perft and the engine search. */
static void print_engine(unsigned n, unsigned tt_mib)
{
    char why[FEN_WHY_SIZE];

    printf("engine-like: pressure = ns per lookup (positions, latency) with a random read of a\n"
           "%u MiB table after each, over the reads alone (%.1f ns a read; median of %u\n"
           "paired chunks; <res: its 95 %% interval reaches 0, so no cost the clock can\n"
           "tell from none); perft = million nodes a second, the move generator on the\n"
           "flavour's inline lookups; search = thousand nodes a second of the engine search\n"
           "(lab/search.h) of the six standard positions to depth %d, %u MiB table,\n"
           "%llu nodes.  The pressure method against itself (the reads as the\n"
           "lookups, reads and lookups first by turns): %.2f ns [%.2f, %.2f], its bias\n\n",
           tt_mib, run.baseline.median, PRESSURE_SAMPLES, SEARCH_DEPTH, tt_mib,
           (unsigned long long)search_nodes, run.null.median, run.null.low, run.null.high);
    printf("%-11s | %-27s | %-27s | %s\n", "", "pressure", "perft Mnps", "search knps");
    printf("%-11s | %6s %6s %6s %6s | %8s %11s %6s | %7s %6s\n", "flavour", "rook", "bishop",
           "queen", "+-95%", "start d5", "kiwipete d4", "+-95%", "all d4", "+-95%");
    for (unsigned i = 0; i < n; i++) {
        const struct flavour_impl *f = impl(i);
        const figure *pressure = run.pressure[i], *perft = run.perft[i];

        if (left_out(f, why, sizeof why) != NULL)
            continue;
        if (i >= flavour_impl_count) { /* see the header */
            printf("%-11s | %6s %6s %6s %6s | %8s %11s %6s | %7s %6s\n", f->name, "-", "-", "-",
                   "-", "-", "-", "-", "-", "-");
            continue;
        }
        printf("%-11s |", f->name);
        for (int piece = 0; piece < PIECES; piece++)
            print_cell(&pressure[piece], 6, 1);
        printf(" %5.0f%% |", widest(pressure, PIECES));
        for (int pos = 0; pos < PERFTS; pos++) {
            if (perft[pos].median < 0)
                printf(" %*s", pos == 0 ? 8 : 11, "WRONG");
            else
                printf(" %*.1f", pos == 0 ? 8 : 11, 1000 / perft[pos].median);
        }
        printf(" %5.1f%% |", widest(perft, PERFTS));
        if (run.search[i].median < 0)
            printf(" %7s %6s\n", "WRONG", "");
        else
            printf(" %7.0f %5.1f%%\n", 1e6 / run.search[i].median, widest(&run.search[i], 1));
    }
    printf("\nperft: the median of %u runs, search of %u; WRONG: a node count other than the\n"
           "published one (perft) or the reference's (search)\n",
           REPEATS * PERFT_RUNS, REPEATS);
}

/* Which flavour wins which workload (queen; perft from the start): the
 * one with the lowest median, alone where it is clearly faster than
 * every other (lab/timing.h), else a tie with each flavour it does
 * not clearly beat. */
static void print_fastest(void)
{
    static const char *const workload[5]
        = { "throughput (random, queen)", "latency (positions, queen)", "cache pressure (queen)",
            "perft (start, d5)", "engine search (d4)" };
    char why[FEN_WHY_SIZE];

    printf("\nfastest here (a tie unless the 95 %% intervals part and the medians differ\n"
           "by %.0f %% or more):\n",
           CLEAR_WIN_PERCENT);
    for (int w = 0; w < 5; w++) {
        const figure *g[IMPLS] = { NULL };
        int best = -1, ties = 0;

        for (unsigned i = 0; i < flavour_impl_count; i++) {
            if (left_out(impl(i), why, sizeof why) != NULL)
                continue;
            g[i] = w == 0   ? &run.lookups[i][RANDOM][THROUGHPUT][SLIDE_QUEEN]
                   : w == 1 ? &run.lookups[i][POSITIONS][LATENCY][SLIDE_QUEEN]
                   : w == 2 ? &run.pressure[i][SLIDE_QUEEN]
                   : w == 3 ? &run.perft[i][PERFT_START]
                            : &run.search[i];
            if (g[i]->median < 0 && w >= 3) { /* a wrong count */
                g[i] = NULL;
                continue;
            }
            if (best < 0 || g[i]->median < g[best]->median)
                best = (int)i;
        }
        if (best < 0)
            continue;
        for (unsigned i = 0; i < flavour_impl_count; i++)
            ties += g[i] != NULL && (int)i != best && !clearly_faster(g[best], g[i]);
        printf("  %-28s %s%s", workload[w], ties ? "tie: " : "", impl((unsigned)best)->name);
        for (unsigned i = 0; i < flavour_impl_count; i++) {
            if (g[i] != NULL && (int)i != best && !clearly_faster(g[best], g[i]))
                printf(", %s", impl(i)->name);
        }
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    static struct position perft_start[PERFTS];
    struct request r = { NULL, 0, TT_MIB };
    char cpu[128], why[FEN_WHY_SIZE];
    FILE *csv = NULL;
    struct outfile csv_file;
    unsigned n;
    int status;

    report_program = "magicbb-bench";
    stdout_checked_at_exit();
    if ((status = parse_arguments(argc, argv, &r)) >= 0)
        return status;
    timing_ring(rings[RANDOM].sq, rings[RANDOM].occ, RING);
    fill_positions(&rings[POSITIONS]);
    if (r.callgrind)
        return run_callgrind(r.tt_mib);
    if (tt_create(&tt, r.tt_mib, PROBES) != 0 || search_table_create(&search_tt, r.tt_mib) != 0) {
        fprintf(stderr, "magicbb-bench: no memory for two %u MiB tables (--tt-mib)\n", r.tt_mib);
        return 1;
    }
    for (int pos = 0; pos < PERFTS; pos++) {
        if (parse_fen(perft_positions[pos].fen, &perft_start[pos], why) != 0)
            return 1;
    }
    if (timing_positions(search_start, why) != 0)
        return 1;
    /* on the reference ray walk */
    search_nodes = timing_search_all(search, search_start, SEARCH_DEPTH, &search_tt);
    /* the CSV is written as magicbb-gen writes its outputs (output.h):
     * complete or not at all, a device written through, "-" stdout */
    if (r.csv_path != NULL) {
        if (outfile_open(&csv_file, r.csv_path) != 0)
            return 1;
        csv = csv_file.stream;
    }

    cpu_name(cpu, sizeof cpu);
    if (csv != stdout)
        printf("magicbb-bench on %s; all flavours (the library is configured for %s)\n"
               "built with: %s\n"
               "ns per lookup: median of %u chunks of %u (%u repeats)\n\n",
               cpu, MBB_FLAVOUR_NAME, BENCH_FLAGS, SAMPLES, CHUNK, REPEATS);
    if (csv != NULL)
        fprintf(csv, "flavour,table_kib,input,mode,piece,ns_median,ns_low95,ns_high95\n");
    for (n = 0; impl(n) != NULL; n++)
        continue;
    measure(n, perft_start);
    summarise_all(n, csv);
    if (csv != stdout) {
        print_lookups(n);
        print_engine(n, r.tt_mib);
        print_fastest();
    }
    if (csv != NULL) {
        struct outfile *files[1] = { &csv_file };

        if (outfiles_commit(files, 1) != 0)
            return 1;
    }
    tt_free(&tt);
    search_table_free(&search_tt);
    return 0;
}
