/* SPDX-License-Identifier: MIT */
/* firmware-rook.c - the smallest firmware-like user of magicbb: rook
 * lookups only, for measuring what a firmware linked with --gc-sections
 * keeps of the library (lab/flash-sizes.sh).  Entry firmware_start. */
#include <magicbb.h>

volatile uint64_t firmware_sink;

void firmware_start(void);

void firmware_start(void)
{
    uint64_t occupied = 0x00ff00000000ff00u;

    for (unsigned sq = 0;; sq = (sq + 1) & 63) {
        firmware_sink ^= mbb_rook_attacks(sq, occupied);
        occupied = occupied * 0x9e3779b97f4a7c15u + sq;
    }
}
