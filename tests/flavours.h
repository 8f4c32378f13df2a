/* flavours.h - every flavour's slider lookups, built into one program
 * (the all-flavour test and the benchmark), each on its own tables. */
#ifndef TESTS_FLAVOURS_H
#define TESTS_FLAVOURS_H

#include <stddef.h>
#include <stdint.h>

typedef uint64_t (*lookup_fn)(unsigned sq, uint64_t occupied);
/* n (square, occupancy) pairs looked up in a loop, the lookup inlined, for
 * timing.  Throughput: independent lookups, their XOR returned.  Latency:
 * each occupancy also depends on the previous answer, through `zero`
 * (0, but the compiler cannot know), so each lookup waits for the last. */
typedef uint64_t (*batch_fn)(const unsigned char *squares, const uint64_t *occupied, size_t n,
                             uint64_t zero);

enum { THROUGHPUT, LATENCY, MODES };
enum { SLIDE_ROOK, SLIDE_BISHOP, SLIDE_QUEEN, PIECES };

struct flavour_impl {
    const char *name;
    int uses_bmi2; /* built with BMI2 instructions: needs a CPU that has them */
    lookup_fn rook, bishop;
    batch_fn batch[MODES][PIECES];
    const uint32_t *table_bytes;
};

extern const struct flavour_impl flavour_impls[];
extern const struct flavour_impl flavour_impls_bmi2[];
extern const unsigned flavour_impl_count, flavour_impl_bmi2_count;

/* Whether this CPU can run the flavour's code. */
int flavour_runs_here(const struct flavour_impl *f);

/* The throughput and latency batches FN_throughput, FN_latency of EXPR. */
#define FLAVOUR_BATCH(fn, EXPR)                                                                \
    static uint64_t fn##_throughput(const unsigned char *sq, const uint64_t *occ, size_t n,    \
                                    uint64_t zero)                                             \
    {                                                                                          \
        uint64_t acc = zero;                                                                   \
        for (size_t i = 0; i < n; i++)                                                         \
            acc ^= EXPR(sq[i], occ[i]);                                                        \
        return acc;                                                                            \
    }                                                                                          \
    static uint64_t fn##_latency(const unsigned char *sq, const uint64_t *occ, size_t n,       \
                                 uint64_t zero)                                                \
    {                                                                                          \
        uint64_t last = 0;                                                                     \
        for (size_t i = 0; i < n; i++)                                                         \
            last = EXPR(sq[i], occ[i] ^ (last & zero));                                        \
        return last;                                                                           \
    }

/* Defines NAME's lookups and batches from its MBB_*_ROOK and MBB_*_BISHOP
 * macros in <magicbb.h>, for the registry entry FLAVOUR_ENTRY(NAME). */
#define FLAVOUR_IMPL(name, ROOK_, BISHOP_)                                                    \
    static uint64_t name##_rook(unsigned sq, uint64_t occ) { return ROOK_(sq, occ); }        \
    static uint64_t name##_bishop(unsigned sq, uint64_t occ) { return BISHOP_(sq, occ); }    \
    static inline uint64_t name##_queen(unsigned sq, uint64_t occ)                            \
    {                                                                                         \
        return ROOK_(sq, occ) | BISHOP_(sq, occ);                                             \
    }                                                                                         \
    FLAVOUR_BATCH(name##_rook_batch, ROOK_)                                                   \
    FLAVOUR_BATCH(name##_bishop_batch, BISHOP_)                                               \
    FLAVOUR_BATCH(name##_queen_batch, name##_queen)

#define FLAVOUR_ENTRY(name, bmi2)                                                             \
    { #name, bmi2, name##_rook, name##_bishop,                                                \
      { { name##_rook_batch_throughput, name##_bishop_batch_throughput,                       \
          name##_queen_batch_throughput },                                                    \
        { name##_rook_batch_latency, name##_bishop_batch_latency,                             \
          name##_queen_batch_latency } },                                                     \
      &mbb_##name##_table_bytes }

#endif /* TESTS_FLAVOURS_H */
