/* SPDX-License-Identifier: MIT */
/* white.c - the generator's steps for white (include/magicbb/white.h).  The
 * narrow search keeps, per square, the magic whose indices end lowest;
 * the packer then overlaps the slices.  A magics file gives each slice's
 * offset, as for black. */
#include "flavour_unit.h"
#include "magicbb/white.h"

GEN_FIXED_SHIFT_ENTRY(white)
GEN_COMMON_SHAPE(white, 1)

const struct gen_flavour gen_flavour_white = {
    GEN_REGISTERED(white),
    .layout = LAYOUT_PACKED,
    .narrow = 1,
    .runs_candidates = 1,
    .product = 64,
    .fixed = { MBB_ROOK_FIXED_BITS, MBB_BISHOP_FIXED_BITS },
    .index = white_index,
    .fill = white_fill,
    .encode = white_encode,
    .lookup = white_lookup,
    .emit = white_emit,
    .release = release_encoded,
};
