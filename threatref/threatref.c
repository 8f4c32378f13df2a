/* SPDX-License-Identifier: MIT */
/* threatref.c - the reference for threat relations (threatref.h): each
 * piece's attacks walked square by square along its rays, every relation
 * of a board from them, an event's lists as the differences of the
 * boards before and after.  No lookup table, no bitboard trick, nothing
 * shared with a kernel: the slowest way that is plainly right. */
#include <string.h>

#include "threatref.h"

/* The code's role (colour * 6 + type), or -1 where the code is none or
 * the rules give it none. */
static int role_of(const struct threat_rules *rules, unsigned code)
{
    const int role = code < THREAT_CODES ? rules->role[code] : -1;

    return role >= 0 && role < THREAT_ROLES ? role : -1;
}

static int on_board(int file, int rank)
{
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/* The squares a piece of the role on sq attacks on the occupancy occ:
 * each direction walked one square at a time, a slider to the first
 * occupied square (included), a leaper one step. */
static uint64_t walk_attacks(int role, unsigned sq, uint64_t occ)
{
    /* the four orthogonal steps, then the four diagonal ones */
    static const int steps[8][2]
        = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 }, { 1, 1 }, { 1, -1 }, { -1, -1 }, { -1, 1 } };
    static const int jumps[8][2] = { { 1, 2 },   { 2, 1 },   { 2, -1 }, { 1, -2 },
                                     { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
    const int type = role % 6, file = (int)(sq % 8), rank = (int)(sq / 8);
    uint64_t attacks = 0;

    for (int d = 0; d < 8; d++) {
        const int slides = type == THREAT_QUEEN || (type == THREAT_ROOK && d < 4)
                           || (type == THREAT_BISHOP && d >= 4);
        int f = file + (type == THREAT_KNIGHT ? jumps[d][0] : steps[d][0]);
        int r = rank + (type == THREAT_KNIGHT ? jumps[d][1] : steps[d][1]);

        if (type == THREAT_PAWN && (d < 4 || (steps[d][1] > 0) != (role < THREAT_BLACK)))
            continue; /* a pawn: the two diagonals forward for its colour */
        if ((type == THREAT_ROOK || type == THREAT_BISHOP) && !slides)
            continue;
        for (; on_board(f, r); f += steps[d][0], r += steps[d][1]) {
            attacks |= UINT64_C(1) << (r * 8 + f);
            if (!slides || (occ >> (r * 8 + f) & 1))
                break;
        }
    }
    return attacks;
}

int threatref_board(const struct threat_rules *rules, const unsigned char board[64],
                    struct threat_relation out[THREAT_BOARD_MAX])
{
    uint64_t occ = 0, attacked_by[64] = { 0 };
    int n = 0;

    for (unsigned sq = 0; sq < 64; sq++) {
        if (board[sq] != 0 && role_of(rules, board[sq]) < 0)
            return -1;
        occ |= (uint64_t)(board[sq] != 0) << sq;
    }
    for (unsigned from = 0; from < 64; from++)
        if (board[from]) {
            const uint64_t attacks = walk_attacks(role_of(rules, board[from]), from, occ) & occ;

            for (unsigned to = 0; to < 64; to++)
                if (attacks >> to & 1)
                    attacked_by[to] |= UINT64_C(1) << from;
        }
    /* victim square, then attacker square: the canonical order */
    for (unsigned to = 0; to < 64; to++)
        for (unsigned from = 0; from < 64; from++)
            if ((attacked_by[to] >> from & 1)
                && (rules->victims[role_of(rules, board[from])] >> role_of(rules, board[to]) & 1))
                out[n++] = (struct threat_relation){ board[from], (unsigned char)from, board[to],
                                                     (unsigned char)to };
    return n;
}

const char *threatref_misfit(const struct threat_rules *rules, const unsigned char board[64],
                             const struct threat_event *event)
{
    const unsigned kind = event->kind, sq = event->square;

    if (rules->role[0] != -1)
        return "the rules give code 0 (an empty square) a role";
    for (unsigned code = 1; code < THREAT_CODES; code++)
        if (rules->role[code] < -1 || rules->role[code] >= THREAT_ROLES)
            return "the rules give a code a role outside 0 to 11";
    for (unsigned s = 0; s < 64; s++)
        if (board[s] != 0 && role_of(rules, board[s]) < 0)
            return "the board holds a code with no role";
    if (kind > THREAT_MOVE)
        return "an event kind that is none of put, remove, replace and move";
    if (sq >= 64 || (kind == THREAT_MOVE && event->to >= 64))
        return "a square past h8";
    if ((kind == THREAT_PUT || kind == THREAT_REPLACE) && role_of(rules, event->code) < 0)
        return "the piece put or replacing has a code with no role";
    if (kind == THREAT_PUT)
        return board[sq] == 0 ? NULL : "a put on a square that holds a piece";
    if (board[sq] == 0)
        return kind == THREAT_REMOVE    ? "a remove from an empty square"
               : kind == THREAT_REPLACE ? "a replace on an empty square"
                                        : "a move from an empty square";
    if (kind == THREAT_MOVE && board[event->to] != 0)
        return "a move to a square that holds a piece";
    return NULL;
}

void threatref_apply(unsigned char board[64], const struct threat_event *event)
{
    switch (event->kind) {
    case THREAT_PUT:
    case THREAT_REPLACE:
        board[event->square] = event->code;
        break;
    case THREAT_REMOVE:
        board[event->square] = 0;
        break;
    default:
        board[event->to] = board[event->square], board[event->square] = 0;
        break;
    }
}

static unsigned key(const struct threat_relation *r)
{
    return (unsigned)r->to << 6 | r->from;
}

unsigned threatref_difference(const struct threat_relation *a, unsigned na,
                              const struct threat_relation *b, unsigned nb,
                              struct threat_relation *out)
{
    unsigned n = 0, j = 0;

    for (unsigned i = 0; i < na; i++) {
        while (j < nb && key(&b[j]) < key(&a[i]))
            j++;
        if (!(j < nb && memcmp(&a[i], &b[j], sizeof *a) == 0))
            out[n++] = a[i];
    }
    return n;
}

int threatref_event(const struct threat_rules *rules, const unsigned char board[64],
                    const struct threat_event *event, struct threat_lists *lists)
{
    struct threat_relation before[THREAT_BOARD_MAX], after[THREAT_BOARD_MAX],
        adds[THREAT_BOARD_MAX], removes[THREAT_BOARD_MAX];
    unsigned char next[64];
    unsigned nb, na, added, removed;

    lists->adds_count = lists->removes_count = 0;
    if (threatref_misfit(rules, board, event) != NULL)
        return -1;
    memcpy(next, board, 64);
    threatref_apply(next, event);
    nb = (unsigned)threatref_board(rules, board, before);
    na = (unsigned)threatref_board(rules, next, after);
    added = threatref_difference(after, na, before, nb, adds);
    removed = threatref_difference(before, nb, after, na, removes);
    if (added > THREAT_EVENT_MAX || removed > THREAT_EVENT_MAX)
        return -2;
    memcpy(lists->adds, adds, added * sizeof *adds);
    memcpy(lists->removes, removes, removed * sizeof *removes);
    lists->adds_count = added, lists->removes_count = removed;
    return 0;
}

int threatref_compare(const void *a, const void *b)
{
    const struct threat_relation *x = a, *y = b;
    const unsigned kx = key(x) << 16 | (unsigned)x->victim << 8 | x->attacker;
    const unsigned ky = key(y) << 16 | (unsigned)y->victim << 8 | y->attacker;

    return (kx > ky) - (kx < ky);
}
