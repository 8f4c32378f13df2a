/* SPDX-License-Identifier: MIT */
/* threatvec.c - threat test vectors as text (threatvec.h): writing
 * them, reading them back with every problem named by file and line,
 * and checking each one's lists against the reference. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "output.h"
#include "threatvec.h"

static const char *const rule_names[THREATVEC_RULE_SETS] = { "stockfish", "everything" };
static const char letters[] = "PNBRQKpnbrqk"; /* by role: colour * 6 + type */

const char *threatvec_rules_name(int which)
{
    return which >= 0 && which < THREATVEC_RULE_SETS ? rule_names[which] : NULL;
}

int threatvec_rules_named(const char *name)
{
    for (int r = 0; r < THREATVEC_RULE_SETS; r++)
        if (strcmp(name, rule_names[r]) == 0)
            return r;
    return -1;
}

const struct threat_rules *threatvec_rules(int which)
{
    static const struct threat_rules rules[THREATVEC_RULE_SETS]
        = { THREAT_RULES_STOCKFISH, THREAT_RULES_EVERYTHING };

    return &rules[which];
}

char threatvec_letter(unsigned code)
{
    return code < THREAT_CODES && code % 8 >= 1 && code % 8 <= 6
               ? letters[code / 8 * 6 + code % 8 - 1]
               : '?';
}

unsigned threatvec_code(int letter)
{
    const char *at = letter != '\0' ? strchr(letters, letter) : NULL;

    return at != NULL ? (unsigned)(at - letters) / 6 * 8 + (unsigned)(at - letters) % 6 + 1 : 0;
}

/* ---- Writing -------------------------------------------------------------- */

static void write_square(FILE *out, unsigned sq)
{
    fprintf(out, "%c%c", 'a' + (int)(sq % 8), '1' + (int)(sq / 8));
}

static void write_relation(FILE *out, const struct threat_relation *r)
{
    fputc(threatvec_letter(r->attacker), out), write_square(out, r->from);
    fputc(':', out);
    fputc(threatvec_letter(r->victim), out), write_square(out, r->to);
}

void threatvec_write_header(FILE *out)
{
    fputs(THREATVEC_HEADER "\n", out);
}

void threatvec_write_rules(FILE *out, int which)
{
    fprintf(out, "rules %s\n", rule_names[which]);
}

static void write_list(FILE *out, const char *what, const struct threat_relation *list, unsigned n)
{
    fputs(what, out);
    for (unsigned i = 0; i < n; i++)
        fputc(' ', out), write_relation(out, &list[i]);
    fputc('\n', out);
}

void threatvec_write_vector(FILE *out, const unsigned char board[64],
                            const struct threat_event *event, const struct threat_lists *lists)
{
    static const char *const kinds[] = { "put", "remove", "replace", "move" };
    const unsigned sq = event->square;

    fputs("board ", out);
    for (int rank = 7; rank >= 0; rank--) {
        for (int file = 0, empty = 0; file < 8; file++) {
            const unsigned code = board[rank * 8 + file];

            if (code == 0)
                empty++;
            if (empty > 0 && (code != 0 || file == 7))
                fputc('0' + empty, out), empty = 0;
            if (code != 0)
                fputc(threatvec_letter(code), out);
        }
        if (rank > 0)
            fputc('/', out);
    }
    fprintf(out, "\nevent %s %c ", kinds[event->kind],
            threatvec_letter(event->kind == THREAT_PUT ? event->code : board[sq]));
    write_square(out, sq);
    if (event->kind == THREAT_REPLACE)
        fprintf(out, " %c", threatvec_letter(event->code));
    if (event->kind == THREAT_MOVE)
        fputc(' ', out), write_square(out, event->to);
    fputc('\n', out);
    write_list(out, "adds", lists->adds, lists->adds_count);
    write_list(out, "removes", lists->removes, lists->removes_count);
}

/* ---- Reading -------------------------------------------------------------- */

/* Where the reader is: what the next record must be. */
enum expect { EXPECT_HEADER, EXPECT_BOARD, EXPECT_EVENT, EXPECT_ADDS, EXPECT_REMOVES };
static const char *const expected[]
    = { "the header '" THREATVEC_HEADER "'", "a board or rules line", "an event line",
        "an adds line", "a removes line" };

struct reader {
    FILE *in;
    const char *name;
    unsigned long line;
    char text[THREATVEC_LINE_MAX + 2];
};

/* The next line of the file into r->text, its line end cut off: 1; 0 at
 * the end of the file; else -1 with the problem reported.  An over-long
 * line or a NUL byte is found before the rest of the line is read (an
 * endless one included).  (A byte at a time with POSIX's getc_unlocked:
 * the stream is this reader's alone, and getc's lock on every byte took
 * about half of a check's time.) */
static int next_line(struct reader *r)
{
    size_t n = 0;
    int c;

    if (r->line >= THREATVEC_LINES_MAX) {
        if ((c = getc_unlocked(r->in)) == EOF && !ferror(r->in))
            return 0;
        report(r->name, (unsigned)r->line + 1, "more than %lu lines: not a vectors file",
               THREATVEC_LINES_MAX);
        return -1;
    }
    while ((c = getc_unlocked(r->in)) != EOF && c != '\n') {
        if (c == '\0' || n == THREATVEC_LINE_MAX + 1) {
            report(r->name, (unsigned)r->line + 1, "%s",
                   c == '\0' ? "a NUL byte: not a text line"
                             : "a line longer than the 512 characters allowed");
            return -1;
        }
        r->text[n++] = (char)c;
    }
    if (ferror(r->in)) {
        report(r->name, (unsigned)r->line + 1, "cannot read: %s", strerror(errno));
        return -1;
    }
    if (c == EOF && n == 0)
        return 0;
    r->line++;
    if (n > 0 && r->text[n - 1] == '\r')
        n--;
    if (n > THREATVEC_LINE_MAX) {
        report(r->name, (unsigned)r->line, "a line longer than the 512 characters allowed");
        return -1;
    }
    r->text[n] = '\0';
    return 1;
}

/* The fields of the line, split at spaces and tabs (in place): how many,
 * at most max (one more is counted, not kept). */
static unsigned split(char *text, char *fields[], unsigned max)
{
    unsigned n = 0;

    for (char *s = text;;) {
        s += strspn(s, " \t");
        if (*s == '\0')
            return n;
        if (n < max)
            fields[n] = s;
        if (n++ == max)
            return n;
        s += strcspn(s, " \t");
        if (*s != '\0')
            *s++ = '\0';
    }
}

/* The square named by text (a1 to h8), or -1. */
static int square_of(const char *text)
{
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8' || text[2] != '\0')
        return -1;
    return (text[1] - '1') * 8 + (text[0] - 'a');
}

/* The FEN piece placement into board: NULL, or why not (in why). */
static const char *parse_board(const char *text, unsigned char board[64], char why[160])
{
    int rank = 7, file = 0;

    memset(board, 0, 64);
    for (const char *c = text;; c++) {
        if (*c == '/' || *c == '\0') {
            if (file != 8) {
                snprintf(why, 160, "bad board: rank %d has %d squares, not 8", rank + 1, file);
                return why;
            }
            if (*c == '\0')
                break;
            if (rank == 0)
                return "bad board: more than 8 ranks";
            rank--, file = 0;
        } else if (*c >= '1' && *c <= '8') {
            file += *c - '0';
            if (file > 8) {
                snprintf(why, 160, "bad board: rank %d has more than 8 squares", rank + 1);
                return why;
            }
        } else if (threatvec_code(*c) == 0) {
            snprintf(why, 160, "bad board: '%c' is no piece letter (PNBRQK, pnbrqk) or count 1-8",
                     *c);
            return why;
        } else if (file == 8) {
            snprintf(why, 160, "bad board: rank %d has more than 8 squares", rank + 1);
            return why;
        } else
            board[rank * 8 + file++] = (unsigned char)threatvec_code(*c);
    }
    if (rank != 0) {
        snprintf(why, 160, "bad board: %d ranks, not 8", 8 - rank);
        return why;
    }
    return NULL;
}

/* A piece letter field: its code, or 0 with why written. */
static unsigned letter_field(const char *text, char why[160])
{
    const unsigned code = text[1] == '\0' ? threatvec_code(text[0]) : 0;

    if (code == 0)
        snprintf(why, 160, "bad event: '%s' is no piece letter (PNBRQK, pnbrqk)", text);
    return code;
}

static int square_field(const char *text, char why[160])
{
    const int sq = square_of(text);

    if (sq < 0)
        snprintf(why, 160, "bad event: '%s' is no square (a1 to h8)", text);
    return sq;
}

/* The event of the fields after "event" (n of them) on the board, which
 * it must fit: NULL, or why not. */
static const char *parse_event(char *fields[], unsigned n, const unsigned char board[64],
                               struct threat_event *event, char why[160])
{
    static const char *const kinds[] = { "put", "remove", "replace", "move" };
    static const char *const forms[]
        = { "put L SQ (put Q e4)", "remove L SQ (remove p e5)", "replace L SQ L2 (replace p e5 N)",
            "move L SQ TO (move N g1 f3)" };
    unsigned kind = 0, code;
    int sq, to = 0, replacing = 0;

    while (n > 0 && kind < 4 && strcmp(fields[0], kinds[kind]) != 0)
        kind++;
    if (n == 0 || kind == 4) {
        snprintf(why, 160, "bad event: '%s' is none of put, remove, replace and move",
                 n > 0 ? fields[0] : "");
        return why;
    }
    if (n != (kind < 2 ? 3u : 4u)) {
        snprintf(why, 160, "bad event: want %s", forms[kind]);
        return why;
    }
    if ((code = letter_field(fields[1], why)) == 0 || (sq = square_field(fields[2], why)) < 0)
        return why;
    if (kind == THREAT_MOVE && (to = square_field(fields[3], why)) < 0)
        return why;
    if (kind == THREAT_REPLACE && (replacing = (int)letter_field(fields[3], why)) == 0)
        return why;
    if (kind == THREAT_PUT && board[sq] != 0) {
        snprintf(why, 160, "the event does not fit the board: put on %s, which holds %c", fields[2],
                 threatvec_letter(board[sq]));
        return why;
    }
    if (kind != THREAT_PUT && board[sq] != code) {
        const int at = snprintf(why, 160, "the event does not fit the board: %s %c %s, but %s ",
                                kinds[kind], fields[1][0], fields[2], fields[2]);

        if (board[sq] != 0)
            snprintf(why + at, 160 - (size_t)at, "holds %c", threatvec_letter(board[sq]));
        else
            snprintf(why + at, 160 - (size_t)at, "is empty");
        return why;
    }
    if (kind == THREAT_MOVE && board[to] != 0) {
        snprintf(why, 160, "the event does not fit the board: move to %s, which holds %c",
                 fields[3], threatvec_letter(board[to]));
        return why;
    }
    event->kind = (unsigned char)kind;
    event->square = (unsigned char)sq;
    event->to = (unsigned char)(kind == THREAT_MOVE ? to : 0);
    event->code = (unsigned char)(kind == THREAT_PUT       ? code
                                  : kind == THREAT_REPLACE ? (unsigned)replacing
                                                           : 0);
    return NULL;
}

/* The relations of a list line's fields into list: NULL, or why not. */
static const char *parse_list(char *fields[], unsigned n, struct threat_relation *list,
                              char why[160])
{
    for (unsigned i = 0; i < n; i++) {
        const char *t = fields[i];
        char from[3], to[3];
        unsigned attacker, victim;

        if (strlen(t) != 7 || t[3] != ':') {
            snprintf(why, 160,
                     "bad relation '%.40s': attacker letter and square, ':', victim letter and "
                     "square (Nf3:pe5)",
                     t);
            return why;
        }
        memcpy(from, t + 1, 2), memcpy(to, t + 5, 2), from[2] = to[2] = '\0';
        attacker = threatvec_code(t[0]), victim = threatvec_code(t[4]);
        if (attacker == 0 || victim == 0) {
            snprintf(why, 160, "bad relation '%s': '%c' is no piece letter (PNBRQK, pnbrqk)", t,
                     attacker == 0 ? t[0] : t[4]);
            return why;
        }
        if (square_of(from) < 0 || square_of(to) < 0) {
            snprintf(why, 160, "bad relation '%s': '%s' is no square (a1 to h8)", t,
                     square_of(from) < 0 ? from : to);
            return why;
        }
        list[i] = (struct threat_relation){ (unsigned char)attacker, (unsigned char)square_of(from),
                                            (unsigned char)victim, (unsigned char)square_of(to) };
    }
    return NULL;
}

/* The reading of a file: where it is, and the vector being read. */
struct reading {
    struct reader r;
    enum expect expect;
    int rules; /* the rules line's set, -1 before one */
    unsigned long vectors;
    struct threatvec_vector v;
    char why[160];
};

/* The header line: 0, or 2 with the problem reported. */
static int read_header(struct reading *g)
{
    char *fields[2];
    const unsigned n = split(g->r.text, fields, 2);

    if (n != 2 || strcmp(fields[0], "magicbb-threat-vectors") != 0) {
        report(g->r.name, (unsigned)g->r.line,
               "not a vectors file: its first line must be '" THREATVEC_HEADER "'");
        return 2;
    }
    if (strcmp(fields[1], "1") != 0) {
        report(g->r.name, (unsigned)g->r.line, "version '%s': this checker reads version 1",
               fields[1]);
        return 2;
    }
    g->expect = EXPECT_BOARD;
    return 0;
}

/* The record of the line that the reader expects (its n fields, the
 * key first, checked) into the vector: NULL, or why not. */
static const char *parse_record(struct reading *g, char *fields[], unsigned n)
{
    struct threatvec_vector *v = &g->v;

    switch (g->expect) {
    case EXPECT_BOARD:
        v->rules = g->rules, v->board_line = g->r.line;
        if (g->rules < 0)
            return "a board before any rules line";
        if (g->vectors == THREATVEC_VECTORS_MAX) {
            snprintf(g->why, sizeof g->why, "more than %lu vectors", THREATVEC_VECTORS_MAX);
            return g->why;
        }
        return n != 2 ? "bad board: want one field, FEN's piece placement"
                      : parse_board(fields[1], v->board, g->why);
    case EXPECT_EVENT:
        v->event_line = g->r.line;
        return parse_event(fields + 1, n - 1, v->board, &v->event, g->why);
    case EXPECT_ADDS:
        v->adds_count = n - 1, v->adds_line = g->r.line;
        return parse_list(fields + 1, n - 1, v->adds, g->why);
    default:
        v->removes_count = n - 1, v->removes_line = g->r.line;
        return parse_list(fields + 1, n - 1, v->removes, g->why);
    }
}

/* A line after the header: 0; 1 where it completes a vector; 2 with the
 * problem reported. */
static int read_line(struct reading *g)
{
    static const char *const keys[] = { THREATVEC_HEADER, "board", "event", "adds", "removes" };
    char *fields[THREATVEC_LIST_MAX + 2];
    const unsigned n = split(g->r.text, fields, THREATVEC_LIST_MAX + 1);
    const char *problem;
    unsigned key = 1;

    while (key < 5 && strcmp(fields[0], keys[key]) != 0)
        key++;
    if (g->expect == EXPECT_BOARD && strcmp(fields[0], "rules") == 0) {
        if (n == 2 && (g->rules = threatvec_rules_named(fields[1])) >= 0)
            return 0;
        problem = "bad rules line: want 'rules stockfish' or 'rules everything'";
    } else if (key == 5 && strcmp(fields[0], "rules") != 0) {
        snprintf(g->why, sizeof g->why,
                 "unknown record '%.40s' (rules, board, event, adds, removes)", fields[0]);
        problem = g->why;
    } else if (key != (unsigned)g->expect) {
        snprintf(g->why, sizeof g->why, "found '%s' where %s belongs", fields[0],
                 expected[g->expect]);
        problem = g->why;
    } else if (n > THREATVEC_LIST_MAX + 1) {
        snprintf(g->why, sizeof g->why, "more than %d fields after '%s'", THREATVEC_LIST_MAX,
                 fields[0]);
        problem = g->why;
    } else if ((problem = parse_record(g, fields, n)) == NULL) {
        if (g->expect != EXPECT_REMOVES) {
            g->expect++;
            return 0;
        }
        g->vectors++, g->expect = EXPECT_BOARD;
        return 1;
    }
    report(g->r.name, (unsigned)g->r.line, "%s", problem);
    return 2;
}

int threatvec_read(FILE *in, const char *name,
                   int (*visit)(const struct threatvec_vector *vector, void *data), void *data)
{
    struct reading g = { .r = { .in = in, .name = name }, .expect = EXPECT_HEADER, .rules = -1 };
    int status;

    while ((status = next_line(&g.r)) == 1) {
        const char *text = g.r.text + strspn(g.r.text, " \t");

        if (*text == '#' || *text == '\0')
            continue;
        status = g.expect == EXPECT_HEADER ? read_header(&g) : read_line(&g);
        if (status == 1)
            status = visit(&g.v, data);
        if (status != 0)
            return status;
    }
    if (status < 0)
        return 2;
    if (g.expect != EXPECT_BOARD || g.vectors == 0) {
        report(name, (unsigned)(g.r.line > 0 ? g.r.line : 1), "%s",
               g.expect == EXPECT_HEADER ? "no '" THREATVEC_HEADER "' line: not a vectors file"
               : g.expect != EXPECT_BOARD
                   ? "the file ends inside a vector (each is board, event, adds, removes)"
                   : "no vectors");
        return 2;
    }
    return 0;
}

/* ---- Checking ------------------------------------------------------------- */

struct checking {
    const char *name;
    FILE *mismatches; /* a memory stream: written out once the file is read whole */
    unsigned long count;
};

static void mismatch(struct checking *c, unsigned long line, const char *list, const char *what,
                     const struct threat_relation *r, const char *after)
{
    if (++c->count > THREATVEC_MISMATCHES_SHOWN)
        return;
    /* (the name escaped as report() escapes it) */
    fprintf(c->mismatches, "%s:%lu: %s: %s", c->name, line, list, what);
    write_relation(c->mismatches, r);
    fprintf(c->mismatches, "%s\n", after);
}

/* The file's list (any order) against the reference's (canonical). */
static void compare(struct checking *c, unsigned long line, const char *list,
                    const struct threat_relation *given, unsigned n,
                    const struct threat_relation *want, unsigned wn)
{
    struct threat_relation got[THREATVEC_LIST_MAX];
    unsigned i = 0, j = 0;

    memcpy(got, given, n * sizeof *got);
    qsort(got, n, sizeof *got, threatref_compare);
    while (i < n || j < wn) {
        const int order = i == n ? 1 : j == wn ? -1 : threatref_compare(&got[i], &want[j]);

        if (i > 0 && i < n && memcmp(&got[i], &got[i - 1], sizeof *got) == 0)
            mismatch(c, line, list, "", &got[i++], " listed twice");
        else if (order == 0)
            i++, j++;
        else if (order < 0)
            mismatch(c, line, list, "extra ", &got[i++], "");
        else
            mismatch(c, line, list, "missing ", &want[j++], "");
    }
}

static int check_vector(const struct threatvec_vector *v, void *data)
{
    const struct threat_rules *rules = threatvec_rules(v->rules);
    struct threat_lists want;

    /* (the reader handed over a vector whose event fits its board) */
    if (threatref_event(rules, v->board, &v->event, &want) != 0) {
        report(((struct checking *)data)->name, (unsigned)v->event_line,
               "the reference cannot answer this event: %s",
               threatref_misfit(rules, v->board, &v->event) != NULL
                   ? threatref_misfit(rules, v->board, &v->event)
                   : "a list past THREAT_EVENT_MAX");
        return 2;
    }
    compare(data, v->adds_line, "adds", v->adds, v->adds_count, want.adds, want.adds_count);
    compare(data, v->removes_line, "removes", v->removes, v->removes_count, want.removes,
            want.removes_count);
    return 0;
}

int threatvec_check(FILE *in, const char *name, FILE *out)
{
    struct checking c = { .count = 0 };
    char *text = NULL, *escaped = NULL;
    size_t size = 0, escaped_size = 0;
    FILE *name_stream = open_memstream(&escaped, &escaped_size);
    int status;

    if (name_stream == NULL) {
        report(name, 0, "out of memory");
        return 2;
    }
    escape_text(name_stream, name, ESCAPE_MESSAGE);
    fclose(name_stream);
    c.name = escaped;
    if ((c.mismatches = open_memstream(&text, &size)) == NULL) {
        report(name, 0, "out of memory");
        free(escaped);
        return 2;
    }
    status = threatvec_read(in, name, check_vector, &c);
    if (c.count > THREATVEC_MISMATCHES_SHOWN)
        fprintf(c.mismatches, "%s: %lu more mismatches\n", c.name,
                c.count - THREATVEC_MISMATCHES_SHOWN);
    if (fclose(c.mismatches) != 0 && status == 0) {
        report(name, 0, "out of memory");
        status = 2;
    }
    if (status == 0 && c.count > 0) {
        fwrite(text, 1, size, out);
        status = 1;
    }
    free(text), free(escaped);
    return status;
}

FILE *threatvec_open(const char *path)
{
    struct stat st;
    int fd;
    FILE *in;

    if (strcmp(path, "-") == 0)
        return stdin;
    /* O_NONBLOCK: a FIFO is refused, not waited on */
    fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY);
    if (fd < 0 || fstat(fd, &st) != 0) {
        report(path, 0, "cannot open: %s", strerror(errno));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        report(path, 0, "%s",
               S_ISDIR(st.st_mode)    ? "a directory, not a vectors file"
               : S_ISFIFO(st.st_mode) ? "a FIFO: give the vectors on standard input ('-')"
                                      : "not a regular file (a device?): not a vectors file");
        close(fd);
        return NULL;
    }
    if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0
        || (in = fdopen(fd, "r")) == NULL) {
        report(path, 0, "cannot open: %s", strerror(errno));
        close(fd);
        return NULL;
    }
    return in;
}
