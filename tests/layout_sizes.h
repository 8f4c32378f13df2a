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
 * entries, on this machine's struct sizes); 0 for a flavour whose size
 * depends on how well its slices pack (overlapping slices: black). */
size_t expected_table_bytes(const char *flavour);

/* Overlapping flavours: the entries of a table of `bytes` slider bytes.
 * Such a layout must take fewer than relevant_slots(), or overlapping
 * would gain nothing. */
size_t overlapping_entries(size_t bytes);

#endif /* TESTS_LAYOUT_SIZES_H */
