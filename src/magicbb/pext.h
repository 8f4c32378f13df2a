/* magicbb/pext.h - PEXT bitboards: the relevant occupancy bits, gathered
 * by BMI2's PEXT, are the index into the square's slice.  The entry is
 * just the mask and the slice's first slot: 16 bytes. */
#ifndef MAGICBB_PEXT_H
#define MAGICBB_PEXT_H

#include "common.h"

struct mbb_pext_entry {
    uint64_t mask;     /* relevant occupancy */
    uint32_t offset;   /* first slot of the square's slice */
    uint32_t reserved; /* 0: pads the entry to 16 bytes */
};

struct mbb_pext_tables {
    const struct mbb_pext_entry *rook, *bishop;
    const uint64_t *attacks;
};

static inline uint32_t mbb_pext_index(const struct mbb_pext_entry *e, uint64_t occupied)
{
    return (uint32_t)mbb_pext64(occupied, e->mask);
}

static inline uint64_t mbb_pext_lookup(const struct mbb_pext_entry *e, const uint64_t *attacks,
                                       uint64_t occupied)
{
    return attacks[e->offset + mbb_pext_index(e, occupied)];
}

static inline uint64_t mbb_pext_rook_in(const struct mbb_pext_tables *t, unsigned sq,
                                        uint64_t occupied)
{
    return mbb_pext_lookup(&t->rook[sq], t->attacks, occupied);
}

static inline uint64_t mbb_pext_bishop_in(const struct mbb_pext_tables *t, unsigned sq,
                                          uint64_t occupied)
{
    return mbb_pext_lookup(&t->bishop[sq], t->attacks, occupied);
}

extern const struct mbb_pext_entry mbb_pext_rook[64], mbb_pext_bishop[64];
extern const uint64_t mbb_pext_attacks[];
extern const uint32_t mbb_pext_table_bytes;

static inline uint64_t mbb_pext_rook_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_pext_lookup(&mbb_pext_rook[sq], mbb_pext_attacks, occupied);
}

static inline uint64_t mbb_pext_bishop_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_pext_lookup(&mbb_pext_bishop[sq], mbb_pext_attacks, occupied);
}

static inline uint64_t mbb_pext_queen_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_pext_rook_attacks(sq, occupied) | mbb_pext_bishop_attacks(sq, occupied);
}

static inline size_t mbb_pext_slider_bytes(size_t slots, size_t sets)
{
    (void)sets;
    return slots * sizeof(uint64_t) + 128 * sizeof(struct mbb_pext_entry);
}

#endif /* MAGICBB_PEXT_H */
