/* emit.c - the generated C source of the tables. */
#include "emit.h"
#include "escape.h"

#ifndef MBB_VERSION
#define MBB_VERSION "unknown"
#endif

/* FNV-1a over the little-endian bytes of each word, so the hash in the
 * provenance comment is the same whatever machine ran the generator. */
static uint64_t hash_word(uint64_t hash, uint64_t word, int bytes)
{
    for (int i = 0; i < bytes; i++) {
        hash ^= (word >> (8 * i)) & 0xff;
        hash *= 0x100000001b3u;
    }
    return hash;
}

static uint64_t tables_hash(const struct slider_tables *t)
{
    uint64_t hash = 0xcbf29ce484222325u;

    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct mbb_slider *e = &t->entry[p][sq];

            hash = hash_word(hash, e->mask, 8);
            hash = hash_word(hash, e->magic, 8);
            hash = hash_word(hash, e->offset, 4);
            hash = hash_word(hash, e->shift, 4);
        }
    }
    for (uint32_t i = 0; i < t->count; i++)
        hash = hash_word(hash, t->attacks[i], 8);
    for (unsigned sq = 0; t->flavour == FLAVOUR_HQ && sq < 64; sq++) {
        hash = hash_word(hash, t->hq[sq].file, 8);
        hash = hash_word(hash, t->hq[sq].diagonal, 8);
        hash = hash_word(hash, t->hq[sq].antidiagonal, 8);
    }
    for (unsigned i = 0; t->flavour == FLAVOUR_HQ && i < 8 * 64; i++)
        hash = hash_word(hash, t->hq_rank[i], 1);
    return hash;
}

/* Numbers, `per_line` to a line. */
static void emit_numbers(FILE *out, const char *declaration, uint32_t count, unsigned per_line,
                         uint64_t (*value)(const void *, uint32_t), const void *data)
{
    fprintf(out, "\n%s MBB_PLACE = {", declaration);
    for (uint32_t i = 0; i < count; i++)
        fprintf(out, "%s0x%llxu,", i % per_line == 0 ? "\n    " : " ",
                (unsigned long long)value(data, i));
    fputs("\n};\n", out);
}

static uint64_t u64_at(const void *data, uint32_t i) { return ((const uint64_t *)data)[i]; }
static uint64_t u16_at(const void *data, uint32_t i) { return ((const uint16_t *)data)[i]; }
static uint64_t u8_at(const void *data, uint32_t i) { return ((const uint8_t *)data)[i]; }

static void emit_entries(FILE *out, const struct slider_tables *t, enum piece p, const char *name)
{
    const char *type = t->flavour == FLAVOUR_PEXT16 ? "mbb_pdep_slider"
                       : t->flavour == FLAVOUR_BYTE ? "mbb_byte_slider"
                                                    : "mbb_slider";

    fprintf(out, "\nconst struct %s mbb_%s_%s[64] MBB_PLACE = {\n", type,
            flavour_name(t->flavour), name);
    for (unsigned sq = 0; sq < 64; sq++) {
        const struct mbb_slider *e = &t->entry[p][sq];
        char square[3];

        square_name(sq, square);
        if (t->flavour == FLAVOUR_PEXT16)
            fprintf(out, "    { 0x%016llxu, 0x%016llxu, %6lu }, /* %s */\n",
                    (unsigned long long)t->pdep[p][sq].mask,
                    (unsigned long long)t->pdep[p][sq].attacks,
                    (unsigned long)t->pdep[p][sq].offset, square);
        else if (t->flavour == FLAVOUR_BYTE)
            fprintf(out, "    { 0x%016llxu, 0x%016llxu, %6lu, %2u, %4u }, /* %s */\n",
                    (unsigned long long)t->bytes[p][sq].mask,
                    (unsigned long long)t->bytes[p][sq].magic,
                    (unsigned long)t->bytes[p][sq].offset, (unsigned)t->bytes[p][sq].shift,
                    (unsigned)t->bytes[p][sq].sets, square);
        else
            fprintf(out, "    { 0x%016llxu, 0x%016llxu, %6lu, %2lu }, /* %s */\n",
                    (unsigned long long)e->mask, (unsigned long long)e->magic,
                    (unsigned long)e->offset, (unsigned long)e->shift, square);
    }
    fputs("};\n", out);
}

static void emit_hq(FILE *out, const struct slider_tables *t)
{
    fputs("\nconst struct mbb_hq_lines mbb_hq_lines[64] MBB_PLACE = {\n", out);
    for (unsigned sq = 0; sq < 64; sq++) {
        char square[3];

        square_name(sq, square);
        fprintf(out, "    { 0x%016llxu, 0x%016llxu, 0x%016llxu }, /* %s */\n",
                (unsigned long long)t->hq[sq].file, (unsigned long long)t->hq[sq].diagonal,
                (unsigned long long)t->hq[sq].antidiagonal, square);
    }
    fputs("};\n", out);
    emit_numbers(out, "const uint8_t mbb_hq_rank[8 * 64]", 8 * 64, 16, u8_at, t->hq_rank);
    fputs("\nconst uint32_t mbb_hq_table_bytes MBB_PLACE = sizeof mbb_hq_lines + sizeof mbb_hq_rank;\n", out);
}

static void emit_sliders(FILE *out, const struct slider_tables *t)
{
    const char *name = flavour_name(t->flavour);
    char declaration[96];

    if (t->flavour == FLAVOUR_HQ) {
        emit_hq(out, t);
        return;
    }
    emit_entries(out, t, PIECE_ROOK, "rook");
    emit_entries(out, t, PIECE_BISHOP, "bishop");
    if (t->flavour == FLAVOUR_PEXT16) {
        snprintf(declaration, sizeof declaration, "const uint16_t mbb_pext16_attacks[%lu]",
                 (unsigned long)t->count);
        emit_numbers(out, declaration, t->count, 8, u16_at, t->attacks16);
    } else if (t->flavour == FLAVOUR_BYTE) {
        snprintf(declaration, sizeof declaration, "const uint8_t mbb_byte_index[%lu]",
                 (unsigned long)t->count);
        emit_numbers(out, declaration, t->count, 16, u8_at, t->index8);
        snprintf(declaration, sizeof declaration, "const uint64_t mbb_byte_sets[%lu]",
                 (unsigned long)t->set_count);
        emit_numbers(out, declaration, t->set_count, 4, u64_at, t->sets);
    } else {
        snprintf(declaration, sizeof declaration, "const uint64_t mbb_%s_attacks[%lu]", name,
                 (unsigned long)t->count);
        emit_numbers(out, declaration, t->count, 4, u64_at, t->attacks);
    }
    /* sizeof on the target: its padding of the entries may differ from
     * the build machine's. */
    fprintf(out, "\nconst uint32_t mbb_%s_table_bytes MBB_PLACE =\n    sizeof mbb_%s_rook + sizeof mbb_%s_bishop",
            name, name, name);
    if (t->flavour == FLAVOUR_BYTE)
        fputs(" + sizeof mbb_byte_index + sizeof mbb_byte_sets;\n", out);
    else
        fprintf(out, " + sizeof mbb_%s_attacks;\n", name);
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
    fprintf(out, "\nconst uint64_t %s[64][64] MBB_PLACE = {", name);
    for (unsigned a = 0; a < 64; a++) {
        fputs("\n  {", out);
        for (unsigned b = 0; b < 64; b++)
            fprintf(out, "%s0x%llxu,", b % 4 == 0 ? "\n    " : " ",
                    (unsigned long long)pair(a, b));
        fputs("\n  },", out);
    }
    fputs("\n};\n", out);
}

static void emit_board(FILE *out)
{
    fputs("\nconst uint64_t mbb_tab_knight[64] MBB_PLACE = ", out);
    emit_row(out, knight_attacks);
    fputs(";\n\nconst uint64_t mbb_tab_king[64] MBB_PLACE = ", out);
    emit_row(out, king_attacks);
    fputs(";\n\nconst uint64_t mbb_tab_pawn[2][64] MBB_PLACE = {\n/* white */ ", out);
    emit_row(out, white_pawn);
    fputs(",\n/* black */ ", out);
    emit_row(out, black_pawn);
    fputs("\n};\n", out);
    emit_pair_table(out, "mbb_tab_between", between_squares);
    emit_pair_table(out, "mbb_tab_line", line_through);
}

void emit_tables(FILE *f, const struct slider_tables *t, const char *origin, int with_board)
{
    fprintf(f,
            "/* Generated by magicbb-gen " MBB_VERSION "; do not edit.\n"
            " *   flavour:  %s\n"
            " *   magics:   ",
            flavour_name(t->flavour));
    /* origin may quote a path: nothing in it may end the comment. */
    escape_text(f, origin, ESCAPE_COMMENT);
    fputc('\n', f);
    if (t->flavour == FLAVOUR_HQ)
        fputs(" *   entries:  none: 3 line masks a square and a 512-byte rank table\n", f);
    else if (flavour_has_offsets(t->flavour))
        fprintf(f, " *   entries:  %lu, in overlapping slices\n", (unsigned long)t->count);
    else
        fprintf(f, " *   entries:  rook %lu, bishop %lu, total %lu\n",
                (unsigned long)t->entry[PIECE_BISHOP][0].offset,
                (unsigned long)(t->count - t->entry[PIECE_BISHOP][0].offset),
                (unsigned long)t->count);
    if (t->loaded_count != 0)
        fprintf(f, " *   packed:   %lu entries, from the %lu of the loaded layout\n",
                (unsigned long)t->count, (unsigned long)t->loaded_count);
    if (t->flavour == FLAVOUR_BYTE)
        fprintf(f, " *   sets:     %lu distinct attack sets\n", (unsigned long)t->set_count);
    fprintf(f,
            " *   hash:     0x%016llx (FNV-1a 64 of the slider entries and attacks)\n"
            " */\n"
            "#include \"magicbb.h\"\n"
            "\n"
            "/* A build configured --with-table-section=NAME puts every table in\n"
            " * section NAME, for a linker script to place. */\n"
            "#ifdef MBB_TABLE_SECTION\n"
            "#define MBB_PLACE __attribute__((section(MBB_TABLE_SECTION)))\n"
            "#else\n"
            "#define MBB_PLACE\n"
            "#endif\n",
            (unsigned long long)tables_hash(t));
    emit_sliders(f, t);
    if (with_board)
        emit_board(f);
}
