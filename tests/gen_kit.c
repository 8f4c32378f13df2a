/* SPDX-License-Identifier: MIT */
/* gen_kit.c - running magicbb-gen and magicbb-search from a Check test:
 * a scratch directory per test, the program's exit status and stderr,
 * files in and out (gen_kit.h). */
#define _XOPEN_SOURCE 700
#include "gen_kit.h"

#include <check.h>
#include <dirent.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

char workdir[64];
const char *generator;

void setup(void)
{
    generator = getenv("MBB_GEN");
    ck_assert_msg(generator != NULL, "MBB_GEN must name the generator (make check sets it)");
    strcpy(workdir, "gen-test-XXXXXX");
    ck_assert_msg(mkdtemp(workdir) != NULL, "cannot create a work directory");
}

/* (nftw, not a shell's rm -rf: a test's two process starts fewer) */
static int remove_entry(const char *name, const struct stat *st, int flag, struct FTW *at)
{
    (void)st;
    (void)flag;
    (void)at;
    return remove(name) == 0 ? 0 : -1;
}

void teardown(void)
{
    if (nftw(workdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0)
        fprintf(stderr, "could not remove %s\n", workdir);
}

/* Whether make check-slow runs this (MBB_CHECK_SLOW set and not empty). */
int check_slow(void)
{
    const char *slow = getenv("MBB_CHECK_SLOW");

    return slow != NULL && *slow != '\0';
}

/* workdir/name, in a rotating set of buffers. */
const char *path(const char *name)
{
    static char buffers[8][256];
    static int next;
    char *p = buffers[next++ % 8];

    snprintf(p, 256, "%s/%s", workdir, name);
    return p;
}

/* Run program (the generator or the search) with up to 12 arguments
 * (NULL-terminated); stderr goes to workdir/stderr.  Returns the exit
 * status. */
int run_program(const char *program, const char *arg, ...)
{
    const char *argv[14] = { program };
    int argc = 1, status;
    va_list args;
    pid_t pid;

    va_start(args, arg);
    for (; arg != NULL && argc < 13; arg = va_arg(args, const char *))
        argv[argc++] = arg;
    va_end(args);
    argv[argc] = NULL;

    pid = fork();
    ck_assert_msg(pid >= 0, "fork failed");
    if (pid == 0) {
        if (freopen(path("stderr"), "w", stderr) == NULL
            || freopen(path("stdout"), "w", stdout) == NULL)
            _exit(126);
        execv(program, (char *const *)argv);
        _exit(127);
    }
    ck_assert_msg(waitpid(pid, &status, 0) == pid, "waitpid failed");
    ck_assert_msg(WIFEXITED(status), "%s died (status %d)", program, status);
    return WEXITSTATUS(status);
}
/* Whole file into a NUL-terminated buffer; NULL if it cannot be read. */
char *slurp(const char *file)
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

void spill(const char *file, const char *text)
{
    FILE *out = fopen(file, "wb");

    ck_assert_ptr_nonnull(out);
    ck_assert_int_eq(fputs(text, out) >= 0, 1);
    ck_assert_int_eq(fclose(out), 0);
}

int exists(const char *file)
{
    struct stat st;

    return stat(file, &st) == 0;
}

/* The shipped magics set of a flavour, from the source tree. */
const char *shipped(const char *flavour)
{
    static char buffer[512];
    const char *dir = getenv("MBB_MAGICS_DIR");

    ck_assert_msg(dir != NULL, "MBB_MAGICS_DIR must name gen/magics (make check sets it)");
    snprintf(buffer, sizeof buffer, "%s/%s.txt", dir, flavour);
    return buffer;
}

/* The run's stderr is one "PROGRAM: " line saying message (and, after a
 * usage error, the pointer to PROGRAM's --help), PROGRAM magicbb-gen or
 * magicbb-search. */
void expect_error(const char *message)
{
    char *err = slurp(path("stderr")), *eol = strchr(err, '\n'), try[128];
    const char *program = strncmp(err, "magicbb-gen: ", 13) == 0      ? "magicbb-gen"
                          : strncmp(err, "magicbb-search: ", 16) == 0 ? "magicbb-search"
                                                                      : NULL;

    ck_assert_msg(eol != NULL && program != NULL, "error '%s'", err);
    *eol = '\0';
    ck_assert_msg(strstr(err, message) != NULL, "error '%s' does not say '%s'", err, message);
    snprintf(try, sizeof try, "Try '%s --help' for more information.\n", program);
    ck_assert_msg(eol[1] == '\0' || strcmp(eol + 1, try) == 0, "error is not one line: '%s'",
                  eol + 1);
    free(err);
}

/* The magic and index bits a magics file gives piece (0 rook, 1 bishop)
 * on square sq. */
void magic_of(const char *text, int piece, int sq, unsigned long long *magic, unsigned *bits)
{
    char key[16];
    const char *at;

    snprintf(key, sizeof key, "\n%s %c%c ", piece == 0 ? "rook  " : "bishop", 'a' + sq % 8,
             '1' + sq / 8);
    at = strstr(text, key);
    ck_assert_msg(at != NULL, "%s missing", key + 1);
    ck_assert(sscanf(at + strlen(key), " 0x%llx %u", magic, bits) == 2);
}

/* Two magics files give piece (0 rook, 1 bishop) the same magics. */
void same_magics(const char *one, const char *other, int piece)
{
    for (int sq = 0; sq < 64; sq++) {
        unsigned long long ma, mb;
        unsigned ba, bb;

        magic_of(one, piece, sq, &ma, &ba);
        magic_of(other, piece, sq, &mb, &bb);
        ck_assert_msg(ma == mb, "%s %c%c: magic 0x%llx, and 0x%llx", piece == 0 ? "rook" : "bishop",
                      'a' + sq % 8, '1' + sq / 8, ma, mb);
    }
}

/* Replace the first occurrence of find in text; the result is malloc'd. */
char *spoil(const char *text, const char *find, const char *replace)
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

/* text, a magics file, with its entries' offsets (fifth fields) cut, in
 * place; text. */
char *without_offsets(char *text)
{
    char *from, *to;

    for (from = to = text; *from != '\0';) {
        const size_t length = strcspn(from, "\n");
        size_t keep = length;

        if (from[0] != '#') { /* up to the end of the fourth field */
            keep = 0;
            for (int field = 0; field < 4; field++) {
                keep += strspn(from + keep, " ");
                keep += strcspn(from + keep, " \n");
            }
        }
        memmove(to, from, keep);
        to += keep;
        from += length;
        if (*from == '\n')
            *to++ = *from++;
    }
    *to = '\0';
    return text;
}

/* A good fancy magics file (seed 7) in workdir/good.txt, its entries
 * without their offsets (the loader packs them again); malloc'd text.
 * The generator runs once a process: the tests that follow in it (all
 * of them, CK_FORK=no) are given a copy of its text. */
char *good_file(void)
{
    static char *made;
    char *text;

    if (made == NULL) {
        ck_assert_int_eq(run("--seed=7", "-d", path("good.txt"), NULL), 0);
        made = without_offsets(slurp(path("good.txt")));
    }
    text = malloc(strlen(made) + 1);
    ck_assert_ptr_nonnull(text);
    strcpy(text, made);
    spill(path("good.txt"), text);
    return text;
}

/* The generated file after its provenance comment. */
const char *body(const char *text)
{
    const char *start = strstr(text, "#include");

    ck_assert_ptr_nonnull(start);
    return start;
}

const char *leftover(const char *name)
{
    static char found[256];
    const size_t length = strlen(name);
    DIR *dir = opendir(workdir);
    struct dirent *entry;

    ck_assert_ptr_nonnull(dir);
    found[0] = '\0';
    while ((entry = readdir(dir)) != NULL) {
        if (strncmp(entry->d_name, name, length) == 0 && entry->d_name[length] != '\0') {
            snprintf(found, sizeof found, "%s", entry->d_name);
            break;
        }
    }
    closedir(dir);
    return found[0] != '\0' ? found : NULL;
}
