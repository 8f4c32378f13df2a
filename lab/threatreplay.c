/* SPDX-License-Identifier: MIT */
/* threatreplay.c - the threat-change kernel's event replay: the portable
 * kernel (lab/threatrel.c) as an engine calls it, with its piece sets and
 * its lists in any order (threat_event_diff_pieces, THREAT_ANY_ORDER),
 * against a naive full recompute (every relation of the boards before and
 * after, threat_board, and their set differences), on one recorded stream
 * of events, under Stockfish's rule table.
 *
 *     magicbb-threatrel [--rounds N] [--stream perft|search|both]
 *
 * The events (--stream): every legal move of every position of the perft
 * walks (two plies) from the six standard positions (perft, the
 * default), or every move lab/search.c's search plays from each of them
 * (search: iterative deepening to SEARCH_DEPTH plies, quiescence's
 * captures included, each position an equal share of what the ones
 * before it left), or the first half of each (both); each move split
 * into events (threat_move_events), each kept with the board before it
 * and that board's piece sets (threat_pieces_of, made while recording,
 * outside the timed loops, as an engine keeps them), 65,536 events at
 * most.  Before
 * any timing, both contenders' lists are compared event by event, as sets
 * (the kernel's lists sorted first: each must then be the recompute's,
 * which also rules out a relation twice).  Then --rounds N rounds (31),
 * each replaying every event through both, their order alternating, each
 * folding its lists into a checksum that does not depend on the order of
 * a list (so nothing is optimised away; the two must agree); the ratio of
 * the two times in each round, and the median of the ratios with its
 * distribution-free 95 % interval (lab/timing.h).  Where the CPU has
 * AVX-512 VBMI2, the vector kernel (lab/threatrel_vbmi2.c) is a third
 * contender, called as the portable one is (threat_event_diff_pieces_vbmi2,
 * the same piece sets, THREAT_ANY_ORDER): its lists too must be the
 * recompute's as sets on every event, each round runs the three in one
 * of their six orders, and its time is also given as a ratio to the
 * portable kernel's.  No peer engine here: their code is GPL
 * (doc/threats.md). */
#define _POSIX_C_SOURCE 200809L
#define MAGICBB_INLINE
#include <magicbb.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "movegen.h"
#include "search.h"
#include "threatrel.h"
#include "timing.h"

#define EVENTS (1u << 16)
/* The search's depth (iterative deepening from 1; quiescence beyond). */
#define SEARCH_DEPTH 6
#define SEARCH_DEPTH_TEXT "6"

struct replay {
    unsigned char board[64];     /* before the event */
    struct threat_pieces pieces; /* the board's piece sets */
    struct threat_event event;
};

static struct replay *replays;
static unsigned replay_count, replay_end;

/* Where the events come from (--stream). */
enum stream { STREAM_PERFT, STREAM_SEARCH, STREAM_BOTH };
static const char *const stream_names[] = { "perft", "search", "both" };
static const char *const stream_words[]
    = { "standard perft walks, two plies",
        "moves a search of the standard positions plays, " SEARCH_DEPTH_TEXT " plies",
        "half perft walks, half a search's moves" };

/* Stockfish's codes: colour * 8 + type + 1. */
static const struct threat_rules rules = {
    .role = { -1, 0, 1, 2, 3, 4, 5, -1, -1, 6, 7, 8, 9, 10, 11, -1 },
    .victims = THREAT_RULES_STOCKFISH,
};

static void position_bytes(const struct position *p, unsigned char board[64])
{
    for (unsigned sq = 0; sq < 64; sq++)
        board[sq] = (unsigned char)(p->board[sq] == NO_PIECE
                                        ? 0
                                        : (p->colour[BLACK] >> sq & 1) * 8 + p->board[sq] + 1u);
}

/* The move from before to after, as events, each kept with the board
 * before it (up to the stream's end). */
static void record_move(const struct position *before, const struct position *after)
{
    unsigned char board[64], next[64];
    struct threat_event ev[4];
    unsigned count;

    position_bytes(before, board);
    position_bytes(after, next);
    count = threat_move_events(board, next, ev);
    for (unsigned k = 0; k < count && replay_count < replay_end; k++) {
        memcpy(replays[replay_count].board, board, 64);
        threat_pieces_of(&rules, board, &replays[replay_count].pieces);
        replays[replay_count++].event = ev[k];
        threat_apply(board, &ev[k]);
    }
}

/* The perft walks' part: every legal move of the position. */
static void collect(const struct position *p, void *data)
{
    struct move list[MOVES_MAX];
    const int n = generate(p, list);

    (void)data;
    for (int i = 0; i < n; i++) {
        struct position next = *p;

        play(&next, &list[i]);
        record_move(p, &next);
    }
}

/* The search's part (lab/search.c built with -DSEARCH_PLAYED=search_played):
 * every move it plays. */
void search_played(const struct position *before, const struct position *after)
{
    record_move(before, after);
}

/* ---- The contenders ------------------------------------------------------ */

struct lists {
    struct threat_relation adds[THREAT_EVENT_MAX], removes[THREAT_EVENT_MAX];
    unsigned na, nr;
};

static void kernel_diff(const struct replay *r, struct lists *out)
{
    threat_event_diff_pieces(&rules, r->board, &r->pieces, &r->event, THREAT_ANY_ORDER, out->adds,
                             THREAT_EVENT_MAX, &out->na, out->removes, THREAT_EVENT_MAX, &out->nr);
}

static void vbmi2_diff(const struct replay *r, struct lists *out)
{
    threat_event_diff_pieces_vbmi2(&rules, r->board, &r->pieces, &r->event, THREAT_ANY_ORDER,
                                   out->adds, THREAT_EVENT_MAX, &out->na, out->removes,
                                   THREAT_EVENT_MAX, &out->nr);
}

static unsigned key(const struct threat_relation *r)
{
    return (unsigned)r->to << 6 | r->from;
}

static void naive_diff(const struct replay *r, struct lists *out)
{
    struct threat_relation before[THREAT_BOARD_MAX], after[THREAT_BOARD_MAX];
    unsigned char next[64];
    int nb, na;

    memcpy(next, r->board, 64);
    threat_apply(next, &r->event);
    nb = threat_board(&rules, r->board, before, THREAT_BOARD_MAX);
    na = threat_board(&rules, next, after, THREAT_BOARD_MAX);
    /* (one event's differences hold THREAT_EVENT_MAX records at most) */
    out->na = threatref_difference(after, (unsigned)na, before, (unsigned)nb, out->adds);
    out->nr = threatref_difference(before, (unsigned)nb, after, (unsigned)na, out->removes);
}

static uint64_t record_bits(const struct threat_relation *r)
{
    return (uint64_t)key(r) << 16 | (uint64_t)r->attacker << 8 | r->victim;
}

/* A sum of the records' mixed bits, each list with its own multiplier:
 * the same for a list in any order. */
static uint64_t checksum(const struct lists *l)
{
    uint64_t h = (uint64_t)l->na << 8 | l->nr;

    for (unsigned i = 0; i < l->na; i++)
        h += (record_bits(&l->adds[i]) + 1) * 0x9E3779B97F4A7C15u;
    for (unsigned i = 0; i < l->nr; i++)
        h += (record_bits(&l->removes[i]) + 1) * 0xC2B2AE3D27D4EB4Fu;
    return h;
}

__attribute__((noinline)) static uint64_t run_kernel(void)
{
    struct lists l;
    uint64_t h = 0;

    for (unsigned i = 0; i < replay_count; i++)
        kernel_diff(&replays[i], &l), h += checksum(&l);
    return h;
}

__attribute__((noinline)) static uint64_t run_naive(void)
{
    struct lists l;
    uint64_t h = 0;

    for (unsigned i = 0; i < replay_count; i++)
        naive_diff(&replays[i], &l), h += checksum(&l);
    return h;
}

__attribute__((noinline)) static uint64_t run_vbmi2(void)
{
    struct lists l;
    uint64_t h = 0;

    for (unsigned i = 0; i < replay_count; i++)
        vbmi2_diff(&replays[i], &l), h += checksum(&l);
    return h;
}

static double now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* --rounds N (6 to 100000), --stream perft|search|both: 0, or the exit
 * status (-1: --help, exit 0). */
static int parse_options(int argc, char **argv, long *rounds, enum stream *stream)
{
    for (int a = 1; a < argc; a++) {
        char *end;

        if (strcmp(argv[a], "--help") == 0 || strcmp(argv[a], "-h") == 0) {
            puts("Usage: magicbb-threatrel [--rounds N] [--stream perft|search|both]\n"
                 "The threat-change kernel (the engine's piece sets, lists in any order)\n"
                 "against a full recompute, paired rounds (--rounds, 31), on the events of\n"
                 "the standard perft walks (--stream perft, the default), of the moves a\n"
                 "search of the standard positions plays (search), or half of each (both).");
            return -1;
        }
        if ((strcmp(argv[a], "--rounds") != 0 && strcmp(argv[a], "--stream") != 0)
            || a + 1 == argc) {
            fprintf(stderr, "magicbb-threatrel: unknown or incomplete option '%s'\n", argv[a]);
            return 2;
        }
        if (strcmp(argv[a++], "--stream") == 0) {
            unsigned k = 0;

            while (k < 3 && strcmp(argv[a], stream_names[k]) != 0)
                k++;
            if (k == 3) {
                fprintf(stderr, "magicbb-threatrel: --stream: '%s' is not perft, search or both\n",
                        argv[a]);
                return 2;
            }
            *stream = (enum stream)k;
            continue;
        }
        *rounds = strtol(argv[a], &end, 10);
        if (*end != '\0' || end == argv[a] || *rounds < 6 || *rounds > 100000) {
            fprintf(stderr, "magicbb-threatrel: --rounds: '%s' is not a number from 6 to 100000\n",
                    argv[a]);
            return 2;
        }
    }
    return 0;
}

/* A list in the canonical order (insertion sort: 32 records at most). */
static void sort_list(struct threat_relation *list, unsigned n)
{
    for (unsigned i = 1; i < n; i++) {
        const struct threat_relation r = list[i];
        unsigned j = i;

        for (; j > 0 && key(&list[j - 1]) > key(&r); j--)
            list[j] = list[j - 1];
        list[j] = r;
    }
}

static int same_lists(const struct lists *a, const struct lists *b)
{
    return a->na == b->na && a->nr == b->nr
           && memcmp(a->adds, b->adds, a->na * sizeof *a->adds) == 0
           && memcmp(a->removes, b->removes, a->nr * sizeof *a->removes) == 0;
}

/* The stream, and the contenders' lists compared on every event: 0, or
 * the exit status. */
static int record_and_check(enum stream stream)
{
    static const char *const fens[] = { STANDARD_POSITIONS };
    char why[FEN_WHY_SIZE];
    int bad;

    replays = malloc(EVENTS * sizeof *replays);
    if (replays == NULL) {
        fputs("magicbb-threatrel: no memory for the events\n", stderr);
        return 1;
    }
    replay_end = stream == STREAM_BOTH ? EVENTS / 2 : EVENTS;
    if (stream != STREAM_SEARCH && (bad = walk_standard(2, collect, NULL, why)) != 0) {
        fprintf(stderr, "magicbb-threatrel: standard position %d: %s\n", bad, why);
        return 1;
    }
    if (stream != STREAM_PERFT) {
        struct search_table table;

        if (search_table_create(&table, 16) != 0) {
            fputs("magicbb-threatrel: no memory for the search's table\n", stderr);
            return 1;
        }
        for (unsigned k = 0; k < STANDARD_POSITION_COUNT; k++) {
            struct position p;

            if (parse_fen(fens[k], &p, why) != 0) {
                fprintf(stderr, "magicbb-threatrel: standard position %u: %s\n", k + 1, why);
                search_table_free(&table);
                return 1;
            }
            /* each position an equal share of what is left */
            replay_end = replay_count + (EVENTS - replay_count) / (STANDARD_POSITION_COUNT - k);
            search_table_clear(&table);
            search(&p, SEARCH_DEPTH, &table, NULL);
        }
        search_table_free(&table);
    }
    for (unsigned i = 0; i < replay_count; i++) {
        struct lists k, n, v;

        kernel_diff(&replays[i], &k), naive_diff(&replays[i], &n);
        sort_list(k.adds, k.na), sort_list(k.removes, k.nr);
        if (!same_lists(&k, &n)) {
            fprintf(stderr,
                    "magicbb-threatrel: event %u: the kernel's sets and the recompute's differ\n",
                    i);
            return 1;
        }
        if (!threat_vbmi2_available())
            continue;
        vbmi2_diff(&replays[i], &v);
        sort_list(v.adds, v.na), sort_list(v.removes, v.nr);
        if (!same_lists(&n, &v)) {
            fprintf(stderr,
                    "magicbb-threatrel: event %u: the vector kernel's sets and the recompute's"
                    " differ\n",
                    i);
            return 1;
        }
    }
    return 0;
}

/* The contenders, in the order of their columns. */
enum { KERNEL, NAIVE, VBMI2, CONTENDERS };
static uint64_t (*const contender[CONTENDERS])(void) = { run_kernel, run_naive, run_vbmi2 };

/* One round: every contender that runs here once, in the round's order of
 * the six (of the two, alternating, without the vector kernel); each one's
 * time in ns[] and its checksum in sums[]. */
static void round_of(long r, int have_vbmi2, double ns[CONTENDERS], uint64_t sums[CONTENDERS])
{
    static const unsigned char orders[6][3]
        = { { 0, 1, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 }, { 1, 0, 2 }, { 0, 2, 1 } };
    unsigned char order[3];
    unsigned n = 0;

    for (unsigned k = 0; k < 3; k++)
        if (have_vbmi2 || orders[r % 6][k] != VBMI2)
            order[n++] = orders[r % 6][k];
    if (!have_vbmi2 && (r & 1))
        order[0] = NAIVE, order[1] = KERNEL;
    for (unsigned k = 0; k < n; k++) {
        const double t0 = now_ns();

        sums[order[k]] = contender[order[k]]();
        ns[order[k]] = now_ns() - t0;
    }
}

static void report(enum stream stream, long rounds, int have_vbmi2, double *ratio, double *vratio,
                   double *const ns[CONTENDERS], uint64_t sum)
{
    const struct interval i = median_interval(ratio, (size_t)rounds);

    printf("threat-change replay, flavour %s: %u events (%s),"
           " Stockfish's rules, lists checked against the recompute as sets; checksum %016llx\n",
           mbb_flavour(), replay_count, stream_words[stream], (unsigned long long)sum);
    printf("  kernel (piece sets, any order) %.1f ns an event, recompute %.1f ns (medians); kernel "
           "/ recompute %.3f"
           " [%.3f, %.3f] (time ratio, median of %ld paired rounds [95%%])\n",
           median_of(ns[KERNEL], (size_t)rounds), median_of(ns[NAIVE], (size_t)rounds), i.median,
           i.low, i.high, rounds);
    if (have_vbmi2) {
        const struct interval v = median_interval(vratio, (size_t)rounds);

        printf("  vbmi2 kernel (piece sets, any order) %.1f ns an event (median), lists the"
               " recompute's as sets, checksum the kernel's;"
               " vbmi2 / kernel %.3f [%.3f, %.3f]\n",
               median_of(ns[VBMI2], (size_t)rounds), v.median, v.low, v.high);
    } else
        puts("  vbmi2 kernel: not run (this CPU or build lacks AVX-512 VBMI2)");
}

int main(int argc, char **argv)
{
    long rounds = 31;
    enum stream stream = STREAM_PERFT;
    int status = parse_options(argc, argv, &rounds, &stream);
    const int have_vbmi2 = threat_vbmi2_available();
    double *ratio, *vratio, *ns[CONTENDERS];
    uint64_t sums[CONTENDERS] = { 0, 0, 0 };

    if (status != 0 || (status = record_and_check(stream)) != 0)
        return status < 0 ? 0 : status;
    ratio = malloc(5 * (size_t)rounds * sizeof *ratio);
    if (ratio == NULL) {
        fputs("magicbb-threatrel: no memory for the rounds\n", stderr);
        return 1;
    }
    vratio = ratio + rounds;
    for (int c = 0; c < CONTENDERS; c++)
        ns[c] = ratio + (2 + c) * rounds;
    for (long r = 0; r < rounds; r++) {
        double t[CONTENDERS] = { 0, 0, 0 };

        round_of(r, have_vbmi2, t, sums);
        ratio[r] = t[KERNEL] / t[NAIVE], vratio[r] = t[VBMI2] / t[KERNEL];
        for (int c = 0; c < CONTENDERS; c++)
            ns[c][r] = t[c] / replay_count;
    }
    if (sums[KERNEL] != sums[NAIVE] || (have_vbmi2 && sums[VBMI2] != sums[KERNEL])) {
        fputs("magicbb-threatrel: the checksums differ\n", stderr);
        return 1;
    }
    report(stream, rounds, have_vbmi2, ratio, vratio, ns, sums[KERNEL]);
    free(ratio);
    free(replays);
    return 0;
}
