/* SPDX-License-Identifier: MIT */
/* output.h - diagnostics and all-or-nothing output files. */
#ifndef SUPPORT_OUTPUT_H
#define SUPPORT_OUTPUT_H

#include <stdarg.h>
#include <stdio.h>
#include <sys/types.h>

#if defined(__GNUC__) || defined(__clang__)
#define GEN_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define GEN_PRINTF(f, a)
#endif

/* One line: "PROGRAM: FILE:LINE: message" (report_program, by default
 * magicbb-gen).  FILE and LINE are left
 * out when file is NULL or line is 0.  Whatever the file or the message
 * quotes is escaped (escape.h), so the report is always one line.  It
 * goes to stderr, or to report_stream where a test harness set it. */
void report(const char *file, unsigned line, const char *format, ...) GEN_PRINTF(3, 4);
void vreport(const char *file, unsigned line, const char *format, va_list args) GEN_PRINTF(3, 0);
extern FILE *report_stream;
extern const char *report_program;

/* An output named by the user, by what it is when the run opens it:
 *
 *   "-", or a name for one of the process's own descriptors
 *   (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N, or a link
 *   that leads into /proc/self/fd)
 *                            that descriptor, written as it goes, in
 *                            its own mode (append stays append);
 *   a character or block device, or a FIFO
 *                            opened and written through, never replaced;
 *   a symbolic link          the file it points to, by these same rules
 *                            (a link to nothing is refused);
 *   a regular file, or none  written under a temporary name beside it
 *                            (NAME.XXXXXX, NAME cut short where the
 *                            directory's name limit needs it; mkstemp)
 *                            and renamed into place when the run's
 *                            outputs are complete (and on the disk:
 *                            fsync); a replaced file keeps
 *                            its mode, its owner and its group (where the
 *                            user may give them: root always), but is a
 *                            new file: its other hard links keep the old
 *                            contents; a file without write permission
 *                            is refused, also for root;
 *   anything else            (a directory, a socket) refused.
 *
 * A run that such a signal ends (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
 * where it has its default action: a handler of the program's stays) removes
 * its temporary files.  A file-size limit (ulimit -f) is a write error
 * like a full disk: SIGXFSZ, where it has its default action, is ignored
 * from the first output opened or stdout_checked_at_exit on, so the
 * write fails with EFBIG and outfiles_commit reports it. */
struct outfile {
    FILE *stream;
    const char *name; /* as the user gave it: for messages */
    char *target;     /* what is written: name, or where its link leads */
    char *temp_path;  /* NULL where the output is written in place */
    int borrowed;     /* stream is stdout or stderr: flushed, not closed */
};

int outfile_open(struct outfile *out, const char *name);
/* Whether two names given as outputs are one file: the same descriptor
 * of the process (outfile_descriptor), the same existing file (a
 * descriptor open on a regular file is that file), or the same new name
 * in the same directory, however each is spelled. */
int outfile_same(const char *a, const char *b);
/* The descriptor of this process that an output name stands for, or -1
 * (see struct outfile). */
int outfile_descriptor(const char *name);
/* Called first in main: a program's standard output is checked.  A
 * closed standard descriptor is opened on /dev/null the other way round
 * (so a file the program opens never takes its number, and a write to a
 * closed stdout fails); at exit, stdout is flushed and closed, and a
 * failure (a full disk, a closed descriptor, a broken pipe where SIGPIPE
 * is ignored) is one line "PROGRAM: write error: REASON" and exit
 * status 1, never 0 with the output lost.  (An output "-" whose failure
 * outfiles_commit reported gets no second line.) */
void stdout_checked_at_exit(void);

/* Flush and close every output; if all were written whole, rename the
 * temporary files into place, one after the other, holding the
 * catchable signals and a lock on each directory meanwhile, so neither
 * an interrupt nor a second run at once can leave some outputs of one
 * run beside others of another.  If any write fails, reports it,
 * removes every temporary file and renames none: returns -1. */
int outfiles_commit(struct outfile *files[], int count);
/* Close the output and remove its temporary file. */
void outfile_abandon(struct outfile *out);

#endif /* SUPPORT_OUTPUT_H */
