/* SPDX-License-Identifier: MIT */
/* output.c - diagnostics and atomic output files. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE 1 /* flock */
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

/* ---- Standard output ---------------------------------------------------- */

static int stdout_reported;      /* a failure of stdout already has its line */
static unsigned closed_at_start; /* bit fd: a standard descriptor the program found closed */

static void close_stdout(void)
{
    const int pending = ferror(stdout);
    int failed;

    errno = 0;
    failed = fclose(stdout) != 0;
    if ((pending || failed) && !stdout_reported)
        report(NULL, 0, "write error%s%s", errno != 0 ? ": " : "",
               errno != 0 ? strerror(errno) : "");
    if (pending || failed)
        _exit(1);
}

/* A file-size limit (RLIMIT_FSIZE, as batch schedulers set it) would
 * end the run by SIGXFSZ at the write that crosses it, leaving the
 * temporary file and no message.  Ignored where it has its default
 * action, the write fails with EFBIG instead, and the output's error
 * path reports it and removes the temporary file (a handler or SIG_IGN
 * of the program's, or inherited, stays). */
static void file_size_limit_reported(void)
{
#ifdef SIGXFSZ
    struct sigaction old;

    if (sigaction(SIGXFSZ, NULL, &old) == 0 && old.sa_handler == SIG_DFL
        && !(old.sa_flags & SA_SIGINFO))
        signal(SIGXFSZ, SIG_IGN);
#endif
}

void stdout_checked_at_exit(void)
{
    file_size_limit_reported();
    /* A standard descriptor that is closed gets /dev/null the other way
     * round: no file the program opens takes its number, and every write
     * to a closed stdout fails rather than vanish. */
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
            const int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);

            if (got >= 0 && got != fd)
                close(got);
            closed_at_start |= 1u << fd;
        }
    }
    atexit(close_stdout);
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

/* Each temporary file is tracked, and the handlers that remove them are
 * installed where a signal still has its default action.  A handler the
 * program set itself stays (the dense search's, which lets the run end
 * by writing its outputs: a signal then must not remove them), and so
 * does an ignored signal (as under nohup). */
static void track(char *name)
{
    for (int i = 0; i < FATAL_COUNT; i++) {
        struct sigaction action, old;

        memset(&action, 0, sizeof action);
        action.sa_handler = remove_live;
        fatal_set(&action.sa_mask);
        if (sigaction(fatal_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL
            && !(old.sa_flags & SA_SIGINFO))
            sigaction(fatal_signals[i], &action, NULL);
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

/* The directory part of path ("." for a bare name, "/" for the root),
 * newly allocated; NULL if memory ran out. */
static char *directory_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir;

    if (slash == NULL)
        return copy(".");
    if ((dir = malloc((size_t)(slash - path) + 2)) != NULL) {
        size_t length = slash == path ? 1 : (size_t)(slash - path);

        memcpy(dir, path, length);
        dir[length] = '\0';
    }
    return dir;
}

/* text as a descriptor number: decimal, no sign or leading zero, as the
 * kernel names them in /proc/self/fd; -1 for anything else. */
static int descriptor_number(const char *text)
{
    long n = 0;

    if (text[0] < '0' || text[0] > '9' || (text[0] == '0' && text[1] != '\0'))
        return -1;
    for (; *text != '\0'; text++) {
        if (*text < '0' || *text > '9' || (n = n * 10 + (*text - '0')) > INT_MAX)
            return -1;
    }
    return (int)n;
}

/* Whether path's directory part (up to base, its last '/') is the
 * process's own descriptor directory: /dev/fd or /proc/self/fd by name
 * (also where /proc is not mounted), or by what it is, /proc/self/fd or
 * its thread's, however it is spelled. */
static int in_own_fd_directory(const char *path, const char *base)
{
    static const char *const own[] = { "/proc/self/fd", "/proc/thread-self/fd" };
    const size_t length = (size_t)(base - path);
    char dir[PATH_MAX];
    struct stat st, mine;

    if ((length == 7 && strncmp(path, "/dev/fd", 7) == 0)
        || (length == 13 && strncmp(path, "/proc/self/fd", 13) == 0))
        return 1;
    memcpy(dir, path, length);
    dir[length] = '\0';
    if (stat(length > 0 ? dir : "/", &st) != 0)
        return 0;
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) {
        if (stat(own[i], &mine) == 0 && st.st_dev == mine.st_dev && st.st_ino == mine.st_ino)
            return 1;
    }
    return 0;
}

/* The descriptor of this process that name stands for, or -1: "-" is
 * 1; /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N by their
 * names; any other name by following its symbolic links, one at a time,
 * until one is N in /proc/self/fd.  Such a name must be written through
 * its descriptor: following the link to the file the descriptor has open
 * would lose what the descriptor adds (its append mode, its offset, the
 * shell's other writes). */
int outfile_descriptor(const char *name)
{
    char path[PATH_MAX], link[PATH_MAX];

    if (strcmp(name, "-") == 0 || strcmp(name, "/dev/stdout") == 0)
        return 1;
    if (strcmp(name, "/dev/stderr") == 0)
        return 2;
    if (strlen(name) >= sizeof path)
        return -1;
    strcpy(path, name);
    for (int hops = 0; hops < 40; hops++) { /* the kernel's own limit */
        const char *base = strrchr(path, '/');
        const int fd = base != NULL ? descriptor_number(base + 1) : -1;
        ssize_t length;

        if (fd >= 0 && in_own_fd_directory(path, base))
            return fd;
        if ((length = readlink(path, link, sizeof link - 1)) < 0)
            return -1;
        link[length] = '\0';
        if (link[0] != '/' && base != NULL) { /* relative to the link's directory */
            const size_t keep = (size_t)(base - path) + 1;

            if (keep + (size_t)length >= sizeof path)
                return -1;
            memmove(path + keep, link, (size_t)length + 1);
        } else {
            memcpy(path, link, (size_t)length + 1);
        }
    }
    return -1;
}

/* Open descriptor fd of this process (outfile_descriptor) for out: 1 is
 * stdout, 2 stderr, another a stream on a copy of it. */
static int open_descriptor(struct outfile *out, int fd)
{
    const int flags = fcntl(fd, F_GETFL);
    int copied;

    if (flags < 0 || (fd < 3 && (closed_at_start >> fd & 1))) {
        report(out->name, 0, "cannot write: descriptor %d is not open", fd);
        return -1;
    }
    if ((flags & O_ACCMODE) == O_RDONLY) {
        report(out->name, 0, "cannot write: descriptor %d is open for reading only", fd);
        return -1;
    }
    if (fd == 1 || fd == 2) {
        out->stream = fd == 1 ? stdout : stderr;
        out->borrowed = 1;
        return 0;
    }
    if ((copied = dup(fd)) < 0 || (out->stream = fdopen(copied, "w")) == NULL) {
        report(out->name, 0, "cannot write: %s", strerror(errno));
        if (copied >= 0)
            close(copied);
        return -1;
    }
    return 0;
}

/* Keep a replaced file's owner and group: both for root, the group
 * where the user belongs to it; where neither may be given the new file
 * stays the user's own, as mv or an editor would leave it. */
static void keep_owner(int fd, const struct stat *st)
{
    if (fchown(fd, st->st_uid, st->st_gid) != 0 && fchown(fd, (uid_t)-1, st->st_gid) != 0)
        errno = 0; /* not an error: the run goes on */
}

/* The temporary name beside out->target: its directory, its last
 * component cut (at a character boundary) to leave room within the
 * directory's name limit, and .XXXXXX.  NULL if memory ran out. */
static char *temp_name(const char *target)
{
    const char *slash = strrchr(target, '/');
    const size_t dir_length = slash != NULL ? (size_t)(slash - target) + 1 : 0;
    const char *base = target + dir_length;
    size_t keep = strlen(base), name_max = 255;
    char *dir = directory_of(target), *temp;
    long limit;

    if (dir == NULL)
        return NULL;
    if ((limit = pathconf(dir, _PC_NAME_MAX)) > 0)
        name_max = (size_t)limit;
    free(dir);
    if (name_max > sizeof ".XXXXXX" && keep > name_max - (sizeof ".XXXXXX" - 1)) {
        keep = name_max - (sizeof ".XXXXXX" - 1);
        while (keep > 0 && ((unsigned char)base[keep] & 0xc0) == 0x80)
            keep--; /* not inside a UTF-8 character */
    }
    if ((temp = malloc(dir_length + keep + sizeof ".XXXXXX")) == NULL)
        return NULL;
    memcpy(temp, target, dir_length + keep);
    memcpy(temp + dir_length + keep, ".XXXXXX", sizeof ".XXXXXX");
    return temp;
}

/* A new temporary file beside out->target, to be renamed over it; it
 * takes the mode given and, replacing a file (*replaced), its owner.
 * 0, or -1 after a report. */
static int open_temp(struct outfile *out, mode_t mode, const struct stat *replaced)
{
    int fd;

    if ((out->temp_path = temp_name(out->target)) == NULL) {
        report(out->name, 0, "out of memory");
        return -1;
    }
    if ((fd = mkstemp(out->temp_path)) < 0) {
        report(out->name, 0, "cannot create a temporary file beside it: %s", strerror(errno));
        free(out->temp_path);
        out->temp_path = NULL;
        return -1;
    }
    track(out->temp_path);
    if (replaced != NULL)
        keep_owner(fd, replaced);
    /* mkstemp makes the file private; give it the output's mode (after
     * the owner: a change of owner clears the set-ID bits). */
    if (fchmod(fd, mode) != 0 || (out->stream = fdopen(fd, "w")) == NULL) {
        report(out->name, 0, "cannot create a temporary file beside it: %s", strerror(errno));
        close(fd);
        forget(&out->temp_path, 1);
        return -1;
    }
    return 0;
}

/* A name that lstat found: written through, replaced or refused by what
 * it is (output.h).  0, or -1 after a report. */
static int open_existing(struct outfile *out, struct stat *st)
{
    const char *name = out->name;
    int fd;

    if (S_ISLNK(st->st_mode)) {
        /* the file it points to, never a regular file in its place */
        if ((out->target = realpath(name, NULL)) == NULL || stat(out->target, st) != 0) {
            report(name, 0,
                   "is a symbolic link to no file (%s); give the file it should point"
                   " to, or remove the link",
                   strerror(errno));
            return -1;
        }
    } else if ((out->target = copy(name)) == NULL) {
        report(name, 0, "out of memory");
        return -1;
    }
    if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode) || S_ISFIFO(st->st_mode)) {
        if ((fd = open(out->target, O_WRONLY | O_NOCTTY)) < 0
            || (out->stream = fdopen(fd, "w")) == NULL) {
            report(name, 0, "cannot write: %s", strerror(errno));
            if (fd >= 0)
                close(fd);
            return -1;
        }
        return 0;
    }
    if (S_ISDIR(st->st_mode))
        report(name, 0, "is a directory");
    else if (!S_ISREG(st->st_mode))
        report(name, 0, "is not a regular file, a device or a FIFO");
    else if ((st->st_mode & 0222) == 0 || access(out->target, W_OK) != 0)
        report(name, 0, "is read-only: not replaced (make it writable, or remove it)");
    else
        return open_temp(out, st->st_mode & 07777, st);
    return -1;
}

int outfile_open(struct outfile *out, const char *name)
{
    struct stat st;
    mode_t mask = umask(0);
    int fd, status;

    umask(mask);
    file_size_limit_reported();
    memset(out, 0, sizeof *out);
    out->name = name;
    if (name[0] == '\0') {
        report(NULL, 0, "an output's file name is empty");
        return -1;
    }
    if ((fd = outfile_descriptor(name)) >= 0)
        return open_descriptor(out, fd);
    if (lstat(name, &st) != 0) {
        if (errno != ENOENT) {
            report(name, 0, "cannot write: %s", strerror(errno));
            return -1;
        }
        if ((out->target = copy(name)) == NULL) {
            report(name, 0, "out of memory");
            return -1;
        }
        status = open_temp(out, 0666 & ~mask, NULL);
    } else {
        status = open_existing(out, &st);
    }
    if (status != 0) {
        free(out->target);
        out->target = NULL;
    }
    return status;
}

/* ---- Which file an output is --------------------------------------------- */

/* What an output name will write: a descriptor of this process (fd), an
 * existing file (dev, ino), or a new name (base) in a directory (dev,
 * ino).  A descriptor open on a regular file is that file. */
struct identity {
    int fd;
    dev_t dev;
    ino_t ino;
    const char *base; /* NULL but for a new name */
};

/* 0, or -1 where the name cannot be told apart (it is refused later). */
static int identify(const char *name, struct identity *id)
{
    struct stat st;
    char *dir;
    int ok;

    id->fd = outfile_descriptor(name);
    id->base = NULL;
    if (id->fd >= 0) {
        if (fstat(id->fd, &st) == 0 && S_ISREG(st.st_mode)) {
            id->fd = -1;
            id->dev = st.st_dev;
            id->ino = st.st_ino;
        }
        return 0;
    }
    if (stat(name, &st) == 0) {
        id->dev = st.st_dev;
        id->ino = st.st_ino;
        return 0;
    }
    /* new: its directory and last component (a link to no file is
     * refused when opened) */
    id->base = strrchr(name, '/') != NULL ? strrchr(name, '/') + 1 : name;
    if (id->base[0] == '\0' || strcmp(id->base, ".") == 0 || strcmp(id->base, "..") == 0
        || (dir = directory_of(name)) == NULL)
        return -1;
    ok = stat(dir, &st) == 0;
    free(dir);
    id->dev = st.st_dev;
    id->ino = st.st_ino;
    return ok ? 0 : -1;
}

int outfile_same(const char *a, const char *b)
{
    struct identity x, y;

    if (strcmp(a, b) == 0)
        return 1;
    if (identify(a, &x) != 0 || identify(b, &y) != 0)
        return 0;
    if (x.fd >= 0 || y.fd >= 0)
        return x.fd == y.fd;
    if ((x.base == NULL) != (y.base == NULL))
        return 0;
    return x.dev == y.dev && x.ino == y.ino && (x.base == NULL || strcmp(x.base, y.base) == 0);
}

void outfile_abandon(struct outfile *out)
{
    if (out->stream != NULL && !out->borrowed)
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
    char *dir = directory_of(path);
    int fd;

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
        /* a temporary file reaches the disk before its rename: after a
         * power cut the name holds the old file or the new one, whole */
        int bad = fflush(out->stream) != 0 || ferror(out->stream)
                  || (out->temp_path != NULL && fsync(fileno(out->stream)) != 0),
            error = errno;

        if (!out->borrowed && fclose(out->stream) != 0 && !bad) {
            bad = 1;
            error = errno;
        }
        if (bad && failed < 0) {
            failed = i;
            saved = error;
            /* this line is the one a failed stdout gets */
            stdout_reported |= out->stream == stdout;
        }
        out->stream = NULL;
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
