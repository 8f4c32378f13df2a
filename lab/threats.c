/* SPDX-License-Identifier: MIT */
/* threats.c - the threat workload of make bench: what an engine whose
 * network takes threat inputs asks of the slider tables on every move,
 * written twice on the configured library's inline lookups, once with
 * the calls made for it (mbb_both_attacks, the set attacks) and once with
 * single lookups, and timed against each other.
 *
 *     magicbb-threats [--once api|single] [--rounds N]
 *
 * The moves are every legal move of every position of the perft walks
 * (two plies) from the six standard positions, each kept as the position
 * after it.  Per move, for its from, to and captured squares: both
 * sliders' attacks of the square and, for each slider of either side that
 * sees it, the ray from that slider on through the square (mbb_ray_pass);
 * the moved piece's attacks from its new square; and for each side the
 * set attacks of its knights, bishops, rooks and queens, as move ordering
 * asks them.  Before any timing, both versions are checked against the
 * same work done on the reference ray walk, move by move.
 *
 * Beside it, the x-ray pairs through the same squares (each slider on a
 * line through the square, with the piece it sees on the other side once
 * the square is empty), given both sliders' attacks of the square as an
 * engine has them: one mbb_ray_pass per slider that sees the square
 * (Stockfish's loop in update_piece_threats), or one mbb_nearest and the
 * lines whose two ends are occupied; checked against each other and the
 * ray walk, and timed the same way.
 *
 * The timing: --rounds N rounds (201), each running both versions over
 * every move, their order alternating; the ratio of the two times in each
 * round, and the median of the ratios with its distribution-free 95 %
 * interval (paired_ratio, lab/timing.h).  --once runs one version once
 * over every move, untimed, for valgrind (make bench-callgrind): api,
 * single, xray-ray-pass or xray-nearest. */
#define _POSIX_C_SOURCE 200809L
#define MAGICBB_INLINE
#include <magicbb.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "reference.h"
#include "timing.h"

#define MOVES (1u << 16)

struct record {
    uint64_t pieces[2][6]; /* after the move */
    uint64_t occupied;
    unsigned char from, to, captured, moved, side; /* side: the mover's */
};

static struct record *records;
static unsigned record_count;

static void collect(const struct position *p, void *data)
{
    struct move list[MOVES_MAX];
    const int n = generate(p, list);

    (void)data;
    for (int i = 0; i < n && record_count < MOVES; i++) {
        struct position after = *p;
        struct record *r = &records[record_count];
        const unsigned to = list[i].to;

        play(&after, &list[i]);
        memcpy(r->pieces, after.pieces, sizeof r->pieces);
        r->occupied = occupied_squares(&after);
        r->from = list[i].from;
        r->to = (unsigned char)to;
        /* en passant takes the pawn behind the target square */
        r->captured = (unsigned char)(p->board[list[i].from] == PAWN && (int)to == p->ep
                                          ? (p->side == WHITE ? to - 8 : to + 8)
                                          : to);
        r->moved = after.board[to];
        r->side = (unsigned char)p->side;
        record_count++;
    }
}

/* ---- The work, three ways ------------------------------------------------ */

/* The reference: the ray walk of support/reference.c, and the ray from a
 * square through another walked from it. */
static uint64_t ref_ray_pass(unsigned a, unsigned b)
{
    const int df = (int)(b % 8) - (int)(a % 8), dr = (int)(b / 8) - (int)(a / 8);
    const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    uint64_t ray = 0;

    if (a == b || (df != 0 && dr != 0 && df != dr && df != -dr))
        return 0;
    for (int f = (int)(a % 8) + sf, r = (int)(a / 8) + sr; f >= 0 && f < 8 && r >= 0 && r < 8;
         f += sf, r += sr)
        ray |= UINT64_C(1) << (r * 8 + f);
    return ray;
}

static uint64_t ref_set(uint64_t (*attacks)(unsigned, uint64_t), uint64_t pieces, uint64_t occ)
{
    uint64_t a = 0;

    for (; pieces; pieces &= pieces - 1)
        a |= attacks(mbb_lowest_square(pieces), occ);
    return a;
}

static uint64_t ref_knight_set(uint64_t pieces)
{
    uint64_t a = 0;

    for (; pieces; pieces &= pieces - 1)
        a |= ref_knight(mbb_lowest_square(pieces));
    return a;
}

static uint64_t ref_piece(unsigned type, unsigned side, unsigned sq, uint64_t occ)
{
    switch (type) {
    case PAWN:
        return ref_pawn(side, sq);
    case KNIGHT:
        return ref_knight(sq);
    case BISHOP:
        return ref_bishop(sq, occ);
    case ROOK:
        return ref_rook(sq, occ);
    case QUEEN:
        return ref_queen(sq, occ);
    default:
        return ref_king(sq);
    }
}

/* One move's work: the square's threats, the moved piece, the sets.
 * BOTH(sq, occ, &rook, &bishop); SET(type, pieces, occ); PIECE(type,
 * side, sq, occ); RAY_PASS(a, b). */
#define THREAT_WORK(NAME, BOTH, SET, PIECE, RAY_PASS)                                              \
    static uint64_t NAME(const struct record *r)                                                   \
    {                                                                                              \
        const uint64_t occ = r->occupied;                                                          \
        const uint64_t diagonal = r->pieces[WHITE][BISHOP] | r->pieces[BLACK][BISHOP]              \
                                  | r->pieces[WHITE][QUEEN] | r->pieces[BLACK][QUEEN];             \
        const uint64_t straight = r->pieces[WHITE][ROOK] | r->pieces[BLACK][ROOK]                  \
                                  | r->pieces[WHITE][QUEEN] | r->pieces[BLACK][QUEEN];             \
        const unsigned squares[3] = { r->from, r->to, r->captured };                               \
        uint64_t hash = 0;                                                                         \
                                                                                                   \
        for (unsigned k = 0; k < (r->captured != r->to ? 3u : 2u); k++) {                          \
            const unsigned sq = squares[k];                                                        \
            uint64_t rook, bishop, seers;                                                          \
                                                                                                   \
            BOTH(sq, occ, &rook, &bishop);                                                         \
            hash = hash * 31 + (rook ^ bishop << 1);                                               \
            for (seers = (rook & straight) | (bishop & diagonal); seers; seers &= seers - 1)       \
                hash = hash * 31 + RAY_PASS(mbb_lowest_square(seers), sq);                         \
        }                                                                                          \
        hash = hash * 31 + PIECE(r->moved, r->side, r->to, occ);                                   \
        for (int side = WHITE; side <= BLACK; side++)                                              \
            for (unsigned type = KNIGHT; type <= QUEEN; type++)                                    \
                hash = hash * 31 + SET(type, r->pieces[side][type], occ);                          \
        return hash;                                                                               \
    }

#define REF_BOTH(sq, occ, rook, bishop)                                                            \
    (*(rook) = ref_rook(sq, occ), *(bishop) = ref_bishop(sq, occ))
#define REF_SET(type, pieces, occ)                                                                 \
    ((type) == KNIGHT   ? ref_knight_set(pieces)                                                   \
     : (type) == BISHOP ? ref_set(ref_bishop, pieces, occ)                                         \
     : (type) == ROOK   ? ref_set(ref_rook, pieces, occ)                                           \
                        : ref_set(ref_queen, pieces, occ))
THREAT_WORK(work_reference, REF_BOTH, REF_SET, ref_piece, ref_ray_pass)

/* The moved piece's attacks, as an engine asks them (the same in both
 * versions). */
static inline uint64_t mbb_piece(unsigned type, unsigned side, unsigned sq, uint64_t occ)
{
    switch (type) {
    case PAWN:
        return mbb_pawn_attacks(side, sq);
    case KNIGHT:
        return mbb_knight_attacks(sq);
    case BISHOP:
        return mbb_bishop_attacks(sq, occ);
    case ROOK:
        return mbb_rook_attacks(sq, occ);
    case QUEEN:
        return mbb_queen_attacks(sq, occ);
    default:
        return mbb_king_attacks(sq);
    }
}

/* With magicbb's calls for it. */
#define API_BOTH(sq, occ, out_rook, out_bishop)                                                    \
    do {                                                                                           \
        const struct mbb_both both_ = mbb_both_attacks(sq, occ);                                   \
        *(out_rook) = both_.rook, *(out_bishop) = both_.bishop;                                    \
    } while (0)
#define API_SET(type, pieces, occ)                                                                 \
    ((type) == KNIGHT   ? mbb_knight_attacks_set(pieces)                                           \
     : (type) == BISHOP ? mbb_bishop_attacks_set(pieces, occ)                                      \
     : (type) == ROOK   ? mbb_rook_attacks_set(pieces, occ)                                        \
                        : mbb_queen_attacks_set(pieces, occ))
THREAT_WORK(work_api, API_BOTH, API_SET, mbb_piece, mbb_ray_pass)

/* With single lookups: two for both, a loop for each set. */
#define SINGLE_BOTH(sq, occ, rook, bishop)                                                         \
    (*(rook) = mbb_rook_attacks(sq, occ), *(bishop) = mbb_bishop_attacks(sq, occ))
static inline uint64_t single_set(unsigned type, uint64_t pieces, uint64_t occ)
{
    uint64_t a = 0;

    for (; pieces; pieces &= pieces - 1) {
        const unsigned sq = mbb_lowest_square(pieces);

        a |= type == KNIGHT   ? mbb_knight_attacks(sq)
             : type == BISHOP ? mbb_bishop_attacks(sq, occ)
             : type == ROOK   ? mbb_rook_attacks(sq, occ)
                              : mbb_queen_attacks(sq, occ);
    }
    return a;
}
THREAT_WORK(work_single, SINGLE_BOTH, single_set, mbb_piece, mbb_ray_pass)

/* The x-ray pairs through the move's squares: for each, the sum over its
 * pairs of slider * 64 + victim + 1 (in any order).  BOTH as above;
 * RAY_PASS(a, b). */
#define XRAY_BY_RAY_PASS(NAME, BOTH, RAY_PASS)                                                     \
    static uint64_t NAME(const struct record *r)                                                   \
    {                                                                                              \
        const uint64_t occ = r->occupied;                                                          \
        const uint64_t diagonal = r->pieces[WHITE][BISHOP] | r->pieces[BLACK][BISHOP]              \
                                  | r->pieces[WHITE][QUEEN] | r->pieces[BLACK][QUEEN];             \
        const uint64_t straight = r->pieces[WHITE][ROOK] | r->pieces[BLACK][ROOK]                  \
                                  | r->pieces[WHITE][QUEEN] | r->pieces[BLACK][QUEEN];             \
        const unsigned squares[3] = { r->from, r->to, r->captured };                               \
        uint64_t hash = 0;                                                                         \
                                                                                                   \
        for (unsigned k = 0; k < (r->captured != r->to ? 3u : 2u); k++) {                          \
            const unsigned sq = squares[k];                                                        \
            uint64_t rook, bishop, seers, pairs = 0;                                               \
                                                                                                   \
            BOTH(sq, occ, &rook, &bishop);                                                         \
            for (seers = (rook & straight) | (bishop & diagonal); seers; seers &= seers - 1) {     \
                const unsigned slider = mbb_lowest_square(seers);                                  \
                const uint64_t past = RAY_PASS(slider, sq) & (rook | bishop) & occ;                \
                                                                                                   \
                if (past != 0)                                                                     \
                    pairs += slider * 64u + mbb_lowest_square(past) + 1;                           \
            }                                                                                      \
            hash = hash * 31 + (rook ^ bishop << 1) + pairs;                                       \
        }                                                                                          \
        return hash;                                                                               \
    }
XRAY_BY_RAY_PASS(xray_reference, REF_BOTH, ref_ray_pass)
XRAY_BY_RAY_PASS(xray_ray_pass, API_BOTH, mbb_ray_pass)

/* The same from mbb_nearest: a line's two ends are bytes d and d ^ 4
 * (the word rotated by 32 bits), both occupied where bit 6 is clear in
 * each; the end in byte d slides along it where it is a rook or queen
 * (d even) or a bishop or queen (d odd). */
static uint64_t xray_nearest(const struct record *r)
{
    const uint64_t occ = r->occupied;
    const uint64_t diagonal = r->pieces[WHITE][BISHOP] | r->pieces[BLACK][BISHOP]
                              | r->pieces[WHITE][QUEEN] | r->pieces[BLACK][QUEEN];
    const uint64_t straight = r->pieces[WHITE][ROOK] | r->pieces[BLACK][ROOK]
                              | r->pieces[WHITE][QUEEN] | r->pieces[BLACK][QUEEN];
    const unsigned squares[3] = { r->from, r->to, r->captured };
    uint64_t hash = 0;

    for (unsigned k = 0; k < (r->captured != r->to ? 3u : 2u); k++) {
        const unsigned sq = squares[k];
        const uint64_t ends = mbb_nearest(sq, occ);
        uint64_t rook, bishop, pairs = 0;
        uint64_t lines = ~(ends | (ends >> 32 | ends << 32)) & UINT64_C(0x4040404040404040);

        API_BOTH(sq, occ, &rook, &bishop);
        for (; lines; lines &= lines - 1) {
            const unsigned d = mbb_lowest_square(lines) / 8;
            const unsigned slider = MBB_NEAREST_IN(ends, d);

            if ((d & 1 ? diagonal : straight) >> slider & 1)
                pairs += slider * 64u + MBB_NEAREST_IN(ends, MBB_DIR_OPPOSITE(d)) + 1;
        }
        hash = hash * 31 + (rook ^ bishop << 1) + pairs;
    }
    return hash;
}

static volatile uint64_t sink;

/* A contender's loop: every record through its work, the results folded
 * (out of line, so that each contender is timed as one call). */
#define RUN(name, work)                                                                            \
    __attribute__((noinline)) static uint64_t name(void)                                           \
    {                                                                                              \
        uint64_t h = 0;                                                                            \
                                                                                                   \
        for (unsigned i = 0; i < record_count; i++)                                                \
            h ^= work(&records[i]);                                                                \
        return h;                                                                                  \
    }
RUN(run_api, work_api)
RUN(run_single, work_single)
RUN(run_xray_ray_pass, xray_ray_pass)
RUN(run_xray_nearest, xray_nearest)

/* Two contenders for paired_ratio (lab/timing.h): run[0] against run[1]. */
struct versions {
    uint64_t (*run[2])(void);
};

static uint64_t run_version(void *context, unsigned which)
{
    const struct versions *v = context;

    return v->run[which]();
}

static int usage(FILE *out, int status)
{
    fputs("Usage: magicbb-threats [--once api|single|xray-ray-pass|xray-nearest] [--rounds N]\n"
          "The threat workload on the configured flavour: magicbb's calls for it against\n"
          "single lookups, and the x-ray pairs from mbb_nearest against a mbb_ray_pass loop,\n"
          "paired rounds (--rounds, 201); --once runs one version once, untimed (for\n"
          "valgrind).\n",
          out);
    return status;
}

/* The options: *once (--once) and *rounds; 0, or the exit status. */
static int parse_options(int argc, char **argv, const char **once, long *rounds)
{
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--once") == 0 && a + 1 < argc) {
            *once = argv[++a];
            if (strcmp(*once, "api") != 0 && strcmp(*once, "single") != 0
                && strcmp(*once, "xray-ray-pass") != 0 && strcmp(*once, "xray-nearest") != 0) {
                fprintf(stderr,
                        "magicbb-threats: --once: '%s' is not api, single, xray-ray-pass or"
                        " xray-nearest\n",
                        *once);
                return 2;
            }
        } else if (strcmp(argv[a], "--rounds") == 0 && a + 1 < argc) {
            char *end;

            *rounds = strtol(argv[++a], &end, 10);
            if (*end != '\0' || end == argv[a] || *rounds < 6 || *rounds > 100000) {
                fprintf(stderr,
                        "magicbb-threats: --rounds: '%s' is not a number from 6 to 100000\n",
                        argv[a]);
                return 2;
            }
        } else if (strcmp(argv[a], "--help") == 0 || strcmp(argv[a], "-h") == 0) {
            return usage(stdout, 0) - 1; /* (-1: done, exit 0) */
        } else {
            fprintf(stderr, "magicbb-threats: unknown or incomplete option '%s'\n", argv[a]);
            return usage(stderr, 2);
        }
    }
    return 0;
}

/* Every version's work against the ray walk's, move by move; 0, or 1
 * with a message. */
static int check_versions(void)
{
    for (unsigned i = 0; i < record_count; i++) {
        const struct record *r = &records[i];
        const uint64_t want = work_reference(r), xray_want = xray_reference(r);

        if (work_api(r) != want || work_single(r) != want) {
            fprintf(stderr,
                    "magicbb-threats: move %u (from %u to %u): the %s version differs from"
                    " the ray walk\n",
                    i, r->from, r->to, work_api(r) != want ? "api" : "single");
            return 1;
        }
        if (xray_ray_pass(r) != xray_want || xray_nearest(r) != xray_want) {
            fprintf(stderr,
                    "magicbb-threats: move %u (from %u to %u): the x-ray pairs from %s differ"
                    " from the ray walk's\n",
                    i, r->from, r->to,
                    xray_nearest(r) != xray_want ? "mbb_nearest" : "mbb_ray_pass");
            return 1;
        }
    }
    return 0;
}

/* The two timings, paired rounds, and their lines; 0, or 1 with a
 * message. */
static int time_versions(long rounds)
{
    double *ratio = malloc((size_t)rounds * sizeof *ratio);
    struct versions calls = { { run_api, run_single } };
    struct versions xray = { { run_xray_nearest, run_xray_ray_pass } };
    uint64_t folded = 0;

    if (ratio == NULL) {
        fputs("magicbb-threats: no memory for the rounds\n", stderr);
        return 1;
    }

    const struct interval i = paired_ratio(run_version, &calls, ratio, (size_t)rounds, &folded);
    const struct interval x = paired_ratio(run_version, &xray, ratio, (size_t)rounds, &folded);

    sink ^= folded;
    printf("threat workload, flavour %s: %u moves, checked against the ray walk\n", mbb_flavour(),
           record_count);
    printf("  both + set attacks / single lookups: %.3f [%.3f, %.3f] (time ratio, median of %ld"
           " paired rounds [95%%]); %s\n",
           i.median, i.low, i.high, rounds,
           i.low <= 1.0 && i.high >= 1.0 ? "a tie"
           : i.high < 1.0                ? "the calls are faster"
                                         : "single lookups are faster");
    printf("  x-ray pairs, mbb_nearest / mbb_ray_pass loop: %.3f [%.3f, %.3f]; %s\n", x.median,
           x.low, x.high,
           x.low <= 1.0 && x.high >= 1.0 ? "a tie"
           : x.high < 1.0                ? "mbb_nearest is faster"
                                         : "the mbb_ray_pass loop is faster");
    free(ratio);
    return 0;
}

int main(int argc, char **argv)
{
    char why[FEN_WHY_SIZE];
    int bad;
    const char *once = NULL;
    long rounds = 201;
    int status = parse_options(argc, argv, &once, &rounds);

    if (status != 0)
        return status < 0 ? 0 : status;
    records = malloc(MOVES * sizeof *records);
    if (records == NULL) {
        fputs("magicbb-threats: no memory for the moves\n", stderr);
        return 1;
    }
    if ((bad = walk_standard(2, collect, NULL, why)) != 0) {
        fprintf(stderr, "magicbb-threats: standard position %d: %s\n", bad, why);
        return 1;
    }
    if (once != NULL) {
        sink = strcmp(once, "api") == 0             ? run_api()
               : strcmp(once, "single") == 0        ? run_single()
               : strcmp(once, "xray-ray-pass") == 0 ? run_xray_ray_pass()
                                                    : run_xray_nearest();
        return 0;
    }
    status = check_versions();
    if (status == 0)
        status = time_versions(rounds);
    free(records);
    return status;
}
