/* SPDX-License-Identifier: MIT */
/* decide.c - configure's decisions, a pure function (decide.h). */
#include "decide.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "seed.h"

/* ---- Text, the registries and the options ------------------------------- */

void text_add(char *text, const char *format, ...)
{
    const size_t length = strlen(text);
    va_list args;

    va_start(args, format);
    vsnprintf(text + length, DECIDE_TEXT - length, format, args);
    va_end(args);
}

/* Refuses: error is the one line, and decide returns REFUSED. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static _Noreturn void
fail(struct decision *d, const char *format, ...);
static _Noreturn void fail(struct decision *d, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vsnprintf(d->error, sizeof d->error, format, args);
    va_end(args);
    longjmp(d->refuse, REFUSED);
}

static int is(const char *value, const char *wanted)
{
    return value != NULL && strcmp(value, wanted) == 0;
}

/* An option was given (decide makes the options' NULLs "no"). */
static int given(const char *value)
{
    return !is(value, "no");
}

size_t flavour_index(const char *name)
{
    return name != NULL ? flavour_row(name, strlen(name)) : FLAVOUR_COUNT;
}

/* The flavour called name, or NULL. */
static const struct flavour_row *flavour_named(const char *name)
{
    const size_t i = flavour_index(name);

    return i < FLAVOUR_COUNT ? &flavour_rows[i] : NULL;
}

size_t isa_index(const char *name)
{
    return isa_row(name);
}

const char *all_flavours(void)
{
    static char all[DECIDE_TEXT];

    if (all[0] == '\0')
        for (size_t i = 0; i < FLAVOUR_COUNT; i++)
            text_add(all, "%s%s", i > 0 ? " " : "", flavour_rows[i].name);
    return all;
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

/* The set flavour's lookups are built for. */
static size_t flavour_isa(const char *flavour)
{
    return isa_index(flavour_named(flavour)->isa);
}

/* ---- The options' values, and what the target has ------------------------ */

/* A decision under way: its inputs, and what it found on the way. */
struct state {
    const struct facts *f;
    const struct options *o;
    struct decision *d;
    const char *pext; /* fast, slow or absent */
    char pext_why[DECIDE_TEXT], isa_why[ISA_COUNT][DECIDE_TEXT];
    char dispatch_summary[DECIDE_TEXT];
};

/* Refuses a value with a byte that is not a letter, (digits) a digit, one
 * of extra or (high) non-ASCII: every value ends up in a Makefile, a C
 * macro or a shell command. */
static void check_bytes(struct decision *d, const char *option, const char *value, int digits,
                        const char *extra, int high, const char *what)
{
    char shown[DECIDE_TEXT] = "";
    int odd = 0;

    for (const unsigned char *s = (const unsigned char *)value; *s != '\0'; s++) {
        const int ok = (*s < 128 && isalpha(*s)) || (digits && isdigit(*s)) || (*s >= 128 && high)
                       || strchr(extra, *s) != NULL;

        text_add(shown, "%c", ok ? *s : '?');
        odd |= !ok;
    }
    if (odd)
        fail(d, "%s: '%s' has a character that make or the shell cannot carry (shown as '?'); %s",
             option, shown, what);
}

static int yes_no(struct decision *d, const char *option, const char *value)
{
    check_bytes(d, option, value, 0, "", 0, "give yes or no");
    if (!is(value, "yes") && !is(value, "no"))
        fail(d, "%s takes yes or no, not '%s'", option, value);
    return is(value, "yes");
}

static void check_values(const struct options *o, struct decision *d)
{
    static const char *const dir_options[]
        = { "--prefix", "--exec-prefix", "--bindir", "--libdir", "--includedir", "--datarootdir" };
    const char *flash = o->flash;

    check_bytes(d, "--with-tables", o->tables, 1, "_-", 0,
                "give one flavour name, such as auto or fancy (./configure --help lists them)");
    if (given(o->seed))
        check_bytes(d, "--with-seed", o->seed, 1, "_.+-", 0,
                    "give a decimal number or 0x and hex digits");
    if (given(o->dispatch))
        check_bytes(d, "--with-dispatch", o->dispatch, 1, "_,", 0,
                    "give flavour names, comma-separated");
    if (given(flash)
        && (flash[0] < '1' || flash[0] > '9' || strspn(flash, "0123456789") != strlen(flash)
            || strlen(flash) > 7 || strtoul(flash, NULL, 10) > 1048576))
        fail(d, "--with-flash takes a whole number of KiB from 1 to 1048576, not '%s'", flash);
    check_bytes(d, "--with-table-section", o->section, 1, "_.", 0,
                "give a section name of letters, digits, '_' and '.'");
    check_bytes(d, "--with-magics", o->magics, 1, " /._+,=@~-", 1,
                "give a path of letters, digits, spaces, non-ASCII and /._+,=@~- (copy or link the"
                " file to a plainer path)");
    /* libtool's install and the pkg-config and CMake files split a path
     * at its spaces: refused here rather than in make install */
    for (size_t i = 0; i < sizeof dir_options / sizeof dir_options[0]; i++) {
        char shown[DECIDE_TEXT] = "";

        if (o->dirs[i] == NULL || strpbrk(o->dirs[i], " \t\n") == NULL)
            continue;
        for (const char *s = o->dirs[i]; *s != '\0'; s++)
            text_add(shown, "%c", *s == '\t' || *s == '\n' ? '?' : *s);
        fail(d,
             "%s: '%s' holds a space, a tab or a newline (a tab or newline shown as '?'),"
             " which libtool cannot install into; choose a directory without them",
             dir_options[i], shown);
    }
    d->debug = yes_no(d, "--enable-debug", o->debug);
    d->small = yes_no(d, "--enable-small", o->small);
    if (is(o->section, "yes") || is(o->section, ""))
        fail(d, "--with-table-section needs a section name");
    d->section = given(o->section) ? o->section : ".rodata";
}

/* What the target runs: natively this CPU's sets, in a cross build its
 * -march's (a set the compiler emits only with its flags serves a
 * dispatch library); why, for each; and PEXT's speed by policy.h's rule. */
static void find_isas(struct state *st)
{
    const struct facts *f = st->f;
    struct decision *d = st->d;
    char(*why)[DECIDE_TEXT] = st->isa_why;

    for (size_t i = 0; i < ISA_COUNT; i++) {
        const struct isa_row *row = &isa_rows[i];

        d->isa_compiles[i] = f->isa[i] != ISA_NO;
        d->isa_cflags[i] = f->isa[i] == ISA_FLAGS ? row->flags : "";
        if (!d->isa_compiles[i]) {
            text_add(why[i],
                     "with these CFLAGS the target compiler has none (magicbb/bits.h's"
                     " MBB_HAVE_%s is not defined)",
                     row->macro);
        } else if (f->cross) {
            d->isa_have[i] = f->isa[i] == ISA_YES;
            if (d->isa_have[i])
                text_add(why[i], "the target compiler defines MBB_HAVE_%s", row->macro);
            else
                text_add(why[i],
                         "the target compiler defines MBB_HAVE_%s only with %s, which"
                         " these CFLAGS lack",
                         row->macro, row->flags);
        } else {
            d->isa_have[i] = f->cpu[i];
            text_add(why[i], "this CPU %s %s", d->isa_have[i] ? "has" : "lacks", row->description);
        }
    }
    if (!d->isa_have[isa_index("bmi2")]) {
        st->pext = "absent";
        text_add(st->pext_why, "%s", why[isa_index("bmi2")]);
        return;
    }
    st->pext = f->slow_pext ? "slow" : "fast";
    if (f->cross)
        text_add(st->pext_why, f->slow_pext
                                   ? "the target's -march is an AMD core with microcoded PEXT"
                                   : "the target compiler defines __BMI2__");
    else
        text_add(st->pext_why, f->slow_pext
                                   ? "this CPU runs PEXT in slow microcode (AMD family 0x15"
                                     " or 0x17)"
                                   : "this CPU has BMI2 and a fast PEXT");
}

/* The options that go together, the magics file and the seed. */
static void check_combinations(const struct facts *f, const struct options *o, struct decision *d)
{
    uint64_t number;

    if (given(o->dispatch) && !is(o->tables, "dispatch"))
        fail(d, "--with-dispatch=%s needs --with-tables=dispatch", o->dispatch);
    if (given(o->seed) && given(o->magics))
        fail(d, "--with-seed and --with-magics exclude each other");
    if (is(o->magics, "yes") || is(o->magics, ""))
        fail(d, "--with-magics needs a file name");
    if (given(o->magics)) {
        if (!f->magics_readable)
            fail(d, "--with-magics: '%s' is not a readable file", o->magics);
        if (flavour_named(f->magics_for) == NULL)
            fail(d, "--with-magics: '%s' has no '# flavour: NAME' line naming one of %s", o->magics,
                 all_flavours());
        d->magics_for = flavour_named(f->magics_for)->name;
    }
    if (given(o->seed) && parse_seed(o->seed, &number) != 0)
        fail(d, "--with-seed: '%s' " SEED_RULE, o->seed);
    d->seed = given(o->seed) ? o->seed : NULL;
}

/* ---- The flavour -------------------------------------------------------- */

/* auto's choice on a hosted target (policy.h); why its reason. */
static const char *auto_flavour(const struct state *st, char *why)
{
    const char *reason, *flavour;

    flavour = mbb_auto_flavour(st->d->magics_for, is(st->pext, "fast"), st->f->bits32,
                               given(st->o->seed), &reason);
    text_add(why, "auto: ");
    text_add(why, reason, st->d->magics_for != NULL ? st->d->magics_for : st->pext_why);
    return flavour;
}

static int searches(const char *flavour)
{
    return is(flavour_named(flavour)->magics, "search");
}

/* Asks for the flash the flavours (space-separated) take on the target,
 * in order, up to the first whose tables fit limit bytes. */
static _Noreturn void measure_flash(struct decision *d, const char *flavours, unsigned long limit)
{
    text_add(d->measure_flavours, "%s", flavours);
    d->measure_limit = limit;
    longjmp(d->refuse, MEASURE_FLASH);
}

/* What was measured of a flavour: its table and slider bytes. */
static int measured(const struct facts *f, const char *flavour, unsigned long *tables,
                    unsigned long *sliders)
{
    const char *list = f->measured;
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
static void flash_auto(struct state *st)
{
    struct decision *d = st->d;
    const char *why, *order = mbb_flash_order(st->f->bits32, &why);
    const unsigned long budget = strtoul(d->flash_kib, NULL, 10) * 1024;
    const int seeded = d->magics_for == NULL && given(st->o->seed);
    char names[DECIDE_TEXT] = "", candidates[DECIDE_TEXT] = "", tried[DECIDE_TEXT] = "", name[64];

    if (d->magics_for != NULL) {
        order = d->magics_for;
        why = "the flavour --with-magics names";
    }
    while ((order = next_word(order, name, sizeof name)) != NULL) {
        if (seeded && !searches(name))
            continue;
        text_add(names, "%s%s", names[0] ? " " : "", name);
        if (d->isa_have[flavour_isa(name)])
            text_add(candidates, "%s%s", candidates[0] ? " " : "", name);
    }
    if (st->f->measured == NULL)
        measure_flash(d, candidates, budget > MBB_CODE_ALLOWANCE ? budget - MBB_CODE_ALLOWANCE : 0);
    for (const char *s = candidates; d->flavour == NULL && (s = next_word(s, name, sizeof name))
                                     && measured(st->f, name, &d->table_bytes, &d->slider_bytes);) {
        text_add(tried, "%s%s %lu KiB", tried[0] ? ", " : "", name, kib(d->table_bytes));
        if (d->table_bytes + MBB_CODE_ALLOWANCE <= budget)
            d->flavour = flavour_named(name)->name;
    }
    if (d->flavour == NULL)
        fail(d,
             "no flavour fits %s KiB of flash: %s, with %d bytes for code (--enable-small saves"
             " 64 KiB); raise --with-flash",
             d->flash_kib, tried, MBB_CODE_ALLOWANCE);
    text_add(d->why,
             "auto: the fastest that fits %s KiB of flash (%s%s: %s; tried %s with %d bytes"
             " for code)",
             d->flash_kib, why, seeded ? ", those that search their magics (--with-seed)" : "",
             names, tried, MBB_CODE_ALLOWANCE);
}

/* A named flavour under --with-flash: its tables and code must fit. */
static void flash_check(struct state *st)
{
    struct decision *d = st->d;

    if (st->f->measured == NULL)
        measure_flash(d, d->flavour, 0);
    if (!measured(st->f, d->flavour, &d->table_bytes, &d->slider_bytes))
        fail(d, "configure measured no tables of %s", d->flavour);
    if (d->table_bytes + MBB_CODE_ALLOWANCE > strtoul(d->flash_kib, NULL, 10) * 1024)
        fail(d,
             "--with-tables=%s needs %lu bytes of tables and about %d KiB of code, more than"
             " --with-flash=%s KiB; name a smaller flavour (hq, byte) or use auto",
             d->flavour, d->table_bytes, MBB_CODE_ALLOWANCE / 1024, d->flash_kib);
}

/* --with-tables=fastest (workload search) or fastest-lookups (lookups):
 * the flavour lab/fastest.sh found clearly faster than auto's here; its
 * other lines are the figures.  Before the probe has run, asks for it,
 * against auto's flavour, with only the flavours that search their
 * magics where a seed is given. */
static void fastest(struct state *st, const char *workload)
{
    struct decision *d = st->d;
    char auto_why[DECIDE_TEXT] = "", name[64];
    const char *default_flavour = auto_flavour(st, auto_why);

    if (st->f->cross)
        fail(d,
             "--with-tables=%s measures this machine, but this build is for %s; name a flavour"
             " instead (auto or one of %s)",
             st->o->tables, st->f->host, all_flavours());
    if (d->magics_for != NULL) {
        d->flavour = d->magics_for;
        text_add(d->why, "%s: --with-magics names %s, so there is nothing to compare",
                 st->o->tables, d->flavour);
        return;
    }
    d->measure_workload = workload;
    if (st->f->fastest == NULL) {
        d->measure_default = default_flavour;
        for (size_t i = 0; given(st->o->seed) && i < FLAVOUR_COUNT; i++)
            if (searches(flavour_rows[i].name))
                text_add(d->measure_only, "%s%s", d->measure_only[0] ? "," : "",
                         flavour_rows[i].name);
        longjmp(d->refuse, MEASURE_FASTEST);
    }
    for (const char *line = st->f->fastest; *line != '\0'; line += *line == '\n') {
        const int length = (int)strcspn(line, "\n");

        if (sscanf(line, "fastest %63s", name) == 1 && flavour_named(name) != NULL)
            d->flavour = flavour_named(name)->name;
        else if (strncmp(line, "why ", 4) == 0)
            text_add(d->why, "%s: %.*s", st->o->tables, length - 4, line + 4);
        else
            text_add(d->timings, "%s%.*s", d->timings[0] ? "\n" : "", length, line);
        line += length;
    }
    if (d->flavour == NULL || d->why[0] == '\0')
        fail(d, "the --with-tables=%s probe could not be built or run; see config.log",
             st->o->tables);
}

/* Whether host is an x86-64 ELF system with GNU ifunc (x86_64-*-linux*,
 * x86_64-*-*bsd*, x86_64-*-gnu*). */
static int ifunc_host(const char *host)
{
    return strncmp(host, "x86_64-", 7) == 0
           && (strstr(host + 6, "-linux") != NULL || strstr(host + 7, "bsd") != NULL
               || strstr(host + 6, "-gnu") != NULL);
}

/* A dispatch library's flavours, space-separated. */
const char *dispatch_list(const struct decision *d)
{
    static char list[DECIDE_TEXT];

    list[0] = '\0';
    for (size_t i = 0; i < d->dispatch_count; i++)
        text_add(list, "%s%s", i > 0 ? " " : "", d->dispatch[i]);
    return list;
}

static int listed(const struct decision *d, const char *name)
{
    for (size_t i = 0; i < d->dispatch_count; i++)
        if (is(d->dispatch[i], name))
            return 1;
    return 0;
}

/* --with-tables=dispatch: the flavours of --with-dispatch (or policy.h's
 * default), each known once, within the compiler's reach, the last
 * portable; an x86-64 ELF target with ifunc. */
static void dispatch(struct state *st)
{
    struct decision *d = st->d;
    const char *list = given(st->o->dispatch) ? st->o->dispatch : MBB_DISPATCH_DEFAULT;
    const struct flavour_row *row = NULL;
    const char *need = "";
    char name[64];

    if (!ifunc_host(st->f->host))
        fail(d,
             "--with-tables=dispatch needs an x86-64 ELF target with GNU ifunc, not %s; name a"
             " flavour instead",
             st->f->host);
    for (const char *s = list; (s = next_word(s, name, sizeof name)) != NULL;) {
        if (has_capitals(name))
            fail(d,
                 "--with-dispatch: unknown flavour '%s': flavour names are lower case (some of"
                 " %s)",
                 name, all_flavours());
        if ((row = flavour_named(name)) == NULL)
            fail(d, "--with-dispatch: unknown flavour '%s' (expected some of %s)", name,
                 all_flavours());
        if (listed(d, name))
            fail(d, "--with-dispatch: '%s' is listed twice", name);
        need = isa_rows[isa_index(row->isa)].description;
        if (!is(row->isa, "any") && !d->isa_compiles[isa_index(row->isa)])
            fail(d, "--with-dispatch: the compiler cannot emit %s for %s", need, name);
        text_add(st->dispatch_summary, "%s%s", d->dispatch_count > 0 ? ", else " : "", name);
        if (!is(row->isa, "any"))
            text_add(st->dispatch_summary, " where the CPU runs %s at full speed", need);
        d->dispatch[d->dispatch_count++] = row->name;
    }
    if (d->dispatch_count < 2)
        fail(d,
             "--with-dispatch=%s: name two flavours or more, or build that flavour alone with"
             " --with-tables",
             list);
    if (!is(row->isa, "any"))
        fail(d,
             "--with-dispatch: the last flavour, %s, needs %s; end the list with one that runs"
             " on every CPU, such as black (auto's portable choice)",
             row->name, need);
    if (!st->f->ifunc)
        fail(d, "--with-tables=dispatch needs GNU ifunc, which this compiler or linker lacks; name"
                " a flavour instead");
    d->flavour = "dispatch";
    text_add(d->why, "chosen with --with-tables=dispatch: %s, picked per process",
             st->dispatch_summary);
}

/* A flavour named with --with-tables: the target must have its
 * instructions, and under --with-flash its tables must fit. */
static void named(struct state *st)
{
    struct decision *d = st->d;
    const char *tables = st->o->tables;
    const struct flavour_row *row = flavour_named(tables);

    if (row == NULL && has_capitals(tables))
        fail(d,
             "unknown flavour '%s' for --with-tables: flavour names are lower case (auto,"
             " fastest, fastest-lookups, dispatch or one of %s)",
             tables, all_flavours());
    if (row == NULL)
        fail(d,
             "unknown flavour '%s' for --with-tables (expected auto, fastest, fastest-lookups,"
             " dispatch or one of %s)",
             tables, all_flavours());
    d->flavour = row->name;
    text_add(d->why, "chosen with --with-tables=%s", row->name);
    if (!is(row->isa, "any")) {
        const size_t i = isa_index(row->isa);
        const char *isa_why = st->isa_why[i];

        if (!d->isa_have[i])
            fail(d, "--with-tables=%s needs %s, but %s; use another flavour or auto", row->name,
                 isa_rows[i].description, isa_why);
        if (is(row->isa, "bmi2") && is(st->pext, "slow")) {
            isa_why = st->pext_why;
            text_add(d->warnings,
                     "--with-tables=%s: %s; black (auto's choice there) is likely"
                     " faster\n",
                     row->name, isa_why);
        }
        text_add(d->why, " (%s)", isa_why);
    }
    if (given(st->o->flash))
        flash_check(st);
}

static void choose_flavour(struct state *st)
{
    const char *tables = st->o->tables;
    const int measuring = is(tables, "fastest") || is(tables, "fastest-lookups");
    struct decision *d = st->d;

    if (given(st->o->flash))
        d->flash_kib = st->o->flash;
    else if (st->f->bare)
        d->flash_kib = MBB_BARE_METAL_FLASH_KIB;
    if (given(st->o->flash) && (measuring || is(tables, "dispatch")))
        fail(d, "--with-flash applies to auto or a named flavour, not --with-tables=%s", tables);
    if (is(tables, "auto") && d->flash_kib != NULL)
        flash_auto(st);
    else if (is(tables, "auto"))
        d->flavour = auto_flavour(st, d->why);
    else if (measuring)
        fastest(st, is(tables, "fastest") ? "search" : "lookups");
    else if (is(tables, "dispatch"))
        dispatch(st);
    else if (is(tables, "yes") || is(tables, "no") || is(tables, ""))
        fail(d,
             "--with-tables needs a flavour: auto, fastest, fastest-lookups, dispatch or one of"
             " %s",
             all_flavours());
    else
        named(st);
    d->tables_flavour = d->dispatch_count > 0 ? d->dispatch[d->dispatch_count - 1] : d->flavour;
    d->isa = d->dispatch_count > 0 ? isa_index("any") : flavour_isa(d->flavour);
}

/* ---- The magics, and where the library runs ------------------------------ */

/* Where a flavour's magics come from without --with-seed or
 * --with-magics: the shipped set where there is one, else the
 * generator's seeded search with its default seed. */
static void default_magics(const struct state *st, const char *flavour)
{
    const struct flavour_row *row = flavour_named(flavour);
    char *magics = st->d->magics;

    if (magics[0] != '\0')
        text_add(magics, "; ");
    if (is(row->magics, "none"))
        text_add(magics, "none (%s needs none)", flavour);
    else if (st->f->shipped[flavour_index(flavour)])
        text_add(magics, "the shipped set of %s, gen/magics/%s.txt", flavour, flavour);
    else
        text_add(magics, "%s's seeded search, with the generator's default seed (no shipped set)",
                 flavour);
}

/* The magics: a seed, a file for the flavour it applies to (the
 * library's, or in a dispatch library the one it names), or the
 * generator's default. */
static void decide_magics(struct state *st)
{
    struct decision *d = st->d;
    const struct options *o = st->o;
    const int dispatch = d->dispatch_count > 0;
    const char *magics_for = d->tables_flavour, *kind;

    if (dispatch && given(o->seed))
        fail(d,
             "--with-seed applies to one flavour's magic search, not to --with-tables=dispatch;"
             " name a flavour, or give a magics file with --with-magics (it applies to the flavour"
             " it names)");
    if (dispatch && d->magics_for != NULL && !listed(d, d->magics_for))
        fail(d,
             "--with-magics: '%s' is for %s, which is not among the dispatch library's flavours"
             " (%s)",
             o->magics, d->magics_for, dispatch_list(d));
    if (dispatch && d->magics_for != NULL)
        magics_for = d->magics_for;
    if (!dispatch && d->magics_for != NULL && !is(d->magics_for, d->tables_flavour)
        && !is(d->magics_for, flavour_named(d->tables_flavour)->reads))
        fail(d,
             "--with-magics: '%s' is a file of %s magics (its '# flavour:' line), not of %s;"
             " give a %s file, or --with-tables=%s",
             o->magics, d->magics_for, d->tables_flavour, d->tables_flavour, d->magics_for);
    kind = flavour_named(magics_for)->magics;
    if (is(kind, "none") && (given(o->seed) || given(o->magics)))
        fail(d, "--with-seed and --with-magics apply to flavours with magics, not to %s",
             magics_for);
    if (is(kind, "load") && given(o->seed))
        fail(d,
             "%s loads its magics (the shipped set, or --with-magics=FILE); --with-seed does"
             " not apply",
             magics_for);
    d->magics_for = flavour_named(magics_for)->name;
    for (size_t i = 0; i < (dispatch ? d->dispatch_count : 1); i++)
        default_magics(st, dispatch ? d->dispatch[i] : d->flavour);
    if (given(o->seed)) {
        d->magics[0] = '\0';
        text_add(d->magics, "searched with seed %s", o->seed);
    }
    if (!given(o->magics))
        return;
    /* make and the shell carry the absolute path, spaces escaped for make */
    if (st->f->magics_path == NULL)
        fail(d, "--with-magics: '%s' is not a readable file", o->magics);
    for (const unsigned char *s = (const unsigned char *)st->f->magics_path; *s != '\0'; s++)
        if (!(*s >= 128 || isalnum(*s) || strchr(" /._+,=@~-", *s) != NULL))
            fail(d,
                 "--with-magics: '%s' has a character that make or the shell cannot carry (only"
                 " letters, digits, spaces, non-ASCII and /._+,=@~- are allowed); copy or link the"
                 " file to a plainer path",
                 st->f->magics_path);
    d->magics_path = st->f->magics_path;
    d->magics[0] = '\0';
    text_add(d->magics, "%s%sloaded from %s", dispatch ? magics_for : "", dispatch ? "'s " : "",
             d->magics_path);
}

/* On what CPUs the library runs, and a warning where not on all. */
static void runs_on(struct state *st)
{
    struct decision *d = st->d;
    const struct isa_row *isa = &isa_rows[d->isa];

    if (d->dispatch_count > 0) {
        text_add(d->runs_on, "every x86-64 CPU (%s)", st->dispatch_summary);
    } else if (isa->flags[0] != '\0') {
        text_add(d->runs_on,
                 "only CPUs with %s (%s); for a package that runs on every CPU of the"
                 " target, configure --with-tables=dispatch (x86-64), or a portable flavour such as"
                 " black (auto's portable choice)",
                 isa->description, d->flavour);
        text_add(d->warnings,
                 "this library will need %s at run time; for a package, see"
                 " --with-tables=dispatch or a portable flavour\n",
                 isa->description);
    } else {
        text_add(d->runs_on, "any CPU of the target");
    }
}

enum outcome decide(const struct facts *f, const struct options *given_options, struct decision *d)
{
    struct state st;
    struct options o = *given_options;
    const char **values[]
        = { &o.dispatch, &o.flash, &o.seed, &o.magics, &o.section, &o.debug, &o.small };

    memset(d, 0, sizeof *d);
    memset(&st, 0, sizeof st);
    o.tables = o.tables != NULL ? o.tables : "auto";
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        *values[i] = *values[i] != NULL ? *values[i] : "no";
    st.f = f;
    st.o = &o;
    st.d = d;
    d->outcome = (enum outcome)setjmp(d->refuse);
    if (d->outcome != DECIDED)
        return d->outcome;
    check_values(&o, d);
    find_isas(&st);
    check_combinations(f, &o, d);
    choose_flavour(&st);
    decide_magics(&st);
    runs_on(&st);
    return DECIDED;
}
