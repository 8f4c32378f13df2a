/* SPDX-License-Identifier: MIT */
/* magicbb/common.h - what every flavour's unit (magicbb/NAME.h) uses: bit
 * tools and the fixed index widths.  Portable C99, <stdint.h> only.
 *
 * Each unit defines, for flavour NAME, the same interface:
 *   struct mbb_NAME_tables    pointers to a set of its tables, so the
 *                             generator and the probes can read tables
 *                             they hold in memory;
 *   mbb_NAME_rook_in(t, sq, occupied), mbb_NAME_bishop_in(...)
 *                             lookups in such a set;
 *   mbb_NAME_rook_attacks(sq, occupied), mbb_NAME_bishop_attacks(...),
 *   mbb_NAME_queen_attacks(...)
 *                             the same lookups in the library's constant
 *                             tables, declared there (mbb_NAME_... names,
 *                             so a program built for one flavour does not
 *                             link against another); the queen's may
 *                             share work between the two;
 *   mbb_NAME_table_bytes      the bytes of those tables;
 *   mbb_NAME_slider_bytes(slots, sets, &at_most)
 *                             what the layout must take, from the number
 *                             of slots a table with one slot per relevant
 *                             occupancy has and of distinct attack sets,
 *                             for tests; at_most is set to 1 where that
 *                             is a bound (fewer-bit magics, overlapping
 *                             or shared slices take less), else 0.
 * Entries are indexed by square; most are padded to 16 or 32 bytes so
 * that finding one takes a single shift, and the table flavours keep a
 * square's rook and bishop entries in one record (MBB_COMMON_SHAPE). */
#ifndef MAGICBB_COMMON_H
#define MAGICBB_COMMON_H

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

/* The preconditions of the public functions (sq < 64, color < 2): code
 * compiled with MBB_DEBUG (configure --enable-debug) traps where one
 * fails, in every build, a dispatch library's included. */
#if defined(MBB_DEBUG) && (defined(__GNUC__) || defined(__clang__))
#define MBB_REQUIRE(cond) do { if (!(cond)) __builtin_trap(); } while (0)
#else
#define MBB_REQUIRE(cond) ((void)0)
#endif

/* Index bits of the fixed-width flavours (plain, black). */
#define MBB_ROOK_FIXED_BITS   12
#define MBB_BISHOP_FIXED_BITS 9

/* The instructions a flavour's lookups may need (the registry's isa
 * field): MBB_HAVE_<MACRO> of magicbb/isa.def is defined to 1 where the
 * including code is compiled for them.  Without them the lookups fall
 * back to plain C that computes the same (the generator, built for the
 * build machine, always does). */
#define MBB_ISA_DETECT
#include "isa.def"
#undef MBB_ISA_DETECT

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

/* Gathers the bits of x selected by mask into the low bits, lowest first:
 * the BMI2 instruction where the code is built for it, plain C elsewhere
 * (the generator always uses the plain C, so it needs no BMI2). */
static inline uint64_t mbb_pext64(uint64_t x, uint64_t mask)
{
#ifdef MBB_HAVE_BMI2
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
static inline uint64_t mbb_pdep64(uint64_t x, uint64_t mask)
{
#ifdef MBB_HAVE_BMI2
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
static inline uint64_t mbb_bswap64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(x);
#else
    x = (x >> 32) | (x << 32);
    x = ((x & 0xffff0000ffff0000u) >> 16) | ((x & 0x0000ffff0000ffffu) << 16);
    return ((x & 0xff00ff00ff00ff00u) >> 8) | ((x & 0x00ff00ff00ff00ffu) << 8);
#endif
}

/* Reverses the bits: square n becomes square 63 - n (rank 1 becomes rank
 * 8 and file a file h).  The instruction where there is one. */
static inline uint64_t mbb_bitrev64(uint64_t x)
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
static inline uint64_t mbb_highest_bit(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return UINT64_C(1) << 63 >> __builtin_clzll(x);
#else
    x |= x >> 1, x |= x >> 2, x |= x >> 4, x |= x >> 8, x |= x >> 16, x |= x >> 32;
    return x ^ x >> 1;
#endif
}

/* x, kept in a general register (an empty asm, under clang): a computed
 * flavour's line goes through it so that clang does not pack the four
 * lines into vectors, where without AVX-512 it emulates a count of
 * leading zeros in some 30 instructions (llvm-mca, Zen 3: 43 cycles a
 * queen for obstruction, 20 without). */
static inline uint64_t mbb_scalar(uint64_t x)
{
#if defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* Hyperbola quintessence along one line through the slider, bit r (line
 * is the line's mask without r).  With o the line's occupied squares,
 * o - r flips r and the squares above it up to the first blocker, which
 * it includes; on the reversed line the same flips r and those below it.
 * XORed, o and r cancel and the two runs remain: the attacks.  rev
 * reverses the line's squares (a byte swap for lines with one square a
 * rank, a bit reverse for any line); r_reversed is rev(r). */
#define MBB_HYPERBOLA(rev, occupied, line, r, r_reversed)                                    \
    ((((occupied) & (line)) - (r)) ^ rev(rev((occupied) & (line)) - (r_reversed))) & (line)

static inline uint64_t mbb_hyperbola_swapped(uint64_t occupied, uint64_t line, uint64_t r,
                                             uint64_t r_swapped)
{
    return MBB_HYPERBOLA(mbb_bswap64, occupied, line, r, r_swapped);
}

static inline uint64_t mbb_hyperbola_reversed(uint64_t occupied, uint64_t line, uint64_t r,
                                              uint64_t r_reversed)
{
    return MBB_HYPERBOLA(mbb_bitrev64, occupied, line, r, r_reversed);
}

/* A rook's attacks along its rank, from a 512-byte table of the first
 * rank's, rank[inner * 8 + file] (inner: the six inner squares' bits).
 * The inner squares shifted down to bits 1-6 are inner * 2, so
 * (inner * 2) * 4 + file is the index. */
static inline uint64_t mbb_rank_attacks_from(const uint8_t *rank, unsigned sq, uint64_t occupied)
{
    const unsigned shift = sq & 56;

    return MBB_CAST(uint64_t, rank[(MBB_CAST(unsigned, occupied >> shift) & 0x7e) * 4 + (sq & 7)]) << shift;
}

/* attacks[offset + index], the slot `index` of the slice that starts at
 * `offset`.  On 64-bit targets the slice's start is computed first, while
 * the index is still being multiplied or gathered, so the load waits for
 * the index alone (one addressing mode, start + index * 8); left to
 * themselves, compilers add the offset to the index instead, which puts
 * the add on the lookup's dependent chain, and the empty asm keeps the
 * sum as written.  Not on 32-bit targets: there it costs registers, and
 * on the Cortex-M4 model the lookups got slower (make bench-model). */
static inline uint64_t mbb_slot(const uint64_t *attacks, size_t offset, size_t index)
{
#if (defined(__GNUC__) || defined(__clang__)) && UINTPTR_MAX > 0xffffffffu
    const uint64_t *slice = attacks + offset;

    __asm__("" : "+r"(slice));
    return slice[index];
#else
    return attacks[offset + index];
#endif
}

/* Slots of a fixed-shift table with every slice at full width:
 * 64 x 4096 + 64 x 512. */
#define MBB_FIXED_SHIFT_SLOTS                                                                 \
    ((MBB_CAST(size_t, 64) << MBB_ROOK_FIXED_BITS) + (MBB_CAST(size_t, 64) << MBB_BISHOP_FIXED_BITS))

/* The entry, index and lookup of a fixed-shift flavour whose entry keeps
 * its slice's offset (plain, white): mask, magic and offset, padded to 32
 * bytes; the index is the product's top `bits` bits. */
#define MBB_FIXED_SHIFT_ENTRY(name)                                                           \
    struct mbb_##name##_entry {                                                               \
        uint64_t mask;        /* relevant occupancy */                                        \
        uint64_t magic;                                                                       \
        uint32_t offset;      /* first slot of the square's slice */                          \
        uint32_t reserved[3]; /* 0: pads the entry to 32 bytes */                             \
    };                                                                                        \
    static inline uint32_t mbb_##name##_index(const struct mbb_##name##_entry *e,            \
                                              uint64_t occupied, unsigned bits)               \
    {                                                                                         \
        return MBB_CAST(uint32_t, ((occupied & e->mask) * e->magic) >> (64 - bits));                  \
    }                                                                                         \
    static inline uint64_t mbb_##name##_lookup(const struct mbb_##name##_entry *e,           \
                                               const uint64_t *attacks, uint64_t occupied,    \
                                               unsigned bits)                                 \
    {                                                                                         \
        return mbb_slot(attacks, e->offset, mbb_##name##_index(e, occupied, bits));           \
    }

/* The interface for a table-free flavour whose square has one record,
 * struct mbb_NAME_square, of its four lines ([0] the file, [1] the rank,
 * [2] the diagonal, [3] the antidiagonal), from the unit's own
 *     uint64_t mbb_NAME_prepare(uint64_t occupied)
 *     uint64_t mbb_NAME_line(const struct mbb_NAME_square *s, unsigned i,
 *                            uint64_t prepared)
 * the occupancy as the lines want it, once a lookup, and the attacks
 * along line i.  Defines struct mbb_NAME_tables and the lookups, and
 * declares the library's records; the queen's does all four lines from
 * one record and one prepared occupancy. */
#define MBB_FOUR_LINES_SHAPE(name)                                                            \
    struct mbb_##name##_tables {                                                              \
        const struct mbb_##name##_square *squares;                                            \
    };                                                                                        \
    static inline uint64_t mbb_##name##_rook(const struct mbb_##name##_square *s,             \
                                             uint64_t occupied)                               \
    {                                                                                         \
        const uint64_t o = mbb_##name##_prepare(occupied);                                    \
        return mbb_##name##_line(s, 0, o) | mbb_##name##_line(s, 1, o);                       \
    }                                                                                         \
    static inline uint64_t mbb_##name##_bishop(const struct mbb_##name##_square *s,           \
                                               uint64_t occupied)                             \
    {                                                                                         \
        const uint64_t o = mbb_##name##_prepare(occupied);                                    \
        return mbb_##name##_line(s, 2, o) | mbb_##name##_line(s, 3, o);                       \
    }                                                                                         \
    static inline uint64_t mbb_##name##_rook_in(const struct mbb_##name##_tables *t,          \
                                                unsigned sq, uint64_t occupied)               \
    {                                                                                         \
        return mbb_##name##_rook(&t->squares[sq], occupied);                                  \
    }                                                                                         \
    static inline uint64_t mbb_##name##_bishop_in(const struct mbb_##name##_tables *t,        \
                                                  unsigned sq, uint64_t occupied)             \
    {                                                                                         \
        return mbb_##name##_bishop(&t->squares[sq], occupied);                                \
    }                                                                                         \
    extern const struct mbb_##name##_square mbb_##name##_squares[64];                        \
    extern const uint32_t mbb_##name##_table_bytes;                                           \
    static inline uint64_t mbb_##name##_rook_attacks(unsigned sq, uint64_t occupied)          \
    {                                                                                         \
        return mbb_##name##_rook(&mbb_##name##_squares[sq], occupied);                        \
    }                                                                                         \
    static inline uint64_t mbb_##name##_bishop_attacks(unsigned sq, uint64_t occupied)        \
    {                                                                                         \
        return mbb_##name##_bishop(&mbb_##name##_squares[sq], occupied);                      \
    }                                                                                         \
    static inline uint64_t mbb_##name##_queen_attacks(unsigned sq, uint64_t occupied)         \
    {                                                                                         \
        const struct mbb_##name##_square *s = &mbb_##name##_squares[sq];                      \
        const uint64_t o = mbb_##name##_prepare(occupied);                                    \
        return mbb_##name##_line(s, 0, o) | mbb_##name##_line(s, 1, o)                        \
               | mbb_##name##_line(s, 2, o) | mbb_##name##_line(s, 3, o);                     \
    }                                                                                         \
    static inline size_t mbb_##name##_slider_bytes(size_t slots, size_t sets, int *at_most)   \
    {                                                                                         \
        (void)slots, (void)sets;                                                              \
        *at_most = 0;                                                                         \
        return 64 * sizeof(struct mbb_##name##_square);                                       \
    }

/* Flavours with a post-mask (shared, shiftmagic): the squares whose
 * slices are one, each group's first square holding its offset.  Rooks
 * on diagonal neighbours pair up (a1 with b2, b1 with a2: two pairs in
 * each 2x2 block); bishops go by four in a row of a rank (a-d, e-h). */
static inline unsigned mbb_postmask_rook_group(unsigned sq)
{
    return sq < (sq ^ 9u) ? sq : sq ^ 9u;
}

static inline unsigned mbb_postmask_bishop_group(unsigned sq)
{
    return sq & ~3u;
}

/* A square's record aligned to `bytes`: the common shape aligns it to its
 * own size, so that it never straddles a cache line (64 bytes, two 32-byte
 * entries, is one line). */
#if defined(__GNUC__) || defined(__clang__)
#define MBB_RECORD_ALIGNED(bytes) __attribute__((aligned(bytes)))
#else
#define MBB_RECORD_ALIGNED(bytes)
#endif

/* The interface for a flavour of the common shape: one record a square,
 * struct mbb_NAME_square, holding the rook's and the bishop's struct
 * mbb_NAME_entry side by side (a queen's lookup reads one cache line of
 * them, not two, which counts where other reads keep evicting them), one
 * attack table of attack_type, mbb_NAME_attacks, and the unit's own
 *     uint64_t mbb_NAME_lookup(const struct mbb_NAME_entry *e,
 *                              const attack_type *attacks,
 *                              uint64_t occupied, unsigned bits)
 * where bits is the piece's fixed number of index bits (rook_bits,
 * bishop_bits; 0 for flavours whose entries have their own).  Defines
 * struct mbb_NAME_square, struct mbb_NAME_tables and the lookups, and
 * declares the library's tables. */
#define MBB_COMMON_SHAPE(name, attack_type, rook_bits, bishop_bits)                           \
    struct mbb_##name##_square {                                                              \
        struct mbb_##name##_entry rook, bishop;                                               \
    } MBB_RECORD_ALIGNED(2 * sizeof(struct mbb_##name##_entry));                             \
    struct mbb_##name##_tables {                                                              \
        const struct mbb_##name##_square *squares;                                            \
        const attack_type *attacks;                                                           \
    };                                                                                        \
    static inline uint64_t mbb_##name##_rook_in(const struct mbb_##name##_tables *t,          \
                                                unsigned sq, uint64_t occupied)               \
    {                                                                                         \
        return mbb_##name##_lookup(&t->squares[sq].rook, t->attacks, occupied, rook_bits);    \
    }                                                                                         \
    static inline uint64_t mbb_##name##_bishop_in(const struct mbb_##name##_tables *t,        \
                                                  unsigned sq, uint64_t occupied)             \
    {                                                                                         \
        return mbb_##name##_lookup(&t->squares[sq].bishop, t->attacks, occupied, bishop_bits); \
    }                                                                                         \
    extern const struct mbb_##name##_square mbb_##name##_squares[64];                        \
    extern const attack_type mbb_##name##_attacks[];                                          \
    extern const uint32_t mbb_##name##_table_bytes;                                           \
    static inline uint64_t mbb_##name##_rook_attacks(unsigned sq, uint64_t occupied)          \
    {                                                                                         \
        return mbb_##name##_lookup(&mbb_##name##_squares[sq].rook, mbb_##name##_attacks,      \
                                   occupied, rook_bits);                                      \
    }                                                                                         \
    static inline uint64_t mbb_##name##_bishop_attacks(unsigned sq, uint64_t occupied)        \
    {                                                                                         \
        return mbb_##name##_lookup(&mbb_##name##_squares[sq].bishop, mbb_##name##_attacks,    \
                                   occupied, bishop_bits);                                    \
    }                                                                                         \
    static inline uint64_t mbb_##name##_queen_attacks(unsigned sq, uint64_t occupied)         \
    {                                                                                         \
        const struct mbb_##name##_square *s = &mbb_##name##_squares[sq];                      \
        return mbb_##name##_lookup(&s->rook, mbb_##name##_attacks, occupied, rook_bits)       \
               | mbb_##name##_lookup(&s->bishop, mbb_##name##_attacks, occupied, bishop_bits); \
    }

#endif /* MAGICBB_COMMON_H */
