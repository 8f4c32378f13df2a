/* SPDX-License-Identifier: MIT */
/* timing.h - the clocked pieces of the benchmark and configure's fastest
 * probe: a chunk of a flavour's timing loop (lab/flavours.h), timed,
 * and the transposition table its pressure loops read. */
#ifndef LAB_TIMING_H
#define LAB_TIMING_H

#include <stddef.h>
#include <stdint.h>

#include "flavours.h"

/* ns per lookup of one call of a throughput or latency loop on n pairs. */
double time_batch(batch_fn batch, const unsigned char *sq, const uint64_t *occ, size_t n,
                  uint64_t zero);

/* A table of 8-byte entries (a transposition table) and the random
 * indices the pressure loops read it at, consumed a chunk at a time so
 * that each chunk reads lines no chunk read lately. */
struct tt {
    uint64_t *entries;
    uint32_t *probe;
    size_t probes, cursor;
};

/* A table of mib MiB (on huge pages where the system gives them: fewer
 * TLB misses in the reads alone, so less noise) and `probes` indices;
 * 0, or -1 when there is no memory for them. */
int tt_create(struct tt *t, unsigned mib, size_t probes);
void tt_free(struct tt *t);

/* The reads of a pressure loop without its lookups. */
pressure_body tt_reads_only;

/* ns per lookup of one call of a pressure loop on n pairs (n at most
 * t->probes), on the next n probes. */
double time_pressure(struct tt *t, pressure_fn loop, const unsigned char *sq, const uint64_t *occ,
                     size_t n, uint64_t zero);

/* One sample of what the lookups add under cache pressure: ns per lookup
 * of loop less that of reads, the same loop's reads alone compiled beside
 * it (flavour_impl.reads), each on fresh probes, the reads first where
 * turn is even and second where it is odd:
 * callers alternate turn, so that whatever the first of a pair pays
 * (the memory's state after the last chunk, a clock's ramp) falls on
 * both alike.  (The reads always first biased every difference one way:
 * on one machine all 48 medians of make bench came out below zero.)
 * *reads gets the reads' ns per lookup. */
double pressure_sample(struct tt *t, pressure_fn loop, pressure_fn reads_loop,
                       const unsigned char *sq, const uint64_t *occ, size_t n, uint64_t zero,
                       unsigned turn, double *reads);

/* The median of n values, which it sorts. */
double median_of(double *values, size_t n);

/* A median with its distribution-free 95 % confidence interval: the
 * order statistics x(j) and x(n+1-j) of the sorted values, j the
 * largest for which the binomial tails 2 P(B < j), B ~ Bin(n, 1/2), stay
 * at or below 5 % (with n < 6 no j does: the whole range).  The values
 * are samples of one quantity taken in turn with the others it is
 * compared with, so a slow stretch of the machine widens every interval
 * alike. */
struct interval {
    double median, low, high;
};
struct interval median_interval(double *values, size_t n);

/* Two versions, a and b, timed against each other in `rounds` paired
 * rounds: in each, run(context, 0) runs a once and run(context, 1) runs
 * b once, a first in the odd rounds and b first in the even ones, so
 * that whatever the first of a pair pays falls on both alike.  Each
 * round's ratio of a's time to b's goes to ratio[] (room for rounds
 * values); what the runs return is XORed into *folded, so that none is
 * optimised away.  Returns the median of the ratios with its 95 %
 * interval (median_interval). */
struct interval paired_ratio(uint64_t (*run)(void *context, unsigned which), void *context,
                             double *ratio, size_t rounds, uint64_t *folded);

/* Whether a is clearly faster than b, the one rule of the benchmark's
 * "fastest" lines and configure's fastest probe: a's interval lies wholly
 * below b's and its median is at least CLEAR_WIN_PERCENT below b's.
 * Else the two are a tie.  (On a shared 2-core machine one flavour's
 * median moved by up to 9 % between runs of the benchmark while its
 * intervals within each run were narrower: a smaller difference another
 * run need not repeat.) */
#define CLEAR_WIN_PERCENT 5.0
int clearly_faster(const struct interval *a, const struct interval *b);

/* The inputs of every timed program.  timing_ring: n (square,
 * occupancy) pairs from one fixed seed, each occupancy two draws ANDed.
 * timing_positions: the standard positions (STANDARD_POSITIONS,
 * movegen.h) parsed; 0, or -1 with parse_fen's reason in why.
 * timing_search_all: the nodes of run's search of each of them to depth,
 * each from the table t emptied. */
void timing_ring(unsigned char *sq, uint64_t *occ, size_t n);
int timing_positions(struct position *positions, char *why);
uint64_t timing_search_all(search_fn run, const struct position *positions, int depth,
                           struct search_table *t);

#endif /* LAB_TIMING_H */
