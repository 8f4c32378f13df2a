/* SPDX-License-Identifier: MIT */
/* movegen.c - legal moves (pseudo-legal ones whose side is not left in
 * check) and perft, the count of the leaves of the move tree. */
#include "engine.h"

#define BIT(sq) (UINT64_C(1) << (sq))

static unsigned lowest(uint64_t x)
{
    unsigned sq = 0;

    while (!(x >> sq & 1))
        sq++;
    return sq;
}

static void add(struct move *moves, unsigned *n, unsigned from, unsigned to, unsigned promotion)
{
    struct move *m = &moves[(*n)++];

    m->from = from & 63; /* (masks, not casts: the file is C and C++) */
    m->to = to & 63;
    m->promotion = promotion & 7;
}

/* Every move from `from` to the squares of `targets`. */
static void add_all(struct move *moves, unsigned *n, unsigned from, uint64_t targets)
{
    for (; targets != 0; targets &= targets - 1)
        add(moves, n, from, lowest(targets), 0);
}

static void pawn_moves(const struct position *p, struct move *moves, unsigned *n)
{
    const unsigned us = p->side;
    const uint64_t occupied = p->colour[WHITE] | p->colour[BLACK];
    const uint64_t enemies = p->colour[us ^ 1] | (p->ep != NO_SQUARE ? BIT(p->ep) : 0);

    for (uint64_t pawns = p->piece[PAWN] & p->colour[us]; pawns != 0; pawns &= pawns - 1) {
        const unsigned from = lowest(pawns), to = us == WHITE ? from + 8 : from - 8;
        uint64_t targets = mbb_pawn_attacks(us, from) & enemies;

        if (!(occupied & BIT(to))) {
            const unsigned start_rank = us == WHITE ? 1 : 6, two = us == WHITE ? to + 8 : to - 8;

            targets |= BIT(to);
            if (from / 8 == start_rank && !(occupied & BIT(two)))
                targets |= BIT(two);
        }
        for (; targets != 0; targets &= targets - 1) {
            const unsigned sq = lowest(targets);

            if (sq / 8 == 0 || sq / 8 == 7)
                for (unsigned piece = KNIGHT; piece <= QUEEN; piece++)
                    add(moves, n, from, sq, piece);
            else
                add(moves, n, from, sq, 0);
        }
    }
}

/* Castling: the rights, the squares between king and rook empty, and
 * the king's square and the two it crosses not attacked. */
static void castling_moves(const struct position *p, struct move *moves, unsigned *n)
{
    const unsigned us = p->side, king = us == WHITE ? 4 : 60;
    const uint64_t occupied = p->colour[WHITE] | p->colour[BLACK];
    const unsigned short_right = us == WHITE ? 1 : 4, long_right = us == WHITE ? 2 : 8;

    if ((p->castling & short_right) && !(occupied & (BIT(king + 1) | BIT(king + 2)))
        && !attacked(p, king, us ^ 1) && !attacked(p, king + 1, us ^ 1))
        add(moves, n, king, king + 2, 0); /* (king + 2 is checked after the move) */
    if ((p->castling & long_right) && !(occupied & (BIT(king - 1) | BIT(king - 2) | BIT(king - 3)))
        && !attacked(p, king, us ^ 1) && !attacked(p, king - 1, us ^ 1))
        add(moves, n, king, king - 2, 0);
}

static unsigned pseudo_legal_moves(const struct position *p, struct move *moves)
{
    const unsigned us = p->side;
    const uint64_t own = p->colour[us], occupied = p->colour[WHITE] | p->colour[BLACK];
    unsigned n = 0;

    pawn_moves(p, moves, &n);
    for (unsigned piece = KNIGHT; piece <= KING; piece++) {
        for (uint64_t from = p->piece[piece] & own; from != 0; from &= from - 1) {
            const unsigned sq = lowest(from);
            uint64_t targets;

            switch (piece) {
            case KNIGHT:
                targets = mbb_knight_attacks(sq);
                break;
            case BISHOP:
                targets = mbb_bishop_attacks(sq, occupied);
                break;
            case ROOK:
                targets = mbb_rook_attacks(sq, occupied);
                break;
            case QUEEN:
                targets = mbb_queen_attacks(sq, occupied);
                break;
            default:
                targets = mbb_king_attacks(sq);
                break;
            }
            add_all(moves, &n, sq, targets & ~own);
        }
    }
    castling_moves(p, moves, &n);
    return n;
}

static unsigned piece_on(const struct position *p, unsigned sq)
{
    unsigned piece = PAWN;

    while (piece < PIECES && !(p->piece[piece] & BIT(sq)))
        piece++;
    return piece;
}

void play(struct position *p, struct move m)
{
    const unsigned us = p->side, piece = piece_on(p, m.from), taken = piece_on(p, m.to);
    /* the castling rights a move from or to each corner or king square ends */
    static const unsigned char keeps[64] = {
        13, 15, 15, 15, 12, 15, 15, 14, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
        15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
        15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 7,  15, 15, 15, 3,  15, 15, 11,
    };

    if (taken < PIECES) {
        p->piece[taken] &= ~BIT(m.to);
        p->colour[us ^ 1] &= ~BIT(m.to);
    }
    p->piece[piece] &= ~BIT(m.from);
    p->piece[m.promotion ? m.promotion : piece] |= BIT(m.to);
    p->colour[us] ^= BIT(m.from) | BIT(m.to);
    if (piece == PAWN && m.to == p->ep) { /* en passant: the pawn behind */
        const unsigned behind = us == WHITE ? m.to - 8 : m.to + 8;

        p->piece[PAWN] &= ~BIT(behind);
        p->colour[us ^ 1] &= ~BIT(behind);
    }
    if (piece == KING && (m.to == m.from + 2 || m.to + 2 == m.from)) { /* castling: the rook */
        const unsigned rook_from = m.to > m.from ? m.from + 3 : m.from - 4;
        const unsigned rook_to = m.to > m.from ? m.from + 1 : m.from - 1;

        p->piece[ROOK] ^= BIT(rook_from) | BIT(rook_to);
        p->colour[us] ^= BIT(rook_from) | BIT(rook_to);
    }
    p->ep = piece == PAWN && (m.to == m.from + 16 || m.to + 16 == m.from) ? (m.from + m.to) / 2
                                                                          : NO_SQUARE;
    p->castling &= keeps[m.from] & keeps[m.to];
    p->side = us ^ 1;
}

unsigned legal_moves(const struct position *p, struct move *moves)
{
    struct move all[MAX_MOVES];
    const unsigned count = pseudo_legal_moves(p, all);
    unsigned n = 0;

    for (unsigned i = 0; i < count; i++) {
        struct position next = *p;

        play(&next, all[i]);
        if (!attacked(&next, lowest(next.piece[KING] & next.colour[p->side]), next.side))
            moves[n++] = all[i];
    }
    return n;
}

uint64_t perft(const struct position *p, unsigned depth)
{
    struct move moves[MAX_MOVES];
    const unsigned n = legal_moves(p, moves);
    uint64_t leaves = 0;

    if (depth <= 1)
        return depth == 1 ? n : 1;
    for (unsigned i = 0; i < n; i++) {
        struct position next = *p;

        play(&next, moves[i]);
        leaves += perft(&next, depth - 1);
    }
    return leaves;
}
