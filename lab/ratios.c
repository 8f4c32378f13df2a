/* SPDX-License-Identifier: MIT */
/* ratios.c - every flavour against the fastest, paired round by round,
 * lab/magicbb-ratios: make bench-wasm runs it under the WASI runtime and
 * in browsers to choose wasm32's flavour (src/policy.h), and it runs
 * natively as well.
 *
 *     magicbb-ratios [--rounds N] [NAME=BYTES...]
 *     magicbb-ratios [--rounds N] --fastest DEFAULT [--workload search|lookups]
 *     magicbb-ratios --list
 *     magicbb-ratios --rule < FIGURES
 *
 * Each round times every flavour the program was built for and the CPU
 * runs (lab/flavours.h, each on its own tables), in an order rotated
 * from round to round, on three workloads, a sample the least of a few
 * timings (REPEATS; the search's, each position's least of
 * SEARCH_REPEATS):
 *   throughput  queen lookups, independent, PASSES passes over RING
 *               random (square, occupancy) pairs, after a pass untimed
 *               (the tables in the caches, as make bench times them);
 *   latency     the same, each occupancy waiting for the last answer;
 *   search      the engine search of lab/search.h (the six standard
 *               positions to depth SEARCH_DEPTH, a SEARCH_MIB MiB table),
 *               ns per node; every flavour must visit the reference's
 *               nodes, or the run fails.
 * A flavour's ratio is its time over that of the workload's fastest
 * flavour (the lowest median) in the same round: the figure is the
 * median ratio with its 95 % interval (lab/timing.h).
 *
 * NAME=BYTES gives a flavour's module bytes (make bench-wasm gives the
 * gzip -9 bytes of the freestanding module of each); then the last lines
 * apply wasm32's rule (src/policy.h) to the search figures: the order,
 * fastest median first, auto's choice, and a budget's order.
 *
 * --fastest DEFAULT answers which flavour is fastest on this machine, as
 * fftw-wisdom does (make fastest, lab/local.mk): one workload only
 * (--workload: search, the default, or lookups, the throughput
 * workload), a line a flavour, "NAME NS ns [LOW, HIGH]" (the median and
 * its 95 % interval) or "NAME < resolution (...)" where the interval
 * reaches zero, then "fastest NAME" and "why TEXT": NAME is the flavour
 * with the lowest median where it is clearly faster than DEFAULT (the
 * build's flavour; clearly_faster, lab/timing.h), else DEFAULT.  The CPU and the runtime are named
 * from MBB_CPU and MBB_RUNTIME where set (tools/wasi-run.mjs sets them: a program in a sandbox
 * cannot ask).  --list prints the flavours it times, one a line, and nothing else; --rule applies
 * the rule to figures read from stdin instead of measured (rule_on_input). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flavours.h"
#include "machine.h"
#include "movegen.h"
#include "search.h"
#include "timing.h"

#define RING (1u << 14)
#define PASSES 16
#define REPEATS 5
#define SEARCH_REPEATS 5
#define ROUNDS 31
#define MAX_ROUNDS 1001
#define SEARCH_DEPTH 3
#define SEARCH_MIB 16
#define MAX_FLAVOURS 64
/* the rule's "much smaller": at most a half of the bytes; and the
 * flavour kept where the evidence cannot separate (src/policy.h's last
 * row of auto) */
#define MUCH_SMALLER 2
#define PORTABLE_DEFAULT "black"

enum { THROUGHPUT_W, LATENCY_W, SEARCH_W, WORKLOADS };
static const char *const workload_names[WORKLOADS] = { "throughput", "latency", "search" };

static unsigned char squares[RING];
static uint64_t occupancies[RING];
static volatile uint64_t zero_source, sink;
static struct position positions[STANDARD_POSITION_COUNT];
static struct search_table table;
static uint64_t reference_nodes;

static double samples[MAX_FLAVOURS][WORKLOADS][MAX_ROUNDS];
static struct interval ratio[MAX_FLAVOURS][WORKLOADS], ns[MAX_FLAVOURS][WORKLOADS];
static unsigned long bytes[MAX_FLAVOURS]; /* 0: not given */
static const struct flavour_impl *timed[MAX_FLAVOURS];
static unsigned n;
/* --fastest: the default flavour, and the one workload timed (else
 * WORKLOADS: all of them). */
static const char *fastest_default;
static int only = WORKLOADS;

/* ns per lookup of PASSES passes over the ring: a millisecond or so, so
 * that a browser's clock (Chromium's counts in steps of 5 us) tells the
 * flavours apart. */
static double time_passes(batch_fn batch, uint64_t zero)
{
    const double start = now_ns();
    uint64_t answers = 0;

    for (int pass = 0; pass < PASSES; pass++)
        answers ^= batch(squares, occupancies, RING, zero);
    sink ^= answers;
    return (now_ns() - start) / ((double)RING * PASSES);
}

/* ns per node of the search of every standard position, each position
 * timed SEARCH_REPEATS times and its least time taken; -1 where the
 * nodes are not the reference's. */
static double time_search(search_fn run)
{
    double total = 0;
    uint64_t nodes = 0;

    for (unsigned k = 0; k < STANDARD_POSITION_COUNT; k++) {
        double least = -1;
        uint64_t visited = 0;

        for (int r = 0; r < SEARCH_REPEATS; r++) {
            const double start = now_ns();
            double t;

            search_table_clear(&table);
            visited = run(&positions[k], SEARCH_DEPTH, &table, NULL);
            t = now_ns() - start;
            least = least < 0 || t < least ? t : least;
        }
        total += least;
        nodes += visited;
    }
    return nodes == reference_nodes ? total / (double)nodes : -1;
}

/* One sample of flavour f on workload w: ns per lookup or node, the
 * least of a few timings (a process of a loaded machine waits for the
 * CPU now and then: that only ever adds time); -1 for a search that
 * visits other nodes than the reference's. */
static double sample(const struct flavour_impl *f, int w)
{
    const uint64_t zero = zero_source;
    batch_fn batch = f->batch[w == THROUGHPUT_W ? THROUGHPUT : LATENCY][SLIDE_QUEEN];
    double least = -1;

    if (w == SEARCH_W)
        return time_search(f->search);
    /* a pass untimed first, to bring the tables back into the caches
     * from wherever the flavour before left them */
    batch(squares, occupancies, RING, zero);
    for (int k = 0; k < REPEATS; k++) {
        const double t = time_passes(batch, zero);

        least = least < 0 || t < least ? t : least;
    }
    return least;
}

static int prepare(void)
{
    char why[FEN_WHY_SIZE];

    timing_ring(squares, occupancies, RING);
    if (timing_positions(positions, why) != 0) {
        fprintf(stderr, "magicbb-ratios: %s\n", why);
        return -1;
    }
    if (search_table_create(&table, SEARCH_MIB) != 0) {
        fputs("magicbb-ratios: no memory for the search's table\n", stderr);
        return -1;
    }
    reference_nodes = timing_search_all(search, positions, SEARCH_DEPTH, &table); /* ray walk */
    return 0;
}

/* Reads the arguments: the rounds, and the bytes of the flavours named;
 * 0, or -1 with a message. */
static int parse(int argc, char **argv, unsigned *rounds)
{
    for (int a = 1; a < argc; a++) {
        const char *equals = strchr(argv[a], '=');
        char *end;

        if (strcmp(argv[a], "--fastest") == 0 && a + 1 < argc) {
            fastest_default = argv[++a];
            only = only == WORKLOADS ? SEARCH_W : only;
            continue;
        }
        if (strcmp(argv[a], "--workload") == 0 && a + 1 < argc) {
            only = strcmp(argv[++a], "search") == 0  ? SEARCH_W
                   : strcmp(argv[a], "lookups") == 0 ? THROUGHPUT_W
                                                     : -1;
            if (only < 0) {
                fprintf(stderr, "magicbb-ratios: --workload: '%s' is not search or lookups\n",
                        argv[a]);
                return -1;
            }
            continue;
        }
        if (strcmp(argv[a], "--rounds") == 0 && a + 1 < argc) {
            *rounds = (unsigned)strtoul(argv[++a], &end, 10);
            if (*end != '\0' || *rounds < 6 || *rounds > MAX_ROUNDS) {
                fprintf(stderr, "magicbb-ratios: --rounds: '%s' is not from 6 to %d\n", argv[a],
                        MAX_ROUNDS);
                return -1;
            }
            continue;
        }
        unsigned i = 0;

        while (equals != NULL && i < flavour_impl_count
               && !(strncmp(argv[a], flavour_impls[i].name, (size_t)(equals - argv[a])) == 0
                    && flavour_impls[i].name[equals - argv[a]] == '\0'))
            i++;
        if (equals == NULL || i == flavour_impl_count || equals[1] < '1' || equals[1] > '9'
            || (bytes[i] = strtoul(equals + 1, &end, 10), *end != '\0')) {
            fprintf(stderr,
                    "magicbb-ratios: '%s' is not NAME=BYTES for a flavour (usage: magicbb-ratios"
                    " [--rounds N] [NAME=BYTES...] or [--rounds N] --fastest DEFAULT [--workload"
                    " search|lookups])\n",
                    argv[a]);
            return -1;
        }
    }
    if (only != WORKLOADS && fastest_default == NULL) {
        fputs("magicbb-ratios: --workload goes with --fastest\n", stderr);
        return -1;
    }
    return 0;
}

/* The rounds, each over every flavour in a rotated order, after one
 * round untimed; 0, or -1 where a search went wrong. */
static int measure(unsigned rounds)
{
    for (int round = -1; round < (int)rounds; round++) {
        for (unsigned k = 0; k < n; k++) {
            const unsigned i = (k + (unsigned)(round + 1)) % n;

            for (int w = 0; w < WORKLOADS; w++) {
                const double t = only == WORKLOADS || only == w ? sample(timed[i], w) : 1;

                if (t < 0) {
                    fprintf(stderr,
                            "magicbb-ratios: %s's search visited other nodes than the"
                            " reference's: a wrong attack set\n",
                            timed[i]->name);
                    return -1;
                }
                if (round >= 0)
                    samples[i][w][round] = t;
            }
        }
    }
    return 0;
}

/* Each flavour's median ns and its ratio to the workload's fastest. */
static void summarise(unsigned rounds)
{
    static double copy[MAX_ROUNDS];

    for (int w = 0; w < WORKLOADS; w++) {
        unsigned best = 0;

        for (unsigned i = 0; i < n; i++) {
            memcpy(copy, samples[i][w], rounds * sizeof copy[0]);
            ns[i][w] = median_interval(copy, rounds);
            best = ns[i][w].median < ns[best][w].median ? i : best;
        }
        for (unsigned i = 0; i < n; i++) {
            for (unsigned r = 0; r < rounds; r++)
                copy[r] = samples[i][w][r] / samples[best][w][r];
            ratio[i][w] = median_interval(copy, rounds);
        }
    }
}

/* Whether flavour i ties the search's fastest: its ratio's interval
 * reaches 1, or its median is under 1 + CLEAR_WIN_PERCENT % (the lab's
 * rule for a clear win, lab/timing.h). */
static int ties(unsigned i)
{
    return ratio[i][SEARCH_W].low <= 1 || ratio[i][SEARCH_W].median < 1 + CLEAR_WIN_PERCENT / 100;
}

/* Whether the target runs flavour f as configured: its instructions are
 * in this program's own build (CFLAGS, none of a set's flags), so that
 * configure's auto may take it (a set's flags build its flavours' code
 * here, timed all the same). */
static int target_runs(const struct flavour_impl *f)
{
#define MBB_ISA(name, macro, flags, cpu, slow, description)                                        \
    if (strcmp(f->isa, #name) == 0)                                                                \
        return MBB_IS_ONE(MBB_HAVE_##macro);
#include "isa.def"
#undef MBB_ISA
    return 0;
}

/* wasm32's rule on the search figures, where every flavour's bytes are
 * given (make bench-wasm gives the modules' gzip -9 bytes: the download
 * as a server that compresses sends it): the flavours that tie the
 * fastest (the lowest median) are as fast; of them black, the portable
 * default, where it is one (where the evidence cannot separate flavours
 * the default stays), else the fastest; unless flavours that tie the
 * fastest have at most 1/MUCH_SMALLER of that one's bytes: then the
 * smallest of those; of the flavours the target runs as configured
 * (target_runs).  A budget's order: auto's flavour first, then the
 * others by median. */
static void choose(void)
{
    unsigned order[MAX_FLAVOURS], fastest, pick, first;

    if (n == 0)
        return;
    for (unsigned i = 0; i < n; i++) {
        if (bytes[timed[i] - flavour_impls] == 0)
            return;
        order[i] = i;
    }
    for (unsigned i = 1; i < n; i++) { /* (insertion sort, by median) */
        for (unsigned k = i;
             k > 0 && ns[order[k]][SEARCH_W].median < ns[order[k - 1]][SEARCH_W].median; k--) {
            const unsigned t = order[k];

            order[k] = order[k - 1];
            order[k - 1] = t;
        }
    }
    fastest = n; /* (of those auto may take: the target runs them) */
    for (unsigned k = n; k-- > 0;)
        fastest = target_runs(timed[order[k]]) ? order[k] : fastest;
    if (fastest == n)
        return;
    first = fastest;
    for (unsigned i = 0; i < n; i++)
        first = target_runs(timed[i]) && ties(i) && strcmp(timed[i]->name, PORTABLE_DEFAULT) == 0
                    ? i
                    : first;
    pick = first;
    printf("\norder (search, fastest median first):");
    for (unsigned k = 0; k < n; k++) {
        const unsigned long b = bytes[timed[order[k]] - flavour_impls];

        printf(" %s", timed[order[k]]->name);
        if (target_runs(timed[order[k]]) && ties(order[k])
            && b * MUCH_SMALLER <= bytes[timed[first] - flavour_impls]
            && (pick == first || b < bytes[timed[pick] - flavour_impls]))
            pick = order[k];
    }
    printf("\nauto: %s (", timed[pick]->name);
    if (pick != first)
        printf("the smallest of the flavours that tie the fastest with at most a half of the"
               " bytes of %s)\n",
               timed[first]->name);
    else
        printf("%s; none that ties it has a half of its bytes or fewer)\n",
               first == fastest ? "the fastest on the search"
                                : "the portable default, tied with the fastest on the search");
    printf("order for a budget (auto's first): %s", timed[pick]->name);
    for (unsigned k = 0; k < n; k++) {
        if (order[k] != pick)
            printf(" %s", timed[order[k]]->name);
    }
    printf("\n");
}

/* The name of a timed flavour other than best that best is not clearly
 * faster than on workload w (the runner-up's interval meets best's), or
 * NULL. */
static const char *tied_with(int w, unsigned best)
{
    unsigned second = n;

    for (unsigned i = 0; i < n; i++)
        if (i != best && (second == n || ns[i][w].median < ns[second][w].median))
            second = i;
    return second < n && !clearly_faster(&ns[best][w], &ns[second][w]) ? timed[second]->name : NULL;
}

/* --fastest: each flavour's figure on the workload, then the choice
 * between the fastest median and the default, and why. */
static void choose_fastest(int w)
{
    unsigned best = 0, fallback = n;
    const char *tie;

    for (unsigned i = 0; i < n; i++) {
        if (ns[i][w].low <= 0)
            printf("%s < resolution (its interval reaches 0; at most %.2f ns)\n", timed[i]->name,
                   ns[i][w].high);
        else
            printf("%s %.2f ns [%.2f, %.2f]\n", timed[i]->name, ns[i][w].median, ns[i][w].low,
                   ns[i][w].high);
        best = ns[i][w].median < ns[best][w].median ? i : best;
        fallback = strcmp(timed[i]->name, fastest_default) == 0 ? i : fallback;
    }
    tie = tied_with(w, best);
    if (fallback == n)
        printf("fastest %s\nwhy %s has the lowest median%s%s; the default, %s, could not be"
               " measured\n",
               timed[best]->name, timed[best]->name, tie != NULL ? ", tied with " : "",
               tie != NULL ? tie : "", fastest_default);
    else if (best == fallback && tie != NULL)
        printf("fastest %s\nwhy the default, %s, has the lowest median, tied with %s (not clearly"
               " faster, by the benchmark's rule): the default stays\n",
               fastest_default, fastest_default, tie);
    else if (best == fallback)
        printf("fastest %s\nwhy the default, %s, is clearly the fastest\n", fastest_default,
               fastest_default);
    else if (clearly_faster(&ns[best][w], &ns[fallback][w]))
        printf("fastest %s\nwhy %s is clearly faster than the default, %s\n", timed[best]->name,
               timed[best]->name, fastest_default);
    else
        printf("fastest %s\nwhy %s has the lowest median, but is not clearly faster than the"
               " default, %s\n",
               fastest_default, timed[best]->name, fastest_default);
}

static void print_table(unsigned rounds)
{
    char cpu[128];
    const char *runtime = getenv("MBB_RUNTIME");

    if (getenv("MBB_CPU") != NULL)
        snprintf(cpu, sizeof cpu, "%s", getenv("MBB_CPU"));
    else
        cpu_name(cpu, sizeof cpu);
    printf("magicbb-ratios on %s, %s; %u rounds, each flavour's time over the fastest's in the"
           " same round:\nthe median ratio [95 %% interval]; ns: the fastest's median, per lookup"
           " or node (search ns: each flavour's); search: the six standard positions to depth %d,"
           " %llu nodes\n\n",
           cpu, runtime != NULL ? runtime : "natively", rounds, SEARCH_DEPTH,
           (unsigned long long)reference_nodes);
    printf("%-12s %9s", "flavour", "bytes");
    for (int w = 0; w < WORKLOADS; w++)
        printf("  %-20s", workload_names[w]);
    printf("  %s\n", "search ns");
    for (unsigned i = 0; i < n; i++) {
        printf("%-12s %9lu", timed[i]->name, bytes[timed[i] - flavour_impls]);
        for (int w = 0; w < WORKLOADS; w++)
            printf("  %5.2f [%5.2f, %5.2f]", ratio[i][w].median, ratio[i][w].low, ratio[i][w].high);
        printf("  %.1f\n", ns[i][SEARCH_W].median);
    }
    printf("%-12s %9s", "ns", "");
    for (int w = 0; w < WORKLOADS; w++) {
        double best = ns[0][w].median;

        for (unsigned i = 1; i < n; i++)
            best = ns[i][w].median < best ? ns[i][w].median : best;
        printf("  %-20.2f", best);
    }
    printf("\n");
}

/* --rule: the rule on figures read from stdin, "NAME BYTES NS MEDIAN LOW"
 * a line (the search's median ns, its ratio's median and low end), for
 * lab/ratios.sh; 0, or 1 with a message. */
static int rule_on_input(void)
{
    char name[64];
    unsigned long b;
    double median_ns, median, low;
    int fields;

    while (n < MAX_FLAVOURS
           && (fields = scanf("%63s %lu %lf %lf %lf", name, &b, &median_ns, &median, &low)) == 5) {
        unsigned i = 0;

        while (i < flavour_impl_count && strcmp(flavour_impls[i].name, name) != 0)
            i++;
        if (i == flavour_impl_count || b == 0) {
            fprintf(stderr, "magicbb-ratios: --rule: '%s %lu': no such flavour, or no bytes\n",
                    name, b);
            return 1;
        }
        timed[n] = &flavour_impls[i];
        bytes[i] = b;
        ns[n][SEARCH_W].median = median_ns;
        ratio[n][SEARCH_W] = (struct interval){ median, low, median };
        n++;
    }
    if (n == 0 || fields != EOF) {
        fputs("magicbb-ratios: --rule: expected lines of NAME BYTES NS MEDIAN LOW\n", stderr);
        return 1;
    }
    choose();
    return 0;
}

int main(int argc, char **argv)
{
    const int list = argc == 2 && strcmp(argv[1], "--list") == 0;
    unsigned rounds = ROUNDS;

    if (argc == 2 && strcmp(argv[1], "--rule") == 0)
        return rule_on_input();
    if (!list && parse(argc, argv, &rounds) != 0)
        return 1;
    for (unsigned i = 0; i < flavour_impl_count && n < MAX_FLAVOURS; i++) {
        const struct flavour_impl *f = &flavour_impls[i];

        if (flavour_timeable(f))
            timed[n++] = f;
        if (list && flavour_timeable(f))
            puts(f->name);
        else if (!list && !flavour_timeable(f))
            printf("%s: not timed, %s %s\n", f->name,
                   *f->built ? "this CPU lacks" : "built without", isa_description(f->isa));
    }
    if (list)
        return 0;
    if (n == 0 || prepare() != 0 || measure(rounds) != 0)
        return 1;
    summarise(rounds);
    if (fastest_default != NULL)
        choose_fastest(only);
    else {
        print_table(rounds);
        choose();
    }
    search_table_free(&table);
    return 0;
}
