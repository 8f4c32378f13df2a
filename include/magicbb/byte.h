/* SPDX-License-Identifier: MIT */
/* magicbb/byte.h - a fancy hash into bytes: each slot holds the number of
 * one of the square's distinct attack sets (at most 144 of them), which
 * are stored once each from the square's `sets` on.  About a fifth of
 * fancy's table, for one more load. */
#ifndef MAGICBB_BYTE_H
#define MAGICBB_BYTE_H

#include "shapes.h"

struct mbb_byte_entry {
    uint64_t mask; /* relevant occupancy */
    uint64_t magic;
    const uint8_t *index; /* the square's slice of bytes */
    uint16_t shift;       /* 64 - index bits */
    uint16_t sets;        /* first of the square's distinct attack sets */
    MBB_PAD_POINTER(12);  /* 0: pads the entry to 32 bytes */
};

struct mbb_byte_tables {
    const struct mbb_byte_entry *rook, *bishop;
    const uint8_t *index;
    const uint64_t *sets;
};

MBB_FN uint32_t mbb_byte_index(const struct mbb_byte_entry *e, uint64_t occupied)
{
    return MBB_CAST(uint32_t, ((occupied & e->mask) * e->magic) >> e->shift);
}

MBB_FN uint64_t mbb_byte_lookup(const struct mbb_byte_entry *e, const uint64_t *sets,
                                uint64_t occupied)
{
    return sets[e->sets + e->index[mbb_byte_index(e, occupied)]];
}

MBB_FN uint64_t mbb_byte_rook_in(const struct mbb_byte_tables *t, unsigned sq, uint64_t occupied)
{
    return mbb_byte_lookup(&t->rook[sq], t->sets, occupied);
}

MBB_FN uint64_t mbb_byte_bishop_in(const struct mbb_byte_tables *t, unsigned sq, uint64_t occupied)
{
    return mbb_byte_lookup(&t->bishop[sq], t->sets, occupied);
}

extern const struct mbb_byte_entry mbb_byte_rook[64], mbb_byte_bishop[64];
extern const uint8_t mbb_byte_index_table[];
extern const uint64_t mbb_byte_sets[];
extern const uint32_t mbb_byte_table_bytes;

MBB_FN uint64_t mbb_byte_rook_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_byte_lookup(&mbb_byte_rook[sq], mbb_byte_sets, occupied);
}

MBB_FN uint64_t mbb_byte_bishop_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_byte_lookup(&mbb_byte_bishop[sq], mbb_byte_sets, occupied);
}

MBB_FN uint64_t mbb_byte_queen_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_byte_rook_attacks(sq, occupied) | mbb_byte_bishop_attacks(sq, occupied);
}

/* At most: magics with fewer index bits take fewer slots. */
MBB_FN size_t mbb_byte_slider_bytes(size_t slots, size_t sets, int *at_most)
{
    *at_most = 1;
    return slots + sets * sizeof(uint64_t) + 128 * sizeof(struct mbb_byte_entry);
}

#endif /* MAGICBB_BYTE_H */
