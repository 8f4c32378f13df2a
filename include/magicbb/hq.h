/* SPDX-License-Identifier: MIT */
/* magicbb/hq.h - hyperbola quintessence (MBB_HYPERBOLA in shapes.h): no
 * attack table.  A byte swap reverses files and diagonals (one square a
 * rank); ranks, whose squares share one byte, come from a 512-byte table
 * of the first rank's attacks. */
#ifndef MAGICBB_HQ_H
#define MAGICBB_HQ_H

#include "shapes.h"

/* The three lines a byte swap reverses, without the square itself, and
 * the square's own bit (loaded, it costs no variable shift). */
struct mbb_hq_entry {
    uint64_t file;
    uint64_t diagonal;
    uint64_t antidiagonal;
    uint64_t bit;
};

struct mbb_hq_tables {
    const struct mbb_hq_entry *lines;
    /* [inner * 8 + file]: the attacks along the first rank of a rook on
     * `file`, the rank's six inner squares occupied as the bits of
     * `inner` say */
    const uint8_t *rank;
};

MBB_FN uint64_t mbb_hq_rook(const struct mbb_hq_entry *l, const uint8_t *rank, unsigned sq,
                            uint64_t occupied)
{
    return mbb_hyperbola_swapped(occupied, l->file, l->bit, mbb_bswap64(l->bit))
           | mbb_rank_attacks_from(rank, sq, occupied);
}

MBB_FN uint64_t mbb_hq_bishop(const struct mbb_hq_entry *l, unsigned sq, uint64_t occupied)
{
    const uint64_t r_swapped = mbb_bswap64(l->bit);

    (void)sq;
    return mbb_hyperbola_swapped(occupied, l->diagonal, l->bit, r_swapped)
           | mbb_hyperbola_swapped(occupied, l->antidiagonal, l->bit, r_swapped);
}

/* Both at once: one entry, one swapped bit. */
MBB_FN uint64_t mbb_hq_queen(const struct mbb_hq_entry *l, const uint8_t *rank, unsigned sq,
                             uint64_t occupied)
{
    const uint64_t r_swapped = mbb_bswap64(l->bit);

    return mbb_hyperbola_swapped(occupied, l->file, l->bit, r_swapped)
           | mbb_hyperbola_swapped(occupied, l->diagonal, l->bit, r_swapped)
           | mbb_hyperbola_swapped(occupied, l->antidiagonal, l->bit, r_swapped)
           | mbb_rank_attacks_from(rank, sq, occupied);
}

MBB_FN uint64_t mbb_hq_rook_in(const struct mbb_hq_tables *t, unsigned sq, uint64_t occupied)
{
    return mbb_hq_rook(&t->lines[sq], t->rank, sq, occupied);
}

MBB_FN uint64_t mbb_hq_bishop_in(const struct mbb_hq_tables *t, unsigned sq, uint64_t occupied)
{
    return mbb_hq_bishop(&t->lines[sq], sq, occupied);
}

extern const struct mbb_hq_entry mbb_hq_lines[64];
extern const uint8_t mbb_hq_rank[8 * 64];
extern const uint32_t mbb_hq_table_bytes;

MBB_FN uint64_t mbb_hq_rook_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hq_rook(&mbb_hq_lines[sq], mbb_hq_rank, sq, occupied);
}

MBB_FN uint64_t mbb_hq_bishop_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hq_bishop(&mbb_hq_lines[sq], sq, occupied);
}

MBB_FN uint64_t mbb_hq_queen_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_hq_queen(&mbb_hq_lines[sq], mbb_hq_rank, sq, occupied);
}

MBB_FN size_t mbb_hq_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    (void)slots, (void)sets;
    *at_most = 0;
    return 64 * sizeof(struct mbb_hq_entry) + 8 * 64;
}

#endif /* MAGICBB_HQ_H */
