/* bench.c - nanoseconds per slider lookup for every flavour, and for a
 * ray walk, in one run, so that the ratios between them mean something.
 *
 * Shared machines pause processes for tens of milliseconds, so one
 * wall-clock total means little: the pairs are timed in chunks of 2^14
 * lookups and each figure is the median over all chunks. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "flavours.h"
#include "reference.h"

#define PAIR_BITS 24
#define PAIRS ((size_t)1 << PAIR_BITS)
#define CHUNK ((size_t)1 << 14)
#define CHUNKS (PAIRS / CHUNK)

static unsigned char *squares;
static uint64_t *occupancies;
static volatile uint64_t sink;

static double now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* Median ns per lookup of a batch function over all chunks. */
static double median_ns(batch_fn batch)
{
    static double per_chunk[CHUNKS];

    for (size_t c = 0; c < CHUNKS; c++) {
        double start = now_ns();

        sink ^= batch(squares + c * CHUNK, occupancies + c * CHUNK, CHUNK);
        per_chunk[c] = (now_ns() - start) / (double)CHUNK;
    }
    qsort(per_chunk, CHUNKS, sizeof per_chunk[0], compare_doubles);
    return per_chunk[CHUNKS / 2];
}

/* The baseline: the reference ray walk of the tests. */
static uint64_t walk_rook(const unsigned char *sq, const uint64_t *occ, size_t n)
{
    uint64_t acc = 0;

    for (size_t i = 0; i < n; i++)
        acc ^= ref_rook(sq[i], occ[i]);
    return acc;
}

static uint64_t walk_bishop(const unsigned char *sq, const uint64_t *occ, size_t n)
{
    uint64_t acc = 0;

    for (size_t i = 0; i < n; i++)
        acc ^= ref_bishop(sq[i], occ[i]);
    return acc;
}

static uint64_t walk_queen(const unsigned char *sq, const uint64_t *occ, size_t n)
{
    uint64_t acc = 0;

    for (size_t i = 0; i < n; i++)
        acc ^= ref_queen(sq[i], occ[i]);
    return acc;
}

static void row(const char *name, double kib, double rook, double bishop, double queen,
                double walk_queen_ns)
{
    if (kib < 0)
        printf("| %-8s | %10s |", name, "-");
    else
        printf("| %-8s | %10.1f |", name, kib);
    printf(" %6.2f | %6.2f | %6.2f | %9.1fx |\n", rook, bishop, queen, walk_queen_ns / queen);
}

int main(void)
{
    uint64_t state = 0x2545f4914f6cdd1du;
    double walk[3];

    squares = malloc(PAIRS);
    occupancies = malloc(PAIRS * sizeof *occupancies);
    if (squares == NULL || occupancies == NULL) {
        fputs("magicbb-bench: out of memory\n", stderr);
        return 1;
    }
    /* Pseudo-random pairs; AND of two random words: ~25% of squares occupied. */
    for (size_t i = 0; i < PAIRS; i++) {
        squares[i] = (unsigned char)(ref_random(&state) & 63);
        occupancies[i] = ref_random(&state) & ref_random(&state);
    }
    printf("magicbb-bench: %zu pseudo-random (square, occupancy) pairs, ~25%% occupied;\n"
           "median ns per lookup over %zu chunks of %zu, all flavours in this one run\n\n",
           PAIRS, CHUNKS, CHUNK);
    printf("| flavour  | tables KiB | rook   | bishop | queen  | walk/queen |\n");
    printf("|----------|-----------:|-------:|-------:|-------:|-----------:|\n");
    walk[0] = median_ns(walk_rook);
    walk[1] = median_ns(walk_bishop);
    walk[2] = median_ns(walk_queen);
    for (unsigned list = 0; list < 2; list++) {
        const struct flavour_impl *impls = list == 0 ? flavour_impls : flavour_impls_bmi2;
        const unsigned count = list == 0 ? flavour_impl_count : flavour_impl_bmi2_count;

        for (unsigned i = 0; i < count; i++) {
            const struct flavour_impl *f = &impls[i];

            if (!flavour_runs_here(f)) {
                printf("| %-8s | skipped: this CPU has no BMI2 |\n", f->name);
                continue;
            }
            row(f->name, *f->table_bytes / 1024.0, median_ns(f->rook_batch),
                median_ns(f->bishop_batch), median_ns(f->queen_batch), walk[2]);
        }
    }
    row("ray walk", -1, walk[0], walk[1], walk[2], walk[2]);
    free(squares);
    free(occupancies);
    return 0;
}
