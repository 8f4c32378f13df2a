/* SPDX-License-Identifier: MIT */
/* main.c - magicbb-gen: find or load magics, verify, emit tables.c. */
#define _GNU_SOURCE /* sched_getaffinity, where there is one; POSIX.1-2008 besides */
#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dense.h"
#include "emit.h"
#include "merge.h"
#include "search.h"
#include "seed.h"
#include "magicsfile.h"
#include "output.h"
#include "watch.h"

#ifndef MBB_VERSION
#define MBB_VERSION "unknown"
#endif
/* Where an installed generator finds the shipped magic sets: a path from
 * the directory of its own file, or an absolute one (make sets it; ""
 * for none). */
#ifndef MBB_INSTALLED_MAGICS
#define MBB_INSTALLED_MAGICS ""
#endif

/* "Flavours: fancy, pext, ..." wrapped before 72 columns. */
static void print_flavours(FILE *out)
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

static void usage(FILE *out)
{
    fprintf(out, "Usage: magicbb-gen [OPTION]...\n"
          "Find or load the magic numbers of one table flavour, check every\n"
          "(square, occupancy) pair against a ray walk, and write C tables.\n"
          "\n"
          "  -f, --flavour=NAME       table flavour (default fancy; the list is below)\n"
          "  -s, --seed=N             seed of the magic search (default 0x6d616769636262)\n"
          "  -m, --magics=FILE        load the magics from FILE instead of searching\n"
          "      --magics-dir=DIR     without --magics or --seed, load DIR/FLAVOUR.txt\n"
          "                           where it exists (a build's shipped sets; an\n"
          "                           installed magicbb-gen takes those installed\n"
          "                           with it, in DATADIR/magicbb/magics)\n"
          "  -d, --dump-magics=FILE   write the magics used to FILE\n"
          "  -o, --output=FILE        write the generated C tables to FILE\n"
          "      --sliders-only       leave the leaper, between and line tables out\n"
          "      --board-only         write only the leaper, between and line tables\n"
          "      --no-lines           leave the between and line tables out (a library\n"
          "                           configured --enable-small computes them)\n"
          "      --no-include         leave out the #include of the flavour's header\n"
          "                           (the file that includes the output has it: the\n"
          "                           vendored drop-in's tables)\n"
          "      --search=dense       offline: improve the magics (searched, or loaded\n"
          "                           with --magics) with more candidates from the seed:\n"
          "                           fewer index bits, or narrower fixed-width slices\n"
          "      --budget=N           candidates a square for --search=dense (1000000;\n"
          "                           offsetmagic: at each start a slice is tried at)\n"
          "      --draws=N            random candidates before each step of the climb\n"
          "                           to fewer index bits (32 times --budget)\n"
          "      --piece=PIECE        --search=dense on rook or bishop squares only\n"
          "      --squares=LIST       --search=dense on these squares only: a comma-\n"
          "                           separated list such as g7,h7,g8\n"
          "      --jobs=N             threads sharing the squares of --search=dense\n"
          "                           (the processors available; the magics found\n"
          "                           are the same for any N)\n"
          "      --shard=K/N          --search=dense on the K-th of N shares of its\n"
          "                           squares only (a job array's task K of N)\n"
          "      --checkpoint=FILE    during --search=dense, write the best magics so\n"
          "                           far to FILE (as --dump-magics) every SECONDS\n"
          "                           and when SIGINT, SIGTERM or SIGHUP stops it;\n"
          "                           --magics=FILE continues from it\n"
          "      --checkpoint-every=SECONDS\n"
          "                           seconds between checkpoints (600)\n"
          "      --merge FILE...      join the magics files of a search's shards:\n"
          "                           each square's best magic (white, black: the\n"
          "                           union packed again), verified\n"
          "  -q, --quiet              no progress lines or status line\n"
          "      --anneal=N           moves of the annealer that packs white's and\n"
          "                           black's slices after --search=dense (20000)\n"
          "  -h, --help               show this help and exit\n"
          "  -V, --version            show the version and exit\n"
          "\n"
          "black loads its magics and offsets (--magics) and checks them; white\n"
          "searches its magics and packs its overlapping slices (or loads both);\n"
          "the others search (or load) their magics.\n"
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
          "input, failed verification or a write error, 2 usage error, 75 a\n"
          "search that SIGINT, SIGTERM or SIGHUP ended early (outputs written).\n"
          "\n");
    print_flavours(out);
}

static int usage_error(const char *format, ...) GEN_PRINTF(1, 2);

static int usage_error(const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vreport(NULL, 0, format, args);
    va_end(args);
    fputs("Try 'magicbb-gen --help' for more information.\n", stderr);
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

/* A count for an option: decimal, no sign or leading zeros, 0 to
 * 4,000,000,000.  0 with *count set, or -1. */
static int parse_count(const char *text, unsigned long *count)
{
    char *end;

    errno = 0;
    *count = strtoul(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || (text[0] == '0' && text[1] != '\0') || *end != '\0'
        || errno != 0 || *count > 4000000000ul)
        return -1;
    return 0;
}

/* The value of a count option (--budget and the like) into *count, and
 * *given set: -1 to go on, or a usage error naming the option and what
 * it counts. */
static int count_option(const char *option, const char *what, unsigned long *count, int *given)
{
    if (parse_count(optarg, count) != 0)
        return usage_error("%s: '%s' is not a number of %s from 0 to 4000000000", option, optarg,
                           what);
    *given = 1;
    return -1;
}

/* The processors this process may use (its affinity, as taskset or a
 * batch system's cgroup sets it, where the system tells; else those
 * online), as --jobs' default: 1 to DENSE_MAX_JOBS. */
static unsigned long processors(void)
{
    long count = sysconf(_SC_NPROCESSORS_ONLN);
#ifdef CPU_COUNT
    cpu_set_t allowed;

    if (sched_getaffinity(0, sizeof allowed, &allowed) == 0)
        count = CPU_COUNT(&allowed);
#endif
    return count < 1 ? 1 : count > (long)DENSE_MAX_JOBS ? DENSE_MAX_JOBS : (unsigned long)count;
}

/* What the command line asks for. */
struct request {
    const struct gen_flavour *flavour;
    const char *magics_path, *magics_dir, *dump_path, *output_path;
    uint64_t seed;
    int seed_given, dense, budget_given, anneal_given, draws_given, jobs_given, every_given;
    unsigned parts, only, pieces;
    unsigned long budget, anneal, draws, jobs, every, shard, shards;
    uint64_t squares; /* bit sq: --search=dense searches the square */
    const char *checkpoint_path;
    int merge;
    char **merged;     /* --merge: the files, NULL-terminated */
};

/* The long-only options' values, beyond any character, so that getopt's
 * optopt tells them from a short option. */
enum {
    OPT_MAGICS_DIR = 256, OPT_SLIDERS_ONLY, OPT_BOARD_ONLY, OPT_NO_LINES, OPT_NO_INCLUDE, OPT_SEARCH, OPT_BUDGET,
    OPT_ANNEAL, OPT_DRAWS, OPT_PIECE, OPT_SQUARES, OPT_JOBS, OPT_SHARD, OPT_CHECKPOINT,
    OPT_CHECKPOINT_EVERY, OPT_MERGE
};

static const struct option long_options[] = {
    { "flavour", required_argument, NULL, 'f' },
    { "seed", required_argument, NULL, 's' },
    { "magics", required_argument, NULL, 'm' },
    { "magics-dir", required_argument, NULL, OPT_MAGICS_DIR },
    { "dump-magics", required_argument, NULL, 'd' },
    { "output", required_argument, NULL, 'o' },
    { "sliders-only", no_argument, NULL, OPT_SLIDERS_ONLY },
    { "board-only", no_argument, NULL, OPT_BOARD_ONLY },
    { "no-lines", no_argument, NULL, OPT_NO_LINES },
    { "no-include", no_argument, NULL, OPT_NO_INCLUDE },
    { "search", required_argument, NULL, OPT_SEARCH },
    { "budget", required_argument, NULL, OPT_BUDGET },
    { "anneal", required_argument, NULL, OPT_ANNEAL },
    { "draws", required_argument, NULL, OPT_DRAWS },
    { "piece", required_argument, NULL, OPT_PIECE },
    { "squares", required_argument, NULL, OPT_SQUARES },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { "jobs", required_argument, NULL, OPT_JOBS },
    { "shard", required_argument, NULL, OPT_SHARD },
    { "checkpoint", required_argument, NULL, OPT_CHECKPOINT },
    { "checkpoint-every", required_argument, NULL, OPT_CHECKPOINT_EVERY },
    { "merge", no_argument, NULL, OPT_MERGE },
    { "quiet", no_argument, NULL, 'q' },
    { NULL, 0, NULL, 0 },
};
#define SHORT_OPTIONS ":f:s:m:d:o:qhV"

/* The usage error for the option getopt_long just refused (option is
 * what it returned: ':' for a missing value, '?' otherwise).  getopt
 * sets optopt to 0 for an unknown long option, to an unknown short
 * option's letter, and to a long option's value where it was given a
 * value it does not take; an option that lacks its value was the last
 * argument. */
static int option_error(char **argv, int option)
{
    const char *arg = argv[optind - 1];
    char name[64];

    if ((option == ':' && strncmp(arg, "--", 2) == 0) || (option == '?' && optopt == 0))
        snprintf(name, sizeof name, "%.*s", (int)strcspn(arg, "="), arg);
    else {
        /* an option that takes no value, given one: the only way getopt
         * refuses an option it knows */
        for (const struct option *o = long_options; option == '?' && o->name != NULL; o++) {
            if (o->val == optopt && o->has_arg == no_argument)
                return usage_error("option '--%s' takes no value", o->name);
        }
        snprintf(name, sizeof name, "-%c", optopt);
    }
    if (option == ':')
        return usage_error("option '%s' needs a value", name);
    return usage_error("unknown option '%s'", name);
}

/* A comma-separated list of squares, such as "g7,h7,g8", as a set: bit
 * sq for each square named; 0, or -1 for anything else. */
static int parse_squares(const char *text, uint64_t *squares)
{
    uint64_t set = 0;

    for (;;) {
        if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8'
            || (text[2] != ',' && text[2] != '\0'))
            return -1;
        set |= (uint64_t)1 << ((text[1] - '1') * 8 + (text[0] - 'a'));
        if (text[2] == '\0')
            break;
        text += 3;
    }
    *squares = set;
    return 0;
}

/* "K/N", 1 <= K <= N <= 128, as K - 1 and N; 0, or -1 for anything
 * else. */
static int parse_shard(const char *text, unsigned long *shard, unsigned long *shards)
{
    const char *slash = strchr(text, '/');
    char k[16];

    if (slash == NULL || (size_t)(slash - text) >= sizeof k)
        return -1;
    memcpy(k, text, (size_t)(slash - text));
    k[slash - text] = '\0';
    if (parse_count(k, shard) != 0 || parse_count(slash + 1, shards) != 0 || *shard == 0
        || *shard > *shards || *shards > PIECE_COUNT * 64)
        return -1;
    --*shard;
    return 0;
}

/* Not an option of the group asked (take_output_option,
 * take_search_option). */
#define NOT_MINE (-2)

/* An option of what to make and from what: -1 to go on, the exit status
 * of a usage error, or NOT_MINE. */
static int take_output_option(struct request *r, int option)
{
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
        r->parts &= ~(unsigned)(EMIT_LEAPERS | EMIT_LINES);
        r->only |= EMIT_SLIDERS;
        break;
    case OPT_BOARD_ONLY:
        r->parts &= ~(unsigned)EMIT_SLIDERS;
        r->only |= EMIT_LEAPERS;
        break;
    case OPT_NO_LINES:
        r->parts &= ~(unsigned)EMIT_LINES;
        break;
    case OPT_NO_INCLUDE:
        r->parts |= EMIT_NO_INCLUDE;
        break;
    case 'q':
        watch_quiet = 1;
        break;
    case OPT_MERGE:
        r->merge = 1;
        break;
    default:
        return NOT_MINE;
    }
    return -1;
}

/* An option of the dense search: -1 to go on, the exit status of a usage
 * error, or NOT_MINE. */
static int take_search_option(struct request *r, int option)
{
    switch (option) {
    case OPT_SEARCH:
        if (strcmp(optarg, "dense") != 0)
            return usage_error("--search: '%s' is not a search mode (expected dense)", optarg);
        r->dense = 1;
        return -1;
    case OPT_BUDGET:
        return count_option("--budget", "candidates", &r->budget, &r->budget_given);
    case OPT_DRAWS:
        return count_option("--draws", "candidates", &r->draws, &r->draws_given);
    case OPT_ANNEAL:
        return count_option("--anneal", "moves", &r->anneal, &r->anneal_given);
    case OPT_PIECE:
        if (strcmp(optarg, "rook") == 0)
            r->pieces = 1u << PIECE_ROOK;
        else if (strcmp(optarg, "bishop") == 0)
            r->pieces = 1u << PIECE_BISHOP;
        else
            return usage_error("--piece: '%s' is neither rook nor bishop", optarg);
        return -1;
    case OPT_SQUARES:
        if (parse_squares(optarg, &r->squares) != 0)
            return usage_error("--squares: '%s' is not a comma-separated list of squares"
                               " (a1 to h8)", optarg);
        return -1;
    case OPT_JOBS:
        if (parse_count(optarg, &r->jobs) != 0 || r->jobs == 0 || r->jobs > DENSE_MAX_JOBS)
            return usage_error("--jobs: '%s' is not a number of threads from 1 to %u", optarg,
                               DENSE_MAX_JOBS);
        r->jobs_given = 1;
        return -1;
    case OPT_SHARD:
        if (parse_shard(optarg, &r->shard, &r->shards) != 0)
            return usage_error("--shard: '%s' is not K/N with 1 <= K <= N <= 128", optarg);
        return -1;
    case OPT_CHECKPOINT:
        r->checkpoint_path = optarg;
        return -1;
    case OPT_CHECKPOINT_EVERY:
        if (parse_count(optarg, &r->every) != 0 || r->every == 0 || r->every > 1000000)
            return usage_error("--checkpoint-every: '%s' is not a number of seconds from 1 to"
                               " 1000000", optarg);
        r->every_given = 1;
        return -1;
    default:
        return NOT_MINE;
    }
}

/* Reads the options into r: -1 to go on, else the exit status (0 after
 * --help and --version, 2 after a usage error). */
static int parse_options(int argc, char **argv, struct request *r)
{
    int option, status;

    opterr = 0; /* report bad options in the generator's own words */
    while ((option = getopt_long(argc, argv, SHORT_OPTIONS, long_options, NULL)) != -1) {
        if (option == 'h') {
            usage(stdout);
            return 0;
        }
        if (option == 'V') {
            puts("magicbb-gen " MBB_VERSION);
            return 0;
        }
        if ((status = take_output_option(r, option)) == NOT_MINE
            && (status = take_search_option(r, option)) == NOT_MINE)
            return option_error(argv, option);
        if (status >= 0)
            return status;
    }
    if (r->merge && optind < argc)
        r->merged = argv + optind;
    else if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    else if (r->merge)
        return usage_error("--merge: give the magics files to merge");
    return -1;
}

/* Whether path names a regular file (or a link to one) or nothing yet,
 * and none of the process's own descriptors. */
static int regular_or_new(const char *path)
{
    struct stat st;

    if (outfile_descriptor(path) >= 0)
        return 0;
    return stat(path, &st) == 0 ? S_ISREG(st.st_mode) : errno == ENOENT;
}

/* The combinations of options that make no sense; 0 or 2. */
static int check_request(const struct request *r)
{
    const struct gen_flavour *f = r->flavour;

    if (r->output_path == NULL && r->dump_path == NULL)
        return usage_error("nothing to do: give --output, --dump-magics or both");
    if (r->output_path != NULL && r->dump_path != NULL
        && outfile_same(r->output_path, r->dump_path))
        return usage_error("--output and --dump-magics name the same file, '%s'",
                           r->output_path);
    if (r->only == (EMIT_SLIDERS | EMIT_LEAPERS))
        return usage_error("--sliders-only and --board-only exclude each other");
    if (r->budget_given && !r->dense)
        return usage_error("--budget applies to --search=dense only");
    if (r->pieces != (1u << PIECE_ROOK | 1u << PIECE_BISHOP) && !r->dense)
        return usage_error("--piece applies to --search=dense only");
    if (r->squares != ~(uint64_t)0 && !r->dense)
        return usage_error("--squares applies to --search=dense only");
    if (r->jobs_given && !r->dense)
        return usage_error("--jobs applies to --search=dense only");
    if (r->shards != 0 && !r->dense)
        return usage_error("--shard applies to --search=dense only");
    if (r->checkpoint_path != NULL && !r->dense)
        return usage_error("--checkpoint applies to --search=dense only");
    if (r->every_given && r->checkpoint_path == NULL)
        return usage_error("--checkpoint-every applies to --checkpoint only");
    if (r->checkpoint_path != NULL && !regular_or_new(r->checkpoint_path))
        return usage_error("--checkpoint: '%s' is neither a regular file nor a new one (each"
                           " checkpoint replaces the last, whole)", r->checkpoint_path);
    if (r->checkpoint_path != NULL
        && ((r->output_path != NULL && outfile_same(r->checkpoint_path, r->output_path))
            || (r->dump_path != NULL && outfile_same(r->checkpoint_path, r->dump_path))))
        return usage_error("--checkpoint names an output's file, '%s'", r->checkpoint_path);
    if (r->shards != 0 && f->layout == LAYOUT_IN_MAGIC)
        return usage_error("--shard: the %s flavour places all its slices in one pass: its"
                           " search cannot be split", f->name);
    if (r->draws_given && (!r->dense || f->fixed[PIECE_ROOK] != 0))
        return usage_error("--draws applies to --search=dense of a flavour whose squares have"
                           " their own index bits only");
    if (r->anneal_given && ((!r->dense && !r->merge) || f->layout != LAYOUT_PACKED))
        return usage_error("--anneal applies to --search=dense and --merge of an overlapping"
                           " flavour (white, black) only");
    if (r->merge && (r->dense || r->magics_path != NULL || r->magics_dir != NULL))
        return usage_error("--merge takes its magics from the files it names: --search,"
                           " --magics and --magics-dir do not apply");
    if (r->merge && !f->magics)
        return usage_error("--merge: the %s flavour uses no magics", f->name);
    if (r->merge && f->layout == LAYOUT_IN_MAGIC)
        return usage_error("--merge: the %s flavour's magics hold their slices' places: its"
                           " files cannot be merged square by square", f->name);
    if (r->merge && r->seed_given && f->layout != LAYOUT_PACKED)
        return usage_error("--seed applies to --merge of an overlapping flavour (white, black)"
                           " only, where it drives the annealer");
    if (r->magics_path != NULL && r->seed_given && !r->dense)
        return usage_error("--seed and --magics exclude each other (except with --search=dense,"
                           " where the seed drives the dense search)");
    if (r->dense && !f->magics)
        return usage_error("--search=dense: the %s flavour uses no magics", f->name);
    if (!f->magics && (r->magics_path != NULL || r->dump_path != NULL || r->seed_given))
        return usage_error("the %s flavour uses no magics: --seed, --magics and --dump-magics"
                           " do not apply", f->name);
    if (f->magics && !f->searches && !r->dense && !r->merge && r->seed_given)
        return usage_error("the %s flavour loads its magics: --seed does not apply (give"
                           " --magics FILE)", f->name);
    if (f->magics && !f->searches && !r->dense && !r->merge && r->magics_path == NULL
        && r->magics_dir == NULL)
        return usage_error("the %s flavour loads its magics: give --magics FILE, or --magics-dir"
                           " DIR for DIR/%s.txt (magicbb's sources ship gen/magics/%s.txt)",
                           f->name, f->name, f->name);
    return 0;
}

/* The shipped magic sets installed beside this program (an installed
 * magicbb-gen), where that directory exists: the default --magics-dir.
 * NULL elsewhere, as for the generator in its build tree. */
static const char *installed_magics(char *buffer, size_t size)
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
        return NULL;    /* a path too long for the buffer: no default */
    return stat(buffer, &st) == 0 && S_ISDIR(st.st_mode) ? buffer : NULL;
}

/* Lay out, fill and verify the tables; 0, or 1 after a report naming
 * the magics file's line where the magics came from one. */
static int build(struct slider_tables *tables, const char *magics_path,
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

/* Whether every output of r can be written: each opened as
 * write_outputs will open it (a temporary file beside it), then
 * abandoned, so that a long search never ends unable to write.  0, or
 * 1 after a report naming the output. */
static int outputs_writable(const struct request *r)
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

/* Write the requested outputs together (output.h); 0 or 1. */
static int write_outputs(const struct request *r, struct slider_tables *tables,
                         const char *origin)
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

/* A string built by appending to a buffer of `size` bytes: what does
 * not fit is cut. */
struct text {
    char *buffer;
    size_t size, length;
};

static void append(struct text *t, const char *format, ...) GEN_PRINTF(2, 3);
static void append(struct text *t, const char *format, ...)
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

/* The magics: none, loaded from r's file, or searched with r's seed;
 * origin (of origin_size bytes) says which.  0, or 1 after a report. */
static int find_magics(const struct request *r, struct slider_tables *tables,
                       unsigned line[PIECE_COUNT][64], char *origin, size_t origin_size)
{
    int status;

    if (!r->flavour->magics) {
        snprintf(origin, origin_size, "none (%s needs no magics)", r->flavour->name);
        return 0;
    }
    if (r->magics_path != NULL) {
        /* a bad file is named, with its line, before any dense search */
        status = magics_load(r->magics_path, tables, line) != 0
                 || (r->dense && build(tables, r->magics_path, line) != 0);
        /* a dense search names the runs it goes on from (a checkpoint is
         * overwritten: a requeued shard's history is in its provenance) */
        if (r->dense && tables->provenance[0] != '\0')
            snprintf(origin, origin_size, "file %s (%s)", r->magics_path, tables->provenance);
        else
            snprintf(origin, origin_size, "file %s", r->magics_path);
        return status;
    }
    snprintf(origin, origin_size, "seed 0x%llx", (unsigned long long)r->seed);
    status = tables_search(tables, r->seed);
    if (status == -2)
        report(NULL, 0, "out of memory");
    else if (status != 0)
        report(NULL, 0, "the magic search with seed 0x%llx gave up", (unsigned long long)r->seed);
    return status != 0;
}

/* The options of a dense search as its provenance gives them. */
static void describe_dense(const struct request *r, uint64_t draws, struct text *t)
{
    append(t, "--search=dense --seed=0x%llx --budget=%lu", (unsigned long long)r->seed, r->budget);
    if (r->pieces != (1u << PIECE_ROOK | 1u << PIECE_BISHOP))
        append(t, " --piece=%s",
               piece_name(r->pieces == 1u << PIECE_ROOK ? PIECE_ROOK : PIECE_BISHOP));
    for (unsigned sq = 0, first = 1; r->squares != ~(uint64_t)0 && sq < 64; sq++) {
        char name[3];

        if (!(r->squares >> sq & 1))
            continue;
        square_name(sq, name);
        append(t, "%s%s", first ? " --squares=" : ",", name);
        first = 0;
    }
    if (r->shards != 0)
        append(t, " --shard=%lu/%lu", r->shard + 1, r->shards);
    if (r->flavour->fixed[PIECE_ROOK] == 0)
        append(t, " --draws=%llu", (unsigned long long)draws);
    if (r->flavour->layout == LAYOUT_PACKED)
        append(t, " --anneal=%lu", r->anneal);
}

/* The dense search of r on the magics found, SIGINT, SIGTERM or SIGHUP
 * ending it early with the best so far; with r's checkpoints, the first
 * of the magics found.  *origin becomes its options, then where the
 * magics it started from came from.  0, or 1 after a report. */
static int dense_search(struct request *r, struct slider_tables *tables, char **origin)
{
    const size_t size = strlen(*origin) + 512;
    struct text described = { malloc(size), size, 0 }, saved = { malloc(size + 32), size + 32, 0 };
    struct dense_budget budget = {
        .climb = (uint32_t)r->budget, .anneal = (uint32_t)r->anneal, .pieces = r->pieces,
        .squares = r->squares, .progress = 1, .loaded = r->magics_path != NULL,
        .jobs = (unsigned)r->jobs, .shard = (unsigned)r->shard, .shards = (unsigned)r->shards,
        .draws = r->draws_given ? r->draws : (uint64_t)r->budget * DRAWS_PER_STEP,
        .checkpoint = r->checkpoint_path, .checkpoint_every = (unsigned)r->every,
        .origin = saved.buffer,
    };
    char run[sizeof tables->progress.run];
    int status = 0;

    if (described.buffer == NULL || saved.buffer == NULL) {
        free(described.buffer);
        free(saved.buffer);
        report(NULL, 0, "out of memory");
        return 1;
    }
    describe_dense(r, budget.draws, &described);
    /* a file whose progress is this run's (the same options): go on */
    snprintf(run, sizeof run, "%s", described.buffer);
    budget.run = run;
    budget.resume = tables->progress.run[0] != '\0' && strcmp(tables->progress.run, run) == 0;
    if (!budget.resume)
        memset(&tables->progress, 0, sizeof tables->progress);
    append(&saved, "checkpoint of %s, from %s", described.buffer, *origin);
    if (r->checkpoint_path != NULL
        && watch_checkpoint(r->checkpoint_path, tables, saved.buffer) != 0)
        status = 1;
    tables_free(tables);
    if (status == 0 && (status = tables_dense(tables, r->seed, &budget)) != 0) {
        if (status == -2)
            report(NULL, 0, "out of memory");
        else if (status == -1)
            report(NULL, 0, "the dense search with seed 0x%llx found no magic for a square",
                   (unsigned long long)r->seed);
        status = 1;
    }
    append(&described, "%s, from %s", search_stop ? ", interrupted" : "", *origin);
    free(saved.buffer);
    free(*origin);
    *origin = described.buffer;
    r->magics_path = NULL; /* the tables no longer come from the file's lines */
    return status;
}

/* The line that says a signal ended r's search early, with where to go
 * on from; EXIT_INTERRUPTED. */
static int interrupted(const struct request *r)
{
    const char *from = r->checkpoint_path != NULL ? r->checkpoint_path : r->dump_path;

    if (from != NULL)
        report(NULL, 0, "interrupted: the search stopped early and its outputs hold the best"
               " so far; the same command with --magics=%s goes on from it (exit status %d)", from,
               EXIT_INTERRUPTED);
    else
        report(NULL, 0, "interrupted: the search stopped early and its output holds the best"
               " so far (exit status %d)", EXIT_INTERRUPTED);
    return EXIT_INTERRUPTED;
}

/* --merge: each file loaded and verified, then joined (merge.h); *origin
 * becomes "merge of" the files.  0, or 1 after a report. */
static int merge_magics(const struct request *r, struct slider_tables *tables, char **origin)
{
    static struct slider_tables shard;
    static unsigned line[PIECE_COUNT][64];
    struct merge *m = merge_begin(r->flavour);
    unsigned count = 0;
    struct merge_run *runs;
    size_t size = 64;
    struct text named;
    int status = 0;

    for (char **path = r->merged; *path != NULL; path++, count++)
        size += strlen(*path) + 64;
    named = (struct text){ malloc(size), size, 0 };
    runs = calloc(count, sizeof *runs);
    if (m == NULL || named.buffer == NULL || runs == NULL) {
        report(NULL, 0, "out of memory");
        status = 1;
    }
    append(&named, "merge of");
    for (unsigned i = 0; status == 0 && i < count; i++) {
        char split[48] = "";

        tables_prepare(&shard, r->flavour);
        status = magics_load(r->merged[i], &shard, line) != 0
                 || build(&shard, r->merged[i], line) != 0;
        if (status == 0 && merge_add(m, &shard) != 0) {
            report(NULL, 0, "out of memory");
            status = 1;
        }
        merge_run_of(shard.provenance, &runs[i]);
        tables_free(&shard);
        /* each input with its run's seed and shard */
        if (runs[i].shards != 0)
            snprintf(split, sizeof split, ", shard %u/%u", runs[i].shard, runs[i].shards);
        append(&named, "%s %s (seed %s%s%s)", i == 0 ? "" : ",", r->merged[i],
               runs[i].seed[0] ? runs[i].seed : "none", split,
               runs[i].interrupted ? ", interrupted" : "");
    }
    if (status == 0)
        status = merge_check(r->merged, runs, count);
    if (status == 0 && merge_end(m, tables, r->seed, (uint32_t)r->anneal) != 0) {
        report(NULL, 0, "out of memory");
        status = 1;
    }
    if (status == 0)
        note("merge: %u files%s, each square's best of them", count,
             runs[0].shards ? ", every shard of the split" : "");
    merge_free(m);
    free(runs);
    if (named.buffer != NULL) {
        free(*origin);
        *origin = named.buffer;
    }
    return status;
}

int main(int argc, char **argv)
{
    static struct slider_tables tables;
    static unsigned line[PIECE_COUNT][64];
    struct request r = {
        .flavour = flavour_find("fancy"), .seed = DEFAULT_SEED, .budget = 1000000, .anneal = 20000,
        .pieces = 1u << PIECE_ROOK | 1u << PIECE_BISHOP, .squares = ~(uint64_t)0,
        .parts = EMIT_SLIDERS | EMIT_LEAPERS | EMIT_LINES, .every = 600,
    };
    static char default_path[4096], installed[4096];
    char *origin;     /* where the magics came from */
    size_t origin_size;
    int status, checkpoint_failed = 0;

    stdout_checked_at_exit();
    r.jobs = processors();
    if ((status = parse_options(argc, argv, &r)) >= 0)
        return status;
    if (r.magics_dir == NULL && r.magics_path == NULL && !r.seed_given && !r.merge)
        r.magics_dir = installed_magics(installed, sizeof installed);
    if ((status = check_request(&r)) != 0)
        return status;
    if (r.magics_dir != NULL && r.magics_path == NULL && !r.seed_given)
        r.magics_path = magics_default(r.magics_dir, r.flavour, default_path, sizeof default_path);
    origin_size = strlen(r.magics_path != NULL ? r.magics_path : "") + 512 + sizeof tables.provenance;
    if ((origin = malloc(origin_size)) == NULL) {
        report(NULL, 0, "out of memory");
        return 1;
    }
    if (r.dense) {
        /* a signal from here on ends the search, never the run */
        watch_catch();
        if (outputs_writable(&r) != 0) {
            free(origin);
            return 1;
        }
    }
    tables_prepare(&tables, r.flavour);
    if (r.merge)
        status = merge_magics(&r, &tables, &origin);
    else
        status = find_magics(&r, &tables, line, origin, origin_size);
    if (status == 0 && r.dense)
        status = dense_search(&r, &tables, &origin);
    if (status == 0)
        status = build(&tables, r.magics_path, line);
    /* a checkpoint that cannot be written keeps no output from being */
    if (status == 0 && r.checkpoint_path != NULL)
        checkpoint_failed = watch_checkpoint(r.checkpoint_path, &tables, origin);
    if (status == 0)
        status = write_outputs(&r, &tables, origin);
    if (status == 0 && checkpoint_failed)
        status = 1;
    if (status == 0 && r.dense && search_stop)
        status = interrupted(&r);
    free(origin);
    tables_free(&tables);
    return status;
}
