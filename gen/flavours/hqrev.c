/* SPDX-License-Identifier: MIT */
/* hqrev.c - the generator's steps for hqrev (include/magicbb/hqrev.h): no
 * tables at all; the lookups compute each line from the square.  The
 * generator still checks them, with the C bit reverse, against the ray
 * walk. */
#include "flavour_unit.h"
#include "magicbb/hqrev.h"

static int hqrev_encode(struct slider_tables *t)
{
    struct mbb_hqrev_tables *s = state_alloc(sizeof *s);

    if (s == NULL)
        return -2;
    t->encoded = s;
    return 0;
}

GEN_LOOKUP(hqrev)

static void hqrev_emit(FILE *out, const struct slider_tables *t)
{
    (void)t;
    emit_table_bytes(out, "hqrev", NULL, 0);
}

static void hqrev_describe(FILE *out, const struct slider_tables *t)
{
    (void)t;
    fputs(" *   entries:  none: no slider table, the lines are computed\n", out);
}

const struct gen_flavour gen_flavour_hqrev = {
    GEN_REGISTERED(hqrev),      .product = 64,
    .layout = LAYOUT_NONE,      .encode = hqrev_encode,
    .lookup = hqrev_lookup,     .emit = hqrev_emit,
    .describe = hqrev_describe, .release = release_encoded,
};
