/* SPDX-License-Identifier: MIT */
/* firmware.c - a firmware-like program: no C library, no start files,
 * linked with -ffreestanding -nostdlib against libmagicbb.a and libgcc
 * only (see check-freestanding.sh).  It calls every public function, and
 * the inline ones, so the link needs all of magicbb; the results go to a
 * volatile so that nothing is optimised away. */
#include <magicbb_inline.h>

volatile uint64_t firmware_sink;

void firmware_start(void);

void firmware_start(void)
{
    uint64_t occupied = 0x00ff00000000ff00u; /* the pawns of the start position */

    for (unsigned sq = 0; sq < 64; sq++) {
        firmware_sink ^= mbb_rook_attacks(sq, occupied) ^ mbb_bishop_attacks(sq, occupied)
                         ^ mbb_queen_attacks(sq, occupied) ^ mbb_knight_attacks(sq)
                         ^ mbb_king_attacks(sq) ^ mbb_pawn_attacks(sq & 1, sq)
                         ^ mbb_between(sq, 63 - sq) ^ mbb_line(sq, 63 - sq);
        firmware_sink ^= mbb_rook_attacks_inline(sq, occupied)
                         ^ mbb_bishop_attacks_inline(sq, occupied)
                         ^ mbb_queen_attacks_inline(sq, occupied) ^ mbb_knight_attacks_inline(sq)
                         ^ mbb_king_attacks_inline(sq) ^ mbb_pawn_attacks_inline(sq & 1, sq)
                         ^ mbb_between_inline(sq, 63 - sq) ^ mbb_line_inline(sq, 63 - sq);
        firmware_sink
            ^= mbb_segment(sq, 63 - sq) ^ mbb_ray_pass(sq, 63 - sq)
               ^ (uint64_t)mbb_aligned(sq, 63 - sq, 27) ^ mbb_pawn_attacks_set(sq & 1, occupied)
               ^ mbb_rook_attacks_set(occupied, occupied)
               ^ mbb_bishop_attacks_set(occupied, occupied)
               ^ mbb_queen_attacks_set(occupied, occupied) ^ mbb_knight_attacks_set(occupied)
               ^ mbb_king_attacks_set(occupied) ^ mbb_both_attacks(sq, occupied).rook;
        firmware_sink ^= mbb_segment_inline(sq, 63 - sq) ^ mbb_ray_pass_inline(sq, 63 - sq)
                         ^ (uint64_t)mbb_aligned_inline(sq, 63 - sq, 27)
                         ^ mbb_pawn_attacks_set_inline(sq & 1, occupied)
                         ^ mbb_rook_attacks_set_inline(occupied, occupied)
                         ^ mbb_bishop_attacks_set_inline(occupied, occupied)
                         ^ mbb_queen_attacks_set_inline(occupied, occupied)
                         ^ mbb_knight_attacks_set_inline(occupied)
                         ^ mbb_king_attacks_set_inline(occupied)
                         ^ mbb_both_attacks_inline(sq, occupied).bishop;
        firmware_sink ^= mbb_nearest(sq, occupied) ^ mbb_nearest_inline(sq, occupied);
        occupied = occupied * 0x9e3779b97f4a7c15u + sq;
    }
    firmware_sink ^= (uint64_t)mbb_table_bytes() ^ (uint64_t)(unsigned char)mbb_flavour()[0]
                     ^ (uint64_t)(unsigned char)mbb_version()[0];
    for (;;)
        continue;
}
