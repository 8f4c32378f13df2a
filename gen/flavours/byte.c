/* SPDX-License-Identifier: MIT */
/* byte.c - the generator's steps for byte (include/magicbb/byte.h): fancy's
 * hash, each slot a byte numbering one of the square's distinct attack
 * sets. */
#include "flavour_unit.h"
#include "magicbb/byte.h"

struct byte_state {
    struct mbb_byte_tables view; /* first: what lookup() reads */
    struct mbb_byte_entry entry[PIECE_COUNT][64];
    uint8_t *index;
    uint64_t *sets;
    uint32_t set_count;
};

static uint32_t byte_index(enum piece piece, const struct work_entry *w, uint64_t occupied)
{
    const struct mbb_byte_entry e
        = { .mask = w->mask, .magic = w->magic, .shift = (uint16_t)w->shift };

    (void)piece;
    return mbb_byte_index(&e, occupied);
}

static int byte_encode(struct slider_tables *t)
{
    struct byte_state *s = state_alloc(sizeof *s);

    if (s == NULL)
        return -2;
    t->encoded = s;
    s->index = calloc(t->count, 1);
    s->sets = calloc(PIECE_COUNT * 64 * 256, sizeof *s->sets);
    if (s->index == NULL || s->sets == NULL)
        return -2;
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct work_entry *w = &t->entry[p][sq];
            struct mbb_byte_entry *b = &s->entry[p][sq];
            const uint32_t size = (uint32_t)1 << index_bits(t->flavour, (enum piece)p, w);
            const uint64_t *sets = s->sets + s->set_count;
            unsigned distinct = 0;

            b->mask = w->mask;
            b->magic = w->magic;
            b->index = s->index + w->offset;
            b->shift = (uint16_t)w->shift;
            b->sets = (uint16_t)s->set_count;
            for (uint32_t i = 0; i < size; i++) {
                const uint64_t attacks = t->attacks[w->offset + i];
                unsigned k = 0;

                if (attacks == 0) /* a free slot: no slider attacks nothing */
                    continue;
                while (k < distinct && sets[k] != attacks)
                    k++;
                if (k == distinct)
                    s->sets[s->set_count + distinct++] = attacks;
                /* At most 144 sets a square; verify() would catch a byte
                 * that did not hold its set's number. */
                s->index[w->offset + i] = (uint8_t)k;
            }
            s->set_count += distinct;
        }
    }
    s->view.rook = s->entry[PIECE_ROOK];
    s->view.bishop = s->entry[PIECE_BISHOP];
    s->view.index = s->index;
    s->view.sets = s->sets;
    return 0;
}

GEN_LOOKUP(byte)
GEN_FILL(byte)

/* emit_entries' data: a piece's entries, and where the slices of bytes
 * start. */
struct byte_rows {
    const struct mbb_byte_entry *entry;
    const uint8_t *index;
};

static void byte_entry_fields(FILE *out, const void *data, unsigned sq)
{
    const struct byte_rows *rows = data;
    const struct mbb_byte_entry *e = &rows->entry[sq];

    fprintf(
        out,
        "/* mask */ 0x%016llxu, /* magic */ 0x%016llxu, /* index */ mbb_byte_index_table + %6lu,"
        " /* shift */ %2u, /* sets */ %4u",
        (unsigned long long)e->mask, (unsigned long long)e->magic,
        (unsigned long)(e->index - rows->index), (unsigned)e->shift, (unsigned)e->sets);
}

static void byte_emit(FILE *out, const struct slider_tables *t)
{
    static const char *const tables[]
        = { "mbb_byte_rook", "mbb_byte_bishop", "mbb_byte_index_table", "mbb_byte_sets" };
    const struct byte_state *s = t->encoded;
    const struct byte_rows rook = { s->entry[PIECE_ROOK], s->index };
    const struct byte_rows bishop = { s->entry[PIECE_BISHOP], s->index };

    emit_entries(out, "mbb_byte_entry", tables[0], byte_entry_fields, &rook);
    emit_entries(out, "mbb_byte_entry", tables[1], byte_entry_fields, &bishop);
    emit_numbers(out, "uint8_t", tables[2], t->count, 16, emit_u8_at, s->index);
    emit_numbers(out, "uint64_t", tables[3], s->set_count, 4, emit_u64_at, s->sets);
    emit_table_bytes(out, "byte", tables, 4);
}

static void byte_describe(FILE *out, const struct slider_tables *t)
{
    const struct byte_state *s = t->encoded;

    describe_entries(out, t);
    fprintf(out, " *   sets:     %lu distinct attack sets\n", (unsigned long)s->set_count);
}

static void byte_release(struct slider_tables *t)
{
    struct byte_state *s = t->encoded;

    free(s->index);
    free(s->sets);
    free(s);
}

const struct gen_flavour gen_flavour_byte = {
    GEN_REGISTERED(byte),    .product = 64,     .layout = LAYOUT_SEQUENTIAL,
    .index = byte_index,     .fill = byte_fill, .encode = byte_encode,
    .lookup = byte_lookup,   .emit = byte_emit, .describe = byte_describe,
    .release = byte_release,
};
