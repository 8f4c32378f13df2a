/* SPDX-License-Identifier: MIT */
/* check_threatref.c - the reference checker for threat relations
 * (threatref.h, threatvec.h): the reference against vectors worked out
 * by hand; its rule tables as an engine declares them; every generated
 * vector read back and answered by a second opinion written here (each
 * piece's attacks from the library's own calls, mbb_*_attacks, masked by
 * the victims the rules allow) byte for byte; the generated files hold
 * every kind of event and edge case (counted here from what is read
 * back, not from the generator's word); a check of a mutated file names
 * each difference at its line, and a malformed one gives exactly one
 * line naming the file and the line.  The program itself (options,
 * special files, endless input) is threatref.sh's.  THREATREF_SLOW=1 in
 * the environment (make check-slow): the walks to depth 3, not 1. */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <magicbb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "output.h"
#include "run_suite.h"
#include "threatref.h"
#include "threatvec.h"

/* ---- Running the checker on text ---------------------------------------- */

struct run {
    int status;
    char *out, *messages; /* what it wrote to its output and through report() */
};

/* threatvec_check on text, as the file "t.vec". */
static struct run check_text(const char *text, size_t length)
{
    struct run r = { 0, NULL, NULL };
    size_t out_size = 0, messages_size = 0;
    FILE *out = open_memstream(&r.out, &out_size);
    FILE *messages = open_memstream(&r.messages, &messages_size);
    /* (fmemopen needs a buffer of at least one byte) */
    FILE *in = fmemopen(length > 0 ? (void *)text : (void *)"", length > 0 ? length : 1, "r");

    ck_assert(out != NULL && messages != NULL && in != NULL);
    if (length == 0)
        (void)getc(in); /* the one byte read: the file is empty */
    report_stream = messages;
    r.status = threatvec_check(in, "t.vec", out);
    report_stream = NULL;
    fclose(in), fclose(out), fclose(messages);
    return r;
}

static void run_free(struct run *r)
{
    free(r->out), free(r->messages);
}

static unsigned count_lines(const char *text)
{
    unsigned n = 0;

    for (; *text != '\0'; text++)
        n += *text == '\n';
    return n;
}

/* ---- Vectors worked out by hand ------------------------------------------ */

/* Each list as a chess player reads the board (not from any code): the
 * rules say which pairs count (Stockfish's: a rook takes a knight,
 * bishop, rook or pawn as victim, no king; everything: all pairs). */
static const char hand_vectors[]
    = "magicbb-threat-vectors 1\n"
      "# a rook on a1, a knight on a4, a bishop beyond on a7\n"
      "rules stockfish\n"
      "board 8/b7/8/8/n7/8/8/R7\n"
      "event remove n a4\n"
      "adds Ra1:ba7\n"
      "removes Ra1:na4\n"
      "# the knight along the rook's file: the x-ray pair stays blocked\n"
      "board 8/b7/8/8/n7/8/8/R7\n"
      "event move n a4 a2\n"
      "adds Ra1:na2\n"
      "removes Ra1:na4\n"
      "# a bishop's diagonal: the knight taken off reveals the rook beyond\n"
      "board 8/8/5r2/8/3n4/8/1B6/8\n"
      "event remove n d4\n"
      "adds Bb2:rf6\n"
      "removes Bb2:nd4\n"
      "# two rooks on the first rank, a bishop put between them\n"
      "board 8/8/8/8/8/8/8/R2r4\n"
      "event put B b1\n"
      "adds Ra1:Bb1 rd1:Bb1\n"
      "removes rd1:Ra1 Ra1:rd1\n"
      "# a capture: the rook removed, then the queen replaced by it\n"
      "board 8/8/8/3q4/8/8/8/3R4\n"
      "event remove R d1\n"
      "adds\n"
      "removes qd5:Rd1\n"
      "board 8/8/8/3q4/8/8/8/8\n"
      "event replace q d5 R\n"
      "adds\n"
      "removes\n"
      "rules everything\n"
      "board 8/8/8/8/8/8/8/R6k\n"
      "event put n d1\n"
      "adds Ra1:nd1\n"
      "removes Ra1:kh1\n"
      "# pawns: white captures upwards, black downwards\n"
      "board 8/8/8/3p4/4P3/8/8/8\n"
      "event replace p d5 n\n"
      "adds Pe4:nd5\n"
      "removes pd5:Pe4 Pe4:pd5\n";

/* ---- A second opinion: relations from the library's attack calls ------- */

/* The squares the piece of the role on sq attacks on the occupancy occ. */
static uint64_t library_attacks(int role, unsigned sq, uint64_t occ)
{
    switch (role % 6) {
    case 0:
        return mbb_pawn_attacks((unsigned)role / 6, sq);
    case 1:
        return mbb_knight_attacks(sq);
    case 2:
        return mbb_bishop_attacks(sq, occ);
    case 3:
        return mbb_rook_attacks(sq, occ);
    case 4:
        return mbb_queen_attacks(sq, occ);
    default:
        return mbb_king_attacks(sq);
    }
}

/* attackers[to]: the squares of the pieces that the board's relations
 * have attacking square to (each piece's attacks, masked by the squares
 * of the victims the rules let its role attack). */
static void library_relations(const struct threat_rules *rules, const unsigned char board[64],
                              uint64_t attackers[64])
{
    uint64_t occupied = 0;

    for (unsigned sq = 0; sq < 64; sq++)
        occupied |= (uint64_t)(board[sq] != 0) << sq, attackers[sq] = 0;
    for (unsigned from = 0; from < 64; from++) {
        const int role = board[from] != 0 ? rules->role[board[from]] : -1;
        uint64_t victims = 0, hit;

        for (unsigned to = 0; to < 64 && role >= 0; to++)
            if (board[to] != 0 && (rules->victims[role] >> rules->role[board[to]] & 1))
                victims |= UINT64_C(1) << to;
        hit = role >= 0 ? library_attacks(role, from, occupied) & victims : 0;
        for (unsigned to = 0; to < 64; to++)
            attackers[to] |= (hit >> to & 1) << from;
    }
}

/* The relations of board a (attackers ra) that board b (rb) does not
 * hold, in the canonical order: their count. */
static unsigned library_difference(const unsigned char a[64], const uint64_t ra[64],
                                   const unsigned char b[64], const uint64_t rb[64],
                                   struct threat_relation out[THREAT_BOARD_MAX])
{
    unsigned n = 0;

    for (unsigned to = 0; to < 64; to++)
        for (unsigned from = 0; from < 64; from++)
            if ((ra[to] >> from & 1)
                && (!(rb[to] >> from & 1) || a[from] != b[from] || a[to] != b[to]))
                out[n++] = (struct threat_relation){ a[from], (unsigned char)from, a[to],
                                                     (unsigned char)to };
    return n;
}

/* What the vectors read back hold, counted by the test. */
struct tally {
    unsigned long vectors, kinds[4], relations, xrays, along_line, captures;
    struct threatvec_vector last; /* the vector before, for captures */
    int have_last;
};

/* Whether a slider of the board has both squares on one line it moves
 * along (one of them may be its own square). */
static int on_a_slider_line(const unsigned char board[64], unsigned a, unsigned b)
{
    const int fa = (int)(a % 8), ra = (int)(a / 8), fb = (int)(b % 8), rb = (int)(b / 8);

    for (unsigned s = 0; s < 64; s++) {
        const unsigned type = board[s] != 0 ? (board[s] - 1u) % 8 : NO_PIECE;
        const int fs = (int)(s % 8), rs = (int)(s / 8);
        const int orthogonal = (fa == fs && fb == fs) || (ra == rs && rb == rs);
        const int diagonal = (fa - fs == ra - rs && fb - fs == rb - rs)
                             || (fa - fs == rs - ra && fb - fs == rs - rb);

        if (((type == ROOK || type == QUEEN) && orthogonal)
            || ((type == BISHOP || type == QUEEN) && diagonal))
            return 1;
    }
    return 0;
}

static int touches(const struct threat_relation *r, const struct threat_event *e)
{
    return r->from == e->square || r->to == e->square
           || (e->kind == THREAT_MOVE && (r->from == e->to || r->to == e->to));
}

static void count_vector_kinds(struct tally *t, const struct threatvec_vector *v)
{
    t->vectors++, t->kinds[v->event.kind]++;
    t->relations += v->adds_count + v->removes_count;
    for (unsigned i = 0; i < v->adds_count + v->removes_count; i++) {
        const struct threat_relation *r
            = i < v->adds_count ? &v->adds[i] : &v->removes[i - v->adds_count];

        if (!touches(r, &v->event)) {
            t->xrays++; /* an x-ray pair through the event's square */
            break;
        }
    }
    if (v->event.kind == THREAT_MOVE && on_a_slider_line(v->board, v->event.square, v->event.to))
        t->along_line++;
    if (t->have_last && v->event.kind == THREAT_REPLACE && t->last.event.kind == THREAT_REMOVE
        && v->event.code == t->last.board[t->last.event.square])
        t->captures++;
    t->last = *v, t->have_last = 1;
}

/* The second opinion's lists for the vector, byte for byte the file's
 * (written in the canonical order); and the tally. */
static int second_opinion(const struct threatvec_vector *v, void *data)
{
    const struct threat_rules *rules = threatvec_rules(v->rules);
    struct threat_relation adds[THREAT_BOARD_MAX], removes[THREAT_BOARD_MAX];
    uint64_t before[64], after[64];
    unsigned char next[64];
    unsigned na, nr;

    memcpy(next, v->board, 64);
    switch (v->event.kind) { /* (the board after the event, applied here) */
    case THREAT_PUT:
    case THREAT_REPLACE:
        next[v->event.square] = v->event.code;
        break;
    case THREAT_REMOVE:
        next[v->event.square] = 0;
        break;
    default:
        next[v->event.to] = next[v->event.square], next[v->event.square] = 0;
        break;
    }
    library_relations(rules, v->board, before);
    library_relations(rules, next, after);
    na = library_difference(next, after, v->board, before, adds);
    nr = library_difference(v->board, before, next, after, removes);
    ck_assert_msg(na == v->adds_count && memcmp(adds, v->adds, na * sizeof *adds) == 0,
                  "line %lu: the second opinion's adds (%u) are not the file's (%u)", v->adds_line,
                  na, v->adds_count);
    ck_assert_msg(nr == v->removes_count && memcmp(removes, v->removes, nr * sizeof *removes) == 0,
                  "line %lu: the second opinion's removes (%u) are not the file's (%u)",
                  v->removes_line, nr, v->removes_count);
    ck_assert_msg(na <= THREAT_EVENT_MAX && nr <= THREAT_EVENT_MAX, "line %lu: a list past %d",
                  v->board_line, THREAT_EVENT_MAX);
    count_vector_kinds(data, v);
    return 0;
}

/* The events the walks' moves make, counted by the kind of move: a
 * quiet move one; a capture, en passant, castling (the king's two-square
 * step: the standard positions hold no Chess960 castling) and a
 * promotion two. */
static void count_events(const struct position *p, void *data)
{
    struct move list[MOVES_MAX];
    const int n = generate(p, list);

    for (int i = 0; i < n; i++) {
        const struct move *m = &list[i];
        const int piece = p->board[m->from], step = m->to % 8 - m->from % 8;
        const int capture = p->board[m->to] != NO_PIECE;
        const int en_passant = piece == PAWN && step != 0 && !capture;
        const int castling = piece == KING && (step == 2 || step == -2);

        *(unsigned long *)data += 1 + (capture || en_passant || castling || m->promotion != 0);
    }
}

/* The vectors text for the options, in memory. */
static char *generate_text(const struct threatvec_options *o, size_t *length)
{
    char *text = NULL;
    FILE *out = open_memstream(&text, length);

    ck_assert(out != NULL);
    ck_assert_int_eq(threatvec_generate(out, o), 0);
    fclose(out);
    return text;
}

static int read_text(const char *text, size_t length,
                     int (*visit)(const struct threatvec_vector *, void *), void *data)
{
    FILE *in = fmemopen((void *)text, length, "r");
    int status;

    ck_assert(in != NULL);
    status = threatvec_read(in, "t.vec", visit, data);
    fclose(in);
    return status;
}

START_TEST(hand_worked_vectors)
{
    struct run r = check_text(hand_vectors, strlen(hand_vectors));
    struct tally t = { 0 };

    ck_assert_msg(r.status == 0 && r.out[0] == '\0' && r.messages[0] == '\0',
                  "status %d, output '%s', messages '%s'", r.status, r.out, r.messages);
    run_free(&r);
    ck_assert_int_eq(read_text(hand_vectors, strlen(hand_vectors), second_opinion, &t), 0);
    ck_assert_uint_eq(t.vectors, 8);
}
END_TEST

/* _i: the rule set.  The walks to depth 1 (THREATREF_SLOW: 3). */
START_TEST(generated_vectors)
{
    const int depth = getenv("THREATREF_SLOW") != NULL ? 3 : 1;
    const struct threatvec_options o = { .seed = 62, .count = 3000, .depth = depth, .rules = _i };
    struct threatvec_options small = { .seed = 62, .count = 500, .depth = 1, .rules = _i };
    struct tally t = { 0 };
    unsigned long walk_events = 0;
    size_t length, length1, length2;
    char *text = generate_text(&o, &length), *one, *two, why[320];
    struct run r;

    /* (on a smaller set: the same options, the same bytes; another seed, others) */
    one = generate_text(&small, &length1), two = generate_text(&small, &length2);
    ck_assert_msg(length1 == length2 && memcmp(one, two, length1) == 0,
                  "the same options, other vectors");
    free(two);
    small.seed = 63;
    two = generate_text(&small, &length2);
    ck_assert_msg(length1 != length2 || memcmp(one, two, length1) != 0,
                  "another seed, the same vectors");
    free(one), free(two);

    ck_assert_int_eq(read_text(text, length, second_opinion, &t), 0);
    ck_assert_int_eq(walk_standard(depth - 1, count_events, &walk_events, why), 0);
    ck_assert_msg(t.vectors == 3000 + walk_events, "%lu vectors, want 3000 and the walks' %lu",
                  t.vectors, walk_events);
    for (int k = 0; k < 4; k++)
        ck_assert_msg(t.kinds[k] >= 300, "only %lu events of kind %d", t.kinds[k], k);
    ck_assert_msg(t.xrays >= 200 && t.along_line >= 200 && t.captures >= 200,
                  "x-ray pairs %lu, moves along a slider's line %lu, captures %lu", t.xrays,
                  t.along_line, t.captures);
    printf("# %s rules, depth %d: %lu vectors (%lu from the walks), %lu puts, %lu removes,"
           " %lu replaces, %lu moves; %lu relations, %lu events with an x-ray pair, %lu moves"
           " along a slider's line, %lu captures; the second opinion agrees on every one\n",
           threatvec_rules_name(_i), depth, t.vectors, walk_events, t.kinds[0], t.kinds[1],
           t.kinds[2], t.kinds[3], t.relations, t.xrays, t.along_line, t.captures);

    r = check_text(text, length);
    ck_assert_msg(r.status == 0 && r.out[0] == '\0' && r.messages[0] == '\0',
                  "round trip: status %d, output '%.200s', messages '%s'", r.status, r.out,
                  r.messages);
    run_free(&r);
    free(text);
}
END_TEST

/* ---- The reference's own calls ------------------------------------------- */

START_TEST(reference_calls)
{
    const struct threat_rules *rules = threatvec_rules(THREATVEC_EVERYTHING);
    unsigned char board[64] = { 0 };
    struct threat_relation out[THREAT_BOARD_MAX];
    struct threat_lists lists;
    struct threat_event e = { THREAT_PUT, 3, 0, 12 }; /* code 12: a black queen */
    struct threat_relation sorted[3] = { { 4, 9, 1, 20 }, { 1, 2, 1, 20 }, { 4, 9, 1, 3 } };
    struct threat_rules broken = *rules;

    board[0] = 4;  /* a white rook on a1 */
    board[7] = 14; /* a black king on h1 */
    ck_assert_int_eq(threatref_board(rules, board, out), 1);
    /* a queen put on d1: the rook's pair to the king blocked; the rook
     * and the queen attack each other, the queen the king (canonical:
     * victims a1, d1, h1) */
    ck_assert_int_eq(threatref_event(rules, board, &e, &lists), 0);
    ck_assert(lists.adds_count == 3 && lists.removes_count == 1);
    ck_assert(lists.adds[0].from == 3 && lists.adds[0].to == 0 && lists.adds[1].from == 0
              && lists.adds[1].to == 3 && lists.adds[2].from == 3 && lists.adds[2].to == 7
              && lists.adds[2].victim == 14);
    ck_assert(lists.removes[0].from == 0 && lists.removes[0].to == 7);
    /* events that do not fit: -1, counts 0 */
    e.square = 0;
    ck_assert_int_eq(threatref_event(rules, board, &e, &lists), -1);
    ck_assert(lists.adds_count == 0 && lists.removes_count == 0);
    ck_assert_ptr_nonnull(threatref_misfit(rules, board, &e));
    e = (struct threat_event){ THREAT_MOVE, 0, 7, 0 };
    ck_assert_ptr_nonnull(threatref_misfit(rules, board, &e));
    e = (struct threat_event){ THREAT_PUT, 3, 0, 7 }; /* code 7: no piece */
    ck_assert_ptr_nonnull(threatref_misfit(rules, board, &e));
    broken.role[0] = 0;
    ck_assert_ptr_nonnull(threatref_misfit(&broken, board, &e));
    board[5] = 15;
    ck_assert_int_eq(threatref_board(rules, board, out), -1);
    /* the canonical order: victim square, then attacker square */
    qsort(sorted, 3, sizeof *sorted, threatref_compare);
    ck_assert(sorted[0].to == 3 && sorted[1].from == 2 && sorted[2].from == 9);
}
END_TEST

/* The rule tables as an engine declares them (the header's macros
 * compile without a warning: the build's -Werror): Stockfish's codes and
 * victims, everything, and an engine's own codes on Stockfish's victims. */
START_TEST(rule_tables)
{
    struct threat_rules rules = THREAT_RULES_STOCKFISH;
    const struct threat_rules everything = THREAT_RULES_EVERYTHING;
    struct threat_relation out[THREAT_BOARD_MAX];
    /* Stockfish's codes: a white rook on a1 (4), a black bishop on c1
     * (11), a white king on h1 (6), a black king on h2 (14), a black pawn
     * on a2 (9), a white queen on b3 (5).  The rook attacks the pawn and
     * the bishop, the queen the pawn, the kings each other; the rest
     * attack no piece. */
    unsigned char board[64] = { [0] = 4, [2] = 11, [7] = 6, [15] = 14, [8] = 9, [17] = 5 };
    const struct threat_relation want[3] = { { 4, 0, 11, 2 }, { 4, 0, 9, 8 }, { 5, 17, 9, 8 } };

    ck_assert_int_eq(threatref_board(&rules, board, out), 3);
    ck_assert(memcmp(out, want, sizeof want) == 0);
    /* everything: the kings' two relations too */
    ck_assert_int_eq(threatref_board(&everything, board, out), 5);
    /* an engine's own codes, 1 to 12: white pawn to king, then black */
    for (int code = 0; code < THREAT_CODES; code++)
        rules.role[code] = (signed char)(code >= 1 && code <= 12 ? code - 1 : -1);
    board[0] = THREAT_WHITE + THREAT_ROOK + 1, board[2] = THREAT_BLACK + THREAT_BISHOP + 1;
    board[7] = THREAT_WHITE + THREAT_KING + 1, board[15] = THREAT_BLACK + THREAT_KING + 1;
    board[8] = THREAT_BLACK + THREAT_PAWN + 1, board[17] = THREAT_WHITE + THREAT_QUEEN + 1;
    ck_assert_int_eq(threatref_board(&rules, board, out), 3);
    ck_assert(out[0].attacker == 4 && out[0].victim == 9 && out[2].attacker == 5
              && out[2].victim == 7);
}
END_TEST

/* ---- Mutated files: exit 1, one line a difference, at its line ----------- */

/* The text of line `line` (1-based) of text, without its newline. */
static char *line_of(const char *text, unsigned line)
{
    const char *s = text;
    size_t n;
    char *copy;

    for (unsigned l = 1; l < line; l++)
        s = strchr(s, '\n') + 1;
    n = strcspn(s, "\n");
    copy = malloc(n + 1);
    memcpy(copy, s, n), copy[n] = '\0';
    return copy;
}

/* text with line `line` replaced by replacement. */
static char *with_line(const char *text, unsigned line, const char *replacement)
{
    const char *s = text, *end;
    char *out;

    for (unsigned l = 1; l < line; l++)
        s = strchr(s, '\n') + 1;
    end = strchr(s, '\n');
    out = malloc(strlen(text) + strlen(replacement) + 1);
    sprintf(out, "%.*s%s%s", (int)(s - text), text, replacement, end);
    return out;
}

/* The first line (after `after`) that starts with prefix and has at
 * least `fields` fields: its number, 0 if none. */
static unsigned find_line(const char *text, const char *prefix, unsigned fields, unsigned after)
{
    unsigned line = 1;

    for (const char *s = text; *s != '\0'; line++) {
        const size_t n = strcspn(s, "\n");
        unsigned count = 0;

        for (size_t i = 0; i < n; i++)
            count += s[i] == ' ';
        if (line > after && strncmp(s, prefix, strlen(prefix)) == 0 && count + 1 >= fields)
            return line;
        s += n + (s[n] == '\n');
    }
    return 0;
}

/* threatvec_check on text: want on its output, status 1 (0 where want
 * is empty), no message. */
static void expect_mismatches(const char *text, const char *want, const char *what)
{
    struct run r = check_text(text, strlen(text));

    ck_assert_msg(r.status == (want[0] != '\0') && strcmp(r.out, want) == 0
                      && r.messages[0] == '\0',
                  "%s: status %d, output\n%s\nwant\n%s\nmessages '%s'", what, r.status, r.out, want,
                  r.messages);
    run_free(&r);
}

START_TEST(mutations)
{
    const struct threatvec_options o = { .seed = 7, .count = 300, .depth = 1, .rules = 0 };
    size_t length;
    char *text = generate_text(&o, &length), *line, want[1024], relation[8];
    /* a vector with two adds and at least one remove */
    const unsigned adds = find_line(text, "adds ", 3, 0);
    unsigned removes = adds + 1, extra_at;
    const char *last;

    ck_assert(adds > 0);
    line = line_of(text, adds);

    /* a record dropped: the last of the adds */
    last = strrchr(line, ' ') + 1;
    snprintf(want, sizeof want, "t.vec:%u: adds: missing %s\n", adds, last);
    {
        char *shorter = malloc(strlen(line) + 1), *mutated;

        snprintf(shorter, strlen(line) + 1, "%.*s", (int)(last - line - 1), line);
        mutated = with_line(text, adds, shorter);
        expect_mismatches(mutated, want, "a record dropped");
        free(mutated), free(shorter);
    }

    /* a record added: the first add, written into the removes too */
    {
        char *removes_line = line_of(text, removes), *longer, *mutated;

        memcpy(relation, line + 5, 7), relation[7] = '\0';
        longer = malloc(strlen(removes_line) + 9);
        sprintf(longer, "%s %s", removes_line, relation);
        mutated = with_line(text, removes, longer);
        snprintf(want, sizeof want, "t.vec:%u: removes: extra %s\n", removes, relation);
        expect_mismatches(mutated, want, "a record added");
        free(mutated), free(longer);

        /* adds and removes swapped: every add missing and extra, then
         * every remove (each list in the file's order: canonical) */
        {
            char *swap_adds = malloc(strlen(removes_line) + 2),
                 *swap_removes = malloc(strlen(line) + 4), *step;
            size_t at = 0;

            sprintf(swap_adds, "adds%s", removes_line + 7);
            sprintf(swap_removes, "removes%s", line + 4);
            step = with_line(text, adds, swap_adds);
            mutated = with_line(step, removes, swap_removes);
            /* the swapped adds line: the old removes extra, the old adds
             * missing, in the canonical order; then the removes line the
             * other way round (the relations read here from the lines) */
            {
                struct tagged {
                    struct threat_relation relation; /* first: threatref_compare sorts them */
                    int added;
                } all[2 * THREATVEC_LIST_MAX];
                unsigned n = 0;
                const char *lists[2] = { line + 4, removes_line + 7 };

                for (int l = 0; l < 2; l++)
                    for (const char *s = lists[l]; *s == ' '; s += 8, n++) {
                        all[n].relation = (struct threat_relation){
                            (unsigned char)threatvec_code(s[1]),
                            (unsigned char)((s[3] - '1') * 8 + (s[2] - 'a')),
                            (unsigned char)threatvec_code(s[5]),
                            (unsigned char)((s[7] - '1') * 8 + (s[6] - 'a'))
                        };
                        all[n].added = l == 0;
                    }
                qsort(all, n, sizeof *all, threatref_compare);
                for (int pass = 0; pass < 2; pass++)
                    for (unsigned i = 0; i < n; i++) {
                        const struct threat_relation *x = &all[i].relation;

                        at += (size_t)snprintf(
                            want + at, sizeof want - at, "t.vec:%u: %s: %s %c%c%c:%c%c%c\n",
                            pass == 0 ? adds : removes, pass == 0 ? "adds" : "removes",
                            all[i].added == (pass == 0) ? "missing" : "extra",
                            threatvec_letter(x->attacker), 'a' + x->from % 8, '1' + x->from / 8,
                            threatvec_letter(x->victim), 'a' + x->to % 8, '1' + x->to / 8);
                    }
            }
            expect_mismatches(mutated, want, "adds and removes swapped");
            free(step), free(mutated), free(swap_adds), free(swap_removes);
        }
        free(removes_line);
    }

    /* a square changed: the first add's victim square moved one file */
    {
        char *mutated, *changed_line = malloc(strlen(line) + 1);
        char moved[8];

        strcpy(changed_line, line);
        changed_line[5 + 5] = (char)(changed_line[5 + 5] == 'h' ? 'a' : changed_line[5 + 5] + 1);
        memcpy(moved, changed_line + 5, 7), moved[7] = '\0';
        memcpy(relation, line + 5, 7), relation[7] = '\0';
        mutated = with_line(text, adds, changed_line);
        {
            struct run r = check_text(mutated, strlen(mutated));
            char one[64], two[64];

            snprintf(one, sizeof one, "t.vec:%u: adds: missing %s\n", adds, relation);
            snprintf(two, sizeof two, "t.vec:%u: adds: extra %s\n", adds, moved);
            ck_assert_msg(r.status == 1 && count_lines(r.out) == 2 && strstr(r.out, one) != NULL
                              && strstr(r.out, two) != NULL && r.messages[0] == '\0',
                          "a square changed: status %d, output\n%s", r.status, r.out);
            run_free(&r);
        }
        free(mutated), free(changed_line);
    }

    /* a record listed twice */
    {
        char *doubled = malloc(strlen(line) + 9), *mutated;

        sprintf(doubled, "%s %.7s", line, line + 5);
        mutated = with_line(text, adds, doubled);
        snprintf(want, sizeof want, "t.vec:%u: adds: %.7s listed twice\n", adds, line + 5);
        expect_mismatches(mutated, want, "a record twice");
        free(mutated), free(doubled);
    }

    /* the lists in another order: still the same sets */
    {
        char *reversed = malloc(strlen(line) + 1), *mutated;
        size_t at = 4;

        strcpy(reversed, "adds");
        for (const char *s = line + strlen(line) - 7; s > line + 4; s -= 8)
            at += (size_t)sprintf(reversed + at, " %.7s", s);
        mutated = with_line(text, adds, reversed);
        expect_mismatches(mutated, "", "the adds in reverse");
        free(mutated), free(reversed);
    }

    /* a put's square changed (to another empty one, so that it fits):
     * the mismatches are on that vector's lines only (a put that adds
     * something: each of its adds touches its square) */
    for (extra_at = find_line(text, "event put ", 4, 0); extra_at > 0;
         extra_at = find_line(text, "event put ", 4, extra_at))
        if (find_line(text, "adds ", 2, extra_at) == extra_at + 1)
            break;
    ck_assert(extra_at > 0);
    {
        char *event = line_of(text, extra_at), *board = line_of(text, extra_at - 1), *mutated;
        int sq = -1;

        /* the first empty square of the board other than the put's */
        for (int rank = 7, file = 0, i = 6; board[i] != '\0'; i++) {
            if (board[i] == '/')
                rank--, file = 0;
            else if (board[i] >= '1' && board[i] <= '8') {
                for (int k = 0; k < board[i] - '0'; k++, file++)
                    if (sq < 0 && (event[12] - 'a' != file || event[13] - '1' != rank))
                        sq = rank * 8 + file;
            } else
                file++;
        }
        ck_assert(sq >= 0);
        event[12] = (char)('a' + sq % 8), event[13] = (char)('1' + sq / 8);
        mutated = with_line(text, extra_at, event);
        {
            struct run r = check_text(mutated, strlen(mutated));
            char a[32], b[32];

            snprintf(a, sizeof a, "t.vec:%u: ", extra_at + 1);
            snprintf(b, sizeof b, "t.vec:%u: ", extra_at + 2);
            ck_assert_msg(r.status == 1 && r.out[0] != '\0' && r.messages[0] == '\0',
                          "a put moved: status %d", r.status);
            for (const char *s = r.out; *s != '\0'; s = strchr(s, '\n') + 1)
                ck_assert_msg(strncmp(s, a, strlen(a)) == 0 || strncmp(s, b, strlen(b)) == 0,
                              "a put moved: a line for another vector: %s", s);
            run_free(&r);
        }
        free(mutated), free(event), free(board);
    }
    free(line);
    free(text);
}
END_TEST

/* ---- Malformed files: exit 2, one line naming the file and the line ------ */

struct malformed {
    const char *text;
    unsigned line;
    const char *says;
};

#define HEAD "magicbb-threat-vectors 1\nrules stockfish\n"
#define GOOD "board 8/8/8/8/8/8/8/R6k\nevent put n d1\nadds Ra1:nd1\nremoves\n"

static const struct malformed malformed[] = {
    { "", 1, "no 'magicbb-threat-vectors 1' line" },
    { "# only\n\n  # comments\n", 3, "no 'magicbb-threat-vectors 1' line" },
    { "hello\n", 1, "not a vectors file" },
    { "magicbb-threat-vectors 2\n", 1, "version '2'" },
    { "magicbb-threat-vectors 1\n", 1, "no vectors" },
    { HEAD, 2, "no vectors" },
    { "magicbb-threat-vectors 1\n" GOOD, 2, "a board before any rules line" },
    { "magicbb-threat-vectors 1\nrules lenient\n", 2, "bad rules line" },
    { HEAD "bored 8/8/8/8/8/8/8/8\n", 3, "unknown record 'bored'" },
    { HEAD "board 8/8/8/8/8/8/8/8\nadds\n", 4, "found 'adds' where an event line belongs" },
    { HEAD "board 8/8/8/8/8/8/8/8\nevent put n d1\nadds\n", 5, "ends inside a vector" },
    { HEAD "board 8/8/8/8/8/8/8/8\nevent put n d1\nadds Ra1:nd1\nrules everything\n", 6,
      "found 'rules' where a removes line belongs" },
    { HEAD "board 8/8/8/8/8/8/8/9\n", 3, "'9' is no piece letter" },
    { HEAD "board 8/8/8/8/8/8/8/R7k\n", 3, "rank 1 has more than 8 squares" },
    { HEAD "board 8/8/8/8/8/8/8/R6\n", 3, "rank 1 has 7 squares" },
    { HEAD "board 8/8/8/8/8/8/8\n", 3, "7 ranks" },
    { HEAD "board 8/8/8/8/8/8/8/8/8\n", 3, "more than 8 ranks" },
    { HEAD "board 8/8/8/8/8/8/8/X7\n", 3, "'X' is no piece letter" },
    { HEAD "board 8/8/8/8/8/8/8/8 w\n", 3, "want one field" },
    { HEAD "board 8/8/8/8/8/8/8/8\nevent drop n d1\n", 4, "'drop' is none of put" },
    { HEAD "board 8/8/8/8/8/8/8/8\nevent put n\n", 4, "bad event: want put L SQ" },
    { HEAD "board 8/8/8/8/8/8/8/8\nevent put x d1\n", 4, "'x' is no piece letter" },
    { HEAD "board 8/8/8/8/8/8/8/8\nevent put n i9\n", 4, "'i9' is no square" },
    { HEAD "board 8/8/8/8/8/8/8/R7\nevent put n a1\n", 4, "put on a1, which holds R" },
    { HEAD "board 8/8/8/8/8/8/8/R7\nevent remove r a1\n", 4, "remove r a1, but a1 holds R" },
    { HEAD "board 8/8/8/8/8/8/8/R7\nevent remove R b1\n", 4, "but b1 is empty" },
    { HEAD "board 8/8/8/8/8/8/8/R6k\nevent move R a1 h1\n", 4, "move to h1, which holds k" },
    { HEAD "board 8/8/8/8/8/8/8/R7\nevent replace R a1 z\n", 4, "'z' is no piece letter" },
    { HEAD "board 8/8/8/8/8/8/8/8\nevent put n d1\nadds nd1\n", 5, "bad relation 'nd1'" },
    { HEAD "board 8/8/8/8/8/8/8/8\nevent put n d1\nadds\nremoves Ra1-nd1\n", 6,
      "bad relation 'Ra1-nd1'" },
    { HEAD "board 8/8/8/8/8/8/8/8\nevent put n d1\nadds Ya1:nd1\n", 5, "'Y' is no piece letter" },
    { HEAD "board 8/8/8/8/8/8/8/8\nevent put n d1\nadds Ra9:nd1\n", 5, "'a9' is no square" },
};

START_TEST(malformed_files)
{
    const struct malformed *m = &malformed[_i];
    struct run r = check_text(m->text, strlen(m->text));
    char prefix[64];

    snprintf(prefix, sizeof prefix, "magicbb-threatref: t.vec:%u: ", m->line);
    ck_assert_msg(r.status == 2 && r.out[0] == '\0' && count_lines(r.messages) == 1
                      && strncmp(r.messages, prefix, strlen(prefix)) == 0
                      && strstr(r.messages, m->says) != NULL,
                  "case %d: status %d, output '%s', message '%s' (want '%s...%s')", _i, r.status,
                  r.out, r.messages, prefix, m->says);
    run_free(&r);
}
END_TEST

static int count_vector(const struct threatvec_vector *v, void *data)
{
    (void)v;
    ++*(unsigned long *)data;
    return 0;
}

/* Caps: an over-long line, too many fields, too many vectors. */
START_TEST(caps)
{
    char *text = malloc(60 * 1000001 + 100);
    size_t at;
    struct run r;

    /* a comment of 513 characters; then one of 512 (the most), then CR LF */
    at = (size_t)sprintf(text, HEAD GOOD);
    memset(text + at, '#', 513), at += 513, text[at] = '\0';
    r = check_text(text, at);
    ck_assert_msg(r.status == 2 && strstr(r.messages, "t.vec:7: a line longer") != NULL, "%s",
                  r.messages);
    run_free(&r);
    at = (size_t)sprintf(text, HEAD "board 8/8/8/8/8/8/8/R6k\nevent put n d1\nadds Ra1:nd1\n"
                                    "removes Ra1:kh1\n");
    memset(text + at, '#', 512), at += 512, text[at++] = '\r', text[at++] = '\n';
    r = check_text(text, at);
    ck_assert_msg(r.status == 1 && r.messages[0] == '\0'
                      && strcmp(r.out, "t.vec:6: removes: extra Ra1:kh1\n") == 0,
                  "status %d: %s%s", r.status, r.out, r.messages);
    run_free(&r);
    /* a NUL byte (in a comment) */
    at = (size_t)sprintf(text, HEAD "# a NUL: ");
    text[at++] = '\0', text[at++] = '\n';
    r = check_text(text, at);
    ck_assert_msg(r.status == 2 && strstr(r.messages, "t.vec:3: a NUL byte") != NULL, "%s",
                  r.messages);
    run_free(&r);
    /* 65 relations in a list (short ones, to fit the line) */
    at = (size_t)sprintf(text, HEAD "board 8/8/8/8/8/8/8/8\nevent put n d1\nadds");
    for (int i = 0; i < 65; i++)
        at += (size_t)sprintf(text + at, " x");
    r = check_text(text, at);
    ck_assert_msg(r.status == 2 && strstr(r.messages, "t.vec:5: more than 64 fields") != NULL, "%s",
                  r.messages);
    run_free(&r);
    /* one vector more than the cap: refused at its board line (read
     * only, a check of each would take seconds) */
    at = (size_t)sprintf(text, HEAD);
    for (unsigned long v = 0; v <= THREATVEC_VECTORS_MAX; v++) {
        static const char vector[] = "board 8/8/8/8/8/8/8/8\nevent put n d1\nadds\nremoves\n";

        memcpy(text + at, vector, sizeof vector - 1), at += sizeof vector - 1;
    }
    {
        char *messages = NULL;
        size_t size = 0;
        unsigned long seen = 0;

        report_stream = open_memstream(&messages, &size);
        ck_assert_int_eq(read_text(text, at, count_vector, &seen), 2);
        fclose(report_stream), report_stream = NULL;
        ck_assert_msg(seen == THREATVEC_VECTORS_MAX && count_lines(messages) == 1
                          && strcmp(messages, "magicbb-threatref: t.vec:4000003: more than "
                                              "1000000 vectors\n")
                                 == 0,
                      "%lu vectors read, then %s", seen, messages);
        free(messages);
    }
    free(text);
}
END_TEST

static Suite *threatref_suite(void)
{
    Suite *s = suite_create("threatref");
    TCase *tc = tcase_create("the reference checker");

    tcase_add_test(tc, hand_worked_vectors);
    tcase_add_test(tc, reference_calls);
    tcase_add_test(tc, rule_tables);
    tcase_add_loop_test(tc, generated_vectors, 0, THREATVEC_RULE_SETS);
    tcase_add_test(tc, mutations);
    tcase_add_loop_test(tc, malformed_files, 0, (int)(sizeof malformed / sizeof *malformed));
    tcase_add_test(tc, caps);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    report_program = "magicbb-threatref";
    return run_suite(threatref_suite());
}
