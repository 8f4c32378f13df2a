/* SPDX-License-Identifier: MIT */
/* magicbb/bits.h - the instructions the target has, and the bit
 * operations the flavours' lookups are built from, each the instruction
 * where the code is compiled for it and plain C elsewhere.  Portable C99,
 * <stddef.h> and <stdint.h> only (and MSVC's <intrin.h> there); every
 * compiler's own spelling behind a test of that compiler. */
#ifndef MAGICBB_BITS_H
#define MAGICBB_BITS_H

#include <stddef.h>
#include <stdint.h>

/* A conversion made on purpose (MBB_POINTER_CAST: to a pointer of
 * another type): C++'s own casts, for the -Wold-style-cast many engines
 * turn on, and a cast in C. */
#ifdef __cplusplus
#define MBB_CAST(type, x) static_cast<type>(x)
#define MBB_POINTER_CAST(type, x) reinterpret_cast<type>(x)
#else
#define MBB_CAST(type, x) ((type)(x))
#define MBB_POINTER_CAST(type, x) ((type)(x))
#endif

/* How every function of the lookups is declared: static inline, and
 * always inlined where the compiler can be told.  Plain static inline is
 * a hint that gcc may ignore: under -flto -Os it turned a queen lookup
 * into a call in an engine's search; a program that asked for inline
 * lookups gets them inlined. */
#if defined(__GNUC__) || defined(__clang__)
#define MBB_FN static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define MBB_FN static __forceinline
#else
#define MBB_FN static inline
#endif

/* The preconditions of the public functions (sq < 64, color < 2): code
 * compiled with MBB_DEBUG (configure --enable-debug) traps where one
 * fails, in every build, a dispatch library's included. */
#if defined(MBB_DEBUG) && (defined(__GNUC__) || defined(__clang__))
#define MBB_REQUIRE(cond)                                                                          \
    do {                                                                                           \
        if (!(cond))                                                                               \
            __builtin_trap();                                                                      \
    } while (0)
#else
#define MBB_REQUIRE(cond) ((void)0)
#endif

/* The instructions the code being compiled may use, as the compiler
 * says for its flags: MBB_HAVE_<MACRO> (the MACRO of an entry of the
 * instruction-set registry, isa.def) is defined to 1 where it has them.
 * A flavour's lookups use them there; without them they compute the same
 * in plain C (the generator, built for the build machine, always does).
 * MSVC says __AVX2__ for /arch:AVX2, whose CPUs all have BMI2. */
#define MBB_HAVE_ANY 1
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#if defined(__BMI2__)
#define MBB_HAVE_BMI2 1
#endif
#if defined(__AVX2__)
#define MBB_HAVE_AVX2 1
#if defined(__GFNI__)
#define MBB_HAVE_GFNI 1
#endif
#endif
#elif defined(_MSC_VER) && defined(_M_X64) && defined(__AVX2__)
#define MBB_HAVE_BMI2 1
#define MBB_HAVE_AVX2 1
#endif
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h> /* _pext_u64, _BitScanReverse64, _byteswap_uint64 */
#define MBB_MSVC 1
#endif
/* BMI2 on a -march whose PEXT is microcode, tens to hundreds of cycles:
 * AMD families 0x15 (Bulldozer to Excavator) and 0x17 (Zen 1, Zen 2), the
 * rule src/policy.h applies to the running CPU. */
#if defined(MBB_HAVE_BMI2)                                                                         \
    && (defined(__znver1__) || defined(__znver2__) || defined(__bdver1__) || defined(__bdver2__)   \
        || defined(__bdver3__) || defined(__bdver4__))
#define MBB_SLOW_BMI2 1
#endif
/* A bit-reverse instruction: rbit (AArch64, and 32-bit ARM with Thumb-2:
 * ARMv6T2, ARMv7-A/R, ARMv7-M such as Cortex-M3/M4/M7), rev8 with brev8
 * (RISC-V Zbkb), bitrev.d (LoongArch64). */
#if defined(__GNUC__) || defined(__clang__)
#if defined(__aarch64__)                                                                           \
    || (defined(__arm__) && defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB >= 2)            \
    || (defined(__riscv) && defined(__riscv_zbkb)) || defined(__loongarch64)
#define MBB_HAVE_BITREV 1
#endif
#endif
/* WebAssembly's 128-bit vectors (-msimd128): a module that uses them
 * validates only in an engine that has them, so the compiler's word is
 * the only test. */
#if defined(__wasm__) && defined(__wasm_simd128__)
#define MBB_HAVE_SIMD128 1
#endif

/* Gathers the bits of x selected by mask into the low bits, lowest first:
 * the BMI2 instruction where the code is built for it, plain C elsewhere
 * (the generator always uses the plain C, so it needs no BMI2). */
MBB_FN uint64_t mbb_pext64(uint64_t x, uint64_t mask)
{
#if defined(MBB_HAVE_BMI2) && defined(MBB_MSVC)
    return _pext_u64(x, mask);
#elif defined(MBB_HAVE_BMI2)
    return __builtin_ia32_pext_di(x, mask);
#else
    uint64_t result = 0, bit = 1;

    for (; mask != 0; mask &= mask - 1, bit <<= 1) {
        if (x & mask & (0 - mask))
            result |= bit;
    }
    return result;
#endif
}

/* Scatters the low bits of x over the set bits of mask, lowest first. */
MBB_FN uint64_t mbb_pdep64(uint64_t x, uint64_t mask)
{
#if defined(MBB_HAVE_BMI2) && defined(MBB_MSVC)
    return _pdep_u64(x, mask);
#elif defined(MBB_HAVE_BMI2)
    return __builtin_ia32_pdep_di(x, mask);
#else
    uint64_t result = 0, bit = 1;

    for (; mask != 0; mask &= mask - 1, bit <<= 1) {
        if (x & bit)
            result |= mask & (0 - mask);
    }
    return result;
#endif
}

/* Reverses the bytes: rank 1 becomes rank 8 and so on. */
MBB_FN uint64_t mbb_bswap64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(x);
#elif defined(MBB_MSVC)
    return _byteswap_uint64(x);
#else
    x = (x >> 32) | (x << 32);
    x = ((x & 0xffff0000ffff0000u) >> 16) | ((x & 0x0000ffff0000ffffu) << 16);
    return ((x & 0xff00ff00ff00ff00u) >> 8) | ((x & 0x00ff00ff00ff00ffu) << 8);
#endif
}

/* Reverses the bits: square n becomes square 63 - n (rank 1 becomes rank
 * 8 and file a file h).  The instruction where there is one. */
MBB_FN uint64_t mbb_bitrev64(uint64_t x)
{
#if defined(MBB_HAVE_BITREV) && defined(__aarch64__)
    __asm__("rbit %0, %1" : "=r"(x) : "r"(x));
    return x;
#elif defined(MBB_HAVE_BITREV) && defined(__arm__)
    uint32_t low = MBB_CAST(uint32_t, x), high = MBB_CAST(uint32_t, x >> 32);

    __asm__("rbit %0, %1" : "=r"(low) : "r"(low));
    __asm__("rbit %0, %1" : "=r"(high) : "r"(high));
    return MBB_CAST(uint64_t, low) << 32 | high;
#elif defined(MBB_HAVE_BITREV) && defined(__riscv) && __riscv_xlen == 64
    __asm__("rev8 %0, %1" : "=r"(x) : "r"(x));
    __asm__("brev8 %0, %1" : "=r"(x) : "r"(x));
    return x;
#elif defined(MBB_HAVE_BITREV) && defined(__riscv)
    uint32_t low = MBB_CAST(uint32_t, x), high = MBB_CAST(uint32_t, x >> 32);

    __asm__("rev8 %0, %1" : "=r"(low) : "r"(low));
    __asm__("brev8 %0, %1" : "=r"(low) : "r"(low));
    __asm__("rev8 %0, %1" : "=r"(high) : "r"(high));
    __asm__("brev8 %0, %1" : "=r"(high) : "r"(high));
    return MBB_CAST(uint64_t, low) << 32 | high;
#elif defined(MBB_HAVE_BITREV) && defined(__loongarch64)
    __asm__("bitrev.d %0, %1" : "=r"(x) : "r"(x));
    return x;
#else
    x = mbb_bswap64(x);
    x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fu) | ((x & 0x0f0f0f0f0f0f0f0fu) << 4);
    x = ((x >> 2) & 0x3333333333333333u) | ((x & 0x3333333333333333u) << 2);
    return ((x >> 1) & 0x5555555555555555u) | ((x & 0x5555555555555555u) << 1);
#endif
}

/* The highest set bit of x (not 0), isolated: a count of leading zeros. */
MBB_FN uint64_t mbb_highest_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return UINT64_C(1) << 63 >> __builtin_clzll(x);
#elif defined(MBB_MSVC) && defined(_M_X64)
    unsigned long highest;

    _BitScanReverse64(&highest, x);
    return UINT64_C(1) << highest;
#else
    x |= x >> 1, x |= x >> 2, x |= x >> 4, x |= x >> 8, x |= x >> 16, x |= x >> 32;
    return x ^ x >> 1;
#endif
}

/* The square of x's lowest set bit (x not 0): a count of trailing
 * zeros, or where the compiler has none, the lowest bit times a de
 * Bruijn sequence (0x022fdd63cc95386d: each 6-bit window of its 64
 * rotations appears once), its top six bits looked up. */
MBB_FN unsigned mbb_lowest_square(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return MBB_CAST(unsigned, __builtin_ctzll(x));
#elif defined(MBB_MSVC) && defined(_M_X64)
    unsigned long lowest;

    _BitScanForward64(&lowest, x);
    return MBB_CAST(unsigned, lowest);
#else
    static const unsigned char square_of[64] = {
        0,  1,  2,  53, 3,  7,  54, 27, 4,  38, 41, 8,  34, 55, 48, 28, 62, 5,  39, 46, 44, 42,
        22, 9,  24, 35, 59, 56, 49, 18, 29, 11, 63, 52, 6,  26, 37, 40, 33, 47, 61, 45, 43, 21,
        23, 58, 17, 10, 51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12,
    };

    return square_of[((x & (0 - x)) * UINT64_C(0x022fdd63cc95386d)) >> 58];
#endif
}

/* The number of zeros above x's highest set bit (x not 0): a count of
 * leading zeros, or 63 less the lowest square of the highest bit. */
MBB_FN unsigned mbb_leading_zeros(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return MBB_CAST(unsigned, __builtin_clzll(x));
#elif defined(MBB_MSVC) && defined(_M_X64)
    unsigned long highest;

    _BitScanReverse64(&highest, x);
    return 63 ^ MBB_CAST(unsigned, highest);
#else
    return 63 - mbb_lowest_square(mbb_highest_bit(x));
#endif
}

/* x, kept in a general register (an empty asm, under clang): a computed
 * flavour's line goes through it so that clang does not pack the four
 * lines into vectors, where without AVX-512 it emulates a count of
 * leading zeros in some 30 instructions (llvm-mca, Zen 3: 43 cycles a
 * queen for obstruction, 20 without). */
MBB_FN uint64_t mbb_scalar(uint64_t x)
{
#if defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

#endif /* MAGICBB_BITS_H */
