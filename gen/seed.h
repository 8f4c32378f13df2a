/* SPDX-License-Identifier: MIT */
/* seed.h - what a seed of the magic search may be written as. */
#ifndef GEN_SEED_H
#define GEN_SEED_H

#include <stdint.h>

/* Decimal without leading zeros (so "010" is no octal 8), or 0x and 1 to
 * 16 hex digits; 0 to 2^64 - 1.  0 with *seed set, or -1. */
int parse_seed(const char *text, uint64_t *seed);

/* What a text that is no seed is told, after "OPTION: 'TEXT' ". */
#define SEED_RULE                                                                                  \
    "is neither a decimal number without leading zeros nor 0x and 1 to 16 hex digits"              \
    " (0 to 2^64-1)"

#endif /* GEN_SEED_H */
