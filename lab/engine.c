/* SPDX-License-Identifier: MIT */
/* engine.c - the engine-shaped workload of make bench: every flavour on
 * a threat-input engine's work between the memory traffic of its
 * network, at each x86-64 level an engine ships a binary for, against
 * black at the same level.
 *
 *     magicbb-engine [--net-mib N] [--moves N] [--rounds N] [--level NAME]
 *
 * The moves are every legal move of the perft walks (two plies) from the
 * six standard positions (--moves, 16384 of them), each kept as the
 * position after it.  Per move, lab/enginework.c's work: both sliders of
 * its squares, the ray through each square for the sliders that see it,
 * the moved piece, each side's knight, bishop, rook and queen attacks;
 * then an accumulator update: 16 random 64-byte rows of a network of
 * --net-mib MiB (64) read and one written.  Each flavour's answers are
 * checked against the same work on the reference ray walk first.  Then,
 * at each level this CPU runs (--level: one), each flavour whose code at
 * that level has its instructions is timed against black's, --rounds
 * rounds (31) paired and interleaved, the median of the time ratios with
 * its 95 % interval (lab/timing.h), and the level's fastest flavour
 * named by the benchmark's rule (clearly_faster: interval wholly below,
 * median 5 % below), or a tie. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enginework.h"
#include "machine.h"
#include "movegen.h"
#include "reference.h"
#include "registry.h"
#include "timing.h"

static struct engine_move *moves;
static size_t move_count, move_limit = 16384;

static void collect(const struct position *p, void *data)
{
    struct move list[MOVES_MAX];
    const int n = generate(p, list);

    (void)data;
    for (int i = 0; i < n && move_count < move_limit; i++) {
        struct position after = *p;
        struct engine_move *m = &moves[move_count++];
        const unsigned to = list[i].to;
        const unsigned captured = p->board[list[i].from] == PAWN && (int)to == p->ep
                                      ? (p->side == WHITE ? to - 8 : to + 8)
                                      : to;

        play(&after, &list[i]);
        memcpy(m->pieces, after.pieces, sizeof m->pieces);
        m->occupied = occupied_squares(&after);
        m->squares[0] = list[i].from;
        m->squares[1] = (unsigned char)to;
        m->squares[2] = (unsigned char)captured;
        m->square_count = captured != to ? 3 : 2;
        m->to = (unsigned char)to;
        m->moved = (unsigned char)after.board[to];
        m->side = (unsigned char)p->side;
    }
}

/* The reference's hash of the work, as enginework.c hashes it. */
static uint64_t reference_work(void)
{
    static const unsigned sets[4] = { ENGINE_KNIGHT, ENGINE_BISHOP, ENGINE_ROOK, ENGINE_QUEEN };
    uint64_t total = 0;

    for (size_t i = 0; i < move_count; i++) {
        const struct engine_move *m = &moves[i];
        const uint64_t occ = m->occupied;
        const uint64_t diagonal = m->pieces[0][ENGINE_BISHOP] | m->pieces[1][ENGINE_BISHOP]
                                  | m->pieces[0][ENGINE_QUEEN] | m->pieces[1][ENGINE_QUEEN];
        const uint64_t straight = m->pieces[0][ENGINE_ROOK] | m->pieces[1][ENGINE_ROOK]
                                  | m->pieces[0][ENGINE_QUEEN] | m->pieces[1][ENGINE_QUEEN];
        uint64_t hash = 0;

        for (unsigned k = 0; k < m->square_count; k++) {
            const unsigned sq = m->squares[k];
            const uint64_t rook = ref_rook(sq, occ), bishop = ref_bishop(sq, occ);

            hash = hash * 31 + (rook ^ bishop << 1);
            for (unsigned s = 0; s < 64; s++)
                if (((rook & straight) | (bishop & diagonal)) >> s & 1) {
                    /* the ray from s through sq: s's line, on sq's side */
                    uint64_t ray = 0;

                    for (unsigned x = 0; x < 64; x++)
                        if ((ref_line(s, sq) >> x & 1) && x != s
                            && (x == sq || (ref_between(s, sq) >> x & 1)
                                || (ref_between(s, x) >> sq & 1)))
                            ray |= UINT64_C(1) << x;
                    hash = hash * 31 + ray;
                }
        }
        switch (m->moved) {
        case ENGINE_PAWN:
            hash = hash * 31 + ref_pawn(m->side, m->to);
            break;
        case ENGINE_KNIGHT:
            hash = hash * 31 + ref_knight(m->to);
            break;
        case ENGINE_BISHOP:
            hash = hash * 31 + ref_bishop(m->to, occ);
            break;
        case ENGINE_ROOK:
            hash = hash * 31 + ref_rook(m->to, occ);
            break;
        case ENGINE_QUEEN:
            hash = hash * 31 + ref_queen(m->to, occ);
            break;
        default:
            hash = hash * 31 + ref_king(m->to);
            break;
        }
        for (int side = 0; side < 2; side++)
            for (unsigned t = 0; t < 4; t++) {
                uint64_t a = 0;

                for (unsigned s = 0; s < 64; s++)
                    if (m->pieces[side][sets[t]] >> s & 1)
                        a |= sets[t] == ENGINE_KNIGHT   ? ref_knight(s)
                             : sets[t] == ENGINE_BISHOP ? ref_bishop(s, occ)
                             : sets[t] == ENGINE_ROOK   ? ref_rook(s, occ)
                                                        : ref_queen(s, occ);
                hash = hash * 31 + a;
            }
        total ^= hash;
    }
    return total;
}

struct level {
    const char *name, *what;
    int runs;
    const int *isa_built;
    const engine_fn *functions;
};

/* The flavours, in registry order. */
static const char *const flavour_names[] = {
#define MBB_FLAVOUR(name, isa, magics, reads) #name,
#include "flavours.def"
#undef MBB_FLAVOUR
};
static const char *const flavour_isas[] = {
#define MBB_FLAVOUR(name, isa, magics, reads) #isa,
#include "flavours.def"
#undef MBB_FLAVOUR
};
static const char *const isa_names[] = {
#define MBB_ISA(name, macro, flags, probe, slow, description) #name,
#include "isa.def"
#undef MBB_ISA
};
#define FLAVOURS (sizeof flavour_names / sizeof flavour_names[0])

/* Whether the level's code of flavour f has its instructions. */
static int built_for(const struct level *l, unsigned f)
{
    for (unsigned i = 0; i < sizeof isa_names / sizeof isa_names[0]; i++)
        if (strcmp(isa_names[i], flavour_isas[f]) == 0)
            return l->isa_built[i];
    return 0;
}

/* Two flavours' work at a level, for paired_ratio: run[0] against
 * run[1]. */
struct contenders {
    engine_fn run[2];
    struct engine_net *net;
};

static uint64_t run_contender(void *context, unsigned which)
{
    const struct contenders *c = context;

    return c->run[which](moves, move_count, c->net);
}

/* Every timeable flavour of the level against black, paired rounds. */
static void run_level(const struct level *l, struct engine_net *net, long rounds, double *ratio)
{
    unsigned black = 0, best = FLAVOURS;
    struct interval result[FLAVOURS];
    uint64_t sink = 0;

    while (strcmp(flavour_names[black], "black") != 0)
        black++;
    printf("level %s: %s; time / black's, median [95 %%] of %ld paired rounds\n", l->name, l->what,
           rounds);
    for (unsigned f = 0; f < FLAVOURS; f++) {
        result[f].median = 0;
        if (!built_for(l, f) || !cpu_runs_isa(flavour_isas[f])) {
            printf("  %-12s (its %s code is not built at this level, or this CPU lacks it)\n",
                   flavour_names[f], flavour_isas[f]);
            continue;
        }
        struct contenders c = { { l->functions[f], l->functions[black] }, net };

        result[f] = paired_ratio(run_contender, &c, ratio, (size_t)rounds, &sink);
        printf("  %-12s %.3f [%.3f, %.3f]\n", flavour_names[f], result[f].median, result[f].low,
               result[f].high);
        fflush(stdout);
        if (best == FLAVOURS || result[f].median < result[best].median)
            best = f;
    }
    for (unsigned f = 0; f < FLAVOURS && best < FLAVOURS; f++)
        if (f != best && result[f].median != 0 && !clearly_faster(&result[best], &result[f])) {
            printf("  fastest: %s, tied with others (clearly_faster: none ahead of all)\n",
                   flavour_names[best]);
            best = FLAVOURS;
        }
    if (best < FLAVOURS)
        printf("  fastest: %s, clearly\n", flavour_names[best]);
    printf("  (checksum %llx)\n", (unsigned long long)(sink ^ net->sink));
}

static int usage(FILE *out, int status)
{
    fputs("Usage: magicbb-engine [--net-mib N] [--moves N] [--rounds N] [--level NAME]\n"
          "Every flavour on a threat-input engine's work beside an NNUE-sized network's\n"
          "memory traffic, at each x86-64 level this CPU runs, against black.\n"
          "  --net-mib N  the network's memory, MiB (0 to 4096; 64; 0: no traffic)\n"
          "  --moves N    recorded moves (1000 to 65536; 16384)\n"
          "  --rounds N   paired rounds a flavour (6 to 10000; 31)\n"
          "  --level NAME one level: base, popcnt, avx2, bmi2 or avx512\n",
          out);
    return status;
}

/* The number after option argv[a], from lo to hi, or -1 with a message. */
static long number(const char *option, const char *text, long lo, long hi)
{
    char *end;
    const long value = strtol(text, &end, 10);

    if (*end != '\0' || end == text || value < lo || value > hi) {
        fprintf(stderr, "magicbb-engine: %s: '%s' is not a number from %ld to %ld\n", option, text,
                lo, hi);
        return -1;
    }
    return value;
}

struct options {
    const char *level; /* NULL: every level */
    long net_mib, rounds, moves;
};

/* The options, into *o; 0, or the exit status for a bad one. */
static int parse_options(int argc, char **argv, struct options *o)
{
    for (int a = 1; a < argc; a++) {
        long *target = strcmp(argv[a], "--net-mib") == 0  ? &o->net_mib
                       : strcmp(argv[a], "--rounds") == 0 ? &o->rounds
                       : strcmp(argv[a], "--moves") == 0  ? &o->moves
                                                          : NULL;
        const long lo = target == &o->net_mib ? 0 : target == &o->moves ? 1000 : 6;
        const long hi = target == &o->net_mib ? 4096 : target == &o->moves ? 65536 : 10000;

        if (strcmp(argv[a], "--help") == 0 || strcmp(argv[a], "-h") == 0)
            return usage(stdout, 0), -1;
        if (a + 1 >= argc || (target == NULL && strcmp(argv[a], "--level") != 0)) {
            fprintf(stderr, "magicbb-engine: unknown or incomplete option '%s'\n", argv[a]);
            return usage(stderr, 2);
        }
        if (target == NULL)
            o->level = argv[++a];
        else if ((*target = number(argv[a], argv[a + 1], lo, hi)) < 0)
            return 2;
        else
            a++;
    }
    if (o->level != NULL && strcmp(o->level, "base") != 0 && strcmp(o->level, "popcnt") != 0
        && strcmp(o->level, "avx2") != 0 && strcmp(o->level, "bmi2") != 0
        && strcmp(o->level, "avx512") != 0) {
        fprintf(stderr, "magicbb-engine: --level: '%s' is not base, popcnt, avx2, bmi2 or avx512\n",
                o->level);
        return 2;
    }
    return 0;
}

/* The moves of the perft walks; 0, or 1 with a message. */
static int record_moves(void)
{
    char why[FEN_WHY_SIZE];
    const int bad = walk_standard(2, collect, NULL, why);

    if (bad != 0)
        fprintf(stderr, "magicbb-engine: standard position %d: %s\n", bad, why);
    return bad != 0;
}

int main(int argc, char **argv)
{
    const struct level levels[] = {
#define ENGINE_ROW(name, what, runs)                                                               \
    { #name, what, runs, engine_isa_built_##name, engine_functions_##name },
        ENGINE_LEVELS(ENGINE_ROW)
#undef ENGINE_ROW
    };
    struct options o = { NULL, 64, 31, 16384 };
    struct engine_net net = { NULL, 0, 0 };
    const int status = parse_options(argc, argv, &o);
    double *ratio;
    uint64_t want;

    if (status != 0)
        return status < 0 ? 0 : status;
    move_limit = (size_t)o.moves;
    moves = malloc(move_limit * sizeof *moves);
    ratio = malloc((size_t)o.rounds * sizeof *ratio);
    net.rows = (size_t)o.net_mib << 14; /* 64-byte rows */
    net.words = net.rows != 0 ? calloc(net.rows * 8, sizeof *net.words) : NULL;
    if (moves == NULL || ratio == NULL || (net.rows != 0 && net.words == NULL)) {
        fputs("magicbb-engine: not enough memory\n", stderr);
        return 1;
    }
    for (size_t w = 0; w < net.rows * 8; w++)
        net.words[w] = w * UINT64_C(0x9e3779b97f4a7c15);
    if (record_moves() != 0)
        return 1;
    want = reference_work();
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
        struct engine_net quiet = { NULL, 0, 0 };

        for (unsigned f = 0; f < FLAVOURS && levels[l].runs; f++)
            if ((cpu_runs_isa(flavour_isas[f]) || !built_for(&levels[l], f))
                && levels[l].functions[f](moves, move_count, &quiet) != want) {
                fprintf(stderr, "magicbb-engine: %s at level %s differs from the ray walk\n",
                        flavour_names[f], levels[l].name);
                return 1;
            }
    }
    printf("engine workload: %zu moves, every flavour checked against the ray walk; a network of"
           " %ld MiB, %d rows read a move\n",
           move_count, o.net_mib, ENGINE_ROWS);
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
        if (o.level != NULL && strcmp(levels[l].name, o.level) != 0)
            continue;
        if (!levels[l].runs)
            printf("level %s: %s; this CPU does not run it\n", levels[l].name, levels[l].what);
        else
            run_level(&levels[l], &net, o.rounds, ratio);
    }
    free(net.words);
    free(ratio);
    free(moves);
    return 0;
}
