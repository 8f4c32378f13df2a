/* SPDX-License-Identifier: MIT */
/* lookup.c - the exported lookups.  Each one is the inline version of
 * <magicbb_inline.h>, so the two cannot give different answers.  No libc,
 * no state: everything read here is a const table from the generated
 * tables.c. */
#include "magicbb.h"
#include "magicbb_inline.h"

#if MBB_FLAVOUR_DISPATCH
/* ---- A dispatch library: of its flavours (--with-dispatch, in
 * src/dispatch-list.h), the first whose instructions the CPU runs at full
 * speed, picked once per process by the dynamic loader (GNU ifunc).  No
 * init function, nothing writable. */
#include "registry.h"

/* runs_well_SET(): the CPU has the set's instructions and runs them at
 * full speed (isa.def's probe and slow fields). */
#define MBB_ISA(name, macro, flags, probe, slow, description)                                      \
    static inline int runs_well_##name(void)                                                       \
    {                                                                                              \
        return (probe) && !(slow);                                                                 \
    }
#include "isa.def"
#undef MBB_ISA

typedef uint64_t slider_fn(unsigned, uint64_t);
typedef struct mbb_both both_fn(unsigned, uint64_t);
typedef uint64_t set_fn(uint64_t, uint64_t);
typedef const char *name_fn(void);
typedef size_t size_fn(void);

#include "dispatch-list.h"

/* Each flavour's functions, built by src/dispatch.c. */
#define DECLARE(name, isa, unused)                                                                 \
    slider_fn mbb_##name##_impl_rook, mbb_##name##_impl_bishop, mbb_##name##_impl_queen;           \
    both_fn mbb_##name##_impl_both;                                                                \
    set_fn mbb_##name##_impl_rook_set, mbb_##name##_impl_bishop_set, mbb_##name##_impl_queen_set;  \
    name_fn mbb_##name##_impl_flavour;                                                             \
    size_fn mbb_##name##_impl_table_bytes;
MBB_DISPATCH_EACH(DECLARE, unused)

/* The resolver of function `what` of type `type`: the first flavour that
 * runs well here; the last needs nothing beyond C, so one always does.
 * (__builtin_cpu_init: a resolver runs before the constructors that would
 * set up the compiler's CPU model.  used: only the ifunc attributes name
 * it, which clang does not count.) */
#define TAKE(name, isa, what)                                                                      \
    if (runs_well_##isa())                                                                         \
        return mbb_##name##_impl_##what;
#define RESOLVER(type, what)                                                                       \
    static __attribute__((used)) type *resolve_##what(void)                                        \
    {                                                                                              \
        __builtin_cpu_init();                                                                      \
        MBB_DISPATCH_EACH(TAKE, what)                                                              \
        return 0;                                                                                  \
    }
RESOLVER(slider_fn, rook)
RESOLVER(slider_fn, bishop)
RESOLVER(slider_fn, queen)
RESOLVER(both_fn, both)
RESOLVER(set_fn, rook_set)
RESOLVER(set_fn, bishop_set)
RESOLVER(set_fn, queen_set)
RESOLVER(name_fn, flavour)
RESOLVER(size_fn, table_bytes)

uint64_t mbb_rook_attacks(unsigned sq, uint64_t occupied) __attribute__((ifunc("resolve_rook")));
uint64_t mbb_bishop_attacks(unsigned sq, uint64_t occupied)
    __attribute__((ifunc("resolve_bishop")));
uint64_t mbb_queen_attacks(unsigned sq, uint64_t occupied) __attribute__((ifunc("resolve_queen")));
struct mbb_both mbb_both_attacks(unsigned sq, uint64_t occupied)
    __attribute__((ifunc("resolve_both")));
uint64_t mbb_rook_attacks_set(uint64_t pieces, uint64_t occupied)
    __attribute__((ifunc("resolve_rook_set")));
uint64_t mbb_bishop_attacks_set(uint64_t pieces, uint64_t occupied)
    __attribute__((ifunc("resolve_bishop_set")));
uint64_t mbb_queen_attacks_set(uint64_t pieces, uint64_t occupied)
    __attribute__((ifunc("resolve_queen_set")));
const char *mbb_flavour(void) __attribute__((ifunc("resolve_flavour")));
size_t mbb_table_bytes(void) __attribute__((ifunc("resolve_table_bytes")));

#else
/* ---- One flavour: magicbb_config.h stops the build where the library is
 * not compiled for its instructions. */

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

struct mbb_both mbb_both_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_both_attacks_inline(sq, occupied);
}

uint64_t mbb_rook_attacks_set(uint64_t pieces, uint64_t occupied)
{
    return mbb_rook_attacks_set_inline(pieces, occupied);
}

uint64_t mbb_bishop_attacks_set(uint64_t pieces, uint64_t occupied)
{
    return mbb_bishop_attacks_set_inline(pieces, occupied);
}

uint64_t mbb_queen_attacks_set(uint64_t pieces, uint64_t occupied)
{
    return mbb_queen_attacks_set_inline(pieces, occupied);
}

const char *mbb_flavour(void)
{
    return MBB_FLAVOUR_NAME;
}

size_t mbb_table_bytes(void)
{
    return MBB_INLINE_TABLE_BYTES;
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

uint64_t mbb_pawn_attacks_set(unsigned color, uint64_t pawns)
{
    return mbb_pawn_attacks_set_inline(color, pawns);
}

uint64_t mbb_knight_attacks_set(uint64_t pieces)
{
    return mbb_knight_attacks_set_inline(pieces);
}

uint64_t mbb_king_attacks_set(uint64_t pieces)
{
    return mbb_king_attacks_set_inline(pieces);
}

uint64_t mbb_ray_pass(unsigned a, unsigned b)
{
    return mbb_ray_pass_inline(a, b);
}

uint64_t mbb_nearest(unsigned sq, uint64_t occupied)
{
    return mbb_nearest_inline(sq, occupied);
}

uint64_t mbb_between(unsigned a, unsigned b)
{
    return mbb_between_inline(a, b);
}

uint64_t mbb_line(unsigned a, unsigned b)
{
    return mbb_line_inline(a, b);
}

uint64_t mbb_segment(unsigned a, unsigned b)
{
    return mbb_segment_inline(a, b);
}

int mbb_aligned(unsigned a, unsigned b, unsigned c)
{
    return mbb_aligned_inline(a, b, c);
}

const char *mbb_version(void)
{
    return MBB_PACKAGE_VERSION;
}
