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
 * condition holds, over fast_pext (the target runs PEXT at full speed),
 * bits32 (its pointers are 32 bits) and seeded (--with-seed).  The
 * conditions are integer constant expressions where the arguments are, so
 * configure's chooser evaluates the table in C (mbb_auto_flavour) and the
 * vendored drop-in in #if, on the target's macros (MBB_TARGET_FAST_PEXT,
 * MBB_TARGET_BITS32, no seed).  X(flavour, condition, why), why a printf
 * format whose %s is what was found about PEXT:
 *   pext     fewest cycles on the Zen 3, Skylake and Ice Lake models
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
#define MBB_AUTO_TABLE(X, fast_pext, bits32, seeded)                                               \
    X(pext, (fast_pext) && !(seeded), "%s")                                                        \
    X(magic32, (bits32), "a 32-bit target, where two 32-bit multiplies beat one 64-bit")           \
    X(fancy, (seeded), "a 64-bit target and --with-seed: fancy, whose magics a seed searches")     \
    X(black, 1,                                                                                    \
      "a 64-bit target without fast PEXT (%s): black, among the fewest predicted cycles of"        \
      " the portable flavours on every 64-bit model, with a smaller table than fancy's or"         \
      " offsetmagic's (doc/benchmark.md)")
#define MBB_TARGET_FAST_PEXT (MBB_IS_ONE(MBB_HAVE_BMI2) && !MBB_IS_ONE(MBB_SLOW_BMI2))
#define MBB_TARGET_BITS32 (UINTPTR_MAX == 0xffffffffu)

/* auto on a hosted target, from what configure found: the flavour a
 * magics file names (magics_for, or NULL), else the table's.  *why is a
 * printf format with at most one %s: the file's flavour for a magics
 * file, else what configure found about PEXT. */
static inline const char *mbb_auto_flavour(const char *magics_for, int fast_pext, int bits32,
                                           int seeded, const char **why)
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
    MBB_AUTO_TABLE(MBB_AUTO_ROW, fast_pext, bits32, seeded)
#undef MBB_AUTO_ROW
    return magics_for; /* (never reached: the last row holds) */
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

/* The set attacks (mbb_rook_attacks_set and the like): the flavour's
 * own lookups, one a piece, in the loop an engine writes and nothing
 * beside it, unless a row below (or the including code, defining
 * MBB_ROOK_FILL_FROM and the like first) names a count from which a set
 * takes the flavour-independent fill of magicbb/sets.h: a Kogge-Stone
 * fill in an AVX-512 or AVX2 vector or in 64-bit integers (sliders),
 * shifts of the whole set (knights, kings).  A set's first two pieces
 * always take their lookups; only a larger set is counted, by one
 * popcount instruction (never where the target has none), and the fill
 * takes the rest.
 *
 * Every row is 65, never: the contract is that a set call is never
 * slower than the loop it replaces, at any count, on any CPU measured,
 * and the count is not free.  The set call over a loop of the same
 * build's inline pext lookups, with rows of 5 (-DMBB_ROOK_FILL_FROM=5
 * and so on, -march=native: AVX-512), 4096 random sets of N pieces, 31
 * rounds paired and interleaved in one process, median, on the 2-core
 * AMD EPYC (Zen 4) of doc/benchmark.md, gcc 12 -O2 (ROUNDS=31
 * lab/sets-rows.sh BUILDDIR -march=native -DMBB_ROOK_FILL_FROM=5 ...):
 *          N:  1      2      3      4      5      6      8      16
 *   rook     0.93   0.98   1.05   1.05   0.79   0.66   0.50   0.26
 *   bishop   1.01   1.02   1.08   1.11   0.86   0.73   0.55   0.28
 *   queen    0.98   0.99   1.03   1.02   0.66   0.56   0.42   0.21
 *   knight   0.92   0.96   1.07   1.01   1.44   1.16   0.83   0.48
 * (every interval within 0.02 of its median): the sets of 3 and 4, where
 * the count decides for the loop, pay up to 11 % for it (knights up to
 * 44 % at 5, where one load is a knight's lookup), so no row can be
 * both a gain and never slower.  Real positions have 0 to 2 pieces of a
 * type, where the set call is the loop's work, row or none.  An engine
 * that asks larger sets (rooks and queens together, setwise move
 * ordering) may define the rows itself; the fills' own figures, without
 * the two lookups before them (Zen 4, the earlier harness, the fill's
 * time over the loop's, first/second run):
 *            N:    1         2         3         4         5         6         7
 *   AVX-512 rook 1.55/1.42 0.94/0.79 0.68/0.56 0.48/0.42 0.41/0.35 0.34/0.31 0.31/0.26
 *         bishop 2.13/1.83 1.28/1.14 0.85/0.79 0.62/0.62 0.55/0.56 0.48/0.48 0.42/0.42
 *          queen 1.70/1.70 1.08/1.08 0.77/0.76 0.59/0.58 0.48/0.48 0.40/0.40 0.35/0.35
 *   AVX2    rook 2.25/2.63 1.25/1.59 0.89/1.11 0.67/0.81 0.58/0.70 0.46/0.57 0.41/0.51
 *         bishop 2.39/3.05 1.55/1.93 1.14/1.49 0.91/1.14 0.79/0.90 0.70/0.77 0.56/0.71
 *          queen 3.69/3.69 2.05/2.05 1.34/1.37 1.06/1.04 0.82/0.82 0.68/0.68 0.58/0.59
 *   plain   rook 4.02/4.04 2.25/2.31 1.55/1.58 1.21/1.24 0.97/1.01 0.81/0.85 0.68/0.71
 *         bishop 5.44/5.44 3.13/3.13 2.21/2.21 1.68/1.70 1.38/1.38 1.13/1.12 0.97/0.98
 *          queen 5.43/5.54 3.09/3.13 2.13/2.17 1.61/1.62 1.29/1.30 1.06/1.09 0.91/0.92
 * and on a quiet Intel Xeon (Sapphire Rapids class; gcc 13; issue 59 of
 * the project's tracker), AVX-512, over pext's loop: queen 4 0.52, rook
 * 4 0.58, the rook fill at 2 1.30.  Rows that gain on both: AVX-512 5,
 * AVX2 rook 6, bishop and queen 8, plain rook 8, bishop and queen 10
 * (Zen 4's first count where two lookups and the fill beat the loop in
 * both runs, plus 2 where Intel was not measured). */
#define MBB_ROOK_FILL_FROM_AVX512 65
#define MBB_BISHOP_FILL_FROM_AVX512 65
#define MBB_QUEEN_FILL_FROM_AVX512 65
#define MBB_ROOK_FILL_FROM_AVX2 65
#define MBB_BISHOP_FILL_FROM_AVX2 65
#define MBB_QUEEN_FILL_FROM_AVX2 65
#define MBB_ROOK_FILL_FROM_PLAIN 65
#define MBB_BISHOP_FILL_FROM_PLAIN 65
#define MBB_QUEEN_FILL_FROM_PLAIN 65
/* Knights' and kings' sets: the shifts' time over the lookups' on Zen 4
 * (as above, gcc 12 -O2, -march=native for the vector rows, -mbmi2 for
 * the plain one), without the two lookups before them:
 *              N:   1     2     3     4     5     6
 *   native knight 2.64  1.98  1.44  1.17  0.84  0.90
 *          king   2.27  1.45  1.23  1.00  0.72  0.77
 *   plain  knight 2.22  1.66  1.29  0.93  0.76  0.65
 *          king   2.22  1.52  1.17  0.85  0.69  0.60
 * A knight's lookup is one load, so the count costs more against it
 * (the table above: up to 44 % at 3 to 6 knights); a side has 0 to 2. */
#define MBB_LEAPER_FILL_FROM_AVX512 65
#define MBB_LEAPER_FILL_FROM_AVX2 65
#define MBB_LEAPER_FILL_FROM_PLAIN 65

/* mbb_both_attacks where the code is compiled for AVX2: 1 takes
 * magicbb/dual.h's one vector (the two diagonals and the file by
 * hyperbola quintessence, the rank from a 512-byte table), 0 the
 * flavour's two lookups.  PEXT: AVX2 with PEXT at full speed (the
 * flavour is pext); AVX2: without it (a portable flavour, black by
 * auto's table).  Both 0: the one vector loses to the two lookups on
 * every core measured.  Its time over theirs on the 2-core AMD EPYC
 * (Zen 4) of doc/benchmark.md, gcc 12 -O2, 4096 random squares and
 * occupancies (about 16 pieces), 101 rounds paired and interleaved in one
 * process, median [95 % interval] (/work/dualh's harness, every side
 * checked against a ray walk):
 *                              throughput           latency
 *   pext  (-mavx2 -mbmi2)  1.44 [1.44, 1.45]   1.17 [1.17, 1.17]
 *   black (-mavx2)         1.09 [1.09, 1.10]   1.14 [1.14, 1.14]
 * and llvm-mca's cycles an iteration of the throughput loop, one vector
 * / black's lookups: Skylake 9.2/5.0, Ice Lake server 9.1/5.0, Zen 2
 * 9.5/6.2 (the AVX2 core whose PEXT is slow), Zen 3 6.5/4.3; pext's:
 * Skylake 8.6/4.0, Zen 3 6.5/2.7.  (Against Stockfish 762dd1da9's
 * both_attacks_bb, the same way of computing: 0.96 throughput, 0.92
 * latency; doc/benchmark.md.)  In the engine-shaped workload
 * (lab/magicbb-engine, make bench) black and pext with the one vector tie
 * with their two lookups beside an NNUE-sized network's traffic (0.998
 * and 0.979 of black's time, pext 0.971) and lose without it (1.022;
 * 0.915 against pext's 0.849).  An engine that wants the 2.5 KiB tables
 * rather than two lookups into the flavour's (black's are 700 KiB),
 * where its caches are crowded, defines MBB_BOTH_DUAL 1 before the
 * include (tests/vendored.sh tests that build). */
#define MBB_BOTH_DUAL_PEXT 0
#define MBB_BOTH_DUAL_AVX2 0

/* The flavours of a dispatch library without --with-dispatch, in order
 * of preference. */
#define MBB_DISPATCH_DEFAULT "pext,black"

#endif /* MAGICBB_POLICY_H */
