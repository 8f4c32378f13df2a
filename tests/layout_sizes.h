/* layout_sizes.h - what each flavour's slider tables must take, worked
 * out from the reference ray walk rather than from the tables. */
#ifndef TESTS_LAYOUT_SIZES_H
#define TESTS_LAYOUT_SIZES_H

#include <stddef.h>

/* The published black layout, as loaded: its highest slot is 87,987
 * (gen/magics/black-published.txt).  A repacked table must be smaller. */
#define BLACK_PUBLISHED_ENTRIES 87988u

/* Bytes of the flavour's slider tables (attack tables and per-square
 * entries, on this machine's struct sizes); 0 for black, whose size
 * depends on how well its slices pack. */
size_t expected_table_bytes(const char *flavour);

/* black: the entries of a table of `bytes` slider bytes. */
size_t black_entries(size_t bytes);

#endif /* TESTS_LAYOUT_SIZES_H */
