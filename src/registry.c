/* SPDX-License-Identifier: MIT */
/* registry.c - magicbb-registry: the flavour and instruction-set
 * registries (flavours.def, isa.def) for whatever is not C.
 *
 * The registries are read by the C preprocessor only: configure, make,
 * the scripts and the documentation tests ask this program, built for
 * the build machine, instead of parsing them.
 *
 *   magicbb-registry flavours       every flavour, in registry order
 *   magicbb-registry flavour NAME   its isa and magics fields
 *   magicbb-registry isas           every instruction set
 *   magicbb-registry isa NAME       its macro, flags and description,
 *                                   a line each
 *   magicbb-registry shell          all of it as sh assignments (configure)
 *   magicbb-registry header         a C header including every flavour's
 *
 * and the policy of src/policy.h, for configure:
 *
 *   magicbb-registry auto MAGICS_FOR PEXT POINTER_BYTES SEED PEXT_WHY
 *       auto's flavour on a hosted target, then why: MAGICS_FOR the
 *       flavour a magics file names or "", PEXT fast, slow or absent,
 *       SEED yes or no, PEXT_WHY what configure found about PEXT
 *   magicbb-registry flash-order POINTER_BYTES
 *       the flavours a flash budget tries, fastest first, then why
 *   magicbb-registry dispatch-default
 *       a dispatch library's flavours without --with-dispatch
 *
 * A name that is not in the registry is one line on stderr and exit 1;
 * a usage error exit 2. */
#include <stdio.h>
#include <string.h>

#include "policy.h"

struct flavour_row {
    const char *name, *isa, *magics;
};
struct isa_row {
    const char *name, *macro, *flags, *description;
};

static const struct flavour_row flavours[] = {
#define MBB_FLAVOUR(name, isa, magics) { #name, #isa, #magics },
#include "flavours.def"
#undef MBB_FLAVOUR
};
static const struct isa_row isas[] = {
#define MBB_ISA(name, macro, flags, probe, slow, description) { #name, #macro, flags, description },
#include "isa.def"
#undef MBB_ISA
};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
static const char *const flavour_names[] = {
#define MBB_FLAVOUR(name, isa, magics) #name,
#include "flavours.def"
#undef MBB_FLAVOUR
};
static const char *const isa_names[] = {
#define MBB_ISA(name, macro, flags, probe, slow, description) #name,
#include "isa.def"
#undef MBB_ISA
};

/* The names, space-separated. */
static void print_names(const char *const *names, size_t count)
{
    for (size_t i = 0; i < count; i++)
        printf("%s%s", i ? " " : "", names[i]);
}

/* Where name is among the names; count if nowhere. */
static size_t index_of(const char *const *names, size_t count, const char *name)
{
    size_t i = 0;

    while (i < count && strcmp(names[i], name) != 0)
        i++;
    return i;
}

/* VALUE single-quoted for sh */
static void quoted(const char *value)
{
    putchar('\'');
    for (; *value != '\0'; value++) {
        if (*value == '\'')
            fputs("'\\''", stdout);   /* close, an escaped quote, reopen */
        else
            putchar(*value);
    }
    putchar('\'');
}

static void assign(const char *prefix, const char *name, const char *suffix, const char *value)
{
    printf("%s%s%s=", prefix, name, suffix);
    quoted(value);
    putchar('\n');
}

/* MBB_ALL_FLAVOURS, mbb_isa_of_NAME and mbb_magics_of_NAME for each
 * flavour; MBB_ISA_NAMES, mbb_isa_NAME_macro, _flags and _desc for each
 * instruction set */
static void shell(void)
{
    fputs("MBB_ALL_FLAVOURS='", stdout);
    print_names(flavour_names, COUNT(flavour_names));
    fputs("'\n", stdout);
    for (size_t i = 0; i < COUNT(flavours); i++) {
        assign("mbb_isa_of_", flavours[i].name, "", flavours[i].isa);
        assign("mbb_magics_of_", flavours[i].name, "", flavours[i].magics);
    }
    fputs("MBB_ISA_NAMES='", stdout);
    print_names(isa_names, COUNT(isa_names));
    fputs("'\n", stdout);
    for (size_t i = 0; i < COUNT(isas); i++) {
        assign("mbb_isa_", isas[i].name, "_macro", isas[i].macro);
        assign("mbb_isa_", isas[i].name, "_flags", isas[i].flags);
        assign("mbb_isa_", isas[i].name, "_desc", isas[i].description);
    }
}

static void header(void)
{
    puts("/* flavours-all.h - written by magicbb-registry (src/registry.c) from\n"
         " * src/flavours.def: the header of every flavour.  Do not edit. */");
    for (size_t i = 0; i < COUNT(flavours); i++)
        printf("#include \"magicbb/%s.h\"\n", flavours[i].name);
}

/* The policy's answers (policy.h); 2 for arguments it does not take. */
static int policy(int argc, char **argv)
{
    const char *why, *flavour;

    if (argc == 7 && strcmp(argv[1], "auto") == 0) {
        const char *magics_for = argv[2][0] != '\0' ? argv[2] : NULL;

        flavour = mbb_auto_flavour(magics_for, strcmp(argv[3], "fast") == 0,
                                   strcmp(argv[4], "4") == 0, strcmp(argv[5], "yes") == 0, &why);
        printf("%s\n", flavour);
        printf(why, magics_for != NULL ? magics_for : argv[6]);
        putchar('\n');
    } else if (argc == 3 && strcmp(argv[1], "flash-order") == 0) {
        printf("%s\n", mbb_flash_order(strcmp(argv[2], "4") == 0, &why));
        printf("%s\n", why);
    } else if (argc == 2 && strcmp(argv[1], "dispatch-default") == 0) {
        printf("%s\n", MBB_DISPATCH_DEFAULT);
    } else {
        return 2;
    }
    return 0;
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

    if (bare && strcmp(command, "flavours") == 0) {
        print_names(flavour_names, COUNT(flavour_names));
        putchar('\n');
    } else if (bare && strcmp(command, "isas") == 0) {
        print_names(isa_names, COUNT(isa_names));
        putchar('\n');
    } else if (named && strcmp(command, "flavour") == 0) {
        const size_t i = index_of(flavour_names, COUNT(flavour_names), argv[2]);

        if (i == COUNT(flavour_names))
            return unknown("flavour", argv[2]);
        printf("%s %s\n", flavours[i].isa, flavours[i].magics);
    } else if (named && strcmp(command, "isa") == 0) {
        const size_t i = index_of(isa_names, COUNT(isa_names), argv[2]);

        if (i == COUNT(isa_names))
            return unknown("instruction set", argv[2]);
        printf("%s\n%s\n%s\n", isas[i].macro, isas[i].flags, isas[i].description);
    } else if (bare && strcmp(command, "shell") == 0) {
        shell();
    } else if (bare && strcmp(command, "header") == 0) {
        header();
    } else if (policy(argc, argv) != 0) {
        fputs("usage: magicbb-registry flavours | flavour NAME | isas | isa NAME | shell | header\n"
              "       magicbb-registry auto MAGICS_FOR PEXT POINTER_BYTES SEED PEXT_WHY\n"
              "       magicbb-registry flash-order POINTER_BYTES | dispatch-default\n",
              stderr);
        return 2;
    }
    return ferror(stdout) || fflush(stdout) != 0;
}
