/* SPDX-License-Identifier: MIT */
/* output.h - diagnostics and all-or-nothing output files. */
#ifndef GEN_OUTPUT_H
#define GEN_OUTPUT_H

#include <stdarg.h>
#include <stdio.h>

#if defined(__GNUC__) || defined(__clang__)
#define GEN_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define GEN_PRINTF(f, a)
#endif

/* One line: "magicbb-gen: FILE:LINE: message".  FILE and LINE are left
 * out when file is NULL or line is 0.  Whatever the file or the message
 * quotes is escaped (escape.h), so the report is always one line.  It
 * goes to stderr, or to report_stream where a test harness set it. */
void report(const char *file, unsigned line, const char *format, ...) GEN_PRINTF(3, 4);
void vreport(const char *file, unsigned line, const char *format, va_list args)
    GEN_PRINTF(3, 0);
extern FILE *report_stream;

/* A file written under a temporary name of its own (PATH.XXXXXX, made by
 * mkstemp in the same directory) and renamed into place only when
 * complete and only together with the run's other outputs: a failed run
 * changes none of them, and of two runs at once each renames a complete
 * file of its own.  An interrupted run (SIGINT, SIGTERM, SIGHUP) removes
 * its temporary files. */
struct outfile {
    FILE *stream;
    const char *path;
    char *temp_path;
    char *backup_path; /* while committing: a link to the old file */
    int had_old;       /* while committing: path named a file before */
};

int outfile_open(struct outfile *out, const char *path);
/* Flush and close every file, then rename each into place.  If any step
 * fails, reports it, removes every temporary file and puts back any
 * output already renamed, so no output changes; returns -1. */
int outfiles_commit(struct outfile *files[], int count);
/* Close and remove the temporary file. */
void outfile_abandon(struct outfile *out);

#endif /* GEN_OUTPUT_H */
