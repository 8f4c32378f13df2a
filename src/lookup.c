/* SPDX-License-Identifier: MIT */
/* lookup.c - the exported lookups.  Each one is the inline version of
 * <magicbb_inline.h>, so the two cannot give different answers.  No libc,
 * no state: everything read here is a const table from the generated
 * tables.c. */
#include "magicbb.h"
#include "magicbb_inline.h"
#include "registry.h"

#if MBB_FLAVOUR_DISPATCH
/* ---- A dispatch library: of its flavours (--with-dispatch, in
 * src/dispatch-list.h), the first whose instructions the CPU runs at full
 * speed, picked once per process by the dynamic loader (GNU ifunc).  No
 * init function, nothing writable. */

/* runs_well_SET(): the CPU has the set's instructions and runs them at
 * full speed (isa.def's probe and slow fields). */
#define MBB_ISA(name, macro, flags, probe, slow, description)                                      \
    static inline int runs_well_##name(void)                                                       \
    {                                                                                              \
        return (probe) && !(slow);                                                                 \
    }
#include "isa.def"
#undef MBB_ISA

/* Each call's type, what_fn (registry.h's list). */
#define CALL_TYPE(what, type, name, parameters, arguments) typedef type what##_fn parameters;
MBB_SLIDER_CALLS(CALL_TYPE)

#include "dispatch-list.h"

/* Each flavour's functions, built by src/dispatch.c. */
#define DECLARE(name, isa, what) what##_fn mbb_##name##_impl_##what;
#define DECLARE_CALL(what, type, name, parameters, arguments) MBB_DISPATCH_EACH(DECLARE, what)
MBB_SLIDER_CALLS(DECLARE_CALL)

/* Each call resolved (GNU ifunc) by resolve_what: the first flavour that
 * runs well here; the last needs nothing beyond C, so one always does.
 * (__builtin_cpu_init: a resolver runs before the constructors that would
 * set up the compiler's CPU model.  used: only the ifunc attributes name
 * it, which clang does not count.) */
#define TAKE(name, isa, what)                                                                      \
    if (runs_well_##isa())                                                                         \
        return mbb_##name##_impl_##what;
#define RESOLVED(what, type, name, parameters, arguments)                                          \
    static __attribute__((used)) what##_fn *resolve_##what(void)                                   \
    {                                                                                              \
        __builtin_cpu_init();                                                                      \
        MBB_DISPATCH_EACH(TAKE, what)                                                              \
        return 0;                                                                                  \
    }                                                                                              \
    type name parameters __attribute__((ifunc("resolve_" #what)));
MBB_SLIDER_CALLS(RESOLVED)

#else
/* ---- One flavour: magicbb_config.h stops the build where the library is
 * not compiled for its instructions.  Each call of registry.h's list is
 * its inline version. */

#define DEFINE(what, type, name, parameters, arguments)                                            \
    type name parameters                                                                           \
    {                                                                                              \
        return name##_inline arguments;                                                            \
    }
MBB_SLIDER_CALLS(DEFINE)
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
