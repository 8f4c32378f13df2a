/* SPDX-License-Identifier: MIT */
/* inline.c - magicbb's lookups inlined into the program.
 *
 *     cc -O2 inline.c $(pkg-config --cflags --libs magicbb-inline)
 *
 * <magicbb_inline.h> reads the tables of the static library directly, so
 * a rook lookup is a handful of instructions with no call. */
#include <inttypes.h>
#include <stdio.h>

#include <magicbb_inline.h>

int main(void)
{
    const unsigned e4 = 28;
    const uint64_t occupied = 1ULL << 44 | 1ULL << 26; /* pieces on e6 and c4 */

    printf("%s tables, rook on e4: 0x%016" PRIx64 "\n", mbb_flavour(),
           mbb_rook_attacks_inline(e4, occupied));
    return 0;
}
