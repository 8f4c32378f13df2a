/* SPDX-License-Identifier: MIT */
/* seed.c - the one rule for a seed: magicbb-gen's --seed, and configure's
 * --with-seed (decided by magicbb-gen --decide, gen/decide.c). */
#include <stdlib.h>
#include <string.h>

#include "seed.h"

int parse_seed(const char *text, uint64_t *seed)
{
    const char *s = text;

    *seed = 0;
    if ((s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))) {
        size_t digits = strspn(s + 2, "0123456789abcdefABCDEF");

        if (digits == 0 || digits > 16 || s[2 + digits] != '\0')
            return -1;
        *seed = (uint64_t)strtoull(s + 2, NULL, 16);
        return 0;
    }
    if (s[0] < '0' || s[0] > '9' || (s[0] == '0' && s[1] != '\0'))
        return -1;
    for (; *s >= '0' && *s <= '9'; s++) {
        const unsigned digit = (unsigned)(*s - '0');

        if (*seed > (UINT64_MAX - digit) / 10)
            return -1;
        *seed = *seed * 10 + digit;
    }
    return *s == '\0' ? 0 : -1;
}
