/* SPDX-License-Identifier: MIT */
/* reference.c - slow, obvious attack sets by shifting bitboards. */
#include "reference.h"

#define FILE_A 0x0101010101010101u
#define FILE_H 0x8080808080808080u

uint64_t ref_step(uint64_t b, enum ref_dir d)
{
    switch (d) {
    case REF_N:
        return b << 8;
    case REF_S:
        return b >> 8;
    case REF_E:
        return (b & ~FILE_H) << 1;
    case REF_W:
        return (b & ~FILE_A) >> 1;
    case REF_NE:
        return (b & ~FILE_H) << 9;
    case REF_NW:
        return (b & ~FILE_A) << 7;
    case REF_SE:
        return (b & ~FILE_H) >> 7;
    case REF_SW:
        return (b & ~FILE_A) >> 9;
    default:
        return 0;
    }
}

static uint64_t walk(unsigned sq, uint64_t occupied, const enum ref_dir *dirs)
{
    uint64_t attacks = 0;

    for (int i = 0; i < 4; i++) {
        uint64_t b = (uint64_t)1 << sq;

        while ((b = ref_step(b, dirs[i])) != 0) {
            attacks |= b;
            if (b & occupied)
                break;
        }
    }
    return attacks;
}

/* The squares of each ray that still have a square beyond them. */
static uint64_t inner_rays(unsigned sq, const enum ref_dir *dirs)
{
    uint64_t mask = 0;

    for (int i = 0; i < 4; i++) {
        uint64_t b = (uint64_t)1 << sq;

        while ((b = ref_step(b, dirs[i])) != 0 && ref_step(b, dirs[i]) != 0)
            mask |= b;
    }
    return mask;
}

static const enum ref_dir orthogonal[4] = { REF_N, REF_S, REF_E, REF_W };
static const enum ref_dir diagonal[4] = { REF_NE, REF_NW, REF_SE, REF_SW };

uint64_t ref_rook(unsigned sq, uint64_t occupied)
{
    return walk(sq, occupied, orthogonal);
}

uint64_t ref_bishop(unsigned sq, uint64_t occupied)
{
    return walk(sq, occupied, diagonal);
}

uint64_t ref_queen(unsigned sq, uint64_t occupied)
{
    return ref_rook(sq, occupied) | ref_bishop(sq, occupied);
}

uint64_t ref_rook_mask(unsigned sq)
{
    return inner_rays(sq, orthogonal);
}

uint64_t ref_bishop_mask(unsigned sq)
{
    return inner_rays(sq, diagonal);
}

uint64_t ref_knight(unsigned sq)
{
    /* Two steps one way, then one step at right angles. */
    static const enum ref_dir legs[8][3] = {
        { REF_N, REF_N, REF_E }, { REF_N, REF_N, REF_W }, { REF_S, REF_S, REF_E },
        { REF_S, REF_S, REF_W }, { REF_E, REF_E, REF_N }, { REF_E, REF_E, REF_S },
        { REF_W, REF_W, REF_N }, { REF_W, REF_W, REF_S },
    };
    uint64_t attacks = 0;

    for (int i = 0; i < 8; i++)
        attacks
            |= ref_step(ref_step(ref_step((uint64_t)1 << sq, legs[i][0]), legs[i][1]), legs[i][2]);
    return attacks;
}

uint64_t ref_king(unsigned sq)
{
    uint64_t attacks = 0;

    for (int d = 0; d < REF_DIRS; d++)
        attacks |= ref_step((uint64_t)1 << sq, (enum ref_dir)d);
    return attacks;
}

uint64_t ref_pawn(unsigned color, unsigned sq)
{
    uint64_t b = (uint64_t)1 << sq;

    return color == 0 ? ref_step(b, REF_NE) | ref_step(b, REF_NW)
                      : ref_step(b, REF_SE) | ref_step(b, REF_SW);
}

/* The direction from a that reaches b, or REF_DIRS if none does. */
static enum ref_dir direction(unsigned a, unsigned b)
{
    for (int d = 0; d < REF_DIRS; d++) {
        for (uint64_t s = ref_step((uint64_t)1 << a, (enum ref_dir)d); s != 0;
             s = ref_step(s, (enum ref_dir)d)) {
            if (s == (uint64_t)1 << b)
                return (enum ref_dir)d;
        }
    }
    return REF_DIRS;
}

static uint64_t ray(uint64_t from, enum ref_dir d)
{
    uint64_t squares = 0;

    while ((from = ref_step(from, d)) != 0)
        squares |= from;
    return squares;
}

uint64_t ref_between(unsigned a, unsigned b)
{
    enum ref_dir d = direction(a, b);

    if (d == REF_DIRS)
        return 0;
    /* Squares beyond a towards b, less b and everything beyond b. */
    return ray((uint64_t)1 << a, d) & ~ray((uint64_t)1 << b, d) & ~((uint64_t)1 << b);
}

uint64_t ref_line(unsigned a, unsigned b)
{
    static const enum ref_dir opposite[REF_DIRS]
        = { REF_S, REF_N, REF_W, REF_E, REF_SW, REF_SE, REF_NW, REF_NE };
    enum ref_dir d = direction(a, b);

    if (d == REF_DIRS)
        return 0;
    return ((uint64_t)1 << a) | ray((uint64_t)1 << a, d) | ray((uint64_t)1 << a, opposite[d]);
}

unsigned ref_popcount(uint64_t x)
{
    unsigned n = 0;

    for (; x != 0; x >>= 1)
        n += (unsigned)(x & 1);
    return n;
}

uint64_t ref_random(uint64_t *state)
{
    uint64_t x = *state;

    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}
