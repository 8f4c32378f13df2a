/* SPDX-License-Identifier: MIT */
/* layout_sizes.h - what each flavour's slider tables must take, worked
 * out from the reference ray walk rather than from the tables. */
#ifndef TESTS_LAYOUT_SIZES_H
#define TESTS_LAYOUT_SIZES_H

#include <stddef.h>

/* Slots of a table with one slot per relevant occupancy of every
 * (piece, square): 107,648. */
size_t relevant_slots(void);

/* Bytes of the flavour's slider tables (attack tables and per-square
 * entries, on this machine's struct sizes), with one slot per relevant
 * occupancy; *at_most is set to 1 where the flavour may take less
 * (fewer-bit magics, overlapping or shared slices), so the figure is a
 * bound, else to 0.  LAYOUT_UNKNOWN for an unknown flavour (hqrev has
 * no table: 0). */
#define LAYOUT_UNKNOWN ((size_t)-1)
size_t expected_table_bytes(const char *flavour, int *at_most);

#endif /* TESTS_LAYOUT_SIZES_H */
