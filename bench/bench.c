/* bench.c - nanoseconds per slider lookup, for the configured flavour
 * (exported and inline calls) and for a ray walk, in one run.
 *
 * Shared machines pause processes for tens of milliseconds, so one
 * wall-clock total means little: the pairs are timed in chunks of 2^14
 * lookups and each figure is the median over all chunks. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "magicbb.h"
#include "reference.h"

#define PAIR_BITS 24
#define PAIRS (1u << PAIR_BITS)
#define CHUNK (1u << 14)
#define CHUNKS (PAIRS / CHUNK)

typedef uint64_t (*lookup_fn)(unsigned, uint64_t);

static uint64_t rook_inline(unsigned sq, uint64_t occ) { return mbb_rook_attacks_inline(sq, occ); }
static uint64_t bishop_inline(unsigned sq, uint64_t occ) { return mbb_bishop_attacks_inline(sq, occ); }
static uint64_t queen_inline(unsigned sq, uint64_t occ) { return mbb_queen_attacks_inline(sq, occ); }

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

/* The body is written out per kind of call so that the inline lookups
 * really are inlined into the timed loop. */
#define TIME_CHUNKS(call, result)                                      \
    do {                                                               \
        static double per_chunk[CHUNKS];                               \
        uint64_t acc = 0;                                              \
        for (unsigned c = 0; c < CHUNKS; c++) {                        \
            const unsigned char *sq = squares + (size_t)c * CHUNK;     \
            const uint64_t *occ = occupancies + (size_t)c * CHUNK;     \
            double start = now_ns();                                   \
            for (unsigned i = 0; i < CHUNK; i++)                       \
                acc ^= call(sq[i], occ[i]);                            \
            per_chunk[c] = (now_ns() - start) / CHUNK;                 \
        }                                                              \
        sink ^= acc;                                                   \
        qsort(per_chunk, CHUNKS, sizeof per_chunk[0], compare_doubles); \
        (result) = per_chunk[CHUNKS / 2];                              \
    } while (0)

struct row {
    const char *piece;
    double exported, inlined, walk;
};

int main(void)
{
    uint64_t state = 0x2545f4914f6cdd1du;
    struct row rows[3] = { { "rook", 0, 0, 0 }, { "bishop", 0, 0, 0 }, { "queen", 0, 0, 0 } };

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

    TIME_CHUNKS(mbb_rook_attacks, rows[0].exported);
    TIME_CHUNKS(rook_inline, rows[0].inlined);
    TIME_CHUNKS(ref_rook, rows[0].walk);
    TIME_CHUNKS(mbb_bishop_attacks, rows[1].exported);
    TIME_CHUNKS(bishop_inline, rows[1].inlined);
    TIME_CHUNKS(ref_bishop, rows[1].walk);
    TIME_CHUNKS(mbb_queen_attacks, rows[2].exported);
    TIME_CHUNKS(queen_inline, rows[2].inlined);
    TIME_CHUNKS(ref_queen, rows[2].walk);

    printf("magicbb-bench: flavour %s, slider tables %zu bytes (%.1f KiB)\n", mbb_flavour(),
           mbb_table_bytes(), (double)mbb_table_bytes() / 1024);
    printf("%u pseudo-random (square, occupancy) pairs, ~25%% occupied; "
           "median ns/lookup over %u chunks of %u\n\n",
           PAIRS, CHUNKS, CHUNK);
    printf("| piece  | exported | inline   | ray walk | walk / inline |\n");
    printf("|--------|---------:|---------:|---------:|--------------:|\n");
    for (int i = 0; i < 3; i++)
        printf("| %-6s | %8.2f | %8.2f | %8.2f | %12.1fx |\n", rows[i].piece, rows[i].exported,
               rows[i].inlined, rows[i].walk, rows[i].walk / rows[i].inlined);
    free(squares);
    free(occupancies);
    return 0;
}
