/* SPDX-License-Identifier: MIT */
/* cli.h - the command line that magicbb-gen and magicbb-search share
 * (cli.c): the options of what to make and from what, their checks, the
 * magics loaded or searched with a seed, verified, and the outputs
 * written together. */
#ifndef GEN_CLI_H
#define GEN_CLI_H

#include <getopt.h>
#include <stdio.h>

#include "emit.h"
#include "output.h"
#include "sliders.h"

/* What to make and from what: the options both programs take. */
struct gen_request {
    const struct gen_flavour *flavour;
    const char *magics_path, *magics_dir, *dump_path, *output_path;
    uint64_t seed;
    int seed_given;
    unsigned parts, only; /* emit.h's EMIT_ bits; only: --sliders-only, --board-only */
};

/* The defaults: fancy, the default seed, every part of the tables. */
void request_init(struct gen_request *r);

/* The long-only options' values, beyond any character, so that getopt's
 * optopt tells them from a short option; a program's own start at
 * OPT_OWN. */
enum {
    OPT_MAGICS_DIR = 256,
    OPT_SLIDERS_ONLY,
    OPT_BOARD_ONLY,
    OPT_NO_LINES,
    OPT_NO_INCLUDE,
    OPT_OWN
};

/* The shared entries of a program's long options, and its short ones. */
#define CLI_LONG_OPTIONS                                                                           \
    { "flavour", required_argument, NULL, 'f' }, { "seed", required_argument, NULL, 's' },         \
        { "magics", required_argument, NULL, 'm' },                                                \
        { "magics-dir", required_argument, NULL, OPT_MAGICS_DIR },                                 \
        { "dump-magics", required_argument, NULL, 'd' },                                           \
        { "output", required_argument, NULL, 'o' },                                                \
        { "sliders-only", no_argument, NULL, OPT_SLIDERS_ONLY },                                   \
        { "board-only", optional_argument, NULL, OPT_BOARD_ONLY },                                 \
        { "no-lines", no_argument, NULL, OPT_NO_LINES },                                           \
        { "no-include", no_argument, NULL, OPT_NO_INCLUDE }, { "quiet", no_argument, NULL, 'q' },  \
        { "help", no_argument, NULL, 'h' },                                                        \
    {                                                                                              \
        "version", no_argument, NULL, 'V'                                                          \
    }
#define CLI_SHORT_OPTIONS ":f:s:m:d:o:qhV"

/* The help's lines for the shared options of what to make. */
extern const char cli_output_help[];

/* "Flavours: fancy, pext, ..." wrapped before 72 columns. */
void print_flavours(FILE *out);

/* One of the program's own options (take_option): -1 to go on, the exit
 * status of a usage error, or CLI_NOT_MINE. */
#define CLI_NOT_MINE (-2)
typedef int take_option(void *own, int option);

/* Reads the options, the shared ones into r and the program's own
 * through take (own its state; longs its whole list, NULL-ended): -1 to
 * go on, else the exit status (0 after --help, which usage writes, and
 * --version; 2 after a usage error).  Arguments that are not options
 * are left from optind on. */
int cli_parse(int argc, char **argv, const struct option *longs, struct gen_request *r,
              take_option *take, void *own, void (*usage)(FILE *));

/* A usage error: report_program's line, the hint to its --help; 2. */
int usage_error(const char *format, ...) GEN_PRINTF(1, 2);

/* A count for an option: decimal, no sign or leading zeros, 0 to
 * 4,000,000,000.  0 with *count set, or -1. */
int parse_count(const char *text, unsigned long *count);

/* Whether path names a regular file (or a link to one) or nothing yet,
 * and none of the process's own descriptors. */
int regular_or_new(const char *path);

/* The checks of r's shared options; searching: the run searches (the
 * seed drives it, and a flavour that loads its magics may search).  0,
 * or 2 after a usage error. */
int check_common(const struct gen_request *r, int searching);

/* The shipped magic sets installed beside this program (an installed
 * program), where that directory exists: the default --magics-dir, in
 * buffer (of `size` bytes).  NULL elsewhere, as in the build tree. */
const char *installed_magics(char *buffer, size_t size);

/* The magics: none, loaded from r's file, or searched with r's seed;
 * origin (of origin_size bytes) says which.  0, or 1 after a report. */
int find_magics(const struct gen_request *r, struct slider_tables *tables,
                unsigned line[PIECE_COUNT][64], char *origin, size_t origin_size);

/* Lay out, fill and verify the tables; 0, or 1 after a report naming
 * the magics file's line where the magics came from one (magics_path). */
int verify_tables(struct slider_tables *tables, const char *magics_path,
                  unsigned line[PIECE_COUNT][64]);

/* Whether every output of r can be written: each opened as
 * write_outputs will open it, then abandoned, so that a long search never
 * ends unable to write.  0, or 1 after a report naming the output. */
int outputs_writable(const struct gen_request *r);

/* r's outputs (the magics, the C tables) written together (output.h):
 * all of them or none.  0, or 1 after a report. */
int write_outputs(const struct gen_request *r, struct slider_tables *tables, const char *origin);

/* A string built by appending to a buffer of `size` bytes: what does not
 * fit is cut. */
struct text {
    char *buffer;
    size_t size, length;
};
void append(struct text *t, const char *format, ...) GEN_PRINTF(2, 3);

#endif /* GEN_CLI_H */
