/* SPDX-License-Identifier: MIT */
/* movegen.c - legal move generation on magicbb's attack sets.
 *
 * Checks, pins (mbb_between and mbb_line), castling, en passant and
 * promotions; copy-make, and bulk counting at the last ply of perft. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lookups.h" /* first: it renames the public functions */
#include "escape.h"
#include "movegen.h"

/* Pieces of `by` attacking sq, with the board occupied as `occ`. */
static uint64_t attackers(const struct position *p, unsigned sq, int by, uint64_t occ)
{
    const uint64_t *b = p->pieces[by];

    return (mbb_pawn_attacks((unsigned)!by, sq) & b[PAWN]) | (mbb_knight_attacks(sq) & b[KNIGHT])
           | (mbb_king_attacks(sq) & b[KING])
           | (mbb_bishop_attacks(sq, occ) & (b[BISHOP] | b[QUEEN]))
           | (mbb_rook_attacks(sq, occ) & (b[ROOK] | b[QUEEN]));
}

static unsigned king_square(const struct position *p, int side)
{
    return lsb(p->pieces[side][KING]);
}

static void put(struct position *p, int side, int piece, unsigned sq)
{
    p->pieces[side][piece] |= BIT(sq);
    p->colour[side] |= BIT(sq);
    p->board[sq] = (unsigned char)piece;
}

static void take(struct position *p, int side, unsigned sq)
{
    p->pieces[side][p->board[sq]] &= ~BIT(sq);
    p->colour[side] &= ~BIT(sq);
    p->board[sq] = NO_PIECE;
}

/* ---- Legal moves --------------------------------------------------- */

static struct move *add(struct move *list, unsigned from, uint64_t targets)
{
    for (; targets; targets &= targets - 1) {
        list->from = (unsigned char)from;
        list->to = (unsigned char)lsb(targets);
        list->promotion = 0;
        list++;
    }
    return list;
}

static struct move *add_pawn(struct move *list, unsigned from, unsigned to)
{
    if (to < 8 || to >= 56) {
        for (int piece = QUEEN; piece >= KNIGHT; piece--) {
            list->from = (unsigned char)from;
            list->to = (unsigned char)to;
            list->promotion = (unsigned char)piece;
            list++;
        }
    } else {
        list->from = (unsigned char)from;
        list->to = (unsigned char)to;
        list->promotion = 0;
        list++;
    }
    return list;
}

/* Whether en passant from `from` leaves our king safe.  Two pawns leave
 * the board's lines at once, which the pin test cannot see, and the
 * capture must also answer any check: so look at the position after it. */
static int en_passant_is_legal(const struct position *p, unsigned from)
{
    const int us = p->side, them = !us;
    const unsigned to = (unsigned)p->ep, captured = us == WHITE ? to - 8 : to + 8;
    const uint64_t occ = (occupied_squares(p) ^ BIT(from) ^ BIT(captured)) | BIT(to);

    return !(attackers(p, king_square(p, us), them, occ) & ~BIT(captured));
}

/* The pawns' pushes and captures (not en passant): those not pinned
 * set-wise, the pinned ones along their pin lines; only to target
 * squares (those that answer a check). */
static struct move *pawn_moves(const struct position *p, struct move *list, unsigned king,
                               uint64_t pinned, uint64_t target)
{
    const int us = p->side;
    const uint64_t occ = occupied_squares(p), theirs = p->colour[!us];
    uint64_t b;

    /* Pawns not pinned, set-wise: every push and capture of them at once,
     * each target then traced back to its pawn. */
    {
        const uint64_t unpinned = p->pieces[us][PAWN] & ~pinned, empty = ~occ;
        const uint64_t not_a = ~(uint64_t)0x0101010101010101u,
                       not_h = ~(uint64_t)0x8080808080808080u;
        const uint64_t rank3 = us == WHITE ? (uint64_t)0xff << 16 : (uint64_t)0xff << 40;
        const uint64_t one = (us == WHITE ? unpinned << 8 : unpinned >> 8) & empty;
        const uint64_t two = (us == WHITE ? (one & rank3) << 8 : (one & rank3) >> 8) & empty;
        const uint64_t west = us == WHITE ? (unpinned & not_a) << 7 : (unpinned & not_a) >> 9;
        const uint64_t east = us == WHITE ? (unpinned & not_h) << 9 : (unpinned & not_h) >> 7;
        const int up = us == WHITE ? 8 : -8; /* to - from of a push */

        for (b = one & target; b; b &= b - 1)
            list = add_pawn(list, (unsigned)((int)lsb(b) - up), lsb(b));
        for (b = two & target; b; b &= b - 1)
            list = add(list, (unsigned)((int)lsb(b) - 2 * up), b & (0 - b));
        for (b = west & theirs & target; b; b &= b - 1)
            list = add_pawn(list, (unsigned)((int)lsb(b) - up + 1), lsb(b));
        for (b = east & theirs & target; b; b &= b - 1)
            list = add_pawn(list, (unsigned)((int)lsb(b) - up - 1), lsb(b));
    }
    /* Pinned pawns one by one, along their pin line only. */
    for (b = p->pieces[us][PAWN] & pinned; b; b &= b - 1) {
        const unsigned from = lsb(b);
        const int step = us == WHITE ? 8 : -8;
        const uint64_t allowed = mbb_line(king, from);
        const unsigned one = (unsigned)((int)from + step);
        uint64_t captures = mbb_pawn_attacks((unsigned)us, from) & theirs & target & allowed;

        for (; captures; captures &= captures - 1)
            list = add_pawn(list, from, lsb(captures));
        if (!(occ & BIT(one))) {
            const unsigned two = (unsigned)((int)one + step);
            const int home = us == WHITE ? from / 8 == 1 : from / 8 == 6;

            if (BIT(one) & target & allowed)
                list = add_pawn(list, from, one);
            if (home && !(occ & BIT(two)) && (BIT(two) & target & allowed))
                list = add(list, from, BIT(two));
        }
    }
    return list;
}

/* What castling asks of the first rank, by the files of the king (k) and
 * of its rook (r), as 8-bit masks of files: the squares that must be
 * empty but for those two (the king's way and the rook's, destinations
 * included), the squares the king must find unattacked (those it crosses
 * and its destination; its own is not attacked when this is asked), and
 * the file of the move's target square (movegen.h): the king's
 * destination two files away, else the rook's file.  A rook on the h-side
 * (r > k) castles O-O, the king to g and the rook to f; else O-O-O, to c
 * and d.  (Entries with r = k are never read.) */
#define FILES(a, b) ((((2u << ((a) > (b) ? (a) : (b))) - (1u << ((a) < (b) ? (a) : (b))))) & 0xffu)
#define KING_TO(k, r) ((r) > (k) ? 6 : 2)
#define ROOK_TO(k, r) ((r) > (k) ? 5 : 3)
#define CASTLE_PATH(k, r)                                                                          \
    {                                                                                              \
        .empty = (unsigned char)((FILES(k, KING_TO(k, r)) | FILES(r, ROOK_TO(k, r)))               \
                                 & ~(1u << (k)) & ~(1u << (r))),                                   \
        .safe = (unsigned char)((FILES(k, KING_TO(k, r)) & ~(1u << (k))) | 1u << KING_TO(k, r)),   \
        .to = (unsigned char)(KING_TO(k, r) == (k) + 2 || (k) == KING_TO(k, r) + 2 ? KING_TO(k, r) \
                                                                                   : (r)),         \
    }
#define CASTLE_PATHS(k)                                                                            \
    {                                                                                              \
        CASTLE_PATH(k, 0), CASTLE_PATH(k, 1), CASTLE_PATH(k, 2), CASTLE_PATH(k, 3),                \
            CASTLE_PATH(k, 4), CASTLE_PATH(k, 5), CASTLE_PATH(k, 6), CASTLE_PATH(k, 7)             \
    }
static const struct castle_path {
    unsigned char empty, safe, to;
} castle_paths[8][8] = {
    CASTLE_PATHS(0), CASTLE_PATHS(1), CASTLE_PATHS(2), CASTLE_PATHS(3),
    CASTLE_PATHS(4), CASTLE_PATHS(5), CASTLE_PATHS(6), CASTLE_PATHS(7),
};

/* Castling, when not in check, by Chess960's rules (standard chess's are
 * the case of the king on e1 or e8 and the rooks in the corners): the
 * right, an empty way (castle_paths), and no attacked square on the
 * king's.  Those are looked at with the rook lifted off: a rook that
 * shields the king's destination along the first rank (king d1, rook b1,
 * an enemy queen on a1) leaves it open once it has moved. */
static struct move *castle_moves(const struct position *p, struct move *list, unsigned king)
{
    const int us = p->side, them = !us;
    const unsigned rights = p->castling >> (2 * us) & 3, home = us == WHITE ? 0 : 56;
    const uint64_t occ = occupied_squares(p);

    for (unsigned c = 0; c < 2; c++) { /* 0: the h-side (O-O), 1: the a-side (O-O-O) */
        /* (a right held has its king and rook on the first rank) */
        const unsigned rook = p->castling_rook[2 * (unsigned)us + c];
        const struct castle_path *path
            = rights >> c & 1 ? &castle_paths[king - home][rook - home] : NULL;

        if (path != NULL && !(occ & (uint64_t)path->empty << home)) {
            const uint64_t rook_lifted = occ ^ BIT(rook);
            uint64_t safe = (uint64_t)path->safe << home;
            int ok = 1;

            for (; ok && safe; safe &= safe - 1)
                ok = !attackers(p, lsb(safe), them, rook_lifted);
            if (ok)
                list = add(list, king, BIT(home + path->to));
        }
    }
    return list;
}

int generate(const struct position *p, struct move *list)
{
    const int us = p->side, them = !us;
    const uint64_t occ = occupied_squares(p), ours = p->colour[us], theirs = p->colour[them];
    const unsigned king = king_square(p, us);
    const uint64_t checkers = attackers(p, king, them, occ);
    struct move *start = list;
    uint64_t pinned = 0, target, b;

    /* King moves: to squares not attacked once the king has left its own. */
    for (b = mbb_king_attacks(king) & ~ours; b; b &= b - 1) {
        unsigned to = lsb(b);

        if (!attackers(p, to, them, occ ^ BIT(king)))
            list = add(list, king, BIT(to));
    }
    if (popcount(checkers) > 1)
        return (int)(list - start);

    /* Pinned pieces: ours alone between our king and an enemy slider. */
    for (b = (mbb_rook_attacks(king, theirs) & (p->pieces[them][ROOK] | p->pieces[them][QUEEN]))
             | (mbb_bishop_attacks(king, theirs)
                & (p->pieces[them][BISHOP] | p->pieces[them][QUEEN]));
         b; b &= b - 1) {
        uint64_t between = mbb_between(king, lsb(b)) & occ;

        if (popcount(between) == 1 && (between & ours))
            pinned |= between;
    }
    /* In check: capture the checker or block its line. */
    target = checkers ? checkers | mbb_between(king, lsb(checkers)) : ~(uint64_t)0;

    for (int piece = KNIGHT; piece <= QUEEN; piece++) {
        for (b = p->pieces[us][piece]; b; b &= b - 1) {
            const unsigned from = lsb(b);
            uint64_t moves = piece == KNIGHT   ? mbb_knight_attacks(from)
                             : piece == BISHOP ? mbb_bishop_attacks(from, occ)
                             : piece == ROOK   ? mbb_rook_attacks(from, occ)
                                               : mbb_queen_attacks(from, occ);

            moves &= ~ours & target;
            if (pinned & BIT(from))
                moves &= mbb_line(king, from);
            list = add(list, from, moves);
        }
    }

    list = pawn_moves(p, list, king, pinned, target);
    /* En passant: each pawn that attacks the square, if the capture
     * leaves the king safe (which also settles pins and checks). */
    if (p->ep >= 0) {
        for (b = mbb_pawn_attacks((unsigned)them, (unsigned)p->ep) & p->pieces[us][PAWN]; b;
             b &= b - 1) {
            if (en_passant_is_legal(p, lsb(b)))
                list = add(list, lsb(b), BIT(p->ep));
        }
    }

    if (!checkers)
        list = castle_moves(p, list, king);
    return (int)(list - start);
}

int in_check(const struct position *p)
{
    return attackers(p, king_square(p, p->side), !p->side, occupied_squares(p)) != 0;
}

/* Castling (movegen.h says how it is written): both pieces lifted, then
 * put, so that they may land on each other's squares. */
static void castle(struct position *p, const struct move *m)
{
    const int us = p->side, h_side = m->to > m->from;
    const unsigned home = us == WHITE ? 0 : 56;
    const unsigned rook = p->colour[us] & BIT(m->to) ? m->to : p->castling_rook[2 * us + !h_side];

    take(p, us, m->from);
    take(p, us, rook);
    put(p, us, KING, home + (h_side ? 6 : 2));
    put(p, us, ROOK, home + (h_side ? 5 : 3));
}

void play(struct position *p, const struct move *m)
{
    const int us = p->side, them = !us;
    const int piece = p->board[m->from], captured = p->board[m->to];
    const int ep = p->ep;

    p->ep = -1;
    if (piece == KING
        && ((p->colour[us] & BIT(m->to)) || m->to == m->from + 2 || m->from == m->to + 2)) {
        castle(p, m);
    } else {
        if (captured != NO_PIECE)
            take(p, them, m->to);
        take(p, us, m->from);
        put(p, us, m->promotion ? m->promotion : piece, m->to);
        if (piece == PAWN) {
            if ((int)m->to == ep)
                take(p, them, us == WHITE ? m->to - 8u : m->to + 8u);
            else if (m->to == m->from + 16 || m->from == m->to + 16)
                p->ep = (m->from + m->to) / 2;
        }
    }
    /* A right ends when its king moves, or its rook moves or is taken:
     * the rights whose rook square is the move's origin or destination,
     * found in the four squares at once (each byte of a XOR b is 0 where
     * a's equals b's; below 64, adding 63 sets bit 6 of all but 0), their
     * bits 6, 14, 22 and 30 gathered into bits 24 to 27 by one multiply. */
    {
        const unsigned char *r = p->castling_rook;
        const uint32_t rooks
            = r[0] | (uint32_t)r[1] << 8 | (uint32_t)r[2] << 16 | (uint32_t)r[3] << 24;
        const uint32_t from = (rooks ^ m->from * 0x01010101u) + 0x3f3f3f3fu;
        const uint32_t to = (rooks ^ m->to * 0x01010101u) + 0x3f3f3f3fu;

        p->castling &= ~((((~(from & to) & 0x40404040u) >> 6) * 0x01020408u) >> 24)
                       & ~(piece == KING ? 3u << 2 * us : 0);
    }
    p->side = them;
}

void walk(const struct position *p, int depth, void (*visit)(const struct position *, void *),
          void *data)
{
    struct move moves[MOVES_MAX];
    int count;

    visit(p, data);
    if (depth <= 0)
        return;
    count = generate(p, moves);
    for (int i = 0; i < count; i++) {
        struct position next = *p;

        play(&next, &moves[i]);
        walk(&next, depth - 1, visit, data);
    }
}

int walk_standard(int depth, void (*visit)(const struct position *, void *), void *data,
                  char why[FEN_WHY_SIZE])
{
    static const char *const fens[] = { STANDARD_POSITIONS };

    for (int i = 0; i < STANDARD_POSITION_COUNT; i++) {
        struct position p;

        if (parse_fen(fens[i], &p, why) != 0)
            return i + 1;
        walk(&p, depth, visit, data);
    }
    return 0;
}

uint64_t perft(const struct position *p, int depth)
{
    struct move moves[MOVES_MAX];
    int count = generate(p, moves);
    uint64_t nodes = 0;

    if (depth <= 1)
        return depth == 1 ? (uint64_t)count : 1;
    for (int i = 0; i < count; i++) {
        struct position next = *p;

        play(&next, &moves[i]);
        nodes += perft(&next, depth - 1);
    }
    return nodes;
}

/* ---- FEN ----------------------------------------------------------- */

/* Writes the message (quoted text unescaped: the caller escapes it) and
 * returns -1. */
static int fail(char *why, const char *format, const char *detail)
{
    snprintf(why, FEN_WHY_SIZE, format, detail);
    return -1;
}

static int square_of(const char *s)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' || s[2] != '\0')
        return -1;
    return (s[1] - '1') * 8 + (s[0] - 'a');
}

/* A decimal number from min to max, digits only; -1 otherwise. */
static long count_of(const char *s, long min, long max)
{
    long value = 0;

    if (*s == '\0')
        return -1;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9' || value > (max - (*s - '0')) / 10)
            return -1;
        value = value * 10 + (*s - '0');
    }
    return value < min ? -1 : value;
}

/* The character at c, whole if it starts a UTF-8 sequence. */
static const char *character_at(const char *c, char text[5])
{
    int length = utf8_sequence_length((const unsigned char *)c);

    if (length == 0)
        length = 1;
    memcpy(text, c, (size_t)length);
    text[length] = '\0';
    return text;
}

static int parse_placement(const char *placement, struct position *p, char *why)
{
    int rank = 7, file = 0, digit_before = 0;
    char rank_name[2] = { 0, 0 }, character[5];

    for (const char *c = placement; *c; c++) {
        static const char letters[] = "pnbrqk";
        const char *kind = strchr(letters, tolower((unsigned char)*c));

        rank_name[0] = (char)('1' + rank);
        if (*c == '/') {
            if (file != 8)
                return fail(why, "rank %s does not have 8 squares", rank_name);
            if (--rank < 0)
                return fail(why, "%s", "more than 8 ranks");
            file = 0;
            digit_before = 0;
            continue;
        }
        if (*c >= '1' && *c <= '8') {
            /* "44" or "17": FEN writes a run of empty squares as one digit */
            if (digit_before)
                return fail(why, "rank %s has two digits in a row", rank_name);
            file += *c - '0';
            digit_before = 1;
        } else if (kind != NULL && *c != '\0') {
            if (file >= 8)
                return fail(why, "rank %s has more than 8 squares", rank_name);
            put(p, isupper((unsigned char)*c) ? WHITE : BLACK, (int)(kind - letters),
                (unsigned)(rank * 8 + file));
            file++;
            digit_before = 0;
        } else {
            return fail(why, "'%s' is not a piece letter", character_at(c, character));
        }
        if (file > 8)
            return fail(why, "rank %s has more than 8 squares", rank_name);
    }
    if (rank != 0 || file != 8)
        return fail(why, "%s", "the placement does not cover 8 ranks of 8 squares");
    return 0;
}

/* What chess tools ask of a position before they search it.  Besides
 * making sense, the piece counts bound the length of a move list
 * (MOVES_MAX). */
static int check_material(const struct position *p, char *why)
{
    for (int side = WHITE; side <= BLACK; side++) {
        const char *name = side == WHITE ? "white" : "black";

        if (popcount(p->pieces[side][KING]) != 1)
            return fail(why, "%s does not have exactly one king", name);
        if (popcount(p->colour[side]) > 16)
            return fail(why, "%s has more than 16 pieces", name);
        if (popcount(p->pieces[side][PAWN]) > 8)
            return fail(why, "%s has more than 8 pawns", name);
    }
    if ((p->pieces[WHITE][PAWN] | p->pieces[BLACK][PAWN]) & 0xff000000000000ffu)
        return fail(why, "%s", "a pawn on the first or last rank");
    return 0;
}

/* The castling field: "-", or a letter a right.  K, Q, k and q (FEN and
 * X-FEN) name the outermost rook on that side of the king: the h-side
 * (O-O) or the a-side (O-O-O); a file letter (Shredder-FEN, and X-FEN's
 * inner rook) names the rook on that file, A-H for white and a-h for
 * black.  The king must stand on its first rank, the rook beside it on
 * that rank, one right a side of each king. */
static int parse_castling(const char *field, struct position *p, char *why)
{
    static const unsigned char corners[4] = { 7, 0, 63, 56 }; /* (rights not held) */

    memcpy(p->castling_rook, corners, sizeof corners);
    if (strcmp(field, "-") == 0)
        return 0;
    for (const char *c = field; *c; c++) {
        const int letter = *c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c;
        const int side = letter == *c ? BLACK : WHITE;
        const unsigned home = side == WHITE ? 0 : 56;
        const uint64_t rank = (uint64_t)0xff << home, rooks = p->pieces[side][ROOK] & rank;
        const char rank_name = side == WHITE ? '1' : '8';
        unsigned king, rook, right;

        if (letter != 'k' && letter != 'q' && (letter < 'a' || letter > 'h'))
            return fail(why,
                        "castling field '%s' is not a set of KQkq or rook files (A-H, a-h), or -",
                        field);
        if (!(p->pieces[side][KING] & rank)) {
            snprintf(why, FEN_WHY_SIZE, "castling right %c without its king on rank %c", *c,
                     rank_name);
            return -1;
        }
        king = lsb(p->pieces[side][KING]);
        if (letter == 'k' || letter == 'q') {
            uint64_t beside
                = rooks & (letter == 'k' ? ~(BIT(king) | (BIT(king) - 1)) : BIT(king) - 1);

            if (!beside) {
                snprintf(why, FEN_WHY_SIZE, "castling right %c without a rook on its king's %s", *c,
                         letter == 'k' ? "h-side" : "a-side");
                return -1;
            }
            while (letter == 'k' && (beside & (beside - 1))) /* the outermost */
                beside &= beside - 1;
            rook = lsb(beside);
        } else {
            rook = home + (unsigned)(letter - 'a');
            if (!(rooks & BIT(rook))) {
                snprintf(why, FEN_WHY_SIZE, "castling right %c without a rook on %c%c", *c, letter,
                         rank_name);
                return -1;
            }
        }
        right = 2 * (unsigned)side + (rook < king);
        if (p->castling & (1u << right)) {
            snprintf(why, FEN_WHY_SIZE, "castling field '%s' gives %s two rights on the %s", field,
                     side == WHITE ? "white" : "black", rook < king ? "a-side" : "h-side");
            return -1;
        }
        p->castling |= 1u << right;
        p->castling_rook[right] = (unsigned char)rook;
    }
    return 0;
}

int parse_fen(const char *fen, struct position *p, char why[FEN_WHY_SIZE])
{
    char text[256], *field[8];
    int n = 0;

    memset(p, 0, sizeof *p);
    memset(p->board, NO_PIECE, sizeof p->board);
    if (strlen(fen) >= sizeof text)
        return fail(why, "longer than %s characters", "255");
    strcpy(text, fen);
    for (char *t = strtok(text, " \t"); t != NULL; t = strtok(NULL, " \t")) {
        if (n == 6)
            return fail(why, "%s", "more than 6 fields");
        field[n++] = t;
    }
    if (n < 4)
        return fail(why, "%s", "fewer than 4 fields (placement, side, castling, en passant)");
    if (parse_placement(field[0], p, why) != 0 || check_material(p, why) != 0)
        return -1;

    if (strcmp(field[1], "w") != 0 && strcmp(field[1], "b") != 0)
        return fail(why, "side to move '%s' is not w or b", field[1]);
    p->side = field[1][0] == 'w' ? WHITE : BLACK;

    if (parse_castling(field[2], p, why) != 0)
        return -1;

    p->ep = -1;
    if (strcmp(field[3], "-") != 0) {
        const int sq = square_of(field[3]);
        const int us = p->side;

        /* The pawn that just moved two squares stands in front of it. */
        if (sq < 0 || sq / 8 != (us == WHITE ? 5 : 2)
            || !(p->pieces[!us][PAWN] & BIT(us == WHITE ? sq - 8 : sq + 8))
            || (occupied_squares(p) & (BIT(sq) | BIT(us == WHITE ? sq + 8 : sq - 8))))
            return fail(why, "impossible en passant square '%s'", field[3]);
        p->ep = sq;
    }
    if (n >= 5 && count_of(field[4], 0, FEN_COUNT_MAX) < 0)
        return fail(why, "halfmove clock '%s' is not a number from 0 to 2147483647", field[4]);
    if (n == 6 && count_of(field[5], 1, FEN_COUNT_MAX) < 0)
        return fail(why, "move number '%s' is not a number from 1 to 2147483647", field[5]);
    if (attackers(p, king_square(p, !p->side), p->side, occupied_squares(p)))
        return fail(why, "%s", "the side not to move is in check");
    return 0;
}

void move_name(const struct move *m, char text[6])
{
    text[0] = (char)('a' + m->from % 8);
    text[1] = (char)('1' + m->from / 8);
    text[2] = (char)('a' + m->to % 8);
    text[3] = (char)('1' + m->to / 8);
    text[4] = m->promotion ? " nbrq"[m->promotion] : '\0';
    text[5] = '\0';
}
