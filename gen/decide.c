/* SPDX-License-Identifier: MIT */
/* decide.c - configure's decision, a pure and total function (decide.h). */
#include "decide.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "policy.h"
#include "seed.h"

/* ---- Text, the registries and the options -------------------------------- */

void text_add(char *text, const char *format, ...)
{
    const size_t length = strlen(text);
    va_list args;

    va_start(args, format);
    vsnprintf(text + length, DECIDE_TEXT - length, format, args);
    va_end(args);
}

const char *refusal_name(enum refusal code)
{
    static const char *const names[] = { "",
#define DECIDE_NAME(code) #code,
                                         DECIDE_REFUSALS(DECIDE_NAME)
#undef DECIDE_NAME
    };

    return names[code];
}

/* Refuses with code's line: REFUSE(d, CODE, its format's arguments);
 * nonzero, for the caller to return. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static int
refuse(struct decision *d, enum refusal code, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    vsnprintf(d->error, sizeof d->error, format, args);
    va_end(args);
    d->refusal = code;
    return 1;
}
#define REFUSE(d, code, ...) refuse(d, REFUSE_##code, REFUSAL_##code, __VA_ARGS__)

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

/* The names of the n flavours at list, space-separated (a static text). */
static const char *names(const char *const *list, size_t n)
{
    static char text[DECIDE_TEXT];

    text[0] = '\0';
    for (size_t i = 0; i < n; i++)
        text_add(text, "%s%s", i > 0 ? " " : "", list[i]);
    return text;
}

const char *all_flavours(void)
{
    static const char *list[FLAVOUR_COUNT];

    for (size_t i = 0; i < FLAVOUR_COUNT; i++)
        list[i] = flavour_rows[i].name;
    return names(list, FLAVOUR_COUNT);
}

const char *dispatch_list(const struct decision *d)
{
    return names(d->dispatch, d->dispatch_count);
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

/* The flavour called name, or a refusal naming option and the choices. */
static const struct flavour_row *known(struct decision *d, const char *option, const char *name,
                                       const char *choices)
{
    const struct flavour_row *row = flavour_named(name);
    int capitals = 0;

    for (const char *s = name; *s != '\0'; s++)
        capitals |= isupper((unsigned char)*s);
    if (row == NULL)
        REFUSE(d, FLAVOUR, option, name, capitals ? ": flavour names are lower case" : "", choices);
    return row;
}

/* The set a flavour's lookups are built for. */
static size_t flavour_isa(const char *flavour)
{
    return isa_index(flavour_named(flavour)->isa);
}

/* A decision under way: its inputs, and what it found on the way. */
struct state {
    const struct facts *f;
    const struct options *o;
    struct decision *d;
    int fast_pext;
    char pext_why[DECIDE_TEXT], isa_why[ISA_COUNT][DECIDE_TEXT], choices[DECIDE_TEXT];
};

/* Refuses a value with a byte that is not a letter, (digits) a digit, one
 * of extra or (high) non-ASCII: every value ends up in a Makefile, a C
 * macro or a shell command. */
static int check_bytes(struct decision *d, const char *option, const char *value, int digits,
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
    return odd && REFUSE(d, BYTES, option, shown, what);
}

static int yes_no(struct decision *d, const char *option, const char *value, int *flag)
{
    *flag = is(value, "yes");
    return check_bytes(d, option, value, 0, "", 0, "give yes or no")
           || (!*flag && !is(value, "no") && REFUSE(d, VALUE, option, "yes or no", value));
}

/* Each value on its own: its bytes, its form. */
static int check_values(const struct options *o, struct decision *d)
{
    static const char *const dir_options[]
        = { "--prefix", "--exec-prefix", "--bindir", "--libdir", "--includedir", "--datarootdir" };
    const char *flash = o->flash;

    for (size_t i = 0; i < sizeof dir_options / sizeof dir_options[0]; i++) {
        char shown[DECIDE_TEXT] = "";

        for (const char *s = o->dirs[i]; s != NULL && *s != '\0'; s++)
            text_add(shown, "%c", *s == '\t' || *s == '\n' ? '?' : *s);
        if (o->dirs[i] != NULL && strpbrk(o->dirs[i], " \t\n") != NULL)
            return REFUSE(d, DIRECTORY, dir_options[i], shown);
    }
    if (check_bytes(d, "--with-tables", o->tables, 1, "_-", 0,
                    "give one flavour name, such as auto or fancy (./configure --help lists them)")
        || check_bytes(d, "--with-seed", o->seed, 1, "_.+-", 0,
                       "give a decimal number or 0x and hex digits")
        || check_bytes(d, "--with-dispatch", o->dispatch, 1, "_,", 0,
                       "give flavour names, comma-separated")
        || check_bytes(d, "--with-table-section", o->section, 1, "_.", 0,
                       "give a section name of letters, digits, '_' and '.'")
        || check_bytes(d, "--with-magics", o->magics, 1, " /._+,=@~-", 1,
                       "give a path of letters, digits, spaces, non-ASCII and /._+,=@~- (copy or"
                       " link the file to a plainer path)")
        || yes_no(d, "--enable-debug", o->debug, &d->debug)
        || yes_no(d, "--enable-small", o->small, &d->small))
        return 1;
    if (given(flash)
        && (flash[0] < '1' || flash[0] > '9' || strspn(flash, "0123456789") != strlen(flash)
            || strlen(flash) > 7 || strtoul(flash, NULL, 10) > 1048576))
        return REFUSE(d, VALUE, "--with-flash", "a whole number of KiB from 1 to 1048576", flash);
    if (is(o->section, "yes") || is(o->section, ""))
        return REFUSE(d, EMPTY, "--with-table-section", "a section name");
    if (is(o->magics, "yes") || is(o->magics, ""))
        return REFUSE(d, EMPTY, "--with-magics", "a file name");
    d->section = given(o->section) ? o->section : ".rodata";
    return 0;
}

/* What the target runs: natively this CPU's sets, in a cross build its
 * -march's (a set the compiler emits only with its flags serves a
 * dispatch library); why, for each; and PEXT's speed by policy.h's rule. */
static void find_isas(struct state *st)
{
    const struct facts *f = st->f;
    struct decision *d = st->d;
    const size_t bmi2 = isa_index("bmi2");

    for (size_t i = 0; i < ISA_COUNT; i++) {
        const struct isa_row *row = &isa_rows[i];

        d->isa_compiles[i] = f->isa[i] != ISA_NO;
        d->isa_cflags[i] = f->isa[i] == ISA_FLAGS ? row->flags : "";
        d->isa_have[i] = f->cross ? f->isa[i] == ISA_YES : d->isa_compiles[i] && f->cpu[i];
        if (!d->isa_compiles[i])
            text_add(st->isa_why[i],
                     "with these CFLAGS the target compiler has none (magicbb/bits.h's"
                     " MBB_HAVE_%s is not defined)",
                     row->macro);
        else if (f->cross && d->isa_have[i])
            text_add(st->isa_why[i], "the target compiler defines MBB_HAVE_%s", row->macro);
        else if (f->cross)
            text_add(st->isa_why[i],
                     "the target compiler defines MBB_HAVE_%s only with %s, which these CFLAGS"
                     " lack",
                     row->macro, row->flags);
        else
            text_add(st->isa_why[i], "this CPU %s %s", d->isa_have[i] ? "has" : "lacks",
                     row->description);
    }
    st->fast_pext = d->isa_have[bmi2] && !f->slow_pext;
    if (!d->isa_have[bmi2])
        text_add(st->pext_why, "%s", st->isa_why[bmi2]);
    else if (f->slow_pext)
        text_add(st->pext_why, "%s",
                 f->cross ? "the target's -march is an AMD core with microcoded PEXT"
                          : "this CPU runs PEXT in slow microcode (AMD family"
                            " 0x15 or 0x17)");
    else
        text_add(st->pext_why, "%s",
                 f->cross ? "the target compiler defines __BMI2__"
                          : "this CPU has BMI2 and a fast PEXT");
}

/* The options that go together, the magics file and the seed. */
static int check_combinations(struct state *st)
{
    const struct facts *f = st->f;
    const struct options *o = st->o;
    struct decision *d = st->d;
    uint64_t number;

    if (given(o->dispatch) && !is(o->tables, "dispatch"))
        return REFUSE(d, NEEDS, "--with-dispatch", "--with-tables=dispatch");
    if (given(o->flash) && is(o->tables, "dispatch"))
        return REFUSE(d, NOT_FOR, "--with-flash", "auto or a named flavour",
                      "--with-tables=dispatch", "");
    if (given(o->seed) && given(o->magics))
        return REFUSE(d, EXCLUSIVE, "--with-seed", "--with-magics");
    if (given(o->seed) && parse_seed(o->seed, &number) != 0)
        return REFUSE(d, SEED, o->seed, SEED_RULE);
    if (given(o->magics) && !f->magics_readable)
        return REFUSE(d, MAGICS_FILE, o->magics, "is not a readable file");
    if (given(o->magics) && flavour_named(f->magics_for) == NULL) {
        char what[DECIDE_TEXT] = "";

        text_add(what, "has no '# flavour: NAME' line naming one of %s", all_flavours());
        return REFUSE(d, MAGICS_FILE, o->magics, what);
    }
    d->magics_for = given(o->magics) ? flavour_named(f->magics_for)->name : NULL;
    d->seed = given(o->seed) ? o->seed : NULL;
    return 0;
}

/* ---- The flavour --------------------------------------------------------- */

/* auto's choice on a hosted target (policy.h), and why. */
static const char *auto_flavour(struct state *st)
{
    const char *reason, *flavour;

    flavour = mbb_auto_flavour(st->d->magics_for, st->fast_pext, st->f->bits32, given(st->o->seed),
                               &reason);
    text_add(st->d->why, "auto: ");
    text_add(st->d->why, reason, st->d->magics_for != NULL ? st->d->magics_for : st->pext_why);
    return flavour;
}

/* What configure measured of a flavour: its table and slider bytes. */
static int measured(const struct facts *f, const char *flavour, unsigned long *tables,
                    unsigned long *sliders)
{
    const char *list = f->measured != NULL ? f->measured : "";
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

/* Under a flash budget: auto takes the first flavour of the flash order
 * (policy.h; with --with-magics the flavour the file names, with
 * --with-seed those that search their magics) that the target runs and
 * whose tables and code fit; a named flavour must fit.  The sizes are
 * configure's measurements of every candidate. */
static int flash_fit(struct state *st, const char *named)
{
    struct decision *d = st->d;
    const char *why, *order = mbb_flash_order(st->f->bits32, &why);
    const unsigned long budget = strtoul(d->flash_kib, NULL, 10) * 1024;
    const int seeded = d->magics_for == NULL && given(st->o->seed);
    char tried[DECIDE_TEXT] = "", name[64];

    if (named != NULL || d->magics_for != NULL) {
        order = named != NULL ? named : d->magics_for;
        why = named != NULL ? "named" : "the flavour --with-magics names";
    }
    while (d->flavour == NULL && (order = next_word(order, name, sizeof name)) != NULL) {
        if ((named == NULL && seeded && !is(flavour_named(name)->magics, "search"))
            || (named == NULL && !d->isa_have[flavour_isa(name)])
            || !measured(st->f, name, &d->table_bytes, &d->slider_bytes))
            continue;
        text_add(tried, "%s%s %lu KiB", tried[0] ? ", " : "", name, kib(d->table_bytes));
        if (d->table_bytes + MBB_CODE_ALLOWANCE <= budget)
            d->flavour = flavour_named(name)->name;
        else if (named != NULL)
            return REFUSE(d, TOO_BIG, named, d->table_bytes, MBB_CODE_ALLOWANCE / 1024,
                          d->flash_kib);
    }
    if (d->flavour == NULL)
        return REFUSE(d, NO_FIT, d->flash_kib, tried[0] ? tried : "none measured",
                      MBB_CODE_ALLOWANCE);
    if (named == NULL)
        text_add(d->why, "auto: the fastest that fits %s KiB of flash (%s%s; tried %s)",
                 d->flash_kib, why, seeded ? ", those that search their magics" : "", tried);
    return 0;
}

/* Whether host is an x86-64 ELF system with GNU ifunc (x86_64-*-linux*,
 * x86_64-*-*bsd*, x86_64-*-gnu*). */
static int ifunc_host(const char *host)
{
    return strncmp(host, "x86_64-", 7) == 0
           && (strstr(host + 6, "-linux") != NULL || strstr(host + 7, "bsd") != NULL
               || strstr(host + 6, "-gnu") != NULL);
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
static int dispatch(struct state *st)
{
    struct decision *d = st->d;
    const char *list = given(st->o->dispatch) ? st->o->dispatch : MBB_DISPATCH_DEFAULT;
    const struct flavour_row *row = NULL;
    char name[64], why[DECIDE_TEXT] = "";

    text_add(why, "an x86-64 ELF target with GNU ifunc, not %s", st->f->host);
    if (!ifunc_host(st->f->host))
        return REFUSE(d, DISPATCH_TARGET, why);
    why[0] = '\0';
    if (!st->f->ifunc)
        return REFUSE(d, DISPATCH_TARGET, "GNU ifunc, which this compiler or linker lacks");
    for (const char *s = list; (s = next_word(s, name, sizeof name)) != NULL;) {
        if ((row = known(d, "--with-dispatch", name, st->choices)) == NULL)
            return 1;
        if (listed(d, name))
            text_add(why, "'%s' is listed twice", name);
        else if (!d->isa_compiles[isa_index(row->isa)])
            text_add(why, "the compiler cannot emit %s for %s",
                     isa_rows[isa_index(row->isa)].description, name);
        if (why[0] != '\0')
            return REFUSE(d, DISPATCH_LIST, list, why);
        text_add(d->runs_on, "%s%s", d->dispatch_count > 0 ? ", else " : "every x86-64 CPU (",
                 name);
        if (!is(row->isa, "any"))
            text_add(d->runs_on, " where the CPU runs %s at full speed",
                     isa_rows[isa_index(row->isa)].description);
        d->dispatch[d->dispatch_count++] = row->name;
    }
    if (d->dispatch_count < 2 || !is(row->isa, "any"))
        return REFUSE(d, DISPATCH_LIST, list,
                      d->dispatch_count < 2 ? "name two flavours or more, or build that flavour"
                                              " alone with --with-tables"
                                            : "end the list with a flavour that runs on every CPU,"
                                              " such as black (auto's portable choice)");
    text_add(d->runs_on, ")");
    d->flavour = "dispatch";
    text_add(d->why, "chosen with --with-tables=dispatch, picked per process");
    return 0;
}

/* A flavour named with --with-tables: the target must have its
 * instructions, and with --with-flash its tables must fit (bare metal's
 * default budget is auto's to choose by, not a check of a flavour
 * named). */
static int named(struct state *st)
{
    struct decision *d = st->d;
    const struct flavour_row *row = known(d, "--with-tables", st->o->tables, st->choices);
    const size_t i = row != NULL ? isa_index(row->isa) : 0;

    if (row == NULL)
        return 1;
    if (!is(row->isa, "any") && !d->isa_have[i])
        return REFUSE(d, ISA, row->name, isa_rows[i].description, st->isa_why[i]);
    text_add(d->why, "chosen with --with-tables=%s", row->name);
    if (!is(row->isa, "any"))
        text_add(d->why, " (%s)", is(row->isa, "bmi2") ? st->pext_why : st->isa_why[i]);
    if (is(row->isa, "bmi2") && d->isa_have[i] && st->f->slow_pext)
        text_add(d->warnings,
                 "--with-tables=%s: %s; black (auto's choice there) is likely faster\n", row->name,
                 st->pext_why);
    if (given(st->o->flash))
        return flash_fit(st, row->name);
    d->flavour = row->name;
    return 0;
}

static int choose_flavour(struct state *st)
{
    const char *tables = st->o->tables;
    struct decision *d = st->d;

    text_add(st->choices, "auto, dispatch or one of %s", all_flavours());
    d->flash_kib = given(st->o->flash) ? st->o->flash
                   : st->f->bare       ? MBB_BARE_METAL_FLASH_KIB
                                       : NULL;
    if (is(tables, "fastest") || is(tables, "fastest-lookups"))
        return REFUSE(d, GONE, tables, is(tables, "fastest") ? "" : " FASTEST_WORKLOAD=lookups");
    if (is(tables, "yes") || is(tables, "no") || is(tables, ""))
        return REFUSE(d, EMPTY, "--with-tables", st->choices);
    if (is(tables, "auto") && d->flash_kib != NULL && flash_fit(st, NULL))
        return 1;
    if (is(tables, "auto") && d->flash_kib == NULL)
        d->flavour = auto_flavour(st);
    if ((is(tables, "dispatch") && dispatch(st)) || (d->flavour == NULL && named(st)))
        return 1;
    d->tables_flavour = d->dispatch_count > 0 ? d->dispatch[d->dispatch_count - 1] : d->flavour;
    d->isa = d->dispatch_count > 0 ? isa_index("any") : flavour_isa(d->flavour);
    return 0;
}

/* ---- The magics, and where the library runs ------------------------------- */

/* Where a flavour's magics come from without --with-seed or
 * --with-magics: the shipped set where there is one, else the
 * generator's seeded search with its default seed. */
static void default_magics(const struct state *st, const char *flavour)
{
    const char *kind = flavour_named(flavour)->magics;
    char *magics = st->d->magics;

    if (magics[0] != '\0')
        text_add(magics, "; ");
    if (is(kind, "none"))
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
static int decide_magics(struct state *st)
{
    struct decision *d = st->d;
    const struct options *o = st->o;
    const int dispatch = d->dispatch_count > 0;
    /* (in a dispatch library, the flavour the file names; else the
     * library's, which may read another's file: make passes the file
     * where this is the flavour of the tables it writes) */
    const char *magics_for = dispatch && d->magics_for != NULL ? d->magics_for : d->tables_flavour;
    const char *kind = flavour_named(magics_for)->magics;
    char why[DECIDE_TEXT] = "";

    if (dispatch && given(o->seed))
        return REFUSE(d, NOT_FOR, "--with-seed", "one flavour's magic search",
                      "--with-tables=dispatch", " (give a magics file with --with-magics)");
    if (dispatch && d->magics_for != NULL && !listed(d, d->magics_for))
        text_add(why, "is for %s, which is not among the dispatch library's flavours (%s)",
                 d->magics_for, dispatch_list(d));
    if (!dispatch && d->magics_for != NULL && !is(d->magics_for, d->tables_flavour)
        && !is(d->magics_for, flavour_named(d->tables_flavour)->reads))
        text_add(why,
                 "is a file of %s magics (its '# flavour:' line), not of %s; give a %s file, or"
                 " --with-tables=%s",
                 d->magics_for, d->tables_flavour, d->tables_flavour, d->magics_for);
    if (why[0] != '\0')
        return REFUSE(d, MAGICS_FILE, o->magics, why);
    if ((given(o->seed) || given(o->magics))
        && (is(kind, "none") || (is(kind, "load") && given(o->seed))))
        return REFUSE(
            d, NOT_FOR, given(o->seed) ? "--with-seed" : "--with-magics",
            is(kind, "none") ? "flavours with magics" : "flavours that search their magics",
            magics_for,
            is(kind, "none") ? "" : " (it loads them: the shipped set or --with-magics=FILE)");
    d->magics_for = flavour_named(magics_for)->name;
    for (size_t i = 0; i < (dispatch ? d->dispatch_count : 1); i++)
        default_magics(st, dispatch ? d->dispatch[i] : d->flavour);
    if (given(o->seed)) {
        d->magics[0] = '\0';
        text_add(d->magics, "searched with seed %s", o->seed);
    }
    if (!given(o->magics))
        return 0;
    /* make and the shell carry the absolute path, spaces escaped for make */
    if (st->f->magics_path == NULL)
        return REFUSE(d, MAGICS_FILE, o->magics, "is not a readable file");
    if (check_bytes(d, "--with-magics", st->f->magics_path, 1, " /._+,=@~-", 1,
                    "copy or link the file to a plainer path"))
        return 1;
    d->magics_path = st->f->magics_path;
    d->magics[0] = '\0';
    text_add(d->magics, "%s%sloaded from %s", dispatch ? magics_for : "", dispatch ? "'s " : "",
             d->magics_path);
    return 0;
}

/* On what CPUs the library runs, and a warning where not on all. */
static void runs_on(struct decision *d)
{
    const struct isa_row *isa = &isa_rows[d->isa];

    if (d->dispatch_count > 0)
        return;
    if (isa->flags[0] == '\0') {
        text_add(d->runs_on, "any CPU of the target");
        return;
    }
    text_add(d->runs_on,
             "only CPUs with %s (%s); for a package that runs on every CPU of the target, configure"
             " --with-tables=dispatch (x86-64), or a portable flavour such as black",
             isa->description, d->flavour);
    text_add(d->warnings,
             "this library will need %s at run time; for a package, see --with-tables=dispatch or a"
             " portable flavour\n",
             isa->description);
}

enum refusal decide(const struct facts *f, const struct options *given_options, struct decision *d)
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
    if (check_values(&o, d))
        return d->refusal;
    find_isas(&st);
    if (check_combinations(&st) || choose_flavour(&st) || decide_magics(&st))
        return d->refusal;
    runs_on(d);
    return DECIDED;
}
