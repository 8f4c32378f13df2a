/* SPDX-License-Identifier: MIT */
/* flavours_isa.c - the lookups of the registry's flavours whose
 * instruction set (isa.def) has FLAVOURS_FOR_ISA_<set> defined to 1, and
 * flavours_built_<set> for those sets.  The all-flavour test builds it
 * once for the sets without flags and once for each set with flags, with
 * those flags where the compiler has them (Makefile.am); the benchmark
 * once for all, for its own machine.  Without the instructions the
 * lookups compute the same in plain C (magicbb/bits.h), which still
 * checks their tables. */
#include "flavours-all.h"
#include "flavours.h"
#include "registry.h"

/* what follows only where the set's FLAVOURS_FOR_ISA_ is 1 */
#define FOR_SET(set) MBB_CAT(FOR_SET_, MBB_IS_ONE(FLAVOURS_FOR_ISA_##set))
#define FOR_SET_1(...) __VA_ARGS__
#define FOR_SET_0(...)

#define MBB_FLAVOUR(name, isa, magics, reads) FOR_SET(isa)(FLAVOUR_IMPL(name))
#include "flavours.def"
#undef MBB_FLAVOUR

#define MBB_ISA(name, macro, flags, probe, slow, description)                                      \
    FOR_SET(name)(const int flavours_built_##name = MBB_IS_ONE(MBB_HAVE_##macro);)
#include "isa.def"
#undef MBB_ISA
