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

/* One line on stderr: "magicbb-gen: FILE:LINE: message".  FILE and LINE
 * are left out when file is NULL or line is 0. */
void report(const char *file, unsigned line, const char *format, ...) GEN_PRINTF(3, 4);
void vreport(const char *file, unsigned line, const char *format, va_list args)
    GEN_PRINTF(3, 0);

/* A file written under a temporary name and renamed into place only when
 * complete, so a failed run never leaves a half-written output and never
 * touches an existing one. */
struct outfile {
    FILE *stream;
    const char *path;
    char *temp_path;
};

int outfile_open(struct outfile *out, const char *path);
/* Flush, close and rename; reports and removes the temp file on error. */
int outfile_commit(struct outfile *out);
/* Close and remove the temp file. */
void outfile_abandon(struct outfile *out);

#endif /* GEN_OUTPUT_H */
