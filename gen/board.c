/* SPDX-License-Identifier: MIT */
/* board.c - boards, their numbering, and piece families walked one step
 * at a time (board.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

/* A decimal number of at most 3 digits, no sign, from *text on; moves
 * *text past it.  0, or -1. */
static int parse_small(const char **text, unsigned *value)
{
    unsigned n = 0, digits = 0;

    while (**text >= '0' && **text <= '9') {
        if (++digits > 3)
            return -1;
        n = n * 10 + (unsigned)(**text - '0');
        (*text)++;
    }
    *value = n;
    return digits > 0 ? 0 : -1;
}

int board_parse(const char *text, struct board *b, char *why, size_t size)
{
    const char *s = text;
    int stride_given = 0, first_given = 0;

    memset(b, 0, sizeof *b);
    if (parse_small(&s, &b->files) != 0 || (*s != 'x' && *s != 'X'))
        goto malformed;
    s++;
    if (parse_small(&s, &b->ranks) != 0)
        goto malformed;
    while (*s == ':') {
        unsigned *field;

        s++;
        if (strncmp(s, "stride=", 7) == 0 && !stride_given) {
            field = &b->stride;
            stride_given = 1;
            s += 7;
        } else if (strncmp(s, "first=", 6) == 0 && !first_given) {
            field = &b->first;
            first_given = 1;
            s += 6;
        } else {
            goto malformed;
        }
        if (parse_small(&s, field) != 0)
            goto malformed;
    }
    if (*s != '\0')
        goto malformed;
    if (!stride_given)
        b->stride = b->files;
    if (b->files == 0 || b->ranks == 0) {
        snprintf(why, size, "--board: '%s' has no squares; files and ranks are 1 or more", text);
        return -1;
    }
    if (b->files * b->ranks > BOARD_MAX_SQUARES) {
        snprintf(why, size, "--board: '%s' has %u squares; a board has at most %u", text,
                 b->files * b->ranks, BOARD_MAX_SQUARES);
        return -1;
    }
    if (b->stride < b->files) {
        snprintf(why, size,
                 "--board: '%s': stride %u is below the %u files; the stride is at least the"
                 " files",
                 text, b->stride, b->files);
        return -1;
    }
    if (board_bits(b) > BOARD_MAX_SQUARES) {
        snprintf(why, size,
                 "--board: '%s' numbers its last square bit %u; a bitboard has bits 0 to %u", text,
                 board_bits(b) - 1, BOARD_MAX_SQUARES - 1);
        return -1;
    }
    return 0;
malformed:
    snprintf(why, size,
             "--board: '%s' is not FILESxRANKS[:stride=N][:first=N] (numbers of up to 3 digits)",
             text);
    return -1;
}

/* ---- Families ---------------------------------------------------------- */

static const char *const kind_names[] = { "rider", "hopper", "grasshopper", "lame" };

const char *family_kind_name(enum family_kind kind)
{
    return kind_names[kind];
}

#define E_                                                                                         \
    {                                                                                              \
        1, 0                                                                                       \
    }
#define W_                                                                                         \
    {                                                                                              \
        -1, 0                                                                                      \
    }
#define N_                                                                                         \
    {                                                                                              \
        0, 1                                                                                       \
    }
#define S_                                                                                         \
    {                                                                                              \
        0, -1                                                                                      \
    }
#define DIAGONALS                                                                                  \
    { 1, 1 }, { 1, -1 }, { -1, -1 },                                                               \
    {                                                                                              \
        -1, 1                                                                                      \
    }
#define KNIGHT                                                                                     \
    { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 },                   \
    {                                                                                              \
        -1, 2                                                                                      \
    }

/* Fairy-Stockfish's fourteen families (src/bitboard.cpp at c19b5f6c: its
 * direction lists; hoppers of limit 1 are grasshoppers). */
static const struct family builtins[] = {
    { "rook_h", KIND_RIDER, 2, { E_, W_ } },
    { "rook_v", KIND_RIDER, 2, { N_, S_ } },
    { "bishop", KIND_RIDER, 4, { DIAGONALS } },
    { "cannon_h", KIND_HOPPER, 2, { E_, W_ } },
    { "cannon_v", KIND_HOPPER, 2, { N_, S_ } },
    { "cannon_diag", KIND_HOPPER, 4, { DIAGONALS } },
    { "grasshopper_h", KIND_GRASSHOPPER, 2, { E_, W_ } },
    { "grasshopper_v", KIND_GRASSHOPPER, 2, { N_, S_ } },
    { "grasshopper_d", KIND_GRASSHOPPER, 4, { DIAGONALS } },
    { "nightrider", KIND_RIDER, 8, { KNIGHT } },
    { "lame_dabbaba", KIND_LAME, 4, { { 0, 2 }, { 2, 0 }, { 0, -2 }, { -2, 0 } } },
    { "horse", KIND_LAME, 8, { KNIGHT } },
    { "elephant", KIND_LAME, 4, { { 2, 2 }, { 2, -2 }, { -2, -2 }, { -2, 2 } } },
    { "janggi_elephant",
      KIND_LAME,
      8,
      { { 2, 3 }, { 3, 2 }, { 3, -2 }, { 2, -3 }, { -2, -3 }, { -3, -2 }, { -3, 2 }, { -2, 3 } } },
};

const struct family *family_builtin(const char *name)
{
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (strcmp(builtins[i].name, name) == 0)
            return &builtins[i];
    return NULL;
}

const char *family_builtin_list(void)
{
    static char list[512];

    if (list[0] == '\0') {
        size_t at = 0;

        for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
            at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", i > 0 ? ", " : "",
                                   builtins[i].name);
    }
    return list;
}

/* A signed step offset of one or two digits. */
static int parse_offset(const char **text, int *value)
{
    int sign = 1;
    unsigned n;

    if (**text == '-') {
        sign = -1;
        (*text)++;
    }
    if (parse_small(text, &n) != 0 || n > 99)
        return -1;
    *value = sign * (int)n;
    return 0;
}

int family_parse(const char *text, struct family *f, char *why, size_t size)
{
    const struct family *known = family_builtin(text);
    const char *equals = strchr(text, '='), *colon, *s;
    size_t kind_length, name_length;
    int kind = -1;

    if (known != NULL) {
        *f = *known;
        return 0;
    }
    if (equals == NULL) {
        snprintf(why, size,
                 "--families: unknown family '%s' (expected %s, or NAME=KIND:F.R/F.R/...)", text,
                 family_builtin_list());
        return -1;
    }
    memset(f, 0, sizeof *f);
    name_length = (size_t)(equals - text);
    if (name_length == 0 || name_length >= FAMILY_NAME_MAX
        || strspn(text, "abcdefghijklmnopqrstuvwxyz0123456789_") != name_length
        || (text[0] >= '0' && text[0] <= '9')) {
        snprintf(why, size,
                 "--families: '%.*s' is no family name (a to z, 0 to 9 and _, not first a digit,"
                 " at most %d characters)",
                 (int)name_length, text, FAMILY_NAME_MAX - 1);
        return -1;
    }
    memcpy(f->name, text, name_length);
    colon = strchr(equals, ':');
    kind_length = colon != NULL ? (size_t)(colon - equals - 1) : strlen(equals + 1);
    for (int k = 0; k < 4; k++)
        if (strlen(kind_names[k]) == kind_length
            && strncmp(kind_names[k], equals + 1, kind_length) == 0)
            kind = k;
    if (kind < 0 || colon == NULL) {
        snprintf(why, size,
                 "--families: %s: unknown kind '%.*s' (expected rider, hopper, grasshopper or"
                 " lame, then :F.R/F.R/...)",
                 f->name, (int)kind_length, equals + 1);
        return -1;
    }
    f->kind = (enum family_kind)kind;
    s = colon + 1;
    for (;;) {
        const char *start = s;
        struct step st;
        int fine = parse_offset(&s, &st.file) == 0 && *s++ == '.' && parse_offset(&s, &st.rank) == 0
                   && (*s == '/' || *s == '\0');

        if (fine && (st.file == 0 && st.rank == 0))
            fine = 0;
        if (!fine) {
            snprintf(why, size,
                     "--families: %s: unknown direction '%.*s' (a direction is F.R: file and rank"
                     " offsets, such as 1.2 or -2.0, not both 0)",
                     f->name, (int)strcspn(start, "/"), start);
            return -1;
        }
        if (f->kind == KIND_LAME && (st.file > 3 || st.file < -3 || st.rank > 3 || st.rank < -3)) {
            snprintf(why, size,
                     "--families: %s: direction '%.*s' is too long for a lame leaper (at most 3"
                     " files and 3 ranks)",
                     f->name, (int)strcspn(start, "/"), start);
            return -1;
        }
        for (unsigned i = 0; i < f->steps_count; i++)
            if (f->steps[i].file == st.file && f->steps[i].rank == st.rank) {
                snprintf(why, size, "--families: %s: direction %d.%d given twice", f->name, st.file,
                         st.rank);
                return -1;
            }
        if (f->steps_count == FAMILY_MAX_STEPS) {
            snprintf(why, size, "--families: %s: more than %d directions", f->name,
                     FAMILY_MAX_STEPS);
            return -1;
        }
        f->steps[f->steps_count++] = st;
        if (*s == '\0')
            break;
        s++;
    }
    return 0;
}

/* ---- The walks ---------------------------------------------------------- */

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

unsigned lame_leg(struct step s, struct step leg[3])
{
    int file = 0, rank = 0;
    unsigned n = 0;

    /* Toward the target: along the file or the rank where that one is
     * farther, diagonally where both are as far. */
    while (file != s.file || rank != s.rank) {
        const int by_file = abs(s.file - file), by_rank = abs(s.rank - rank);

        if (by_file >= by_rank)
            file += sign(s.file - file);
        if (by_rank >= by_file)
            rank += sign(s.rank - rank);
        if ((file != s.file || rank != s.rank) && n < 3) {
            leg[n].file = file;
            leg[n].rank = rank;
            n++;
        }
    }
    return n;
}

static int occupied_at(const struct board *b, bb128 occ, int file, int rank)
{
    const unsigned bit = board_bit(b, file, rank);

    return (int)((bit < 64 ? occ.lo >> bit : occ.hi >> (bit - 64)) & 1);
}

static void take(const struct board *b, bb128 *set, int file, int rank)
{
    const unsigned bit = board_bit(b, file, rank);

    if (bit < 64)
        set->lo |= (uint64_t)1 << bit;
    else
        set->hi |= (uint64_t)1 << (bit - 64);
}

bb128 family_attacks(const struct board *b, const struct family *f, unsigned steps, int file,
                     int rank, bb128 occ)
{
    bb128 attacks = bb_make(0, 0);

    if (f->kind == KIND_RIDER) {
        struct step chosen[FAMILY_MAX_STEPS];
        unsigned n = 0;

        for (unsigned i = 0; i < f->steps_count; i++)
            if (steps >> i & 1)
                chosen[n++] = f->steps[i];
        return board_ride(b, chosen, n, file, rank, occ);
    }
    for (unsigned i = 0; i < f->steps_count; i++) {
        const struct step d = f->steps[i];
        int hurdle = 0;

        if (!(steps >> i & 1))
            continue;
        if (f->kind == KIND_LAME) {
            struct step leg[3];
            const unsigned n = lame_leg(d, leg);
            int free = board_on(b, file + d.file, rank + d.rank);

            for (unsigned j = 0; j < n && free; j++)
                free = !occupied_at(b, occ, file + leg[j].file, rank + leg[j].rank);
            if (free)
                take(b, &attacks, file + d.file, rank + d.rank);
            continue;
        }
        {
            const unsigned delta = (unsigned)d.file + (unsigned)d.rank * b->stride;
            unsigned bit = board_bit(b, file, rank);
            int x = file + d.file, y = rank + d.rank;

            for (; board_on(b, x, y); x += d.file, y += d.rank) {
                uint64_t *word, one;

                bit += delta;
                word = bit < 64 ? &attacks.lo : &attacks.hi;
                one = (uint64_t)1 << (bit & 63);
                if (hurdle)
                    *word |= one;
                if (f->kind == KIND_GRASSHOPPER && hurdle)
                    break; /* it lands just past the first piece */
                if ((bit < 64 ? occ.lo : occ.hi) & one) {
                    if (hurdle)
                        break; /* the cannon's second piece */
                    hurdle = 1;
                }
            }
        }
    }
    return attacks;
}

bb128 family_mask(const struct board *b, const struct family *f, unsigned steps, int file, int rank)
{
    bb128 mask = bb_make(0, 0);

    for (unsigned i = 0; i < f->steps_count; i++) {
        const struct step d = f->steps[i];

        if (!(steps >> i & 1))
            continue;
        if (f->kind == KIND_LAME) {
            struct step leg[3];
            const unsigned n = lame_leg(d, leg);

            if (!board_on(b, file + d.file, rank + d.rank))
                continue;
            for (unsigned j = 0; j < n; j++)
                take(b, &mask, file + leg[j].file, rank + leg[j].rank);
            continue;
        }
        /* a square counts only where the ray goes on past it */
        for (int x = file + d.file, y = rank + d.rank; board_on(b, x + d.file, y + d.rank);
             x += d.file, y += d.rank)
            take(b, &mask, x, y);
    }
    return mask;
}

bb128 family_reach(const struct board *b, const struct family *f, unsigned steps, int file,
                   int rank)
{
    struct family rider = *f;

    if (rider.kind != KIND_LAME)
        rider.kind = KIND_RIDER;
    return family_attacks(b, &rider, steps, file, rank, bb_make(0, 0));
}
