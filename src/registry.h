/* SPDX-License-Identifier: MIT */
/* registry.h - what the code that expands the registries (flavours.def,
 * isa.def) needs beyond the installed headers: X-macro helpers, how the
 * running CPU is asked (isa.def's probes) and the policy their slow
 * fields follow (policy.h).  Private: the library, configure's probes
 * and the lab include it; it is not installed. */
#ifndef SRC_REGISTRY_H
#define SRC_REGISTRY_H

#include "magicbb/bits.h"
#include "policy.h"

/* 1 if x expands to 1, else 0 (x may be a name defined as nothing or not
 * at all), for the registries' X-macros: MBB_IS_ONE(MBB_HAVE_BMI2). */
#define MBB_CAT_(a, b) a##b
#define MBB_CAT(a, b) MBB_CAT_(a, b)
#define MBB_SECOND_(a, b, ...) b
#define MBB_SECOND(...) MBB_SECOND_(__VA_ARGS__, ~)
#define MBB_IS_ONE_1 ~, 1
#define MBB_IS_ONE(x) MBB_SECOND(MBB_CAT(MBB_IS_ONE_, x), 0)

/* Whether the running CPU has a feature, for isa.def's probes (a host
 * program's: the library itself never expands it). */
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define MBB_CPU(feature) (__builtin_cpu_supports(feature) != 0)
#else
#define MBB_CPU(feature) 0
#endif

#endif /* SRC_REGISTRY_H */
