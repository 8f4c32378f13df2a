/* SPDX-License-Identifier: MIT */
/* timing.h - the clocked pieces of the benchmark and configure's fastest
 * probe: a chunk of a flavour's timing loop (support/flavours.h), timed,
 * and the transposition table its pressure loops read. */
#ifndef SUPPORT_TIMING_H
#define SUPPORT_TIMING_H

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

/* The median of n values, which it sorts. */
double median_of(double *values, size_t n);

#endif /* SUPPORT_TIMING_H */
