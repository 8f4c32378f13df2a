/* SPDX-License-Identifier: MIT */
/* flavour_unit.h - what the generator's flavour units (gen/flavours/NAME.c)
 * are written with: the emit helpers, and the steps that every flavour
 * of the common shape shares, as macros over its name. */
#ifndef GEN_FLAVOUR_UNIT_H
#define GEN_FLAVOUR_UNIT_H

#include <stdlib.h>

#include "emit.h"
#include "sliders.h"

/* The registry's magics field (flavours.def) of each flavour, as
 * gen_magics_of_NAME. */
#define GEN_MAGICS_none 0
#define GEN_MAGICS_search 1
#define GEN_MAGICS_load 2
enum gen_registry_magics {
#define MBB_FLAVOUR(name, isa, magics, reads) gen_magics_of_##name = GEN_MAGICS_##magics,
#include "flavours.def"
#undef MBB_FLAVOUR
};

/* The fields of a unit's struct gen_flavour that the registry gives:
 * its name and what it does with magics. */
#define GEN_REGISTERED(unit)                                                                       \
    .name = #unit, .magics = gen_magics_of_##unit != GEN_MAGICS_none,                              \
    .searches = gen_magics_of_##unit == GEN_MAGICS_search

/* NAME_lookup(encoded, piece, sq, occupied): the flavour's own lookups,
 * mbb_NAME_rook_in and mbb_NAME_bishop_in, on its encoded tables. */
#define GEN_LOOKUP(name)                                                                           \
    static uint64_t name##_lookup(const void *encoded, enum piece piece, unsigned sq,              \
                                  uint64_t occupied)                                               \
    {                                                                                              \
        const struct mbb_##name##_tables *v = encoded;                                             \
        return piece == PIECE_ROOK ? mbb_##name##_rook_in(v, sq, occupied)                         \
                                   : mbb_##name##_bishop_in(v, sq, occupied);                      \
    }

/* NAME_fill: slice_fill_with() on the unit's own NAME_index. */
#define GEN_FILL(name)                                                                             \
    static uint32_t name##_fill(enum piece piece, const struct work_entry *e,                      \
                                const struct occupancies *list, uint32_t limit,                    \
                                struct fill_scratch *s)                                            \
    {                                                                                              \
        return slice_fill_with(name##_index, piece, e, list, limit, s);                            \
    }

/* NAME_encode, NAME_emit, NAME_lookup and NAME_fill for the common shape
 * (MBB_COMMON_SHAPE): 64 struct mbb_NAME_square records of a rook and a
 * bishop struct mbb_NAME_entry, and the shared table of attack sets,
 * mbb_NAME_attacks.  The unit defines
 *   struct mbb_NAME_entry NAME_entry_from(enum piece, const struct work_entry *)
 *   void NAME_entry_fields(FILE *out, const void *entries, unsigned sq,
 *                          const char *slice)  (square_fields)
 *       (writes the initializers of entry sq, by position)
 *   uint32_t NAME_index(enum piece, const struct work_entry *, uint64_t occupied)
 * GEN_COMMON_SHAPE(name, slices): slices 1 where the entry points to its
 * slice (a field const attack_type *slice, set by encode and written by
 * emit as mbb_NAME_attacks + offset), 0 where the lookup finds it from
 * an offset of its own.  GEN_SQUARES_EMIT serves units whose attack
 * table is their own (encode fills state->entry and state->view.attacks). */
#define GEN_SQUARES_STATE(name, extra)                                                             \
    struct name##_state {                                                                          \
        struct mbb_##name##_tables view; /* first: what lookup() reads */                          \
        struct mbb_##name##_entry entry[PIECE_COUNT][64];                                          \
        struct mbb_##name##_square square[64];                                                     \
        extra                                                                                      \
    };
/* Gathers state->entry into the records the lookups read. */
#define GEN_SQUARES_VIEW(s)                                                                        \
    do {                                                                                           \
        for (unsigned sq_ = 0; sq_ < 64; sq_++) {                                                  \
            (s)->square[sq_].rook = (s)->entry[PIECE_ROOK][sq_];                                   \
            (s)->square[sq_].bishop = (s)->entry[PIECE_BISHOP][sq_];                               \
        }                                                                                          \
        (s)->view.squares = (s)->square;                                                           \
    } while (0)
#define GEN_SQUARES_EMIT(name, attack_type, per_line, value, attacks, slices)                      \
    static void name##_emit(FILE *out, const struct slider_tables *t)                              \
    {                                                                                              \
        static const char *const tables[] = { "mbb_" #name "_squares", "mbb_" #name "_attacks" };  \
        const struct name##_state *s = t->encoded;                                                 \
        emit_squares(out, #name, name##_entry_fields, s->entry[PIECE_ROOK],                        \
                     s->entry[PIECE_BISHOP], (slices) ? t : NULL);                                 \
        emit_numbers(out, attack_type, tables[1], t->count, per_line, value, attacks);             \
        emit_table_bytes(out, #name, tables, 2);                                                   \
    }
/* Points entry e to its slice, where (slices) the entry has a field for it. */
#define GEN_SLICE_0(e, start)
#define GEN_SLICE_1(e, start) (e).slice = (start)
#define GEN_SLICE(slices, e, start) GEN_SLICE_##slices(e, start)
#define GEN_COMMON_SHAPE(name, slices)                                                             \
    GEN_SQUARES_STATE(name, )                                                                      \
    static int name##_encode(struct slider_tables *t)                                              \
    {                                                                                              \
        struct name##_state *s = state_alloc(sizeof *s);                                           \
        if (s == NULL)                                                                             \
            return -2;                                                                             \
        for (int p = 0; p < PIECE_COUNT; p++) {                                                    \
            for (unsigned sq = 0; sq < 64; sq++) {                                                 \
                s->entry[p][sq] = name##_entry_from((enum piece)p, &t->entry[p][sq]);              \
                GEN_SLICE(slices, s->entry[p][sq], t->attacks + t->entry[p][sq].offset);           \
            }                                                                                      \
        }                                                                                          \
        GEN_SQUARES_VIEW(s);                                                                       \
        s->view.attacks = t->attacks;                                                              \
        t->encoded = s;                                                                            \
        return 0;                                                                                  \
    }                                                                                              \
    GEN_SQUARES_EMIT(name, "uint64_t", 4, emit_u64_at, t->attacks, slices)                         \
    GEN_LOOKUP(name)                                                                               \
    GEN_FILL(name)

/* NAME_entry_from, NAME_entry_fields and NAME_index for a flavour whose
 * entry is MBB_FIXED_SHIFT_ENTRY(NAME) (plain, white). */
#define GEN_FIXED_SHIFT_ENTRY(name)                                                                \
    static struct mbb_##name##_entry name##_entry_from(enum piece piece,                           \
                                                       const struct work_entry *w)                 \
    {                                                                                              \
        const struct mbb_##name##_entry e = { .mask = w->mask, .magic = w->magic };                \
        (void)piece;                                                                               \
        return e;                                                                                  \
    }                                                                                              \
    static void name##_entry_fields(FILE *out, const void *entries, unsigned sq,                   \
                                    const char *slice)                                             \
    {                                                                                              \
        const struct mbb_##name##_entry *e = (const struct mbb_##name##_entry *)entries + sq;      \
        fprintf(out, "/* mask */ 0x%016llxu, /* magic */ 0x%016llxu, /* slice */ %s",              \
                (unsigned long long)e->mask, (unsigned long long)e->magic, slice);                 \
    }                                                                                              \
    static uint32_t name##_index(enum piece piece, const struct work_entry *w, uint64_t occupied)  \
    {                                                                                              \
        const struct mbb_##name##_entry e = name##_entry_from(piece, w);                           \
        return mbb_##name##_index(                                                                 \
            &e, occupied, piece == PIECE_ROOK ? MBB_ROOK_FIXED_BITS : MBB_BISHOP_FIXED_BITS);      \
    }

/* Everything of a four-line computed flavour's unit (MBB_FOUR_LINES_SHAPE)
 * but its records: its state, encode, lookup, emit and describe steps and
 * gen_flavour_NAME, for flavour NAME.  The unit defines
 *   void NAME_square(struct mbb_NAME_square *s, unsigned sq)
 *       (fills square sq's record)
 *   void NAME_fields(FILE *out, const void *squares, unsigned sq)
 *       (writes the initializers of record sq, by position)
 * and passes its name and what its records hold, for the provenance
 * comment. */
#define GEN_FOUR_LINES_SHAPE(flavour, holds)                                                       \
    struct flavour##_state {                                                                       \
        struct mbb_##flavour##_tables view; /* first: what lookup() reads */                       \
        struct mbb_##flavour##_square squares[64];                                                 \
    };                                                                                             \
    static int flavour##_encode(struct slider_tables *t)                                           \
    {                                                                                              \
        struct flavour##_state *s = state_alloc(sizeof *s);                                        \
        if (s == NULL)                                                                             \
            return -2;                                                                             \
        for (unsigned sq = 0; sq < 64; sq++)                                                       \
            flavour##_square(&s->squares[sq], sq);                                                 \
        s->view.squares = s->squares;                                                              \
        t->encoded = s;                                                                            \
        return 0;                                                                                  \
    }                                                                                              \
    GEN_LOOKUP(flavour)                                                                            \
    static void flavour##_emit(FILE *out, const struct slider_tables *t)                           \
    {                                                                                              \
        static const char *const tables[] = { "mbb_" #flavour "_squares" };                        \
        const struct flavour##_state *s = t->encoded;                                              \
        emit_entries(out, "mbb_" #flavour "_square", tables[0], flavour##_fields, s->squares);     \
        emit_table_bytes(out, #flavour, tables, 1);                                                \
    }                                                                                              \
    static void flavour##_describe(FILE *out, const struct slider_tables *t)                       \
    {                                                                                              \
        (void)t;                                                                                   \
        fputs(" *   entries:  none: " holds "\n", out);                                            \
    }                                                                                              \
    const struct gen_flavour gen_flavour_##flavour = {                                             \
        GEN_REGISTERED(flavour),        .product = 64,                                             \
        .layout = LAYOUT_NONE,          .encode = flavour##_encode,                                \
        .lookup = flavour##_lookup,     .emit = flavour##_emit,                                    \
        .describe = flavour##_describe, .release = release_encoded,                                \
    };

/* The whole unit of a flavour whose entry is a square's diagonal,
 * antidiagonal and file and its own bit, with hq's first-rank table
 * (hqdual, hqsimd: the same tables, read by other vector instructions):
 * its state, encode, lookup, emit and describe steps and
 * gen_flavour_NAME. */
#define GEN_HQ_LINES(flavour)                                                                      \
    struct flavour##_state {                                                                       \
        struct mbb_##flavour##_tables view; /* first: what lookup() reads */                       \
        struct mbb_##flavour##_entry lines[64];                                                    \
        uint8_t rank[8 * 64];                                                                      \
    };                                                                                             \
    static int flavour##_encode(struct slider_tables *t)                                           \
    {                                                                                              \
        struct flavour##_state *s = state_alloc(sizeof *s);                                        \
        if (s == NULL)                                                                             \
            return -2;                                                                             \
        for (unsigned sq = 0; sq < 64; sq++) {                                                     \
            const struct mbb_##flavour##_entry e                                                   \
                = { { line_numbered(sq, LINE_DIAGONAL), line_numbered(sq, LINE_ANTIDIAGONAL),      \
                      line_numbered(sq, LINE_FILE), (uint64_t)1 << sq } };                         \
            s->lines[sq] = e;                                                                      \
        }                                                                                          \
        first_rank_attacks(s->rank);                                                               \
        s->view.lines = s->lines;                                                                  \
        s->view.rank = s->rank;                                                                    \
        t->encoded = s;                                                                            \
        return 0;                                                                                  \
    }                                                                                              \
    GEN_LOOKUP(flavour)                                                                            \
    static void flavour##_line_fields(FILE *out, const void *entries, unsigned sq)                 \
    {                                                                                              \
        emit_masks(out, "line", ((const struct mbb_##flavour##_entry *)entries)[sq].line);         \
    }                                                                                              \
    static void flavour##_emit(FILE *out, const struct slider_tables *t)                           \
    {                                                                                              \
        static const char *const tables[] = { "mbb_" #flavour "_lines", "mbb_" #flavour "_rank" }; \
        const struct flavour##_state *s = t->encoded;                                              \
        emit_entries(out, "mbb_" #flavour "_entry", tables[0], flavour##_line_fields, s->lines);   \
        emit_numbers(out, "uint8_t", tables[1], 8 * 64, 16, emit_u8_at, s->rank);                  \
        emit_table_bytes(out, #flavour, tables, 2);                                                \
    }                                                                                              \
    static void flavour##_describe(FILE *out, const struct slider_tables *t)                       \
    {                                                                                              \
        (void)t;                                                                                   \
        fputs(" *   entries:  none: 3 line masks and the bit a square, a 512-byte rank table\n",   \
              out);                                                                                \
    }                                                                                              \
    const struct gen_flavour gen_flavour_##flavour = {                                             \
        GEN_REGISTERED(flavour),        .product = 64,                                             \
        .layout = LAYOUT_NONE,          .encode = flavour##_encode,                                \
        .lookup = flavour##_lookup,     .emit = flavour##_emit,                                    \
        .describe = flavour##_describe, .release = release_encoded,                                \
    };

#endif /* GEN_FLAVOUR_UNIT_H */
