/* SPDX-License-Identifier: MIT */
/* check_gen_input.c - the generator's input: each kind of bad magics
 * file, option or seed gets one clear error line naming the file, line
 * and problem, a non-zero exit status and no output. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* mknod, makedev */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gen_kit.h"
#include "reference.h"
#include "run_suite.h"

/* One kind of bad magics file: how to spoil a good one, and what the
 * error must say. */
struct bad_file {
    const char *what;
    const char *find;    /* text of the good file to replace ... */
    const char *replace; /* ... with this */
    int line;            /* line the error must name; 0: the last line */
    const char *message;
};

/* Lines 1-3 are comments; rook a1 is line 4, rook e4 line 32, bishop h8
 * the last (131). */
static const struct bad_file bad_files[] = {
    { "too few fields", "rook   a2  0x", "rook a2 0x1\nrook   a2  0x", 12,
      "expected 4 or 5 fields" },
    { "unknown piece", "rook   b1", "queen  b1", 5, "unknown piece 'queen'" },
    { "unknown square", "rook   c1", "rook   i9", 6, "unknown square 'i9'" },
    { "bad hex", "bishop a1  0x", "bishop a1  0xg", 68, "bad magic" },
    { "too many fields", "rook   a1  0x", "rook   a1  13 13 ", 4, "found more than 5" },
    { "duplicate", "rook   h1", "rook   g1", 11, "duplicate entry for rook g1 (first on line 10)" },
    { "missing", "bishop h8", "# bishop h8", 0, "no entry for bishop h8" },
    { "wrong flavour", "# flavour: fancy", "# flavour: black", 2,
      "for flavour 'black', not 'fancy'" },
    /* rook a1 has 12 relevant squares */
    { "too many index bits", "12\nrook   b1", "13\nrook   b1", 4,
      "index bits '13' for rook a1 out of range (1 to 12)" },
    { "no index bits", "12\nrook   b1", "0\nrook   b1", 4, "out of range" },
    /* fewer bits than a square needs must collide, not pass */
    { "too few index bits", "12\nrook   b1", "9\nrook   b1", 4, "rook a1: the magic collides" },
    { "collision", "rook   e4  0x", "rook   e4  0x0000000000000003 10 #", 32, "collides" },
    /* every entry has an offset, or none */
    { "one offset", "\nrook   b1", " 0\nrook   b1", 5, "no offset, but line 4 has one" },
};

static unsigned count_lines(const char *text)
{
    unsigned n = 0;

    for (; *text != '\0'; text++)
        n += *text == '\n';
    return n;
}

/* The line (from 1) of text that starts with start, and in *field the
 * number in its fifth field (a black or white offset) where it has one. */
static unsigned line_of(const char *text, const char *start, unsigned long *field)
{
    const char *at = text;
    unsigned n = 1;

    while (strncmp(at, start, strlen(start)) != 0) {
        at = strchr(at, '\n');
        ck_assert_msg(at != NULL, "no line starts with '%s'", start);
        at++;
        n++;
    }
    if (field != NULL)
        ck_assert_int_eq(sscanf(at, "%*s %*s %*s %*s %lu", field), 1);
    return n;
}

/* The generator must fail with status 1 and one line
 * "magicbb-gen: FILE:LINE: ...message...", and must leave an existing
 * output file exactly as it was, with no temporary file beside it. */
static void expect_rejected_as(const char *file, const char *flavour, unsigned line,
                               const char *message)
{
    char expected[512], option[64];
    char *err, *out;

    snprintf(option, sizeof option, "--flavour=%s", flavour);
    spill(path("out.c"), "existing output\n");
    ck_assert_int_eq(run(option, "--magics", file, "--output", path("out.c"), NULL), 1);
    err = slurp(path("stderr"));
    if (line != 0)
        snprintf(expected, sizeof expected, "magicbb-gen: %s:%u: ", file, line);
    else
        snprintf(expected, sizeof expected, "magicbb-gen: %s", file);
    ck_assert_msg(strncmp(err, expected, strlen(expected)) == 0, "error '%s' does not start '%s'",
                  err, expected);
    ck_assert_msg(strstr(err, message) != NULL, "error '%s' does not say '%s'", err, message);
    ck_assert_msg(strchr(err, '\n') == err + strlen(err) - 1, "error is not one line: '%s'", err);
    out = slurp(path("out.c"));
    ck_assert_str_eq(out, "existing output\n");
    ck_assert_msg(leftover("out.c") == NULL, "a temporary file was left behind: %s",
                  leftover("out.c"));
    free(err);
    free(out);
}

static void expect_rejected(const char *file, unsigned line, const char *message)
{
    expect_rejected_as(file, "fancy", line, message);
}

/* Bad black files: the offset column, the fixed index bits, and two
 * squares whose slices overlap with different attacks. */
START_TEST(bad_black_files_are_rejected)
{
    const char *published = shipped("black");
    char *good, *text, find[64], replace[64];
    char *eol;
    size_t cut;
    unsigned long a1_offset = 0, b1_offset = 0;
    unsigned a1;

    good = slurp(published);
    a1 = line_of(good, "rook   a1", &a1_offset);
    line_of(good, "rook   b1", &b1_offset);
    /* rook a1 without its offset */
    snprintf(find, sizeof find, "0x80280013ff84ffff  12  %6lu", a1_offset);
    text = spoil(good, find, "0x80280013ff84ffff  12");
    spill(path("bad.txt"), text);
    snprintf(replace, sizeof replace, "an offset, but line %u has none", a1);
    expect_rejected_as(path("bad.txt"), "black", a1 + 1, replace);
    free(text);
    snprintf(replace, sizeof replace, "0x80280013ff84ffff  11  %6lu", a1_offset);
    text = spoil(good, find, replace);
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", a1, "index bits '11' for rook a1: black uses 12");
    free(text);
    /* rook b1 moved onto rook a1's slice */
    snprintf(find, sizeof find, "0x5ffbfefdfef67fff  12  %6lu", b1_offset);
    snprintf(replace, sizeof replace, "0x5ffbfefdfef67fff  12  %6lu", a1_offset);
    text = spoil(good, find, replace);
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", 0, "overlaps rook a1's");
    /* ... the error names the line of the square that found the clash */
    eol = strstr(text, "rook   b1");
    ck_assert_ptr_nonnull(eol);
    cut = 0;
    for (const char *c = text; c < eol; c++)
        cut += *c == '\n';
    free(text);
    text = slurp(path("stderr"));
    {
        char where[64];

        snprintf(where, sizeof where, "bad.txt:%zu: rook b1", cut + 1);
        ck_assert_msg(strstr(text, where) != NULL, "'%s' does not name line %zu", text, cut + 1);
    }
    free(text);
    free(good);
}
END_TEST

START_TEST(bad_magics_file_is_rejected)
{
    const struct bad_file *bad = &bad_files[_i];
    char *good, *text;

    good = good_file();
    ck_assert_uint_eq(count_lines(good), 131);
    text = spoil(good, bad->find, bad->replace);
    spill(path("bad.txt"), text);
    expect_rejected(path("bad.txt"), bad->line != 0 ? (unsigned)bad->line : count_lines(text),
                    bad->message);
    free(good);
    free(text);
}
END_TEST

/* A shiftmagic magic whose top six bits are not its shift: once a crash
 * (the index ran past the table), now a one-line error at its line. */
START_TEST(shiftmagic_shift_must_match_the_bits)
{
    char *good, *text;

    ck_assert_int_eq(run("--flavour=shiftmagic", "--seed=7", "-d", path("good.txt"), NULL), 0);
    good = slurp(path("good.txt"));
    /* rook a1's magic starts with its shift, 52 (0b110100): top byte 0xd0 to 0xd3 */
    ck_assert_msg(strstr(good, "rook   a1  0xd") != NULL, "%s", good);
    text = spoil(good, "rook   a1  0xd", "rook   a1  0x1");
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "shiftmagic", 4,
                       "rook a1: the magic's top six bits are"
                       " not its shift");
    free(good);
    free(text);
}
END_TEST

START_TEST(overlong_line_is_rejected)
{
    char text[600];

    memset(text, ' ', sizeof text);
    memcpy(text, "rook a1 0x1 12", 14);
    text[sizeof text - 2] = '\n';
    text[sizeof text - 1] = '\0';
    spill(path("long.txt"), text);
    expect_rejected(path("long.txt"), 1, "line longer than");
}
END_TEST

START_TEST(unreadable_file_is_rejected)
{
    expect_rejected(path("no-such-file.txt"), 0, "cannot open");
}
END_TEST

START_TEST(usage_errors)
{
    char *err;

    ck_assert_int_eq(run("--no-such-option", NULL), 2);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "magicbb-gen: unknown option '--no-such-option'") != NULL, "%s", err);
    free(err);
    ck_assert_int_eq(run("--seed=banana", "-o", path("x.c"), NULL), 2);
    ck_assert_int_eq(run("--flavour=plaid", "-o", path("x.c"), NULL), 2);
    ck_assert_int_eq(run("--seed=1", "--magics", path("m.txt"), "-o", path("x.c"), NULL), 2);
    ck_assert_int_eq(run(NULL), 2);
    ck_assert(!exists(path("x.c")));
    ck_assert_int_eq(run("--help", NULL), 0);
    ck_assert_int_eq(run("--version", NULL), 0);
}
END_TEST

static void spill_bytes(const char *file, const char *data, size_t size)
{
    FILE *out = fopen(file, "wb");

    ck_assert_ptr_nonnull(out);
    ck_assert_uint_eq(fwrite(data, 1, size, out), size);
    ck_assert_int_eq(fclose(out), 0);
}

/* black: every offset must leave its whole slice inside the largest
 * overlapping table (128 x 4096 entries): the last offset a rook slice
 * may start at is 524288 - 4096 = 520192.  Past it the repacker once
 * wrote out of bounds; far past it the run ended in "out of memory". */
START_TEST(black_offsets_are_bounded_by_the_layout)
{
    const char *published = shipped("black");
    char *good, *text;
    unsigned h8;

    good = slurp(published);
    h8 = line_of(good, "rook   h8", NULL);
    /* rook h8 moved to the last place it may take: no other slice
     * reaches there, so the layout is sound */
    text = spoil(good, "0x0002000308482882  12", "0x0002000308482882  12  520192 #");
    spill(path("edge.txt"), text);
    ck_assert_int_eq(
        run("--flavour=black", "--magics", path("edge.txt"), "-o", path("edge.c"), NULL), 0);
    free(text);
    text = spoil(good, "0x0002000308482882  12", "0x0002000308482882  12  520193 #");
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", h8,
                       "bad offset '520193' for rook h8 (expected 0 to 520192");
    free(text);
    text = spoil(good, "0x0002000308482882  12", "0x0002000308482882  12  2147000000 #");
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", h8, "bad offset '2147000000'");
    free(text);
    /* a bishop slice has 512 slots */
    text = spoil(good, "0x100000c05f582008   9", "0xd7f7fefffeffffff   9  523777 #");
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", line_of(good, "bishop h8", NULL),
                       "(expected 0 to 523776");
    free(text);
    free(good);
}
END_TEST

/* Text files only: a NUL byte is an error on its line, wherever it
 * stands, and the lines after it keep their numbers. */
START_TEST(nul_bytes_are_rejected)
{
    char *good = good_file(), *text;
    size_t size = strlen(good), at;
    char *line5;

    /* NUL in the middle of rook b1 (line 5): the text after it counts */
    line5 = strstr(good, "rook   b1");
    ck_assert_ptr_nonnull(line5);
    text = malloc(size + 1);
    memcpy(text, good, size + 1);
    at = (size_t)(line5 - good) + 4;
    text[at] = '\0';
    spill_bytes(path("nul.txt"), text, size);
    expect_rejected(path("nul.txt"), 5, "NUL byte in column 5");
    /* NUL at the start of an overlong line 5 hides neither */
    free(text);
    text = malloc(size + 400);
    memcpy(text, good, (size_t)(line5 - good));
    at = (size_t)(line5 - good);
    text[at] = '\0';
    memset(text + at + 1, 'x', 300);
    memcpy(text + at + 301, line5, size - (size_t)(line5 - good));
    spill_bytes(path("nul.txt"), text, size + 301);
    expect_rejected(path("nul.txt"), 5, "NUL byte in column 1");
    free(text);
    free(good);
}
END_TEST

/* Inputs that are no magics file, named without a line number. */
START_TEST(non_files_are_rejected)
{
    char *good = good_file(), *big;
    const size_t size = (1u << 20) + 100;

    /* an endless device once ran forever */
    expect_rejected("/dev/zero", 0, "not a regular file or a pipe");
    ck_assert_int_eq(mkdir(path("dir"), 0755), 0);
    expect_rejected(path("dir"), 0, "is a directory");
    spill(path("empty.txt"), "");
    expect_rejected(path("empty.txt"), 0, "empty file");
    /* a file past the size cap: comment lines, then the entries */
    big = malloc(size + strlen(good) + 1);
    ck_assert_ptr_nonnull(big);
    for (size_t i = 0; i < size; i += 100) {
        memset(big + i, ' ', 100);
        big[i] = '#';
        big[i + 99] = '\n';
    }
    strcpy(big + size, good);
    spill(path("big.txt"), big);
    expect_rejected(path("big.txt"), 10486, "file larger than 1048576 bytes");
    free(big);
    free(good);
}
END_TEST

/* The "# flavour:" line: its key in any case, its name exact, and
 * required. */
START_TEST(flavour_line_is_required)
{
    char *good = good_file(), *text;

    text = spoil(good, "# flavour: fancy", "# Flavour: fancy");
    spill(path("m.txt"), text);
    ck_assert_int_eq(run("--magics", path("m.txt"), "-o", path("m.c"), NULL), 0);
    free(text);
    text = spoil(good, "# flavour: fancy", "# FLAVOUR: black");
    spill(path("m.txt"), text);
    expect_rejected(path("m.txt"), 2, "for flavour 'black', not 'fancy'");
    free(text);
    text = spoil(good, "# flavour: fancy", "# (no flavour named)");
    spill(path("m.txt"), text);
    expect_rejected(path("m.txt"), 0, "no '# flavour: fancy' line");
    free(text);
    free(good);
}
END_TEST

/* Quoted text is escaped: control bytes and broken UTF-8 as \xNN, a
 * well-formed character as it is; the report stays one line. */
START_TEST(messages_escape_what_they_quote)
{
    char *good = good_file(), *text, *err;

    text = spoil(good, "rook   b1", "ro\x01k\x1b[2J b1");
    spill(path("m.txt"), text);
    expect_rejected(path("m.txt"), 5, "unknown piece 'ro\\x01k\\x1b[2J'");
    free(text);
    text = spoil(good, "rook   b1", "t\xc3\xa9\xc3 b1");
    spill(path("m.txt"), text);
    expect_rejected(path("m.txt"), 5, "unknown piece 't\xc3\xa9\\xc3'");
    free(text);
    ck_assert_int_eq(run("--flavour=pla\nid", "-o", path("x.c"), NULL), 2);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "unknown flavour 'pla\\x0aid'") != NULL, "%s", err);
    free(err);
    free(good);
}
END_TEST

/* A seed is decimal without leading zeros or 0x hex, up to 2^64 - 1. */
START_TEST(seeds_are_checked_strictly)
{
    static const char *const bad[] = {
        "--seed=09",
        "--seed=010",
        "--seed=18446744073709551616",
        "--seed=0x10000000000000000",
        "--seed=0x",
        "--seed=-1",
        "--seed= 1",
        "--seed=1e3",
    };

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *err;

        ck_assert_msg(run(bad[i], "-d", path("s.txt"), NULL) == 2, "%s was accepted", bad[i]);
        err = slurp(path("stderr"));
        ck_assert_msg(strstr(err, "without leading zeros") != NULL, "%s: %s", bad[i], err);
        free(err);
    }
    ck_assert(!exists(path("s.txt")));
    ck_assert_int_eq(run("--seed=18446744073709551615", "-d", path("s.txt"), NULL), 0);
    ck_assert_int_eq(run("--seed=0", "-d", path("s.txt"), NULL), 0);
    ck_assert_int_eq(run("--seed=0xFFFFFFFFFFFFFFFF", "-d", path("s.txt"), NULL), 0);
}
END_TEST

START_TEST(option_errors_name_the_option)
{
    ck_assert_int_eq(run("-o", path("out.c"), "-xz", NULL), 2);
    expect_error("unknown option '-x'");
    ck_assert_int_eq(run("--bogus=3", NULL), 2);
    expect_error("unknown option '--bogus'");
    ck_assert_int_eq(run("--seed=1", "--output", NULL), 2);
    expect_error("option '--output' needs a value");
    ck_assert_int_eq(run("--seed=1", "-o", NULL), 2);
    expect_error("option '-o' needs a value");
    ck_assert(!exists(path("out.c")));
    /* a value given to an option that takes none names that option */
    ck_assert_int_eq(run("--sliders-only=yes", "-o", path("out.c"), NULL), 2);
    expect_error("option '--sliders-only' takes no value");
    ck_assert_int_eq(run("--board-only=1", "-o", path("out.c"), NULL), 2);
    expect_error("--board-only: unknown table '1'");
    ck_assert_int_eq(run("--no-lines=x", NULL), 2);
    expect_error("option '--no-lines' takes no value");
    ck_assert_int_eq(run("--version=2", NULL), 2);
    expect_error("option '--version' takes no value");
    ck_assert_int_eq(run("--help=x", NULL), 2);
    expect_error("option '--help' takes no value");
    ck_assert_int_eq(run("--sli=yes", NULL), 2);
    expect_error("option '--sliders-only' takes no value");
    /* a short option after a long one with a value is still itself */
    ck_assert_int_eq(run("--seed=1", "-Sz", NULL), 2);
    expect_error("unknown option '-S'");
    ck_assert(!exists(path("out.c")));
}
END_TEST

/* Two squares whose slices overlap with other attacks are both named. */
START_TEST(overlap_names_both_squares)
{
    char *text = slurp(shipped("white")), *a1 = strstr(text, "\nrook   a1"),
         *b1 = strstr(text, "\nrook   b1"), *a1_end, *b1_end, *offset;
    char edited[16384];
    int b1_line = 1;

    ck_assert_ptr_nonnull(a1);
    ck_assert_ptr_nonnull(b1);
    /* rook b1 moved onto rook a1's slice: b1's offset becomes a1's */
    a1_end = strchr(a1 + 1, '\n');
    b1_end = strchr(b1 + 1, '\n');
    for (offset = a1_end; offset[-1] != ' '; offset--)
        continue;
    for (const char *c = text; c <= b1; c++)
        b1_line += *c == '\n';
    ck_assert_int_lt((int)strlen(text), (int)sizeof edited - 16);
    snprintf(edited, sizeof edited, "%.*s", (int)(b1_end - text), text);
    for (char *e = edited + strlen(edited); e[-1] != ' '; e--)
        e[-1] = '\0';
    snprintf(edited + strlen(edited), sizeof edited - strlen(edited), "%.*s%s",
             (int)(a1_end - offset), offset, b1_end);
    spill(path("w.txt"), edited);
    expect_rejected_as(path("w.txt"), "white", b1_line, "rook b1: its slice overlaps rook a1's");
    free(text);
}
END_TEST

START_TEST(byte_order_mark_is_named)
{
    char *good = good_file(), *text = malloc(strlen(good) + 4);

    strcpy(text, "\xef\xbb\xbf");
    strcat(text, good);
    spill(path("bom.txt"), text);
    expect_rejected(path("bom.txt"), 1, "UTF-8 byte-order mark");
    free(text);
    free(good);
}
END_TEST

static Suite *input_suite(void)
{
    Suite *s = suite_create("generator input");
    TCase *t = tcase_create("bad input");

    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_loop_test(t, bad_magics_file_is_rejected, 0,
                        (int)(sizeof bad_files / sizeof bad_files[0]));
    tcase_add_test(t, overlong_line_is_rejected);
    tcase_add_test(t, shiftmagic_shift_must_match_the_bits);
    tcase_add_test(t, unreadable_file_is_rejected);
    tcase_add_test(t, usage_errors);
    tcase_add_test(t, bad_black_files_are_rejected);
    tcase_add_test(t, black_offsets_are_bounded_by_the_layout);
    tcase_add_test(t, nul_bytes_are_rejected);
    tcase_add_test(t, non_files_are_rejected);
    tcase_add_test(t, flavour_line_is_required);
    tcase_add_test(t, messages_escape_what_they_quote);
    tcase_add_test(t, seeds_are_checked_strictly);
    tcase_add_test(t, option_errors_name_the_option);
    tcase_add_test(t, overlap_names_both_squares);
    tcase_add_test(t, byte_order_mark_is_named);
    tcase_set_timeout(t, 60);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return run_suite(input_suite());
}
