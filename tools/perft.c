/* perft.c - magicbb-perft: count the leaf nodes of the legal move tree.
 *
 *     magicbb-perft [--divide] DEPTH [FEN]
 *
 * The move generator (movegen.c) uses magicbb's public API only, so its
 * counts against the published perft counts test the attack tables in
 * play. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <magicbb.h>

#include "machine.h"
#include "movegen.h"

static double seconds(void)
{
    return now_ns() * 1e-9;
}

static int usage(FILE *out, int status)
{
    fputs("Usage: magicbb-perft [--divide] DEPTH [FEN]\n"
          "Count the leaf nodes of the legal move tree DEPTH plies deep from FEN\n"
          "(default: the start position).  --divide also prints the count under\n"
          "each legal first move.  Exit status: 0, or 2 for bad arguments or FEN.\n",
          out);
    return status;
}

int main(int argc, char **argv)
{
    struct position p;
    int arg = 1, divide = 0, depth;
    char *end, cpu[128];
    double start, elapsed;
    uint64_t nodes = 0;

    if (arg < argc && strcmp(argv[arg], "--help") == 0)
        return usage(stdout, 0);
    if (arg < argc && strcmp(argv[arg], "--divide") == 0) {
        divide = 1;
        arg++;
    }
    if (arg >= argc || argc - arg > 2)
        return usage(stderr, 2);
    depth = (int)strtol(argv[arg], &end, 10);
    if (*end != '\0' || end == argv[arg] || depth < 1 || depth > 20) {
        fprintf(stderr, "magicbb-perft: depth '%s' is not a number from 1 to 20\n", argv[arg]);
        return 2;
    }
    if (parse_fen(arg + 1 < argc ? argv[arg + 1] : START_FEN, &p) != 0)
        return 2;

    start = seconds();
    if (divide) {
        struct move moves[256];
        int count = generate(&p, moves);

        for (int i = 0; i < count; i++) {
            struct position next = p;
            char name[6];
            uint64_t n;

            play(&next, &moves[i]);
            n = perft(&next, depth - 1);
            move_name(&moves[i], name);
            printf("%s: %llu\n", name, (unsigned long long)n);
            nodes += n;
        }
    } else {
        nodes = perft(&p, depth);
    }
    elapsed = seconds() - start;
    cpu_name(cpu, sizeof cpu);
    printf("nodes %llu\ntime %.3f s\nMnps %.1f\nflavour %s, %s\n", (unsigned long long)nodes,
           elapsed, elapsed > 0 ? (double)nodes / elapsed / 1e6 : 0.0, mbb_flavour(), cpu);
    return 0;
}
