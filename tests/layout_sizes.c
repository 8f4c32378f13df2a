/* SPDX-License-Identifier: MIT */
/* layout_sizes.c - slider table sizes from first principles. */
#include <string.h>

#include "flavours-all.h"

#include "layout_sizes.h"
#include "reference.h"

/* Attack sets a slider on sq can have: distinct answers over its subsets
 * (at most 144, for a rook in the centre). */
static size_t distinct_sets(unsigned sq, uint64_t (*reference)(unsigned, uint64_t), uint64_t mask)
{
    uint64_t seen[256];
    size_t count = 0;
    uint64_t subset = 0;

    do {
        const uint64_t attacks = reference(sq, subset);
        size_t k = 0;

        while (k < count && seen[k] != attacks)
            k++;
        if (k == count && count < 256)
            seen[count++] = attacks;
        subset = (subset - mask) & mask;
    } while (subset != 0);
    return count;
}

size_t relevant_slots(void)
{
    size_t slots = 0;

    for (unsigned sq = 0; sq < 64; sq++)
        slots += ((size_t)1 << ref_popcount(ref_rook_mask(sq)))
                 + ((size_t)1 << ref_popcount(ref_bishop_mask(sq)));
    return slots;
}

size_t expected_table_bytes(const char *flavour, int *at_most)
{
    const size_t slots = relevant_slots();
    size_t sets = 0;

    for (unsigned sq = 0; sq < 64; sq++)
        sets += distinct_sets(sq, ref_rook, ref_rook_mask(sq))
                + distinct_sets(sq, ref_bishop, ref_bishop_mask(sq));
    *at_most = 0;
    /* Each flavour's unit says what its layout takes for these counts. */
#define MBB_FLAVOUR(name, isa, magics, reads)                                                      \
    if (strcmp(flavour, #name) == 0)                                                               \
        return mbb_##name##_slider_bytes(slots, sets, at_most);
#include "flavours.def"
#undef MBB_FLAVOUR
    return LAYOUT_UNKNOWN;
}
