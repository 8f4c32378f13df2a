/* SPDX-License-Identifier: MIT */
/* universal.h - one program built for two instruction sets from the
 * vendored drop-in, as an engine's universal build puts several builds of
 * itself in one executable (doc/engines.md): tests/universal_side.c is
 * compiled once with -mbmi2 (the side isa_bmi2, which inlines pext) and
 * once without (isa_base, the portable flavour), each inlining the
 * flavour its flags choose; tests/universal.c calls both.  As C, each
 * side is the variable of its name; as C++, the variable `side` in the
 * namespace of its name, as Stockfish names each build's engine. */
#ifndef TESTS_UNIVERSAL_H
#define TESTS_UNIVERSAL_H

#include <stdint.h>

/* One side's lookups, through pointers to the inline ones of its file. */
struct universal_side {
    const char *isa; /* "bmi2" where its file was compiled for BMI2, else "base" */
    const char *(*flavour)(void);
    uint64_t (*rook)(unsigned sq, uint64_t occupied);
    uint64_t (*bishop)(unsigned sq, uint64_t occupied);
    uint64_t (*queen)(unsigned sq, uint64_t occupied);
    uint64_t (*knight)(unsigned sq);
    uint64_t (*king)(unsigned sq);
    uint64_t (*pawn)(unsigned color, unsigned sq);
    uint64_t (*between)(unsigned a, unsigned b);
    uint64_t (*line)(unsigned a, unsigned b);
};

#ifdef __cplusplus
namespace isa_bmi2
{
extern const universal_side side;
}
namespace isa_base
{
extern const universal_side side;
}
#define UNIVERSAL_SIDE_OF(name) (&name::side)
#else
extern const struct universal_side isa_bmi2, isa_base;
#define UNIVERSAL_SIDE_OF(name) (&name)
#endif

#endif /* TESTS_UNIVERSAL_H */
