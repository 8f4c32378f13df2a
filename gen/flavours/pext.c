/* SPDX-License-Identifier: MIT */
/* pext.c - the generator's steps for pext (src/magicbb/pext.h).  The
 * generator computes PEXT in plain C, so it runs on any build machine. */
#include "flavour_unit.h"
#include "magicbb/pext.h"

static struct mbb_pext_entry pext_entry_from(enum piece piece, const struct work_entry *w)
{
    const struct mbb_pext_entry e = { .mask = w->mask, .offset = w->offset };

    (void)piece;
    return e;
}

static void pext_entry_fields(FILE *out, const void *entries, unsigned sq)
{
    const struct mbb_pext_entry *e = (const struct mbb_pext_entry *)entries + sq;

    fprintf(out, ".mask = 0x%016llxu, .offset = %6lu", (unsigned long long)e->mask,
            (unsigned long)e->offset);
}

static uint32_t pext_index(enum piece piece, const struct work_entry *w, uint64_t occupied)
{
    const struct mbb_pext_entry e = pext_entry_from(piece, w);

    return mbb_pext_index(&e, occupied);
}

GEN_COMMON_SHAPE_TABLES(pext)

const struct gen_flavour gen_flavour_pext = {
    .name = "pext", .product = 64, .layout = LAYOUT_SEQUENTIAL,
    .index = pext_index, .encode = pext_encode, .lookup = pext_lookup,
    .emit = pext_emit, .release = release_encoded,
};
