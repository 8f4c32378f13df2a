/* SPDX-License-Identifier: MIT */
/* choice.c - the configuration headers magicbb-gen writes (choice.h):
 * the installed magicbb_config.h, a dispatch library's list, and the
 * vendored drop-in's magicbb_config.h. */
#include "choice.h"

#include <ctype.h>
#include <string.h>

#include "policy.h"
#include "rows.h"

static const struct isa_row *isa_of(size_t flavour)
{
    return &isa_rows[flavour_isa(&flavour_rows[flavour])];
}

/* Adds a flavour to a list where it is not there yet. */
static void list_add(struct config_list *list, size_t flavour)
{
    size_t seen = 0;

    while (seen < list->count && list->flavour[seen] != flavour)
        seen++;
    if (seen == list->count)
        list->flavour[list->count++] = flavour;
}

int config_list(const char *text, struct config_list *list)
{
    list->count = 0;
    for (const char *s = text; *s != '\0';) {
        const size_t n = strcspn(s, ", ");
        const size_t i = flavour_row(s, n);

        if (n > 0 && i == FLAVOUR_COUNT)
            return -1;
        if (n > 0)
            list_add(list, i);
        s += n + (s[n] != '\0');
    }
    return 0;
}

/* The lines that include a flavour's header and name its lookups; with
 * tables, where the drop-in's implementation file finds its tables. */
static void inline_branch(FILE *out, size_t flavour, const char *tables)
{
    const char *f = flavour_rows[flavour].name;

    fprintf(out, "#include \"magicbb/%s.h\"\n#define MBB_INLINE_NAME \"%s\"\n", f, f);
    fprintf(out, "#define MBB_INLINE_ROOK mbb_%s_rook_attacks\n", f);
    fprintf(out, "#define MBB_INLINE_BISHOP mbb_%s_bishop_attacks\n", f);
    fprintf(out, "#define MBB_INLINE_QUEEN mbb_%s_queen_attacks\n", f);
    fprintf(out, "#define MBB_INLINE_TABLE_BYTES mbb_%s_table_bytes\n", f);
    fprintf(out, "#define MBB_INLINE_LINK_RULE MBB_LINK_RULE(%s)\n", f);
    if (tables != NULL)
        fprintf(out, "#define MBB_INLINE_TABLES \"%s/%s.h\"\n", tables, f);
}

/* An #error where the code being compiled lacks a flavour's
 * instructions, saying what to do: what, then the flags or a -march. */
static void inline_needs(FILE *out, size_t flavour, const char *what)
{
    const struct isa_row *isa = isa_of(flavour);

    if (strcmp(isa->name, "any") == 0)
        return;
    fprintf(out,
            "#if !defined(MBB_HAVE_%s)\n#error \"magicbb: %s needs %s: compile with %s%s\"\n"
            "#endif\n",
            isa->macro, flavour_rows[flavour].name, isa->description,
            isa->flags[0] != '\0' ? isa->flags : "a -march or -mcpu that has them", what);
}

/* The library's: its flavour, or a dispatch library's, and the flavour
 * <magicbb_inline.h> inlines.  A dispatch library inlines the first of
 * its flavours whose instructions the code is compiled for at full speed
 * (MBB_SLOW_<MACRO>: a -march whose PEXT is microcode), as it picks at
 * run time; the last needs nothing beyond C. */
static void library_config(FILE *out, const struct config_list *list, int small)
{
    const int dispatch = list->count > 1;

    fprintf(out,
            "/* SPDX-License-Identifier: MIT */\n/* magicbb_config.h - written by magicbb-gen from"
            " configure's choice:\n * the library's flavour, and the flavour whose lookups\n"
            " * <magicbb_inline.h> inlines, chosen where the including code is\n * compiled."
            "  Do not edit. */\n"
            "#ifndef MAGICBB_CONFIG_H\n#define MAGICBB_CONFIG_H\n\n/* MBB_HAVE_<MACRO>: the"
            " instructions the including code is compiled for */\n#include"
            " \"magicbb/bits.h\"\n\n/* The library's flavour (\"dispatch\": one that picks a"
            " flavour per\n * process, among \"NAME=ISA ...\" in MBB_DISPATCH_LIST, in that"
            " order). */\n#define MBB_FLAVOUR_NAME \"%s\"\n#define MBB_FLAVOUR_DISPATCH %d\n"
            "#define MBB_DISPATCH_LIST \"",
            dispatch ? "dispatch" : flavour_rows[list->flavour[0]].name, dispatch);
    for (size_t k = 0; dispatch && k < list->count; k++)
        fprintf(out, "%s%s=%s", k > 0 ? " " : "", flavour_rows[list->flavour[k]].name,
                isa_of(list->flavour[k])->name);
    fprintf(out,
            "\"\n/* 1: configured --enable-small: mbb_between, mbb_line and mbb_ray_pass\n"
            " * are computed from the slider lookups; there are no tables of them. */\n"
            "#define MBB_SMALL %d"
            "\n\n",
            small);
    if (!dispatch) {
        fputs("/* The flavour inlined: the library's. */\n", out);
        inline_needs(out, list->flavour[0],
                     " (pkg-config --cflags magicbb-inline), or for one"
                     " install that inlines with or without them configure magicbb"
                     " --with-tables=dispatch, or vendor single/magicbb.h");
        inline_branch(out, list->flavour[0], NULL);
    } else {
        fputs("/* The flavour inlined: the first of the dispatch library's flavours whose\n"
              " * instructions the including code is compiled for, at full speed. */\n",
              out);
        for (size_t k = 0; k < list->count; k++) {
            const struct isa_row *isa = isa_of(list->flavour[k]);
            const int last = strcmp(isa->name, "any") == 0;

            if (last)
                fputs(k == 0 ? "#if 1\n" : "#else\n", out);
            else
                fprintf(out, "%s defined(MBB_HAVE_%s) && !defined(MBB_SLOW_%s)\n",
                        k == 0 ? "#if" : "#elif", isa->macro, isa->macro);
            inline_branch(out, list->flavour[k], NULL);
            if (last)
                break;
        }
        fputs("#endif\n", out);
    }
    fputs("\n#endif /* MAGICBB_CONFIG_H */\n", out);
}

/* A dispatch library's flavours, in order, as X(NAME, ISA, ARG), for
 * src/lookup.c. */
static void dispatch_list(FILE *out, const struct config_list *list)
{
    fputs("/* SPDX-License-Identifier: MIT */\n/* dispatch-list.h - written by magicbb-gen from"
          " --with-dispatch: the\n * flavours of a dispatch library, in order, as X(NAME, ISA,"
          " ARG), for\n * src/lookup.c.  Do not edit. */\n#define MBB_DISPATCH_EACH(X, ARG)",
          out);
    if (list->count == 0)
        fputs(" ", out);
    for (size_t k = 0; k < list->count; k++)
        fprintf(out, " X(%s, %s, ARG)", flavour_rows[list->flavour[k]].name,
                isa_of(list->flavour[k])->name);
    fputs("\n", out);
}

/* The flavours the drop-in carries: auto's (policy.h, whichever the
 * target), then those of extra not among them. */
static void carried(const struct config_list *extra, struct config_list *out)
{
    out->count = 0;
#define MBB_CARRY(name, condition, why) list_add(out, flavour_row(#name, strlen(#name)));
#define MBB_ANY_TARGET(name) 0
    MBB_AUTO_TABLE(MBB_CARRY, MBB_ANY_TARGET)
#undef MBB_ANY_TARGET
#undef MBB_CARRY
    for (size_t k = 0; k < extra->count; k++)
        list_add(out, extra->flavour[k]);
}

/* The drop-in's magicbb_config.h: MAGICBB_FLAVOUR_<NAME> picks a carried
 * flavour (a flavour not carried is an #error), else auto's decision
 * table on the target's macros; then the flavour's header, names and
 * tables. */
static void dropin_config(FILE *out, const struct config_list *flavours)
{
    char names[512] = "";

    for (size_t k = 0; k < flavours->count; k++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k > 0 ? " " : "",
                 flavour_rows[flavours->flavour[k]].name);
    fprintf(out,
            "/* SPDX-License-Identifier: MIT */\n/* magicbb_config.h - the vendored drop-in's,"
            " written by magicbb-gen: the flavour\n * whose lookups magicbb_inline.h"
            " inlines, chosen where the including code is\n * compiled:"
            " MAGICBB_FLAVOUR_<NAME> (one of %s), else auto's\n * decision table"
            " (magicbb/policy.h) on the target's macros.  Do not edit. */\n#ifndef"
            " MAGICBB_CONFIG_H\n#define MAGICBB_CONFIG_H\n\n#include \"magicbb/bits.h\"\n"
            "#include \"magicbb/policy.h\"\n\n#define MBB_FLAVOUR_DISPATCH 0\n#define"
            " MBB_DISPATCH_LIST \"\"\n/* 1 where the program defines MAGICBB_SMALL:"
            " mbb_between, mbb_line\n * and mbb_ray_pass are computed from the slider"
            " lookups, as in a\n * library configured --enable-small, and"
            " magicbb-tables/board.h has\n * no tables of them. */\n#ifdef MAGICBB_SMALL\n"
            "#define MBB_SMALL 1\n#else\n#define MBB_SMALL 0\n#endif\n\n",
            names);
    for (size_t i = 0; i < FLAVOUR_COUNT; i++)
        fprintf(out, "#define MBB_ID_%s %u\n", flavour_rows[i].name, (unsigned)i + 1);
    for (size_t i = 0; i < FLAVOUR_COUNT; i++) {
        size_t k = 0;

        fprintf(out, "#%s defined(MAGICBB_FLAVOUR_", i > 0 ? "elif" : "if");
        for (const char *c = flavour_rows[i].name; *c != '\0'; c++)
            fputc(toupper((unsigned char)*c), out);
        fputs(")\n", out);
        while (k < flavours->count && flavours->flavour[k] != i)
            k++;
        if (k < flavours->count)
            fprintf(out, "#define MBB_PICK MBB_ID_%s\n", flavour_rows[i].name);
        else
            fprintf(out,
                    "#error \"magicbb: this drop-in carries %s, not %s: tools/dropin.sh"
                    " writes one that does\"\n",
                    names, flavour_rows[i].name);
    }
    fputs("#else\n#define MBB_AUTO_ID(flavour, condition, why) (condition) ? MBB_ID_##flavour :\n"
          "#define MBB_PICK (MBB_AUTO_TABLE(MBB_AUTO_ID, MBB_TARGET_FACT) 0)\n#endif\n\n",
          out);
    for (size_t k = 0; k < flavours->count; k++) {
        fprintf(out, "#%s MBB_PICK == MBB_ID_%s\n", k > 0 ? "elif" : "if",
                flavour_rows[flavours->flavour[k]].name);
        inline_needs(out, flavours->flavour[k], "");
        inline_branch(out, flavours->flavour[k], "magicbb-tables");
    }
    fputs("#endif\n#define MBB_INLINE_BOARD_TABLES \"magicbb-tables/board.h\"\n\n"
          "#endif /* MAGICBB_CONFIG_H */\n",
          out);
}

int config_dispatches(const struct config_list *list)
{
    return list->count >= 2 && strcmp(flavour_rows[list->flavour[list->count - 1]].isa, "any") == 0;
}

void config_write(FILE *out, enum config_kind kind, const struct config_list *list, int small)
{
    struct config_list carry;

    switch (kind) {
    case CONFIG_LIBRARY:
        library_config(out, list, small);
        break;
    case CONFIG_DISPATCH:
        dispatch_list(out, list);
        break;
    case CONFIG_DROPIN:
    case CONFIG_DROPIN_FLAVOURS:
        carried(list, &carry);
        if (kind == CONFIG_DROPIN) {
            dropin_config(out, &carry);
            break;
        }
        for (size_t k = 0; k < carry.count; k++)
            fprintf(out, "%s%s", k > 0 ? " " : "", flavour_rows[carry.flavour[k]].name);
        fputs("\n", out);
        break;
    }
}
