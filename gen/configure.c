/* SPDX-License-Identifier: MIT */
/* configure.c - magicbb-gen's two modes for configure and make.
 *
 *     magicbb-gen --decide NAME=VALUE...
 *
 * configure detects (the compilers, the instruction sets of isa.def the
 * target has; under a flash budget, the table bytes of the candidate
 * flavours) and passes that with the options' values.  This mode finds
 * what configure cannot pass (natively, what this CPU runs; a magics
 * file's flavour and absolute path; which sets gen/magics/ ships), has
 * decide() (decide.c, the policy of policy.h) decide once, and prints
 * the answer as NAME=VALUE lines: the substitutions (MBB_FLAVOUR, ...),
 * and mbb_why, mbb_runs_on, mbb_magics and mbb_warnings (a value of
 * several lines is its name given once a line), from which configure
 * writes its summary.  A refusal is one line on stderr, mbb_refusal=CODE
 * on stdout (decide.h's code, for the tests) and exit status 1.
 *
 * The names, all optional:
 *   tables dispatch flash seed magics section debug small
 *               the values of --with-tables, --with-dispatch, --with-flash,
 *               --with-seed, --with-magics, --with-table-section,
 *               --enable-debug and --enable-small ("no": not given)
 *   host        the host triplet
 *   cross bare  yes when cross-compiling; for a bare-metal host
 *   pointer     sizeof (void *) on the host
 *   srcdir      the source tree (its gen/magics/)
 *   prefix exec_prefix bindir libdir includedir datarootdir
 *               the installation directories, as configure has them
 *   ifunc       yes where the compiler and linker make ifunc symbols
 *   isa_NAME    yes where the compiler defines MBB_HAVE_<MACRO> with the
 *               CFLAGS, flags where it does with the set's flags
 *   cpu_NAME    1 or 0: this CPU has the set or not, in a native build
 *               (tests give it; else the set's probe is asked here, on
 *               this machine, which is then the host); also slow_pext
 *   target_slow_pext  1 where a cross build's -march has a slow PEXT
 *   measured    NAME:TABLE-BYTES:SLIDER-BYTES ..., the flash measured
 *
 *     magicbb-gen --registry flavours | flavour NAME | isas | isa NAME
 *                 | header | flash-order POINTER-BYTES | magics-flavour FILE
 *
 * The registries (flavours.def, isa.def) for whatever is not C: every
 * flavour; a flavour's isa and magics fields; every instruction set; a
 * set's macro, flags and description, a line each; a C header including
 * every flavour's; the flash order of policy.h for a pointer size; the
 * flavour a magics file's '# flavour:' line names.  A name that is not
 * in the registry is one line on stderr and exit 1; a usage error exit
 * 2. */
#define _XOPEN_SOURCE 700

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "configure.h"
#include "decide.h"
#include "flavourline.h"
#include "registry.h"

/* ---- Inputs and the answer --------------------------------------------- */

static int input_count;
static char **inputs;

/* The value given as NAME=VALUE (the last, where it is given twice), or
 * fallback. */
static const char *input(const char *name, const char *fallback)
{
    const size_t length = strlen(name);

    for (int i = input_count - 1; i >= 0; i--)
        if (strncmp(inputs[i], name, length) == 0 && inputs[i][length] == '=')
            return inputs[i] + length + 1;
    return fallback;
}

static int is(const char *value, const char *wanted)
{
    return strcmp(value, wanted) == 0;
}

/* An option was given (its value is not "no"). */
static int given(const char *name)
{
    return !is(input(name, "no"), "no");
}

/* Prints NAME=VALUE, a line for each of VALUE's lines (configure joins
 * the lines of a name given again). */
static void put(const char *name, const char *value)
{
    do {
        const int length = (int)strcspn(value, "\n");

        printf("%s=%.*s\n", name, length, value);
        value += length;
    } while (*value++ != '\0');
}

/* ---- What the build is told -------------------------------------------- */

/* path with its directory made absolute, or NULL. */
static const char *absolute(const char *path)
{
    static char whole[DECIDE_TEXT];
    const char *slash = strrchr(path, '/');
    char dir[DECIDE_TEXT] = "", *real;

    text_add(dir, "%.*s", slash == NULL || slash == path ? 1 : (int)(slash - path),
             slash == NULL ? "." : path);
    if ((real = realpath(dir, NULL)) == NULL)
        return NULL;
    text_add(whole, "%s%s%s", real, real[strlen(real) - 1] == '/' ? "" : "/",
             slash ? slash + 1 : path);
    free(real);
    return whole;
}

/* The instruction sets (every one, those with flags and those without),
 * and MBB_CFLAGS_NAME for each set and flavour: the flags its lookups
 * need with this compiler ("" where it cannot emit them). */
static void print_isas(const struct decision *d)
{
    char names[DECIDE_TEXT] = "", flagged[DECIDE_TEXT] = "", plain[DECIDE_TEXT] = "";
    char name[64];

    for (size_t i = 0; i < ISA_COUNT; i++) {
        text_add(names, "%s%s", names[0] ? " " : "", isa_rows[i].name);
        if (isa_rows[i].flags[0] != '\0')
            text_add(flagged, "%s%s", flagged[0] ? " " : "", isa_rows[i].name);
        else
            text_add(plain, "%s%s", plain[0] ? " " : "", isa_rows[i].name);
        snprintf(name, sizeof name, "MBB_CFLAGS_%s", isa_rows[i].name);
        put(name, d->isa_compiles[i] ? d->isa_cflags[i] : "");
    }
    for (size_t k = 0; k < FLAVOUR_COUNT; k++) {
        const size_t i = isa_index(flavour_rows[k].isa);

        snprintf(name, sizeof name, "MBB_CFLAGS_%s", flavour_rows[k].name);
        put(name, d->isa_compiles[i] ? d->isa_cflags[i] : "");
    }
    put("MBB_ISA_NAMES", names);
    put("MBB_ISAS_FLAGGED", flagged);
    put("MBB_ISAS_PLAIN", plain);
}

/* A dispatch library's flavours: the list, the last (whose tables come
 * with the board's) and the others. */
static void print_dispatch(const struct decision *d)
{
    char others[DECIDE_TEXT] = "";

    for (size_t k = 0; k + 1 < d->dispatch_count; k++)
        text_add(others, "%s%s", k > 0 ? " " : "", d->dispatch[k]);
    put("MBB_DISPATCH_FLAVOURS", dispatch_list(d));
    put("MBB_DISPATCH_LAST", d->dispatch_count > 0 ? d->dispatch[d->dispatch_count - 1] : "");
    put("MBB_DISPATCH_OTHERS", others);
}

/* --enable-small, --enable-debug and --with-table-section (the section
 * given, "" for the default), and the magics: a seed, a file's absolute
 * path, or neither (the shipped set, where there is one). */
static void print_options(const struct decision *d)
{
    put("MBB_SMALL", d->small ? "1" : "0");
    put("MBB_GEN_PARTS", d->small ? "--no-lines" : "");
    put("MBB_DEBUG_CPPFLAGS", d->debug ? "-DMBB_DEBUG" : "");
    put("MBB_TABLE_SECTION", given("section") ? d->section : "");
    put("MBB_MAGICS_FOR", d->magics_for != NULL ? d->magics_for : "");
    put("MBB_SEED", d->seed != NULL ? d->seed : "");
    put("MBB_GEN_MAGICS", d->magics_path != NULL ? d->magics_path : "");
}

static void print_results(const struct decision *d)
{
    const struct isa_row *isa = &isa_rows[d->isa];

    put("MBB_ALL_FLAVOURS", all_flavours());
    put("MBB_FLAVOUR", d->flavour);
    put("MBB_FLAVOUR_DISPATCH", d->dispatch_count > 0 ? "1" : "0");
    put("MBB_TABLES_FLAVOUR", d->tables_flavour);
    put("MBB_FLAVOUR_ISA", isa->name);
    put("MBB_FLAVOUR_ISA_MACRO", isa->macro);
    put("MBB_ISA_CFLAGS", d->isa_cflags[d->isa]);
    put("MBB_INLINE_CFLAGS", isa->flags);
    print_isas(d);
    print_dispatch(d);
    print_options(d);
    put("mbb_why", d->why);
    put("mbb_runs_on", d->runs_on);
    put("mbb_magics", d->magics);
    printf("mbb_table_bytes=%lu\nmbb_slider_bytes=%lu\n", d->table_bytes, d->slider_bytes);
    put("mbb_warnings", d->warnings);
}

/* ---- What configure detected, and what this program finds itself -------- */

/* The flavour a magics file's first "# flavour: NAME" comment names, read
 * as the generator reads it (flavourline.h: the key in any case, a CR
 * at a line's end dropped), or "". */
static const char *magics_file_flavour(const char *path)
{
    static char name[256];
    char line[DECIDE_TEXT] = "";
    FILE *in = fopen(path, "r");
    long bytes = 0;
    int ch, found = 0;

    /* (the generator reads at most 1 MiB: so much, and no more, here; a
     * line longer than it takes is cut) */
    while (in != NULL && !found && bytes++ <= 1048576) {
        ch = getc(in);
        if (ch != '\n' && ch != EOF) {
            text_add(line, "%c", ch == '\0' ? ' ' : ch);
            continue;
        }
        found = strchr(line, '#') != NULL
                && magics_flavour_comment(strchr(line, '#'), name, sizeof name);
        line[0] = '\0';
        if (ch == EOF)
            break;
    }
    if (in != NULL)
        fclose(in);
    return found ? name : "";
}

/* Whether this CPU has the instructions of isa_rows[i] (isa.def's
 * probe), unless the input says (cpu_NAME=1 or 0). */
static int cpu_has(size_t i)
{
    char key[64];
    size_t n = 0;

    snprintf(key, sizeof key, "cpu_%s", isa_rows[i].name);
    if (input(key, NULL) != NULL)
        return is(input(key, ""), "1");
#define MBB_ISA(name, macro, flags, probe, slow, description)                                      \
    if (n++ == i)                                                                                  \
        return (probe) != 0;
#include "isa.def"
#undef MBB_ISA
    return 0;
}

static void gather(struct facts *f, struct options *o)
{
    static const char *const dirs[]
        = { "prefix", "exec_prefix", "bindir", "libdir", "includedir", "datarootdir" };
    const char *magics = input("magics", NULL);
    struct stat st;

    *o = (struct options){ input("tables", NULL),
                           input("dispatch", NULL),
                           input("flash", NULL),
                           input("seed", NULL),
                           magics,
                           input("section", NULL),
                           input("debug", NULL),
                           input("small", NULL),
                           { NULL } };
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
        o->dirs[i] = input(dirs[i], NULL);
    f->host = input("host", "");
    f->cross = is(input("cross", "no"), "yes");
    f->bare = is(input("bare", "no"), "yes");
    f->bits32 = is(input("pointer", "8"), "4");
    f->ifunc = is(input("ifunc", "no"), "yes");
    for (size_t i = 0; i < ISA_COUNT; i++) {
        char key[64];

        snprintf(key, sizeof key, "isa_%s", isa_rows[i].name);
        f->isa[i] = is(input(key, "no"), "yes")  ? ISA_YES
                    : is(input(key, "no"), "no") ? ISA_NO
                                                 : ISA_FLAGS;
        f->cpu[i] = !f->cross && f->isa[i] != ISA_NO && cpu_has(i);
    }
    if (f->cross)
        f->slow_pext = is(input("target_slow_pext", "0"), "1");
    else
        f->slow_pext = input("slow_pext", NULL) != NULL ? is(input("slow_pext", ""), "1")
                                                        : mbb_cpu_slow_pext();
    if (magics != NULL && !is(magics, "no") && !is(magics, "yes") && !is(magics, "")) {
        f->magics_readable
            = stat(magics, &st) == 0 && S_ISREG(st.st_mode) && access(magics, R_OK) == 0;
        f->magics_for = f->magics_readable ? magics_file_flavour(magics) : "";
        f->magics_path = absolute(magics);
    }
    for (size_t i = 0; i < FLAVOUR_COUNT; i++) {
        char shipped[DECIDE_TEXT] = "";

        text_add(shipped, "%s/gen/magics/%s.txt", input("srcdir", "."), flavour_rows[i].name);
        f->shipped[i] = stat(shipped, &st) == 0;
    }
    f->measured = input("measured", NULL);
}

int configure_decide(int argc, char **argv)
{
    static struct decision d;
    struct facts f = { 0 };
    struct options o;

    input_count = argc;
    inputs = argv;
    for (int i = 0; i < input_count; i++)
        if (strchr(inputs[i], '=') == NULL) {
            fputs("usage: magicbb-gen --decide NAME=VALUE...\n", stderr);
            return 2;
        }
    gather(&f, &o);
    if (decide(&f, &o, &d) != DECIDED) {
        fprintf(stderr, "%s\n", d.error);
        printf("mbb_refusal=%s\n", refusal_name(d.refusal));
        return 1;
    }
    print_results(&d);
    return ferror(stdout) || fflush(stdout) != 0;
}

/* ---- The registries ----------------------------------------------------- */

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
        puts(all_flavours());
    } else if (bare && is(command, "isas")) {
        for (i = 0; i < ISA_COUNT; i++)
            printf("%s%s", i > 0 ? " " : "", isa_rows[i].name);
        putchar('\n');
    } else if (named && is(command, "flavour")) {
        if ((i = flavour_index(argv[1])) == FLAVOUR_COUNT)
            return unknown("flavour", argv[1]);
        printf("%s %s\n", flavour_rows[i].isa, flavour_rows[i].magics);
    } else if (named && is(command, "isa")) {
        if ((i = isa_index(argv[1])) == ISA_COUNT)
            return unknown("instruction set", argv[1]);
        printf("%s\n%s\n%s\n", isa_rows[i].macro, isa_rows[i].flags, isa_rows[i].description);
    } else if (bare && is(command, "header")) {
        puts("/* flavours-all.h - written by magicbb-gen --registry header from\n"
             " * src/flavours.def: the header of every flavour.  Do not edit. */");
        for (i = 0; i < FLAVOUR_COUNT; i++)
            printf("#include \"magicbb/%s.h\"\n", flavour_rows[i].name);
    } else if (named && is(command, "flash-order")) {
        puts(mbb_flash_order(is(argv[1], "4"), &why));
    } else if (named && is(command, "magics-flavour")) {
        puts(magics_file_flavour(argv[1]));
    } else {
        fputs("usage: magicbb-gen --registry flavours | flavour NAME | isas | isa NAME | header\n"
              "       | flash-order POINTER-BYTES | magics-flavour FILE\n",
              stderr);
        return 2;
    }
    return ferror(stdout) || fflush(stdout) != 0;
}
