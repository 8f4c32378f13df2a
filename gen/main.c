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
#include "variant.h"

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
                 "Variant boards (doc/variants.md): --board makes the tables of piece\n"
                 "families on any board of at most 128 squares instead, one C file\n"
                 "(--output) and its header:\n"
                 "      --board=FxR[:stride=N][:first=N]\n"
                 "                           F files, R ranks, square (file, rank) at bit\n"
                 "                           first + rank * stride + file (stride: F,\n"
                 "                           first: 0 by default)\n"
                 "      --families=LIST      families, by commas: rook_h, rook_v, bishop,\n"
                 "                           cannon_h, cannon_v, cannon_diag, grasshopper_h,\n"
                 "                           grasshopper_v, grasshopper_d, nightrider,\n"
                 "                           lame_dabbaba, horse, elephant, janggi_elephant,\n"
                 "                           or NAME=KIND:F.R/F.R/... (KIND rider, hopper,\n"
                 "                           grasshopper or lame; steps as file.rank)\n"
                 "      --index=METHOD       pext (default; BMI2) or multiply\n"
                 "      --payload=KIND       full (default) or compressed (PDEP; pext only)\n"
                 "      --split=HOW[,FAMILY=HOW]...\n"
                 "                           auto (default), none or lines: a table for each\n"
                 "                           line of a family's directions; for all families,\n"
                 "                           or for the one named\n"
                 "      --prefix=NAME        the generated names' prefix (default mbbv)\n"
                 "      --header=FILE        write the generated header to FILE\n"
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

enum {
    OPT_CONFIG = OPT_OWN,
    OPT_BOARD,
    OPT_FAMILIES,
    OPT_INDEX,
    OPT_PAYLOAD,
    OPT_SPLIT,
    OPT_PREFIX,
    OPT_HEADER
};
static const struct option long_options[] = { CLI_LONG_OPTIONS,
                                              { "config", required_argument, NULL, OPT_CONFIG },
                                              { "board", required_argument, NULL, OPT_BOARD },
                                              { "families", required_argument, NULL, OPT_FAMILIES },
                                              { "index", required_argument, NULL, OPT_INDEX },
                                              { "payload", required_argument, NULL, OPT_PAYLOAD },
                                              { "split", required_argument, NULL, OPT_SPLIT },
                                              { "prefix", required_argument, NULL, OPT_PREFIX },
                                              { "header", required_argument, NULL, OPT_HEADER },
                                              { NULL, 0, NULL, 0 } };

/* The program's own options: --config, and the variant tables'. */
struct own_options {
    const char *config;
    struct variant_request variant;
    int board, families, others; /* given: --board, --families, another variant option */
    int bad;                     /* a variant option's value was refused (reported) */
};

static int take_own(void *own, int option)
{
    struct own_options *o = own;
    struct variant_request *v = &o->variant;
    char why[512];
    int status = 0;

    switch (option) {
    case OPT_CONFIG:
        o->config = optarg;
        return -1;
    case OPT_BOARD:
        status = board_parse(optarg, &v->board, why, sizeof why);
        o->board = 1;
        break;
    case OPT_FAMILIES:
        status = variant_families(optarg, v, why, sizeof why);
        o->families = 1;
        break;
    case OPT_INDEX:
        status = variant_index_parse(optarg, v, why, sizeof why);
        o->others = 1;
        break;
    case OPT_PAYLOAD:
        status = variant_payload_parse(optarg, v, why, sizeof why);
        o->others = 1;
        break;
    case OPT_SPLIT:
        status = variant_split_parse(optarg, v, why, sizeof why);
        o->others = 1;
        break;
    case OPT_PREFIX:
        status = variant_prefix_parse(optarg, v, why, sizeof why);
        o->others = 1;
        break;
    case OPT_HEADER:
        v->header = optarg;
        o->others = 1;
        break;
    default:
        return CLI_NOT_MINE;
    }
    if (status != 0) {
        /* one line naming the value and what is allowed */
        report(NULL, 0, "%s", why);
        return 2;
    }
    return -1;
}

/* magicbb-gen --board=...: the variant tables.  One line and 2 for a
 * usage error. */
static int write_variant(struct own_options *o, const struct gen_request *r)
{
    struct variant_request *v = &o->variant;
    char why[512];

    if (!o->board)
        return report(NULL, 0,
                      "--families, --index, --payload, --split, --prefix and --header"
                      " make variant tables: give --board too"),
               2;
    if (!o->families)
        return report(NULL, 0, "--board: give --families too (%s)", family_builtin_list()), 2;
    if (r->seed_given || r->magics_path != NULL || r->magics_dir != NULL || r->dump_path != NULL
        || r->only != 0 || o->config != NULL || r->flavour != flavour_find("fancy"))
        return report(NULL, 0,
                      "--board makes variant tables: --flavour, --seed, --magics,"
                      " --magics-dir, --dump-magics, --sliders-only, --board-only and"
                      " --config do not apply"),
               2;
    if (r->output_path == NULL || v->header == NULL)
        return report(NULL, 0, "--board: give --output=FILE.c and --header=FILE.h"), 2;
    if (outfile_same(r->output_path, v->header))
        return report(NULL, 0, "--output and --header name the same file, '%s'", v->header), 2;
    if (variant_resolve(v, why, sizeof why) != 0 || variant_check(v, why, sizeof why) != 0)
        return report(NULL, 0, "%s", why), 2;
    v->output = r->output_path;
    return variant_generate(v);
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
    static struct own_options own;
    char *origin; /* where the magics came from */
    size_t origin_size;
    int status;

    if (argc > 1 && strcmp(argv[1], "--decide") == 0)
        return configure_decide(argc - 2, argv + 2);
    if (argc > 1 && strcmp(argv[1], "--registry") == 0)
        return configure_registry(argc - 2, argv + 2);
    stdout_checked_at_exit();
    request_init(&r);
    memcpy(own.variant.prefix, "mbbv", 5);
    if ((status = cli_parse(argc, argv, long_options, &r, take_own, &own, usage)) >= 0)
        return status;
    if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    if (own.board || own.families || own.others)
        return write_variant(&own, &r);
    if (own.config != NULL)
        return write_config(own.config, &r);
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
