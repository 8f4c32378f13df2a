/* SPDX-License-Identifier: MIT */
/* flavours.c - every flavour from the registry: the lookups of the
 * portable ones (those of the BMI2 ones are in flavours_bmi2.c), and the
 * list of all. */
#include "flavours-all.h"
#include "flavours.h"

#define IMPL_0(name) FLAVOUR_IMPL(name)
#define IMPL_1(name) FLAVOUR_DECLARE(name)
#define MBB_FLAVOUR(name, bmi2, magics) IMPL_##bmi2(name)
#include "magicbb/flavours.def"
#undef MBB_FLAVOUR

const struct flavour_impl flavour_impls[] = {
#define MBB_FLAVOUR(name, bmi2, magics) FLAVOUR_ENTRY(name, bmi2),
#include "magicbb/flavours.def"
#undef MBB_FLAVOUR
};
const unsigned flavour_impl_count = sizeof flavour_impls / sizeof flavour_impls[0];

/* A BMI2 flavour needs a CPU with BMI2 only where its code was built with
 * the instructions (else it runs the plain C PEXT, on any CPU). */
int flavour_runs_here(const struct flavour_impl *f)
{
    if (!f->bmi2 || !flavours_bmi2_built_for_bmi2)
        return 1;
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_cpu_supports("bmi2");
#else
    return 0;
#endif
}
