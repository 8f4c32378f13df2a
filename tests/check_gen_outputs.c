/* SPDX-License-Identifier: MIT */
/* check_gen_outputs.c - the generator's outputs: written whole or not
 * at all, together, by runs at once too; standard output, devices, FIFOs
 * and links written through; read-only files and unwritable places
 * refused.  (The runs load fancy's shipped magics where what they test is
 * the output: a search takes three times as long.) */
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

START_TEST(unwritable_output_is_reported)
{
    char *err;

    ck_assert_int_eq(run("--magics", shipped("fancy"), "-o", path("no-such-dir/t.c"), NULL), 1);
    err = slurp(path("stderr"));
    ck_assert_msg(strstr(err, "cannot create") != NULL, "%s", err);
    free(err);
}
END_TEST

/* A --magics path lands in comments of both outputs: escaped there, it
 * can neither end the C comment nor add a line. */
START_TEST(paths_cannot_break_the_outputs)
{
    char *good = good_file(), *c_file, *dump, *magics_line, *end;
    const char *odd = path("odd */ int injected; \n#error x\n.txt");

    ck_assert_int_eq(mkdir(path("odd *"), 0755), 0);
    spill(odd, good);
    ck_assert_int_eq(run("--magics", odd, "-o", path("t.c"), "-d", path("again.txt"), NULL), 0);
    c_file = slurp(path("t.c"));
    /* the provenance comment ends where the generator ends it */
    end = strstr(c_file, "*/");
    ck_assert_ptr_nonnull(end);
    ck_assert_msg(strncmp(end, "*/\n#include", 11) == 0, "the comment ends early: '%.40s'", end);
    magics_line = strstr(c_file, " *   magics:   file ");
    ck_assert_ptr_nonnull(magics_line);
    ck_assert_msg(strncmp(strchr(magics_line, '\n'), "\n *   entries:", 14) == 0,
                  "the path broke the magics line");
    ck_assert_msg(strstr(magics_line, "odd \\x2a/ int") != NULL, "'%.80s'", magics_line);
    /* the dump reloads, so the path added no line to it */
    dump = slurp(path("again.txt"));
    ck_assert_msg(strstr(dump, "\n#error") == NULL, "the path added a line to the dump");
    ck_assert_int_eq(run("--magics", path("again.txt"), "-o", path("t2.c"), NULL), 0);
    free(c_file);
    free(dump);
    free(good);
}
END_TEST

/* --dump-magics with --output: both written, or neither changed. */
START_TEST(outputs_change_together_or_not_at_all)
{
    char *dump;

    spill(path("dump.txt"), "old dump\n");
    /* the output cannot even be created */
    ck_assert_int_eq(
        run("--magics", shipped("fancy"), "-d", path("dump.txt"), "-o", path("no-dir/t.c"), NULL),
        1);
    dump = slurp(path("dump.txt"));
    ck_assert_str_eq(dump, "old dump\n");
    free(dump);
    /* it is created but cannot take the place of a directory */
    ck_assert_int_eq(mkdir(path("t.c"), 0755), 0);
    ck_assert_int_eq(
        run("--magics", shipped("fancy"), "-d", path("dump.txt"), "-o", path("t.c"), NULL), 1);
    dump = slurp(path("dump.txt"));
    ck_assert_str_eq(dump, "old dump\n");
    free(dump);
    ck_assert_msg(leftover("dump.txt") == NULL, "left behind: %s", leftover("dump.txt"));
    ck_assert_msg(leftover("t.c") == NULL, "left behind: %s", leftover("t.c"));
    /* and when all is well, both are written */
    ck_assert_int_eq(
        run("--magics", shipped("fancy"), "-d", path("dump.txt"), "-o", path("u.c"), NULL), 0);
    dump = slurp(path("dump.txt"));
    ck_assert_msg(strncmp(dump, "# magicbb magics v1", 19) == 0, "%.40s", dump);
    ck_assert(exists(path("u.c")));
    free(dump);
}
END_TEST

/* Start the generator in the background; its output goes nowhere. */
static pid_t start(const char *flavour, const char *output)
{
    pid_t pid = fork();

    ck_assert_msg(pid >= 0, "fork failed");
    if (pid == 0) {
        if (freopen("/dev/null", "w", stderr) == NULL || freopen("/dev/null", "w", stdout) == NULL)
            _exit(126);
        execl(generator, generator, flavour, "--sliders-only", "-o", output, (char *)NULL);
        _exit(127);
    }
    return pid;
}

static int finish(pid_t pid)
{
    int status;

    ck_assert_msg(waitpid(pid, &status, 0) == pid, "waitpid failed");
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* Runs at once on one output: each that exits 0 renamed a complete file
 * of its own, so the output is one of them whole.  (Two rounds in make
 * check, eight in make check-slow; the same for the outputs kept
 * together, below.) */
START_TEST(concurrent_runs_leave_a_whole_file)
{
    const int rounds = check_slow() ? 8 : 2;
    char *pext, *plain;

    ck_assert_int_eq(run("--flavour=pext", "--sliders-only", "-o", path("pext.c"), NULL), 0);
    ck_assert_int_eq(run("--flavour=plain", "--sliders-only", "-o", path("plain.c"), NULL), 0);
    pext = slurp(path("pext.c"));
    plain = slurp(path("plain.c"));
    for (int round = 0; round < rounds; round++) {
        pid_t a = start("--flavour=pext", path("out.c")),
              b = start("--flavour=plain", path("out.c"));
        pid_t c = start("--flavour=pext", path("out.c"));
        char *out;

        ck_assert_int_eq(finish(a), 0);
        ck_assert_int_eq(finish(b), 0);
        ck_assert_int_eq(finish(c), 0);
        out = slurp(path("out.c"));
        ck_assert_msg(strcmp(out, pext) == 0 || strcmp(out, plain) == 0,
                      "round %d: the output is a mix of runs (%zu bytes)", round, strlen(out));
        ck_assert_msg(leftover("out.c") == NULL, "left behind: %s", leftover("out.c"));
        free(out);
    }
    free(pext);
    free(plain);
}
END_TEST

/* "-" is standard output: no file called "-" anywhere. */
START_TEST(dash_is_standard_output)
{
    char *out;

    ck_assert_int_eq(run("--magics", shipped("fancy"), "-d", "-", NULL), 0);
    ck_assert_msg(!exists("-"), "a file called '-' was written");
    if (exists("-"))
        unlink("-");
    out = slurp(path("stdout"));
    ck_assert_msg(strncmp(out, "# magicbb magics v1", 19) == 0, "stdout: '%.40s'", out);
    free(out);
    ck_assert_int_eq(run("--flavour=hq", "--sliders-only", "-o", "-", NULL), 0);
    ck_assert(!exists("-"));
    out = slurp(path("stdout"));
    ck_assert_msg(strstr(out, "flavour:  hq") != NULL, "stdout: '%.80s'", out);
    free(out);
    /* one stream cannot take both */
    ck_assert_int_eq(run("--magics", shipped("fancy"), "-d", "-", "-o", "-", NULL), 2);
    expect_error("name the same file");
    spill(path("same.txt"), "old\n");
    ck_assert_int_eq(symlink("same.txt", path("alias.txt")), 0);
    ck_assert_int_eq(
        run("--magics", shipped("fancy"), "-d", path("same.txt"), "-o", path("alias.txt"), NULL),
        2);
    expect_error("name the same file");
}
END_TEST

/* Devices are written through, never replaced; a write error (ENOSPC on
 * a copy of /dev/full) is one line, status 1, and no other output. */
START_TEST(devices_are_written_through)
{
    struct stat st;

    if (geteuid() != 0) {
        printf("# devices_are_written_through: skipped, mknod needs root\n");
        return;
    }
    ck_assert_int_eq(mknod(path("null"), S_IFCHR | 0666, makedev(1, 3)), 0);
    ck_assert_int_eq(mknod(path("full"), S_IFCHR | 0666, makedev(1, 7)), 0);
    ck_assert_int_eq(
        run("--magics", shipped("fancy"), "-o", path("null"), "-d", path("m.txt"), NULL), 0);
    ck_assert_int_eq(lstat(path("null"), &st), 0);
    ck_assert_msg(S_ISCHR(st.st_mode), "the device was replaced");
    ck_assert(exists(path("m.txt")));
    ck_assert_int_eq(
        run("--magics", shipped("fancy"), "-o", path("full"), "-d", path("n.txt"), NULL), 1);
    expect_error("full: cannot write: No space left on device");
    ck_assert_int_eq(lstat(path("full"), &st), 0);
    ck_assert_msg(S_ISCHR(st.st_mode), "the device was replaced");
    ck_assert_msg(!exists(path("n.txt")), "the other output was written");
    ck_assert_msg(leftover("n.txt") == NULL, "left behind: %s", leftover("n.txt"));
    ck_assert_msg(leftover("full") == NULL, "left behind: %s", leftover("full"));
}
END_TEST

/* A FIFO is opened and written, not replaced. */
START_TEST(fifos_are_written_through)
{
    struct stat st;
    char *got;
    pid_t reader;

    ck_assert_int_eq(mkfifo(path("fifo"), 0644), 0);
    reader = fork();
    ck_assert_msg(reader >= 0, "fork failed");
    if (reader == 0) {
        FILE *in = fopen(path("fifo"), "rb"), *out = fopen(path("read.txt"), "wb");
        int c;

        if (in == NULL || out == NULL)
            _exit(1);
        while ((c = getc(in)) != EOF)
            putc(c, out);
        _exit(fclose(out) != 0);
    }
    ck_assert_int_eq(run("--magics", shipped("fancy"), "-d", path("fifo"), NULL), 0);
    ck_assert_int_eq(finish(reader), 0);
    ck_assert_int_eq(lstat(path("fifo"), &st), 0);
    ck_assert_msg(S_ISFIFO(st.st_mode), "the FIFO was replaced");
    got = slurp(path("read.txt"));
    ck_assert_msg(strncmp(got, "# magicbb magics v1", 19) == 0, "read: '%.40s'", got);
    free(got);
}
END_TEST

/* A symbolic link stays a link: the file it points to is written; a link
 * to nothing is refused and nothing is created. */
START_TEST(links_write_their_target)
{
    struct stat st;
    char *text;

    ck_assert_int_eq(mkdir(path("real"), 0755), 0);
    spill(path("real/t.c"), "old\n");
    ck_assert_int_eq(symlink("real/t.c", path("link.c")), 0);
    ck_assert_int_eq(run("--flavour=hq", "-o", path("link.c"), NULL), 0);
    ck_assert_int_eq(lstat(path("link.c"), &st), 0);
    ck_assert_msg(S_ISLNK(st.st_mode), "the link was replaced by a file");
    text = slurp(path("real/t.c"));
    ck_assert_msg(strstr(text, "flavour:  hq") != NULL, "the target was not written");
    free(text);
    ck_assert_msg(leftover("link.c") == NULL, "left behind: %s", leftover("link.c"));
    ck_assert_int_eq(symlink("nowhere.c", path("dangling.c")), 0);
    ck_assert_int_eq(run("--flavour=hq", "-o", path("dangling.c"), NULL), 1);
    expect_error("dangling.c: is a symbolic link to no file");
    ck_assert(!exists(path("nowhere.c")));
    ck_assert_int_eq(lstat(path("dangling.c"), &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
}
END_TEST

/* A file without write permission is not replaced, even by root; a
 * replaced file keeps its mode. */
START_TEST(read_only_files_are_refused)
{
    struct stat st;
    char *text;

    spill(path("ro.c"), "keep\n");
    ck_assert_int_eq(chmod(path("ro.c"), 0444), 0);
    ck_assert_int_eq(run("--flavour=hq", "-o", path("ro.c"), NULL), 1);
    expect_error("ro.c: is read-only");
    text = slurp(path("ro.c"));
    ck_assert_str_eq(text, "keep\n");
    free(text);
    ck_assert_msg(leftover("ro.c") == NULL, "left behind: %s", leftover("ro.c"));
    spill(path("private.c"), "old\n");
    ck_assert_int_eq(chmod(path("private.c"), 0600), 0);
    ck_assert_int_eq(run("--flavour=hq", "-o", path("private.c"), NULL), 0);
    ck_assert_int_eq(stat(path("private.c"), &st), 0);
    ck_assert_msg((st.st_mode & 07777) == 0600, "mode %o, not 600", (unsigned)(st.st_mode & 07777));
    ck_assert_int_eq(run("--flavour=hq", "-o", "", NULL), 1);
    expect_error("file name is empty");
}
END_TEST

static const char *const run_flavours[3] = { "fancy", "black", "white" };

/* Which of run_flavours a generated file is of (the tables' provenance
 * comment, the magics' "# flavour:" line): its index, or -1 where it
 * names none or several. */
static int flavour_named(const char *file)
{
    char *text = slurp(file);
    int named = -1;

    ck_assert_ptr_nonnull(text);
    for (int i = 0; i < 3; i++) {
        char table[64], magics[64];

        snprintf(table, sizeof table, " *   flavour:  %s\n", run_flavours[i]);
        snprintf(magics, sizeof magics, "# flavour: %s\n", run_flavours[i]);
        if (strstr(text, table) != NULL || strstr(text, magics) != NULL)
            named = named == -1 ? i : -2;
    }
    free(text);
    return named < 0 ? -1 : named;
}

/* Runs at once on the same two outputs: the tables and the magics dump
 * always come from one run.  (Each run loads a flavour's shipped magics,
 * its own flavour, so the outputs differ in size and text; a load costs
 * a third of a search.) */
START_TEST(concurrent_runs_keep_outputs_together)
{
    const int rounds = check_slow() ? 6 : 2;
    char sets[3][512];

    for (int i = 0; i < 3; i++)
        snprintf(sets[i], sizeof sets[i], "%s", shipped(run_flavours[i]));
    for (int round = 0; round < rounds; round++) {
        pid_t pids[3];

        for (int i = 0; i < 3; i++) {
            pids[i] = fork();
            ck_assert_msg(pids[i] >= 0, "fork failed");
            if (pids[i] == 0) {
                char flavour[32];

                snprintf(flavour, sizeof flavour, "--flavour=%s", run_flavours[i]);
                if (freopen("/dev/null", "w", stderr) == NULL)
                    _exit(126);
                execl(generator, generator, flavour, "--magics", sets[i], "--sliders-only", "-o",
                      path("t.c"), "-d", path("m.txt"), (char *)NULL);
                _exit(127);
            }
        }
        for (int i = 0; i < 3; i++)
            ck_assert_int_eq(finish(pids[i]), 0);
        ck_assert_msg(flavour_named(path("t.c")) >= 0
                          && flavour_named(path("t.c")) == flavour_named(path("m.txt")),
                      "round %d: tables of run %d beside magics of run %d", round,
                      flavour_named(path("t.c")), flavour_named(path("m.txt")));
    }
}
END_TEST

static Suite *outputs_suite(void)
{
    Suite *s = suite_create("generator outputs");
    TCase *t = tcase_create("outputs");

    tcase_add_checked_fixture(t, setup, teardown);
    tcase_add_test(t, unwritable_output_is_reported);
    tcase_add_test(t, paths_cannot_break_the_outputs);
    tcase_add_test(t, outputs_change_together_or_not_at_all);
    tcase_add_test(t, concurrent_runs_leave_a_whole_file);
    tcase_add_test(t, dash_is_standard_output);
    tcase_add_test(t, devices_are_written_through);
    tcase_add_test(t, fifos_are_written_through);
    tcase_add_test(t, links_write_their_target);
    tcase_add_test(t, read_only_files_are_refused);
    tcase_add_test(t, concurrent_runs_keep_outputs_together);
    tcase_set_timeout(t, 60);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    return run_suite(outputs_suite());
}
