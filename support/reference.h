/* SPDX-License-Identifier: MIT */
/* reference.h - attacks computed independently of magicbb, for tests.
 *
 * Everything here moves whole bitboards one step at a time with shifts,
 * masking off the file that would wrap around the board edge.  It shares
 * no code with the generator or the library. */
#ifndef SUPPORT_REFERENCE_H
#define SUPPORT_REFERENCE_H

#include <stdint.h>

enum ref_dir { REF_N, REF_S, REF_E, REF_W, REF_NE, REF_NW, REF_SE, REF_SW, REF_DIRS };

/* The board moved one square in direction d; bits leaving it vanish. */
uint64_t ref_step(uint64_t board, enum ref_dir d);

uint64_t ref_rook(unsigned sq, uint64_t occupied);
uint64_t ref_bishop(unsigned sq, uint64_t occupied);
uint64_t ref_queen(unsigned sq, uint64_t occupied);
/* Squares whose occupancy can change a slider's attacks on sq. */
uint64_t ref_rook_mask(unsigned sq);
uint64_t ref_bishop_mask(unsigned sq);

uint64_t ref_knight(unsigned sq);
uint64_t ref_king(unsigned sq);
uint64_t ref_pawn(unsigned color, unsigned sq);
uint64_t ref_between(unsigned a, unsigned b);
uint64_t ref_line(unsigned a, unsigned b);

unsigned ref_popcount(uint64_t x);

/* xorshift64: test inputs that are the same on every run. */
uint64_t ref_random(uint64_t *state);

#endif /* SUPPORT_REFERENCE_H */
