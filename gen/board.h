/* SPDX-License-Identifier: MIT */
/* board.h - a board of any size up to 128 squares, its bit numbering, and
 * the movement rules of piece families on it, walked the slow and obvious
 * way (board.c).  The 8x8 geometry (geometry.c) is this walk on the 8x8
 * board; the variant tables (variant.c) are derived from and checked
 * against it. */
#ifndef GEN_BOARD_H
#define GEN_BOARD_H

#include <stddef.h>
#include <stdint.h>

/* A bitboard of 128 bits, as two words: bit i of lo is bit i, bit i of
 * hi bit 64 + i.  (The generator runs where the compiler may have no
 * 128-bit type.) */
typedef struct {
    uint64_t lo, hi;
} bb128;

static inline bb128 bb_make(uint64_t lo, uint64_t hi)
{
    bb128 b = { lo, hi };

    return b;
}
static inline bb128 bb_bit(unsigned i)
{
    return i < 64 ? bb_make((uint64_t)1 << i, 0) : bb_make(0, (uint64_t)1 << (i - 64));
}
static inline bb128 bb_or(bb128 a, bb128 b)
{
    return bb_make(a.lo | b.lo, a.hi | b.hi);
}
static inline bb128 bb_and(bb128 a, bb128 b)
{
    return bb_make(a.lo & b.lo, a.hi & b.hi);
}
static inline int bb_empty(bb128 a)
{
    return (a.lo | a.hi) == 0;
}
static inline int bb_equal(bb128 a, bb128 b)
{
    return a.lo == b.lo && a.hi == b.hi;
}
static inline unsigned bb_count(bb128 a)
{
    unsigned n = 0;

    for (uint64_t x = a.lo; x != 0; x &= x - 1)
        n++;
    for (uint64_t x = a.hi; x != 0; x &= x - 1)
        n++;
    return n;
}
/* The next subset of mask after subset in counting order (the order of
 * the subsets' PEXT by mask); 0 after the last. */
static inline bb128 bb_subset_next(bb128 subset, bb128 mask)
{
    const uint64_t lo = subset.lo - mask.lo;
    const uint64_t borrow = subset.lo < mask.lo;

    return bb_make(lo & mask.lo, (subset.hi - mask.hi - borrow) & mask.hi);
}

/* The board: files x ranks, square (file, rank) at bit
 * first + rank * stride + file. */
struct board {
    unsigned files, ranks, stride, first;
};

#define BOARD_MAX_SQUARES 128u
#define BOARD_MAX_SIDE 128u

/* Parses FILESxRANKS[:stride=N][:first=N] into *b (stride defaults to
 * the files, first to 0).  0, or -1 with a one-line reason in why
 * (size bytes) naming the value and what is allowed. */
int board_parse(const char *text, struct board *b, char *why, size_t size);

static inline unsigned board_bit(const struct board *b, int file, int rank)
{
    return b->first + (unsigned)rank * b->stride + (unsigned)file;
}
static inline int board_on(const struct board *b, int file, int rank)
{
    return file >= 0 && rank >= 0 && (unsigned)file < b->files && (unsigned)rank < b->ranks;
}
/* The highest bit a square takes, + 1. */
static inline unsigned board_bits(const struct board *b)
{
    return board_bit(b, (int)b->files - 1, (int)b->ranks - 1) + 1;
}

/* How a family moves along its steps. */
enum family_kind {
    KIND_RIDER,       /* repeats its step until it reaches (and takes) a piece */
    KIND_HOPPER,      /* cannon: past exactly one screen, up to and taking the next piece */
    KIND_GRASSHOPPER, /* the one square just past the first piece */
    KIND_LAME         /* leaps, unless a piece stands on a square of its leg */
};

struct step {
    int file, rank;
};

#define FAMILY_MAX_STEPS 16
#define FAMILY_NAME_MAX 32

/* A piece family: a movement rule and its steps, split into parts that
 * each have a table of their own (the lookup takes the union). */
struct family {
    char name[FAMILY_NAME_MAX];
    enum family_kind kind;
    unsigned steps_count;
    struct step steps[FAMILY_MAX_STEPS];
};

/* The kind's name, as a custom family names it. */
const char *family_kind_name(enum family_kind kind);

/* The built-in families, by name (Fairy-Stockfish's fourteen); NULL where
 * there is none. */
const struct family *family_builtin(const char *name);
/* Their names, separated by ", ". */
const char *family_builtin_list(void);

/* A family: a built-in name, or NAME=KIND:F.R/F.R/... (KIND rider,
 * hopper, grasshopper or lame; each step a file and a rank offset).  0,
 * or -1 with the reason in why. */
int family_parse(const char *text, struct family *f, char *why, size_t size);

/* What a piece of family f on (file, rank) attacks, the steps given by
 * the bits of `steps` (bit i: f->steps[i]), occupied as occ says: the
 * rule walked one square at a time. */
bb128 family_attacks(const struct board *b, const struct family *f, unsigned steps, int file,
                     int rank, bb128 occ);

/* The squares a family's rays cross on an empty board (riders, hoppers
 * and grasshoppers: every square its steps repeat to; lame leapers: the
 * targets): every attack set of the steps lies within them. */
bb128 family_reach(const struct board *b, const struct family *f, unsigned steps, int file,
                   int rank);

/* What a rider with the `count` steps given attacks from (file, rank):
 * each step repeated up to and with the first occupied square
 * (family_attacks' riders, and the 8x8 sliders, geometry.c).  Inline, so
 * that a caller whose board is a constant gets the walk made for it: on
 * a board whose bits fit in one word (the 8x8 board) the word is always
 * the first, and the compiler leaves the second out. */
static inline bb128 board_ride(const struct board *b, const struct step *steps, unsigned count,
                               int file, int rank, bb128 occ)
{
    const int wide = board_bits(b) > 64;
    uint64_t words[2] = { 0, 0 };
    const uint64_t occupied[2] = { occ.lo, occ.hi };
    const unsigned from = board_bit(b, file, rank);

    for (unsigned i = 0; i < count; i++) {
        const int df = steps[i].file, dr = steps[i].rank;
        const unsigned delta = (unsigned)df + (unsigned)dr * b->stride;
        unsigned bit = from + delta;

        for (int x = file + df, y = rank + dr; board_on(b, x, y); x += df, y += dr, bit += delta) {
            const unsigned word = wide ? bit >> 6 : 0;
            const uint64_t one = (uint64_t)1 << (bit & 63);

            words[word] |= one;
            if (occupied[word] & one)
                break;
        }
    }
    return bb_make(words[0], words[1]);
}

/* The squares whose occupancy can change that answer: for riders and
 * hoppers each ray's squares but its last, for lame leapers the leg
 * squares of the targets on the board. */
bb128 family_mask(const struct board *b, const struct family *f, unsigned steps, int file,
                  int rank);

/* The lame leaper's leg from (0, 0) to step s: the squares it passes, in
 * relative offsets, into leg[] (3 at most); how many. */
unsigned lame_leg(struct step s, struct step leg[3]);

#endif /* GEN_BOARD_H */
