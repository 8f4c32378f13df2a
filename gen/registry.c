/* SPDX-License-Identifier: MIT */
/* registry.c - magicbb-gen's --registry mode, the registries
 * (flavours.def, isa.def) and the policy (policy.h) for whatever is not
 * C: configure, make, the scripts and the tests.
 *
 *     magicbb-gen --registry flavours | flavour NAME | isas | isa NAME
 *                 | header | flash-order POINTER-BYTES|wasm | magics-flavour FILE
 *
 * Every flavour; a flavour's isa and magics fields; every instruction
 * set; a set's macro, flags and description, a line each; a C header
 * including every flavour's; the flash order of policy.h for a pointer
 * size, or wasm32's download order; the flavour a magics file's '# flavour:' line names.  A name
 * that is not in the registry is one line on stderr and exit 1; a usage
 * error exit 2. */
#include <stdio.h>
#include <string.h>

#include "configure.h"
#include "decide.h"
#include "magicsfile.h"
#include "policy.h"

static int unknown(const char *what, const char *name)
{
    fprintf(stderr, "magicbb-gen: no %s '%s' in the registry\n", what, name);
    return 1;
}

int configure_registry(int argc, char **argv)
{
    const char *command = argc > 0 ? argv[0] : "", *why;
    const int named = argc == 2, bare = argc == 1;
    size_t i;

    if (bare && is(command, "flavours")) {
        puts(flavour_names(NULL, 0));
    } else if (bare && is(command, "isas")) {
        for (i = 0; i < ISA_COUNT; i++)
            printf("%s%s", i > 0 ? " " : "", isa_rows[i].name);
        putchar('\n');
    } else if (named && is(command, "flavour")) {
        if ((i = flavour_row(argv[1], strlen(argv[1]))) == FLAVOUR_COUNT)
            return unknown("flavour", argv[1]);
        printf("%s %s\n", flavour_rows[i].isa, flavour_rows[i].magics);
    } else if (named && is(command, "isa")) {
        if ((i = isa_row(argv[1])) == ISA_COUNT)
            return unknown("instruction set", argv[1]);
        printf("%s\n%s\n%s\n", isa_rows[i].macro, isa_rows[i].flags, isa_rows[i].description);
    } else if (bare && is(command, "header")) {
        puts("/* flavours-all.h - written by magicbb-gen --registry header from\n"
             " * src/flavours.def: the header of every flavour.  Do not edit. */");
        for (i = 0; i < FLAVOUR_COUNT; i++)
            printf("#include \"magicbb/%s.h\"\n", flavour_rows[i].name);
    } else if (named && is(command, "flash-order")) {
        puts(mbb_flash_order(is(argv[1], "4"), is(argv[1], "wasm"), &why));
    } else if (named && is(command, "magics-flavour")) {
        puts(magics_file_flavour(argv[1]));
    } else {
        fputs("usage: magicbb-gen --registry flavours | flavour NAME | isas | isa NAME | header\n"
              "       | flash-order POINTER-BYTES|wasm | magics-flavour FILE\n",
              stderr);
        return 2;
    }
    return ferror(stdout) || fflush(stdout) != 0;
}
