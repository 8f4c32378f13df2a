/* SPDX-License-Identifier: MIT */
/* magicsfile.c - the text format of magic sets.
 *
 *     # magicbb magics v1
 *     # flavour: fancy
 *     rook   a1  0x0080001020400080  12
 *
 * One entry a line: piece, square, magic (0x and up to 16 hex digits),
 * index bits, and optionally the square's offset into the attack table:
 * every entry has one or none.  A flavour whose slices overlap (fancy,
 * white, black) places its slices at the offsets given, or, where none
 * are, packs them first fit (tables_pack); the others check and ignore
 * them (byte and shared read fancy's files).
 * '#' starts a comment; "# flavour: NAME" (the key in any case, the name
 * as --flavour spells it) names the flavour the set is for and must be
 * there.  All 128 (piece, square) pairs, each once.  Text only: a NUL
 * byte, a line over 254 bytes or a file over MAGICS_MAX_BYTES is an
 * error. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "magicsfile.h"
#include "output.h"
#include "pack.h"

#define FIELD_COUNT 5 /* at most */
#define LINE_MAX_BYTES 256

/* comment is a line's comment: from its first '#' to the line's end (a
 * CR before the newline, as a file written on Windows has, is part of
 * it).  Where it is "# flavour: NAME" (the key in any case, spaces and
 * tabs around it and the name, a trailing CR), NAME is copied into name
 * (size bytes, cut where longer) and 1 returned; else 0. */
static int flavour_comment(const char *comment, char *name, size_t size)
{
    static const char key[] = "flavour:";
    const char *s = comment + 1, *end;

    s += strspn(s, " \t");
    for (size_t i = 0; i < sizeof key - 1; i++) {
        if (tolower((unsigned char)s[i]) != key[i])
            return 0;
    }
    s += sizeof key - 1;
    s += strspn(s, " \t");
    end = s + strlen(s);
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    if (size > 0) {
        const size_t n = (size_t)(end - s) < size - 1 ? (size_t)(end - s) : size - 1;

        memcpy(name, s, n);
        name[n] = '\0';
    }
    return 1;
}

const char *magics_file_flavour(const char *path)
{
    static char name[LINE_MAX_BYTES];
    FILE *in = fopen(path, "r");
    char line[LINE_MAX_BYTES];
    int found = 0;

    /* (at most MAGICS_MAX_BYTES in lines of at most 254 bytes) */
    for (int n = 0; in != NULL && !found && n < 4096 && fgets(line, sizeof line, in) != NULL; n++) {
        line[strcspn(line, "\n")] = '\0';
        found = strchr(line, '#') != NULL && flavour_comment(strchr(line, '#'), name, sizeof name);
    }
    if (in != NULL)
        fclose(in);
    return found ? name : "";
}

static char *skip_space(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Split at blanks; returns the field count, up to FIELD_COUNT + 1. */
static int split_fields(char *s, char *field[FIELD_COUNT + 1])
{
    int n = 0;

    for (s = skip_space(s); *s != '\0' && n <= FIELD_COUNT; s = skip_space(s)) {
        field[n++] = s;
        while (*s != '\0' && *s != ' ' && *s != '\t')
            s++;
        if (*s != '\0')
            *s++ = '\0';
    }
    return n;
}

static int parse_piece(const char *text, enum piece *piece)
{
    for (int p = 0; p < PIECE_COUNT; p++) {
        if (strcmp(text, piece_name((enum piece)p)) == 0) {
            *piece = (enum piece)p;
            return 0;
        }
    }
    return -1;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int parse_magic(const char *text, uint64_t *magic)
{
    size_t length = strlen(text);

    if (length < 3 || length > 18 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X'))
        return -1;
    *magic = 0;
    for (const char *s = text + 2; *s != '\0'; s++) {
        int digit = hex_digit(*s);

        if (digit < 0)
            return -1;
        *magic = *magic << 4 | (uint64_t)digit;
    }
    return 0;
}

/* A decimal number of at most `digits` digits. */
static int parse_decimal(const char *text, size_t digits, unsigned long *value)
{
    size_t length = strlen(text);

    if (length == 0 || length > digits)
        return -1;
    *value = 0;
    for (const char *s = text; *s != '\0'; s++) {
        if (!isdigit((unsigned char)*s))
            return -1;
        *value = *value * 10 + (unsigned long)(*s - '0');
    }
    return 0;
}

/* A comment "# flavour: NAME" (the key in any case) must name the
 * flavour being built.  Sets *seen for a flavour line. */
static int check_flavour_comment(const char *path, unsigned line_no, const char *comment,
                                 const struct gen_flavour *flavour, int *seen)
{
    char s[LINE_MAX_BYTES];

    if (!flavour_comment(comment, s, sizeof s))
        return 0;
    *seen = 1;
    if (strcmp(s, flavour->name) != 0
        && (flavour_reads(flavour) == NULL || strcmp(s, flavour_reads(flavour)) != 0)) {
        report(path, line_no, "magics file is for flavour '%s', not '%s'", s, flavour->name);
        return -1;
    }
    return 0;
}

/* An entry's fields (piece square magic bits, and maybe the offset),
 * checked, into *piece, *square and *e (e's mask from t; its offset 0
 * where none is given); with line, a (piece, square) it gives already is
 * a duplicate.  The field count, or -1 after a report. */
static int parse_fields(const char *path, unsigned line_no, char *field[], int n,
                        const struct slider_tables *t, unsigned line[PIECE_COUNT][64],
                        enum piece *piece_out, unsigned *square, struct work_entry *e)
{
    enum piece piece;
    int sq;
    uint64_t magic;
    unsigned long bits, offset = 0;
    unsigned relevant, fixed;
    char name[3];

    if (n != 4 && n != 5) {
        report(path, line_no,
               "expected 4 or 5 fields (piece square magic bits, and maybe offset),"
               " found %s%d",
               n > 5 ? "more than " : "", n > 5 ? 5 : n);
        return -1;
    }
    if (parse_piece(field[0], &piece) != 0) {
        report(path, line_no, "unknown piece '%s' (expected rook or bishop)", field[0]);
        return -1;
    }
    sq = square_parse(field[1]);
    if (sq < 0) {
        report(path, line_no, "unknown square '%s' (expected a1 to h8)", field[1]);
        return -1;
    }
    square_name((unsigned)sq, name);
    if (line != NULL && line[piece][sq] != 0) {
        report(path, line_no, "duplicate entry for %s %s (first on line %u)", piece_name(piece),
               name, line[piece][sq]);
        return -1;
    }
    if (parse_magic(field[2], &magic) != 0) {
        report(path, line_no, "bad magic '%s' (expected 0x and 1 to 16 hex digits)", field[2]);
        return -1;
    }
    relevant = popcount64(t->entry[piece][sq].mask);
    fixed = t->flavour->fixed[piece];
    if (fixed != 0 && (parse_decimal(field[3], 2, &bits) != 0 || bits != fixed)) {
        report(path, line_no, "index bits '%s' for %s %s: %s uses %u", field[3], piece_name(piece),
               name, t->flavour->name, fixed);
        return -1;
    }
    if (fixed == 0 && (parse_decimal(field[3], 2, &bits) != 0 || bits < 1 || bits > relevant)) {
        report(path, line_no, "index bits '%s' for %s %s out of range (1 to %u)", field[3],
               piece_name(piece), name, relevant);
        return -1;
    }
    /* The whole slice must lie in the largest table an overlapping
     * layout may take. */
    if (n == 5) {
        const unsigned long last = OVERLAP_TABLE_MAX - (1ul << bits);

        if (parse_decimal(field[4], 7, &offset) != 0 || offset > last) {
            report(path, line_no,
                   "bad offset '%s' for %s %s (expected 0 to %lu, so that its %lu"
                   " slots end within %lu)",
                   field[4], piece_name(piece), name, last, 1ul << bits,
                   (unsigned long)OVERLAP_TABLE_MAX);
            return -1;
        }
    }
    *e = t->entry[piece][sq];
    e->magic = magic;
    e->shift = index_shift(t->flavour, (unsigned)bits);
    e->offset = (uint32_t)offset;
    if (t->flavour->check != NULL) {
        const char *why = t->flavour->check(piece, e);

        if (why != NULL) {
            report(path, line_no, "%s %s: %s", piece_name(piece), name, why);
            return -1;
        }
    }
    *piece_out = piece;
    *square = (unsigned)sq;
    return n;
}

/* An entry into t; offsets[n - 4] becomes the first line with n fields
 * where it is 0. */
static int parse_entry(const char *path, unsigned line_no, char *text, struct slider_tables *t,
                       unsigned line[PIECE_COUNT][64], unsigned offsets[2])
{
    char *field[FIELD_COUNT + 1];
    int n = split_fields(text, field);
    struct work_entry e;
    enum piece piece;
    unsigned sq;

    if (n == 0)
        return 0;
    if ((n = parse_fields(path, line_no, field, n, t, line, &piece, &sq, &e)) < 0)
        return -1;
    line[piece][sq] = line_no;
    t->entry[piece][sq] = e;
    if (offsets[n - 4] == 0)
        offsets[n - 4] = line_no;
    return 0;
}

/* Every entry has an offset, or none has: where none has and the
 * flavour's slices overlap, they are packed first fit.  0, or -1 after a
 * report. */
static int check_offsets(const char *path, struct slider_tables *t, const unsigned offsets[2])
{
    if (offsets[0] != 0 && offsets[1] != 0) {
        const int late = offsets[1] > offsets[0];

        report(path, late ? offsets[1] : offsets[0],
               "%s, but line %u %s: give every entry an"
               " offset or none (then the slices are packed first fit)",
               late ? "an offset" : "no offset", late ? offsets[0] : offsets[1],
               late ? "has none" : "has one");
        return -1;
    }
    if (offsets[1] == 0 && t->flavour->layout == LAYOUT_PACKED && tables_pack(t) != 0) {
        report(path, 0, "out of memory");
        return -1;
    }
    return 0;
}

/* A line "#@ KEY ..." of a dense search's progress (sliders.h), into
 * t->progress:
 *   #@ run OPTIONS           the run's options (lines joined by spaces)
 *   #@ done PIECE SQUARE...  squares it finished
 *   #@ from ENTRY            where a square it did not finish started
 * 0, or -1 after a report. */
static int parse_progress(const char *path, unsigned line_no, char *text, struct slider_tables *t)
{
    struct dense_progress *g = &t->progress;
    char *field[FIELD_COUNT + 1], *key = text + strspn(text, " \t");
    size_t n = strcspn(key, " \t"), used = strlen(g->run);
    char *rest = key + n + strspn(key + n, " \t");
    enum piece piece;
    unsigned sq;
    struct work_entry e;
    int count;

    if (n == 3 && strncmp(key, "run", 3) == 0) {
        snprintf(g->run + used, sizeof g->run - used, "%s%s", used > 0 ? " " : "", rest);
        return 0;
    }
    if (n == 4 && strncmp(key, "from", 4) == 0) {
        count = split_fields(rest, field);
        if (parse_fields(path, line_no, field, count, t, NULL, &piece, &sq, &e) < 0)
            return -1;
        g->start[piece][sq] = e;
        g->started[piece][sq] = 1;
        g->from_line[piece][sq] = line_no;
        return 0;
    }
    if (n == 4 && strncmp(key, "done", 4) == 0) {
        char *s = rest;
        int square;

        if (parse_piece(strtok(s, " \t") ? s : "", &piece) != 0) {
            report(path, line_no, "#@ done: expected rook or bishop, then squares");
            return -1;
        }
        while ((s = strtok(NULL, " \t")) != NULL) {
            if ((square = square_parse(s)) < 0) {
                report(path, line_no, "#@ done: unknown square '%s' (expected a1 to h8)", s);
                return -1;
            }
            g->done[piece][square] = 1;
        }
        return 0;
    }
    report(path, line_no, "unknown progress line '#@ %.*s' (expected run, done or from)", (int)n,
           key);
    return -1;
}

/* Read one line of at most LINE_MAX_BYTES - 2 bytes into text, without
 * its end of line.  Returns 1 for a line, 0 at the end of the file, -1
 * after reporting a problem. */
static int read_line(const char *path, FILE *in, unsigned line_no, char *text, unsigned long *total)
{
    size_t length = 0;
    int c;

    while ((c = getc(in)) != EOF && c != '\n') {
        if (++*total > MAGICS_MAX_BYTES) {
            report(path, line_no, "file larger than %lu bytes: not a magics file",
                   (unsigned long)MAGICS_MAX_BYTES);
            return -1;
        }
        if (c == '\0') {
            report(path, line_no, "NUL byte in column %lu: not a text file",
                   (unsigned long)length + 1);
            return -1;
        }
        if (length == LINE_MAX_BYTES - 2) {
            report(path, line_no, "line longer than %d bytes", LINE_MAX_BYTES - 2);
            return -1;
        }
        text[length++] = (char)c;
    }
    if (c == '\n')
        ++*total;
    if (length > 0 && text[length - 1] == '\r')
        length--;
    text[length] = '\0';
    if (ferror(in)) {
        report(path, line_no, "read error: %s", strerror(errno));
        return -1;
    }
    return c != EOF || length > 0;
}

/* A comment line before the first entry, to t's provenance: but for the
 * format line and the flavour line, each line's text after "#" and its
 * spaces, joined by one space, cut where it does not fit. */
static void add_provenance(struct slider_tables *t, const char *comment)
{
    const char *s = comment + 1 + strspn(comment + 1, " \t");
    char name[8];
    size_t used = strlen(t->provenance);

    if (*s == '\0' || strncmp(s, "magicbb magics v", 16) == 0
        || flavour_comment(comment, name, sizeof name))
        return;
    snprintf(t->provenance + used, sizeof t->provenance - used, "%s%s", used > 0 ? " " : "", s);
}

int magics_parse(const char *path, FILE *in, struct slider_tables *t,
                 unsigned line[PIECE_COUNT][64])
{
    char text[LINE_MAX_BYTES];
    unsigned line_no = 0;
    unsigned long total = 0;
    int status = 0, more, flavour_seen = 0, entries_seen = 0;
    unsigned offsets[2] = { 0, 0 }; /* the first line without an offset, with one */

    memset(line, 0, sizeof(unsigned[PIECE_COUNT][64]));
    t->provenance[0] = '\0';
    memset(&t->progress, 0, sizeof t->progress);
    while (status == 0 && (more = read_line(path, in, line_no + 1, text, &total)) != 0) {
        char *comment;

        line_no++;
        if (more < 0) {
            status = -1;
            break;
        }
        if (line_no == 1 && strncmp(text, "\xef\xbb\xbf", 3) == 0) {
            report(path, line_no,
                   "starts with a UTF-8 byte-order mark (bytes EF BB BF):"
                   " save the file without one");
            status = -1;
            break;
        }
        comment = strchr(text, '#');
        if (comment != NULL) {
            status = check_flavour_comment(path, line_no, comment, t->flavour, &flavour_seen);
            /* a whole-line comment before the first entry: provenance;
             * "#@": a dense search's progress */
            if (status == 0 && comment == text + strspn(text, " \t") && comment[1] == '@')
                status = parse_progress(path, line_no, comment + 2, t);
            else if (comment == text + strspn(text, " \t") && !entries_seen)
                add_provenance(t, comment);
            *comment = '\0';
        }
        entries_seen |= text[strspn(text, " \t")] != '\0';
        if (status == 0)
            status = parse_entry(path, line_no, text, t, line, offsets);
    }
    if (status == 0 && line_no == 0) {
        report(path, 0, "empty file: a magics file has a '# flavour: %s' line and 128 entries",
               t->flavour->name);
        return -1;
    }
    for (int p = 0; p < PIECE_COUNT && status == 0; p++) {
        for (unsigned sq = 0; sq < 64 && status == 0; sq++) {
            if (line[p][sq] == 0) {
                char name[3];

                square_name(sq, name);
                report(path, line_no, "no entry for %s %s (all 128 are needed)",
                       piece_name((enum piece)p), name);
                status = -1;
            }
        }
    }
    if (status == 0 && !flavour_seen) {
        report(path, 0, "no '# flavour: %s' line: say which flavour the magics are for",
               t->flavour->name);
        status = -1;
    }
    return status == 0 ? check_offsets(path, t, offsets) : status;
}

int magics_load(const char *path, struct slider_tables *t, unsigned line[PIECE_COUNT][64])
{
    FILE *in = fopen(path, "r");
    struct stat st;
    int status;

    if (in == NULL) {
        report(path, 0, "cannot open: %s", strerror(errno));
        return -1;
    }
    /* A pipe is read like a file, up to the size cap; a directory or a
     * device (/dev/zero, a terminal) is no magics file. */
    if (fstat(fileno(in), &st) != 0) {
        report(path, 0, "cannot read: %s", strerror(errno));
        fclose(in);
        return -1;
    }
    if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
        report(path, 0, "%s",
               S_ISDIR(st.st_mode) ? "is a directory, not a magics file"
                                   : "not a regular file or a pipe");
        fclose(in);
        return -1;
    }
    status = magics_parse(path, in, t, line);
    fclose(in);
    return status;
}

/* origin, escaped for a comment, as comment lines of at most about 100
 * columns, broken at spaces (a word longer than a line, a long path,
 * is cut at 200 bytes): a line of a magics file holds at most 254. */
static void write_origin(FILE *out, const char *origin)
{
    char *escaped = NULL;
    size_t size = 0;
    FILE *text = open_memstream(&escaped, &size);
    const char *s;

    if (text == NULL) {
        fputs("# (provenance left out: out of memory)\n", out);
        return;
    }
    escape_text(text, origin, ESCAPE_COMMENT);
    fclose(text);
    for (s = escaped; *s != '\0';) {
        size_t n = strlen(s);

        if (n > 100) {
            const char *space = NULL;

            for (const char *c = s + 100; c > s && space == NULL; c--)
                space = *c == ' ' ? c : NULL;
            n = space != NULL ? (size_t)(space - s) : strcspn(s, " ") < 200 ? strcspn(s, " ") : 200;
        }
        fprintf(out, "# %.*s\n", (int)n, s);
        s += n;
        s += strspn(s, " ");
    }
    free(escaped);
}

/* t's progress as "#@" lines, where it has any (a run that did not end:
 * an interruption, a checkpoint during it). */
static void write_progress(FILE *out, const struct slider_tables *t)
{
    const struct dense_progress *g = &t->progress;
    const char *s = g->run;

    while (*s != '\0') { /* the options, 150 bytes a line at most, broken at spaces */
        size_t n = strlen(s);

        if (n > 150) {
            n = 150;
            while (n > 0 && s[n] != ' ')
                n--;
            n = n > 0 ? n : strcspn(s, " ");
        }
        fprintf(out, "#@ run %.*s\n", (int)n, s);
        s += n;
        s += strspn(s, " ");
    }
    for (int p = 0; g->run[0] != '\0' && p < PIECE_COUNT; p++) {
        int any = 0;

        for (unsigned sq = 0; sq < 64; sq++) {
            char name[3];

            if (!g->done[p][sq])
                continue;
            square_name(sq, name);
            fprintf(out, "%s %s", any ? "" : (p == PIECE_ROOK ? "#@ done rook" : "#@ done bishop"),
                    name);
            any = 1;
        }
        if (any)
            fputc('\n', out);
    }
    for (int p = 0; g->run[0] != '\0' && p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct work_entry *e = &g->start[p][sq];
            char name[3];

            if (!g->started[p][sq])
                continue;
            square_name(sq, name);
            fprintf(out, "#@ from %s %s 0x%016llx %u", piece_name((enum piece)p), name,
                    (unsigned long long)e->magic, index_bits(t->flavour, (enum piece)p, e));
            if (t->flavour->layout == LAYOUT_PACKED)
                fprintf(out, " %lu", (unsigned long)e->offset);
            fputc('\n', out);
        }
    }
}

void magics_write(FILE *out, const struct slider_tables *t, const char *origin)
{
    fprintf(out, "# magicbb magics v1\n# flavour: %s\n", t->flavour->name);
    write_origin(out, origin);
    write_progress(out, t);
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct work_entry *e = &t->entry[p][sq];
            char name[3];

            square_name(sq, name);
            fprintf(out, "%-6s %s  0x%016llx  %2u", piece_name((enum piece)p), name,
                    (unsigned long long)e->magic, index_bits(t->flavour, (enum piece)p, e));
            if (t->flavour->layout == LAYOUT_PACKED)
                fprintf(out, "  %6lu", (unsigned long)e->offset);
            fputc('\n', out);
        }
    }
}

const char *magics_default(const char *dir, const struct gen_flavour *flavour, char *buffer,
                           size_t size)
{
    if (!flavour->magics)
        return NULL;
    snprintf(buffer, size, "%s/%s.txt", dir, flavour->name);
    return !flavour->searches || access(buffer, R_OK) == 0 ? buffer : NULL;
}
