/* SPDX-License-Identifier: MIT */
/* fancy.c - the generator's steps for fancy (include/magicbb/fancy.h). */
#include "flavour_unit.h"
#include "magicbb/fancy.h"

static struct mbb_fancy_entry fancy_entry_from(enum piece piece, const struct work_entry *w)
{
    const struct mbb_fancy_entry e = { .mask = w->mask, .magic = w->magic, .shift = w->shift };

    (void)piece;
    return e;
}

static void fancy_entry_fields(FILE *out, const void *entries, unsigned sq, const char *slice)
{
    const struct mbb_fancy_entry *e = (const struct mbb_fancy_entry *)entries + sq;

    fprintf(out, "/* mask */ 0x%016llxu, /* magic */ 0x%016llxu, /* slice */ %s, /* shift */ %2lu",
            (unsigned long long)e->mask, (unsigned long long)e->magic, slice,
            (unsigned long)e->shift);
}

static uint32_t fancy_index(enum piece piece, const struct work_entry *w, uint64_t occupied)
{
    const struct mbb_fancy_entry e = fancy_entry_from(piece, w);

    return mbb_fancy_index(&e, occupied);
}

GEN_COMMON_SHAPE(fancy, 1)

const struct gen_flavour gen_flavour_fancy = {
    GEN_REGISTERED(fancy),  .product = 64,      .layout = LAYOUT_PACKED,
    .index = fancy_index,   .fill = fancy_fill, .encode = fancy_encode,
    .lookup = fancy_lookup, .emit = fancy_emit, .release = release_encoded,
};
