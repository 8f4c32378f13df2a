/* SPDX-License-Identifier: MIT */
/* threatrel.c - the portable threat-change kernel (lab/threatrel.h), on
 * the configured library's inline lookups.
 *
 * Only relations that touch the changed square, or pass through it, can
 * change.  For a square s and a piece on it: its outgoing relations (the
 * occupied squares it attacks), its incoming ones (knights, kings and
 * pawns found from s's own leaper attacks and the engine's piece sets,
 * sliders from both sliders' attacks of s), and the x-ray pairs through
 * s: each slider that sees s along its own line, with the piece beyond s
 * on that line (mbb_ray_pass(slider, s) meets s's own attacks there in
 * that piece alone, as in Stockfish's update_piece_threats).  A put adds
 * the touching relations and removes the x-ray pairs (the piece blocks
 * them); a remove the reverse; a replace swaps the old piece's touching
 * relations for the new one's (one geometry for both); a move is a
 * remove at its origin then a put at its destination, where the x-ray
 * pairs the first reveals and the second blocks cancel (a move along
 * their line, the other square strictly between the pair): the only
 * relations the two steps can share, so neither is written.
 *
 * Records go straight into the caller's arrays where each has room for
 * THREAT_EVENT_MAX (else into local ones, copied where they fit), in the
 * order they are found; THREAT_CANONICAL sorts them afterwards. */
#define MAGICBB_INLINE
#include <magicbb.h>

#include <string.h>

#include "threatrel.h"

enum { T_PAWN, T_KNIGHT, T_BISHOP, T_ROOK, T_QUEEN, T_KING };

/* The hot helpers are forced inline (MBB_FN, the library's own), so that
 * each list's count stays in a register of the one function that writes
 * it: the records are bytes, and a byte store may alias a count kept in
 * memory. */

/* A record as the 4-byte word that holds its bytes in the contract's
 * order, on either byte order: one store a record. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define RECORD(attacker, from, victim, to)                                                         \
    ((uint32_t)(attacker) << 24 | (uint32_t)(from) << 16 | (uint32_t)(victim) << 8 | (uint32_t)(to))
#else
#define RECORD(attacker, from, victim, to)                                                         \
    ((uint32_t)(attacker) | (uint32_t)(from) << 8 | (uint32_t)(victim) << 16 | (uint32_t)(to) << 24)
#endif

MBB_FN void put_record(struct threat_relation *r, uint32_t word)
{
    memcpy(r, &word, sizeof word);
}

/* What a square sees on one occupancy: both sliders' attacks, its leaper
 * and slider attackers (every piece whose attacks reach it, whatever the
 * rules), and the sliders among them. */
struct geometry {
    struct mbb_both both;
    uint64_t attackers, sliders;
};

MBB_FN struct geometry look(const uint64_t *type, const uint64_t *colours, uint64_t occ, unsigned s)
{
    struct geometry g;

    g.both = mbb_both_attacks(s, occ);
    g.sliders = ((g.both.rook & (type[T_ROOK] | type[T_QUEEN]))
                 | (g.both.bishop & (type[T_BISHOP] | type[T_QUEEN])))
                & occ;
    /* a black pawn attacks s from where a white pawn on s attacks; occ
     * drops a moving piece's origin from the sets */
    g.attackers = (mbb_knight_attacks(s) & type[T_KNIGHT]) | (mbb_king_attacks(s) & type[T_KING])
                  | (mbb_pawn_attacks(0, s) & type[T_PAWN] & colours[1])
                  | (mbb_pawn_attacks(1, s) & type[T_PAWN] & colours[0]);
    g.attackers = (g.attackers & occ) | g.sliders;
    return g;
}

/* role -> type, without a division */
static const unsigned char type_of_role[THREAT_ROLES] = { 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5 };

/* The squares a piece of the role on s attacks.  (A switch: timed in the
 * engine's walk, selecting among the six sets with role tables took
 * longer, though it has no indirect jump.) */
MBB_FN uint64_t piece_attacks(int role, unsigned s, struct mbb_both both)
{
    switch (type_of_role[role]) {
    case T_PAWN:
        return mbb_pawn_attacks(role >= 6, s);
    case T_KNIGHT:
        return mbb_knight_attacks(s);
    case T_BISHOP:
        return both.bishop;
    case T_ROOK:
        return both.rook;
    case T_QUEEN:
        return both.bishop | both.rook;
    default:
        return mbb_king_attacks(s);
    }
}

/* The relations of code on s with the pieces it attacks, appended to
 * list (n records): the new count. */
MBB_FN unsigned outgoing(const struct threat_rules *rules, const unsigned char board[64],
                         uint64_t occ, unsigned s, unsigned code, const struct geometry *g,
                         struct threat_relation *list, unsigned n)
{
    const int role = rules->role[code];
    const unsigned wanted = rules->victims[role];

    for (uint64_t set = piece_attacks(role, s, g->both) & occ; set; set &= set - 1) {
        const unsigned t = mbb_lowest_square(set), victim = board[t];

        if ((wanted >> rules->role[victim]) & 1)
            put_record(&list[n++], RECORD(code, s, victim, t));
    }
    return n;
}

/* The relations of the pieces attacking s with code on s. */
MBB_FN unsigned incoming(const struct threat_rules *rules, const unsigned char board[64],
                         unsigned s, unsigned code, const struct geometry *g,
                         struct threat_relation *list, unsigned n)
{
    const int role = rules->role[code];

    for (uint64_t set = g->attackers; set; set &= set - 1) {
        const unsigned f = mbb_lowest_square(set), attacker = board[f];

        if ((rules->victims[rules->role[attacker]] >> role) & 1)
            put_record(&list[n++], RECORD(attacker, f, code, s));
    }
    return n;
}

/* The x-ray pairs through s (every slider seeing s with the piece beyond
 * it), less those strictly around the square other (64: none). */
MBB_FN unsigned xrays(const struct threat_rules *rules, const unsigned char board[64], uint64_t occ,
                      unsigned s, const struct geometry *g, unsigned other,
                      struct threat_relation *list, unsigned n)
{
    const uint64_t seen = (g->both.rook | g->both.bishop) & occ;

    for (uint64_t set = g->sliders; set; set &= set - 1) {
        const unsigned x = mbb_lowest_square(set);
        const uint64_t beyond = mbb_ray_pass(x, s) & seen;
        unsigned y, slider, victim;

        if (beyond == 0)
            continue;
        y = mbb_lowest_square(beyond), slider = board[x], victim = board[y];
        if (((rules->victims[rules->role[slider]] >> rules->role[victim]) & 1)
            && !(other < 64 && (mbb_between(x, y) >> other & 1)))
            put_record(&list[n++], RECORD(slider, x, victim, y));
    }
    return n;
}

static unsigned order_key(const struct threat_relation *r)
{
    return (unsigned)r->to << 6 | r->from;
}

static void sort_canonical(struct threat_relation *list, unsigned n)
{
    for (unsigned i = 1; i < n; i++) {
        const struct threat_relation r = list[i];
        unsigned k = i;

        for (; k > 0 && order_key(&list[k - 1]) > order_key(&r); k--)
            list[k] = list[k - 1];
        list[k] = r;
    }
}

struct counts {
    unsigned adds, removes;
};

/* The lists of one event of a kind known where this is inlined (no branch
 * on it), written into add and remove, each with room for
 * THREAT_EVENT_MAX records: s the event's square, x a move's destination
 * or the code put or replacing. */
MBB_FN struct counts lists_of_kind(enum threat_kind kind, const struct threat_rules *rules,
                                   const unsigned char board[64], uint64_t occ,
                                   const uint64_t *type, const uint64_t *colours, unsigned s,
                                   unsigned x, struct threat_relation *restrict add,
                                   struct threat_relation *restrict remove)
{
    unsigned na = 0, nr = 0;
    struct geometry g;

    s &= 63u;
    if (kind == THREAT_PUT) {
        g = look(type, colours, occ, s);
        na = outgoing(rules, board, occ, s, x, &g, add, na);
        na = incoming(rules, board, s, x, &g, add, na);
        nr = xrays(rules, board, occ, s, &g, 64, remove, nr);
    } else if (kind == THREAT_REMOVE) {
        g = look(type, colours, occ, s);
        nr = outgoing(rules, board, occ, s, board[s], &g, remove, nr);
        nr = incoming(rules, board, s, board[s], &g, remove, nr);
        na = xrays(rules, board, occ, s, &g, 64, add, na);
    } else if (kind == THREAT_REPLACE) {
        const unsigned old = board[s], code = x;
        const int old_role = rules->role[old], new_role = rules->role[code];

        if (old != code) {
            g = look(type, colours, occ, s);
            nr = outgoing(rules, board, occ, s, old, &g, remove, nr);
            na = outgoing(rules, board, occ, s, code, &g, add, na);
            /* one pass over the attackers for both victims */
            for (uint64_t set = g.attackers; set; set &= set - 1) {
                const unsigned f = mbb_lowest_square(set), attacker = board[f];
                const unsigned wanted = rules->victims[rules->role[attacker]];

                if ((wanted >> old_role) & 1)
                    put_record(&remove[nr++], RECORD(attacker, f, old, s));
                if ((wanted >> new_role) & 1)
                    put_record(&add[na++], RECORD(attacker, f, code, s));
            }
        }
    } else { /* THREAT_MOVE: the origin's view, then the destination's */
        const unsigned to = x & 63u, code = board[s];
        const uint64_t after = occ ^ (UINT64_C(1) << s);

        g = look(type, colours, occ, s);
        nr = outgoing(rules, board, occ, s, code, &g, remove, nr);
        nr = incoming(rules, board, s, code, &g, remove, nr);
        na = xrays(rules, board, occ, s, &g, to, add, na);
        g = look(type, colours, after, to);
        na = outgoing(rules, board, after, to, code, &g, add, na);
        na = incoming(rules, board, to, code, &g, add, na);
        nr = xrays(rules, board, after, to, &g, s, remove, nr);
    }
    return (struct counts){ na, nr };
}

/* Where a capacity is below THREAT_EVENT_MAX: the lists made in local
 * arrays, then copied where they fit (out of the fast path). */
static int diff_short(enum threat_kind kind, const struct threat_rules *rules,
                      const unsigned char board[64], uint64_t occ, const uint64_t *type,
                      const uint64_t *colours, unsigned s, unsigned x, enum threat_order order,
                      struct threat_relation *adds, unsigned adds_capacity, unsigned *adds_count,
                      struct threat_relation *removes, unsigned removes_capacity,
                      unsigned *removes_count)
{
    struct threat_relation add[THREAT_EVENT_MAX], remove[THREAT_EVENT_MAX];
    struct counts n;

    n = lists_of_kind(kind, rules, board, occ, type, colours, s, x, add, remove);
    *adds_count = n.adds, *removes_count = n.removes;
    if (n.adds > adds_capacity || n.removes > removes_capacity)
        return -1;
    memcpy(adds, add, n.adds * sizeof *adds), memcpy(removes, remove, n.removes * sizeof *removes);
    if (order == THREAT_CANONICAL)
        sort_canonical(adds, n.adds), sort_canonical(removes, n.removes);
    return 0;
}

/* One event of a kind known where this is inlined: the lists straight
 * into the caller's arrays where both have room for THREAT_EVENT_MAX. */
MBB_FN int diff_of_kind(enum threat_kind kind, const struct threat_rules *rules,
                        const unsigned char board[64], uint64_t occ, const uint64_t *type,
                        const uint64_t *colours, unsigned s, unsigned x, enum threat_order order,
                        struct threat_relation *adds, unsigned adds_capacity, unsigned *adds_count,
                        struct threat_relation *removes, unsigned removes_capacity,
                        unsigned *removes_count)
{
    struct counts n;

    if (adds_capacity < THREAT_EVENT_MAX || removes_capacity < THREAT_EVENT_MAX)
        return diff_short(kind, rules, board, occ, type, colours, s, x, order, adds, adds_capacity,
                          adds_count, removes, removes_capacity, removes_count);
    n = lists_of_kind(kind, rules, board, occ, type, colours, s, x, adds, removes);
    *adds_count = n.adds, *removes_count = n.removes;
    if (order == THREAT_CANONICAL)
        sort_canonical(adds, n.adds), sort_canonical(removes, n.removes);
    return 0;
}

int threat_diff_put(const struct threat_rules *rules, const unsigned char board[64],
                    const uint64_t types[7], const uint64_t colours[2], unsigned square,
                    unsigned code, enum threat_order order, struct threat_relation *adds,
                    unsigned adds_capacity, unsigned *adds_count, struct threat_relation *removes,
                    unsigned removes_capacity, unsigned *removes_count)
{
    return diff_of_kind(THREAT_PUT, rules, board, types[0], types + 1, colours, square, code, order,
                        adds, adds_capacity, adds_count, removes, removes_capacity, removes_count);
}

int threat_diff_remove(const struct threat_rules *rules, const unsigned char board[64],
                       const uint64_t types[7], const uint64_t colours[2], unsigned square,
                       enum threat_order order, struct threat_relation *adds,
                       unsigned adds_capacity, unsigned *adds_count,
                       struct threat_relation *removes, unsigned removes_capacity,
                       unsigned *removes_count)
{
    return diff_of_kind(THREAT_REMOVE, rules, board, types[0], types + 1, colours, square, 0, order,
                        adds, adds_capacity, adds_count, removes, removes_capacity, removes_count);
}

int threat_diff_replace(const struct threat_rules *rules, const unsigned char board[64],
                        const uint64_t types[7], const uint64_t colours[2], unsigned square,
                        unsigned code, enum threat_order order, struct threat_relation *adds,
                        unsigned adds_capacity, unsigned *adds_count,
                        struct threat_relation *removes, unsigned removes_capacity,
                        unsigned *removes_count)
{
    return diff_of_kind(THREAT_REPLACE, rules, board, types[0], types + 1, colours, square, code,
                        order, adds, adds_capacity, adds_count, removes, removes_capacity,
                        removes_count);
}

int threat_diff_move(const struct threat_rules *rules, const unsigned char board[64],
                     const uint64_t types[7], const uint64_t colours[2], unsigned from, unsigned to,
                     enum threat_order order, struct threat_relation *adds, unsigned adds_capacity,
                     unsigned *adds_count, struct threat_relation *removes,
                     unsigned removes_capacity, unsigned *removes_count)
{
    return diff_of_kind(THREAT_MOVE, rules, board, types[0], types + 1, colours, from, to, order,
                        adds, adds_capacity, adds_count, removes, removes_capacity, removes_count);
}

/* The kind's own body, on the struct's members in place. */
int threat_event_diff_pieces(const struct threat_rules *rules, const unsigned char board[64],
                             const struct threat_pieces *pieces, const struct threat_event *event,
                             enum threat_order order, struct threat_relation *adds,
                             unsigned adds_capacity, unsigned *adds_count,
                             struct threat_relation *removes, unsigned removes_capacity,
                             unsigned *removes_count)
{
    const uint64_t occ = pieces->occupied, *type = pieces->type, *colours = pieces->colour;
    const unsigned s = event->square;

    switch (event->kind) {
    case THREAT_PUT:
        return diff_of_kind(THREAT_PUT, rules, board, occ, type, colours, s, event->code, order,
                            adds, adds_capacity, adds_count, removes, removes_capacity,
                            removes_count);
    case THREAT_REMOVE:
        return diff_of_kind(THREAT_REMOVE, rules, board, occ, type, colours, s, 0, order, adds,
                            adds_capacity, adds_count, removes, removes_capacity, removes_count);
    case THREAT_REPLACE:
        return diff_of_kind(THREAT_REPLACE, rules, board, occ, type, colours, s, event->code, order,
                            adds, adds_capacity, adds_count, removes, removes_capacity,
                            removes_count);
    default:
        return diff_of_kind(THREAT_MOVE, rules, board, occ, type, colours, s, event->to, order,
                            adds, adds_capacity, adds_count, removes, removes_capacity,
                            removes_count);
    }
}

/* The occupied squares, eight bytes at a time. */
static uint64_t occupancy(const unsigned char board[64])
{
    uint64_t occ = 0;

    for (unsigned i = 0; i < 64; i += 8) {
        uint64_t w = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        memcpy(&w, &board[i], sizeof w);
#else
        for (unsigned k = 0; k < 8; k++)
            w |= (uint64_t)board[i + k] << (8 * k);
#endif
        /* each byte's top bit: whether the byte is not 0 */
        w = ((w & UINT64_C(0x7F7F7F7F7F7F7F7F)) + UINT64_C(0x7F7F7F7F7F7F7F7F)) | w;
        w = (w >> 7) & UINT64_C(0x0101010101010101);
        occ |= ((w * UINT64_C(0x0102040810204080)) >> 56) << i;
    }
    return occ;
}

void threat_pieces_of(const struct threat_rules *rules, const unsigned char board[64],
                      struct threat_pieces *pieces)
{
    uint64_t by_role[THREAT_ROLES] = { 0 };
    const uint64_t occ = occupancy(board);

    for (uint64_t set = occ; set; set &= set - 1)
        by_role[rules->role[board[mbb_lowest_square(set)]]] |= set & -set;
    pieces->occupied = occ;
    for (unsigned t = 0; t < 6; t++)
        pieces->type[t] = by_role[t] | by_role[t + 6];
    pieces->colour[0] = by_role[0] | by_role[1] | by_role[2] | by_role[3] | by_role[4] | by_role[5];
    pieces->colour[1] = occ & ~pieces->colour[0];
}

int threat_event_diff(const struct threat_rules *rules, const unsigned char board[64],
                      const struct threat_event *event, struct threat_relation *adds,
                      unsigned adds_capacity, unsigned *adds_count, struct threat_relation *removes,
                      unsigned removes_capacity, unsigned *removes_count)
{
    struct threat_pieces pieces;

    threat_pieces_of(rules, board, &pieces);
    return threat_event_diff_pieces(rules, board, &pieces, event, THREAT_CANONICAL, adds,
                                    adds_capacity, adds_count, removes, removes_capacity,
                                    removes_count);
}

int threat_board(const struct threat_rules *rules, const unsigned char board[64],
                 struct threat_relation *out, unsigned capacity)
{
    struct threat_pieces pieces;
    unsigned n = 0;

    threat_pieces_of(rules, board, &pieces);
    /* victims in order, each one's attackers in order: canonical as made */
    for (uint64_t victims = pieces.occupied; victims; victims &= victims - 1) {
        const unsigned t = mbb_lowest_square(victims);
        const struct geometry g = look(pieces.type, pieces.colour, pieces.occupied, t);
        const int role = rules->role[board[t]];

        for (uint64_t set = g.attackers; set; set &= set - 1) {
            const unsigned f = mbb_lowest_square(set);

            if (!((rules->victims[rules->role[board[f]]] >> role) & 1))
                continue;
            if (n == capacity)
                return -1;
            out[n].attacker = board[f], out[n].from = (unsigned char)f;
            out[n].victim = board[t], out[n++].to = (unsigned char)t;
        }
    }
    return (int)n;
}

/* (The pairing: each filled square takes the first vacated square of its
 * code not taken yet.) */
unsigned threat_move_events(const unsigned char before[64], const unsigned char after[64],
                            struct threat_event ev[4])
{
    unsigned n = 0, origin[64];
    uint64_t paired = 0;

    for (unsigned to = 0; to < 64; to++) {
        origin[to] = 64;
        for (unsigned from = 0; before[to] == 0 && after[to] != 0 && from < 64; from++)
            if (before[from] == after[to] && after[from] == 0 && !(paired >> from & 1)) {
                paired |= UINT64_C(1) << from, origin[to] = from;
                break;
            }
    }
    for (unsigned sq = 0; sq < 64; sq++)
        if (before[sq] && !after[sq] && !(paired >> sq & 1))
            ev[n++] = (struct threat_event){ THREAT_REMOVE, (unsigned char)sq, 0, 0 };
    for (unsigned sq = 0; sq < 64; sq++)
        if (before[sq] && after[sq] && before[sq] != after[sq])
            ev[n++] = (struct threat_event){ THREAT_REPLACE, (unsigned char)sq, 0, after[sq] };
    for (unsigned to = 0; to < 64; to++)
        if (origin[to] < 64)
            ev[n++] = (struct threat_event){ THREAT_MOVE, (unsigned char)origin[to],
                                             (unsigned char)to, 0 };
    for (unsigned to = 0; to < 64; to++)
        if (before[to] == 0 && after[to] != 0 && origin[to] == 64)
            ev[n++] = (struct threat_event){ THREAT_PUT, (unsigned char)to, 0, after[to] };
    return n;
}

void threat_apply(unsigned char board[64], const struct threat_event *event)
{
    const unsigned s = event->square & 63u;

    switch (event->kind) {
    case THREAT_PUT:
    case THREAT_REPLACE:
        board[s] = event->code;
        break;
    case THREAT_REMOVE:
        board[s] = 0;
        break;
    default:
        board[event->to & 63u] = board[s], board[s] = 0;
        break;
    }
}
