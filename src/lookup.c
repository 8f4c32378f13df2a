/* SPDX-License-Identifier: MIT */
/* lookup.c - the exported lookups.  Each one is the inline version of
 * <magicbb_inline.h>, so the two cannot give different answers.  No libc,
 * no state: everything read here is a const table from the generated
 * tables.c. */
#include "magicbb.h"
#include "magicbb_inline.h"

#if !MBB_INLINE_SLIDERS
#error "a BMI2 flavour's library must be compiled for BMI2 (-mbmi2)"
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

const char *mbb_flavour(void)
{
    return MBB_FLAVOUR_NAME;
}

size_t mbb_table_bytes(void)
{
    return MBB_FLAVOUR_TABLE_BYTES;
}

const char *mbb_version(void)
{
    return MBB_PACKAGE_VERSION;
}
