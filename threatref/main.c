/* SPDX-License-Identifier: MIT */
/* main.c - magicbb-threatref, the reference checker for threat relations
 * (magicbb-threatref(1)): writes test vectors, and checks a vectors file
 * (an engine's answers written back in it) against the reference. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "threatvec.h"

#ifndef MBB_VERSION
#define MBB_VERSION "unknown"
#endif

static const char usage[]
    = "Usage: magicbb-threatref vectors [OPTION]...\n"
      "       magicbb-threatref check FILE\n"
      "Write threat test vectors: events on random boards, then every move of the\n"
      "perft walks of the six standard positions, each with the attack relations\n"
      "it adds and removes; or check a file of them, an engine's answers written\n"
      "in it, against the reference.\n"
      "\n"
      "vectors:\n"
      "  --seed N        the random boards' seed (default 1)\n"
      "  --count N       events on random boards, 0 to 500000 (default 2000)\n"
      "  --depth N       the walks' depth in plies, 0 to 3 (default 2; 0: no walks)\n"
      "  --rules R       the rule table: stockfish (default) or everything\n"
      "  -o FILE         write FILE (whole or not at all), not standard output\n"
      "check FILE (- for standard input): every vector's adds and removes, as sets.\n"
      "  -h, --help      show this help and exit\n"
      "  -V, --version   show the version and exit\n"
      "\n"
      "Exit status: 0 (check: every list matches, nothing printed); 1 if the output\n"
      "cannot be written, or (check) one line a difference, 'FILE:LINE: adds:\n"
      "missing RELATION'; 2 for bad arguments (--count 0 with --depth 0 too: no\n"
      "vectors) or a file that is no vectors file, after one line that says why.\n";

/* One line "magicbb-threatref: MESSAGE 'VALUE' (see ...)" (VALUE where
 * not NULL), naming where to read more: status 2. */
static int refuse_usage(const char *message, const char *value)
{
    if (value != NULL)
        report(NULL, 0, "%s '%s' (see magicbb-threatref --help)", message, value);
    else
        report(NULL, 0, "%s (see magicbb-threatref --help)", message);
    return 2;
}

/* Whether ARG asks for the help. */
static int is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

/* A decimal number from 0 to max into *value: 0, or -1. */
static int number(const char *text, unsigned long long max, unsigned long long *value)
{
    char *end;

    if (text[0] < '0' || text[0] > '9')
        return -1;
    errno = 0;
    *value = strtoull(text, &end, 10);
    return errno == 0 && *end == '\0' && *value <= max ? 0 : -1;
}

/* The options of vectors into o and *output: 0; 2 (a usage error,
 * reported); or -1 (--help, the usage printed). */
static int vectors_options(int argc, char **argv, struct threatvec_options *o, const char **output)
{
    static const char *const names[] = { "--seed", "--count", "--depth", "--rules", "-o" };
    static const char *const wants[] = { "a number from 0 to 2^64 - 1", "a number from 0 to 500000",
                                         "a number from 0 to 3", "stockfish or everything" };

    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        unsigned option = 0;
        unsigned long long n = 0;
        int bad;
        char why[160];

        if (is_help(arg)) {
            fputs(usage, stdout);
            return -1;
        }

        for (; option < 5; option++) {
            const size_t length = strlen(names[option]);

            if (strncmp(arg, names[option], length) == 0
                && (arg[length] == '\0' || (arg[length] == '=' && option < 4))) {
                value = arg[length] == '=' ? arg + length + 1 : i + 1 < argc ? argv[++i] : NULL;
                break;
            }
        }
        if (option == 5)
            return refuse_usage("vectors: unknown option", arg);
        if (value == NULL) {
            snprintf(why, sizeof why, "vectors: %s needs a value", names[option]);
            return refuse_usage(why, NULL);
        }
        switch (option) {
        case 0:
            bad = number(value, UINT64_MAX, &n), o->seed = n;
            break;
        case 1:
            bad = number(value, THREATVEC_COUNT_MAX, &n), o->count = (unsigned long)n;
            break;
        case 2:
            bad = number(value, THREATVEC_DEPTH_MAX, &n), o->depth = (int)n;
            break;
        case 3:
            bad = (o->rules = threatvec_rules_named(value)) < 0;
            break;
        default:
            bad = 0, *output = value;
            break;
        }
        if (bad) {
            snprintf(why, sizeof why, "vectors: %s takes %s, not", names[option], wants[option]);
            return refuse_usage(why, value);
        }
    }
    /* (a file of no vectors is one check refuses) */
    if (o->count == 0 && o->depth == 0)
        return refuse_usage("vectors: --count 0 with --depth 0 writes no vectors", NULL);
    return 0;
}

static int vectors(int argc, char **argv)
{
    struct threatvec_options o = { .seed = 1, .count = 2000, .depth = 2, .rules = 0 };
    const char *output = "-";
    struct outfile out;
    struct outfile *outs[1] = { &out };
    const int status = vectors_options(argc, argv, &o, &output);

    if (status != 0)
        return status < 0 ? 0 : status;
    /* (an output that cannot be opened, a closed descriptor among them, is
     * an output that cannot be written: status 1) */
    if (outfile_open(&out, output) != 0)
        return 1;
    if (threatvec_generate(out.stream, &o) != 0) {
        report(NULL, 0, "a standard position does not parse");
        outfile_abandon(&out);
        return 2;
    }
    /* a write error is status 1, to a file or to standard output */
    return outfiles_commit(outs, 1) == 0 ? 0 : 1;
}

static int check(int argc, char **argv)
{
    FILE *in;
    int status;

    if (argc == 1 && is_help(argv[0])) {
        fputs(usage, stdout);
        return 0;
    }
    if (argc != 1)
        return refuse_usage("check takes one FILE (- for standard input)", NULL);
    if ((in = threatvec_open(argv[0])) == NULL)
        return 2;
    status = threatvec_check(in, in == stdin ? "(standard input)" : argv[0], stdout);
    if (in != stdin)
        fclose(in);
    return status;
}

int main(int argc, char **argv)
{
    report_program = "magicbb-threatref";
    stdout_checked_at_exit();
    if (argc >= 2 && is_help(argv[1])) {
        fputs(usage, stdout);
        return 0;
    }
    if (argc >= 2 && (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)) {
        puts("magicbb-threatref " MBB_VERSION);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "vectors") == 0)
        return vectors(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "check") == 0)
        return check(argc - 2, argv + 2);
    return argc < 2 ? refuse_usage("no command: vectors or check", NULL)
                    : refuse_usage("unknown command", argv[1]);
}
