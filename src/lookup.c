/* SPDX-License-Identifier: MIT */
/* lookup.c - the exported lookups.  Each one is the inline version of
 * <magicbb_inline.h>, so the two cannot give different answers.  No libc,
 * no state: everything read here is a const table from the generated
 * tables.c. */
#include "magicbb.h"
#include "magicbb_inline.h"

#if MBB_FLAVOUR_DISPATCH
/* ---- A dispatch library: the fast flavour where the CPU runs it well,
 * the portable one elsewhere, picked once per process by the dynamic
 * loader (GNU ifunc), from CPUID.  No init function, nothing writable. */
#include <cpuid.h>

#define MBB_CAT3_(a, b, c) a##b##c
#define MBB_CAT3(a, b, c) MBB_CAT3_(a, b, c)
#define FAST(what) MBB_CAT3(mbb_, MBB_DISPATCH_FAST, _impl_##what)
#define PORTABLE(what) MBB_CAT3(mbb_, MBB_DISPATCH_PORTABLE, _impl_##what)

typedef uint64_t slider_fn(unsigned, uint64_t);
typedef const char *name_fn(void);
typedef size_t size_fn(void);
slider_fn FAST(rook), FAST(bishop), FAST(queen), PORTABLE(rook), PORTABLE(bishop),
    PORTABLE(queen);
name_fn FAST(flavour), PORTABLE(flavour);
size_fn FAST(table_bytes), PORTABLE(table_bytes);

/* BMI2, and a PEXT that is not microcode (mbb_slow_pext, common.h). */
static int fast_pext(void)
{
    unsigned a, b, c, d;
    int amd;

    if (!__get_cpuid(0, &a, &b, &c, &d) || a < 7)
        return 0;
    amd = b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u; /* "AuthenticAMD" */
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b & (1u << 8)))
        return 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 1;
    return !mbb_slow_pext(amd, mbb_cpu_family(a));
}

static slider_fn *resolve_rook(void) { return fast_pext() ? FAST(rook) : PORTABLE(rook); }
static slider_fn *resolve_bishop(void) { return fast_pext() ? FAST(bishop) : PORTABLE(bishop); }
static slider_fn *resolve_queen(void) { return fast_pext() ? FAST(queen) : PORTABLE(queen); }
static name_fn *resolve_flavour(void) { return fast_pext() ? FAST(flavour) : PORTABLE(flavour); }
static size_fn *resolve_table_bytes(void)
{
    return fast_pext() ? FAST(table_bytes) : PORTABLE(table_bytes);
}

uint64_t mbb_rook_attacks(unsigned sq, uint64_t occupied) __attribute__((ifunc("resolve_rook")));
uint64_t mbb_bishop_attacks(unsigned sq, uint64_t occupied)
    __attribute__((ifunc("resolve_bishop")));
uint64_t mbb_queen_attacks(unsigned sq, uint64_t occupied) __attribute__((ifunc("resolve_queen")));
const char *mbb_flavour(void) __attribute__((ifunc("resolve_flavour")));
size_t mbb_table_bytes(void) __attribute__((ifunc("resolve_table_bytes")));

#else
/* ---- One flavour ------------------------------------------------------ */
#if !MBB_INLINE_SLIDERS
#error "the library must be compiled for the instructions of its flavour (MBB_FLAVOUR_ISA)"
#endif

uint64_t mbb_rook_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_rook_attacks_inline(sq, occupied);
}

uint64_t mbb_bishop_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_bishop_attacks_inline(sq, occupied);
}

uint64_t mbb_queen_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_queen_attacks_inline(sq, occupied);
}

const char *mbb_flavour(void)
{
    return MBB_FLAVOUR_NAME;
}

size_t mbb_table_bytes(void)
{
    return MBB_FLAVOUR_TABLE_BYTES;
}
#endif

uint64_t mbb_knight_attacks(unsigned sq)
{
    return mbb_knight_attacks_inline(sq);
}

uint64_t mbb_king_attacks(unsigned sq)
{
    return mbb_king_attacks_inline(sq);
}

uint64_t mbb_pawn_attacks(unsigned color, unsigned sq)
{
    return mbb_pawn_attacks_inline(color, sq);
}

uint64_t mbb_between(unsigned a, unsigned b)
{
    return mbb_between_inline(a, b);
}

uint64_t mbb_line(unsigned a, unsigned b)
{
    return mbb_line_inline(a, b);
}

const char *mbb_version(void)
{
    return MBB_PACKAGE_VERSION;
}
