/* SPDX-License-Identifier: MIT */
/* emit.h - write the generated C source of all constant tables, and the
 * pieces the flavours' own emit() steps are written with. */
#ifndef GEN_EMIT_H
#define GEN_EMIT_H

#include <stdio.h>

#include "sliders.h"

/* What emit_tables writes: the slider tables, the leaper tables (knight,
 * king, pawn), the between, line and ray_pass tables (EMIT_LINES, the
 * three 32 KiB pair tables). */
enum {
    EMIT_SLIDERS = 1,
    EMIT_LEAPERS = 2,
    EMIT_BETWEEN = 4,
    EMIT_NO_INCLUDE = 8,
    EMIT_LINE = 16,
    EMIT_RAY_PASS = 32,
    EMIT_LINES = EMIT_BETWEEN | EMIT_LINE | EMIT_RAY_PASS,
    EMIT_BOARD = EMIT_LEAPERS | EMIT_LINES
};

/* Write the parts (EMIT_...) of the tables to out: the slider tables of t
 * (built and verified), the board's.  origin says where the magics came
 * from, for the provenance comment (escaped there).  0, or -1 if memory
 * ran out. */
int emit_tables(FILE *out, const struct slider_tables *t, const char *origin, unsigned parts);

/* "\nconst TYPE NAME[count] MBB_PLACE = { 0x...u, ... };" with per_line
 * numbers a line; element i is value(data, i). */
void emit_numbers(FILE *out, const char *type, const char *name, uint32_t count, unsigned per_line,
                  uint64_t (*value)(const void *data, uint32_t i), const void *data);
uint64_t emit_u64_at(const void *data, uint32_t i);
uint64_t emit_u16_at(const void *data, uint32_t i);
uint64_t emit_u8_at(const void *data, uint32_t i);

/* "\nconst TYPE *const NAME[64] MBB_PLACE = { TABLE + offset, ... };":
 * each square's slice of TABLE, an address constant (a record of pointers
 * rather than offsets: no base to add in the lookup). */
void emit_slices(FILE *out, const char *type, const char *name, const char *table,
                 const uint64_t offset[64]);

/* "\nconst struct TYPE NAME[64] MBB_PLACE = {" then one line a square,
 * "    { ... }, / * a1 * /", its initializer written by entry(out, data,
 * sq), and "};". */
void emit_entries(FILE *out, const char *type, const char *name,
                  void (*entry)(FILE *out, const void *data, unsigned sq), const void *data);

/* Writes the initializers of entries[sq] by position, in the order of the
 * entry's fields, each field's name in a comment (C and C++ alike);
 * slice, where not NULL, is the initializer of its field slice:
 * "mbb_NAME_attacks + N". */
typedef void square_fields(FILE *out, const void *entries, unsigned sq, const char *slice);

/* "\nconst struct mbb_NAME_square mbb_NAME_squares[64] MBB_PLACE = {" then
 * one line a square, "    { / * rook * / { ... }, / * bishop * / { ... } }, / * a1 * /",
 * the entries' initializers written by entry(out, rook, sq, slice) and
 * entry(out, bishop, sq, slice), where slice is the entry's slice for
 * records of pointers (slices not NULL: its entries' offsets), else
 * NULL; and "};": the common shape's records (MBB_COMMON_SHAPE). */
void emit_squares(FILE *out, const char *flavour, square_fields *entry, const void *rook,
                  const void *bishop, const struct slider_tables *slices);

/* ".FIELD = { 0x...u, 0x...u, 0x...u, 0x...u }": four masks. */
void emit_masks(FILE *out, const char *field, const uint64_t mask[4]);

/* "\nconst uint32_t mbb_NAME_table_bytes MBB_PLACE = sizeof a + ...;" for
 * the tables named (0 for none); sizeof on the target, whose struct
 * padding may differ from the build machine's. */
void emit_table_bytes(FILE *out, const char *flavour, const char *const tables[], unsigned count);

/* The generic " *   entries: ..." provenance line of a hashing flavour. */
void describe_entries(FILE *out, const struct slider_tables *t);

#endif /* GEN_EMIT_H */
