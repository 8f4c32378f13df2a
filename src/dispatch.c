/* SPDX-License-Identifier: MIT */
/* dispatch.c - one flavour's slider functions inside a dispatch library
 * (--with-tables=dispatch).  Built once for each of the library's
 * flavours, with -DMBB_IMPL=NAME and -DMBB_IMPL_HEADER='"magicbb/NAME.h"'
 * (and the flags of its instruction set, isa.def): the functions are
 * mbb_NAME_impl_rook and so on, which lookup.c picks from when the
 * dynamic loader resolves the exported functions.  Built with
 * MBB_DEBUG (--enable-debug), each traps on a square past h8, as the
 * inline lookups of a one-flavour library do. */
#include <stddef.h>
#include <stdint.h>

#include "magicbb.h"
#include MBB_IMPL_HEADER
#include "magicbb/sets.h"
#include "registry.h"

#define MBB_CAT3_(a, b, c) a##b##c
#define MBB_CAT3(a, b, c) MBB_CAT3_(a, b, c)
#define MBB_STR_(x) #x
#define MBB_STR(x) MBB_STR_(x)
#define IMPL(what) MBB_CAT3(mbb_, MBB_IMPL, _impl_##what)
#define LOOKUP(what) MBB_CAT3(mbb_, MBB_IMPL, _##what##_attacks)

/* This flavour's calls under the names of registry.h's list: the
 * lookups (each trapping on a square past h8 in a debug build), both
 * sliders of a square and the set attacks (magicbb/sets.h). */
MBB_FN uint64_t rook(unsigned sq, uint64_t occupied)
{
    MBB_REQUIRE(sq < 64);
    return LOOKUP(rook)(sq, occupied);
}

MBB_FN uint64_t bishop(unsigned sq, uint64_t occupied)
{
    MBB_REQUIRE(sq < 64);
    return LOOKUP(bishop)(sq, occupied);
}

MBB_FN uint64_t queen(unsigned sq, uint64_t occupied)
{
    MBB_REQUIRE(sq < 64);
    return LOOKUP(queen)(sq, occupied);
}

MBB_DEFINE_SETS(both, rook_set, bishop_set, queen_set, LOOKUP(rook), LOOKUP(bishop), LOOKUP(queen))

MBB_FN const char *flavour(void)
{
    return MBB_STR(MBB_IMPL);
}

MBB_FN size_t table_bytes(void)
{
    return MBB_CAT3(mbb_, MBB_IMPL, _table_bytes);
}

/* mbb_NAME_impl_what, for src/lookup.c to pick from. */
#define DEFINE(what, type, name, parameters, arguments)                                            \
    type IMPL(what) parameters;                                                                    \
    type IMPL(what) parameters                                                                     \
    {                                                                                              \
        return what arguments;                                                                     \
    }
MBB_SLIDER_CALLS(DEFINE)
