/* SPDX-License-Identifier: MIT */
/* main.c - magicbb-search: the long searches for better magics (the
 * dense search, the annealer, shards and their merge), on the generator's
 * core; every set it writes is verified as magicbb-gen verifies it. */
#define _GNU_SOURCE /* sched_getaffinity, where there is one; POSIX.1-2008 besides */
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dense.h"
#include "magicsfile.h"
#include "merge.h"
#include "progress.h"
#include "watch.h"

static void usage(FILE *out)
{
    fprintf(out, "Usage: magicbb-search [OPTION]...\n"
                 "       magicbb-search --merge [OPTION]... FILE...\n"
                 "Improve the magics of one table flavour (searched with the seed, or\n"
                 "loaded with --magics) with more candidates from the seed: fewer index\n"
                 "bits, or narrower fixed-width slices, and fancy's, white's and black's\n"
                 "slices packed anew; or join the magics files of a search's shards.  Every\n"
                 "(square, occupancy) pair is checked against a ray walk before a set\n"
                 "is written.\n"
                 "\n");
    fputs(cli_output_help, out);
    fputs("      --budget=N           candidates a square (1000000; offsetmagic: at\n"
          "                           each start a slice is tried at)\n"
          "      --draws=N            random candidates before each step of the climb\n"
          "                           to fewer index bits (32 times --budget)\n"
          "      --piece=PIECE        search rook or bishop squares only\n"
          "      --squares=LIST       search these squares only: a comma-separated\n"
          "                           list such as g7,h7,g8, or open: those where a\n"
          "                           magic with one index bit fewer is neither\n"
          "                           given nor proven absent\n"
          "      --jobs=N             threads sharing the squares (the processors\n"
          "                           available; the magics found are the same for\n"
          "                           any N)\n"
          "      --shard=K/N          search the K-th of N shares of the squares only\n"
          "                           (a job array's task K of N)\n"
          "      --checkpoint=FILE    write the best magics so far to FILE (as\n"
          "                           --dump-magics) every SECONDS and when SIGINT,\n"
          "                           SIGTERM or SIGHUP stops the search; --magics=FILE\n"
          "                           goes on from it\n"
          "      --checkpoint-every=SECONDS\n"
          "                           seconds between checkpoints (600)\n"
          "      --merge FILE...      join the magics files of a search's shards:\n"
          "                           each square's best magic, packed again (white,\n"
          "                           black: the union of their magics), verified\n"
          "      --anneal=N           moves of the annealer that packs the slices of\n"
          "                           fancy, white and black after the search (20000)\n"
          "\n"
          "A seed is decimal (no leading zeros) or 0x and up to 16 hex digits.\n"
          "Outputs are written as magicbb-gen writes them (magicbb-gen(1)): all\n"
          "of them or none.  Exit status: 0 success, 1 bad input, failed\n"
          "verification or a write error, 2 usage error, 75 a search that\n"
          "SIGINT, SIGTERM or SIGHUP ended early (outputs written).\n"
          "\n",
          out);
    print_flavours(out);
}

/* What the command line asks for. */
struct search_request {
    struct gen_request out;
    int budget_given, anneal_given, draws_given, jobs_given, every_given;
    unsigned pieces;
    unsigned long budget, anneal, draws, jobs, every, shard, shards;
    uint64_t squares; /* bit sq: the search searches the square */
    int open;         /* --squares=open */
    const char *checkpoint_path;
    int merge;
    char **merged; /* --merge: the files, NULL-terminated */
};

enum {
    OPT_BUDGET = OPT_OWN,
    OPT_ANNEAL,
    OPT_DRAWS,
    OPT_PIECE,
    OPT_SQUARES,
    OPT_JOBS,
    OPT_SHARD,
    OPT_CHECKPOINT,
    OPT_CHECKPOINT_EVERY,
    OPT_MERGE
};

static const struct option long_options[] = {
    CLI_LONG_OPTIONS,
    { "budget", required_argument, NULL, OPT_BUDGET },
    { "anneal", required_argument, NULL, OPT_ANNEAL },
    { "draws", required_argument, NULL, OPT_DRAWS },
    { "piece", required_argument, NULL, OPT_PIECE },
    { "squares", required_argument, NULL, OPT_SQUARES },
    { "jobs", required_argument, NULL, OPT_JOBS },
    { "shard", required_argument, NULL, OPT_SHARD },
    { "checkpoint", required_argument, NULL, OPT_CHECKPOINT },
    { "checkpoint-every", required_argument, NULL, OPT_CHECKPOINT_EVERY },
    { "merge", no_argument, NULL, OPT_MERGE },
    { NULL, 0, NULL, 0 },
};

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

/* An option of the search (take_option). */
static int take_search_option(void *own, int option)
{
    struct search_request *r = own;

    switch (option) {
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
        r->open = strcmp(optarg, "open") == 0;
        if (r->open)
            return -1;
        if (parse_squares(optarg, &r->squares) != 0)
            return usage_error("--squares: '%s' is not a comma-separated list of squares"
                               " (a1 to h8)",
                               optarg);
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
    case OPT_MERGE:
        r->merge = 1;
        return -1;
    case OPT_CHECKPOINT_EVERY:
        if (parse_count(optarg, &r->every) != 0 || r->every == 0 || r->every > 1000000)
            return usage_error("--checkpoint-every: '%s' is not a number of seconds from 1 to"
                               " 1000000",
                               optarg);
        r->every_given = 1;
        return -1;
    default:
        return CLI_NOT_MINE;
    }
}

/* The combinations of options that make no sense; 0 or 2. */
static int check_request(const struct search_request *r)
{
    const struct gen_flavour *f = r->out.flavour;

    if (!f->magics)
        return usage_error("the %s flavour uses no magics: there is nothing to search or merge",
                           f->name);
    if (r->merge
        && (r->budget_given || r->draws_given || r->jobs_given || r->shards != 0
            || r->checkpoint_path != NULL || r->squares != ~(uint64_t)0 || r->open
            || r->pieces != (1u << PIECE_ROOK | 1u << PIECE_BISHOP)))
        return usage_error("--merge searches nothing: --budget, --draws, --piece, --squares,"
                           " --jobs, --shard and --checkpoint do not apply");
    if (r->every_given && r->checkpoint_path == NULL)
        return usage_error("--checkpoint-every applies to --checkpoint only");
    if (r->checkpoint_path != NULL && !regular_or_new(r->checkpoint_path))
        return usage_error("--checkpoint: '%s' is neither a regular file nor a new one (each"
                           " checkpoint replaces the last, whole)",
                           r->checkpoint_path);
    if (r->checkpoint_path != NULL
        && ((r->out.output_path != NULL && outfile_same(r->checkpoint_path, r->out.output_path))
            || (r->out.dump_path != NULL && outfile_same(r->checkpoint_path, r->out.dump_path))))
        return usage_error("--checkpoint names an output's file, '%s'", r->checkpoint_path);
    if (r->shards != 0 && f->layout == LAYOUT_IN_MAGIC)
        return usage_error("--shard: the %s flavour places all its slices in one pass: its"
                           " search cannot be split",
                           f->name);
    if (r->open && (f->fixed[PIECE_ROOK] != 0 || f->layout == LAYOUT_IN_MAGIC))
        return usage_error("--squares=open applies to a flavour whose squares have their own"
                           " index bits only: the %s flavour's magics have one width",
                           f->name);
    if (r->draws_given && f->fixed[PIECE_ROOK] != 0)
        return usage_error("--draws applies to a flavour whose squares have their own index"
                           " bits only");
    if (r->anneal_given && f->layout != LAYOUT_PACKED)
        return usage_error("--anneal applies to an overlapping flavour (fancy, white, black) only");
    if (r->merge && (r->out.magics_path != NULL || r->out.magics_dir != NULL))
        return usage_error("--merge takes its magics from the files it names: --magics and"
                           " --magics-dir do not apply");
    if (r->merge && f->layout == LAYOUT_IN_MAGIC)
        return usage_error("--merge: the %s flavour's magics hold their slices' places: its"
                           " files cannot be merged square by square",
                           f->name);
    if (r->merge && r->out.seed_given && f->layout != LAYOUT_PACKED)
        return usage_error(
            "--seed applies to --merge of an overlapping flavour (fancy, white, black)"
            " only, where it drives the annealer");
    return check_common(&r->out, 1);
}

/* A loaded file's progress: each "#@ from" magic, where a square a run
 * did not finish started and a resumed run starts again, works for its
 * square at its width.  0, or 1 after a report naming the line. */
static int verify_progress(const struct slider_tables *t, const char *path)
{
    static struct occupancies list;
    static struct fill_scratch scratch;
    const struct gen_flavour *f = t->flavour;

    for (unsigned k = 0; k < PIECE_COUNT * 64; k++) {
        const enum piece p = (enum piece)(k / 64);
        const struct work_entry *e = &t->progress.start[p][k % 64];
        const unsigned bits = f->fixed[p] != 0 ? f->fixed[p] : index_bits(f, p, e);
        char name[3];

        if (!t->progress.started[p][k % 64])
            continue;
        occupancies_list(p, k % 64, &list);
        if (f->fill == NULL
            || (bits <= 12 && f->fill(p, e, &list, (uint32_t)1 << bits, &scratch) != 0))
            continue;
        square_name(k % 64, name);
        report(path, t->progress.from_line[p][k % 64],
               "#@ from: the magic 0x%016llx does not work for the %s on %s at %u index bits:"
               " the progress is damaged",
               (unsigned long long)e->magic, piece_name(p), name, bits);
        return 1;
    }
    return 0;
}

/* The magics the search starts from: searched with the seed, or loaded
 * and verified, so that a bad file is named, with its line, before the
 * search; a file's origin names the runs it goes on from (a checkpoint
 * is overwritten: a requeued shard's history is in its provenance).  0,
 * or 1 after a report. */
static int start_magics(const struct search_request *r, struct slider_tables *tables,
                        unsigned line[PIECE_COUNT][64], char *origin, size_t origin_size)
{
    if (find_magics(&r->out, tables, line, origin, origin_size) != 0)
        return 1;
    if (r->out.magics_path == NULL)
        return 0;
    if (tables->provenance[0] != '\0')
        snprintf(origin, origin_size, "file %s (%s)", r->out.magics_path, tables->provenance);
    return verify_tables(tables, r->out.magics_path, line)
           || verify_progress(tables, r->out.magics_path);
}

/* The options of a dense search as its provenance gives them. */
static void describe_dense(const struct search_request *r, uint64_t draws, struct text *t)
{
    append(t, "magicbb-search --seed=0x%llx --budget=%lu", (unsigned long long)r->out.seed,
           r->budget);
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
    if (r->open)
        append(t, " --squares=open");
    if (r->shards != 0)
        append(t, " --shard=%lu/%lu", r->shard + 1, r->shards);
    if (r->out.flavour->fixed[PIECE_ROOK] == 0)
        append(t, " --draws=%llu", (unsigned long long)draws);
    if (r->out.flavour->layout == LAYOUT_PACKED)
        append(t, " --anneal=%lu", r->anneal);
}

/* The dense search of r on the magics found, SIGINT, SIGTERM or SIGHUP
 * ending it early with the best so far; with r's checkpoints, the first
 * of the magics found.  *origin becomes its options, then where the
 * magics it started from came from.  0, or 1 after a report. */
static int dense_search(struct search_request *r, struct slider_tables *tables, char **origin)
{
    const size_t size = strlen(*origin) + 512;
    struct text described = { malloc(size), size, 0 }, saved = { malloc(size + 32), size + 32, 0 };
    struct dense_budget budget = {
        .climb = (uint32_t)r->budget,
        .anneal = (uint32_t)r->anneal,
        .pieces = r->pieces,
        .squares = r->squares,
        .open = r->open,
        .progress = 1,
        .loaded = r->out.magics_path != NULL,
        .jobs = (unsigned)r->jobs,
        .shard = (unsigned)r->shard,
        .shards = (unsigned)r->shards,
        .draws = r->draws_given ? r->draws : (uint64_t)r->budget * DRAWS_PER_STEP,
        .checkpoint = r->checkpoint_path,
        .checkpoint_every = (unsigned)r->every,
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
    if (status == 0 && (status = tables_dense(tables, r->out.seed, &budget)) != 0) {
        if (status == -2)
            report(NULL, 0, "out of memory");
        else if (status == -1)
            report(NULL, 0, "the dense search with seed 0x%llx found no magic for a square",
                   (unsigned long long)r->out.seed);
        status = 1;
    }
    append(&described, "%s, from %s", search_stop ? ", interrupted" : "", *origin);
    free(saved.buffer);
    free(*origin);
    *origin = described.buffer;
    r->out.magics_path = NULL; /* the tables no longer come from the file's lines */
    return status;
}

/* The line that says a signal ended r's search early, with where to go
 * on from; EXIT_INTERRUPTED. */
static int interrupted(const struct search_request *r)
{
    const char *from = r->checkpoint_path != NULL ? r->checkpoint_path : r->out.dump_path;

    if (r->merge)
        report(NULL, 0,
               "interrupted: the merge's packing stopped early and its outputs hold the"
               " smallest layout so far (exit status %d)",
               EXIT_INTERRUPTED);
    else if (from != NULL)
        report(NULL, 0,
               "interrupted: the search stopped early and its outputs hold the best"
               " so far; the same command with --magics=%s goes on from it (exit status %d)",
               from, EXIT_INTERRUPTED);
    else
        report(NULL, 0,
               "interrupted: the search stopped early and its output holds the best"
               " so far (exit status %d)",
               EXIT_INTERRUPTED);
    return EXIT_INTERRUPTED;
}

/* --merge: each file loaded and verified, then joined (merge.h); *origin
 * becomes "merge of" the files.  0, or 1 after a report. */
static int merge_magics(const struct search_request *r, struct slider_tables *tables, char **origin)
{
    static struct slider_tables shard;
    static unsigned line[PIECE_COUNT][64];
    struct merge *m = merge_begin(r->out.flavour);
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

        tables_prepare(&shard, r->out.flavour);
        status = magics_load(r->merged[i], &shard, line) != 0
                 || verify_tables(&shard, r->merged[i], line) != 0;
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
    if (status == 0 && merge_end(m, tables, r->out.seed, (uint32_t)r->anneal) != 0) {
        report(NULL, 0, "out of memory");
        status = 1;
    }
    if (status == 0 && search_stop) /* its packing cut short: the provenance says so */
        append(&named, ", interrupted");
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
    static char default_path[4096], installed[4096];
    struct search_request r = {
        .budget = 1000000,
        .anneal = 20000,
        .pieces = 1u << PIECE_ROOK | 1u << PIECE_BISHOP,
        .squares = ~(uint64_t)0,
        .every = 600,
    };
    char *origin; /* where the magics came from */
    size_t origin_size;
    int status, checkpoint_failed = 0;

    report_program = "magicbb-search";
    stdout_checked_at_exit();
    request_init(&r.out);
    r.jobs = processors();
    if ((status = cli_parse(argc, argv, long_options, &r.out, take_search_option, &r, usage)) >= 0)
        return status;
    if (r.merge && optind < argc)
        r.merged = argv + optind;
    else if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    else if (r.merge)
        return usage_error("--merge: give the magics files to merge");
    if (r.out.magics_dir == NULL && r.out.magics_path == NULL && !r.out.seed_given && !r.merge)
        r.out.magics_dir = installed_magics(installed, sizeof installed);
    if ((status = check_request(&r)) != 0)
        return status;
    if (r.out.magics_dir != NULL && r.out.magics_path == NULL && !r.out.seed_given)
        r.out.magics_path
            = magics_default(r.out.magics_dir, r.out.flavour, default_path, sizeof default_path);
    origin_size = strlen(r.out.magics_path != NULL ? r.out.magics_path : "") + 512
                  + sizeof tables.provenance;
    if ((origin = malloc(origin_size)) == NULL) {
        report(NULL, 0, "out of memory");
        return 1;
    }
    /* a signal from here on ends the search, never the run */
    watch_catch();
    if (outputs_writable(&r.out) != 0) {
        free(origin);
        return 1;
    }
    tables_prepare(&tables, r.out.flavour);
    if (r.merge)
        status = merge_magics(&r, &tables, &origin);
    else
        status = start_magics(&r, &tables, line, origin, origin_size);
    if (status == 0 && !r.merge)
        status = dense_search(&r, &tables, &origin);
    if (status == 0)
        status = verify_tables(&tables, r.out.magics_path, line);
    /* a checkpoint that cannot be written keeps no output from being */
    if (status == 0 && r.checkpoint_path != NULL)
        checkpoint_failed = watch_checkpoint(r.checkpoint_path, &tables, origin);
    if (status == 0)
        status = write_outputs(&r.out, &tables, origin);
    if (status == 0 && checkpoint_failed)
        status = 1;
    if (status == 0 && search_stop)
        status = interrupted(&r);
    free(origin);
    tables_free(&tables);
    return status;
}
