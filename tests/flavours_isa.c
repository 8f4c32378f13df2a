/* SPDX-License-Identifier: MIT */
/* flavours_isa.c - the lookups of the registry's flavours built for x86
 * instruction sets, compiled once for each (FLAVOURS_FOR_BMI2,
 * FLAVOURS_FOR_AVX2, FLAVOURS_FOR_GFNI; the benchmark defines all three
 * and builds for its own machine) with the flags that select them where
 * the compiler has them.  Without the instructions they compute the same
 * in plain C (magicbb/common.h), which still checks their tables. */
#include "flavours-all.h"
#include "flavours.h"

#define IMPL_any(name)
#define IMPL_bitrev(name)

#ifdef FLAVOURS_FOR_BMI2
#define IMPL_bmi2(name) FLAVOUR_IMPL(name)
#ifdef MBB_HAVE_BMI2
const int flavours_built_bmi2 = 1;
#else
const int flavours_built_bmi2 = 0;
#endif
#else
#define IMPL_bmi2(name)
#endif

#ifdef FLAVOURS_FOR_AVX2
#define IMPL_avx2(name) FLAVOUR_IMPL(name)
#ifdef MBB_HAVE_AVX2
const int flavours_built_avx2 = 1;
#else
const int flavours_built_avx2 = 0;
#endif
#else
#define IMPL_avx2(name)
#endif

#ifdef FLAVOURS_FOR_GFNI
#define IMPL_gfni(name) FLAVOUR_IMPL(name)
#ifdef MBB_HAVE_GFNI
const int flavours_built_gfni = 1;
#else
const int flavours_built_gfni = 0;
#endif
#else
#define IMPL_gfni(name)
#endif

#define MBB_FLAVOUR(name, isa, magics) IMPL_##isa(name)
#include "magicbb/flavours.def"
#undef MBB_FLAVOUR
