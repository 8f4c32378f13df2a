/* SPDX-License-Identifier: MIT */
/* fastest.c - the lab's probe of the fastest flavour on this machine,
 * lab/magicbb-fastest: make fastest runs it (lab/local.mk) and prints
 * the --with-tables line to configure with, as fftw-wisdom does.
 *
 *     fastest DEFAULT [search|pressure|lookups [FLAVOUR,...]]
 *
 * Times every flavour of the all-flavour layer (lab/flavours.h) on
 * the tables a build makes (magicbb-gen --sliders-only --magics-dir, as
 * for make check-lab) with the benchmark's loops; a flavour built for some
 * instructions of isa.def only where this program was built with them and
 * the CPU has them.  The rounds go round every flavour in turn, so a slow
 * stretch of the machine falls on all alike.  The workloads:
 *   search    (the default) the benchmark's engine search
 *             (lab/search.h): the six standard positions to depth 4,
 *             a 256 MiB transposition table; ns per node.  Every flavour
 *             must visit the same nodes, or the probe fails;
 *   pressure  each queen lookup waits for a random read of a 256 MiB
 *             table and the next read for the lookup; ns per lookup over
 *             the reads alone (make bench's pressure mode);
 *   lookups   queen lookups alone, independent, their tables in the
 *             caches.
 * Prints a line per flavour, "NAME NS ns [LOW, HIGH]" (the median and its
 * 95 % interval, lab/timing.h), or "NAME < resolution (...)" where
 * the interval reaches zero, then "fastest NAME" and "why TEXT": NAME is
 * the flavour with the lowest median where it is clearly faster than
 * DEFAULT (the build's flavour; the rule of lab/timing.h), else
 * DEFAULT.  A list of flavours after the workload limits the choice to
 * them.  Built for and run on this machine: make fastest refuses a
 * cross build. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>

#include "flavours.h"
#include "machine.h"
#include "movegen.h"
#include "search.h"
#include "timing.h"

#define RING 4096u
#define CHUNK 512u
#define LOOKUP_ROUNDS 48
#define SEARCH_ROUNDS 10
#define SEARCH_DEPTH 4
#define TT_MIB 256
#define PROBES (1u << 20)
#define MAX_FLAVOURS 64

enum workload { SEARCH, PRESSURE, LOOKUPS };

static unsigned char squares[RING];
static uint64_t occupancies[RING];
static volatile uint64_t zero_source;
static struct position positions[STANDARD_POSITION_COUNT];
static struct tt tt;
static struct search_table table;

/* One round of flavour f's workload: ns per lookup or node, and the nodes
 * searched (0 for the lookup workloads). */
static double sample(const struct flavour_impl *f, enum workload w, int round, uint64_t *nodes)
{
    const unsigned first = (unsigned)round * CHUNK % RING;
    const unsigned char *sq = squares + first;
    const uint64_t *occ = occupancies + first;
    const uint64_t zero = zero_source;
    double start;

    *nodes = 0;
    if (w == LOOKUPS)
        return time_batch(f->batch[THROUGHPUT][SLIDE_QUEEN], sq, occ, CHUNK, zero);
    if (w == PRESSURE) {
        double reads;

        return pressure_sample(&tt, f->pressure[SLIDE_QUEEN], f->reads, sq, occ, CHUNK, zero,
                               (unsigned)round, &reads);
    }
    start = now_ns();
    *nodes = timing_search_all(f->search, positions, SEARCH_DEPTH, &table);
    return (now_ns() - start) / (double)*nodes;
}

/* The workload's inputs; 0, or -1 with a message. */
static int prepare(enum workload w)
{
    char why[FEN_WHY_SIZE];

    timing_ring(squares, occupancies, RING);
    if (timing_positions(positions, why) != 0) {
        fprintf(stderr, "fastest: %s\n", why);
        return -1;
    }
    if ((w == PRESSURE && tt_create(&tt, TT_MIB, PROBES) != 0)
        || (w == SEARCH && search_table_create(&table, TT_MIB) != 0)) {
        fputs("fastest: no memory for the workload's 256 MiB table\n", stderr);
        return -1;
    }
    return 0;
}

/* Whether name is one of the comma-separated list. */
static int listed(const char *list, const char *name)
{
    const size_t length = strlen(name);

    for (const char *p = list;; p++) {
        if (strncmp(p, name, length) == 0 && (p[length] == ',' || p[length] == '\0'))
            return 1;
        if ((p = strchr(p, ',')) == NULL)
            return 0;
    }
}

/* The name of a measured flavour other than best's that best is not
 * clearly faster than (the runner-up's interval meets best's), or NULL. */
static const char *tied_with(const struct interval *figures, const unsigned char *measured,
                             const struct interval *best)
{
    const struct interval *second = NULL;
    const char *name = NULL;

    for (unsigned i = 0; i < flavour_impl_count && i < MAX_FLAVOURS; i++) {
        if (measured[i] && &figures[i] != best
            && (second == NULL || figures[i].median < second->median)) {
            second = &figures[i];
            name = flavour_impls[i].name;
        }
    }
    return second != NULL && !clearly_faster(best, second) ? name : NULL;
}

/* Prints the choice between the fastest median and the default. */
static void choose(const char *fallback_name, const struct interval *figures,
                   const unsigned char *measured)
{
    const struct interval *best = NULL, *fallback = NULL;
    const char *best_name = NULL;

    for (unsigned i = 0; i < flavour_impl_count && i < MAX_FLAVOURS; i++) {
        if (!measured[i])
            continue;
        if (best == NULL || figures[i].median < best->median) {
            best = &figures[i];
            best_name = flavour_impls[i].name;
        }
        if (strcmp(flavour_impls[i].name, fallback_name) == 0)
            fallback = &figures[i];
    }
    if (best == NULL)
        printf("fastest %s\nwhy no flavour could be measured: %s, the default\n", fallback_name,
               fallback_name);
    else if (fallback == NULL)
        printf("fastest %s\nwhy %s has the lowest median%s%s; the default, %s, could not be"
               " measured\n",
               best_name, best_name, tied_with(figures, measured, best) ? ", tied with " : "",
               tied_with(figures, measured, best) ? tied_with(figures, measured, best) : "",
               fallback_name);
    else if (best == fallback && tied_with(figures, measured, best) != NULL)
        printf("fastest %s\nwhy the default, %s, has the lowest median, tied with %s (not clearly"
               " faster, by the benchmark's rule): the default stays\n",
               fallback_name, fallback_name, tied_with(figures, measured, best));
    else if (best == fallback)
        printf("fastest %s\nwhy the default, %s, is clearly the fastest\n", fallback_name,
               fallback_name);
    else if (clearly_faster(best, fallback))
        printf("fastest %s\nwhy %s is clearly faster than the default, %s\n", best_name, best_name,
               fallback_name);
    else
        printf("fastest %s\nwhy %s has the lowest median, but is not clearly faster than the "
               "default, %s\n",
               fallback_name, best_name, fallback_name);
}

int main(int argc, char **argv)
{
    static double samples[MAX_FLAVOURS][LOOKUP_ROUNDS];
    struct interval figures[MAX_FLAVOURS];
    unsigned char measured[MAX_FLAVOURS] = { 0 };
    enum workload w = SEARCH;
    uint64_t want = 0;
    int rounds;

    if (argc >= 3 && strcmp(argv[2], "lookups") == 0)
        w = LOOKUPS;
    else if (argc >= 3 && strcmp(argv[2], "pressure") == 0)
        w = PRESSURE;
    if (argc < 2 || argc > 4 || (argc >= 3 && w == SEARCH && strcmp(argv[2], "search") != 0)) {
        fputs("usage: fastest DEFAULT [search|pressure|lookups [FLAVOUR,...]]\n", stderr);
        return 2;
    }
    if (prepare(w) != 0)
        return 1;
    rounds = w == SEARCH ? SEARCH_ROUNDS : LOOKUP_ROUNDS;
    for (unsigned i = 0; i < flavour_impl_count && i < MAX_FLAVOURS; i++)
        measured[i] = flavour_timeable(&flavour_impls[i])
                      && (argc < 4 || listed(argv[3], flavour_impls[i].name));
    for (int round = -1; round < rounds; round++) { /* round -1 warms up */
        for (unsigned i = 0; i < flavour_impl_count && i < MAX_FLAVOURS; i++) {
            uint64_t nodes;
            double ns;

            if (!measured[i])
                continue;
            ns = sample(&flavour_impls[i], w, round < 0 ? 0 : round, &nodes);
            if (want == 0)
                want = nodes;
            if (nodes != want) {
                fprintf(stderr,
                        "fastest: %s's search visited %llu nodes, not %llu: a wrong "
                        "attack set\n",
                        flavour_impls[i].name, (unsigned long long)nodes, (unsigned long long)want);
                return 1;
            }
            if (round >= 0)
                samples[i][round] = ns;
        }
    }
    for (unsigned i = 0; i < flavour_impl_count && i < MAX_FLAVOURS; i++) {
        struct interval *g = &figures[i];

        if (!measured[i])
            continue;
        *g = median_interval(samples[i], (size_t)rounds);
        if (g->low <= 0)
            printf("%s < resolution (its interval reaches 0; at most %.2f ns)\n",
                   flavour_impls[i].name, g->high);
        else
            printf("%s %.2f ns [%.2f, %.2f]\n", flavour_impls[i].name, g->median, g->low, g->high);
    }
    choose(argv[1], figures, measured);
    return 0;
}
