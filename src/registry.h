/* SPDX-License-Identifier: MIT */
/* registry.h - what the code that expands the registries (flavours.def,
 * isa.def) needs beyond the installed headers: X-macro helpers, how the
 * running CPU is asked (isa.def's probes), and the slow-PEXT rule.
 * Private: the library, the generator, configure's probes and the lab
 * include it; it is not installed. */
#ifndef SRC_REGISTRY_H
#define SRC_REGISTRY_H

#include "magicbb/bits.h"

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

/* The slow-PEXT rule, the one configure's probe and a dispatch library
 * follow: AMD families 0x15 (Bulldozer to Excavator) and 0x17 (Zen 1 and
 * Zen 2) run PEXT in microcode, tens to hundreds of cycles.  family is
 * CPUID leaf 1's family (mbb_cpu_family), amd whether the vendor is
 * AuthenticAMD.  A cross build reads the target's -march instead:
 * MBB_TARGET_SLOW_PEXT. */
static inline unsigned mbb_cpu_family(uint32_t leaf1_eax)
{
    const unsigned base = leaf1_eax >> 8 & 0xf;

    return base == 0xf ? base + (leaf1_eax >> 20 & 0xff) : base;
}
static inline int mbb_slow_pext(int amd, unsigned family)
{
    return amd && (family == 0x15 || family == 0x17);
}
#if defined(__znver1__) || defined(__znver2__) || defined(__bdver1__) || defined(__bdver2__)    \
    || defined(__bdver3__) || defined(__bdver4__)
#define MBB_TARGET_SLOW_PEXT 1
#endif

/* Whether the running CPU runs PEXT in microcode (isa.def's slow field
 * for BMI2): mbb_slow_pext on CPUID's vendor and family.  The one CPUID
 * read, for the dispatch library and configure's probe. */
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
static inline int mbb_cpu_slow_pext(void)
{
    unsigned a, b, c, d;
    int amd;

    if (!__get_cpuid(0, &a, &b, &c, &d))
        return 0;
    amd = b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u; /* "AuthenticAMD" */
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    return mbb_slow_pext(amd, mbb_cpu_family(a));
}
#else
static inline int mbb_cpu_slow_pext(void)
{
    return 0;
}
#endif

#endif /* SRC_REGISTRY_H */
