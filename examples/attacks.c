/* SPDX-License-Identifier: MIT */
/* attacks.c - print what a rook on e4 attacks with blockers on e6 and c4:
 * R the rook, B a blocker it attacks, o a blocker it does not, x an
 * empty square it attacks.  Build against an installed magicbb:
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
        printf("%d ", rank + 1);
        for (int file = 0; file < 8; file++) {
            const unsigned sq = (unsigned)(rank * 8 + file);
            const int attacked = attacks >> sq & 1, taken = occupied >> sq & 1;

            putchar(sq == e4 ? 'R' : taken ? (attacked ? 'B' : 'o') : attacked ? 'x' : '.');
        }
        putchar('\n');
    }
    puts("  abcdefgh");
    return 0;
}
