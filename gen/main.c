/* SPDX-License-Identifier: MIT */
/* main.c - magicbb-gen: load magics (or search them with a seed), verify
 * every table, emit the C tables.  The long searches are magicbb-search's
 * (search/). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "magicsfile.h"

static void usage(FILE *out)
{
    fprintf(out, "Usage: magicbb-gen [OPTION]...\n"
          "Find or load the magic numbers of one table flavour, check every\n"
          "(square, occupancy) pair against a ray walk, and write C tables.\n"
          "\n");
    fputs(cli_output_help, out);
    fprintf(out, "\n"
          "black loads its magics and offsets (--magics) and checks them; white\n"
          "searches its magics and packs its overlapping slices (or loads both);\n"
          "the others search (or load) their magics.  The long searches for\n"
          "better magics are magicbb-search's.\n"
          "\n"
          "A seed is decimal (no leading zeros) or 0x and up to 16 hex digits.\n"
          "A magics file is text: a '# flavour: NAME' line and one line for each\n"
          "of the 128 (piece, square) pairs; magicbb-gen(1) describes it.\n"
          "\n"
          "An output FILE of - is standard output, and /dev/stdout, /dev/fd/N and\n"
          "the like are written through their descriptor; a device or FIFO is\n"
          "written through; a symbolic link writes the file it points to.  A\n"
          "regular file is written beside itself (FILE.XXXXXX) and renamed into\n"
          "place when all outputs are complete: on any error none is created or\n"
          "changed.  A read-only file is refused.  Exit status: 0 success, 1 bad\n"
          "input, failed verification or a write error, 2 usage error.\n"
          "\n");
    print_flavours(out);
}

static const struct option long_options[] = { CLI_LONG_OPTIONS, { NULL, 0, NULL, 0 } };

int main(int argc, char **argv)
{
    static struct slider_tables tables;
    static unsigned line[PIECE_COUNT][64];
    static char default_path[4096], installed[4096];
    struct gen_request r;
    char *origin; /* where the magics came from */
    size_t origin_size;
    int status;

    stdout_checked_at_exit();
    request_init(&r);
    if ((status = cli_parse(argc, argv, long_options, &r, NULL, NULL, usage)) >= 0)
        return status;
    if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    if (r.magics_dir == NULL && r.magics_path == NULL && !r.seed_given)
        r.magics_dir = installed_magics(installed, sizeof installed);
    if ((status = check_common(&r, 0)) != 0)
        return status;
    if (r.magics_dir != NULL && r.magics_path == NULL && !r.seed_given)
        r.magics_path = magics_default(r.magics_dir, r.flavour, default_path, sizeof default_path);
    origin_size = strlen(r.magics_path != NULL ? r.magics_path : "") + 512;
    if ((origin = malloc(origin_size)) == NULL) {
        report(NULL, 0, "out of memory");
        return 1;
    }
    tables_prepare(&tables, r.flavour);
    status = find_magics(&r, &tables, line, origin, origin_size);
    if (status == 0)
        status = verify_tables(&tables, r.magics_path, line);
    if (status == 0)
        status = write_outputs(&r, &tables, origin);
    free(origin);
    tables_free(&tables);
    return status;
}
