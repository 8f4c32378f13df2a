/* SPDX-License-Identifier: MIT */
/* flavours.h - the all-flavour layer: every flavour of the registry
 * (magicbb/flavours.def) in one program, each on its own tables, behind
 * one table, flavour_impls[]: its name and instruction set, its lookups,
 * its timing loops, its table size and the move generator on its lookups.
 * The all-flavour test, the benchmark and configure's fastest probe link
 * it: lab/flavours.c (the table), lab/flavours_isa.c (the lookups,
 * built for each instruction set), support/movegen.c and lab/search.c
 * built once for each flavour with -DMOVEGEN_FLAVOUR=NAME, and the tables
 * from magicbb-gen --sliders-only and --board-only. */
#ifndef LAB_FLAVOURS_H
#define LAB_FLAVOURS_H

#include <stddef.h>
#include <stdint.h>

#include "registry.h"

struct position;
struct search_table;

typedef uint64_t (*lookup_fn)(unsigned sq, uint64_t occupied);
/* perft (support/movegen.c) and the engine search (lab/search.c) on
 * the flavour's lookups */
typedef uint64_t (*perft_fn)(const struct position *p, int depth);
typedef uint64_t (*search_fn)(const struct position *p, int depth, struct search_table *t,
                              int *score);
/* n (square, occupancy) pairs looked up in a loop, the lookup inlined, for
 * timing.  Throughput: independent lookups, their XOR returned.  Latency:
 * each occupancy also depends on the previous answer, through `zero`
 * (0, but the compiler cannot know), so each lookup waits for the last. */
typedef uint64_t batch_body(const unsigned char *squares, const uint64_t *occupied, size_t n,
                            uint64_t zero);
typedef batch_body *batch_fn;
/* The cache-pressure loop, as latency, but after each lookup one read of
 * table[probe[i]] (a transposition-table probe), whose result the next
 * lookup waits for, and whose index waits for the lookup. */
typedef uint64_t pressure_body(const unsigned char *squares, const uint64_t *occupied, size_t n,
                               uint64_t zero, const uint64_t *table, const uint32_t *probe);
typedef pressure_body *pressure_fn;

enum { THROUGHPUT, LATENCY, MODES };
enum { SLIDE_ROOK, SLIDE_BISHOP, SLIDE_QUEEN, PIECES };

struct flavour_impl {
    const char *name;
    const char *isa;  /* the registry's isa field */
    const int *built; /* 1: its code here uses those instructions (else plain C) */
    lookup_fn rook, bishop, queen;
    batch_fn batch[MODES][PIECES];
    pressure_fn pressure[PIECES];
    /* the pressure loop's reads alone, compiled beside the flavour's with
     * its flags: what a pressure sample subtracts (a reads loop compiled
     * elsewhere, with other flags and alignment, is no fair baseline) */
    pressure_fn reads;
    const uint32_t *table_bytes;
    perft_fn perft;
    search_fn search;
};

/* Every flavour, in registry order. */
extern const struct flavour_impl flavour_impls[];
extern const unsigned flavour_impl_count;

/* Whether this CPU can run the flavour's code: code built for its
 * instructions needs a CPU with them; its plain C runs anywhere. */
int flavour_runs_here(const struct flavour_impl *f);
/* Whether timing the flavour here times it: its code was built for its
 * instructions (not the plain C stand-in) and this CPU runs them. */
int flavour_timeable(const struct flavour_impl *f);

/* flavours_built_ISA for each set of magicbb/isa.def: whether its
 * flavours' lookups were built with its instructions (lab/flavours_isa.c,
 * built once for the sets without flags and once for each set with
 * flags, FLAVOURS_FOR_ISA_<name> defined to 1 for those it holds). */
#define MBB_ISA(name, macro, flags, probe, slow, description)                                      \
    extern const int flavours_built_##name;
#include "isa.def"
#undef MBB_ISA

/* The throughput, latency and cache-pressure batches FN_throughput,
 * FN_latency, FN_pressure of EXPR; FLAVOUR_BATCH_EXPORTED gives them
 * external linkage. */
#define FLAVOUR_BATCH(fn, EXPR) FLAVOUR_BATCH_LINKAGE(static, fn, EXPR)
#define FLAVOUR_BATCH_EXPORTED(fn, EXPR) FLAVOUR_BATCH_LINKAGE(, fn, EXPR)
#define FLAVOUR_BATCH_LINKAGE(linkage, fn, EXPR)                                                   \
    linkage uint64_t fn##_throughput(const unsigned char *sq, const uint64_t *occ, size_t n,       \
                                     uint64_t zero)                                                \
    {                                                                                              \
        uint64_t acc = zero;                                                                       \
        for (size_t i = 0; i < n; i++)                                                             \
            acc ^= EXPR(sq[i], occ[i]);                                                            \
        return acc;                                                                                \
    }                                                                                              \
    linkage uint64_t fn##_latency(const unsigned char *sq, const uint64_t *occ, size_t n,          \
                                  uint64_t zero)                                                   \
    {                                                                                              \
        uint64_t last = 0;                                                                         \
        for (size_t i = 0; i < n; i++)                                                             \
            last = EXPR(sq[i], occ[i] ^ (last & zero));                                            \
        return last;                                                                               \
    }                                                                                              \
    linkage uint64_t fn##_pressure(const unsigned char *sq, const uint64_t *occ, size_t n,         \
                                   uint64_t zero, const uint64_t *table, const uint32_t *probe)    \
    {                                                                                              \
        uint64_t last = 0;                                                                         \
        for (size_t i = 0; i < n; i++) {                                                           \
            last = EXPR(sq[i], occ[i] ^ (last & zero));                                            \
            last ^= table[probe[i] ^ (uint32_t)(last & zero)];                                     \
        }                                                                                          \
        return last;                                                                               \
    }

/* Defines NAME's lookups and batches from mbb_NAME_rook_attacks,
 * _bishop_attacks and _queen_attacks, the lookups of its unit on the
 * library's tables (here lab/tables-all.c). */
#define FLAVOUR_IMPL(name)                                                                         \
    uint64_t name##_rook(unsigned sq, uint64_t occ)                                                \
    {                                                                                              \
        return mbb_##name##_rook_attacks(sq, occ);                                                 \
    }                                                                                              \
    uint64_t name##_bishop(unsigned sq, uint64_t occ)                                              \
    {                                                                                              \
        return mbb_##name##_bishop_attacks(sq, occ);                                               \
    }                                                                                              \
    uint64_t name##_queen(unsigned sq, uint64_t occ)                                               \
    {                                                                                              \
        return mbb_##name##_queen_attacks(sq, occ);                                                \
    }                                                                                              \
    FLAVOUR_BATCH_EXPORTED(name##_rook_batch, mbb_##name##_rook_attacks)                           \
    FLAVOUR_BATCH_EXPORTED(name##_bishop_batch, mbb_##name##_bishop_attacks)                       \
    FLAVOUR_BATCH_EXPORTED(name##_queen_batch, mbb_##name##_queen_attacks)                         \
    uint64_t name##_reads_pressure(const unsigned char *sq, const uint64_t *occ, size_t n,         \
                                   uint64_t zero, const uint64_t *table, const uint32_t *probe)    \
    {                                                                                              \
        uint64_t last = 0;                                                                         \
        (void)sq;                                                                                  \
        for (size_t i = 0; i < n; i++) {                                                           \
            last = occ[i] ^ (last & zero);                                                         \
            last ^= table[probe[i] ^ (uint32_t)(last & zero)];                                     \
        }                                                                                          \
        return last;                                                                               \
    }

/* Declarations of what FLAVOUR_IMPL(name) defines. */
#define FLAVOUR_DECLARE(name)                                                                      \
    uint64_t name##_rook(unsigned sq, uint64_t occ);                                               \
    uint64_t name##_bishop(unsigned sq, uint64_t occ);                                             \
    uint64_t name##_queen(unsigned sq, uint64_t occ);                                              \
    uint64_t perft_##name(const struct position *p, int depth);                                    \
    uint64_t search_##name(const struct position *p, int depth, struct search_table *t,            \
                           int *score);                                                            \
    batch_body name##_rook_batch_throughput, name##_bishop_batch_throughput,                       \
        name##_queen_batch_throughput, name##_rook_batch_latency, name##_bishop_batch_latency,     \
        name##_queen_batch_latency;                                                                \
    pressure_body name##_rook_batch_pressure, name##_bishop_batch_pressure,                        \
        name##_queen_batch_pressure, name##_reads_pressure;

#define FLAVOUR_ENTRY(name, isa)                                                                   \
    {                                                                                              \
#name, #isa, &flavours_built_##isa, name##_rook, name##_bishop, name##_queen,              \
            { { name##_rook_batch_throughput, name##_bishop_batch_throughput,                      \
                name##_queen_batch_throughput },                                                   \
                { name##_rook_batch_latency, name##_bishop_batch_latency,                          \
                  name##_queen_batch_latency } },                                                  \
                { name##_rook_batch_pressure, name##_bishop_batch_pressure,                        \
                  name##_queen_batch_pressure },                                                   \
                  name##_reads_pressure, &mbb_##name##_table_bytes, perft_##name, search_##name    \
    }

#endif /* LAB_FLAVOURS_H */
