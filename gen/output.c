/* SPDX-License-Identifier: MIT */
/* output.c - diagnostics and atomic output files. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "escape.h"
#include "output.h"

FILE *report_stream;

void vreport(const char *file, unsigned line, const char *format, va_list args)
{
    FILE *out = report_stream != NULL ? report_stream : stderr;
    char message[4096];

    /* A message cut at the buffer's end may split a UTF-8 character:
     * escape_text then prints the stray bytes as \xNN. */
    vsnprintf(message, sizeof message, format, args);
    fputs("magicbb-gen: ", out);
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

enum { LIVE_MAX = 8 };
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

static void track(char *name)
{
    static int handlers;

    if (!handlers) {
        static const int signals[] = { SIGINT, SIGTERM, SIGHUP };

        for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
            if (signal(signals[i], remove_live) == SIG_IGN)
                signal(signals[i], SIG_IGN); /* stay ignored, as under nohup */
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

static void untrack(const char *name)
{
    for (int i = 0; i < LIVE_MAX; i++) {
        if (live[i] == name)
            live[i] = NULL;
    }
}

/* A new file PATH.XXXXXX beside path; its name is malloc'd.  NULL with
 * errno set on failure. */
static char *unique_beside(const char *path, int *fd)
{
    const size_t length = strlen(path);
    char *name = malloc(length + sizeof ".XXXXXX");

    if (name == NULL)
        return NULL;
    memcpy(name, path, length);
    memcpy(name + length, ".XXXXXX", sizeof ".XXXXXX");
    *fd = mkstemp(name);
    if (*fd < 0) {
        int saved = errno;

        free(name);
        errno = saved;
        return NULL;
    }
    track(name);
    return name;
}

static void forget(char **name, int remove_it)
{
    if (*name == NULL)
        return;
    if (remove_it)
        unlink(*name);
    untrack(*name);
    free(*name);
    *name = NULL;
}

int outfile_open(struct outfile *out, const char *path)
{
    mode_t mask = umask(0);
    int fd;

    umask(mask);
    out->path = path;
    out->stream = NULL;
    out->backup_path = NULL;
    out->had_old = 0;
    out->temp_path = unique_beside(path, &fd);
    if (out->temp_path == NULL) {
        report(path, 0, "cannot create a temporary file beside it: %s", strerror(errno));
        return -1;
    }
    /* mkstemp makes the file private; give the output the usual mode. */
    if (fchmod(fd, 0666 & ~mask) != 0 || (out->stream = fdopen(fd, "w")) == NULL) {
        report(out->temp_path, 0, "cannot create: %s", strerror(errno));
        close(fd);
        forget(&out->temp_path, 1);
        return -1;
    }
    return 0;
}

void outfile_abandon(struct outfile *out)
{
    if (out->stream != NULL)
        fclose(out->stream);
    out->stream = NULL;
    forget(&out->temp_path, 1);
    forget(&out->backup_path, 1);
}

/* Give the file at out->path a second name (a hard link), to put it
 * back if a later rename fails: the old file stays whole under its own
 * name throughout.  0 if there is no old file, or it was kept, or the
 * file system has no hard links (then it cannot be put back). */
static int keep_old(struct outfile *out)
{
    struct stat st;
    int fd;

    out->had_old = 0;
    if (lstat(out->path, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return -1;
    }
    out->had_old = 1;
    out->backup_path = unique_beside(out->path, &fd);
    if (out->backup_path == NULL)
        return -1;
    close(fd);
    if (unlink(out->backup_path) != 0)
        return -1;
    if (link(out->path, out->backup_path) != 0) {
        int saved = errno;

        forget(&out->backup_path, 0);
        errno = saved;
        return saved == EPERM || saved == ENOTSUP || saved == EOPNOTSUPP || saved == EMLINK ? 0
                                                                                           : -1;
    }
    return 0;
}

int outfiles_commit(struct outfile *files[], int count)
{
    int failed = -1, saved = 0, renamed = 0;

    for (int i = 0; i < count && failed < 0; i++) {
        struct outfile *out = files[i];
        int bad = fflush(out->stream) != 0 || ferror(out->stream);

        saved = errno;
        if (fclose(out->stream) != 0 && !bad) {
            bad = 1;
            saved = errno;
        }
        out->stream = NULL;
        if (bad)
            failed = i;
    }
    for (int i = 0; i < count && failed < 0; i++) {
        if (keep_old(files[i]) != 0 || rename(files[i]->temp_path, files[i]->path) != 0) {
            saved = errno;
            failed = i;
            break;
        }
        untrack(files[i]->temp_path);
        free(files[i]->temp_path);
        files[i]->temp_path = NULL;
        renamed++;
    }
    if (failed >= 0) {
        report(files[failed]->path, 0, "cannot write: %s", strerror(saved));
        /* Put back what was renamed already: the old file, or none. */
        for (int i = 0; i < renamed; i++) {
            if (files[i]->backup_path != NULL)
                rename(files[i]->backup_path, files[i]->path);
            else if (!files[i]->had_old)
                unlink(files[i]->path);
        }
    }
    for (int i = 0; i < count; i++) {
        if (files[i]->stream != NULL)
            fclose(files[i]->stream);
        files[i]->stream = NULL;
        forget(&files[i]->temp_path, 1);
        forget(&files[i]->backup_path, 1);
    }
    return failed >= 0 ? -1 : 0;
}
