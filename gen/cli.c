/* SPDX-License-Identifier: MIT */
/* cli.c - the command line shared by magicbb-gen and magicbb-search
 * (cli.h). */
#define _GNU_SOURCE /* POSIX.1-2008 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "magicsfile.h"
#include "progress.h"
#include "search.h"
#include "seed.h"

/* Where an installed program finds the shipped magic sets: a path from
 * the directory of its own file, or an absolute one (make sets it; ""
 * for none). */
#ifndef MBB_VERSION
#define MBB_VERSION "unknown"
#endif
#ifndef MBB_INSTALLED_MAGICS
#define MBB_INSTALLED_MAGICS ""
#endif

void request_init(struct gen_request *r)
{
    memset(r, 0, sizeof *r);
    r->flavour = flavour_find("fancy");
    r->seed = DEFAULT_SEED;
    r->parts = EMIT_SLIDERS | EMIT_BOARD;
}

const char cli_output_help[]
    = "  -f, --flavour=NAME       table flavour (default fancy; the list is below)\n"
      "  -s, --seed=N             seed of the magic search (default 0x6d616769636262)\n"
      "  -m, --magics=FILE        load the magics from FILE instead of searching\n"
      "      --magics-dir=DIR     without --magics or --seed, load DIR/FLAVOUR.txt\n"
      "                           where it exists (a build's shipped sets; an\n"
      "                           installed program takes those installed with\n"
      "                           it, in DATADIR/magicbb/magics)\n"
      "  -d, --dump-magics=FILE   write the magics used to FILE\n"
      "  -o, --output=FILE        write the generated C tables to FILE\n"
      "      --sliders-only       leave the board's tables (leaper, between, line,\n"
      "                           ray_pass) out\n"
      "      --board-only[=TABLE] write only the board's tables (leaper, between,\n"
      "                           line, ray_pass), or only TABLE of them: leapers,\n"
      "                           between, line or ray-pass (each its own file, so\n"
      "                           that a static link takes only those a program\n"
      "                           reads)\n"
      "      --no-lines           leave the between, line and ray_pass tables out\n"
      "                           (a library configured --enable-small computes\n"
      "                           them)\n"
      "      --no-include         leave out the #include of the flavour's header\n"
      "                           (the file that includes the output has it: the\n"
      "                           vendored drop-in's tables)\n"
      "  -q, --quiet              no progress lines or status line\n"
      "  -h, --help               show this help and exit\n"
      "  -V, --version            show the version and exit\n";

void print_flavours(FILE *out)
{
    const char *list = flavour_list();
    unsigned column = (unsigned)fprintf(out, "Flavours:");

    while (*list != '\0') {
        size_t word = strcspn(list, " ");

        if (column + 1 + word > 72) {
            fputs("\n ", out);
            column = 1;
        }
        column += (unsigned)fprintf(out, " %.*s", (int)word, list);
        list += word;
        list += strspn(list, " ");
    }
    fputs(".\n", out);
}

int usage_error(const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vreport(NULL, 0, format, args);
    va_end(args);
    fprintf(stderr, "Try '%s --help' for more information.\n", report_program);
    return 2;
}

static void report_collision(const char *file, unsigned line, const struct collision *c)
{
    char name[3], other[3];
    const int same_square = c->piece == c->other_piece && c->sq == c->other_sq;

    square_name(c->sq, name);
    square_name(c->other_sq, other);
    if (same_square && c->first == c->second)
        report(file, line, "%s %s: occupancy 0x%llx gives the wrong attacks", piece_name(c->piece),
               name, (unsigned long long)c->first);
    else if (same_square)
        report(file, line,
               "%s %s: the magic collides: occupancies 0x%llx and 0x%llx share slot %lu"
               " but not their attacks",
               piece_name(c->piece), name, (unsigned long long)c->first,
               (unsigned long long)c->second, (unsigned long)c->slot);
    else
        report(file, line,
               "%s %s: its slice overlaps %s %s's at slot %lu with other attacks (occupancy 0x%llx"
               " of %s %s, 0x%llx of %s %s)",
               piece_name(c->piece), name, piece_name(c->other_piece), other,
               (unsigned long)c->slot, (unsigned long long)c->second, piece_name(c->piece), name,
               (unsigned long long)c->first, piece_name(c->other_piece), other);
}

int parse_count(const char *text, unsigned long *count)
{
    char *end;

    errno = 0;
    *count = strtoul(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || (text[0] == '0' && text[1] != '\0') || *end != '\0'
        || errno != 0 || *count > 4000000000ul)
        return -1;
    return 0;
}

/* The usage error for the option getopt_long just refused (option is
 * what it returned: ':' for a missing value, '?' otherwise).  getopt
 * sets optopt to 0 for an unknown long option, to an unknown short
 * option's letter, and to a long option's value where it was given a
 * value it does not take; an option that lacks its value was the last
 * argument. */
static int option_error(char **argv, int option, const struct option *longs)
{
    const char *arg = argv[optind - 1];
    char name[64];

    if ((option == ':' && strncmp(arg, "--", 2) == 0) || (option == '?' && optopt == 0))
        snprintf(name, sizeof name, "%.*s", (int)strcspn(arg, "="), arg);
    else {
        /* an option that takes no value, given one: the only way getopt
         * refuses an option it knows */
        for (const struct option *o = longs; option == '?' && o->name != NULL; o++) {
            if (o->val == optopt && o->has_arg == no_argument)
                return usage_error("option '--%s' takes no value", o->name);
        }
        snprintf(name, sizeof name, "-%c", optopt);
    }
    if (option == ':')
        return usage_error("option '%s' needs a value", name);
    return usage_error("unknown option '%s'", name);
}

/* The board's tables --board-only[=NAME] writes: all of them without a
 * NAME, else the one named (its EMIT_ bit), 0 for an unknown name.  One
 * table a file, so that a static link takes only those a program reads:
 * the 32 KiB pair tables each, the leapers' 2 KiB together. */
static unsigned board_part(const char *name)
{
    static const struct {
        const char *name;
        unsigned part;
    } parts[] = { { "leapers", EMIT_LEAPERS },
                  { "between", EMIT_BETWEEN },
                  { "line", EMIT_LINE },
                  { "ray-pass", EMIT_RAY_PASS } };

    if (name == NULL)
        return EMIT_BOARD;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (strcmp(name, parts[i].name) == 0)
            return parts[i].part;
    return 0;
}

/* A shared option into r: -1 to go on, the exit status of a usage
 * error, or CLI_NOT_MINE. */
static int take_common_option(struct gen_request *r, int option)
{
    unsigned board;

    switch (option) {
    case 'f':
        if ((r->flavour = flavour_find(optarg)) == NULL)
            return usage_error("unknown flavour '%s' (expected %s)", optarg, flavour_list());
        break;
    case 's':
        if (parse_seed(optarg, &r->seed) != 0)
            return usage_error("--seed: '%s' " SEED_RULE, optarg);
        r->seed_given = 1;
        break;
    case 'm':
        r->magics_path = optarg;
        break;
    case OPT_MAGICS_DIR:
        r->magics_dir = optarg;
        break;
    case 'd':
        r->dump_path = optarg;
        break;
    case 'o':
        r->output_path = optarg;
        break;
    case OPT_SLIDERS_ONLY:
        r->parts &= ~(unsigned)EMIT_BOARD;
        r->only |= EMIT_SLIDERS;
        break;
    case OPT_BOARD_ONLY:
        if ((board = board_part(optarg)) == 0)
            return usage_error("--board-only: unknown table '%s' (expected leapers, between, line"
                               " or ray-pass)",
                               optarg);
        r->parts &= ~(unsigned)(EMIT_SLIDERS | (EMIT_BOARD & ~board));
        r->only |= EMIT_LEAPERS;
        break;
    case OPT_NO_LINES:
        r->parts &= ~(unsigned)EMIT_LINES;
        break;
    case OPT_NO_INCLUDE:
        r->parts |= EMIT_NO_INCLUDE;
        break;
    case 'q':
        progress_quiet = 1;
        break;
    default:
        return CLI_NOT_MINE;
    }
    return -1;
}

int cli_parse(int argc, char **argv, const struct option *longs, struct gen_request *r,
              take_option *take, void *own, void (*usage)(FILE *))
{
    int option, status;

    opterr = 0; /* report bad options in the program's own words */
    while ((option = getopt_long(argc, argv, CLI_SHORT_OPTIONS, longs, NULL)) != -1) {
        if (option == 'h') {
            usage(stdout);
            return 0;
        }
        if (option == 'V') {
            printf("%s %s\n", report_program, MBB_VERSION);
            return 0;
        }
        if ((status = take_common_option(r, option)) == CLI_NOT_MINE
            && (take == NULL || (status = take(own, option)) == CLI_NOT_MINE))
            return option_error(argv, option, longs);
        if (status >= 0)
            return status;
    }
    return -1;
}

int check_common(const struct gen_request *r, int searching)
{
    const struct gen_flavour *f = r->flavour;

    if (r->output_path == NULL && r->dump_path == NULL)
        return usage_error("nothing to do: give --output, --dump-magics or both");
    if (r->output_path != NULL && r->dump_path != NULL
        && outfile_same(r->output_path, r->dump_path))
        return usage_error("--output and --dump-magics name the same file, '%s'", r->output_path);
    if (r->only == (EMIT_SLIDERS | EMIT_LEAPERS))
        return usage_error("--sliders-only and --board-only exclude each other");
    if ((r->parts & (EMIT_SLIDERS | EMIT_BOARD)) == 0)
        return usage_error("--board-only and --no-lines leave no table to write");
    if (!f->magics && (r->magics_path != NULL || r->dump_path != NULL || r->seed_given))
        return usage_error("the %s flavour uses no magics: --seed, --magics and --dump-magics"
                           " do not apply",
                           f->name);
    if (searching)
        return 0;
    if (r->magics_path != NULL && r->seed_given)
        return usage_error("--seed and --magics exclude each other (magicbb-search takes both:"
                           " the seed drives its search)");
    if (f->magics && !f->searches && r->seed_given)
        return usage_error("the %s flavour loads its magics: --seed does not apply (give"
                           " --magics FILE)",
                           f->name);
    if (f->magics && !f->searches && r->magics_path == NULL && r->magics_dir == NULL)
        return usage_error("the %s flavour loads its magics: give --magics FILE, or --magics-dir"
                           " DIR for DIR/%s.txt (magicbb's sources ship gen/magics/%s.txt)",
                           f->name, f->name, f->name);
    return 0;
}

int regular_or_new(const char *path)
{
    struct stat st;

    if (outfile_descriptor(path) >= 0)
        return 0;
    return stat(path, &st) == 0 ? S_ISREG(st.st_mode) : errno == ENOENT;
}

const char *installed_magics(char *buffer, size_t size)
{
    char self[4096];
    struct stat st;
    ssize_t length;
    int written;

    if (MBB_INSTALLED_MAGICS[0] == '\0')
        return NULL;
    if (MBB_INSTALLED_MAGICS[0] == '/') {
        written = snprintf(buffer, size, "%s", MBB_INSTALLED_MAGICS);
    } else {
        if ((length = readlink("/proc/self/exe", self, sizeof self - 1)) <= 0)
            return NULL;
        self[length] = '\0';
        *strrchr(self, '/') = '\0';
        written = snprintf(buffer, size, "%s/%s", self, MBB_INSTALLED_MAGICS);
    }
    if (written < 0 || (size_t)written >= size)
        return NULL; /* a path too long for the buffer: no default */
    return stat(buffer, &st) == 0 && S_ISDIR(st.st_mode) ? buffer : NULL;
}

int verify_tables(struct slider_tables *tables, const char *magics_path,
                  unsigned line[PIECE_COUNT][64])
{
    struct collision c;
    const int status = tables_build(tables, &c);

    if (status == -2)
        report(NULL, 0, "out of memory");
    else if (status != 0)
        report_collision(magics_path, magics_path ? line[c.piece][c.sq] : 0, &c);
    return status != 0;
}

/* (each opened as write_outputs opens it: a temporary file beside it) */
int outputs_writable(const struct gen_request *r)
{
    const char *paths[2] = { r->dump_path, r->output_path };

    for (int i = 0; i < 2; i++) {
        struct outfile out;

        if (paths[i] == NULL || outfile_descriptor(paths[i]) >= 0)
            continue;
        if (outfile_open(&out, paths[i]) != 0)
            return 1;
        outfile_abandon(&out);
    }
    return 0;
}

int write_outputs(const struct gen_request *r, struct slider_tables *tables, const char *origin)
{
    struct outfile dump, output, *outputs[2];
    int count = 0, status = 0;

    if (r->dump_path != NULL) {
        if (outfile_open(&dump, r->dump_path) != 0)
            status = 1;
        else
            outputs[count++] = &dump;
    }
    if (status == 0 && r->output_path != NULL) {
        if (outfile_open(&output, r->output_path) != 0)
            status = 1;
        else
            outputs[count++] = &output;
    }
    if (status == 0) {
        if (r->dump_path != NULL)
            magics_write(dump.stream, tables, origin);
        if (r->output_path != NULL && emit_tables(output.stream, tables, origin, r->parts) != 0) {
            report(NULL, 0, "out of memory");
            status = 1;
        }
    }
    if (status == 0)
        return outfiles_commit(outputs, count) != 0;
    for (int i = 0; i < count; i++)
        outfile_abandon(outputs[i]);
    return 1;
}

void append(struct text *t, const char *format, ...)
{
    va_list args;
    int n;

    if (t->length + 1 >= t->size)
        return;
    va_start(args, format);
    n = vsnprintf(t->buffer + t->length, t->size - t->length, format, args);
    va_end(args);
    if (n > 0)
        t->length = t->length + (size_t)n < t->size ? t->length + (size_t)n : t->size - 1;
}

int find_magics(const struct gen_request *r, struct slider_tables *tables,
                unsigned line[PIECE_COUNT][64], char *origin, size_t origin_size)
{
    int status;

    if (!r->flavour->magics) {
        snprintf(origin, origin_size, "none (%s needs no magics)", r->flavour->name);
        return 0;
    }
    if (r->magics_path != NULL) {
        snprintf(origin, origin_size, "file %s", r->magics_path);
        return magics_load(r->magics_path, tables, line) != 0;
    }
    snprintf(origin, origin_size, "seed 0x%llx", (unsigned long long)r->seed);
    status = tables_search(tables, r->seed);
    if (status == -2)
        report(NULL, 0, "out of memory");
    else if (status != 0)
        report(NULL, 0, "the magic search with seed 0x%llx gave up", (unsigned long long)r->seed);
    return status != 0;
}
