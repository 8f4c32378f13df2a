/* SPDX-License-Identifier: MIT */
/* policy.h - magicbb's choices, in one place: which flavour auto takes,
 * the order a flash budget tries them in, the dispatch library's default
 * flavours, and when PEXT counts as slow (with the one CPUID read that
 * tells).  configure asks them through magicbb-choose (src/choose.c)
 * and its probes, the dispatch library's resolvers through registry.h;
 * nothing else repeats them.  Private: not installed.  Each row's reason
 * is in doc/building.md, from make bench-model and make bench. */
#ifndef SRC_POLICY_H
#define SRC_POLICY_H

#include <stddef.h>
#include <stdint.h>

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

/* auto on a hosted target, from what configure found: the flavour a
 * magics file names (magics_for, or NULL), whether PEXT is fast there,
 * whether pointers are 32 bits wide and whether a seed was given.  *why
 * is a printf format with at most one %s: the file's flavour for a magics
 * file, else what configure found about PEXT.
 *
 *   a magics file              the flavour it names
 *   fast PEXT (no seed)        pext     fewest cycles on the Zen 3, Skylake
 *                                       and Ice Lake models
 *   32-bit target              magic32  the shortest chain on the Cortex-M4
 *   a seed, 64-bit             fancy    the portable flavour whose magics
 *                                       a seed searches (black's are loaded)
 *   otherwise (64-bit)         black    among the fewest cycles of the
 *                                       portable flavours on every 64-bit
 *                                       model, a smaller table */
static inline const char *mbb_auto_flavour(const char *magics_for, int fast_pext, int bits32,
                                           int seeded, const char **why)
{
    if (magics_for != NULL) {
        *why = "--with-magics names %s (the file's '# flavour:' line)";
        return magics_for;
    }
    if (fast_pext && !seeded) {
        *why = "%s";
        return "pext";
    }
    if (bits32) {
        *why = "a 32-bit target, where two 32-bit multiplies beat one 64-bit";
        return "magic32";
    }
    if (seeded) {
        *why = "a 64-bit target and --with-seed: fancy, whose magics a seed searches";
        return "fancy";
    }
    *why = "a 64-bit target without fast PEXT (%s): black, among the fewest predicted cycles of"
           " the portable flavours on every 64-bit model, with a smaller table than fancy's or"
           " offsetmagic's (doc/benchmark.md)";
    return "black";
}

/* The order auto tries the flavours in under a flash budget, fastest
 * first by make bench-model's predicted cycles (the Cortex-M4 model for
 * 32-bit targets, the Cortex-A57 for 64-bit ones), and why. */
static inline const char *mbb_flash_order(int bits32, const char **why)
{
    *why = bits32 ? "32-bit target, order from the Cortex-M4 model"
                  : "64-bit target, order from the Cortex-A57 model";
    return bits32 ? "magic32 black fancy byte hqrev hq" : "black fancy byte hq";
}

/* The bytes of code a flash budget keeps for the library's functions
 * beside its tables (about 1 to 2 KiB on the cores doc/firmware.md
 * measured), and the budget of a bare-metal target without --with-flash,
 * in KiB. */
#define MBB_CODE_ALLOWANCE 4096
#define MBB_BARE_METAL_FLASH_KIB "256"

/* The flavours of a dispatch library without --with-dispatch, in order
 * of preference. */
#define MBB_DISPATCH_DEFAULT "pext,black"

#endif /* SRC_POLICY_H */
