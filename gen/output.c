/* output.c - diagnostics and atomic output files. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"

void vreport(const char *file, unsigned line, const char *format, va_list args)
{
    fputs("magicbb-gen: ", stderr);
    if (file != NULL && line != 0)
        fprintf(stderr, "%s:%u: ", file, line);
    else if (file != NULL)
        fprintf(stderr, "%s: ", file);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
}

void report(const char *file, unsigned line, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vreport(file, line, format, args);
    va_end(args);
}

int outfile_open(struct outfile *out, const char *path)
{
    const size_t length = strlen(path);

    out->path = path;
    out->stream = NULL;
    out->temp_path = malloc(length + sizeof ".tmp");
    if (out->temp_path == NULL) {
        report(path, 0, "out of memory");
        return -1;
    }
    memcpy(out->temp_path, path, length);
    memcpy(out->temp_path + length, ".tmp", sizeof ".tmp");
    out->stream = fopen(out->temp_path, "w");
    if (out->stream == NULL) {
        report(out->temp_path, 0, "cannot create: %s", strerror(errno));
        free(out->temp_path);
        out->temp_path = NULL;
        return -1;
    }
    return 0;
}

int outfile_commit(struct outfile *out)
{
    int failed = fflush(out->stream) != 0 || ferror(out->stream);
    int saved = errno;

    if (fclose(out->stream) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    out->stream = NULL;
    if (!failed && rename(out->temp_path, out->path) != 0) {
        failed = 1;
        saved = errno;
    }
    if (failed) {
        report(out->path, 0, "cannot write: %s", strerror(saved));
        remove(out->temp_path);
    }
    free(out->temp_path);
    out->temp_path = NULL;
    return failed ? -1 : 0;
}

void outfile_abandon(struct outfile *out)
{
    if (out->stream != NULL)
        fclose(out->stream);
    out->stream = NULL;
    if (out->temp_path != NULL)
        remove(out->temp_path);
    free(out->temp_path);
    out->temp_path = NULL;
}
