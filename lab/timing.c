/* SPDX-License-Identifier: MIT */
/* timing.c - see timing.h. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <sys/mman.h>

#include "machine.h"
#include "movegen.h"
#include "reference.h"
#include "search.h"
#include "timing.h"

static volatile uint64_t sink;

double time_batch(batch_fn batch, const unsigned char *sq, const uint64_t *occ, size_t n,
                  uint64_t zero)
{
    const double start = now_ns();

    sink ^= batch(sq, occ, n, zero);
    return (now_ns() - start) / (double)n;
}

int tt_create(struct tt *t, unsigned mib, size_t probes)
{
    const size_t entries = (size_t)mib << 17, bytes = entries * sizeof *t->entries;
    uint64_t state = 0x9e3779b97f4a7c15u;
    void *memory;

    t->entries = NULL;
    t->probe = NULL;
    t->probes = probes;
    t->cursor = 0;
    if (posix_memalign(&memory, (size_t)2 << 20, bytes) != 0)
        return -1;
    t->entries = memory;
#ifdef MADV_HUGEPAGE
    madvise(memory, bytes, MADV_HUGEPAGE);
#endif
    t->probe = malloc(probes * sizeof *t->probe);
    if (t->probe == NULL) {
        tt_free(t);
        return -1;
    }
    for (size_t i = 0; i < entries; i++)
        t->entries[i] = ref_random(&state);
    for (size_t i = 0; i < probes; i++)
        t->probe[i] = (uint32_t)(ref_random(&state) % entries);
    return 0;
}

void tt_free(struct tt *t)
{
    free(t->entries);
    free(t->probe);
    t->entries = NULL;
    t->probe = NULL;
}

uint64_t tt_reads_only(const unsigned char *sq, const uint64_t *occ, size_t n, uint64_t zero,
                       const uint64_t *table, const uint32_t *probe)
{
    uint64_t last = 0;

    (void)sq;
    for (size_t i = 0; i < n; i++) {
        last = occ[i] ^ (last & zero);
        last ^= table[probe[i] ^ (uint32_t)(last & zero)];
    }
    return last;
}

double time_pressure(struct tt *t, pressure_fn loop, const unsigned char *sq, const uint64_t *occ,
                     size_t n, uint64_t zero)
{
    const uint32_t *probe;
    double start;

    if (t->cursor + n > t->probes)
        t->cursor = 0;
    probe = t->probe + t->cursor;
    t->cursor += n;
    start = now_ns();
    sink ^= loop(sq, occ, n, zero, t->entries, probe);
    return (now_ns() - start) / (double)n;
}

double pressure_sample(struct tt *t, pressure_fn loop, pressure_fn reads_loop,
                       const unsigned char *sq, const uint64_t *occ, size_t n, uint64_t zero,
                       unsigned turn, double *reads)
{
    double with;

    if (turn % 2 == 0) {
        *reads = time_pressure(t, reads_loop, sq, occ, n, zero);
        with = time_pressure(t, loop, sq, occ, n, zero);
    } else {
        with = time_pressure(t, loop, sq, occ, n, zero);
        *reads = time_pressure(t, reads_loop, sq, occ, n, zero);
    }
    return with - *reads;
}

double median_of(double *values, size_t n)
{
    qsort(values, n, sizeof values[0], compare_doubles);
    return values[n / 2];
}

/* j of median_interval: exact binomial tails while 2^-n is a normal
 * double, else the normal approximation n/2 - 0.98 sqrt(n). */
static size_t interval_rank(size_t n)
{
    double p = 1, tail = 0; /* P(B = k), P(B <= k) */
    size_t j = 0, root = 0;

    if (n > 1000) {
        while ((root + 1) * (root + 1) <= n)
            root++;
        return (size_t)((double)n / 2 - 0.98 * (double)root);
    }
    for (size_t k = 0; k < n; k++)
        p /= 2;
    for (size_t k = 0; k < n / 2; k++) {
        tail += p;
        if (2 * tail > 0.05)
            break;
        j = k + 1; /* 2 P(B <= j - 1) <= 5 % */
        p = p * (double)(n - k) / (double)(k + 1);
    }
    return j;
}

struct interval median_interval(double *values, size_t n)
{
    struct interval r = { 0, 0, 0 };
    size_t j;

    if (n == 0)
        return r;
    qsort(values, n, sizeof values[0], compare_doubles);
    r.median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    j = interval_rank(n);
    r.low = values[j > 0 ? j - 1 : 0];
    r.high = values[j > 0 ? n - j : n - 1];
    return r;
}

struct interval paired_ratio(uint64_t (*run)(void *context, unsigned which), void *context,
                             double *ratio, size_t rounds, uint64_t *folded)
{
    for (size_t r = 0; r < rounds; r++) {
        const unsigned first = r % 2 ? 0 : 1;
        const double t0 = now_ns();
        double t1, t2;

        *folded ^= run(context, first);
        t1 = now_ns();
        *folded ^= run(context, 1 - first);
        t2 = now_ns();
        ratio[r] = first == 0 ? (t1 - t0) / (t2 - t1) : (t2 - t1) / (t1 - t0);
    }
    return median_interval(ratio, rounds);
}

int clearly_faster(const struct interval *a, const struct interval *b)
{
    return a->high < b->low && a->median * (1 + CLEAR_WIN_PERCENT / 100) <= b->median;
}

void timing_ring(unsigned char *sq, uint64_t *occ, size_t n)
{
    uint64_t state = 0x2545f4914f6cdd1du;

    for (size_t i = 0; i < n; i++) {
        sq[i] = (unsigned char)(ref_random(&state) & 63);
        occ[i] = ref_random(&state) & ref_random(&state);
    }
}

int timing_positions(struct position *positions, char *why)
{
    static const char *const fens[] = { STANDARD_POSITIONS };

    for (unsigned k = 0; k < STANDARD_POSITION_COUNT; k++) {
        if (parse_fen(fens[k], &positions[k], why) != 0)
            return -1;
    }
    return 0;
}

uint64_t timing_search_all(search_fn run, const struct position *positions, int depth,
                           struct search_table *t)
{
    uint64_t nodes = 0;

    for (unsigned k = 0; k < STANDARD_POSITION_COUNT; k++) {
        search_table_clear(t);
        nodes += run(&positions[k], depth, t, NULL);
    }
    return nodes;
}
