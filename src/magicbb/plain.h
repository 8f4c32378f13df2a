/* magicbb/plain.h - plain magic bitboards: 12 index bits for every rook
 * square and 9 for every bishop square, so the shift is a constant, and
 * every slice has its full size: rook square sq at sq * 4096, bishop
 * square sq at 64 * 4096 + sq * 512.  The largest table, and the
 * simplest.  The entry keeps the slice's start all the same: loading it
 * is cheaper than working it out from the square. */
#ifndef MAGICBB_PLAIN_H
#define MAGICBB_PLAIN_H

#include "common.h"

struct mbb_plain_entry {
    uint64_t mask;        /* relevant occupancy */
    uint64_t magic;
    uint32_t offset;      /* first slot of the square's slice */
    uint32_t reserved[3]; /* 0: pads the entry to 32 bytes */
};

struct mbb_plain_tables {
    const struct mbb_plain_entry *rook, *bishop;
    const uint64_t *attacks;
};

static inline uint32_t mbb_plain_index(const struct mbb_plain_entry *e, uint64_t occupied,
                                       unsigned bits)
{
    return (uint32_t)(((occupied & e->mask) * e->magic) >> (64 - bits));
}

static inline uint64_t mbb_plain_rook_in(const struct mbb_plain_tables *t, unsigned sq,
                                         uint64_t occupied)
{
    const struct mbb_plain_entry *e = &t->rook[sq];

    return t->attacks[e->offset + mbb_plain_index(e, occupied, MBB_ROOK_FIXED_BITS)];
}

static inline uint64_t mbb_plain_bishop_in(const struct mbb_plain_tables *t, unsigned sq,
                                           uint64_t occupied)
{
    const struct mbb_plain_entry *e = &t->bishop[sq];

    return t->attacks[e->offset + mbb_plain_index(e, occupied, MBB_BISHOP_FIXED_BITS)];
}

extern const struct mbb_plain_entry mbb_plain_rook[64], mbb_plain_bishop[64];
extern const uint64_t mbb_plain_attacks[];
extern const uint32_t mbb_plain_table_bytes;

static inline uint64_t mbb_plain_rook_attacks(unsigned sq, uint64_t occupied)
{
    const struct mbb_plain_entry *e = &mbb_plain_rook[sq];

    return mbb_plain_attacks[e->offset + mbb_plain_index(e, occupied, MBB_ROOK_FIXED_BITS)];
}

static inline uint64_t mbb_plain_bishop_attacks(unsigned sq, uint64_t occupied)
{
    const struct mbb_plain_entry *e = &mbb_plain_bishop[sq];

    return mbb_plain_attacks[e->offset + mbb_plain_index(e, occupied, MBB_BISHOP_FIXED_BITS)];
}

static inline uint64_t mbb_plain_queen_attacks(unsigned sq, uint64_t occupied)
{
    return mbb_plain_rook_attacks(sq, occupied) | mbb_plain_bishop_attacks(sq, occupied);
}

static inline size_t mbb_plain_slider_bytes(size_t slots, size_t sets)
{
    (void)slots, (void)sets;
    return (((size_t)64 << MBB_ROOK_FIXED_BITS) + ((size_t)64 << MBB_BISHOP_FIXED_BITS))
               * sizeof(uint64_t)
           + 128 * sizeof(struct mbb_plain_entry);
}

#endif /* MAGICBB_PLAIN_H */
