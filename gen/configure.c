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
 *   tables dispatch flash seed magics
 *               the values of --with-tables, --with-dispatch, --with-flash,
 *               --with-seed and --with-magics ("no": not given)
 *   host        the host triplet
 *   cross bare  yes when cross-compiling; for a bare-metal host
 *   pointer     sizeof (void *) on the host
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
#include "machine.h"
#include "magicsfile.h"
#include "registry.h"

/* ---- Inputs and the answer --------------------------------------------- */

/* The arguments, NAME=VALUE each. */
struct inputs {
    int count;
    char **args;
};

/* The value given as NAME=VALUE (the last, where it is given twice), or
 * fallback. */
static const char *input(const struct inputs *in, const char *name, const char *fallback)
{
    const size_t length = strlen(name);

    for (int i = in->count - 1; i >= 0; i--)
        if (strncmp(in->args[i], name, length) == 0 && in->args[i][length] == '=')
            return in->args[i] + length + 1;
    return fallback;
}

static void put(const char *name, const char *value)
{
    printf("%s=%s\n", name, value);
}

/* What the build is told: the substitutions (MBB_CFLAGS_NAME, each
 * flavour's flags beyond CFLAGS with this compiler, "" also where it
 * cannot emit them), mbb_why and mbb_warning, and the sizes measured. */
static void print_results(const struct decision *d)
{
    const struct isa_row *isa = &isa_rows[d->isa];
    const size_t n = d->dispatch_count;
    char name[64];

    put("MBB_FLAVOUR", d->flavour);
    put("MBB_TABLES_FLAVOUR", d->tables_flavour);
    put("MBB_FLAVOUR_ISA", isa->name);
    put("MBB_ISA_CFLAGS", d->isa_cflags[d->isa]);
    put("MBB_INLINE_CFLAGS", isa->flags);
    for (size_t k = 0; k < FLAVOUR_COUNT; k++) {
        snprintf(name, sizeof name, "MBB_CFLAGS_%s", flavour_rows[k].name);
        put(name, d->isa_cflags[flavour_isa(&flavour_rows[k])]);
    }
    put("MBB_DISPATCH_FLAVOURS", flavour_names(d->dispatch, n));
    put("MBB_DISPATCH_OTHERS", flavour_names(d->dispatch, n > 0 ? n - 1 : 0));
    put("MBB_MAGICS_FOR", d->magics_for != NULL ? d->magics_for : "");
    put("MBB_SEED", d->seed != NULL ? d->seed : "");
    put("MBB_GEN_MAGICS", d->magics_path != NULL ? d->magics_path : "");
    put("mbb_why", d->why);
    put("mbb_warning", d->warning);
    printf("mbb_table_bytes=%lu\nmbb_slider_bytes=%lu\n", d->table_bytes, d->slider_bytes);
}

/* ---- What configure detected, and what this program finds itself -------- */

/* Whether this CPU has the instructions of isa_rows[i] (isa.def's
 * probe, machine.h), unless the input says (cpu_NAME=1 or 0). */
static int cpu_has(const struct inputs *in, size_t i)
{
    char key[64];

    snprintf(key, sizeof key, "cpu_%s", isa_rows[i].name);
    if (input(in, key, NULL) != NULL)
        return is(input(in, key, ""), "1");
    return cpu_runs_isa(isa_rows[i].name) != 0;
}

static void gather(const struct inputs *in, struct facts *f, struct options *o)
{
    static const char *const names[] = { "tables", "dispatch", "flash", "seed", "magics" };
    const char **values[] = { &o->tables, &o->dispatch, &o->flash, &o->seed, &o->magics };
    const char *magics = input(in, "magics", NULL);
    struct stat st;

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        *values[i] = input(in, names[i], NULL);
    f->host = input(in, "host", "");
    f->cross = is(input(in, "cross", "no"), "yes");
    f->bare = is(input(in, "bare", "no"), "yes");
    f->bits32 = is(input(in, "pointer", "8"), "4");
    f->ifunc = is(input(in, "ifunc", "no"), "yes");
    for (size_t i = 0; i < ISA_COUNT; i++) {
        char key[64];

        snprintf(key, sizeof key, "isa_%s", isa_rows[i].name);
        f->isa[i] = is(input(in, key, "no"), "yes")  ? ISA_YES
                    : is(input(in, key, "no"), "no") ? ISA_NO
                                                     : ISA_FLAGS;
        f->cpu[i] = !f->cross && f->isa[i] != ISA_NO && cpu_has(in, i);
    }
    if (f->cross)
        f->slow_pext = is(input(in, "target_slow_pext", "0"), "1");
    else
        f->slow_pext = input(in, "slow_pext", NULL) != NULL ? is(input(in, "slow_pext", ""), "1")
                                                            : mbb_cpu_slow_pext();
    /* a readable file's flavour, and its absolute path (for make and the shell) */
    if (given(magics) && stat(magics, &st) == 0 && S_ISREG(st.st_mode)
        && access(magics, R_OK) == 0) {
        f->magics_for = magics_file_flavour(magics);
        f->magics_path = realpath(magics, NULL);
    }
    f->measured = input(in, "measured", NULL);
}

int configure_decide(int argc, char **argv)
{
    static struct decision d;
    const struct inputs in = { argc, argv };
    struct facts f = { 0 };
    struct options o;

    for (int i = 0; i < argc; i++)
        if (strchr(argv[i], '=') == NULL) {
            fputs("usage: magicbb-gen --decide NAME=VALUE...\n", stderr);
            return 2;
        }
    gather(&in, &f, &o);
    if (decide(&f, &o, &d) != DECIDED) {
        fprintf(stderr, "%s\n", d.error);
        printf("mbb_refusal=%s\n", refusal_name(d.refusal));
    } else {
        print_results(&d);
    }
    free((char *)f.magics_path);
    return d.refusal != DECIDED || ferror(stdout) || fflush(stdout) != 0;
}
