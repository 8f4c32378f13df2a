/* layout_sizes.c - slider table sizes from first principles. */
#include <string.h>

#include <magicbb.h>

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

size_t expected_table_bytes(const char *flavour)
{
    size_t slots = 0, sets = 0;

    /* Every square gets 2^(relevant squares) slots: 107,648 in all. */
    for (unsigned sq = 0; sq < 64; sq++) {
        slots += ((size_t)1 << ref_popcount(ref_rook_mask(sq)))
                 + ((size_t)1 << ref_popcount(ref_bishop_mask(sq)));
        sets += distinct_sets(sq, ref_rook, ref_rook_mask(sq))
                + distinct_sets(sq, ref_bishop, ref_bishop_mask(sq));
    }
    if (strcmp(flavour, "plain") == 0)
        return 64 * (4096 + 512) * sizeof(uint64_t) + 128 * sizeof(struct mbb_slider);
    if (strcmp(flavour, "pext16") == 0)
        return slots * sizeof(uint16_t) + 128 * sizeof(struct mbb_pdep_slider);
    if (strcmp(flavour, "byte") == 0)
        return slots + sets * sizeof(uint64_t) + 128 * sizeof(struct mbb_byte_slider);
    if (strcmp(flavour, "hq") == 0)
        return 64 * sizeof(struct mbb_hq_lines) + 8 * 64;
    if (strcmp(flavour, "black") == 0)
        return 0;
    return slots * sizeof(uint64_t) + 128 * sizeof(struct mbb_slider);
}

size_t black_entries(size_t bytes)
{
    return (bytes - 128 * sizeof(struct mbb_slider)) / sizeof(uint64_t);
}
