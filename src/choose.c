/* SPDX-License-Identifier: MIT */
/* choose.c - magicbb-choose: configure's decisions, asked and told.
 *
 *     magicbb-choose NAME=VALUE...
 *
 * configure detects (the compilers, the instruction sets of isa.def the
 * target has) and passes that with the options' values.  This program
 * finds what configure cannot pass (natively, what this CPU runs; a
 * magics file's flavour and absolute path; which sets gen/magics/ ships),
 * has decide() (decide.c, the policy of policy.h) decide, and prints sh
 * assignments for configure to read: the substitutions (MBB_FLAVOUR,
 * ...), mbb_warnings, and the summary's lines in mbb_summary and
 * mbb_summary_options.  An option refused is one line on stderr and exit
 * status 1.
 *
 * Where the choice needs a measurement (the flash a flavour's tables take
 * on the target, or the fastest flavour here) it prints mbb_measure=flash
 * or mbb_measure=fastest and what to measure; configure measures and asks
 * again with the answer.
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
 *   fastest     what lab/fastest.sh printed */
#define _XOPEN_SOURCE 700

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decide.h"
#include "flavourline.h"
#include "registry.h"

/* ---- Inputs, text and failure ------------------------------------------ */

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

/* A growing string. */
struct text {
    char *s;
    size_t length;
};

static void add(struct text *t, const char *format, ...)
{
    va_list args;
    int more;

    va_start(args, format);
    more = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (more < 0 || (t->s = realloc(t->s, t->length + (size_t)more + 1)) == NULL) {
        fputs("magicbb-choose: out of memory\n", stderr);
        exit(2);
    }
    va_start(args, format);
    vsnprintf(t->s + t->length, (size_t)more + 1, format, args);
    va_end(args);
    t->length += (size_t)more;
}

/* The text so far ("" before anything is added). */
static const char *str(const struct text *t)
{
    return t->s != NULL ? t->s : "";
}

static void release(struct text *t)
{
    free(t->s);
    t->s = NULL;
    t->length = 0;
}

/* Adds item to a list, after separator where the list has something. */
static void append(struct text *list, const char *separator, const char *item)
{
    add(list, "%s%s", list->length > 0 ? separator : "", item);
}

/* Refuses the options: one line, exit status 1. */
static void fail(const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    exit(1);
}

/* What is printed, all at once at the end, so a refusal prints nothing. */
static struct text reply;

/* Adds NAME='VALUE' to the answer, VALUE quoted for sh. */
static void assign(const char *name, const char *value)
{
    add(&reply, "%s='", name);
    for (; *value != '\0'; value++)
        add(&reply, *value == '\'' ? "'\\''" : "%c", *value); /* close, an escaped quote, reopen */
    add(&reply, "'\n");
}

/* Prints the answer and exits. */
static void answer_and_exit(void)
{
    fputs(str(&reply), stdout);
    exit(ferror(stdout) || fflush(stdout) != 0);
}

/* ---- What the build is told -------------------------------------------- */

/* path with its directory made absolute, or NULL. */
static char *absolute(const char *path)
{
    const char *slash = strrchr(path, '/');
    struct text dir = { 0 }, whole = { 0 };
    char *real;

    add(&dir, "%.*s", slash == NULL ? 1 : slash == path ? 1 : (int)(slash - path),
        slash == NULL ? "." : path);
    real = realpath(str(&dir), NULL);
    release(&dir);
    if (real == NULL)
        return NULL;
    add(&whole, "%s%s%s", real, real[strlen(real) - 1] == '/' ? "" : "/", slash ? slash + 1 : path);
    free(real);
    return whole.s;
}

/* Adds "NAME=FLAG,FLAG" to a space-separated list (make splits it). */
static void add_flags(struct text *list, const char *name, const char *cflags)
{
    add(list, "%s%s=", list->length > 0 ? " " : "", name);
    for (; *cflags != '\0'; cflags++)
        add(list, "%c", *cflags == ' ' ? ',' : *cflags);
}

/* The instruction sets: MBB_ISA_NAMES, those with flags and those
 * without, and "NAME=FLAG,FLAG" for each with flags the compiler emits. */
static void print_isas(const struct decision *d)
{
    struct text names = { 0 }, flagged = { 0 }, plain = { 0 }, cflags = { 0 };

    for (size_t i = 0; i < ISA_COUNT; i++) {
        append(&names, " ", isa_rows[i].name);
        append(isa_rows[i].flags[0] != '\0' ? &flagged : &plain, " ", isa_rows[i].name);
        if (isa_rows[i].flags[0] != '\0' && d->isa_compiles[i])
            add_flags(&cflags, isa_rows[i].name, d->isa_cflags[i]);
    }
    assign("MBB_ISA_NAMES", str(&names));
    assign("MBB_ISAS_FLAGGED", str(&flagged));
    assign("MBB_ISAS_PLAIN", str(&plain));
    assign("MBB_ISA_CFLAGS_LIST", str(&cflags));
    release(&names);
    release(&flagged);
    release(&plain);
    release(&cflags);
}

/* A dispatch library's flavours: the list, the last (whose tables come
 * with the board's), the others, and "NAME=FLAG,FLAG" for each. */
static void print_dispatch(const struct decision *d)
{
    struct text others = { 0 }, cflags = { 0 };
    char last[64] = "";

    for (size_t k = 0; k < d->dispatch_count; k++) {
        const char *name = d->dispatch[k];
        const size_t i = isa_index(flavour_named(name)->isa);

        if (last[0] != '\0')
            append(&others, " ", last);
        snprintf(last, sizeof last, "%s", name);
        add_flags(&cflags, name, d->isa_cflags[i]);
    }
    assign("MBB_DISPATCH_FLAVOURS", dispatch_list(d));
    assign("MBB_DISPATCH_LAST", last);
    assign("MBB_DISPATCH_OTHERS", str(&others));
    assign("MBB_DISPATCH_CFLAGS_LIST", str(&cflags));
    release(&others);
    release(&cflags);
}

/* --enable-small, --enable-debug and --with-table-section. */
static void print_options(const struct decision *d)
{
    struct text cppflags = { 0 }, summary = { 0 };

    if (given("section"))
        add(&cppflags, "-DMBB_TABLE_SECTION='\"%s\"'", d->section);
    assign("MBB_SMALL", d->small ? "1" : "0");
    assign("MBB_GEN_PARTS", d->small ? "--no-lines" : "");
    assign("MBB_DEBUG_CPPFLAGS", d->debug ? "-DMBB_DEBUG" : "");
    assign("MBB_TABLE_SECTION", d->section);
    assign("MBB_SECTION_CPPFLAGS", str(&cppflags));
    add(&summary, "  table section:  %s\n  debug checks:   %s\n  small:          %s", d->section,
        d->debug ? "yes" : "no", d->small ? "yes (between and line: computed)"
                                          : "no (between and line: tables)");
    assign("mbb_summary_options", str(&summary));
    release(&cppflags);
    release(&summary);
}

/* The magics as make takes them: a seed for the generator, a file's
 * path for the shell and (spaces escaped) for make, or the shipped set
 * make remakes the tables after. */
static void print_magics(const struct decision *d)
{
    struct text dep = { 0 }, seed = { 0 };

    if (d->seed != NULL)
        add(&seed, "--seed=%s", d->seed);
    assign("MBB_MAGICS_FOR", d->magics_for);
    assign("MBB_GEN_FLAGS", str(&seed));
    if (d->magics_path != NULL) {
        for (const char *s = d->magics_path; *s != '\0'; s++)
            add(&dep, *s == ' ' ? "\\ " : "%c", *s);
        assign("MBB_GEN_MAGICS", d->magics_path);
    } else {
        add(&dep, d->seed != NULL ? "" : "$(wildcard $(top_srcdir)/gen/magics/%s.txt)",
            d->tables_flavour);
        assign("MBB_GEN_MAGICS", "");
    }
    assign("MBB_MAGICS_DEP", str(&dep));
    release(&seed);
    release(&dep);
}

static void print_results(const struct decision *d)
{
    const int dispatch = d->dispatch_count > 0;
    const struct isa_row *isa = &isa_rows[d->isa];
    struct text summary = { 0 };

    assign("MBB_ALL_FLAVOURS", all_flavours());
    assign("MBB_FLAVOUR", d->flavour);
    assign("MBB_FLAVOUR_DISPATCH", dispatch ? "1" : "0");
    assign("MBB_TABLES_FLAVOUR", d->tables_flavour);
    assign("MBB_FLAVOUR_ISA", isa->name);
    assign("MBB_FLAVOUR_ISA_MACRO", isa->macro);
    assign("MBB_ISA_CFLAGS", d->isa_cflags[d->isa]);
    assign("MBB_INLINE_CFLAGS", isa->flags);
    print_isas(d);
    print_dispatch(d);
    print_magics(d);
    add(&summary, "  flavour:        %s (%s)", d->flavour, d->why);
    if (d->measure_workload != NULL) {
        add(&summary, "\n  timings:        %s:",
            is(d->measure_workload, "search")
                ? "ns per node of the benchmark's engine search (six positions, depth 4, 256 MiB"
                  " table), median (95 % interval)"
                : "ns per queen lookup, alone and in cache, median (95 % interval)");
        for (const char *line = d->timings; *line != '\0'; line += *line == '\n') {
            const int length = (int)strcspn(line, "\n");

            add(&summary, "\n                    %.*s", length, line);
            line += length;
        }
    }
    add(&summary, "\n  runs on:        %s\n  magics:         %s\n  flavour flags:  %s (its lookups"
        " are built for: %s)", d->runs_on, d->magics,
        d->isa_cflags[d->isa][0] != '\0' ? d->isa_cflags[d->isa] : "none", isa->name);
    if (d->table_bytes > 0)
        add(&summary, "\n  table bytes:    %lu on %s (sliders %lu, the rest the board tables),"
            " measured for --with-flash=%s", d->table_bytes, input("host", ""), d->slider_bytes,
            d->flash_kib);
    print_options(d);
    assign("mbb_warnings", d->warnings);
    assign("mbb_summary", str(&summary));
    release(&summary);
}

/* What configure is to measure, and how. */
static void print_measure(const struct decision *d)
{
    struct text text = { 0 }, limit = { 0 }, flags = { 0 }, defines = { 0 };

    assign("MBB_ALL_FLAVOURS", all_flavours());
    if (d->outcome == MEASURE_FLASH) {
        if (given("magics"))
            add(&text, "--magics=%s", input("magics", ""));
        else if (given("seed"))
            add(&text, "--seed=%s", input("seed", ""));
        else
            add(&text, "--magics-dir=%s/gen/magics", input("srcdir", "."));
        assign("mbb_measure", "flash");
        assign("mbb_measure_flavours", d->measure_flavours);
        add(&limit, "%lu", d->measure_limit);
        assign("mbb_measure_limit", str(&limit));
        assign("mbb_measure_board", d->small ? "--board-only --no-lines" : "--board-only");
        assign("mbb_measure_magics", str(&text));
    } else {
        /* built with the flags of every set this CPU has */
        for (size_t i = 0; i < ISA_COUNT; i++) {
            if (d->isa_have[i] && d->isa_cflags[i][0] != '\0')
                append(&flags, " ", d->isa_cflags[i]);
            add(&defines, "%s-DFLAVOURS_FOR_ISA_%s=1", i > 0 ? " " : "", isa_rows[i].name);
        }
        assign("mbb_measure", "fastest");
        assign("mbb_measure_workload", d->measure_workload);
        assign("mbb_measure_default", d->measure_default);
        assign("mbb_measure_only", d->measure_only);
        assign("mbb_measure_cflags", str(&flags));
        assign("mbb_measure_defines", str(&defines));
    }
    release(&text);
    release(&limit);
    release(&flags);
    release(&defines);
}

/* ---- What configure detected, and what this program finds itself -------- */

/* The flavour a magics file's first "# flavour: NAME" comment names, read
 * as the generator reads it (flavourline.h: the key in any case, a CR
 * at a line's end dropped), or "". */
static const char *magics_file_flavour(const char *path)
{
    static char name[256];
    FILE *in = fopen(path, "r");
    struct text line = { 0 };
    long bytes = 0;
    int ch, found = 0;

    /* (the generator reads at most 1 MiB: so much, and no more, here) */
    while (in != NULL && !found && bytes++ <= 1048576) {
        ch = getc(in);
        if (ch != '\n' && ch != EOF) {
            add(&line, "%c", ch == '\0' ? ' ' : ch);
            continue;
        }
        found = strchr(str(&line), '#') != NULL
                && magics_flavour_comment(strchr(str(&line), '#'), name, sizeof name);
        release(&line);
        if (ch == EOF)
            break;
    }
    if (in != NULL)
        fclose(in);
    release(&line);
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
#define MBB_ISA(name, macro, flags, probe, slow, description)                                  \
    if (n++ == i)                                                                              \
        return (probe) != 0;
#include "isa.def"
#undef MBB_ISA
    return 0;
}

static void gather(struct facts *f, struct options *o)
{
    static const char *const dirs[] = { "prefix", "exec_prefix", "bindir", "libdir", "includedir",
                                        "datarootdir" };
    const char *magics = input("magics", NULL);
    struct stat st;

    *o = (struct options){ input("tables", NULL), input("dispatch", NULL), input("flash", NULL),
                           input("seed", NULL), magics, input("section", NULL),
                           input("debug", NULL), input("small", NULL), { NULL } };
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
        f->isa[i] = is(input(key, "no"), "yes") ? ISA_YES : is(input(key, "no"), "no") ? ISA_NO
                                                                                       : ISA_FLAGS;
        f->cpu[i] = !f->cross && f->isa[i] != ISA_NO && cpu_has(i);
    }
    if (f->cross)
        f->slow_pext = is(input("target_slow_pext", "0"), "1");
    else
        f->slow_pext = input("slow_pext", NULL) != NULL ? is(input("slow_pext", ""), "1")
                                                        : mbb_cpu_slow_pext();
    if (magics != NULL && !is(magics, "no") && !is(magics, "yes") && !is(magics, "")) {
        f->magics_readable = stat(magics, &st) == 0 && S_ISREG(st.st_mode)
                             && access(magics, R_OK) == 0;
        f->magics_for = f->magics_readable ? magics_file_flavour(magics) : "";
        f->magics_path = absolute(magics);
    }
    for (size_t i = 0; i < FLAVOUR_COUNT; i++) {
        struct text shipped = { 0 };

        add(&shipped, "%s/gen/magics/%s.txt", input("srcdir", "."), flavour_rows[i].name);
        f->shipped[i] = stat(str(&shipped), &st) == 0;
        release(&shipped);
    }
    f->measured = input("measured", NULL);
    f->fastest = input("fastest", NULL);
}

int main(int argc, char **argv)
{
    static struct decision d;
    struct facts f = { 0 };
    struct options o;

    input_count = argc - 1;
    inputs = argv + 1;
    for (int i = 0; i < input_count; i++)
        if (strchr(inputs[i], '=') == NULL) {
            fputs("usage: magicbb-choose NAME=VALUE...\n", stderr);
            return 2;
        }
    gather(&f, &o);
    switch (decide(&f, &o, &d)) {
    case REFUSED:
        fail("%s", d.error);
        break;
    case DECIDED:
        print_results(&d);
        break;
    default:
        print_measure(&d);
        break;
    }
    answer_and_exit();
    return 0;
}
