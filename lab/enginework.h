/* SPDX-License-Identifier: MIT */
/* enginework.h - what lab/engine.c and the levels' builds of
 * lab/enginework.c share: a recorded move, the network's memory, the
 * work functions of every flavour at each level. */
#ifndef LAB_ENGINEWORK_H
#define LAB_ENGINEWORK_H

#include <stddef.h>
#include <stdint.h>

/* The piece types, in support/movegen.h's order. */
enum { ENGINE_PAWN, ENGINE_KNIGHT, ENGINE_BISHOP, ENGINE_ROOK, ENGINE_QUEEN, ENGINE_KING };

/* 64-byte rows an accumulator update reads (and one it writes). */
#define ENGINE_ROWS 16

/* A move, as the position after it: the squares whose threats changed
 * (from, to, and the captured piece's where it is not `to`). */
struct engine_move {
    uint64_t pieces[2][6];
    uint64_t occupied;
    unsigned char squares[3], square_count, to, moved, side;
};

/* The network: rows of 8 words (0 rows: no traffic), and what the
 * updates added up. */
struct engine_net {
    uint64_t *words;
    size_t rows;
    uint64_t sink;
};

typedef uint64_t (*engine_fn)(const struct engine_move *moves, size_t n, struct engine_net *net);

/* The levels, each lab/enginework.c built with its flags (lab/local.mk):
 * X(name, what it is, whether this CPU runs it: __builtin_cpu_supports
 * of what it needs beyond x86-64). */
#define ENGINE_CPU(feature) __builtin_cpu_supports(feature)
#define ENGINE_LEVELS(X)                                                                           \
    X(base, "x86-64 (SSE2)", 1)                                                                    \
    X(popcnt, "x86-64-v2 (POPCNT, SSE4.2)", ENGINE_CPU("popcnt") && ENGINE_CPU("sse4.2"))          \
    X(avx2, "x86-64-v2 with AVX2, no BMI2",                                                        \
      ENGINE_CPU("popcnt") && ENGINE_CPU("sse4.2") && ENGINE_CPU("avx2"))                          \
    X(bmi2, "x86-64-v3 (AVX2, BMI2)",                                                              \
      ENGINE_CPU("avx2") && ENGINE_CPU("bmi2") && ENGINE_CPU("fma"))                               \
    X(avx512, "x86-64-v4 (AVX-512)",                                                               \
      ENGINE_CPU("avx2") && ENGINE_CPU("bmi2") && ENGINE_CPU("fma") && ENGINE_CPU("avx512f")       \
          && ENGINE_CPU("avx512bw") && ENGINE_CPU("avx512vl") && ENGINE_CPU("avx512dq")            \
          && ENGINE_CPU("avx512cd"))

#define ENGINE_DECLARE(level, what, runs)                                                          \
    extern const int engine_isa_built_##level[];                                                   \
    extern const engine_fn engine_functions_##level[];
ENGINE_LEVELS(ENGINE_DECLARE)
#undef ENGINE_DECLARE

#endif /* LAB_ENGINEWORK_H */
