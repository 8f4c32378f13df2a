/* SPDX-License-Identifier: MIT */
/* output.h - diagnostics and all-or-nothing output files. */
#ifndef GEN_OUTPUT_H
#define GEN_OUTPUT_H

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
void vreport(const char *file, unsigned line, const char *format, va_list args)
    GEN_PRINTF(3, 0);
extern FILE *report_stream;
extern const char *report_program;

/* An output named by the user, by what it is when the run opens it:
 *
 *   "-"                      standard output, written as it goes;
 *   a character or block device, or a FIFO
 *                            opened and written through, never replaced;
 *   a symbolic link          the file it points to, by these same rules
 *                            (a link to nothing is refused);
 *   a regular file, or none  written under a temporary name beside it
 *                            (NAME.XXXXXX, mkstemp) and renamed into
 *                            place when the run's outputs are complete;
 *                            a replaced file keeps its mode; a file
 *                            without write permission is refused, also
 *                            for root;
 *   anything else            (a directory, a socket) refused.
 *
 * An interrupted run (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE) removes
 * its temporary files. */
struct outfile {
    FILE *stream;
    const char *name;  /* as the user gave it: for messages */
    char *target;      /* what is written: name, or where its link leads */
    char *temp_path;   /* NULL where the output is written in place */
};

int outfile_open(struct outfile *out, const char *name);
/* Whether two names given as outputs are one file (or both "-"). */
int outfile_same(const char *a, const char *b);
/* Flush and close every output; if all were written whole, rename the
 * temporary files into place, one after the other, holding the
 * catchable signals and a lock on each directory meanwhile, so neither
 * an interrupt nor a second run at once can leave some outputs of one
 * run beside others of another.  If any write fails, reports it,
 * removes every temporary file and renames none: returns -1. */
int outfiles_commit(struct outfile *files[], int count);
/* Close the output and remove its temporary file. */
void outfile_abandon(struct outfile *out);

#endif /* GEN_OUTPUT_H */
