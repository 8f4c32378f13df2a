/* check_generator.c - the generator as a user runs it: reproducible
 * output, magics files that round-trip, and one clear error line, exit
 * status and no output for each kind of bad input. */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run_suite.h"

static char workdir[64];
static const char *generator;

static void setup(void)
{
    generator = getenv("MBB_GEN");
    ck_assert_msg(generator != NULL, "MBB_GEN must name the generator (make check sets it)");
    strcpy(workdir, "gen-test-XXXXXX");
    ck_assert_msg(mkdtemp(workdir) != NULL, "cannot create a work directory");
}

static void teardown(void)
{
    char command[128];

    snprintf(command, sizeof command, "rm -rf '%s'", workdir);
    if (system(command) != 0)
        fprintf(stderr, "could not remove %s\n", workdir);
}

/* workdir/name, in a rotating set of buffers. */
static const char *path(const char *name)
{
    static char buffers[8][256];
    static int next;
    char *p = buffers[next++ % 8];

    snprintf(p, 256, "%s/%s", workdir, name);
    return p;
}

/* Run the generator with up to 8 arguments (NULL-terminated); stderr goes
 * to workdir/stderr.  Returns the exit status. */
static int run(const char *arg, ...)
{
    const char *argv[10] = { generator };
    int argc = 1, status;
    va_list args;
    pid_t pid;

    va_start(args, arg);
    for (; arg != NULL && argc < 9; arg = va_arg(args, const char *))
        argv[argc++] = arg;
    va_end(args);
    argv[argc] = NULL;

    pid = fork();
    ck_assert_msg(pid >= 0, "fork failed");
    if (pid == 0) {
        if (freopen(path("stderr"), "w", stderr) == NULL || freopen(path("stdout"), "w", stdout) == NULL)
            _exit(126);
        execv(generator, (char *const *)argv);
        _exit(127);
    }
    ck_assert_msg(waitpid(pid, &status, 0) == pid, "waitpid failed");
    ck_assert_msg(WIFEXITED(status), "the generator died (status %d)", status);
    return WEXITSTATUS(status);
}

/* Whole file into a NUL-terminated buffer; NULL if it cannot be read. */
static char *slurp(const char *file)
{
    FILE *in = fopen(file, "rb");
    char *text;
    long size;

    if (in == NULL)
        return NULL;
    fseek(in, 0, SEEK_END);
    size = ftell(in);
    rewind(in);
    text = malloc((size_t)size + 1);
    ck_assert_ptr_nonnull(text);
    ck_assert_uint_eq(fread(text, 1, (size_t)size, in), (size_t)size);
    text[size] = '\0';
    fclose(in);
    return text;
}

static void spill(const char *file, const char *text)
{
    FILE *out = fopen(file, "wb");

    ck_assert_ptr_nonnull(out);
    ck_assert_int_eq(fputs(text, out) >= 0, 1);
    ck_assert_int_eq(fclose(out), 0);
}

static int exists(const char *file)
{
    struct stat st;

    return stat(file, &st) == 0;
}

/* The generated file after its provenance comment. */
static const char *body(const char *text)
{
    const char *start = strstr(text, "#include");

    ck_assert_ptr_nonnull(start);
    return start;
}

START_TEST(same_seed_same_bytes)
{
    char *first, *second;

    ck_assert_int_eq(run("--seed=12345", "-o", path("a.c"), NULL), 0);
    ck_assert_int_eq(run("--seed", "12345", "--output", path("b.c"), NULL), 0);
    first = slurp(path("a.c"));
    second = slurp(path("b.c"));
    ck_assert_ptr_nonnull(first);
    ck_assert_ptr_nonnull(second);
    ck_assert_msg(strcmp(first, second) == 0, "two runs with seed 12345 differ");
    ck_assert_msg(strstr(first, "seed 0x3039") != NULL, "provenance does not name the seed");
    ck_assert_msg(strstr(first, "total 107648") != NULL, "provenance lacks the entry count");
    free(first);
    free(second);
}
END_TEST

START_TEST(other_seed_other_magics)
{
    char *first, *second;

    ck_assert_int_eq(run("--seed=1", "-d", path("1.txt"), NULL), 0);
    ck_assert_int_eq(run("--seed=2", "-d", path("2.txt"), NULL), 0);
    first = slurp(path("1.txt"));
    second = slurp(path("2.txt"));
    ck_assert_msg(strcmp(strstr(first, "rook"), strstr(second, "rook")) != 0,
                  "seeds 1 and 2 found the same magics");
    free(first);
    free(second);
}
END_TEST

START_TEST(dumped_magics_reload_to_the_same_table)
{
    char *searched, *loaded;

    ck_assert_int_eq(run("--seed=7", "-o", path("searched.c"), "-d", path("m.txt"), NULL), 0);
    ck_assert_int_eq(run("--magics", path("m.txt"), "-o", path("loaded.c"), NULL), 0);
    searched = slurp(path("searched.c"));
    loaded = slurp(path("loaded.c"));
    ck_assert_msg(strcmp(body(searched), body(loaded)) == 0,
                  "tables from the dumped magics differ from the searched ones");
    ck_assert_msg(strstr(loaded, "file ") != NULL, "provenance does not name the magics file");
    free(searched);
    free(loaded);
}
END_TEST

START_TEST(magic32_magics_round_trip)
{
    char *searched, *loaded, *err;

    ck_assert_int_eq(run("--flavour=magic32", "--seed=9", "-o", path("s.c"), "-d", path("m.txt"),
                         NULL), 0);
    ck_assert_int_eq(run("--flavour=magic32", "--magics", path("m.txt"), "-o", path("l.c"), NULL),
                     0);
    searched = slurp(path("s.c"));
    loaded = slurp(path("l.c"));
    ck_assert_msg(strstr(searched, "flavour:  magic32") != NULL, "provenance does not say magic32");
    ck_assert_msg(strcmp(body(searched), body(loaded)) == 0,
                  "magic32 tables from the dumped magics differ from the searched ones");
    /* magic32 halves are not fancy magics: the file says which it holds */
    ck_assert_int_eq(run("--flavour=fancy", "--magics", path("m.txt"), "-o", path("f.c"), NULL), 1);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "for flavour 'magic32', not 'fancy'") != NULL, "%s", err);
    ck_assert(!exists(path("f.c")));
    free(searched);
    free(loaded);
    free(err);
}
END_TEST

/* black: the shipped set loads, verifies and packs into fewer entries;
 * the packed set, dumped, reloads to the same table. */
START_TEST(black_repacks_the_published_set)
{
    const char *published = getenv("MBB_BLACK_MAGICS");
    unsigned long loaded = 0, packed = 0;
    char *out, *first, *again;

    ck_assert_msg(published != NULL, "MBB_BLACK_MAGICS must name the shipped set");
    ck_assert_int_eq(run("--flavour=black", "--magics", published, "-o", path("b.c"), "-d",
                         path("packed.txt"), NULL), 0);
    out = slurp(path("stdout"));
    ck_assert_msg(sscanf(out, "magicbb-gen: black: packed the loaded layout of %lu entries into %lu",
                         &loaded, &packed) == 2, "no packing report: '%s'", out);
    ck_assert_uint_eq(loaded, 87988);
    ck_assert_msg(packed < loaded, "packed %lu, loaded %lu", packed, loaded);
    ck_assert_int_eq(run("--flavour=black", "--magics", path("packed.txt"), "-o", path("b2.c"), NULL), 0);
    first = slurp(path("b.c"));
    again = slurp(path("b2.c"));
    ck_assert_msg(strcmp(body(first), body(again)) == 0, "the packed set reloads to other tables");
    /* black never searches */
    ck_assert_int_eq(run("--flavour=black", "-o", path("x.c"), NULL), 2);
    ck_assert(!exists(path("x.c")));
    free(out);
    free(first);
    free(again);
}
END_TEST

START_TEST(pext_needs_no_magics)
{
    char *text;

    ck_assert_int_eq(run("--flavour=pext", "-o", path("p.c"), NULL), 0);
    text = slurp(path("p.c"));
    ck_assert_msg(strstr(text, "flavour:  pext") != NULL, "provenance does not say pext");
    free(text);
    ck_assert_int_eq(run("--flavour=pext", "--seed=3", "-o", path("q.c"), NULL), 2);
    ck_assert(!exists(path("q.c")));
}
END_TEST

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
    { "too few fields", "rook   a2  0x", "rook a2 0x1\nrook   a2  0x", 12, "expected 4 fields" },
    { "unknown piece", "rook   b1", "queen  b1", 5, "unknown piece 'queen'" },
    { "unknown square", "rook   c1", "rook   i9", 6, "unknown square 'i9'" },
    { "bad hex", "bishop a1  0x", "bishop a1  0xg", 68, "bad magic" },
    { "too many fields", "rook   a1  0x", "rook   a1  13 ", 4, "found more than 4" },
    { "duplicate", "rook   h1", "rook   g1", 11, "duplicate entry for rook g1 (first on line 10)" },
    { "missing", "bishop h8", "# bishop h8", 0, "no entry for bishop h8" },
    { "wrong flavour", "# flavour: fancy", "# flavour: black", 2, "for flavour 'black', not 'fancy'" },
    /* rook a1 has 12 relevant squares */
    { "too many index bits", "12\nrook   b1", "13\nrook   b1", 4,
      "index bits '13' for rook a1 out of range (1 to 12)" },
    { "no index bits", "12\nrook   b1", "0\nrook   b1", 4, "out of range" },
    /* fewer bits than a square needs must collide, not pass */
    { "too few index bits", "12\nrook   b1", "9\nrook   b1", 4, "rook a1: the magic collides" },
    { "collision", "rook   e4  0x", "rook   e4  0x0000000000000003 10 #", 32, "collides" },
};

/* Replace the first occurrence of find in text; the result is malloc'd. */
static char *spoil(const char *text, const char *find, const char *replace)
{
    const char *at = strstr(text, find);
    size_t head, length;
    char *out;

    ck_assert_msg(at != NULL, "'%s' not in the good file", find);
    head = (size_t)(at - text);
    length = strlen(text) - strlen(find) + strlen(replace);
    out = malloc(length + 1);
    ck_assert_ptr_nonnull(out);
    memcpy(out, text, head);
    strcpy(out + head, replace);
    strcat(out, at + strlen(find));
    return out;
}

static unsigned count_lines(const char *text)
{
    unsigned n = 0;

    for (; *text != '\0'; text++)
        n += *text == '\n';
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
    ck_assert_msg(!exists(path("out.c.tmp")), "a temporary file was left behind");
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
    const char *published = getenv("MBB_BLACK_MAGICS");
    char *good, *text;
    char *eol;
    size_t cut;

    ck_assert_msg(published != NULL, "MBB_BLACK_MAGICS must name the shipped set");
    good = slurp(published);
    /* rook a1 without its offset */
    text = spoil(good, "0x80280013ff84ffff  12  10890", "0x80280013ff84ffff  12");
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", 16, "expected 5 fields (piece square magic bits offset)");
    free(text);
    text = spoil(good, "0x80280013ff84ffff  12  10890", "0x80280013ff84ffff  11  10890");
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", 16, "index bits '11' for rook a1: black uses 12");
    free(text);
    /* rook b1 moved onto rook a1's slice */
    text = spoil(good, "0x5ffbfefdfef67fff  12  50579", "0x5ffbfefdfef67fff  12  10890");
    spill(path("bad.txt"), text);
    expect_rejected_as(path("bad.txt"), "black", 0, "which rook a1");
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

    ck_assert_int_eq(run("--seed=7", "-d", path("good.txt"), NULL), 0);
    good = slurp(path("good.txt"));
    ck_assert_uint_eq(count_lines(good), 131);
    text = spoil(good, bad->find, bad->replace);
    spill(path("bad.txt"), text);
    expect_rejected(path("bad.txt"), bad->line != 0 ? (unsigned)bad->line : count_lines(text),
                    bad->message);
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

START_TEST(unwritable_output_is_reported)
{
    char *err;

    ck_assert_int_eq(run("-o", path("no-such-dir/t.c"), NULL), 1);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "cannot create") != NULL, "%s", err);
    free(err);
}
END_TEST

static Suite *generator_suite(void)
{
    Suite *s = suite_create("generator");
    TCase *output = tcase_create("output");
    TCase *input = tcase_create("bad input");

    tcase_add_checked_fixture(output, setup, teardown);
    tcase_add_checked_fixture(input, setup, teardown);
    tcase_add_test(output, same_seed_same_bytes);
    tcase_add_test(output, other_seed_other_magics);
    tcase_add_test(output, dumped_magics_reload_to_the_same_table);
    tcase_add_test(output, magic32_magics_round_trip);
    tcase_add_test(output, black_repacks_the_published_set);
    tcase_add_test(output, pext_needs_no_magics);
    tcase_add_loop_test(input, bad_magics_file_is_rejected, 0,
                        (int)(sizeof bad_files / sizeof bad_files[0]));
    tcase_add_test(input, overlong_line_is_rejected);
    tcase_add_test(input, unreadable_file_is_rejected);
    tcase_add_test(input, usage_errors);
    tcase_add_test(input, unwritable_output_is_reported);
    tcase_add_test(input, bad_black_files_are_rejected);
    tcase_set_timeout(output, 60);
    tcase_set_timeout(input, 60);
    suite_add_tcase(s, output);
    suite_add_tcase(s, input);
    return s;
}

int main(void)
{
    return run_suite(generator_suite());
}
