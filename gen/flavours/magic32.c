/* SPDX-License-Identifier: MIT */
/* magic32.c - the generator's steps for magic32 (include/magicbb/magic32.h). */
#include "flavour_unit.h"
#include "magicbb/magic32.h"

static struct mbb_magic32_entry magic32_entry_from(enum piece piece, const struct work_entry *w)
{
    const struct mbb_magic32_entry e = { .mask = w->mask, .magic = w->magic, .shift = w->shift };

    (void)piece;
    return e;
}

static void magic32_entry_fields(FILE *out, const void *entries, unsigned sq, const char *slice)
{
    const struct mbb_magic32_entry *e = (const struct mbb_magic32_entry *)entries + sq;

    fprintf(out, "/* mask */ 0x%016llxu, /* magic */ 0x%016llxu, /* slice */ %s, /* shift */ %2lu",
            (unsigned long long)e->mask, (unsigned long long)e->magic, slice,
            (unsigned long)e->shift);
}

static uint32_t magic32_index(enum piece piece, const struct work_entry *w, uint64_t occupied)
{
    const struct mbb_magic32_entry e = magic32_entry_from(piece, w);

    return mbb_magic32_index(&e, occupied);
}

GEN_COMMON_SHAPE(magic32, 1)

/* product 32: the magic is two 32-bit halves, the high half's magic for
 * the occupancy's high half in the top 32 bits. */
const struct gen_flavour gen_flavour_magic32 = {
    GEN_REGISTERED(magic32),  .product = 32,        .layout = LAYOUT_SEQUENTIAL,
    .index = magic32_index,   .fill = magic32_fill, .encode = magic32_encode,
    .lookup = magic32_lookup, .emit = magic32_emit, .release = release_encoded,
};
