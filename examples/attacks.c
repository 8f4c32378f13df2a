/* SPDX-License-Identifier: MIT */
/* attacks.c - print what a rook on e4 attacks with blockers on e6 and c4.
 * Build against an installed magicbb:
 *     cc attacks.c $(pkg-config --cflags --libs magicbb) */
#include <stdio.h>
#include <magicbb.h>

int main(void)
{
    const unsigned e4 = 28, e6 = 44, c4 = 26;
    uint64_t occupied = (1ULL << e4) | (1ULL << e6) | (1ULL << c4);
    uint64_t attacks = mbb_rook_attacks(e4, occupied);

    printf("flavour %s, %zu table bytes\n", mbb_flavour(), mbb_table_bytes());
    for (int rank = 7; rank >= 0; rank--) {
        for (int file = 0; file < 8; file++)
            putchar(attacks >> (rank * 8 + file) & 1 ? 'x' : '.');
        putchar('\n');
    }
    return 0;
}
