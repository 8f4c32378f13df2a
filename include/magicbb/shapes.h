/* SPDX-License-Identifier: MIT */
/* magicbb/shapes.h - what every flavour's unit (magicbb/NAME.h) shares:
 * the fixed index widths, the lookups' building blocks and the shapes of
 * their entries and records.  Portable C99, <stddef.h> and <stdint.h> only.
 *
 * Each unit defines, for flavour NAME, the same interface:
 *   struct mbb_NAME_tables    pointers to a set of its tables, so the
 *                             generator and the probes can read tables
 *                             they hold in memory;
 *   mbb_NAME_rook_in(t, sq, occupied), mbb_NAME_bishop_in(...)
 *                             lookups in such a set;
 *   mbb_NAME_rook_attacks(sq, occupied), mbb_NAME_bishop_attacks(...),
 *   mbb_NAME_queen_attacks(...)
 *                             the same lookups in the library's constant
 *                             tables, declared there (mbb_NAME_... names,
 *                             so a program built for one flavour does not
 *                             link against another); the queen's may
 *                             share work between the two;
 *   mbb_NAME_table_bytes      the bytes of those tables;
 *   mbb_NAME_slider_bytes(slots, sets, &at_most)
 *                             what the layout must take, from the number
 *                             of slots a table with one slot per relevant
 *                             occupancy has and of distinct attack sets,
 *                             for tests; at_most is set to 1 where that
 *                             is a bound (fewer-bit magics, overlapping
 *                             or shared slices take less), else 0.
 * Entries are indexed by square; most are padded to 16 or 32 bytes so
 * that finding one takes a single shift, and the table flavours keep a
 * square's rook and bishop entries in one record (MBB_COMMON_SHAPE). */
#ifndef MAGICBB_SHAPES_H
#define MAGICBB_SHAPES_H

#include "bits.h"

/* The symbol each flavour's tables define for the link's sake alone: a
 * program whose inline lookups (magicbb_inline.h) were linked without
 * the tables (against the shared library, or a drop-in without its one
 * MAGICBB_IMPLEMENTATION file, or with two, or files compiled with
 * different flags) sees this name in the linker's message, which says
 * what to do. */
#define MBB_LINK_RULE(name)                                                                        \
    mbb_##name##_tables_link_libmagicbb_a_or_one_MAGICBB_IMPLEMENTATION_file_see_doc_engines_md

/* Index bits of the fixed-width flavours (plain, black). */
#define MBB_ROOK_FIXED_BITS 12
#define MBB_BISHOP_FIXED_BITS 9

/* Hyperbola quintessence along one line through the slider, bit r (line
 * is the line's mask without r).  With o the line's occupied squares,
 * o - r flips r and the squares above it up to the first blocker, which
 * it includes; on the reversed line the same flips r and those below it.
 * XORed, o and r cancel and the two runs remain: the attacks.  rev
 * reverses the line's squares (a byte swap for lines with one square a
 * rank, a bit reverse for any line); r_reversed is rev(r). */
#define MBB_HYPERBOLA(rev, occupied, line, r, r_reversed)                                          \
    ((((occupied) & (line)) - (r)) ^ rev(rev((occupied) & (line)) - (r_reversed))) & (line)

MBB_FN uint64_t mbb_hyperbola_swapped(uint64_t occupied, uint64_t line, uint64_t r,
                                      uint64_t r_swapped)
{
    return MBB_HYPERBOLA(mbb_bswap64, occupied, line, r, r_swapped);
}

MBB_FN uint64_t mbb_hyperbola_reversed(uint64_t occupied, uint64_t line, uint64_t r,
                                       uint64_t r_reversed)
{
    return MBB_HYPERBOLA(mbb_bitrev64, occupied, line, r, r_reversed);
}

/* A rook's attacks along its rank, from a 512-byte table of the first
 * rank's, rank[inner * 8 + file] (inner: the six inner squares' bits).
 * The inner squares shifted down to bits 1-6 are inner * 2, so
 * (inner * 2) * 4 + file is the index. */
MBB_FN uint64_t mbb_rank_attacks_from(const uint8_t *rank, unsigned sq, uint64_t occupied)
{
    const unsigned shift = sq & 56;

    return MBB_CAST(uint64_t, rank[(MBB_CAST(unsigned, occupied >> shift) & 0x7e) * 4 + (sq & 7)])
           << shift;
}

/* The padding that makes a pointer and it take `bytes` bytes, so that an
 * entry of a pointer has the size of one of an offset on every target.
 * An entry points to its square's slice rather than holding an offset
 * into the attack table where that measured faster (doc/flavours.md): the
 * lookup adds no base address.  Address constants, resolved at link time
 * (firmware: in flash), or by the loader in a shared library, into memory
 * read-only after relocation (.data.rel.ro); the attack tables themselves
 * stay .rodata. */
#define MBB_PAD_POINTER(bytes) uint8_t reserved[(bytes) - sizeof(const void *)]

/* Slots of a fixed-shift table with every slice at full width:
 * 64 x 4096 + 64 x 512. */
#define MBB_FIXED_SHIFT_SLOTS                                                                      \
    ((MBB_CAST(size_t, 64) << MBB_ROOK_FIXED_BITS)                                                 \
     + (MBB_CAST(size_t, 64) << MBB_BISHOP_FIXED_BITS))

/* The entry, index and lookup of a fixed-shift flavour whose entry points
 * to its slice (plain, white): mask, magic and slice, padded to 32 bytes;
 * the index is the product's top `bits` bits. */
#define MBB_FIXED_SHIFT_ENTRY(name)                                                                \
    struct mbb_##name##_entry {                                                                    \
        uint64_t mask; /* relevant occupancy */                                                    \
        uint64_t magic;                                                                            \
        const uint64_t *slice; /* the square's slice */                                            \
        MBB_PAD_POINTER(16);   /* 0: pads the entry to 32 bytes */                                 \
    };                                                                                             \
    MBB_FN uint32_t mbb_##name##_index(const struct mbb_##name##_entry *e, uint64_t occupied,      \
                                       unsigned bits)                                              \
    {                                                                                              \
        return MBB_CAST(uint32_t, ((occupied & e->mask) * e->magic) >> (64 - bits));               \
    }                                                                                              \
    MBB_FN uint64_t mbb_##name##_lookup(const struct mbb_##name##_entry *e,                        \
                                        const uint64_t *attacks, uint64_t occupied, unsigned bits) \
    {                                                                                              \
        (void)attacks;                                                                             \
        return e->slice[mbb_##name##_index(e, occupied, bits)];                                    \
    }

/* The interface for a table-free flavour whose square has one record,
 * struct mbb_NAME_square, of its four lines ([0] the file, [1] the rank,
 * [2] the diagonal, [3] the antidiagonal), from the unit's own
 *     uint64_t mbb_NAME_prepare(uint64_t occupied)
 *     uint64_t mbb_NAME_line(const struct mbb_NAME_square *s, unsigned i,
 *                            uint64_t prepared)
 * the occupancy as the lines want it, once a lookup, and the attacks
 * along line i.  Defines struct mbb_NAME_tables and the lookups, and
 * declares the library's records; the queen's does all four lines from
 * one record and one prepared occupancy. */
#define MBB_FOUR_LINES_SHAPE(name)                                                                 \
    struct mbb_##name##_tables {                                                                   \
        const struct mbb_##name##_square *squares;                                                 \
    };                                                                                             \
    MBB_FN uint64_t mbb_##name##_rook(const struct mbb_##name##_square *s, uint64_t occupied)      \
    {                                                                                              \
        const uint64_t o = mbb_##name##_prepare(occupied);                                         \
        return mbb_##name##_line(s, 0, o) | mbb_##name##_line(s, 1, o);                            \
    }                                                                                              \
    MBB_FN uint64_t mbb_##name##_bishop(const struct mbb_##name##_square *s, uint64_t occupied)    \
    {                                                                                              \
        const uint64_t o = mbb_##name##_prepare(occupied);                                         \
        return mbb_##name##_line(s, 2, o) | mbb_##name##_line(s, 3, o);                            \
    }                                                                                              \
    MBB_FN uint64_t mbb_##name##_rook_in(const struct mbb_##name##_tables *t, unsigned sq,         \
                                         uint64_t occupied)                                        \
    {                                                                                              \
        return mbb_##name##_rook(&t->squares[sq], occupied);                                       \
    }                                                                                              \
    MBB_FN uint64_t mbb_##name##_bishop_in(const struct mbb_##name##_tables *t, unsigned sq,       \
                                           uint64_t occupied)                                      \
    {                                                                                              \
        return mbb_##name##_bishop(&t->squares[sq], occupied);                                     \
    }                                                                                              \
    extern const struct mbb_##name##_square mbb_##name##_squares[64];                              \
    extern const uint32_t mbb_##name##_table_bytes;                                                \
    MBB_FN uint64_t mbb_##name##_rook_attacks(unsigned sq, uint64_t occupied)                      \
    {                                                                                              \
        return mbb_##name##_rook(&mbb_##name##_squares[sq], occupied);                             \
    }                                                                                              \
    MBB_FN uint64_t mbb_##name##_bishop_attacks(unsigned sq, uint64_t occupied)                    \
    {                                                                                              \
        return mbb_##name##_bishop(&mbb_##name##_squares[sq], occupied);                           \
    }                                                                                              \
    MBB_FN uint64_t mbb_##name##_queen_attacks(unsigned sq, uint64_t occupied)                     \
    {                                                                                              \
        const struct mbb_##name##_square *s = &mbb_##name##_squares[sq];                           \
        const uint64_t o = mbb_##name##_prepare(occupied);                                         \
        return mbb_##name##_line(s, 0, o) | mbb_##name##_line(s, 1, o)                             \
               | mbb_##name##_line(s, 2, o) | mbb_##name##_line(s, 3, o);                          \
    }                                                                                              \
    MBB_FN size_t mbb_##name##_slider_bytes(size_t slots, size_t sets, int *at_most)               \
    {                                                                                              \
        (void)slots, (void)sets;                                                                   \
        *at_most = 0;                                                                              \
        return 64 * sizeof(struct mbb_##name##_square);                                            \
    }

/* Flavours with a post-mask (shared, shiftmagic): the squares whose
 * slices are one, each group's first square holding its offset.  Rooks
 * on diagonal neighbours pair up (a1 with b2, b1 with a2: two pairs in
 * each 2x2 block); bishops go by four in a row of a rank (a-d, e-h). */
MBB_FN unsigned mbb_postmask_rook_group(unsigned sq)
{
    return sq < (sq ^ 9u) ? sq : sq ^ 9u;
}

MBB_FN unsigned mbb_postmask_bishop_group(unsigned sq)
{
    return sq & ~3u;
}

/* A square's record aligned to `bytes`: the common shape aligns it to its
 * own size, so that it never straddles a cache line (64 bytes, two 32-byte
 * entries, is one line). */
#if defined(__GNUC__) || defined(__clang__)
#define MBB_RECORD_ALIGNED(bytes) __attribute__((aligned(bytes)))
#else
#define MBB_RECORD_ALIGNED(bytes)
#endif

/* The interface for a flavour of the common shape: one record a square,
 * struct mbb_NAME_square, holding the rook's and the bishop's struct
 * mbb_NAME_entry side by side (a queen's lookup reads one cache line of
 * them, not two, which counts where other reads keep evicting them), one
 * attack table of attack_type, mbb_NAME_attacks, and the unit's own
 *     uint64_t mbb_NAME_lookup(const struct mbb_NAME_entry *e,
 *                              const attack_type *attacks,
 *                              uint64_t occupied, unsigned bits)
 * where bits is the piece's fixed number of index bits (rook_bits,
 * bishop_bits; 0 for flavours whose entries have their own).  Defines
 * struct mbb_NAME_square, struct mbb_NAME_tables and the lookups, and
 * declares the library's tables. */
#define MBB_COMMON_SHAPE(name, attack_type, rook_bits, bishop_bits)                                \
    struct mbb_##name##_square {                                                                   \
        struct mbb_##name##_entry rook, bishop;                                                    \
    } MBB_RECORD_ALIGNED(2 * sizeof(struct mbb_##name##_entry));                                   \
    struct mbb_##name##_tables {                                                                   \
        const struct mbb_##name##_square *squares;                                                 \
        const attack_type *attacks;                                                                \
    };                                                                                             \
    MBB_FN uint64_t mbb_##name##_rook_in(const struct mbb_##name##_tables *t, unsigned sq,         \
                                         uint64_t occupied)                                        \
    {                                                                                              \
        return mbb_##name##_lookup(&t->squares[sq].rook, t->attacks, occupied, rook_bits);         \
    }                                                                                              \
    MBB_FN uint64_t mbb_##name##_bishop_in(const struct mbb_##name##_tables *t, unsigned sq,       \
                                           uint64_t occupied)                                      \
    {                                                                                              \
        return mbb_##name##_lookup(&t->squares[sq].bishop, t->attacks, occupied, bishop_bits);     \
    }                                                                                              \
    extern const struct mbb_##name##_square mbb_##name##_squares[64];                              \
    extern const attack_type mbb_##name##_attacks[];                                               \
    extern const uint32_t mbb_##name##_table_bytes;                                                \
    MBB_FN uint64_t mbb_##name##_rook_attacks(unsigned sq, uint64_t occupied)                      \
    {                                                                                              \
        return mbb_##name##_lookup(&mbb_##name##_squares[sq].rook, mbb_##name##_attacks, occupied, \
                                   rook_bits);                                                     \
    }                                                                                              \
    MBB_FN uint64_t mbb_##name##_bishop_attacks(unsigned sq, uint64_t occupied)                    \
    {                                                                                              \
        return mbb_##name##_lookup(&mbb_##name##_squares[sq].bishop, mbb_##name##_attacks,         \
                                   occupied, bishop_bits);                                         \
    }                                                                                              \
    MBB_FN uint64_t mbb_##name##_queen_attacks(unsigned sq, uint64_t occupied)                     \
    {                                                                                              \
        const struct mbb_##name##_square *s = &mbb_##name##_squares[sq];                           \
        return mbb_##name##_lookup(&s->rook, mbb_##name##_attacks, occupied, rook_bits)            \
               | mbb_##name##_lookup(&s->bishop, mbb_##name##_attacks, occupied, bishop_bits);     \
    }

#endif /* MAGICBB_SHAPES_H */
