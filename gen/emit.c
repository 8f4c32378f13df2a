/* SPDX-License-Identifier: MIT */
/* emit.c - the generated C source of the tables. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "emit.h"
#include "escape.h"

#ifndef MBB_VERSION
#define MBB_VERSION "unknown"
#endif

/* FNV-1a over the bytes of the generated slider tables' source, the
 * same on every build machine. */
static uint64_t text_hash(const char *text, size_t length)
{
    uint64_t hash = 0xcbf29ce484222325u;

    for (size_t i = 0; i < length; i++) {
        hash ^= (unsigned char)text[i];
        hash *= 0x100000001b3u;
    }
    return hash;
}

void emit_numbers(FILE *out, const char *type, const char *name, uint32_t count, unsigned per_line,
                  uint64_t (*value)(const void *data, uint32_t i), const void *data)
{
    fprintf(out, "\nconst %s %s[%lu] MBB_PLACE(%s) = {", type, name, (unsigned long)count, name);
    for (uint32_t i = 0; i < count; i++)
        fprintf(out, "%s0x%llxu,", i % per_line == 0 ? "\n    " : " ",
                (unsigned long long)value(data, i));
    fputs("\n};\n", out);
}

uint64_t emit_u64_at(const void *data, uint32_t i)
{
    return ((const uint64_t *)data)[i];
}

void emit_slices(FILE *out, const char *type, const char *name, const char *table,
                 const uint64_t offset[64])
{
    fprintf(out, "\nconst %s *const %s[64] MBB_PLACE_LINKED(%s) = {", type, name, name);
    for (unsigned sq = 0; sq < 64; sq++)
        fprintf(out, "%s%s + %llu,", sq % 4 == 0 ? "\n    " : " ", table,
                (unsigned long long)offset[sq]);
    fputs("\n};\n", out);
}
uint64_t emit_u16_at(const void *data, uint32_t i)
{
    return ((const uint16_t *)data)[i];
}
uint64_t emit_u8_at(const void *data, uint32_t i)
{
    return ((const uint8_t *)data)[i];
}

void emit_entries(FILE *out, const char *type, const char *name,
                  void (*entry)(FILE *out, const void *data, unsigned sq), const void *data)
{
    fprintf(out, "\nconst struct %s %s[64] MBB_PLACE_LINKED(%s) = {\n", type, name, name);
    for (unsigned sq = 0; sq < 64; sq++) {
        char square[3];

        square_name(sq, square);
        fputs("    { ", out);
        entry(out, data, sq);
        fprintf(out, " }, /* %s */\n", square);
    }
    fputs("};\n", out);
}

/* emit_squares' data for emit_entries: a square's two entries, and
 * where the slices start (for pointer records), or NULL. */
struct square_pair {
    square_fields *entry;
    const void *rook, *bishop;
    const char *flavour;
    const struct slider_tables *slices;
};

/* Writes piece's entry on sq, with the text of its slice where it has one. */
static void entry_fields(FILE *out, const struct square_pair *pair, int piece, unsigned sq)
{
    char slice[64];

    if (pair->slices != NULL)
        snprintf(slice, sizeof slice, "mbb_%s_attacks + %lu", pair->flavour,
                 (unsigned long)pair->slices->entry[piece][sq].offset);
    pair->entry(out, piece == PIECE_ROOK ? pair->rook : pair->bishop, sq,
                pair->slices != NULL ? slice : NULL);
}

static void square_pair_fields(FILE *out, const void *data, unsigned sq)
{
    const struct square_pair *pair = data;

    fputs("/* rook */ { ", out);
    entry_fields(out, pair, PIECE_ROOK, sq);
    fputs(" },\n      /* bishop */ { ", out);
    entry_fields(out, pair, PIECE_BISHOP, sq);
    fputs(" }", out);
}

void emit_squares(FILE *out, const char *flavour, square_fields *entry, const void *rook,
                  const void *bishop, const struct slider_tables *slices)
{
    const struct square_pair pair = { entry, rook, bishop, flavour, slices };
    char type[64], name[64];

    snprintf(type, sizeof type, "mbb_%s_square", flavour);
    snprintf(name, sizeof name, "mbb_%s_squares", flavour);
    emit_entries(out, type, name, square_pair_fields, &pair);
}

void emit_table_bytes(FILE *out, const char *flavour, const char *const tables[], unsigned count)
{
    fprintf(out, "\nconst uint32_t mbb_%s_table_bytes MBB_PLACE(mbb_%s_table_bytes) =\n    ",
            flavour, flavour);
    if (count == 0)
        fputs("0", out);
    for (unsigned i = 0; i < count; i++)
        fprintf(out, "%ssizeof %s", i > 0 ? " + " : "", tables[i]);
    fputs(";\n", out);
    /* (declared extern first: a const object has internal linkage in C++,
     * where the drop-in's tables may be compiled) */
    fprintf(out,
            "\n/* what the link of a program whose inline lookups lack these tables names */\n"
            "extern const char MBB_LINK_RULE(%s);\nconst char MBB_LINK_RULE(%s) "
            "MBB_PLACE(mbb_%s_link_rule)"
            " = 1;\n",
            flavour, flavour, flavour);
}

void emit_masks(FILE *out, const char *field, const uint64_t mask[4])
{
    fprintf(out, "/* %s */ { 0x%016llxu, 0x%016llxu, 0x%016llxu, 0x%016llxu }", field,
            (unsigned long long)mask[0], (unsigned long long)mask[1], (unsigned long long)mask[2],
            (unsigned long long)mask[3]);
}

void describe_entries(FILE *out, const struct slider_tables *t)
{
    if (t->flavour->layout == LAYOUT_PACKED)
        fprintf(out, " *   entries:  %lu, in overlapping slices\n", (unsigned long)t->count);
    else if (t->flavour->layout == LAYOUT_IN_MAGIC)
        fprintf(out, " *   entries:  %lu, in slices placed by the magics\n",
                (unsigned long)t->count);
    else
        fprintf(out, " *   entries:  rook %lu, bishop %lu, total %lu\n",
                (unsigned long)t->entry[PIECE_BISHOP][0].offset,
                (unsigned long)(t->count - t->entry[PIECE_BISHOP][0].offset),
                (unsigned long)t->count);
}

static uint64_t white_pawn(unsigned sq)
{
    return pawn_attacks(0, sq);
}

static uint64_t black_pawn(unsigned sq)
{
    return pawn_attacks(1, sq);
}

/* "{ f(a1), f(b1), ..., f(h8) }" */
static void emit_row(FILE *out, uint64_t (*square)(unsigned))
{
    fputs("{", out);
    for (unsigned sq = 0; sq < 64; sq++)
        fprintf(out, "%s0x%llxu,", sq % 4 == 0 ? "\n    " : " ", (unsigned long long)square(sq));
    fputs("\n}", out);
}

static void emit_pair_table(FILE *out, const char *name, uint64_t (*pair)(unsigned, unsigned))
{
    fprintf(out, "\nconst uint64_t %s[64][64] MBB_PLACE(%s) = {", name, name);
    for (unsigned a = 0; a < 64; a++) {
        fputs("\n  {", out);
        for (unsigned b = 0; b < 64; b++)
            fprintf(out, "%s0x%llxu,", b % 4 == 0 ? "\n    " : " ", (unsigned long long)pair(a, b));
        fputs("\n  },", out);
    }
    fputs("\n};\n", out);
}

static void emit_board(FILE *out, unsigned parts)
{
    if (parts & EMIT_LEAPERS) {
        fputs("\nconst uint64_t mbb_tab_knight[64] MBB_PLACE(mbb_tab_knight) = ", out);
        emit_row(out, knight_attacks);
        fputs(";\n\nconst uint64_t mbb_tab_king[64] MBB_PLACE(mbb_tab_king) = ", out);
        emit_row(out, king_attacks);
        fputs(";\n\nconst uint64_t mbb_tab_pawn[2][64] MBB_PLACE(mbb_tab_pawn) = {\n/* white */ ",
              out);
        emit_row(out, white_pawn);
        fputs(",\n/* black */ ", out);
        emit_row(out, black_pawn);
        fputs("\n};\n", out);
    }
    /* The drop-in's (--no-include): computed where the program defines
     * MAGICBB_SMALL (its magicbb_config.h's MBB_SMALL). */
    if ((parts & EMIT_NO_INCLUDE) && (parts & EMIT_LINES))
        fputs("\n/* Left out where the program defines MAGICBB_SMALL: its mbb_between,\n"
              " * mbb_line and mbb_ray_pass are computed from the slider lookups. */\n"
              "#if !MBB_SMALL",
              out);
    if (parts & EMIT_BETWEEN)
        emit_pair_table(out, "mbb_tab_between", between_squares);
    if (parts & EMIT_LINE)
        emit_pair_table(out, "mbb_tab_line", line_through);
    if (parts & EMIT_RAY_PASS)
        emit_pair_table(out, "mbb_tab_ray_pass", ray_pass);
    if ((parts & EMIT_NO_INCLUDE) && (parts & EMIT_LINES))
        fputs("#endif\n", out);
}

int emit_tables(FILE *f, const struct slider_tables *t, const char *origin, unsigned parts)
{
    char *sliders = NULL;
    size_t length = 0;
    FILE *text = open_memstream(&sliders, &length);

    /* The slider tables first, to hash them for the provenance comment. */
    if (text == NULL)
        return -1;
    t->flavour->emit(text, t);
    fclose(text);
    fprintf(f,
            "/* SPDX-License-Identifier: MIT\n"
            " * Generated by magicbb-gen " MBB_VERSION "; do not edit.\n"
            " *   flavour:  %s\n"
            "%s"
            " *   magics:   ",
            t->flavour->name,
            parts & EMIT_SLIDERS ? "" : " *   (its slider tables are left out: --board-only)\n");
    /* origin may quote a path: nothing in it may end the comment. */
    escape_text(f, origin, ESCAPE_COMMENT);
    fputc('\n', f);
    (t->flavour->describe != NULL ? t->flavour->describe : describe_entries)(f, t);
    fprintf(f,
            " *   hash:     0x%016llx (FNV-1a 64 of the slider tables' source below)\n"
            " */\n",
            (unsigned long long)text_hash(sliders, length));
    if (!(parts & EMIT_NO_INCLUDE))
        fprintf(f, "#include \"magicbb/%s.h\"\n", t->flavour->name);
    fputs("\n"
          "/* A build configured --with-table-section=NAME puts each table T in\n"
          " * a section NAME.T of its own, for a linker script to place with\n"
          " * NAME* and --gc-sections to drop if unused.  (Otherwise the build's\n"
          " * -fdata-sections does the same in .rodata.T.) */\n"
          "#ifdef MBB_TABLE_SECTION\n"
          "#define MBB_PLACE(table) __attribute__((section(MBB_TABLE_SECTION \".\" #table)))\n"
          "#else\n"
          "#define MBB_PLACE(table)\n"
          "#endif\n"
          "/* Records that may hold addresses: position-independent code relocates\n"
          " * them at load, so there they stay where the compiler puts them\n"
          " * (.data.rel.ro: read-only after relocation), never in NAME.T, which\n"
          " * the linker would leave writable.  A static link resolves them: NAME.T. */\n"
          "#if defined(MBB_TABLE_SECTION) && !defined(__PIC__) && !defined(__pic__)\n"
          "#define MBB_PLACE_LINKED(table) MBB_PLACE(table)\n"
          "#else\n"
          "#define MBB_PLACE_LINKED(table)\n"
          "#endif\n"
          "/* The records are initialised by position, C's and C++'s way alike,\n"
          " * each field's name in a comment; the fields after the last given (a\n"
          " * record's padding) are zero. */\n"
          "#if defined(__GNUC__) || defined(__clang__)\n"
          "#pragma GCC diagnostic push\n"
          "#pragma GCC diagnostic ignored \"-Wmissing-field-initializers\"\n"
          "#endif\n",
          f);
    if (parts & EMIT_SLIDERS)
        fwrite(sliders, 1, length, f);
    free(sliders);
    emit_board(f, parts);
    fputs("\n#if defined(__GNUC__) || defined(__clang__)\n#pragma GCC diagnostic pop\n#endif\n", f);
    return 0;
}
