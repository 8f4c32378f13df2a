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
#define DECIDE_NAME(code) #code,
    static const char *const names[] = { "", DECIDE_REFUSALS(DECIDE_NAME) };
#undef DECIDE_NAME

    return names[code];
}

/* Refuses with code's line: REFUSE(d, CODE, its format's arguments) is
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

/* The flavour called name, or NULL. */
static const struct flavour_row *flavour_named(const char *name)
{
    const size_t i = name != NULL ? flavour_row(name, strlen(name)) : FLAVOUR_COUNT;

    return i < FLAVOUR_COUNT ? &flavour_rows[i] : NULL;
}

const char *flavour_names(const char *const *list, size_t n)
{
    static char text[DECIDE_TEXT];

    text[0] = '\0';
    for (size_t i = 0; i < (list != NULL ? n : FLAVOUR_COUNT); i++)
        text_add(text, "%s%s", i > 0 ? " " : "", list != NULL ? list[i] : flavour_rows[i].name);
    return text;
}

/* The next word of a list separated by the bytes of separators, copied
 * into word; where the list goes on after it, or NULL after the last. */
static const char *next_word(const char *list, const char *separators, char *word, size_t size)
{
    size_t n;

    list += strspn(list, separators);
    n = strcspn(list, separators);
    if (n == 0)
        return NULL;
    snprintf(word, size, "%.*s", (int)n, list);
    return list + n;
}

/* A decision under way: its inputs, and what it found on the way. */
struct state {
    const struct facts *f;
    const struct options *o;
    struct decision *d;
    int fast_pext, wasm, simd128; /* wasm: a WebAssembly host, policy.h's wasm32 rows */
    const char *pext_why;
    char choices[DECIDE_TEXT];
};

/* Refuses a value with a byte that is not a letter, a digit or one of
 * extra (non-ASCII too where high): a value that no registry or seed rule
 * checks, which make, a C macro or the shell must carry. */
static int check_bytes(struct decision *d, const char *option, const char *value, const char *extra,
                       int high)
{
    char shown[DECIDE_TEXT] = "";
    int odd = 0;

    for (const unsigned char *s = (const unsigned char *)value; s != NULL && *s != '\0'; s++) {
        const int ok = (*s < 128 && isalnum(*s)) || (*s >= 128 && high) || strchr(extra, *s);

        text_add(shown, "%c", ok ? *s : '?');
        odd |= !ok;
    }
    return odd && REFUSE(d, BYTES, option, shown);
}

/* A value as a refusal quotes it: its control bytes as '?' (one line). */
static const char *quoted(const char *value)
{
    static char text[DECIDE_TEXT];

    text[0] = '\0';
    for (const unsigned char *s = (const unsigned char *)value; *s != '\0'; s++)
        text_add(text, "%c", *s < 32 || *s == 127 ? '?' : *s);
    return text;
}

/* The flavour called name, or a refusal naming option and the choices. */
static const struct flavour_row *known(struct state *st, const char *option, const char *name)
{
    const struct flavour_row *row = flavour_named(name);

    if (row == NULL)
        REFUSE(st->d, FLAVOUR, option, quoted(name),
               strpbrk(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") ? ": flavour names are lower case" : "",
               st->choices);
    return row;
}

/* Each value on its own: its bytes, its form. */
static int check_values(const struct options *o, struct decision *d)
{
    const char *flash = o->flash;

    if (check_bytes(d, "--with-magics", o->magics, " /._+,=@~-", 1))
        return 1;
    if (given(flash)
        && (flash[0] < '1' || flash[0] > '9' || strspn(flash, "0123456789") != strlen(flash)
            || strlen(flash) > 7 || strtoul(flash, NULL, 10) > 1048576))
        return REFUSE(d, VALUE, "--with-flash", "a whole number of KiB from 1 to 1048576",
                      quoted(flash));
    if (is(o->magics, "yes") || is(o->magics, ""))
        return REFUSE(d, EMPTY, "--with-magics", "a file name");
    return 0;
}

/* What the target runs: natively this CPU's sets, in a cross build its
 * -march's (a set the compiler emits only with its flags serves a
 * dispatch library); and PEXT's speed by policy.h's rule. */
static void find_isas(struct state *st)
{
    const struct facts *f = st->f;
    struct decision *d = st->d;
    const size_t bmi2 = isa_row("bmi2");

    for (size_t i = 0; i < ISA_COUNT; i++) {
        d->isa_compiles[i] = f->isa[i] != ISA_NO;
        d->isa_cflags[i] = f->isa[i] == ISA_FLAGS ? isa_rows[i].flags : "";
        d->isa_have[i] = f->cross ? f->isa[i] == ISA_YES : d->isa_compiles[i] && f->cpu[i];
    }
    st->fast_pext = d->isa_have[bmi2] && !f->slow_pext;
    st->simd128 = d->isa_have[isa_row("simd128")];
    st->pext_why = !d->isa_have[bmi2] ? (f->cross                ? "the target's -march lacks BMI2"
                                         : d->isa_compiles[bmi2] ? "this CPU lacks BMI2"
                                                                 : "the compiler lacks BMI2")
                   : !f->slow_pext    ? "the target has BMI2 and a fast PEXT"
                   : f->cross         ? "the target's -march is an AMD core with microcoded PEXT"
                                      : "this CPU runs PEXT in slow microcode (AMD family 0x15 or"
                                        " 0x17)";
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
        return REFUSE(d, SEED, quoted(o->seed), SEED_RULE);
    if (given(o->magics) && f->magics_path == NULL)
        return REFUSE(d, MAGICS_FILE, o->magics, "is not a readable file");
    if (given(o->magics) && flavour_named(f->magics_for) == NULL)
        return REFUSE(d, MAGICS_FILE, o->magics, "has no '# flavour: NAME' line naming a flavour");
    d->magics_for = given(o->magics) ? flavour_named(f->magics_for)->name : NULL;
    d->seed = given(o->seed) ? o->seed : NULL;
    return 0;
}

/* ---- The flavour --------------------------------------------------------- */

/* What configure measured of a flavour: its table and slider bytes. */
static int measured(const struct facts *f, const char *flavour, unsigned long *tables,
                    unsigned long *sliders)
{
    const char *list = f->measured != NULL ? f->measured : "";
    const size_t length = strlen(flavour);
    char word[128];

    while ((list = next_word(list, " ", word, sizeof word)) != NULL)
        if (strncmp(word, flavour, length) == 0 && word[length] == ':')
            return sscanf(word + length, ":%lu:%lu", tables, sliders) == 2;
    return 0;
}

/* Under a flash budget: auto takes the first flavour of the flash order
 * (policy.h; with --with-magics the flavour the file names, with
 * --with-seed those that search their magics) that the target runs and
 * whose tables and code fit; a named flavour must fit.  The sizes are
 * configure's measurements of every candidate. */
static int flash_fit(struct state *st, const char *named)
{
    struct decision *d = st->d;
    const char *why, *order = mbb_flash_order(st->f->bits32, st->wasm, &why);
    const unsigned long budget = strtoul(d->flash_kib, NULL, 10) * 1024;
    const int seeded = d->magics_for == NULL && given(st->o->seed);
    /* (on wasm32 the budget is the module's download: there is no flash) */
    const char *budget_of = st->wasm ? "download" : "flash";
    char tried[DECIDE_TEXT] = "", name[64];

    if (named != NULL || d->magics_for != NULL) {
        order = named != NULL ? named : d->magics_for;
        why = named != NULL ? "named" : "the flavour --with-magics names";
    }
    while (d->flavour == NULL && (order = next_word(order, " ", name, sizeof name)) != NULL) {
        if ((named == NULL && seeded && !is(flavour_named(name)->magics, "search"))
            || (named == NULL && !d->isa_have[flavour_isa(flavour_named(name))])
            || !measured(st->f, name, &d->table_bytes, &d->slider_bytes))
            continue;
        text_add(tried, "%s%s %lu KiB", tried[0] ? ", " : "", name,
                 (d->table_bytes + MBB_CODE_ALLOWANCE + 1023) / 1024);
        if (d->table_bytes + MBB_CODE_ALLOWANCE <= budget)
            d->flavour = flavour_named(name)->name;
        else if (named != NULL)
            return REFUSE(d, TOO_BIG, named, d->table_bytes, MBB_CODE_ALLOWANCE / 1024,
                          d->flash_kib);
    }
    if (d->flavour == NULL)
        return REFUSE(d, NO_FIT, d->flash_kib, budget_of, tried[0] ? tried : "none measured",
                      MBB_CODE_ALLOWANCE);
    if (named == NULL)
        text_add(d->why, "auto: the fastest that fits %s KiB of %s (%s%s; tried %s)", d->flash_kib,
                 budget_of, why, seeded ? ", those that search their magics" : "", tried);
    return 0;
}

/* Whether the dispatch library lists the flavour called name. */
static int listed(const struct decision *d, const char *name)
{
    for (size_t i = 0; i < d->dispatch_count; i++)
        if (is(d->dispatch[i], name))
            return 1;
    return 0;
}

/* --with-tables=dispatch: the flavours of --with-dispatch (or policy.h's
 * default), each known once, within the compiler's reach, the last
 * portable; an x86-64 ELF target (Linux, the BSDs, GNU) with ifunc. */
static int dispatch(struct state *st)
{
    struct decision *d = st->d;
    const char *list = given(st->o->dispatch) ? st->o->dispatch : MBB_DISPATCH_DEFAULT;
    const char *host = st->f->host;
    const struct flavour_row *row = NULL;
    char name[64], why[DECIDE_TEXT] = "";

    if (strncmp(host, "x86_64-", 7) != 0
        || (!strstr(host + 6, "-linux") && !strstr(host + 7, "bsd") && !strstr(host + 6, "-gnu")))
        return REFUSE(d, DISPATCH_TARGET, "an x86-64 ELF target with GNU ifunc, not ", host);
    if (!st->f->ifunc)
        return REFUSE(d, DISPATCH_TARGET, "GNU ifunc, which this compiler or linker lacks", "");
    for (const char *s = list; (s = next_word(s, ",", name, sizeof name)) != NULL;) {
        if ((row = known(st, "--with-dispatch", name)) == NULL)
            return 1;
        if (listed(d, name))
            text_add(why, "'%s' is listed twice", name);
        else if (!d->isa_compiles[flavour_isa(row)])
            text_add(why, "the compiler cannot emit %s for %s",
                     isa_rows[flavour_isa(row)].description, name);
        if (why[0] != '\0')
            return REFUSE(d, DISPATCH_LIST, list, why);
        d->dispatch[d->dispatch_count++] = row->name;
    }
    if (d->dispatch_count < 2)
        return REFUSE(d, DISPATCH_LIST, list, "name two flavours or more");
    if (!is(row->isa, "any"))
        return REFUSE(d, DISPATCH_LIST, list,
                      "end the list with a flavour that runs on every CPU, such as black (auto's"
                      " portable choice)");
    d->flavour = "dispatch";
    text_add(d->why, "chosen with --with-tables=dispatch, picked per process");
    return 0;
}

/* A flavour named with --with-tables: the target must have its
 * instructions, and with --with-flash its tables must fit (bare metal's
 * default budget is auto's, not a check of a flavour named). */
static int named(struct state *st)
{
    struct decision *d = st->d;
    const struct flavour_row *row = known(st, "--with-tables", st->o->tables);
    const size_t i = row != NULL ? flavour_isa(row) : 0;

    if (row == NULL)
        return 1;
    if (!is(row->isa, "any") && !d->isa_have[i])
        return REFUSE(d, ISA, row->name, isa_rows[i].description,
                      !d->isa_compiles[i] ? "the target compiler does not emit it with these CFLAGS"
                      : st->f->cross      ? "the target's CFLAGS (its -march) lack it"
                                          : "this CPU lacks it");
    text_add(d->why, "chosen with --with-tables=%s", row->name);
    if (is(row->isa, "bmi2") && st->f->slow_pext)
        text_add(d->warning, "--with-tables=%s: %s; black (auto's choice there) is likely faster",
                 row->name, st->pext_why);
    if (given(st->o->flash))
        return flash_fit(st, row->name);
    d->flavour = row->name;
    return 0;
}

static int choose_flavour(struct state *st)
{
    const char *tables = st->o->tables, *why;
    struct decision *d = st->d;

    text_add(st->choices, "auto, dispatch or one of %s", flavour_names(NULL, 0));
    d->flash_kib = given(st->o->flash) ? st->o->flash
                   : st->f->bare       ? MBB_BARE_METAL_FLASH_KIB
                                       : NULL;
    if (is(tables, "fastest") || is(tables, "fastest-lookups"))
        return REFUSE(d, GONE, tables, is(tables, "fastest") ? "" : " FASTEST_WORKLOAD=lookups");
    if (is(tables, "yes") || is(tables, "no") || is(tables, ""))
        return REFUSE(d, EMPTY, "--with-tables", st->choices);
    if (is(tables, "auto") && d->flash_kib != NULL && flash_fit(st, NULL))
        return 1;
    if (is(tables, "auto") && d->flash_kib == NULL) {
        const struct mbb_target target = { .fast_pext = st->fast_pext,
                                           .bits32 = st->f->bits32,
                                           .wasm = st->wasm,
                                           .simd128 = st->simd128,
                                           .seeded = given(st->o->seed) };

        d->flavour = mbb_auto_flavour(d->magics_for, &target, &why);
        text_add(d->why, "auto: ");
        text_add(d->why, why, d->magics_for != NULL ? d->magics_for : st->pext_why);
    }
    if ((is(tables, "dispatch") && dispatch(st)) || (d->flavour == NULL && named(st)))
        return 1;
    d->tables_flavour = d->dispatch_count > 0 ? d->dispatch[d->dispatch_count - 1] : d->flavour;
    d->isa = d->dispatch_count > 0 ? isa_row("any") : flavour_isa(flavour_named(d->flavour));
    return 0;
}

/* The magics: a seed, or a file for the flavour it applies to (the
 * library's, which may read another's magics, or in a dispatch library
 * one of its flavours), or the generator's default. */
static int decide_magics(struct state *st)
{
    struct decision *d = st->d;
    const struct options *o = st->o;
    const int dispatch = d->dispatch_count > 0;
    const char *magics_for = dispatch && d->magics_for != NULL ? d->magics_for : d->tables_flavour;
    const char *kind = flavour_named(magics_for)->magics;
    char why[DECIDE_TEXT] = "";

    if (dispatch && given(o->seed))
        return REFUSE(d, NOT_FOR, "--with-seed", "one flavour's magic search",
                      "--with-tables=dispatch", " (give a magics file with --with-magics)");
    if (dispatch && d->magics_for != NULL && !listed(d, d->magics_for))
        text_add(why, "is for %s, which is not among the dispatch library's flavours (%s)",
                 d->magics_for, flavour_names(d->dispatch, d->dispatch_count));
    if (!dispatch && d->magics_for != NULL && !is(d->magics_for, d->tables_flavour)
        && !is(d->magics_for, flavour_named(d->tables_flavour)->reads))
        text_add(why, "is a file of %s magics (its '# flavour:' line), not of %s", d->magics_for,
                 d->tables_flavour);
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
    /* make and the shell carry the absolute path, spaces escaped for make */
    if (given(o->magics) && check_bytes(d, "--with-magics", st->f->magics_path, " /._+,=@~-", 1))
        return 1;
    d->magics_path = given(o->magics) ? st->f->magics_path : NULL;
    return 0;
}

enum refusal decide(const struct facts *f, const struct options *given_options, struct decision *d)
{
    struct options o = *given_options;
    struct state st
        = { f, &o, d, 0, f->host != NULL && strncmp(f->host, "wasm", 4) == 0, 0, "", "" };

    memset(d, 0, sizeof *d);
    o.tables = o.tables != NULL ? o.tables : "auto";
    if (check_values(&o, d))
        return d->refusal;
    find_isas(&st);
    if (check_combinations(&st) || choose_flavour(&st) || decide_magics(&st))
        return d->refusal;
    return DECIDED;
}
