/* SPDX-License-Identifier: MIT */
/* universal_side.c - one side of tests/universal.h's program: the
 * drop-in's lookups as this file is compiled, under the name UNIVERSAL_SIDE
 * (isa_bmi2 or isa_base).  Compiled as C, or as C++ where the side is a
 * namespace; with UNIVERSAL_WRAP (C++) the drop-in is included inside that
 * namespace, after the system headers it includes, as doc/engines.md says
 * an engine may.  One side's file defines MAGICBB_IMPLEMENTATION, the
 * other's MAGICBB_IMPLEMENTATION_SLIDERS (on the command line). */
#if defined(__cplusplus) && defined(UNIVERSAL_WRAP)
#include <stddef.h>
#include <stdint.h>
#ifdef __AVX2__
#include <immintrin.h>
#endif
namespace UNIVERSAL_SIDE
{
#include "magicbb.h"
}
#else
#include "magicbb.h"
#endif

#include "universal.h"

#ifdef __BMI2__
#define UNIVERSAL_ISA "bmi2"
#else
#define UNIVERSAL_ISA "base"
#endif

#ifdef __cplusplus
namespace UNIVERSAL_SIDE
{
const universal_side side = { UNIVERSAL_ISA,      &mbb_flavour,
                              &mbb_rook_attacks,  &mbb_bishop_attacks,
                              &mbb_queen_attacks, &mbb_knight_attacks,
                              &mbb_king_attacks,  &mbb_pawn_attacks,
                              &mbb_between,       &mbb_line };
}
#else
const struct universal_side UNIVERSAL_SIDE = { UNIVERSAL_ISA,      &mbb_flavour,
                                               &mbb_rook_attacks,  &mbb_bishop_attacks,
                                               &mbb_queen_attacks, &mbb_knight_attacks,
                                               &mbb_king_attacks,  &mbb_pawn_attacks,
                                               &mbb_between,       &mbb_line };
#endif
