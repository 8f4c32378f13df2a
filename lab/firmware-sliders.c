/* SPDX-License-Identifier: MIT */
/* firmware-sliders.c - a firmware-like user of the three slider lookups
 * only (rook, bishop, queen), for measuring what a firmware linked with
 * --gc-sections keeps of the library for them (lab/flash-sizes.sh with
 * FLASH_PROGRAMS).  Entry firmware_start. */
#include <magicbb.h>

volatile uint64_t firmware_sink;

void firmware_start(void);

void firmware_start(void)
{
    uint64_t occupied = 0x00ff00000000ff00u;

    for (unsigned sq = 0;; sq = (sq + 1) & 63) {
        firmware_sink ^= mbb_rook_attacks(sq, occupied) ^ mbb_bishop_attacks(sq, occupied)
                         ^ mbb_queen_attacks(sq, occupied);
        occupied = occupied * 0x9e3779b97f4a7c15u + sq;
    }
}
