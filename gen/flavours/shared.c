/* SPDX-License-Identifier: MIT */
/* shared.c - the generator's steps for shared (include/magicbb/shared.h). */
#include "flavour_unit.h"
#include "magicbb/shared.h"

static struct mbb_shared_entry shared_entry_from(enum piece piece, const struct work_entry *w)
{
    const struct mbb_shared_entry e = { .mask = w->mask,
                                        .magic = w->magic,
                                        .postmask = w->empty,
                                        .offset = w->offset,
                                        .shift = w->shift };

    (void)piece;
    return e;
}

static void shared_entry_fields(FILE *out, const void *entries, unsigned sq, const char *slice)
{
    const struct mbb_shared_entry *e = (const struct mbb_shared_entry *)entries + sq;

    (void)slice; /* offsets: its 32-byte entry has no room for a pointer */
    fprintf(out,
            "/* mask */ 0x%016llxu, /* magic */ 0x%016llxu, /* postmask */ 0x%016llxu, /* offset "
            "*/ %6lu,"
            " /* shift */ %2lu",
            (unsigned long long)e->mask, (unsigned long long)e->magic,
            (unsigned long long)e->postmask, (unsigned long)e->offset, (unsigned long)e->shift);
}

static uint32_t shared_index(enum piece piece, const struct work_entry *w, uint64_t occupied)
{
    const struct mbb_shared_entry e = shared_entry_from(piece, w);

    return mbb_shared_index(&e, occupied);
}

static unsigned shared_group(enum piece piece, unsigned sq)
{
    return piece == PIECE_ROOK ? mbb_postmask_rook_group(sq) : mbb_postmask_bishop_group(sq);
}

GEN_COMMON_SHAPE(shared, 0)

const struct gen_flavour gen_flavour_shared = {
    GEN_REGISTERED(shared),     .product = 64,           .layout = LAYOUT_GROUPED,
    .share = shared_group,      .index = shared_index,   .fill = shared_fill,
    .encode = shared_encode,    .lookup = shared_lookup, .emit = shared_emit,
    .release = release_encoded,
};
