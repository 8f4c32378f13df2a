/* SPDX-License-Identifier: MIT */
/* output.c - diagnostics and atomic output files. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* flock */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "output.h"

FILE *report_stream;
const char *report_program = "magicbb-gen";

void vreport(const char *file, unsigned line, const char *format, va_list args)
{
    FILE *out = report_stream != NULL ? report_stream : stderr;
    char message[4096];

    /* A message cut at the buffer's end may split a UTF-8 character:
     * escape_text then prints the stray bytes as \xNN. */
    vsnprintf(message, sizeof message, format, args);
    fprintf(out, "%s: ", report_program);
    if (file != NULL) {
        escape_text(out, file, ESCAPE_MESSAGE);
        if (line != 0)
            fprintf(out, ":%u", line);
        fputs(": ", out);
    }
    escape_text(out, message, ESCAPE_MESSAGE);
    fputc('\n', out);
    fflush(out);
}

void report(const char *file, unsigned line, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vreport(file, line, format, args);
    va_end(args);
}

/* ---- Temporary files, removed if a signal ends the run ---------------- */

static const int fatal_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE };
enum { FATAL_COUNT = sizeof fatal_signals / sizeof fatal_signals[0], LIVE_MAX = 8 };
static char *volatile live[LIVE_MAX];

static void remove_live(int sig)
{
    for (int i = 0; i < LIVE_MAX; i++) {
        if (live[i] != NULL)
            unlink(live[i]);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void fatal_set(sigset_t *set)
{
    sigemptyset(set);
    for (int i = 0; i < FATAL_COUNT; i++)
        sigaddset(set, fatal_signals[i]);
}

static void track(char *name)
{
    static int handlers;

    if (!handlers) {
        for (int i = 0; i < FATAL_COUNT; i++) {
            struct sigaction action, old;

            memset(&action, 0, sizeof action);
            action.sa_handler = remove_live;
            fatal_set(&action.sa_mask);
            /* a signal ignored (as under nohup) stays ignored */
            if (sigaction(fatal_signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
                sigaction(fatal_signals[i], &action, NULL);
        }
        handlers = 1;
    }
    for (int i = 0; i < LIVE_MAX; i++) {
        if (live[i] == NULL) {
            live[i] = name;
            return;
        }
    }
}

static void forget(char **name, int remove_it)
{
    if (*name == NULL)
        return;
    if (remove_it)
        unlink(*name);
    for (int i = 0; i < LIVE_MAX; i++) {
        if (live[i] == *name)
            live[i] = NULL;
    }
    free(*name);
    *name = NULL;
}

/* ---- Opening ------------------------------------------------------------ */

static char *copy(const char *text)
{
    char *p = malloc(strlen(text) + 1);

    return p != NULL ? strcpy(p, text) : NULL;
}

/* A new file TARGET.XXXXXX with the given mode; 0, or -1 after a report. */
static int open_temp(struct outfile *out, mode_t mode)
{
    const size_t length = strlen(out->target);
    int fd;

    out->temp_path = malloc(length + sizeof ".XXXXXX");
    if (out->temp_path == NULL) {
        report(out->name, 0, "out of memory");
        return -1;
    }
    memcpy(out->temp_path, out->target, length);
    memcpy(out->temp_path + length, ".XXXXXX", sizeof ".XXXXXX");
    if ((fd = mkstemp(out->temp_path)) < 0) {
        report(out->name, 0, "cannot create a temporary file beside it: %s", strerror(errno));
        free(out->temp_path);
        out->temp_path = NULL;
        return -1;
    }
    track(out->temp_path);
    /* mkstemp makes the file private; give it the output's mode. */
    if (fchmod(fd, mode) != 0 || (out->stream = fdopen(fd, "w")) == NULL) {
        report(out->name, 0, "cannot create a temporary file beside it: %s", strerror(errno));
        close(fd);
        forget(&out->temp_path, 1);
        return -1;
    }
    return 0;
}

int outfile_open(struct outfile *out, const char *name)
{
    struct stat st;
    mode_t mask = umask(0);
    int fd;

    umask(mask);
    out->name = name;
    out->stream = NULL;
    out->target = NULL;
    out->temp_path = NULL;
    if (strcmp(name, "-") == 0) {
        out->stream = stdout;
        return 0;
    }
    if (name[0] == '\0') {
        report(NULL, 0, "an output's file name is empty");
        return -1;
    }
    if (lstat(name, &st) != 0) {
        if (errno != ENOENT) {
            report(name, 0, "cannot write: %s", strerror(errno));
            return -1;
        }
        if ((out->target = copy(name)) == NULL) {
            report(name, 0, "out of memory");
            return -1;
        }
        return open_temp(out, 0666 & ~mask);
    }
    if (S_ISLNK(st.st_mode)) {
        /* the file it points to, never a regular file in its place */
        if ((out->target = realpath(name, NULL)) == NULL || stat(out->target, &st) != 0) {
            report(name, 0, "is a symbolic link to no file (%s); give the file it should point"
                   " to, or remove the link", strerror(errno));
            free(out->target);
            out->target = NULL;
            return -1;
        }
    } else if ((out->target = copy(name)) == NULL) {
        report(name, 0, "out of memory");
        return -1;
    }
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISFIFO(st.st_mode)) {
        if ((fd = open(out->target, O_WRONLY | O_NOCTTY)) < 0
            || (out->stream = fdopen(fd, "w")) == NULL) {
            report(name, 0, "cannot write: %s", strerror(errno));
            if (fd >= 0)
                close(fd);
        }
    } else if (S_ISDIR(st.st_mode)) {
        report(name, 0, "is a directory");
    } else if (!S_ISREG(st.st_mode)) {
        report(name, 0, "is not a regular file, a device or a FIFO");
    } else if ((st.st_mode & 0222) == 0 || access(out->target, W_OK) != 0) {
        report(name, 0, "is read-only: not replaced (make it writable, or remove it)");
    } else {
        return open_temp(out, st.st_mode & 07777);
    }
    if (out->stream == NULL) {
        free(out->target);
        out->target = NULL;
        return -1;
    }
    return 0;
}

int outfile_same(const char *a, const char *b)
{
    struct stat sa, sb;

    if (strcmp(a, b) == 0)
        return 1;
    if (strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
        return 0;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev
           && sa.st_ino == sb.st_ino;
}

void outfile_abandon(struct outfile *out)
{
    if (out->stream != NULL && out->stream != stdout)
        fclose(out->stream);
    out->stream = NULL;
    forget(&out->temp_path, 1);
    free(out->target);
    out->target = NULL;
}

/* ---- Committing --------------------------------------------------------- */

/* The directory that holds path, opened to be locked; -1 if it cannot
 * be, which only loses the serialisation of runs at once. */
static int open_directory_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir;
    int fd;

    if (slash == NULL)
        dir = copy(".");
    else if ((dir = malloc((size_t)(slash - path) + 2)) != NULL) {
        size_t length = slash == path ? 1 : (size_t)(slash - path);

        memcpy(dir, path, length);
        dir[length] = '\0';
    }
    if (dir == NULL)
        return -1;
    fd = open(dir, O_RDONLY);
    free(dir);
    return fd;
}

/* The directories of the outputs, each locked once (flock, released
 * when closed or when the process ends), in one order (device, inode)
 * so that two runs never wait on each other in a circle.  Their
 * descriptors are in locks[]; returns how many. */
static int lock_directories(struct outfile *files[], int count, int locks[])
{
    struct stat st[8];
    int order[8], n = 0;

    for (int i = 0; i < count && n < 8; i++) {
        int fd;

        if (files[i]->temp_path == NULL || (fd = open_directory_of(files[i]->target)) < 0)
            continue;
        if (fstat(fd, &st[n]) != 0) {
            close(fd);
            continue;
        }
        locks[n] = fd;
        order[n] = n;
        n++;
    }
    for (int i = 1; i < n; i++) { /* insertion sort by (device, inode) */
        int j = i, k = order[i];

        while (j > 0
               && (st[order[j - 1]].st_dev > st[k].st_dev
                   || (st[order[j - 1]].st_dev == st[k].st_dev
                       && st[order[j - 1]].st_ino > st[k].st_ino))) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = k;
    }
    for (int i = 0; i < n; i++) {
        int k = order[i];

        if (i > 0 && st[k].st_dev == st[order[i - 1]].st_dev
            && st[k].st_ino == st[order[i - 1]].st_ino)
            continue; /* one directory: one lock */
        flock(locks[k], LOCK_EX);
    }
    return n;
}

int outfiles_commit(struct outfile *files[], int count)
{
    int failed = -1, saved = 0, locks[8], lock_count;
    sigset_t fatal, old;

    for (int i = 0; i < count; i++) {
        struct outfile *out = files[i];
        int bad = fflush(out->stream) != 0 || ferror(out->stream);

        if (bad)
            saved = errno;
        if (out->stream != stdout && fclose(out->stream) != 0 && !bad) {
            bad = 1;
            saved = errno;
        }
        out->stream = NULL;
        if (bad && failed < 0)
            failed = i;
    }
    if (failed >= 0) {
        report(files[failed]->name, 0, "cannot write: %s", strerror(saved));
        for (int i = 0; i < count; i++)
            outfile_abandon(files[i]);
        return -1;
    }
    lock_count = lock_directories(files, count, locks);
    fatal_set(&fatal);
    sigprocmask(SIG_BLOCK, &fatal, &old);
    for (int i = 0; i < count; i++) {
        struct outfile *out = files[i];

        if (out->temp_path != NULL && failed < 0 && rename(out->temp_path, out->target) != 0) {
            /* rare: the directory changed under the run */
            report(out->name, 0, "cannot write: %s%s", strerror(errno),
                   i > 0 ? " (the outputs before it were written)" : "");
            failed = i;
        }
        forget(&out->temp_path, failed >= 0);
        free(out->target);
        out->target = NULL;
    }
    for (int i = 0; i < lock_count; i++)
        close(locks[i]);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return failed >= 0 ? -1 : 0;
}
