/* SPDX-License-Identifier: MIT */
/* shiftmagic.c - the generator's steps for shiftmagic
 * (include/magicbb/shiftmagic.h). */
#include "flavour_unit.h"
#include "magicbb/shiftmagic.h"

static struct mbb_shiftmagic_entry shiftmagic_entry_from(enum piece piece,
                                                         const struct work_entry *w)
{
    const struct mbb_shiftmagic_entry e
        = { .mask = w->mask, .magic = w->magic, .postmask = w->empty };

    (void)piece;
    return e;
}

static void shiftmagic_entry_fields(FILE *out, const void *entries, unsigned sq, const char *slice)
{
    const struct mbb_shiftmagic_entry *e = (const struct mbb_shiftmagic_entry *)entries + sq;

    fprintf(
        out,
        "/* mask */ 0x%016llxu, /* magic */ 0x%016llxu, /* postmask */ 0x%016llxu, /* slice */ %s",
        (unsigned long long)e->mask, (unsigned long long)e->magic, (unsigned long long)e->postmask,
        slice);
}

static uint32_t shiftmagic_index(enum piece piece, const struct work_entry *w, uint64_t occupied)
{
    const struct mbb_shiftmagic_entry e = shiftmagic_entry_from(piece, w);

    return mbb_shiftmagic_index(&e, occupied);
}

/* The top six bits are the shift. */
static uint64_t shiftmagic_constrain(enum piece piece, const struct work_entry *w,
                                     uint64_t candidate)
{
    (void)piece;
    return (candidate & ~((uint64_t)63 << 58)) | (uint64_t)w->shift << 58;
}

/* A loaded magic's top six bits must be its shift. */
static const char *shiftmagic_check(enum piece piece, const struct work_entry *w)
{
    (void)piece;
    return w->magic >> 58 == w->shift ? NULL
                                      : "the magic's top six bits are not its shift"
                                        " (64 - index bits)";
}

static unsigned shiftmagic_group(enum piece piece, unsigned sq)
{
    return piece == PIECE_ROOK ? mbb_postmask_rook_group(sq) : mbb_postmask_bishop_group(sq);
}

GEN_COMMON_SHAPE(shiftmagic, 1)

const struct gen_flavour gen_flavour_shiftmagic = {
    GEN_REGISTERED(shiftmagic),  .product = 64,
    .layout = LAYOUT_GROUPED,    .constrain = shiftmagic_constrain,
    .check = shiftmagic_check,   .share = shiftmagic_group,
    .index = shiftmagic_index,   .fill = shiftmagic_fill,
    .encode = shiftmagic_encode, .lookup = shiftmagic_lookup,
    .emit = shiftmagic_emit,     .release = release_encoded,
};
