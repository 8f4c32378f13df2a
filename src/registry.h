/* SPDX-License-Identifier: MIT */
/* registry.h - what the code that expands the registries (flavours.def,
 * isa.def) needs beyond the installed headers: how the running CPU is
 * asked (isa.def's probes, and the CPUID read of the slow-PEXT rule) and
 * the policy (policy.h, with its helper MBB_IS_ONE).  Private: the
 * library, configure's chooser and the lab include it; it is not
 * installed. */
#ifndef SRC_REGISTRY_H
#define SRC_REGISTRY_H

#include "magicbb/bits.h"
#include "policy.h"

/* Whether the running CPU has a feature, for isa.def's probes (a host
 * program's: the library itself never expands it). */
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define MBB_CPU(feature) (__builtin_cpu_supports(feature) != 0)
#else
#define MBB_CPU(feature) 0
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

/* The calls a dispatch library takes from the flavour it picks:
 * X(what, type, name, parameters, arguments), the public function `name`
 * of <magicbb.h>.  src/dispatch.c defines each as mbb_FLAVOUR_impl_what
 * for every flavour of the library, src/lookup.c resolves `name` to one
 * of them (and a one-flavour library defines it on the inline call
 * name_inline), so a new call is one line here. */
#define MBB_SLIDER_CALLS(X)                                                                        \
    X(rook, uint64_t, mbb_rook_attacks, (unsigned sq, uint64_t occupied), (sq, occupied))          \
    X(bishop, uint64_t, mbb_bishop_attacks, (unsigned sq, uint64_t occupied), (sq, occupied))      \
    X(queen, uint64_t, mbb_queen_attacks, (unsigned sq, uint64_t occupied), (sq, occupied))        \
    X(both, struct mbb_both, mbb_both_attacks, (unsigned sq, uint64_t occupied), (sq, occupied))   \
    X(rook_set, uint64_t, mbb_rook_attacks_set, (uint64_t pieces, uint64_t occupied),              \
      (pieces, occupied))                                                                          \
    X(bishop_set, uint64_t, mbb_bishop_attacks_set, (uint64_t pieces, uint64_t occupied),          \
      (pieces, occupied))                                                                          \
    X(queen_set, uint64_t, mbb_queen_attacks_set, (uint64_t pieces, uint64_t occupied),            \
      (pieces, occupied))                                                                          \
    X(flavour, const char *, mbb_flavour, (void), ())                                              \
    X(table_bytes, size_t, mbb_table_bytes, (void), ())

#endif /* SRC_REGISTRY_H */
