/* SPDX-License-Identifier: MIT */
/* threatcli.c - magicbb-threatref: the threat-change reference checker
 * (doc/threats.md, "For other engines"): writes test vectors, and checks
 * a vectors file (an engine's answers written back in it) against the
 * reference. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "threatvec.h"

static const char usage[]
    = "usage: magicbb-threatref vectors [--seed N] [--count N] [--depth N]\n"
      "                                 [--rules stockfish|everything] [-o FILE]\n"
      "       magicbb-threatref check FILE\n"
      "       magicbb-threatref --help\n"
      "\n"
      "vectors  writes threat test vectors (the format: doc/threats.md, \"For other\n"
      "         engines\"): --count events on random boards (default 2000, at most\n"
      "         500000; 0 to 40 pieces, every event kind, x-ray pairs, moves along a\n"
      "         slider's line, captures) from --seed (default 1), then every move of\n"
      "         the perft walks of the six standard positions to --depth plies\n"
      "         (default 2, at most 3; 0: none), each with the relations it adds and\n"
      "         removes under --rules (default stockfish), from the reference.  To\n"
      "         standard output, or to FILE (-o), written whole or not at all.\n"
      "check    reads a vectors file (FILE, or - for standard input) and checks every\n"
      "         vector's adds and removes, as sets, against the reference.  Exit\n"
      "         status 0 and no output where all match; 1 and one line a difference,\n"
      "         FILE:LINE: adds|removes: missing|extra RELATION; 2 and one line\n"
      "         'magicbb-threatref: FILE:LINE: what is wrong' where the input is no\n"
      "         vectors file (or a usage error).\n";

/* One line "magicbb-threatref: MESSAGE 'VALUE'" (VALUE where not NULL),
 * then where to read more: status 2. */
static int usage_error(const char *message, const char *value)
{
    if (value != NULL)
        report(NULL, 0, "%s '%s'", message, value);
    else
        report(NULL, 0, "%s", message);
    fputs("magicbb-threatref: see magicbb-threatref --help\n", stderr);
    return 2;
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

static int vectors(int argc, char **argv)
{
    static const char *const names[] = { "--seed", "--count", "--depth", "--rules", "-o" };
    static const char *const wants[] = { "a number from 0 to 2^64 - 1", "a number from 0 to 500000",
                                         "a number from 0 to 3", "stockfish or everything" };
    struct threatvec_options o = { .seed = 1, .count = 2000, .depth = 2, .rules = 0 };
    const char *output = "-";
    struct outfile out;
    struct outfile *outs[1] = { &out };

    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        unsigned option = 0;
        unsigned long long n = 0;
        int bad;

        for (; option < 5; option++) {
            const size_t length = strlen(names[option]);

            if (strncmp(arg, names[option], length) == 0
                && (arg[length] == '\0' || (arg[length] == '=' && option < 4))) {
                value = arg[length] == '=' ? arg + length + 1 : i + 1 < argc ? argv[++i] : NULL;
                break;
            }
        }
        if (option == 5)
            return usage_error("vectors: unknown option", arg);
        if (value == NULL) {
            char why[80];

            snprintf(why, sizeof why, "vectors: %s needs a value", names[option]);
            return usage_error(why, NULL);
        }
        switch (option) {
        case 0:
            bad = number(value, UINT64_MAX, &n), o.seed = n;
            break;
        case 1:
            bad = number(value, THREATVEC_COUNT_MAX, &n), o.count = (unsigned long)n;
            break;
        case 2:
            bad = number(value, THREATVEC_DEPTH_MAX, &n), o.depth = (int)n;
            break;
        case 3:
            bad = (o.rules = threatvec_rules_named(value)) < 0;
            break;
        default:
            bad = 0, output = value;
            break;
        }
        if (bad) {
            char why[160];

            snprintf(why, sizeof why, "vectors: %s takes %s, not", names[option], wants[option]);
            return usage_error(why, value);
        }
    }
    if (outfile_open(&out, output) != 0)
        return 2;
    if (threatvec_generate(out.stream, &o) != 0) {
        report(NULL, 0, "a standard position does not parse");
        outfile_abandon(&out);
        return 2;
    }
    return outfiles_commit(outs, 1) == 0 ? 0 : 2;
}

int main(int argc, char **argv)
{
    report_program = "magicbb-threatref";
    stdout_checked_at_exit();
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "vectors") == 0)
        return vectors(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "check") == 0) {
        FILE *in;
        int status;

        if (argc != 3)
            return usage_error("check takes one FILE (- for standard input)", NULL);
        if ((in = threatvec_open(argv[2])) == NULL)
            return 2;
        status = threatvec_check(in, in == stdin ? "(standard input)" : argv[2], stdout);
        if (in != stdin)
            fclose(in);
        return status;
    }
    return argc < 2 ? usage_error("no command: vectors or check", NULL)
                    : usage_error("unknown command", argv[1]);
}
