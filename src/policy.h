/* SPDX-License-Identifier: MIT */
/* policy.h - magicbb's choices, in one place: which flavour auto takes,
 * the order a flash budget tries them in and the code it allows for, the
 * dispatch library's default flavours, and when PEXT counts as slow.
 * configure asks them through magicbb-gen --decide (gen/decide.c), the
 * dispatch library's resolvers through registry.h, and the vendored
 * drop-in carries this file; nothing else repeats them.  Private: not
 * installed.  Each row's reason is in doc/building.md, from make
 * bench-model and make bench.  Macros and pure functions only. */
#ifndef MAGICBB_POLICY_H
#define MAGICBB_POLICY_H

#include <stddef.h>
#include <stdint.h>

/* 1 if x expands to 1, else 0 (x may be a name defined as nothing or not
 * at all), in #if and in C: MBB_IS_ONE(MBB_HAVE_BMI2). */
#define MBB_CAT_(a, b) a##b
#define MBB_CAT(a, b) MBB_CAT_(a, b)
#define MBB_SECOND_(a, b, ...) b
#define MBB_SECOND(...) MBB_SECOND_(__VA_ARGS__, ~)
#define MBB_IS_ONE_1 ~, 1
#define MBB_IS_ONE(x) MBB_SECOND(MBB_CAT(MBB_IS_ONE_, x), 0)

/* The slow-PEXT rule, the one configure's chooser and a dispatch library
 * follow: AMD families 0x15 (Bulldozer to Excavator) and 0x17 (Zen 1 and
 * Zen 2) run PEXT in microcode, tens to hundreds of cycles.  family is
 * CPUID leaf 1's family (mbb_cpu_family), amd whether the vendor is
 * AuthenticAMD.  Code compiled for a target reads its -march instead:
 * MBB_SLOW_BMI2 (magicbb/bits.h). */
static inline unsigned mbb_cpu_family(uint32_t leaf1_eax)
{
    const unsigned base = leaf1_eax >> 8 & 0xf;

    return base == 0xf ? base + (leaf1_eax >> 20 & 0xff) : base;
}
static inline int mbb_slow_pext(int amd, unsigned family)
{
    return amd && (family == 0x15 || family == 0x17);
}

/* auto's decision table on a hosted target: the first row whose
 * condition holds, over the target's facts, each read by name as
 * FACT(name): fast_pext (the target runs PEXT at full speed), bits32 (its
 * pointers are 32 bits), wasm (it is WebAssembly), simd128 (it has
 * WebAssembly's SIMD128) and seeded (--with-seed).  The conditions are
 * integer constant expressions where the facts are, so configure's
 * chooser evaluates the table in C (mbb_auto_flavour, on a struct
 * mbb_target) and the vendored drop-in in #if, on the target's macros
 * (MBB_TARGET_FACT, below).  X(flavour, condition, why), why a printf
 * format whose %s is what was found about PEXT:
 *   pext     fewest cycles on the Zen 3, Skylake and Ice Lake models
 *   hqsimd, black on wasm32 with and without SIMD128: its rule
 *            (MBB_WASM_ORDER, below) on make bench-wasm's figures (a
 *            seed takes fancy, the row before)
 *   magic32  the shortest chain on the Cortex-M4
 *   fancy    the portable flavour whose magics a seed searches (black's
 *            are loaded)
 *   black    among the fewest cycles of the portable flavours on every
 *            64-bit model, a smaller table; in the engine-shaped workload
 *            (lab/magicbb-engine, make bench: a threat-input engine's
 *            lookups beside an NNUE-sized network's memory traffic, each
 *            flavour built for the x86-64 levels x86-64, v2, v2 with
 *            AVX2), no portable flavour clearly faster (all within 4 %,
 *            two runs), and pext 0.97 of its time at x86-64-v3 and v4,
 *            on the Zen 4 of doc/benchmark.md */
#define MBB_AUTO_TABLE(X, FACT)                                                                    \
    X(pext, FACT(fast_pext) && !FACT(seeded), "%s")                                                \
    X(magic32, FACT(bits32) && !FACT(wasm),                                                        \
      "a 32-bit target, where two 32-bit multiplies beat one 64-bit")                              \
    X(fancy, FACT(seeded),                                                                         \
      "a 64-bit or wasm32 target and --with-seed: fancy, whose magics a seed searches")            \
    X(hqsimd, FACT(wasm) && FACT(simd128), MBB_WASM_SIMD128_WHY)                                   \
    X(black, FACT(wasm), MBB_WASM_WHY)                                                             \
    X(black, 1,                                                                                    \
      "a 64-bit target without fast PEXT (%s): black, among the fewest predicted cycles of"        \
      " the portable flavours on every 64-bit model, with a smaller table than fancy's or"         \
      " offsetmagic's (doc/benchmark.md)")
/* The facts in C: configure's findings. */
struct mbb_target {
    int fast_pext, bits32, wasm, simd128, seeded;
};
/* The facts in #if: the code being compiled (the drop-in; no seed). */
#define MBB_TARGET_FACT(name) MBB_TARGET_##name
#define MBB_TARGET_fast_pext (MBB_IS_ONE(MBB_HAVE_BMI2) && !MBB_IS_ONE(MBB_SLOW_BMI2))
#define MBB_TARGET_bits32 (UINTPTR_MAX == 0xffffffffu)
#ifdef __wasm__
#define MBB_TARGET_wasm 1
#else
#define MBB_TARGET_wasm 0
#endif
#define MBB_TARGET_simd128 MBB_IS_ONE(MBB_HAVE_SIMD128)
#define MBB_TARGET_seeded 0

/* wasm32 (WebAssembly: a host triplet of wasm32 or wasm64, __wasm__ in
 * the drop-in), where the tables are download.  The rule, on the engine
 * search: the flavours that tie the fastest (a paired ratio whose 95 %
 * interval reaches 1, or whose median is under 1.05: the lab's rule for
 * a clear win) are as fast; of them black, the portable default, where
 * it is one, else the fastest; unless flavours that tie the fastest
 * have at most half its gzip -9 module bytes (the download as a server
 * that compresses sends it): then the smallest of those.  make
 * bench-wasm (lab/magicbb-ratios, 61 rounds) applies it, in node 20's
 * V8, Firefox's SpiderMonkey and Chromium's V8: with SIMD128
 * (-msimd128), hqsimd, 1.02 to 1.04 of the fastest's search at a sixth
 * of black's gzip bytes, and the fastest lookups in throughput; without
 * it, black (obstruction and sbamg 15 to 24 % slower, hq 1.8 to 2.4
 * times; doc/engines.md, "In the browser"), and in Stockfish's wasm32
 * build the fewest instructions (callgrind in node: obstruction 1.19 of
 * black's, hq 2.10, Stockfish's own magics 1.06).  A budget's order
 * (--with-flash, KiB of tables, uncompressed): auto's first (hqsimd only
 * where the target has SIMD128), then by the search's median in V8. */
#define MBB_WASM_ORDER                                                                             \
    "hqsimd black white offsetmagic plain fancy shiftmagic byte shared magic32 obstruction"        \
    " sbamg hq"
#define MBB_WASM_WHY                                                                               \
    "a wasm32 target without SIMD128: black, tied with the fastest on the engine search in V8"     \
    " and SpiderMonkey; the smaller modules are slower (doc/engines.md)"
#define MBB_WASM_SIMD128_WHY                                                                       \
    "a wasm32 target with SIMD128: hqsimd, tied with the fastest on the engine search in V8 and"   \
    " SpiderMonkey at a sixth of black's download (doc/engines.md)"

/* auto on a hosted target, from what configure found: the flavour a
 * magics file names (magics_for, or NULL), else the table's on the
 * target's facts.  *why is a printf format with at most one %s: the
 * file's flavour for a magics file, else what configure found about
 * PEXT. */
static inline const char *mbb_auto_flavour(const char *magics_for, const struct mbb_target *target,
                                           const char **why)
{
    if (magics_for) { /* (no NULL: C++'s -Wzero-as-null-pointer-constant) */
        *why = "--with-magics names %s (the file's '# flavour:' line)";
        return magics_for;
    }
#define MBB_AUTO_ROW(flavour, condition, reason)                                                   \
    if (condition) {                                                                               \
        *why = reason;                                                                             \
        return #flavour;                                                                           \
    }
#define MBB_TARGET_OF(name) (target->name)
    MBB_AUTO_TABLE(MBB_AUTO_ROW, MBB_TARGET_OF)
#undef MBB_TARGET_OF
#undef MBB_AUTO_ROW
    return magics_for; /* (never reached: the last row holds) */
}

/* The order auto tries the flavours in under a flash budget, fastest
 * first by make bench-model's predicted cycles (the Cortex-M4 model for
 * 32-bit targets, the Cortex-A57 for 64-bit ones; wasm32's, above), and
 * why. */
static inline const char *mbb_flash_order(int bits32, int wasm, const char **why)
{
    *why = wasm     ? "wasm32 target: the module's download, order from make bench-wasm"
           : bits32 ? "32-bit target, order from the Cortex-M4 model"
                    : "64-bit target, order from the Cortex-A57 model";
    return wasm     ? MBB_WASM_ORDER
           : bits32 ? "magic32 black fancy byte hqrev hq"
                    : "black fancy byte hq";
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

#endif /* MAGICBB_POLICY_H */
