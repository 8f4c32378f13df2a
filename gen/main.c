/* SPDX-License-Identifier: MIT */
/* main.c - magicbb-gen: find or load magics, verify, emit tables.c. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "magicsfile.h"
#include "output.h"

#ifndef MBB_VERSION
#define MBB_VERSION "unknown"
#endif

static void usage(FILE *out)
{
    fprintf(out, "Usage: magicbb-gen [OPTION]...\n"
          "Find or load the magic numbers of one table flavour, check every\n"
          "(square, occupancy) pair against a ray walk, and write C tables.\n"
          "\n"
          "  -f, --flavour=NAME       table flavour (default fancy; the list is below)\n"
          "  -s, --seed=N             seed of the magic search (default 0x6d616769636262)\n"
          "  -m, --magics=FILE        load the magics from FILE instead of searching\n"
          "  -d, --dump-magics=FILE   write the magics used to FILE\n"
          "  -o, --output=FILE        write the generated C tables to FILE\n"
          "      --sliders-only       leave the leaper, between and line tables out\n"
          "      --board-only         write only the leaper, between and line tables\n"
          "      --no-lines           leave the between and line tables out (a library\n"
          "                           configured --enable-small computes them)\n"
          "      --search=dense       offline: improve the magics (searched, or loaded\n"
          "                           with --magics) with more candidates from the seed:\n"
          "                           fewer index bits, or narrower fixed-width slices\n"
          "      --budget=N           candidates a square for --search=dense (1000000)\n"
          "  -h, --help               show this help and exit\n"
          "  -V, --version            show the version and exit\n"
          "\n"
          "black loads its magics and offsets (--magics) and checks them; white\n"
          "searches its magics and packs its overlapping slices (or loads both);\n"
          "the others search (or load) their magics.\n"
          "\n"
          "A seed is decimal (no leading zeros) or 0x and up to 16 hex digits.\n"
          "A magics file is text: a '# flavour: NAME' line and one line for each\n"
          "of the 128 (piece, square) pairs; see magicbb's README.\n"
          "\n"
          "Outputs are written to temporary files beside them (FILE.XXXXXX) and\n"
          "renamed together when all are complete; on any error no output is\n"
          "created or changed.  Exit status: 0 success, 1 bad input or failed\n"
          "verification, 2 usage error.\n"
          "\n");
    /* "Flavours: fancy, pext, ..." wrapped before 72 columns */
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
}

/* A seed is decimal without leading zeros (so "010" is no octal 8), or 0x
 * and 1 to 16 hex digits; 0 to 2^64 - 1.  configure checks --with-seed by
 * the same rule. */
static int parse_seed(const char *text, uint64_t *seed)
{
    const char *s = text;

    *seed = 0;
    if ((s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))) {
        size_t digits = strspn(s + 2, "0123456789abcdefABCDEF");

        if (digits == 0 || digits > 16 || s[2 + digits] != '\0')
            return -1;
        *seed = (uint64_t)strtoull(s + 2, NULL, 16);
        return 0;
    }
    if (s[0] < '0' || s[0] > '9' || (s[0] == '0' && s[1] != '\0'))
        return -1;
    for (; *s >= '0' && *s <= '9'; s++) {
        const unsigned digit = (unsigned)(*s - '0');

        if (*seed > (UINT64_MAX - digit) / 10)
            return -1;
        *seed = *seed * 10 + digit;
    }
    return *s == '\0' ? 0 : -1;
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

    square_name(c->sq, name);
    square_name(c->other_sq, other);
    if (c->first == c->second)
        report(file, line, "%s %s: occupancy 0x%llx gives the wrong attacks", piece_name(c->piece),
               name, (unsigned long long)c->first);
    else if (c->piece == c->other_piece && c->sq == c->other_sq)
        report(file, line,
               "%s %s: the magic collides: occupancies 0x%llx and 0x%llx share slot %lu"
               " but not their attacks",
               piece_name(c->piece), name, (unsigned long long)c->first,
               (unsigned long long)c->second, (unsigned long)c->slot);
    else
        report(file, line,
               "%s %s: occupancy 0x%llx lands in slot %lu, which %s %s (occupancy 0x%llx)"
               " holds with other attacks",
               piece_name(c->piece), name, (unsigned long long)c->second, (unsigned long)c->slot,
               piece_name(c->other_piece), other, (unsigned long long)c->first);
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        { "flavour", required_argument, NULL, 'f' },
        { "seed", required_argument, NULL, 's' },
        { "magics", required_argument, NULL, 'm' },
        { "dump-magics", required_argument, NULL, 'd' },
        { "output", required_argument, NULL, 'o' },
        { "sliders-only", no_argument, NULL, 'S' },
        { "board-only", no_argument, NULL, 'O' },
        { "no-lines", no_argument, NULL, 'L' },
        { "search", required_argument, NULL, 'D' },
        { "budget", required_argument, NULL, 'B' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    static struct slider_tables tables;
    static unsigned line[PIECE_COUNT][64];
    const struct gen_flavour *flavour = flavour_find("fancy");
    const char *magics_path = NULL, *dump_path = NULL, *output_path = NULL;
    uint64_t seed = DEFAULT_SEED;
    int seed_given = 0, dense = 0, option, status;
    unsigned parts = EMIT_SLIDERS | EMIT_LEAPERS | EMIT_LINES, only = 0;
    unsigned long budget = 1000000;
    char origin_buffer[64], *file_origin = NULL;
    const char *origin = origin_buffer; /* where the magics came from */
    struct outfile dump, output, *outputs[2];
    int output_count = 0;
    struct collision c;

    if (flavour_registry_mismatch() != NULL) {
        report(NULL, 0, "internal error: src/magicbb/flavours.def and gen/flavours/%s.c disagree"
               " on its magics", flavour_registry_mismatch());
        return 1;
    }
    opterr = 0; /* report bad options in the generator's own words */
    while ((option = getopt_long(argc, argv, ":f:s:m:d:o:hV", options, NULL)) != -1) {
        switch (option) {
        case 'f':
            if ((flavour = flavour_find(optarg)) == NULL)
                return usage_error("unknown flavour '%s' (expected %s)", optarg, flavour_list());
            break;
        case 's':
            if (parse_seed(optarg, &seed) != 0)
                return usage_error("--seed: '%s' is neither a decimal number without leading"
                                   " zeros nor 0x and 1 to 16 hex digits (0 to 2^64-1)", optarg);
            seed_given = 1;
            break;
        case 'm':
            magics_path = optarg;
            break;
        case 'd':
            dump_path = optarg;
            break;
        case 'o':
            output_path = optarg;
            break;
        case 'S':
            parts &= ~(unsigned)(EMIT_LEAPERS | EMIT_LINES);
            only |= EMIT_SLIDERS;
            break;
        case 'O':
            parts &= ~(unsigned)EMIT_SLIDERS;
            only |= EMIT_LEAPERS;
            break;
        case 'L':
            parts &= ~(unsigned)EMIT_LINES;
            break;
        case 'D':
            if (strcmp(optarg, "dense") != 0)
                return usage_error("--search: '%s' is not a search mode (expected dense)",
                                   optarg);
            dense = 1;
            break;
        case 'B': {
            char *end;

            errno = 0;
            budget = strtoul(optarg, &end, 10);
            if (optarg[0] < '1' || optarg[0] > '9' || *end != '\0' || errno != 0
                || budget > 4000000000ul)
                return usage_error("--budget: '%s' is not a number of candidates from 1 to"
                                   " 4000000000", optarg);
            break;
        }
        case 'h':
            usage(stdout);
            return 0;
        case 'V':
            puts("magicbb-gen " MBB_VERSION);
            return 0;
        case ':':
            return usage_error("option '%s' needs a value", argv[optind - 1]);
        default:
            return usage_error("unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    if (output_path == NULL && dump_path == NULL)
        return usage_error("nothing to do: give --output, --dump-magics or both");
    if (only == (EMIT_SLIDERS | EMIT_LEAPERS))
        return usage_error("--sliders-only and --board-only exclude each other");
    if (magics_path != NULL && seed_given && !dense)
        return usage_error("--seed and --magics exclude each other (except with --search=dense,"
                           " where the seed drives the dense search)");
    if (dense && !flavour->magics)
        return usage_error("--search=dense: the %s flavour uses no magics", flavour->name);
    if (!flavour->magics && (magics_path != NULL || dump_path != NULL || seed_given))
        return usage_error("the %s flavour uses no magics: --seed, --magics and --dump-magics"
                           " do not apply", flavour->name);
    if (flavour->magics && !flavour->searches
        && (magics_path == NULL || (seed_given && !dense)))
        return usage_error("the %s flavour loads its magics: give --magics FILE (the shipped set"
                           " is gen/magics/%s.txt), not --seed", flavour->name, flavour->name);

    tables_prepare(&tables, flavour);
    if (!flavour->magics) {
        snprintf(origin_buffer, sizeof origin_buffer, "none (%s needs no magics)",
                 flavour->name);
    } else if (magics_path != NULL) {
        if (magics_load(magics_path, &tables, line) != 0)
            return 1;
    } else {
        status = tables_search(&tables, seed);
        if (status == -2) {
            report(NULL, 0, "out of memory");
            return 1;
        }
        if (status != 0) {
            report(NULL, 0, "the magic search with seed 0x%llx gave up", (unsigned long long)seed);
            return 1;
        }
        snprintf(origin_buffer, sizeof origin_buffer, "seed 0x%llx", (unsigned long long)seed);
    }

    if (dense) {
        const char *from = magics_path != NULL ? magics_path : origin_buffer;
        char *text = malloc(strlen(from) + 128);

        if (text == NULL || tables_dense(&tables, seed, (uint32_t)budget) != 0) {
            report(NULL, 0, "out of memory");
            free(text);
            return 1;
        }
        sprintf(text, "--search=dense --seed=0x%llx --budget=%lu, from %s%s",
                (unsigned long long)seed, budget, magics_path != NULL ? "file " : "", from);
        file_origin = text;
        origin = file_origin;
        magics_path = NULL; /* the tables no longer come from the file's lines */
    }

    status = tables_build(&tables, &c);
    if (status == -2) {
        report(NULL, 0, "out of memory");
        tables_free(&tables);
        return 1;
    }
    if (status != 0) {
        report_collision(magics_path, magics_path ? line[c.piece][c.sq] : 0, &c);
        tables_free(&tables);
        return 1;
    }
    if (magics_path != NULL && file_origin == NULL) {
        file_origin = malloc(sizeof "file " + strlen(magics_path));
        if (file_origin == NULL) {
            report(NULL, 0, "out of memory");
            tables_free(&tables);
            return 1;
        }
        strcpy(file_origin, "file ");
        strcat(file_origin, magics_path);
        origin = file_origin;
    }

    /* Every output is written under a temporary name first and all are
     * renamed together: a failure changes none of them. */
    status = 0;
    if (dump_path != NULL) {
        if (outfile_open(&dump, dump_path) != 0)
            status = 1;
        else
            outputs[output_count++] = &dump;
    }
    if (status == 0 && output_path != NULL) {
        if (outfile_open(&output, output_path) != 0)
            status = 1;
        else
            outputs[output_count++] = &output;
    }
    if (status == 0) {
        if (dump_path != NULL)
            magics_write(dump.stream, &tables, origin);
        if (output_path != NULL && emit_tables(output.stream, &tables, origin, parts) != 0) {
            report(NULL, 0, "out of memory");
            status = 1;
        }
    }
    if (status == 0) {
        if (outfiles_commit(outputs, output_count) != 0)
            status = 1;
    } else {
        for (int i = 0; i < output_count; i++)
            outfile_abandon(outputs[i]);
    }
    free(file_origin);
    tables_free(&tables);
    return status;
}
