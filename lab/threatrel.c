/* SPDX-License-Identifier: MIT */
/* threatrel.c - the portable threat-change kernel (lab/threatrel.h), on
 * the configured library's inline lookups.
 *
 * Only relations that touch the changed square, or pass through it, can
 * change.  For a square s and a piece on it: its outgoing relations (the
 * occupied squares it attacks), its incoming ones (knights, kings and
 * pawns found from s's own leaper attacks, sliders from both sliders'
 * attacks of s), and the x-ray pairs through s: each slider that sees s
 * along its own line, with the nearest piece beyond s on mbb_ray_pass.
 * A put adds the touching relations and removes the x-ray pairs (the
 * piece blocks them); a remove the reverse; a replace swaps the old
 * piece's touching relations for the new one's; a move is a remove at
 * its origin then a put at its destination, where the x-ray pairs the
 * first reveals and the second blocks cancel (a move along their line):
 * the only relations the two steps can share. */
#define MAGICBB_INLINE
#include <magicbb.h>

#include <string.h>

#include "threatrel.h"

enum { T_PAWN, T_KNIGHT, T_BISHOP, T_ROOK, T_QUEEN, T_KING };

/* The touching relations and the x-ray pairs of one square. */
struct square_view {
    struct threat_relation touching[24], xray[8];
    unsigned touching_count, xray_count;
};

static int role_of(const struct threat_rules *rules, unsigned code)
{
    return rules->role[code & (THREAT_CODES - 1)];
}

static int counts(const struct threat_rules *rules, unsigned attacker, unsigned victim)
{
    return (rules->victims[role_of(rules, attacker)] >> role_of(rules, victim)) & 1;
}

/* The occupied squares, eight bytes at a time (compilers load each
 * group of eight as one word). */
static uint64_t occupancy(const unsigned char board[64])
{
    uint64_t occ = 0;

    for (unsigned i = 0; i < 64; i += 8) {
        uint64_t w = 0;

        for (unsigned k = 0; k < 8; k++)
            w |= (uint64_t)board[i + k] << (8 * k);
        /* each byte's top bit: whether the byte is not 0 */
        w = ((w & UINT64_C(0x7F7F7F7F7F7F7F7F)) + UINT64_C(0x7F7F7F7F7F7F7F7F)) | w;
        w = (w >> 7) & UINT64_C(0x0101010101010101);
        occ |= ((w * UINT64_C(0x0102040810204080)) >> 56) << i;
    }
    return occ;
}

static uint64_t piece_attacks(int role, unsigned sq, struct mbb_both both)
{
    switch (role % 6) {
    case T_PAWN:
        return mbb_pawn_attacks((unsigned)role / 6, sq);
    case T_KNIGHT:
        return mbb_knight_attacks(sq);
    case T_BISHOP:
        return both.bishop;
    case T_ROOK:
        return both.rook;
    case T_QUEEN:
        return both.bishop | both.rook;
    default:
        return mbb_king_attacks(sq);
    }
}

/* Keep the squares of candidates whose role is in the bit set wanted. */
static uint64_t keep_roles(const struct threat_rules *rules, const unsigned char board[64],
                           uint64_t candidates, unsigned wanted)
{
    uint64_t kept = 0;

    for (; candidates; candidates &= candidates - 1) {
        const unsigned sq = mbb_lowest_square(candidates);

        if ((wanted >> role_of(rules, board[sq])) & 1)
            kept |= candidates & -candidates;
    }
    return kept;
}

#define ROLES_OF(type) (1u << (type) | 1u << ((type) + 6))

/* The sliders that see s along their own lines (occ: s's occupancy does
 * not matter). */
static uint64_t sliders_seeing(const struct threat_rules *rules, const unsigned char board[64],
                               uint64_t occ, struct mbb_both both)
{
    return keep_roles(rules, board, both.rook & occ, ROLES_OF(T_ROOK) | ROLES_OF(T_QUEEN))
           | keep_roles(rules, board, both.bishop & occ, ROLES_OF(T_BISHOP) | ROLES_OF(T_QUEEN));
}

/* Every piece that attacks s, given sliders_seeing's answer. */
static uint64_t attackers_of(const struct threat_rules *rules, const unsigned char board[64],
                             uint64_t occ, unsigned s, uint64_t sliders)
{
    return sliders | keep_roles(rules, board, mbb_knight_attacks(s) & occ, ROLES_OF(T_KNIGHT))
           | keep_roles(rules, board, mbb_king_attacks(s) & occ, ROLES_OF(T_KING))
           /* a black pawn attacks s from where a white pawn on s attacks */
           | keep_roles(rules, board, mbb_pawn_attacks(0, s) & occ, 1u << (6 + T_PAWN))
           | keep_roles(rules, board, mbb_pawn_attacks(1, s) & occ, 1u << T_PAWN);
}

static void emit(struct threat_relation *list, unsigned *count, unsigned attacker, unsigned from,
                 unsigned victim, unsigned to)
{
    struct threat_relation *r = &list[(*count)++];

    r->attacker = (unsigned char)attacker, r->from = (unsigned char)from;
    r->victim = (unsigned char)victim, r->to = (unsigned char)to;
}

/* The view of s holding code, on the board's other squares (occ without s;
 * board[s] is never read).  With xray 0, the touching relations only. */
static void view_square(const struct threat_rules *rules, const unsigned char board[64],
                        uint64_t occ, unsigned s, unsigned code, int xray, struct square_view *v)
{
    const struct mbb_both both = mbb_both_attacks(s, occ);
    const uint64_t sliders = sliders_seeing(rules, board, occ, both);
    uint64_t set;

    v->touching_count = v->xray_count = 0;
    for (set = piece_attacks(role_of(rules, code), s, both) & occ; set; set &= set - 1) {
        const unsigned t = mbb_lowest_square(set);

        if (counts(rules, code, board[t]))
            emit(v->touching, &v->touching_count, code, s, board[t], t);
    }
    for (set = attackers_of(rules, board, occ, s, sliders); set; set &= set - 1) {
        const unsigned f = mbb_lowest_square(set);

        if (counts(rules, board[f], code))
            emit(v->touching, &v->touching_count, board[f], f, code, s);
    }
    for (set = xray ? sliders : 0; set; set &= set - 1) {
        const unsigned x = mbb_lowest_square(set);
        /* between x and s is empty: the beyond's nearest piece to s */
        const uint64_t beyond = mbb_ray_pass(x, s) & occ;
        unsigned y;

        if (beyond == 0)
            continue;
        y = x < s ? mbb_lowest_square(beyond) : mbb_lowest_square(mbb_highest_bit(beyond));
        if (counts(rules, board[x], board[y]))
            emit(v->xray, &v->xray_count, board[x], x, board[y], y);
    }
}

static unsigned order_key(const struct threat_relation *r)
{
    return (unsigned)r->to << 6 | r->from;
}

/* Append src to the list unless drop (count dropn) has the same
 * relation. */
static void append_except(struct threat_relation *list, unsigned *count,
                          const struct threat_relation *src, unsigned n,
                          const struct threat_relation *drop, unsigned dropn)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned k = 0;

        while (k < dropn && memcmp(&src[i], &drop[k], sizeof src[i]) != 0)
            k++;
        if (k == dropn)
            list[(*count)++] = src[i];
    }
}

/* Sort into the canonical order and copy out: 0, or -1 where it does not
 * fit. */
static int deliver(struct threat_relation *list, unsigned n, struct threat_relation *out,
                   unsigned capacity, unsigned *count)
{
    for (unsigned i = 1; i < n; i++) {
        const struct threat_relation r = list[i];
        unsigned k = i;

        for (; k > 0 && order_key(&list[k - 1]) > order_key(&r); k--)
            list[k] = list[k - 1];
        list[k] = r;
    }
    *count = n;
    if (n > capacity)
        return -1;
    memcpy(out, list, n * sizeof *list);
    return 0;
}

int threat_event_diff(const struct threat_rules *rules, const unsigned char board[64],
                      const struct threat_event *event, struct threat_relation *adds,
                      unsigned adds_capacity, unsigned *adds_count, struct threat_relation *removes,
                      unsigned removes_capacity, unsigned *removes_count)
{
    const unsigned s = event->square & 63;
    const uint64_t occ = occupancy(board) & ~(UINT64_C(1) << s);
    struct threat_relation add[THREAT_EVENT_MAX], remove[THREAT_EVENT_MAX];
    struct square_view a, b;
    unsigned na = 0, nr = 0;

    switch (event->kind) {
    case THREAT_PUT:
    case THREAT_REMOVE:
        view_square(rules, board, occ, s, event->kind == THREAT_PUT ? event->code : board[s], 1,
                    &a);
        if (event->kind == THREAT_PUT) {
            append_except(add, &na, a.touching, a.touching_count, NULL, 0);
            append_except(remove, &nr, a.xray, a.xray_count, NULL, 0);
        } else {
            append_except(remove, &nr, a.touching, a.touching_count, NULL, 0);
            append_except(add, &na, a.xray, a.xray_count, NULL, 0);
        }
        break;
    case THREAT_REPLACE:
        if (board[s] == event->code)
            break;
        view_square(rules, board, occ, s, board[s], 0, &a);
        view_square(rules, board, occ, s, event->code, 0, &b);
        append_except(remove, &nr, a.touching, a.touching_count, NULL, 0);
        append_except(add, &na, b.touching, b.touching_count, NULL, 0);
        break;
    default: /* THREAT_MOVE: the origin's view, then the destination's */
        view_square(rules, board, occ, s, board[s], 1, &a);
        view_square(rules, board, occ, event->to & 63u, board[s], 1, &b);
        append_except(remove, &nr, a.touching, a.touching_count, NULL, 0);
        append_except(add, &na, a.xray, a.xray_count, b.xray, b.xray_count);
        append_except(add, &na, b.touching, b.touching_count, NULL, 0);
        append_except(remove, &nr, b.xray, b.xray_count, a.xray, a.xray_count);
        break;
    }
    return (deliver(add, na, adds, adds_capacity, adds_count)
            | deliver(remove, nr, removes, removes_capacity, removes_count))
               ? -1
               : 0;
}

int threat_board(const struct threat_rules *rules, const unsigned char board[64],
                 struct threat_relation *out, unsigned capacity)
{
    const uint64_t occ = occupancy(board);
    unsigned n = 0;

    /* victims in order, each one's attackers in order: canonical as made */
    for (uint64_t victims = occ; victims; victims &= victims - 1) {
        const unsigned t = mbb_lowest_square(victims);
        const uint64_t sliders = sliders_seeing(rules, board, occ, mbb_both_attacks(t, occ));

        for (uint64_t set = attackers_of(rules, board, occ, t, sliders); set; set &= set - 1) {
            const unsigned f = mbb_lowest_square(set);

            if (!counts(rules, board[f], board[t]))
                continue;
            if (n == capacity)
                return -1;
            emit(out, &n, board[f], f, board[t], t);
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
