/* SPDX-License-Identifier: MIT */
/* choose.c - magicbb-choose: configure's decisions, in C.
 *
 *     magicbb-choose NAME=VALUE...
 *
 * configure detects (the compilers, the instruction sets of isa.def the
 * target has, natively what this CPU runs) and passes that with the
 * options' values.  This program checks the options, applies the policy
 * of policy.h and prints sh assignments for configure to read: the
 * substitutions (MBB_FLAVOUR, ...), mbb_warnings, and the summary's lines
 * in mbb_summary and mbb_summary_options.  An
 * option it refuses is one line on stderr and exit status 1.
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
 *   fastest     what lab/fastest.sh printed
 *
 * With dropin=FLAVOURS it writes the vendored drop-in's magicbb_config.h
 * instead, for the flavours of auto's table and FLAVOURS (print=flavours:
 * only the list; tools/dropin.sh asks both). */
#define _XOPEN_SOURCE 700

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "flavourline.h"
#include "registry.h"
#include "rows.h"
#include "seed.h"

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

/* ---- The registries ---------------------------------------------------- */

static const struct flavour_row *flavour_named(const char *name)
{
    for (size_t i = 0; i < FLAVOUR_COUNT; i++)
        if (is(flavour_rows[i].name, name))
            return &flavour_rows[i];
    return NULL;
}

static size_t isa_index(const char *name)
{
    size_t i = 0;

    while (i < ISA_COUNT && !is(isa_rows[i].name, name))
        i++;
    return i;
}

/* Every flavour, space-separated. */
static const char *all_flavours(void)
{
    static struct text all;

    if (all.length == 0)
        for (size_t i = 0; i < FLAVOUR_COUNT; i++)
            append(&all, " ", flavour_rows[i].name);
    return str(&all);
}

/* The next word of a list separated by spaces or commas, copied into
 * word; where the list goes on after it, or NULL after the last. */
static const char *next_word(const char *list, char *word, size_t size)
{
    size_t n;

    list += strspn(list, " ,");
    n = strcspn(list, " ,");
    if (n == 0)
        return NULL;
    snprintf(word, size, "%.*s", (int)n, list);
    return list + n;
}

static int has_capitals(const char *name)
{
    for (; *name != '\0'; name++)
        if (isupper((unsigned char)*name))
            return 1;
    return 0;
}

/* ---- What configure found about the instruction sets ------------------- */

struct isa_found {
    int compiles, have;
    const char *cflags; /* what the compiler needs beyond CFLAGS */
    struct text why;
};

struct choice {
    struct isa_found isa[ISA_COUNT];
    const char *pext; /* fast, slow or absent */
    struct text pext_why;
    const char *flavour, *magics_for; /* the choice; a magics file's flavour */
    const char *flash_kib;             /* the budget, or NULL */
    unsigned long table_bytes, slider_bytes;
    struct text why, timings, warnings;
    struct text dispatch, dispatch_summary; /* the dispatch library's flavours */
};

/* Whether this CPU has the instructions of isa_rows[i] (isa.def's probe),
 * or runs PEXT slowly (policy.h), unless the input says: in a native
 * build, where this machine is the host. */
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

static int cpu_slow_pext(void)
{
    return input("slow_pext", NULL) != NULL ? is(input("slow_pext", ""), "1") : mbb_cpu_slow_pext();
}

static void find_isa(struct choice *c, size_t i)
{
    char key[64];
    const struct isa_row *row;
    struct isa_found *found;
    const char *state;

    if (i >= ISA_COUNT) /* (never: but gcc -O2 -Warray-bounds cannot tell) */
        return;
    row = &isa_rows[i];
    found = &c->isa[i];
    snprintf(key, sizeof key, "isa_%s", row->name);
    state = input(key, "no");
    found->compiles = !is(state, "no");
    found->cflags = is(state, "flags") ? row->flags : "";
    if (!found->compiles) {
        add(&found->why, "the target compiler does not define MBB_HAVE_%s (isa.def) with these CFLAGS",
            row->macro);
    } else if (is(input("cross", "no"), "yes")) {
        /* the target's -march decides; a set the compiler emits only
         * with its flags serves a dispatch library */
        found->have = is(state, "yes");
        if (found->have)
            add(&found->why, "the target compiler defines MBB_HAVE_%s", row->macro);
        else
            add(&found->why, "the target compiler defines MBB_HAVE_%s only with %s, which these"
                " CFLAGS lack", row->macro, row->flags);
    } else {
        found->have = cpu_has(i);
        add(&found->why, "this CPU %s %s", found->have ? "has" : "lacks", row->description);
    }
}

/* PEXT's speed on the target, by policy.h's rule: natively this CPU's
 * (mbb_cpu_slow_pext), else the target's -march (MBB_SLOW_BMI2). */
static void find_pext(struct choice *c)
{
    const struct isa_found *bmi2 = &c->isa[isa_index("bmi2")];
    const int cross = is(input("cross", "no"), "yes");
    int slow;

    if (!bmi2->have) {
        c->pext = "absent";
        add(&c->pext_why, "%s", str(&bmi2->why));
        return;
    }
    slow = cross ? is(input("target_slow_pext", "0"), "1") : cpu_slow_pext();
    c->pext = slow ? "slow" : "fast";
    if (cross)
        add(&c->pext_why, slow ? "the target's -march is an AMD core with microcoded PEXT"
                               : "the target compiler defines __BMI2__");
    else
        add(&c->pext_why, slow ? "this CPU runs PEXT in slow microcode (AMD family 0x15 or 0x17)"
                               : "this CPU has BMI2 and a fast PEXT");
}

/* ---- The options' values ------------------------------------------------ */

/* Refuses a value with a byte that is not a letter, (digits) a digit, one
 * of extra or (high) non-ASCII: every value ends up in a Makefile, a C
 * macro or a shell command. */
static void check_bytes(const char *option, const char *value, int digits, const char *extra,
                        int high, const char *what)
{
    struct text shown = { 0 };
    int odd = 0;

    for (const unsigned char *s = (const unsigned char *)value; *s != '\0'; s++) {
        const int ok = (*s < 128 && isalpha(*s)) || (digits && isdigit(*s))
                       || (*s >= 128 && high) || strchr(extra, *s) != NULL;

        add(&shown, "%c", ok ? *s : '?');
        odd |= !ok;
    }
    if (odd)
        fail("%s: '%s' has a character that make or the shell cannot carry (shown as '?'); %s",
             option, str(&shown), what);
    release(&shown);
}

static void check_yes_no(const char *option, const char *name)
{
    const char *value = input(name, "no");

    check_bytes(option, value, 0, "", 0, "give yes or no");
    if (!is(value, "yes") && !is(value, "no"))
        fail("%s takes yes or no, not '%s'", option, value);
}

static void check_values(void)
{
    const char *flash = input("flash", "no");

    check_bytes("--with-tables", input("tables", "auto"), 1, "_-", 0,
                "give one flavour name, such as auto or fancy (./configure --help lists them)");
    if (given("seed"))
        check_bytes("--with-seed", input("seed", ""), 1, "_.+-", 0,
                    "give a decimal number or 0x and hex digits");
    if (given("dispatch"))
        check_bytes("--with-dispatch", input("dispatch", ""), 1, "_,", 0,
                    "give flavour names, comma-separated");
    if (given("flash")
        && (flash[0] < '1' || flash[0] > '9' || strspn(flash, "0123456789") != strlen(flash)
            || strlen(flash) > 7 || strtoul(flash, NULL, 10) > 1048576))
        fail("--with-flash takes a whole number of KiB from 1 to 1048576, not '%s'", flash);
    check_bytes("--with-table-section", input("section", "no"), 1, "_.", 0,
                "give a section name of letters, digits, '_' and '.'");
    check_bytes("--with-magics", input("magics", "no"), 1, " /._+,=@~-", 1,
                "give a path of letters, digits, spaces, non-ASCII and /._+,=@~- (copy or link the"
                " file to a plainer path)");
    /* libtool's install and the pkg-config and CMake files split a path
     * at its spaces: refused here rather than in make install */
    static const char *const dirs[][2] = {
        { "prefix", "--prefix" }, { "exec_prefix", "--exec-prefix" }, { "bindir", "--bindir" },
        { "libdir", "--libdir" }, { "includedir", "--includedir" },
        { "datarootdir", "--datarootdir" },
    };

    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        struct text shown = { 0 };

        if (strpbrk(input(dirs[i][0], ""), " \t\n") == NULL)
            continue;
        for (const char *s = input(dirs[i][0], ""); *s != '\0'; s++)
            add(&shown, "%c", *s == '\t' || *s == '\n' ? '?' : *s);
        fail("%s: '%s' holds a space, a tab or a newline (a tab or newline shown as '?'), which"
             " libtool cannot install into; choose a directory without them", dirs[i][1],
             str(&shown));
    }
    check_yes_no("--enable-debug", "debug");
    check_yes_no("--enable-small", "small");
    if (is(input("section", "no"), "yes") || is(input("section", "no"), ""))
        fail("--with-table-section needs a section name");
}

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

/* The options that go together, the magics file and the seed. */
static void check_combinations(struct choice *c)
{
    const char *magics = input("magics", "no"), *seed = input("seed", "no");
    struct stat st;
    uint64_t number;

    if (given("dispatch") && !is(input("tables", "auto"), "dispatch"))
        fail("--with-dispatch=%s needs --with-tables=dispatch", input("dispatch", ""));
    if (given("seed") && given("magics"))
        fail("--with-seed and --with-magics exclude each other");
    if (is(magics, "yes") || is(magics, ""))
        fail("--with-magics needs a file name");
    if (given("magics")) {
        if (stat(magics, &st) != 0 || !S_ISREG(st.st_mode) || access(magics, R_OK) != 0)
            fail("--with-magics: '%s' is not a readable file", magics);
        c->magics_for = magics_file_flavour(magics);
        if (flavour_named(c->magics_for) == NULL)
            fail("--with-magics: '%s' has no '# flavour: NAME' line naming one of %s", magics,
                 all_flavours());
    }
    if (given("seed") && parse_seed(seed, &number) != 0)
        fail("--with-seed: '%s' " SEED_RULE, seed);
}

/* ---- The flavour -------------------------------------------------------- */

/* auto's choice on a hosted target (policy.h); why its reason. */
static const char *auto_flavour(const struct choice *c, struct text *why)
{
    const char *reason, *flavour;

    flavour = mbb_auto_flavour(c->magics_for, is(c->pext, "fast"), is(input("pointer", "8"), "4"),
                               given("seed"), &reason);
    add(why, "auto: ");
    add(why, reason, c->magics_for != NULL ? c->magics_for : str(&c->pext_why));
    return flavour;
}

static int searches(const char *flavour)
{
    return is(flavour_named(flavour)->magics, "search");
}

static int target_has(const struct choice *c, const char *flavour)
{
    return c->isa[isa_index(flavour_named(flavour)->isa)].have;
}

/* Asks configure to measure the flash the flavours take on the target,
 * in order, up to the first whose tables fit limit bytes, with the
 * magics the build will use; then exits. */
static void measure_flash(const char *flavours, unsigned long limit)
{
    struct text magics = { 0 }, limit_text = { 0 };

    if (given("magics"))
        add(&magics, "--magics=%s", input("magics", ""));
    else if (given("seed"))
        add(&magics, "--seed=%s", input("seed", ""));
    else
        add(&magics, "--magics-dir=%s/gen/magics", input("srcdir", "."));
    add(&limit_text, "%lu", limit);
    assign("MBB_ALL_FLAVOURS", all_flavours());
    assign("mbb_measure", "flash");
    assign("mbb_measure_flavours", flavours);
    assign("mbb_measure_limit", str(&limit_text));
    assign("mbb_measure_board", is(input("small", "no"), "yes") ? "--board-only --no-lines"
                                                                 : "--board-only");
    assign("mbb_measure_magics", str(&magics));
    answer_and_exit();
}

/* What configure measured of a flavour: its table and slider bytes;
 * 0 where it is not measured. */
static int measured(const char *flavour, unsigned long *tables, unsigned long *sliders)
{
    const char *list = input("measured", "");
    const size_t length = strlen(flavour);
    char word[128];

    while ((list = next_word(list, word, sizeof word)) != NULL)
        if (strncmp(word, flavour, length) == 0 && word[length] == ':')
            return sscanf(word + length, ":%lu:%lu", tables, sliders) == 2;
    return 0;
}

/* KiB of flash, tables and code, rounded up. */
static unsigned long kib(unsigned long table_bytes)
{
    return (table_bytes + MBB_CODE_ALLOWANCE + 1023) / 1024;
}

/* auto under a flash budget: the first flavour of the flash order
 * (policy.h) that the target runs and whose tables and code fit; with
 * --with-magics the flavour the file names, with --with-seed those that
 * search their magics. */
static void flash_auto(struct choice *c)
{
    const char *why, *order = mbb_flash_order(is(input("pointer", "8"), "4"), &why);
    const unsigned long budget = strtoul(c->flash_kib, NULL, 10) * 1024;
    struct text names = { 0 }, candidates = { 0 }, tried = { 0 };
    char name[64];

    if (c->magics_for != NULL) {
        order = c->magics_for;
        why = "the flavour --with-magics names";
    }
    while ((order = next_word(order, name, sizeof name)) != NULL) {
        if (c->magics_for == NULL && given("seed") && !searches(name))
            continue;
        append(&names, " ", name);
        if (target_has(c, name))
            append(&candidates, " ", name);
    }
    if (input("measured", NULL) == NULL)
        measure_flash(str(&candidates), budget > MBB_CODE_ALLOWANCE ? budget - MBB_CODE_ALLOWANCE : 0);
    for (const char *s = str(&candidates); c->flavour == NULL
                                           && (s = next_word(s, name, sizeof name)) != NULL
                                           && measured(name, &c->table_bytes, &c->slider_bytes);) {
        add(&tried, "%s%s %lu KiB", tried.length > 0 ? ", " : "", name, kib(c->table_bytes));
        if (c->table_bytes + MBB_CODE_ALLOWANCE <= budget)
            c->flavour = flavour_named(name)->name;
    }
    if (c->flavour == NULL)
        fail("no flavour fits %s KiB of flash: %s, with %d bytes for code (--enable-small saves 64"
             " KiB); raise --with-flash", c->flash_kib, str(&tried), MBB_CODE_ALLOWANCE);
    add(&c->why, "auto: the fastest that fits %s KiB of flash (%s%s: %s; tried %s with %d bytes for code)",
        c->flash_kib, why,
        c->magics_for == NULL && given("seed") ? ", those that search their magics (--with-seed)" : "",
        str(&names), str(&tried), MBB_CODE_ALLOWANCE);
    release(&names);
    release(&candidates);
    release(&tried);
}

/* A named flavour under --with-flash: its tables and code must fit. */
static void flash_check(struct choice *c)
{
    if (input("measured", NULL) == NULL)
        measure_flash(c->flavour, 0);
    if (!measured(c->flavour, &c->table_bytes, &c->slider_bytes))
        fail("configure measured no tables of %s", c->flavour);
    if (c->table_bytes + MBB_CODE_ALLOWANCE > strtoul(c->flash_kib, NULL, 10) * 1024)
        fail("--with-tables=%s needs %lu bytes of tables and about %d KiB of code, more than"
             " --with-flash=%s KiB; name a smaller flavour (hq, byte) or use auto",
             c->flavour, c->table_bytes, MBB_CODE_ALLOWANCE / 1024, c->flash_kib);
}

/* Asks configure to time the flavours here (lab/fastest.sh) on workload,
 * against default, built with the flags of every set this CPU has; then
 * exits.  With --with-seed only the flavours that search their magics
 * take part. */
static void measure_fastest(const struct choice *c, const char *workload, const char *default_flavour)
{
    struct text flags = { 0 }, defines = { 0 }, only = { 0 };

    for (size_t i = 0; i < ISA_COUNT; i++) {
        if (c->isa[i].have && c->isa[i].cflags[0] != '\0')
            append(&flags, " ", c->isa[i].cflags);
        add(&defines, "%s-DFLAVOURS_FOR_ISA_%s=1", i > 0 ? " " : "", isa_rows[i].name);
    }
    for (size_t i = 0; given("seed") && i < FLAVOUR_COUNT; i++)
        if (searches(flavour_rows[i].name))
            append(&only, ",", flavour_rows[i].name);
    assign("MBB_ALL_FLAVOURS", all_flavours());
    assign("mbb_measure", "fastest");
    assign("mbb_measure_workload", workload);
    assign("mbb_measure_default", default_flavour);
    assign("mbb_measure_only", str(&only));
    assign("mbb_measure_cflags", str(&flags));
    assign("mbb_measure_defines", str(&defines));
    answer_and_exit();
}

/* --with-tables=fastest (workload search) or fastest-lookups (lookups):
 * the flavour lab/fastest.sh found clearly faster than auto's here, with
 * its figures, a line a flavour. */
static void fastest(struct choice *c, const char *tables, const char *workload)
{
    const char *probe = input("fastest", NULL), *line;
    struct text auto_why = { 0 };
    const char *default_flavour = auto_flavour(c, &auto_why);
    char name[64];

    release(&auto_why);
    if (is(input("cross", "no"), "yes"))
        fail("--with-tables=%s measures this machine, but this build is for %s; name a flavour"
             " instead (auto or one of %s)", tables, input("host", ""), all_flavours());
    if (c->magics_for != NULL) {
        c->flavour = c->magics_for;
        add(&c->why, "%s: --with-magics names %s, so there is nothing to compare", tables, c->flavour);
        return;
    }
    if (probe == NULL)
        measure_fastest(c, workload, default_flavour);
    add(&c->timings, "\n  timings:        %s:",
        is(workload, "search") ? "ns per node of the benchmark's engine search (six positions, depth"
                                 " 4, 256 MiB table), median (95 % interval)"
                               : "ns per queen lookup, alone and in cache, median (95 % interval)");
    for (line = probe; *line != '\0'; line += strcspn(line, "\n"), line += *line == '\n') {
        const int length = (int)strcspn(line, "\n");

        if (sscanf(line, "fastest %63s", name) == 1 && flavour_named(name) != NULL)
            c->flavour = flavour_named(name)->name;
        else if (strncmp(line, "why ", 4) == 0)
            add(&c->why, "%s: %.*s", tables, length - 4, line + 4);
        else
            add(&c->timings, "\n                    %.*s", length, line);
    }
    if (c->flavour == NULL || c->why.length == 0)
        fail("the --with-tables=%s probe could not be built or run; see config.log", tables);
}

/* Whether host is an x86-64 ELF system with GNU ifunc (x86_64-*-linux*,
 * x86_64-*-*bsd*, x86_64-*-gnu*). */
static int ifunc_host(const char *host)
{
    return strncmp(host, "x86_64-", 7) == 0
           && (strstr(host + 6, "-linux") != NULL || strstr(host + 7, "bsd") != NULL
               || strstr(host + 6, "-gnu") != NULL);
}

static int listed(const char *list, const char *name)
{
    char word[64];

    for (const char *s = list; (s = next_word(s, word, sizeof word)) != NULL;)
        if (is(word, name))
            return 1;
    return 0;
}

/* --with-tables=dispatch: the flavours of --with-dispatch (or policy.h's
 * default), each known once, within the compiler's reach, the last
 * portable; an x86-64 ELF target with ifunc. */
static void dispatch(struct choice *c)
{
    const char *list = given("dispatch") ? input("dispatch", "") : MBB_DISPATCH_DEFAULT;
    const struct flavour_row *row = NULL;
    const char *need = "";
    char name[64];
    size_t count = 0;

    if (!ifunc_host(input("host", "")))
        fail("--with-tables=dispatch needs an x86-64 ELF target with GNU ifunc, not %s; name a"
             " flavour instead", input("host", ""));
    for (const char *s = list; (s = next_word(s, name, sizeof name)) != NULL; count++) {
        if (has_capitals(name))
            fail("--with-dispatch: unknown flavour '%s': flavour names are lower case (some of %s)",
                 name, all_flavours());
        if ((row = flavour_named(name)) == NULL)
            fail("--with-dispatch: unknown flavour '%s' (expected some of %s)", name, all_flavours());
        if (listed(str(&c->dispatch), name))
            fail("--with-dispatch: '%s' is listed twice", name);
        need = isa_rows[isa_index(row->isa)].description;
        if (!is(row->isa, "any") && !c->isa[isa_index(row->isa)].compiles)
            fail("--with-dispatch: the compiler cannot emit %s for %s", need, name);
        append(&c->dispatch, " ", name);
        add(&c->dispatch_summary, "%s%s", count > 0 ? ", else " : "", name);
        if (!is(row->isa, "any"))
            add(&c->dispatch_summary, " where the CPU runs %s at full speed", need);
    }
    if (count < 2)
        fail("--with-dispatch=%s: name two flavours or more, or build that flavour alone with"
             " --with-tables", list);
    if (!is(row->isa, "any"))
        fail("--with-dispatch: the last flavour, %s, needs %s; end the list with one that runs on"
             " every CPU, such as black (auto's portable choice)", row->name, need);
    if (!is(input("ifunc", "no"), "yes"))
        fail("--with-tables=dispatch needs GNU ifunc, which this compiler or linker lacks; name a"
             " flavour instead");
    c->flavour = "dispatch";
    add(&c->why, "chosen with --with-tables=dispatch: %s, picked per process", str(&c->dispatch_summary));
}

/* A flavour named with --with-tables: the target must have its
 * instructions, and under --with-flash its tables must fit. */
static void named(struct choice *c, const char *tables)
{
    const struct flavour_row *row = flavour_named(tables);

    if (row == NULL && has_capitals(tables))
        fail("unknown flavour '%s' for --with-tables: flavour names are lower case (auto, fastest,"
             " fastest-lookups, dispatch or one of %s)", tables, all_flavours());
    if (row == NULL)
        fail("unknown flavour '%s' for --with-tables (expected auto, fastest, fastest-lookups,"
             " dispatch or one of %s)", tables, all_flavours());
    c->flavour = row->name;
    add(&c->why, "chosen with --with-tables=%s", row->name);
    if (!is(row->isa, "any")) {
        const struct isa_found *found = &c->isa[isa_index(row->isa)];
        const char *isa_why = str(&found->why);

        if (!found->have)
            fail("--with-tables=%s needs %s, but %s; use another flavour or auto", row->name,
                 isa_rows[isa_index(row->isa)].description, isa_why);
        if (is(row->isa, "bmi2") && is(c->pext, "slow")) {
            isa_why = str(&c->pext_why);
            add(&c->warnings, "--with-tables=%s: %s; black (auto's choice there) is likely faster\n",
                row->name, isa_why);
        }
        add(&c->why, " (%s)", isa_why);
    }
    if (given("flash"))
        flash_check(c);
}

static void choose_flavour(struct choice *c)
{
    const char *tables = input("tables", "auto");
    const int measuring = is(tables, "fastest") || is(tables, "fastest-lookups");

    if (given("flash"))
        c->flash_kib = input("flash", "");
    else if (is(input("bare", "no"), "yes"))
        c->flash_kib = MBB_BARE_METAL_FLASH_KIB;
    if (given("flash") && (measuring || is(tables, "dispatch")))
        fail("--with-flash applies to auto or a named flavour, not --with-tables=%s", tables);
    if (is(tables, "auto") && c->flash_kib != NULL)
        flash_auto(c);
    else if (is(tables, "auto"))
        c->flavour = auto_flavour(c, &c->why);
    else if (measuring)
        fastest(c, tables, is(tables, "fastest") ? "search" : "lookups");
    else if (is(tables, "dispatch"))
        dispatch(c);
    else if (is(tables, "yes") || is(tables, "no") || is(tables, ""))
        fail("--with-tables needs a flavour: auto, fastest, fastest-lookups, dispatch or one of %s",
             all_flavours());
    else
        named(c, tables);
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

/* What a build without --with-seed or --with-magics gives a flavour: the
 * generator's rule (the shipped set where there is one, else its seeded
 * search with the default seed). */
static void default_magics(struct text *summary, const char *flavour)
{
    struct text shipped = { 0 };
    struct stat st;

    add(&shipped, "%s/gen/magics/%s.txt", input("srcdir", "."), flavour);
    if (summary->length > 0)
        add(summary, "; ");
    if (is(flavour_named(flavour)->magics, "none"))
        add(summary, "none (%s needs none)", flavour);
    else if (stat(str(&shipped), &st) == 0)
        add(summary, "the shipped set of %s, gen/magics/%s.txt", flavour, flavour);
    else
        add(summary, "%s's seeded search, with the generator's default seed (no shipped set)", flavour);
    release(&shipped);
}

/* The magics file as the build takes it: an absolute path (make and the
 * shell carry it, spaces escaped for make); the flavour it applies to. */
static void magics_file(const char *magics_for, int dispatch, struct text *summary)
{
    struct text dep = { 0 };
    char *path = absolute(input("magics", ""));

    if (path == NULL)
        fail("--with-magics: '%s' is not a readable file", input("magics", ""));
    for (const unsigned char *s = (const unsigned char *)path; *s != '\0'; s++)
        if (!(*s >= 128 || isalnum(*s) || strchr(" /._+,=@~-", *s) != NULL))
            fail("--with-magics: '%s' has a character that make or the shell cannot carry (only"
                 " letters, digits, spaces, non-ASCII and /._+,=@~- are allowed); copy or link the"
                 " file to a plainer path", path);
    for (const char *s = path; *s != '\0'; s++)
        add(&dep, *s == ' ' ? "\\ " : "%c", *s);
    assign("MBB_GEN_MAGICS", path);
    assign("MBB_MAGICS_DEP", str(&dep));
    release(summary);
    add(summary, "%s%sloaded from %s", dispatch ? magics_for : "", dispatch ? "'s " : "", path);
    release(&dep);
    free(path);
}

/* The magics: a seed, a file for the flavour it applies to (the
 * library's, or in a dispatch library the one it names), or the
 * generator's default; what make remakes the tables after. */
static void print_magics(const struct choice *c, const char *tables_flavour, struct text *summary)
{
    const int dispatch = is(c->flavour, "dispatch");
    const char *magics_for = tables_flavour, *kind;
    struct text dep = { 0 }, seed = { 0 };
    char name[64];

    if (dispatch && given("seed"))
        fail("--with-seed applies to one flavour's magic search, not to --with-tables=dispatch; name"
             " a flavour, or give a magics file with --with-magics (it applies to the flavour it names)");
    if (dispatch && c->magics_for != NULL && !listed(str(&c->dispatch), c->magics_for))
        fail("--with-magics: '%s' is for %s, which is not among the dispatch library's flavours (%s)",
             input("magics", ""), c->magics_for, str(&c->dispatch));
    if (dispatch && c->magics_for != NULL)
        magics_for = c->magics_for;
    if (!dispatch && c->magics_for != NULL && !is(c->magics_for, tables_flavour)
        && !is(c->magics_for, flavour_named(tables_flavour)->reads))
        fail("--with-magics: '%s' is a file of %s magics (its '# flavour:' line), not of %s; give"
             " a %s file, or --with-tables=%s", input("magics", ""), c->magics_for,
             tables_flavour, tables_flavour, c->magics_for);
    kind = flavour_named(magics_for)->magics;
    if (is(kind, "none") && (given("seed") || given("magics")))
        fail("--with-seed and --with-magics apply to flavours with magics, not to %s", magics_for);
    if (is(kind, "load") && given("seed"))
        fail("%s loads its magics (the shipped set, or --with-magics=FILE); --with-seed does not apply",
             magics_for);
    for (const char *s = dispatch ? str(&c->dispatch) : c->flavour;
         (s = next_word(s, name, sizeof name)) != NULL;)
        default_magics(summary, name);
    if (given("seed")) {
        add(&seed, "--seed=%s", input("seed", ""));
        release(summary);
        add(summary, "searched with seed %s", input("seed", ""));
    }
    assign("MBB_MAGICS_FOR", magics_for);
    assign("MBB_GEN_FLAGS", str(&seed));
    release(&seed);
    if (given("magics")) {
        magics_file(magics_for, dispatch, summary);
        return;
    }
    add(&dep, given("seed") ? "" : "$(wildcard $(top_srcdir)/gen/magics/%s.txt)", tables_flavour);
    assign("MBB_GEN_MAGICS", "");
    assign("MBB_MAGICS_DEP", str(&dep));
    release(&dep);
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
static void print_isas(const struct choice *c)
{
    struct text names = { 0 }, flagged = { 0 }, plain = { 0 }, cflags = { 0 };

    for (size_t i = 0; i < ISA_COUNT; i++) {
        append(&names, " ", isa_rows[i].name);
        append(isa_rows[i].flags[0] != '\0' ? &flagged : &plain, " ", isa_rows[i].name);
        if (isa_rows[i].flags[0] != '\0' && c->isa[i].compiles)
            add_flags(&cflags, isa_rows[i].name, c->isa[i].cflags);
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
 * with the board's), the others, "NAME=ISA" and "NAME=FLAG,FLAG" lists,
 * and the X-macro of src/dispatch-list.h. */
static void print_dispatch(const struct choice *c)
{
    struct text others = { 0 }, isas = { 0 }, cflags = { 0 }, each = { 0 };
    char name[64], last[64] = "";

    for (const char *s = str(&c->dispatch); (s = next_word(s, name, sizeof name)) != NULL;) {
        const size_t i = isa_index(flavour_named(name)->isa);

        if (last[0] != '\0')
            append(&others, " ", last);
        snprintf(last, sizeof last, "%s", name);
        add(&isas, "%s%s=%s", isas.length > 0 ? " " : "", name, isa_rows[i].name);
        add_flags(&cflags, name, c->isa[i].cflags);
        add(&each, "%sX(%s, %s, ARG)", each.length > 0 ? " " : "", name, isa_rows[i].name);
    }
    assign("MBB_DISPATCH_FLAVOURS", str(&c->dispatch));
    assign("MBB_DISPATCH_LAST", last);
    assign("MBB_DISPATCH_OTHERS", str(&others));
    assign("MBB_DISPATCH_LIST", str(&isas));
    assign("MBB_DISPATCH_CFLAGS_LIST", str(&cflags));
    assign("MBB_DISPATCH_EACH", str(&each));
    release(&others);
    release(&isas);
    release(&cflags);
    release(&each);
}

/* ---- The flavour <magicbb_inline.h> inlines ------------------------------ */

/* The lines that include flavour's header and name its lookups; with
 * tables, where the drop-in's implementation file finds its tables. */
static void inline_branch(struct text *out, const char *flavour, const char *tables)
{
    add(out, "#include \"magicbb/%s.h\"\n#define MBB_INLINE_NAME \"%s\"\n", flavour, flavour);
    add(out, "#define MBB_INLINE_ROOK mbb_%s_rook_attacks\n", flavour);
    add(out, "#define MBB_INLINE_BISHOP mbb_%s_bishop_attacks\n", flavour);
    add(out, "#define MBB_INLINE_QUEEN mbb_%s_queen_attacks\n", flavour);
    add(out, "#define MBB_INLINE_TABLE_BYTES mbb_%s_table_bytes\n", flavour);
    add(out, "#define MBB_INLINE_LINK_RULE MBB_LINK_RULE(%s)\n", flavour);
    if (tables != NULL)
        add(out, "#define MBB_INLINE_TABLES \"%s/%s.h\"\n", tables, flavour);
}

/* An #error where the code being compiled lacks flavour's instructions,
 * saying what to do: what, then the flags or a -march. */
static void inline_needs(struct text *out, const char *flavour, const char *what)
{
    const struct isa_row *isa = &isa_rows[isa_index(flavour_named(flavour)->isa)];

    if (is(isa->name, "any"))
        return;
    add(out, "#if !defined(MBB_HAVE_%s)\n#error \"magicbb: %s needs %s: compile with %s%s\"\n#endif\n",
        isa->macro, flavour, isa->description,
        isa->flags[0] != '\0' ? isa->flags : "a -march or -mcpu that has them", what);
}

/* A chain of #if over flavours (space-separated), the first whose
 * instructions the code is compiled for at full speed (MBB_SLOW_<MACRO>:
 * a -march whose PEXT is microcode), as a dispatch library picks at run
 * time; the last needs nothing beyond C. */
static void inline_first_met(struct text *out, const char *flavours)
{
    char name[64];
    int first = 1;

    add(out, "/* The flavour inlined: the first of the dispatch library's flavours whose\n"
             " * instructions the including code is compiled for, at full speed. */\n");
    for (const char *s = flavours; (s = next_word(s, name, sizeof name)) != NULL; first = 0) {
        const struct isa_row *isa = &isa_rows[isa_index(flavour_named(name)->isa)];

        if (is(isa->name, "any"))
            add(out, "%s\n", first ? "#if 1" : "#else");
        else
            add(out, "%s defined(MBB_HAVE_%s) && !defined(MBB_SLOW_%s)\n", first ? "#if" : "#elif",
                isa->macro, isa->macro);
        inline_branch(out, name, NULL);
        if (is(isa->name, "any"))
            break;
    }
    add(out, "#endif");
}

/* The library's one flavour, where the code is compiled for its
 * instructions. */
static void inline_library(struct text *out, const char *flavour)
{
    add(out, "/* The flavour inlined: the library's. */\n");
    inline_needs(out, flavour, " (pkg-config --cflags magicbb-inline), or for one install that"
                               " inlines with or without them configure magicbb"
                               " --with-tables=dispatch, or vendor single/magicbb.h");
    inline_branch(out, flavour, NULL);
    out->s[--out->length] = '\0'; /* (configure adds the last newline) */
}

/* ---- The vendored drop-in's choice --------------------------------------- */

/* The flavours the drop-in carries: auto's (policy.h, whichever the
 * target), then those named in extra not among them.  Refuses a name that
 * is no flavour. */
static void carried(struct text *out, const char *extra)
{
    char name[64];

#define MBB_CARRY(flavour, condition, why) append(out, " ", #flavour);
    MBB_AUTO_TABLE(MBB_CARRY, 0, 0, 0)
#undef MBB_CARRY
    for (const char *s = extra; (s = next_word(s, name, sizeof name)) != NULL;) {
        if (flavour_named(name) == NULL)
            fail("dropin: unknown flavour '%s' (expected some of %s)", name, all_flavours());
        if (!listed(str(out), name))
            append(out, " ", name);
    }
}

/* The drop-in's magicbb_config.h: MAGICBB_FLAVOUR_<NAME> picks a carried
 * flavour (a flavour not carried is an #error), else auto's decision
 * table on the target's macros; then the flavour's header, names and
 * tables. */
static void dropin_config(const char *flavours)
{
    struct text out = { 0 };
    char name[64], upper[64];
    int n = 0;

    add(&out, "/* SPDX-License-Identifier: MIT */\n/* magicbb_config.h - the vendored drop-in's,"
              " written by magicbb-choose: the flavour\n * whose lookups magicbb_inline.h inlines,"
              " chosen where the including code is\n * compiled: MAGICBB_FLAVOUR_<NAME> (one of %s),"
              " else auto's\n * decision table (magicbb/policy.h) on the target's macros.  Do not"
              " edit. */\n#ifndef MAGICBB_CONFIG_H\n#define MAGICBB_CONFIG_H\n\n#include"
              " \"magicbb/bits.h\"\n#include \"magicbb/policy.h\"\n\n#define MBB_FLAVOUR_DISPATCH 0\n"
              "#define MBB_DISPATCH_LIST \"\"\n#define MBB_SMALL 0\n\n", flavours);
    for (size_t i = 0; i < FLAVOUR_COUNT; i++)
        add(&out, "#define MBB_ID_%s %u\n", flavour_rows[i].name, (unsigned)i + 1);
    for (size_t i = 0; i < FLAVOUR_COUNT; i++) {
        const char *f = flavour_rows[i].name;
        size_t k = 0;

        for (; f[k] != '\0' && k < sizeof upper - 1; k++)
            upper[k] = (char)toupper((unsigned char)f[k]);
        upper[k] = '\0';
        add(&out, "#%s defined(MAGICBB_FLAVOUR_%s)\n", i > 0 ? "elif" : "if", upper);
        if (listed(flavours, f))
            add(&out, "#define MBB_PICK MBB_ID_%s\n", f);
        else
            add(&out, "#error \"magicbb: this drop-in carries %s, not %s: tools/dropin.sh writes one"
                      " that does\"\n", flavours, f);
    }
    add(&out, "#else\n#define MBB_AUTO_ID(flavour, condition, why) (condition) ? MBB_ID_##flavour :\n"
              "#define MBB_PICK (MBB_AUTO_TABLE(MBB_AUTO_ID, MBB_TARGET_FAST_PEXT, MBB_TARGET_BITS32,"
              " 0) 0)\n#endif\n\n");
    for (const char *s = flavours; (s = next_word(s, name, sizeof name)) != NULL; n++) {
        add(&out, "#%s MBB_PICK == MBB_ID_%s\n", n > 0 ? "elif" : "if", name);
        inline_needs(&out, name, "");
        inline_branch(&out, name, "magicbb-tables");
    }
    add(&out, "#endif\n#define MBB_INLINE_BOARD_TABLES \"magicbb-tables/board.h\"\n\n"
              "#endif /* MAGICBB_CONFIG_H */\n");
    fputs(str(&out), stdout);
    release(&out);
}

/* --enable-small, --enable-debug and --with-table-section. */
static void print_options(void)
{
    const int small = is(input("small", "no"), "yes");
    const char *section = given("section") ? input("section", "") : ".rodata";
    struct text cppflags = { 0 }, summary = { 0 };

    if (given("section"))
        add(&cppflags, "-DMBB_TABLE_SECTION='\"%s\"'", section);
    assign("MBB_SMALL", small ? "1" : "0");
    assign("MBB_GEN_PARTS", small ? "--no-lines" : "");
    assign("MBB_DEBUG_CPPFLAGS", given("debug") ? "-DMBB_DEBUG" : "");
    assign("MBB_TABLE_SECTION", section);
    assign("MBB_SECTION_CPPFLAGS", str(&cppflags));
    add(&summary, "  table section:  %s\n  debug checks:   %s\n  small:          %s", section,
        input("debug", "no"), small ? "yes (between and line: computed)" : "no (between and line: tables)");
    assign("mbb_summary_options", str(&summary));
    release(&cppflags);
    release(&summary);
}

static void print_results(struct choice *c)
{
    const int dispatch = is(c->flavour, "dispatch");
    const char *tables_flavour = dispatch ? strrchr(str(&c->dispatch), ' ') + 1 : c->flavour;
    const size_t i = isa_index(dispatch ? "any" : flavour_named(c->flavour)->isa);
    const struct isa_row *isa = &isa_rows[i];
    struct text magics = { 0 }, summary = { 0 }, choice = { 0 };

    assign("MBB_ALL_FLAVOURS", all_flavours());
    assign("MBB_FLAVOUR", c->flavour);
    assign("MBB_FLAVOUR_DISPATCH", dispatch ? "1" : "0");
    assign("MBB_TABLES_FLAVOUR", tables_flavour);
    assign("MBB_FLAVOUR_ISA", isa->name);
    assign("MBB_FLAVOUR_ISA_MACRO", isa->macro);
    assign("MBB_ISA_CFLAGS", c->isa[i].cflags);
    assign("MBB_INLINE_CFLAGS", isa->flags);
    print_isas(c);
    print_dispatch(c);
    if (dispatch)
        inline_first_met(&choice, str(&c->dispatch));
    else
        inline_library(&choice, c->flavour);
    /* (the set attacks' crossovers, policy.h's, for the installed headers) */
#define FILL_ROWS(path)                                                                        \
    add(&choice, "\n#define MBB_ROOK_FILL_FROM_" #path " %d\n#define MBB_BISHOP_FILL_FROM_" #path  \
        " %d\n#define MBB_QUEEN_FILL_FROM_" #path " %d\n#define MBB_LEAPER_FILL_FROM_" #path " %d",  \
        MBB_ROOK_FILL_FROM_##path, MBB_BISHOP_FILL_FROM_##path, MBB_QUEEN_FILL_FROM_##path,          \
        MBB_LEAPER_FILL_FROM_##path)
    FILL_ROWS(AVX512);
    FILL_ROWS(AVX2);
    FILL_ROWS(PLAIN);
#undef FILL_ROWS
    assign("MBB_INLINE_CHOICE", str(&choice));
    print_magics(c, tables_flavour, &magics);
    add(&summary, "  flavour:        %s (%s)%s\n  runs on:        ", c->flavour, str(&c->why),
        str(&c->timings));
    if (dispatch) {
        add(&summary, "every x86-64 CPU (%s)", str(&c->dispatch_summary));
    } else if (isa->flags[0] != '\0') {
        add(&summary, "only CPUs with %s (%s); for a package that runs on every CPU of the target,"
            " configure --with-tables=dispatch (x86-64), or a portable flavour such as black (auto's"
            " portable choice)",
            isa->description, c->flavour);
        add(&c->warnings, "this library will need %s at run time; for a package, see"
            " --with-tables=dispatch or a portable flavour\n", isa->description);
    } else {
        add(&summary, "any CPU of the target");
    }
    add(&summary, "\n  magics:         %s\n  flavour flags:  %s (its lookups are built for: %s)",
        str(&magics), c->isa[i].cflags[0] != '\0' ? c->isa[i].cflags : "none", isa->name);
    if (c->table_bytes > 0)
        add(&summary, "\n  table bytes:    %lu on %s (sliders %lu, the rest the board tables),"
            " measured for --with-flash=%s", c->table_bytes, input("host", ""), c->slider_bytes,
            c->flash_kib);
    print_options();
    assign("mbb_warnings", str(&c->warnings));
    assign("mbb_summary", str(&summary));
    release(&magics);
    release(&summary);
    release(&choice);
}

int main(int argc, char **argv)
{
    struct choice c = { 0 };

    input_count = argc - 1;
    inputs = argv + 1;
    for (int i = 0; i < input_count; i++)
        if (strchr(inputs[i], '=') == NULL) {
            fputs("usage: magicbb-choose NAME=VALUE...\n", stderr);
            return 2;
        }
    if (input("dropin", NULL) != NULL) {
        struct text flavours = { 0 };

        carried(&flavours, input("dropin", ""));
        if (is(input("print", "config"), "flavours"))
            puts(str(&flavours));
        else
            dropin_config(str(&flavours));
        release(&flavours);
        return ferror(stdout) || fflush(stdout) != 0;
    }
    check_values();
    for (size_t i = 0; i < ISA_COUNT; i++)
        find_isa(&c, i);
    find_pext(&c);
    check_combinations(&c);
    choose_flavour(&c);
    print_results(&c);
    answer_and_exit();
    return 0;
}
