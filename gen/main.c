/* SPDX-License-Identifier: MIT */
/* main.c - magicbb-gen: load magics (or search them with a seed), verify
 * every table, emit the C tables.  The long searches are magicbb-search's
 * (search/). */
#include <stdlib.h>
#include <string.h>

#include "choice.h"
#include "cli.h"
#include "configure.h"
#include "magicsfile.h"

static void usage(FILE *out)
{
    fprintf(out, "Usage: magicbb-gen [OPTION]...\n"
                 "Find or load the magic numbers of one table flavour, check every\n"
                 "(square, occupancy) pair against a ray walk, and write C tables.\n"
                 "\n");
    fputs(cli_output_help, out);
    fprintf(out, "      --config=KIND[:LIST] write a configuration header instead (for\n"
                 "                           make): KIND library (magicbb_config.h of a\n"
                 "                           library of LIST: one flavour, or a dispatch\n"
                 "                           library's), dispatch-list, dropin (the\n"
                 "                           drop-in's, carrying auto's flavours and LIST)\n"
                 "                           or dropin-flavours (their names)\n"
                 "      --decide NAME=VALUE... configure's decision (first, alone)\n"
                 "      --registry COMMAND   the registries, for make and scripts (first,\n"
                 "                           alone; --registry help lists the commands)\n"
                 "\n"
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

enum { OPT_CONFIG = OPT_OWN };
static const struct option long_options[]
    = { CLI_LONG_OPTIONS, { "config", required_argument, NULL, OPT_CONFIG }, { NULL, 0, NULL, 0 } };

/* --config's value, or NULL. */
static int take_config(void *own, int option)
{
    if (option != OPT_CONFIG)
        return CLI_NOT_MINE;
    *(const char **)own = optarg;
    return -1;
}

/* magicbb-gen --config=KIND[:LIST]: the header, to --output or stdout. */
static int write_config(const char *config, const struct gen_request *r)
{
    static const char *const kinds[] = { "library", "dispatch-list", "dropin", "dropin-flavours" };
    const size_t length = strcspn(config, ":");
    const char *list = config[length] == ':' ? config + length + 1 : "";
    struct config_list flavours;
    struct outfile output, *outputs[1] = { &output };
    size_t kind = 0;

    while (kind < sizeof kinds / sizeof kinds[0]
           && !(strlen(kinds[kind]) == length && strncmp(config, kinds[kind], length) == 0))
        kind++;
    if (kind == sizeof kinds / sizeof kinds[0])
        return usage_error("--config: unknown kind '%.*s' (expected library, dispatch-list,"
                           " dropin or dropin-flavours)",
                           (int)length, config);
    if (config_list(list, &flavours) != 0 || (kind == CONFIG_LIBRARY && flavours.count == 0))
        return usage_error("--config: '%s' is not a list of flavours (%s)", list, flavour_list());
    /* a list that dispatches (an empty dispatch-list is a library that
     * does not; a library of one flavour neither) */
    if (((kind == CONFIG_DISPATCH && flavours.count > 0)
         || (kind == CONFIG_LIBRARY && flavours.count > 1))
        && !config_dispatches(&flavours))
        return usage_error("--config: '%s' is no dispatch library's list: name two flavours or"
                           " more, the last one that runs on every CPU, such as black",
                           list);
    if (r->seed_given || r->magics_path != NULL || r->dump_path != NULL)
        return usage_error("--config writes no tables: --seed, --magics and --dump-magics do not"
                           " apply");
    if (outfile_open(&output, r->output_path != NULL ? r->output_path : "-") != 0)
        return 1;
    config_write(output.stream, (enum config_kind)kind, &flavours, !(r->parts & EMIT_LINES));
    return outfiles_commit(outputs, 1) != 0;
}

int main(int argc, char **argv)
{
    static struct slider_tables tables;
    static unsigned line[PIECE_COUNT][64];
    static char default_path[4096], installed[4096];
    struct gen_request r;
    const char *config = NULL;
    char *origin; /* where the magics came from */
    size_t origin_size;
    int status;

    if (argc > 1 && strcmp(argv[1], "--decide") == 0)
        return configure_decide(argc - 2, argv + 2);
    if (argc > 1 && strcmp(argv[1], "--registry") == 0)
        return configure_registry(argc - 2, argv + 2);
    stdout_checked_at_exit();
    request_init(&r);
    if ((status = cli_parse(argc, argv, long_options, &r, take_config, &config, usage)) >= 0)
        return status;
    if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    if (config != NULL)
        return write_config(config, &r);
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
