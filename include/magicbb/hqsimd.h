/* SPDX-License-Identifier: MIT */
/* magicbb/hqsimd.h - hyperbola quintessence (MBB_HYPERBOLA in shapes.h) in
 * WebAssembly's 128-bit vectors (SIMD128, -msimd128): two lines in the
 * 64-bit lanes of one v128, reversed by one i8x16.swizzle (WebAssembly
 * has no byte swap: clang 14 makes a scalar one 21 shifts, masks and
 * ORs).  The bishop's two diagonals go in one vector, the queen's file
 * in a second one beside them; ranks, whose squares share a byte, come
 * from a 512-byte table of the first rank's attacks, as in hq.  Without
 * SIMD128 the lookups compute the same one line at a time (configure
 * builds the library for it only on wasm32 with SIMD128). */
#ifndef MAGICBB_HQSIMD_H
#define MAGICBB_HQSIMD_H

#include "shapes.h"

#ifdef MBB_HAVE_SIMD128
#include <wasm_simd128.h>
#endif

/* A square's lines, without the square, in lane order: the diagonal, the
 * antidiagonal, the file; and the square's own bit r, the file's
 * neighbour in the second vector, where the line formula gives 0 (as in
 * hqdual). */
struct mbb_hqsimd_entry {
    uint64_t line[4];
};

struct mbb_hqsimd_tables {
    const struct mbb_hqsimd_entry *lines;
    const uint8_t *rank; /* as hq's: [inner * 8 + file] */
};

#ifdef MBB_HAVE_SIMD128
/* Reverses each 64-bit lane's bytes.  An i8x16.swizzle by a constant:
 * V8 makes it one pshufb on x86-64, where the same i8x16.shuffle is
 * matched as a lane reverse and takes six instructions. */
MBB_FN v128_t mbb_hqsimd_swap(v128_t x)
{
    return wasm_i8x16_swizzle(
        x, wasm_i8x16_const(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8));
}

/* The two lines at `lines`, each lane's attacks; r is the square's bit in
 * both lanes. */
MBB_FN v128_t mbb_hqsimd_pair(const uint64_t *lines, v128_t r, uint64_t occupied)
{
    const v128_t m = wasm_v128_load(lines);
    const v128_t o = wasm_v128_and(wasm_i64x2_splat(MBB_CAST(int64_t, occupied)), m);
    const v128_t reverse = wasm_i64x2_sub(mbb_hqsimd_swap(o), mbb_hqsimd_swap(r));

    return wasm_v128_and(wasm_v128_xor(wasm_i64x2_sub(o, r), mbb_hqsimd_swap(reverse)), m);
}

MBB_FN uint64_t mbb_hqsimd_lanes(v128_t a)
{
    return MBB_CAST(uint64_t, wasm_i64x2_extract_lane(a, 0) | wasm_i64x2_extract_lane(a, 1));
}
#endif

MBB_FN uint64_t mbb_hqsimd_bishop(const struct mbb_hqsimd_entry *l, uint64_t occupied)
{
#ifdef MBB_HAVE_SIMD128
    return mbb_hqsimd_lanes(
        mbb_hqsimd_pair(l->line, wasm_v128_load64_splat(&l->line[3]), occupied));
#else
    const uint64_t r = l->line[3], r_swapped = mbb_bswap64(r);

    return mbb_hyperbola_swapped(occupied, l->line[0], r, r_swapped)
           | mbb_hyperbola_swapped(occupied, l->line[1], r, r_swapped);
#endif
}

MBB_FN uint64_t mbb_hqsimd_rook(const struct mbb_hqsimd_entry *l, const uint8_t *rank, unsigned sq,
                                uint64_t occupied)
{
#ifdef MBB_HAVE_SIMD128
    const v128_t a = mbb_hqsimd_pair(l->line + 2, wasm_v128_load64_splat(&l->line[3]), occupied);

    return MBB_CAST(uint64_t, wasm_i64x2_extract_lane(a, 0))
           | mbb_rank_attacks_from(rank, sq, occupied);
#else
    const uint64_t r = l->line[3];

    return mbb_hyperbola_swapped(occupied, l->line[2], r, mbb_bswap64(r))
           | mbb_rank_attacks_from(rank, sq, occupied);
#endif
}

MBB_FN uint64_t mbb_hqsimd_queen(const struct mbb_hqsimd_entry *l, const uint8_t *rank, unsigned sq,
                                 uint64_t occupied)
{
#ifdef MBB_HAVE_SIMD128
    const v128_t r = wasm_v128_load64_splat(&l->line[3]);

    return mbb_hqsimd_lanes(wasm_v128_or(mbb_hqsimd_pair(l->line, r, occupied),
                                         mbb_hqsimd_pair(l->line + 2, r, occupied)))
           | mbb_rank_attacks_from(rank, sq, occupied);
#else
    return mbb_hqsimd_bishop(l, occupied) | mbb_hqsimd_rook(l, rank, sq, occupied);
#endif
}

MBB_FN uint64_t mbb_hqsimd_rook_in(const struct mbb_hqsimd_tables *t, unsigned sq,
                                   uint64_t occupied)
{
    return mbb_hqsimd_rook(&t->lines[sq], t->rank, sq, occupied);
}

MBB_FN uint64_t mbb_hqsimd_bishop_in(const struct mbb_hqsimd_tables *t, unsigned sq,
                                     uint64_t occupied)
{
    return mbb_hqsimd_bishop(&t->lines[sq], occupied);
}

extern const struct mbb_hqsimd_entry mbb_hqsimd_lines[64];
extern const uint8_t mbb_hqsimd_rank[8 * 64];
extern const uint32_t mbb_hqsimd_table_bytes;

MBB_FN uint64_t mbb_hqsimd_rook_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hqsimd_rook(&mbb_hqsimd_lines[sq], mbb_hqsimd_rank, sq, occupied);
}

MBB_FN uint64_t mbb_hqsimd_bishop_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hqsimd_bishop(&mbb_hqsimd_lines[sq], occupied);
}

MBB_FN uint64_t mbb_hqsimd_queen_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hqsimd_queen(&mbb_hqsimd_lines[sq], mbb_hqsimd_rank, sq, occupied);
}

MBB_FN size_t mbb_hqsimd_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)slots, (void)sets;
    *at_most = 0;
    return 64 * sizeof(struct mbb_hqsimd_entry) + 8 * 64;
}

#endif /* MAGICBB_HQSIMD_H */
