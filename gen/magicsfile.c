/* magicsfile.c - the text format of magic sets.
 *
 *     # magicbb magics v1
 *     # flavour: fancy
 *     rook   a1  0x0080001020400080  12
 *
 * One entry a line: piece, square, magic (0x and up to 16 hex digits),
 * index bits, and for black the square's offset into the shared table.
 * '#' starts a comment; "# flavour: NAME" names the flavour the set is
 * for.  All 128 (piece, square) pairs, each once. */
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "magicsfile.h"
#include "output.h"

#define FIELD_COUNT 5 /* at most */
#define LINE_MAX_BYTES 256

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

/* A comment "# flavour: NAME" must name the flavour being built. */
static int check_flavour_comment(const char *path, unsigned line_no, char *comment,
                                 enum flavour flavour)
{
    char *s = skip_space(comment + 1);
    char *end;

    if (strncmp(s, "flavour:", 8) != 0)
        return 0;
    s = skip_space(s + 8);
    end = s + strlen(s);
    while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
        *--end = '\0';
    if (strcmp(s, flavour_name(flavour)) != 0) {
        report(path, line_no, "magics file is for flavour '%s', not '%s'", s,
               flavour_name(flavour));
        return -1;
    }
    return 0;
}

static int parse_entry(const char *path, unsigned line_no, char *text,
                       struct slider_tables *t, unsigned line[PIECE_COUNT][64])
{
    char *field[FIELD_COUNT + 1];
    int n = split_fields(text, field);
    const int wanted = flavour_has_offsets(t->flavour) ? 5 : 4;
    enum piece piece;
    int sq;
    uint64_t magic;
    unsigned long bits, offset = 0;
    unsigned relevant, fixed;
    char name[3];

    if (n == 0)
        return 0;
    if (n != wanted) {
        report(path, line_no, "expected %d fields (piece square magic bits%s), found %s%d", wanted,
               wanted == 5 ? " offset" : "", n > wanted ? "more than " : "",
               n > wanted ? wanted : n);
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
    if (line[piece][sq] != 0) {
        report(path, line_no, "duplicate entry for %s %s (first on line %u)", piece_name(piece),
               name, line[piece][sq]);
        return -1;
    }
    if (parse_magic(field[2], &magic) != 0) {
        report(path, line_no, "bad magic '%s' (expected 0x and 1 to 16 hex digits)", field[2]);
        return -1;
    }
    relevant = popcount64(t->entry[piece][sq].mask);
    fixed = fixed_bits(t->flavour, piece);
    if (fixed != 0 && (parse_decimal(field[3], 2, &bits) != 0 || bits != fixed)) {
        report(path, line_no, "index bits '%s' for %s %s: %s uses %u", field[3],
               piece_name(piece), name, flavour_name(t->flavour), fixed);
        return -1;
    }
    if (fixed == 0 && (parse_decimal(field[3], 2, &bits) != 0 || bits < 1 || bits > relevant)) {
        report(path, line_no, "index bits '%s' for %s %s out of range (1 to %u)", field[3],
               piece_name(piece), name, relevant);
        return -1;
    }
    /* An offset leaves room for a whole 12-bit slice below 2^31. */
    if (wanted == 5 && (parse_decimal(field[4], 10, &offset) != 0 || offset > 0x7fff0000u)) {
        report(path, line_no, "bad offset '%s' (expected a decimal number below 2147418112)",
               field[4]);
        return -1;
    }
    line[piece][sq] = line_no;
    t->entry[piece][sq].magic = magic;
    t->entry[piece][sq].shift = index_shift(t->flavour, (unsigned)bits);
    t->entry[piece][sq].offset = (uint32_t)offset;
    return 0;
}

int magics_load(const char *path, struct slider_tables *t, unsigned line[PIECE_COUNT][64])
{
    FILE *in = fopen(path, "r");
    char text[LINE_MAX_BYTES];
    unsigned line_no = 0;
    int status = 0;

    if (in == NULL) {
        report(path, 0, "cannot open: %s", strerror(errno));
        return -1;
    }
    memset(line, 0, sizeof(unsigned[PIECE_COUNT][64]));
    while (status == 0 && fgets(text, sizeof text, in) != NULL) {
        size_t length = strlen(text);
        char *comment;

        line_no++;
        if (length == sizeof text - 1 && text[length - 1] != '\n' && !feof(in)) {
            report(path, line_no, "line longer than %d bytes", LINE_MAX_BYTES - 2);
            status = -1;
            break;
        }
        text[strcspn(text, "\r\n")] = '\0';
        comment = strchr(text, '#');
        if (comment != NULL) {
            status = check_flavour_comment(path, line_no, comment, t->flavour);
            *comment = '\0';
        }
        if (status == 0)
            status = parse_entry(path, line_no, text, t, line);
    }
    if (status == 0 && ferror(in)) {
        report(path, line_no, "read error: %s", strerror(errno));
        status = -1;
    }
    fclose(in);
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
    return status;
}

int magics_dump(const char *path, const struct slider_tables *t, const char *origin)
{
    struct outfile out;

    if (outfile_open(&out, path) != 0)
        return -1;
    fprintf(out.stream, "# magicbb magics v1\n# flavour: %s\n# %s\n", flavour_name(t->flavour),
            origin);
    for (int p = 0; p < PIECE_COUNT; p++) {
        for (unsigned sq = 0; sq < 64; sq++) {
            const struct mbb_slider *e = &t->entry[p][sq];
            char name[3];

            square_name(sq, name);
            fprintf(out.stream, "%-6s %s  0x%016llx  %2u", piece_name((enum piece)p), name,
                    (unsigned long long)e->magic, index_bits(t->flavour, (enum piece)p, e));
            if (flavour_has_offsets(t->flavour))
                fprintf(out.stream, "  %6lu", (unsigned long)e->offset);
            fputc('\n', out.stream);
        }
    }
    return outfile_commit(&out);
}
