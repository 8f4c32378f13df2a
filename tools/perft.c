/* SPDX-License-Identifier: MIT */
/* perft.c - magicbb-perft: count the leaf nodes of the legal move tree.
 *
 *     magicbb-perft [--divide] DEPTH [FEN]
 *
 * The move generator (movegen.c) uses magicbb's public API only, so its
 * counts against the published perft counts test the attack tables in
 * play. */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <magicbb.h>

#include "escape.h"
#include "machine.h"
#include "movegen.h"
#include "output.h"

#ifndef MBB_VERSION
#define MBB_VERSION "unknown"
#endif

static double seconds(void)
{
    return now_ns() * 1e-9;
}

static void usage(void)
{
    fputs("Usage: magicbb-perft [OPTION]... DEPTH [FEN]\n"
          "Count the leaf nodes of the legal move tree DEPTH (1 to 20) plies deep\n"
          "from FEN (default: the start position), with magicbb's attack tables.\n"
          "\n"
          "  -d, --divide    also print the count under each legal first move\n"
          "  -h, --help      show this help and exit\n"
          "  -V, --version   show the version and exit\n"
          "\n"
          "Options may come before or after DEPTH and FEN; give the FEN as one\n"
          "argument (quoted).  A FEN must describe a position chess tools accept:\n"
          "one king, at most 16 pieces and 8 pawns a side, no pawn on the first\n"
          "or last rank, the side not to move not in check.  Chess960 castling\n"
          "rights may name the rooks' files (Shredder-FEN HAha, X-FEN).\n"
          "Exit status: 0, 1 if the output cannot be written, or 2 for bad\n"
          "arguments or a bad FEN.\n",
          stdout);
}

/* One line "magicbb-perft: ...", quoted text escaped, and a hint. */
static int usage_error(const char *message, const char *quoted)
{
    fputs("magicbb-perft: ", stderr);
    fputs(message, stderr);
    if (quoted != NULL) {
        fputs(" '", stderr);
        escape_text(stderr, quoted, ESCAPE_MESSAGE);
        fputc('\'', stderr);
    }
    fputs("\nTry 'magicbb-perft --help' for more information.\n", stderr);
    return 2;
}

static const struct option options[] = {
    { "divide", no_argument, NULL, 'd' },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 },
};

/* The usage error for the option getopt_long just refused.  getopt sets
 * optopt to 0 for an unknown long option, to the letter of an unknown
 * short one, and to a long option's own letter where it is given a value
 * it does not take. */
static int option_error(char **argv)
{
    const char *arg = argv[optind - 1];
    char name[64];

    if (optopt == 0) {
        snprintf(name, sizeof name, "%.*s", (int)strcspn(arg, "="), arg);
        return usage_error("unknown option", name);
    }
    for (const struct option *o = options; o->name != NULL; o++) {
        if (o->val == optopt) {
            snprintf(name, sizeof name, "--%s", o->name);
            return usage_error("this option takes no value:", name);
        }
    }
    snprintf(name, sizeof name, "-%c", optopt);
    return usage_error("unknown option", name);
}

/* DEPTH and FEN, the arguments after the options, into *depth and *p:
 * -1 to go on, or the exit status of a usage error or a bad FEN. */
static int parse_arguments(int argc, char **argv, int *depth, struct position *p)
{
    const char *fen = START_FEN;
    char *end, why[FEN_WHY_SIZE];
    long value;

    if (optind >= argc)
        return usage_error("missing DEPTH", NULL);
    if (argc - optind > 2 && strchr(argv[optind + 1], '/') != NULL)
        return usage_error("a FEN is one argument, so quote it (magicbb-perft 3 '8/8/... w - -"
                           " 0 1'); unexpected argument",
                           argv[optind + 2]);
    if (argc - optind > 2)
        return usage_error("unexpected argument", argv[optind + 2]);
    /* digits only: strtol would also take "+3", " 3" and "0x3" */
    value = strtol(argv[optind], &end, 10);
    if (argv[optind][0] < '1' || argv[optind][0] > '9' || *end != '\0' || value > 20)
        return usage_error("depth is not a number from 1 to 20:", argv[optind]);
    *depth = (int)value;
    if (optind + 1 < argc)
        fen = argv[optind + 1];
    if (parse_fen(fen, p, why) != 0) {
        fputs("magicbb-perft: bad FEN: ", stderr);
        escape_text(stderr, why, ESCAPE_MESSAGE);
        fputc('\n', stderr);
        return 2;
    }
    return -1;
}

/* The perft count of p to depth, with each first move's printed. */
static uint64_t divided(const struct position *p, int depth)
{
    struct move moves[MOVES_MAX];
    const int count = generate(p, moves);
    uint64_t nodes = 0;

    for (int i = 0; i < count; i++) {
        struct position next = *p;
        char name[6];
        uint64_t n;

        play(&next, &moves[i]);
        n = perft(&next, depth - 1);
        move_name(&moves[i], name);
        printf("%s: %llu\n", name, (unsigned long long)n);
        nodes += n;
    }
    return nodes;
}

int main(int argc, char **argv)
{
    struct position p;
    int divide = 0, depth = 0, option, status;
    char cpu[128];
    double start, elapsed;
    uint64_t nodes;

    report_program = "magicbb-perft";
    stdout_checked_at_exit();
    opterr = 0; /* report bad options in the program's own words */
    while ((option = getopt_long(argc, argv, ":dhV", options, NULL)) != -1) {
        switch (option) {
        case 'd':
            divide = 1;
            break;
        case 'h':
            usage();
            return 0;
        case 'V':
            puts("magicbb-perft " MBB_VERSION);
            return 0;
        default:
            return option_error(argv);
        }
    }
    if ((status = parse_arguments(argc, argv, &depth, &p)) >= 0)
        return status;
    start = seconds();
    nodes = divide ? divided(&p, depth) : perft(&p, depth);
    elapsed = seconds() - start;
    cpu_name(cpu, sizeof cpu);
    printf("nodes %llu\ntime %.3f s\nMnps %.1f\nflavour %s, %s\n", (unsigned long long)nodes,
           elapsed, elapsed > 0 ? (double)nodes / elapsed / 1e6 : 0.0, mbb_flavour(), cpu);
    return 0;
}
