/* SPDX-License-Identifier: MIT */
/* registry.c - magicbb-registry: the flavour and instruction-set
 * registries (flavours.def, isa.def) for whatever is not C.
 *
 * The registries are read by the C preprocessor only: make, the scripts
 * and the documentation tests ask this program, built for the build
 * machine, instead of parsing them (configure asks magicbb-choose).
 *
 *   magicbb-registry flavours       every flavour, in registry order
 *   magicbb-registry flavour NAME   its isa and magics fields
 *   magicbb-registry isas           every instruction set
 *   magicbb-registry isa NAME       its macro, flags and description,
 *                                   a line each
 *   magicbb-registry header         a C header including every flavour's
 *
 * A name that is not in the registry is one line on stderr and exit 1;
 * a usage error exit 2. */
#include <stdio.h>
#include <string.h>

#include "rows.h"

/* The rows' names (each row starts with its name), space-separated. */
#define PRINT_NAMES(rows, count)                                                                   \
    do {                                                                                           \
        for (size_t i_ = 0; i_ < (count); i_++)                                                    \
            printf("%s%s", i_ ? " " : "", (rows)[i_].name);                                        \
        putchar('\n');                                                                             \
    } while (0)

static void header(void)
{
    puts("/* flavours-all.h - written by magicbb-registry (src/registry.c) from\n"
         " * src/flavours.def: the header of every flavour.  Do not edit. */");
    for (size_t i = 0; i < FLAVOUR_COUNT; i++)
        printf("#include \"magicbb/%s.h\"\n", flavour_rows[i].name);
}

static int unknown(const char *what, const char *name)
{
    fprintf(stderr, "magicbb-registry: no %s '%s' in the registry\n", what, name);
    return 1;
}

int main(int argc, char **argv)
{
    const char *command = argc > 1 ? argv[1] : "";
    const int named = argc == 3, bare = argc == 2;
    size_t i;

    if (bare && strcmp(command, "flavours") == 0) {
        PRINT_NAMES(flavour_rows, FLAVOUR_COUNT);
    } else if (bare && strcmp(command, "isas") == 0) {
        PRINT_NAMES(isa_rows, ISA_COUNT);
    } else if (named && strcmp(command, "flavour") == 0) {
        i = flavour_row(argv[2], strlen(argv[2]));
        if (i == FLAVOUR_COUNT)
            return unknown("flavour", argv[2]);
        printf("%s %s\n", flavour_rows[i].isa, flavour_rows[i].magics);
    } else if (named && strcmp(command, "isa") == 0) {
        i = isa_row(argv[2]);
        if (i == ISA_COUNT)
            return unknown("instruction set", argv[2]);
        printf("%s\n%s\n%s\n", isa_rows[i].macro, isa_rows[i].flags, isa_rows[i].description);
    } else if (bare && strcmp(command, "header") == 0) {
        header();
    } else {
        fputs("usage: magicbb-registry flavours | flavour NAME | isas | isa NAME | header\n",
              stderr);
        return 2;
    }
    return ferror(stdout) || fflush(stdout) != 0;
}
