/* SPDX-License-Identifier: MIT */
/* configure.c - magicbb-gen's two modes for configure and make.
 *
 *     magicbb-gen --decide NAME=VALUE...
 *
 * configure detects (the compilers, the instruction sets of isa.def the
 * target has; under a flash budget, the table bytes of the candidate
 * flavours) and passes that with the options' values.  This mode finds
 * what configure cannot pass (natively, what this CPU runs; a magics
 * file's flavour and absolute path), has decide() (decide.c, the policy
 * of policy.h) decide once, and prints the answer as NAME=VALUE lines:
 * the substitutions (MBB_FLAVOUR, ...), mbb_why and mbb_warning, from
 * which configure.ac writes its summary.  A refusal is one line on
 * stderr, mbb_refusal=CODE on stdout (decide.h's code, for the tests)
 * and exit status 1.
 *
 * The names, all optional:
 *   tables dispatch flash seed magics section debug small
 *               the values of --with-tables, --with-dispatch, --with-flash,
 *               --with-seed, --with-magics, --with-table-section,
 *               --enable-debug and --enable-small ("no": not given)
 *   host        the host triplet
 *   cross bare  yes when cross-compiling; for a bare-metal host
 *   pointer     sizeof (void *) on the host
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
 */
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

static void put(const char *name, const char *value)
{
    printf("%s=%s\n", name, value);
}

/* ---- What the build is told -------------------------------------------- */

/* The instruction sets (every one, those with flags, those without) and
 * MBB_CFLAGS_NAME for each set and flavour: the flags its lookups need
 * beyond CFLAGS with this compiler ("" also where it cannot emit them). */
static void print_isas(const struct decision *d)
{
    char all[DECIDE_TEXT] = "", flagged[DECIDE_TEXT] = "", plain[DECIDE_TEXT] = "", name[64];

    for (size_t i = 0; i < ISA_COUNT; i++) {
        char *list = isa_rows[i].flags[0] != '\0' ? flagged : plain;

        text_add(all, "%s%s", all[0] ? " " : "", isa_rows[i].name);
        text_add(list, "%s%s", list[0] ? " " : "", isa_rows[i].name);
        snprintf(name, sizeof name, "MBB_CFLAGS_%s", isa_rows[i].name);
        put(name, d->isa_cflags[i]);
    }
    for (size_t k = 0; k < FLAVOUR_COUNT; k++) {
        snprintf(name, sizeof name, "MBB_CFLAGS_%s", flavour_rows[k].name);
        put(name, d->isa_cflags[isa_row(flavour_rows[k].isa)]);
    }
    put("MBB_ISA_NAMES", all);
    put("MBB_ISAS_FLAGGED", flagged);
    put("MBB_ISAS_PLAIN", plain);
}

static void print_results(const struct decision *d)
{
    const struct isa_row *isa = &isa_rows[d->isa];
    const size_t n = d->dispatch_count;

    put("MBB_ALL_FLAVOURS", flavour_names(NULL, 0));
    put("MBB_FLAVOUR", d->flavour);
    put("MBB_FLAVOUR_DISPATCH", n > 0 ? "1" : "0");
    put("MBB_TABLES_FLAVOUR", d->tables_flavour);
    put("MBB_FLAVOUR_ISA", isa->name);
    put("MBB_ISA_CFLAGS", d->isa_cflags[d->isa]);
    put("MBB_INLINE_CFLAGS", isa->flags);
    print_isas(d);
    put("MBB_DISPATCH_FLAVOURS", flavour_names(d->dispatch, n));
    put("MBB_DISPATCH_LAST", n > 0 ? d->dispatch[n - 1] : "");
    put("MBB_DISPATCH_OTHERS", flavour_names(d->dispatch, n > 0 ? n - 1 : 0));
    put("MBB_SMALL", d->small ? "1" : "0");
    put("MBB_GEN_PARTS", d->small ? "--no-lines" : "");
    put("MBB_DEBUG_CPPFLAGS", d->debug ? "-DMBB_DEBUG" : "");
    put("MBB_TABLE_SECTION", given("section") ? d->section : "");
    put("MBB_MAGICS_FOR", d->magics_for != NULL ? d->magics_for : "");
    put("MBB_SEED", d->seed != NULL ? d->seed : "");
    put("MBB_GEN_MAGICS", d->magics_path != NULL ? d->magics_path : "");
    put("mbb_why", d->why);
    put("mbb_warning", d->warning);
    printf("mbb_table_bytes=%lu\nmbb_slider_bytes=%lu\n", d->table_bytes, d->slider_bytes);
}

/* ---- What configure detected, and what this program finds itself -------- */

const char *magics_file_flavour(const char *path)
{
    static char name[256];
    FILE *in = fopen(path, "r");
    char line[256];
    int found = 0;

    /* (the generator reads at most 1 MiB, and lines of at most 254 bytes) */
    for (int n = 0; in != NULL && !found && n < 4096 && fgets(line, sizeof line, in) != NULL; n++) {
        line[strcspn(line, "\n")] = '\0';
        found = strchr(line, '#') != NULL
                && magics_flavour_comment(strchr(line, '#'), name, sizeof name);
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
    static const char *const names[]
        = { "tables", "dispatch", "flash",       "seed",   "magics", "section",    "debug",
            "small",  "prefix",   "exec_prefix", "bindir", "libdir", "includedir", "datarootdir" };
    const char **values[] = { &o->tables,  &o->dispatch, &o->flash,   &o->seed,    &o->magics,
                              &o->section, &o->debug,    &o->small,   &o->dirs[0], &o->dirs[1],
                              &o->dirs[2], &o->dirs[3],  &o->dirs[4], &o->dirs[5] };
    const char *magics = input("magics", NULL);
    struct stat st;

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        *values[i] = input(names[i], NULL);
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
        /* (made absolute, for make and the shell) */
        f->magics_path = f->magics_readable ? realpath(magics, NULL) : NULL;
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
    } else {
        print_results(&d);
    }
    free((char *)f.magics_path);
    return d.refusal != DECIDED || ferror(stdout) || fflush(stdout) != 0;
}
