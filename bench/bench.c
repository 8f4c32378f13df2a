/* SPDX-License-Identifier: MIT */
/* bench.c - nanoseconds per slider lookup for every flavour, and for a
 * ray walk, side by side in one run, so that ratios between them hold.
 *
 *     magicbb-bench [--csv [FILE]] [--callgrind]
 *
 * --csv FILE writes every figure to FILE as well as the table; --csv alone
 * writes the CSV to standard output instead of the table.
 *
 * Shared machines pause a process for tens of milliseconds at a time, so
 * one wall-clock total says little.  Lookups are timed in chunks of 4096
 * with a monotonic clock; a figure is the median over all chunks of all
 * repeats, and its spread the interquartile range of those chunks and the
 * range of the repeats' own medians, as percentages of the median.
 *
 * Two kinds of input, each a ring of (square, occupancy) pairs that fits
 * in cache: 2^16 pseudo-random pairs with about 25% of squares occupied,
 * and the rooks', bishops' and queens' squares and occupancies of every
 * position of a perft walk from the six standard positions.  Two modes:
 * throughput (independent lookups) and latency (each occupancy depends on
 * the previous answer).
 *
 * --callgrind runs each flavour's throughput loops once over the random
 * ring, untimed, for valgrind's instruction counts (make bench-callgrind). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "magicbb_config.h"

#include "flavours.h"
#include "machine.h"
#include "movegen.h"
#include "reference.h"

#define RING (1u << 16)
#define CHUNK 4096u
#define PASSES 4  /* over the ring, per repeat */
#define REPEATS 5
#define SAMPLES (REPEATS * PASSES * (RING / CHUNK))

enum { RANDOM, POSITIONS, INPUTS };
static const char *const input_names[INPUTS] = { "random", "positions" };
static const char *const mode_names[MODES] = { "throughput", "latency" };
static const char *const piece_names[PIECES] = { "rook", "bishop", "queen" };

struct ring {
    unsigned char sq[RING];
    uint64_t occ[RING];
};

static struct ring rings[INPUTS];
static volatile uint64_t sink, zero_source;

struct figure {
    double median, chunk_spread, repeat_spread; /* ns; percent; percent */
};

/* One repeat of one measurement: PASSES over the ring, a sample a chunk,
 * after one pass untimed to bring the flavour's tables back into cache
 * from wherever the flavour before left them. */
static void sample(batch_fn batch, const struct ring *ring, double *samples)
{
    const uint64_t zero = zero_source;
    unsigned s = 0;

    sink ^= batch(ring->sq, ring->occ, RING, zero);
    for (unsigned pass = 0; pass < PASSES; pass++) {
        for (unsigned c = 0; c < RING; c += CHUNK) {
            double start = now_ns();

            sink ^= batch(ring->sq + c, ring->occ + c, CHUNK, zero);
            samples[s++] = (now_ns() - start) / CHUNK;
        }
    }
}

/* Median and spreads of all repeats' samples (REPEATS runs of
 * SAMPLES / REPEATS, in order). */
static struct figure summarise(double *samples)
{
    double medians[REPEATS];
    const unsigned per = SAMPLES / REPEATS;
    struct figure f;

    for (unsigned r = 0; r < REPEATS; r++) {
        qsort(samples + r * per, per, sizeof samples[0], compare_doubles);
        medians[r] = samples[r * per + per / 2];
    }
    qsort(samples, SAMPLES, sizeof samples[0], compare_doubles);
    qsort(medians, REPEATS, sizeof medians[0], compare_doubles);
    f.median = samples[SAMPLES / 2];
    f.chunk_spread = 100 * (samples[SAMPLES * 3 / 4] - samples[SAMPLES / 4]) / f.median;
    f.repeat_spread = 100 * (medians[REPEATS - 1] - medians[0]) / f.median;
    return f;
}

/* ---- Inputs ------------------------------------------------------------ */

static void fill_random(struct ring *ring)
{
    uint64_t state = 0x2545f4914f6cdd1du;

    for (unsigned i = 0; i < RING; i++) {
        ring->sq[i] = (unsigned char)(ref_random(&state) & 63);
        ring->occ[i] = ref_random(&state) & ref_random(&state);
    }
}

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
    "ray-walk", 0, ref_rook, ref_bishop, walk_queen,
    { { walk_rook_batch_throughput, walk_bishop_batch_throughput, walk_queen_batch_throughput },
      { walk_rook_batch_latency, walk_bishop_batch_latency, walk_queen_batch_latency } },
    NULL,
};

/* ---- Report ------------------------------------------------------------- */

static const struct flavour_impl *impl(unsigned i)
{
    if (i < flavour_impl_count)
        return &flavour_impls[i];
    return i == flavour_impl_count ? &ray_walk : NULL;
}

int main(int argc, char **argv)
{
    static struct figure fig[16][INPUTS][MODES][PIECES];
    static double samples[16][INPUTS][MODES][PIECES][SAMPLES];
    const char *csv_path = NULL;
    int callgrind = 0;
    char cpu[128];
    FILE *csv = NULL;
    unsigned n;

    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--csv") == 0) {
            csv_path = a + 1 < argc && strncmp(argv[a + 1], "--", 2) != 0 ? argv[++a] : "-";
        } else if (strcmp(argv[a], "--callgrind") == 0) {
            callgrind = 1;
        } else if (strcmp(argv[a], "--cpu") == 0) {
            cpu_name(cpu, sizeof cpu);
            puts(cpu);
            return 0;
        } else {
            fprintf(stderr, "magicbb-bench: unknown argument '%s'\n"
                            "usage: magicbb-bench [--csv [FILE]] [--callgrind] [--cpu]\n", argv[a]);
            return 2;
        }
    }
    fill_random(&rings[RANDOM]);
    fill_positions(&rings[POSITIONS]);

    if (callgrind) {
        for (unsigned i = 0; impl(i) != NULL; i++) {
            for (int piece = 0; piece < PIECES && flavour_runs_here(impl(i)); piece++)
                sink ^= impl(i)->batch[THROUGHPUT][piece](rings[RANDOM].sq, rings[RANDOM].occ,
                                                         RING, zero_source);
        }
        printf("magicbb-bench: ran %u lookups per flavour and piece\n", RING);
        return 0;
    }
    if (csv_path != NULL && strcmp(csv_path, "-") == 0)
        csv = stdout;
    else if (csv_path != NULL && (csv = fopen(csv_path, "w")) == NULL) {
        fprintf(stderr, "magicbb-bench: %s: cannot create\n", csv_path);
        return 1;
    }

    cpu_name(cpu, sizeof cpu);
    if (csv != stdout)
        printf("magicbb-bench on %s; all flavours (the library is configured for %s)\n"
           "ns per lookup: median of %u chunks of %u (%u repeats)\n\n",
           cpu, MBB_FLAVOUR_NAME, SAMPLES, CHUNK, REPEATS);
    if (csv != NULL)
        fprintf(csv, "flavour,table_kib,input,mode,piece,ns_median,chunk_spread_pct,repeat_spread_pct\n");

    for (n = 0; impl(n) != NULL; n++)
        continue;
    /* Warm up (clock speed, caches, page faults), then the repeats in turn
     * over every flavour, so that a slow stretch of the machine falls on
     * all of them alike rather than on one. */
    for (unsigned i = 0; i < n; i++) {
        for (int piece = 0; piece < PIECES && flavour_runs_here(impl(i)); piece++)
            sample(impl(i)->batch[THROUGHPUT][piece], &rings[RANDOM], samples[0][0][0][0]);
    }
    for (unsigned r = 0; r < REPEATS; r++) {
        for (unsigned i = 0; i < n; i++) {
            for (int in = 0; in < INPUTS && flavour_runs_here(impl(i)); in++) {
                for (int mode = 0; mode < MODES; mode++) {
                    for (int piece = 0; piece < PIECES; piece++)
                        sample(impl(i)->batch[mode][piece], &rings[in],
                               samples[i][in][mode][piece] + r * (SAMPLES / REPEATS));
                }
            }
        }
    }
    for (unsigned i = 0; i < n; i++) {
        const struct flavour_impl *f = impl(i);

        for (int in = 0; in < INPUTS && flavour_runs_here(f); in++) {
            for (int mode = 0; mode < MODES; mode++) {
                for (int piece = 0; piece < PIECES; piece++) {
                    struct figure *g = &fig[i][in][mode][piece];

                    *g = summarise(samples[i][in][mode][piece]);
                    if (csv != NULL)
                        fprintf(csv, "%s,%.1f,%s,%s,%s,%.3f,%.1f,%.1f\n", f->name,
                                f->table_bytes ? *f->table_bytes / 1024.0 : 0.0, input_names[in],
                                mode_names[mode], piece_names[piece], g->median, g->chunk_spread,
                                g->repeat_spread);
                }
            }
        }
    }

    if (csv == stdout)
        return fflush(stdout) != 0;
    printf("%-11s %10s | %-29s | %-29s | %s\n", "", "", "random: throughput", "positions: throughput",
           "queen latency");
    printf("%-11s %10s | %6s %6s %6s %7s | %6s %6s %6s %7s | %6s %6s\n", "flavour", "table KiB",
           "rook", "bishop", "queen", "spread", "rook", "bishop", "queen", "spread", "random",
           "posns");
    for (unsigned i = 0; i < n; i++) {
        const struct flavour_impl *f = impl(i);
        const struct figure(*t)[PIECES] = fig[i][RANDOM];
        const struct figure(*q)[PIECES] = fig[i][POSITIONS];
        double spread_r = 0, spread_p = 0;

        if (!flavour_runs_here(f)) {
            printf("%-11s skipped: this CPU has no BMI2\n", f->name);
            continue;
        }
        for (int piece = 0; piece < PIECES; piece++) {
            if (t[THROUGHPUT][piece].repeat_spread > spread_r)
                spread_r = t[THROUGHPUT][piece].repeat_spread;
            if (q[THROUGHPUT][piece].repeat_spread > spread_p)
                spread_p = q[THROUGHPUT][piece].repeat_spread;
        }
        if (f->table_bytes != NULL)
            printf("%-11s %10.1f |", f->name, *f->table_bytes / 1024.0);
        else
            printf("%-11s %10s |", f->name, "-");
        printf(" %6.2f %6.2f %6.2f %6.1f%% | %6.2f %6.2f %6.2f %6.1f%% | %6.2f %6.2f\n",
               t[THROUGHPUT][SLIDE_ROOK].median, t[THROUGHPUT][SLIDE_BISHOP].median,
               t[THROUGHPUT][SLIDE_QUEEN].median, spread_r, q[THROUGHPUT][SLIDE_ROOK].median,
               q[THROUGHPUT][SLIDE_BISHOP].median, q[THROUGHPUT][SLIDE_QUEEN].median, spread_p,
               t[LATENCY][SLIDE_QUEEN].median, q[LATENCY][SLIDE_QUEEN].median);
    }
    printf("\nspread: the largest repeat range of the row's three throughput figures\n");
    if (csv != NULL && csv != stdout && fclose(csv) != 0) {
        fprintf(stderr, "magicbb-bench: %s: write error\n", csv_path);
        return 1;
    }
    return 0;
}
