/* SPDX-License-Identifier: MIT */
/* search.c - see search.h. */
#include "lookups.h" /* first: it renames the public functions */
#include "movegen.h"
#include "search.h"

enum { INFINITE_SCORE = 32000, MATE = 30000 };
enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

static const int piece_value[7] = { 100, 320, 330, 500, 900, 0, 0 };

struct searcher {
    struct search_table *table;
    uint64_t nodes;
};

/* ---- Hashing --------------------------------------------------------- */

/* A well-mixed 64-bit key for n (the finaliser of SplitMix64). */
static uint64_t mix(uint64_t n)
{
    n += 0x9e3779b97f4a7c15u;
    n = (n ^ (n >> 30)) * 0xbf58476d1ce4e5b9u;
    n = (n ^ (n >> 27)) * 0x94d049bb133111ebu;
    return n ^ (n >> 31);
}

/* The position's key, from scratch: its pieces, side, castling rights
 * and en passant square. */
static uint64_t key_of(const struct position *p)
{
    uint64_t key = mix(((uint64_t)p->side << 8 | p->castling) << 8 | (unsigned)(p->ep + 1));

    for (int side = 0; side < 2; side++) {
        for (int piece = PAWN; piece <= KING; piece++) {
            const uint64_t salt = (uint64_t)(side * 6 + piece + 1) << 32;

            for (uint64_t b = p->pieces[side][piece]; b; b &= b - 1)
                key ^= mix(salt | lsb(b));
        }
    }
    return key;
}

/* ---- Evaluation ------------------------------------------------------ */

/* Mobility and king-zone attacks of `side`'s pieces. */
static int activity(const struct position *p, int side, uint64_t occ)
{
    const uint64_t *ours = p->pieces[side], own = p->colour[side];
    const unsigned king = lsb(p->pieces[!side][KING]);
    const uint64_t zone = mbb_king_attacks(king) | BIT(king);
    int score = 0;

    for (int piece = KNIGHT; piece <= QUEEN; piece++) {
        for (uint64_t b = ours[piece]; b; b &= b - 1) {
            const unsigned sq = lsb(b);
            const uint64_t a = piece == KNIGHT   ? mbb_knight_attacks(sq)
                               : piece == BISHOP ? mbb_bishop_attacks(sq, occ)
                               : piece == ROOK   ? mbb_rook_attacks(sq, occ)
                                                 : mbb_queen_attacks(sq, occ);

            score += 4 * (int)popcount(a & ~own) + 12 * (int)popcount(a & zone);
        }
    }
    return score;
}

/* The penalty for `side`'s pieces pinned to its king: an enemy slider on
 * a line through the king (mbb_line) that moves along it, with one piece
 * between them (mbb_between), which is ours. */
static int pins(const struct position *p, int side, uint64_t occ)
{
    const uint64_t *theirs = p->pieces[!side];
    const unsigned king = lsb(p->pieces[side][KING]);
    const uint64_t straight = mbb_rook_attacks(king, 0), diagonal = mbb_bishop_attacks(king, 0);
    int penalty = 0;

    for (uint64_t b = theirs[BISHOP] | theirs[ROOK] | theirs[QUEEN]; b; b &= b - 1) {
        const unsigned sq = lsb(b);
        const uint64_t rays = (theirs[ROOK] | theirs[QUEEN]) & BIT(sq) ? straight : 0;
        const uint64_t all = rays | ((theirs[BISHOP] | theirs[QUEEN]) & BIT(sq) ? diagonal : 0);
        uint64_t between;

        if (mbb_line(king, sq) == 0 || !(all & BIT(sq)))
            continue;
        between = mbb_between(king, sq) & occ;
        if (between != 0 && (between & (between - 1)) == 0 && (between & p->colour[side]))
            penalty += 25;
    }
    return penalty;
}

/* The score for the side to move. */
static int evaluate(const struct position *p)
{
    const uint64_t occ = occupied_squares(p);
    int score[2] = { 0, 0 };

    for (int side = 0; side < 2; side++) {
        for (int piece = PAWN; piece <= QUEEN; piece++)
            score[side] += piece_value[piece] * (int)popcount(p->pieces[side][piece]);
        score[side] += activity(p, side, occ) - pins(p, side, occ);
    }
    return score[p->side] - score[!p->side];
}

/* ---- Move ordering --------------------------------------------------- */

static int same_move(const struct move *a, const struct move *b)
{
    return a->from == b->from && a->to == b->to && a->promotion == b->promotion;
}

/* Keys to sort moves by, highest first: the table's move, then captures
 * (most valuable victim, then least valuable attacker), then the rest in
 * the generator's order. */
static void order(const struct position *p, struct move *list, int n, const struct move *first)
{
    int key[MOVES_MAX];

    for (int i = 0; i < n; i++) {
        const int victim = p->board[list[i].to];

        key[i] = first != NULL && same_move(&list[i], first) ? 1 << 20
                 : victim != NO_PIECE ? 1000 + 10 * victim - p->board[list[i].from]
                                      : 0;
    }
    for (int i = 1; i < n; i++) { /* insertion sort: stable */
        const struct move m = list[i];
        const int k = key[i];
        int j = i;

        for (; j > 0 && key[j - 1] < k; j--) {
            list[j] = list[j - 1];
            key[j] = key[j - 1];
        }
        list[j] = m;
        key[j] = k;
    }
}

/* ---- Search ---------------------------------------------------------- */

static int quiesce(struct searcher *s, const struct position *p, int alpha, int beta, int ply)
{
    struct move list[MOVES_MAX];
    int n, stand;

    s->nodes++;
    n = generate(p, list);
    if (n == 0)
        return in_check(p) ? -MATE + ply : 0;
    stand = evaluate(p);
    if (stand >= beta)
        return stand;
    if (stand > alpha)
        alpha = stand;
    order(p, list, n, NULL);
    for (int i = 0; i < n && p->board[list[i].to] != NO_PIECE; i++) {
        struct position next = *p;
        int score;

        play(&next, &list[i]);
        score = -quiesce(s, &next, -beta, -alpha, ply + 1);
        if (score >= beta)
            return score;
        if (score > alpha)
            alpha = score;
    }
    return alpha;
}

static int negamax(struct searcher *s, const struct position *p, int depth, int alpha, int beta,
                   int ply)
{
    struct move list[MOVES_MAX], best_move = { 0, 0, 0 };
    const uint64_t key = key_of(p);
    struct search_slot *slot = &s->table->slots[key & s->table->mask];
    const struct move *first = NULL;
    const int alpha_in = alpha;
    int n, best = -INFINITE_SCORE;

    if (depth <= 0)
        return quiesce(s, p, alpha, beta, ply);
    s->nodes++;
    if (slot->generation == s->table->generation && slot->key == key) {
        first = &slot->best;
        if (slot->depth >= depth && ply > 0
            && (slot->bound == BOUND_EXACT || (slot->bound == BOUND_LOWER && slot->score >= beta)
                || (slot->bound == BOUND_UPPER && slot->score <= alpha)))
            return slot->score;
    }
    n = generate(p, list);
    if (n == 0)
        return in_check(p) ? -MATE + ply : 0;
    order(p, list, n, first);
    for (int i = 0; i < n; i++) {
        struct position next = *p;
        int score;

        play(&next, &list[i]);
        score = -negamax(s, &next, depth - 1, -beta, -alpha, ply + 1);
        if (score > best) {
            best = score;
            best_move = list[i];
        }
        if (score > alpha)
            alpha = score;
        if (alpha >= beta)
            break;
    }
    slot->key = key;
    slot->score = (int16_t)best;
    slot->depth = (uint8_t)depth;
    slot->bound = best <= alpha_in ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT;
    slot->best = best_move;
    slot->generation = s->table->generation;
    return best;
}

uint64_t search(const struct position *p, int depth, struct search_table *t, int *score)
{
    struct searcher s = { t, 0 };
    int value = 0;

    for (int d = 1; d <= depth; d++)
        value = negamax(&s, p, d, -INFINITE_SCORE, INFINITE_SCORE, 0);
    if (score != NULL)
        *score = value;
    return s.nodes;
}
