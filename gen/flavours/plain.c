/* SPDX-License-Identifier: MIT */
/* plain.c - the generator's steps for plain (include/magicbb/plain.h). */
#include "flavour_unit.h"
#include "magicbb/plain.h"

GEN_FIXED_SHIFT_ENTRY(plain)
GEN_COMMON_SHAPE(plain, 1)

const struct gen_flavour gen_flavour_plain = {
    GEN_REGISTERED(plain),       .product = 64,
    .layout = LAYOUT_SEQUENTIAL, .fixed = { MBB_ROOK_FIXED_BITS, MBB_BISHOP_FIXED_BITS },
    .index = plain_index,        .fill = plain_fill,
    .encode = plain_encode,      .lookup = plain_lookup,
    .emit = plain_emit,          .release = release_encoded,
};
