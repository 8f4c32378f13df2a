/* SPDX-License-Identifier: MIT */
/* threatgen.c - the vectors magicbb-threatref writes (threatvec.h):
 * events on seeded random boards, each kind of edge case a kernel must
 * get right, and every move of the perft walks of the standard
 * positions; each vector's lists from the reference (threatref.c). */
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "reference.h"
#include "threatref.h"
#include "threatvec.h"

struct generator {
    FILE *out;
    const struct threat_rules *rules;
    uint64_t rng;
    unsigned long written, wanted;
};

static unsigned below(struct generator *g, unsigned n)
{
    return (unsigned)(ref_random(&g->rng) % n);
}

/* One vector: the event on board, with the reference's lists; then the
 * board becomes the one after it. */
static void emit(struct generator *g, unsigned char board[64], struct threat_event event)
{
    struct threat_lists lists;

    if (threatref_event(g->rules, board, &event, &lists) != 0)
        abort(); /* an event made here that does not fit, or a bound broken */
    threatvec_write_vector(g->out, board, &event, &lists);
    threatref_apply(board, &event);
    g->written++;
}

/* A piece code of the files (Stockfish's: colour * 8 + type + 1). */
static unsigned random_piece(struct generator *g)
{
    return below(g, 2) * 8 + below(g, 6) + 1;
}

/* A bishop, rook or queen of either colour. */
static unsigned random_slider(struct generator *g)
{
    return below(g, 2) * 8 + BISHOP + below(g, 3) + 1;
}

static void random_board(struct generator *g, unsigned pieces, unsigned char board[64])
{
    memset(board, 0, 64);
    for (unsigned placed = 0; placed < pieces;) {
        const unsigned sq = below(g, 64);

        if (board[sq] == 0)
            board[sq] = (unsigned char)random_piece(g), placed++;
    }
}

/* A random square that holds a piece (want 1) or is empty (want 0): 64
 * where there is none. */
static unsigned random_square(struct generator *g, const unsigned char board[64], int want)
{
    unsigned n = 0, squares[64];

    for (unsigned sq = 0; sq < 64; sq++)
        if ((board[sq] != 0) == want)
            squares[n++] = sq;
    return n > 0 ? squares[below(g, n)] : 64;
}

/* A random event of any kind that fits the board. */
static struct threat_event random_event(struct generator *g, const unsigned char board[64])
{
    const unsigned empty = random_square(g, board, 0), piece = random_square(g, board, 1);
    unsigned kind = below(g, 4);

    if (piece == 64)
        kind = THREAT_PUT; /* an empty board */
    else if (empty == 64 && (kind == THREAT_PUT || kind == THREAT_MOVE))
        kind = below(g, 2) ? THREAT_REMOVE : THREAT_REPLACE; /* a full one */
    return (struct threat_event){
        (unsigned char)kind, (unsigned char)(kind == THREAT_PUT ? empty : piece),
        (unsigned char)(kind == THREAT_MOVE ? empty : 0),
        (unsigned char)(kind == THREAT_PUT || kind == THREAT_REPLACE ? random_piece(g) : 0)
    };
}

/* The squares from sq outwards in direction d (0-3 orthogonal, 4-7
 * diagonal): how many, into ray. */
static unsigned ray_from(unsigned sq, unsigned d, unsigned char ray[7])
{
    static const int steps[8][2]
        = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 }, { 1, 1 }, { 1, -1 }, { -1, -1 }, { -1, 1 } };
    int f = (int)(sq % 8) + steps[d][0], r = (int)(sq / 8) + steps[d][1];
    unsigned n = 0;

    for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += steps[d][0], r += steps[d][1])
        ray[n++] = (unsigned char)(r * 8 + f);
    return n;
}

/* A slider on a random square of a random board, looking along one of
 * its directions with at least two squares (into ray, n of them, the
 * opposite direction's in back, nb): its square. */
static unsigned place_slider(struct generator *g, unsigned char board[64], unsigned char ray[7],
                             unsigned *n, unsigned char back[7], unsigned *nb)
{
    random_board(g, below(g, 25), board);
    for (;;) {
        const unsigned sq = below(g, 64), code = random_slider(g), type = (code - 1) % 8;
        const unsigned d = type == BISHOP ? 4 + below(g, 4)
                           : type == ROOK ? below(g, 4)
                                          : below(g, 8);

        *n = ray_from(sq, d, ray);
        *nb = ray_from(sq, d ^ 2, back); /* (the opposite direction) */
        if (*n >= 2) {
            board[sq] = (unsigned char)code;
            return sq;
        }
    }
}

/* An x-ray pair: a slider, a piece beyond on its ray, the squares
 * between emptied; one event on one of them (a piece put there blocks
 * the pair; one removed, replaced or moved away reveals it). */
static void xray_pair(struct generator *g)
{
    unsigned char board[64], ray[7], back[7];
    unsigned n, nb;
    unsigned victim, blocker, kind;

    place_slider(g, board, ray, &n, back, &nb);
    victim = 1 + below(g, n - 1), blocker = below(g, victim), kind = below(g, 4);
    for (unsigned i = 0; i < victim; i++)
        board[ray[i]] = 0;
    board[ray[victim]] = (unsigned char)random_piece(g);
    fprintf(g->out, "# an x-ray pair: the event on a square between a slider and a piece\n");
    if (kind == THREAT_PUT) {
        emit(g, board,
             (struct threat_event){ THREAT_PUT, ray[blocker], 0, (unsigned char)random_piece(g) });
        return;
    }
    board[ray[blocker]] = (unsigned char)random_piece(g);
    if (kind == THREAT_MOVE)
        emit(g, board,
             (struct threat_event){ THREAT_MOVE, ray[blocker],
                                    (unsigned char)random_square(g, board, 0), 0 });
    else
        emit(
            g, board,
            (struct threat_event){ (unsigned char)kind, ray[blocker], 0,
                                   (unsigned char)(kind == THREAT_REPLACE ? random_piece(g) : 0) });
}

/* A move along a slider's line: a piece on the line (or the slider
 * itself) moved to another empty square of the same line, on either
 * side of the slider, with a piece or none beyond. */
static void along_the_line(struct generator *g)
{
    unsigned char board[64], ray[7], back[7], line[15];
    unsigned n, nb, count = 0, from, to;
    const unsigned sq = place_slider(g, board, ray, &n, back, &nb);

    line[count++] = (unsigned char)sq;
    for (unsigned i = 0; i < n; i++)
        line[count++] = ray[i];
    for (unsigned i = 0; i < nb; i++)
        line[count++] = back[i];
    for (unsigned i = 1; i < count; i++) /* the line, the slider's square kept */
        if (below(g, 3) != 0)
            board[line[i]] = 0;
    from = below(g, 4) == 0 ? 0 : 1 + below(g, count - 1);
    if (board[line[from]] == 0)
        board[line[from]] = (unsigned char)random_piece(g);
    do /* (not onto the slider's square: the line would lose its slider) */
        to = 1 + below(g, count - 1);
    while (to == from);
    board[line[to]] = 0;
    fprintf(g->out, "# a move along a slider's line\n");
    emit(g, board, (struct threat_event){ THREAT_MOVE, line[from], line[to], 0 });
}

/* A capture, as an engine splits it: the mover removed from its square,
 * then the piece it takes replaced by it (the attacker of a relation of
 * the board, where the board has one). */
static void capture(struct generator *g)
{
    unsigned char board[64];
    struct threat_relation all[THREAT_BOARD_MAX];
    unsigned from, to, mover;
    int n;

    random_board(g, 2 + below(g, 31), board);
    n = threatref_board(threatvec_rules(THREATVEC_EVERYTHING), board, all);
    if (n > 0) {
        const struct threat_relation *r = &all[below(g, (unsigned)n)];

        from = r->from, to = r->to;
    } else {
        from = random_square(g, board, 1);
        do
            to = random_square(g, board, 1);
        while (to == from);
    }
    mover = board[from];
    fprintf(g->out, "# a capture: the mover removed, then the victim replaced by it\n");
    emit(g, board, (struct threat_event){ THREAT_REMOVE, (unsigned char)from, 0, 0 });
    if (g->written < g->wanted)
        emit(g, board,
             (struct threat_event){ THREAT_REPLACE, (unsigned char)to, 0, (unsigned char)mover });
}

/* (The pairing: each filled square takes the first vacated square of its
 * code not taken yet.) */
unsigned threatvec_move_events(const unsigned char before[64], const unsigned char after[64],
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

/* Perft walks: every legal move of the position, split into events. */
static void visit(const struct position *p, void *data)
{
    struct generator *g = data;
    struct move list[MOVES_MAX];
    unsigned char before[64], after[64];
    const int n = generate(p, list);

    for (unsigned sq = 0; sq < 64; sq++)
        before[sq] = (unsigned char)(p->board[sq] == NO_PIECE
                                         ? 0
                                         : (p->colour[BLACK] >> sq & 1) * 8 + p->board[sq] + 1u);
    for (int i = 0; i < n; i++) {
        struct position next = *p;
        struct threat_event events[4];
        unsigned char board[64];
        char name[6];
        unsigned count;

        play(&next, &list[i]);
        for (unsigned sq = 0; sq < 64; sq++)
            after[sq]
                = (unsigned char)(next.board[sq] == NO_PIECE
                                      ? 0
                                      : (next.colour[BLACK] >> sq & 1) * 8 + next.board[sq] + 1u);
        count = threatvec_move_events(before, after, events);
        move_name(&list[i], name);
        fprintf(g->out, "# %s: the move %s, %u event%s\n", p->side == WHITE ? "white" : "black",
                name, count, count == 1 ? "" : "s");
        memcpy(board, before, 64);
        for (unsigned k = 0; k < count; k++)
            emit(g, board, events[k]);
    }
}

int threatvec_generate(FILE *out, const struct threatvec_options *o)
{
    struct generator g = { .out = out, .wanted = o->count };
    char why[FEN_WHY_SIZE];

    g.rules = threatvec_rules(o->rules);
    g.rng = o->seed * UINT64_C(0x9E3779B97F4A7C15) + UINT64_C(0x2545F4914F6CDD1D);
    if (g.rng == 0)
        g.rng = 1; /* (xorshift stays at 0) */
    threatvec_write_header(out);
    fprintf(out,
            "# magicbb-threatref vectors --seed %llu --count %lu --depth %d --rules %s\n"
            "# (the format: magicbb-threatref(1))\n",
            (unsigned long long)o->seed, o->count, o->depth, threatvec_rules_name(o->rules));
    threatvec_write_rules(out, o->rules);
    while (g.written < g.wanted) {
        unsigned char board[64];

        switch (below(&g, 6)) {
        case 0:
        case 1:
            random_board(&g, below(&g, 41), board);
            fprintf(out, "# a random board\n");
            emit(&g, board, random_event(&g, board));
            break;
        case 2:
            random_board(&g, below(&g, 4), board);
            fprintf(out, "# a board of few pieces\n");
            emit(&g, board, random_event(&g, board));
            break;
        case 3:
            xray_pair(&g);
            break;
        case 4:
            along_the_line(&g);
            break;
        default:
            capture(&g);
            break;
        }
    }
    if (o->depth > 0) {
        fprintf(out,
                "# the perft walks of the six standard positions to depth %d: every move of"
                " every position fewer than %d plies deep, each split into events\n",
                o->depth, o->depth);
        if (walk_standard(o->depth - 1, visit, &g, why) != 0)
            return -1;
    }
    return 0;
}
