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

#define MBB_CAT3_(a, b, c) a##b##c
#define MBB_CAT3(a, b, c) MBB_CAT3_(a, b, c)
#define MBB_STR_(x) #x
#define MBB_STR(x) MBB_STR_(x)
#define IMPL(what) MBB_CAT3(mbb_, MBB_IMPL, _impl_##what)
#define LOOKUP(what) MBB_CAT3(mbb_, MBB_IMPL, _##what##_attacks)

uint64_t IMPL(rook)(unsigned sq, uint64_t occupied);
uint64_t IMPL(bishop)(unsigned sq, uint64_t occupied);
uint64_t IMPL(queen)(unsigned sq, uint64_t occupied);
const char *IMPL(flavour)(void);
size_t IMPL(table_bytes)(void);
struct mbb_both IMPL(both)(unsigned sq, uint64_t occupied);
uint64_t IMPL(rook_set)(uint64_t pieces, uint64_t occupied);
uint64_t IMPL(bishop_set)(uint64_t pieces, uint64_t occupied);
uint64_t IMPL(queen_set)(uint64_t pieces, uint64_t occupied);

/* Both sliders of a square and the set attacks (magicbb/sets.h) on this
 * flavour's lookups. */
MBB_DEFINE_SETS(both, rook_set, bishop_set, queen_set, LOOKUP(rook), LOOKUP(bishop), LOOKUP(queen))

struct mbb_both IMPL(both)(unsigned sq, uint64_t occupied)
{
    return both(sq, occupied);
}

uint64_t IMPL(rook_set)(uint64_t pieces, uint64_t occupied)
{
    return rook_set(pieces, occupied);
}

uint64_t IMPL(bishop_set)(uint64_t pieces, uint64_t occupied)
{
    return bishop_set(pieces, occupied);
}

uint64_t IMPL(queen_set)(uint64_t pieces, uint64_t occupied)
{
    return queen_set(pieces, occupied);
}

uint64_t IMPL(rook)(unsigned sq, uint64_t occupied)
{
    MBB_REQUIRE(sq < 64);
    return LOOKUP(rook)(sq, occupied);
}

uint64_t IMPL(bishop)(unsigned sq, uint64_t occupied)
{
    MBB_REQUIRE(sq < 64);
    return LOOKUP(bishop)(sq, occupied);
}

uint64_t IMPL(queen)(unsigned sq, uint64_t occupied)
{
    MBB_REQUIRE(sq < 64);
    return LOOKUP(queen)(sq, occupied);
}

const char *IMPL(flavour)(void)
{
    return MBB_STR(MBB_IMPL);
}

size_t IMPL(table_bytes)(void)
{
    return MBB_CAT3(mbb_, MBB_IMPL, _table_bytes);
}
