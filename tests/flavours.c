/* SPDX-License-Identifier: MIT */
/* flavours.c - every flavour from the registry: the lookups of those in
 * plain C and of the bit-reverse one (those of the x86 instruction sets
 * are in flavours_isa.c), and the list of all. */
#define _POSIX_C_SOURCE 200809L
#include "flavours-all.h"
#include "flavours.h"
#include "machine.h"

const int flavours_built_any = 1;
#ifdef MBB_HAVE_BITREV
const int flavours_built_bitrev = 1;
#else
const int flavours_built_bitrev = 0; /* its C bit reverse */
#endif

#define IMPL_any(name) FLAVOUR_IMPL(name)
#define IMPL_bitrev(name) FLAVOUR_IMPL(name)
#define IMPL_bmi2(name) FLAVOUR_DECLARE(name)
#define IMPL_avx2(name) FLAVOUR_DECLARE(name)
#define IMPL_gfni(name) FLAVOUR_DECLARE(name)
#define MBB_FLAVOUR(name, isa, magics) IMPL_##isa(name)
#include "magicbb/flavours.def"
#undef MBB_FLAVOUR

const struct flavour_impl flavour_impls[] = {
#define MBB_FLAVOUR(name, isa, magics) FLAVOUR_ENTRY(name, isa),
#include "magicbb/flavours.def"
#undef MBB_FLAVOUR
};
const unsigned flavour_impl_count = sizeof flavour_impls / sizeof flavour_impls[0];

int flavour_runs_here(const struct flavour_impl *f)
{
    return !*f->built || cpu_runs_isa(f->isa);
}
