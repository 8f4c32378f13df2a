/* SPDX-License-Identifier: MIT */
/* flavours_bmi2.c - the lookups of the BMI2 flavours of the registry.
 * Built with -mbmi2 where the compiler has it, so they run the BMI2
 * instructions (and then need a CPU with them); elsewhere they fall back
 * to the plain C PEXT and PDEP of magicbb/common.h, which still checks
 * their tables. */
#include "flavours-all.h"
#include "flavours.h"

#ifdef MBB_HAVE_BMI2
const int flavours_bmi2_built_for_bmi2 = 1;
#else
const int flavours_bmi2_built_for_bmi2 = 0;
#endif

#define IMPL_0(name)
#define IMPL_1(name) FLAVOUR_IMPL(name)
#define MBB_FLAVOUR(name, bmi2, magics) IMPL_##bmi2(name)
#include "magicbb/flavours.def"
#undef MBB_FLAVOUR
