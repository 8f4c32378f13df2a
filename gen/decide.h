/* SPDX-License-Identifier: MIT */
/* decide.h - configure's decision as one pure, total function: from what
 * was detected and measured (struct facts) and the options given (struct
 * options) to the flavour, its instruction flags, the magics, one reason
 * line and the warnings (struct decision), by the policy of policy.h; or
 * a refusal, one of the codes below with its one line.  It reads no
 * file, asks no CPU and prints nothing: magicbb-gen --decide
 * (configure.c) gathers the facts and prints the decision, and
 * tests/check_decide.c drives it over the options and the targets.
 * Private. */
#ifndef GEN_DECIDE_H
#define GEN_DECIDE_H

#include <stddef.h>

#include "rows.h"

/* The most a reason or a refusal holds (they quote paths). */
#define DECIDE_TEXT 8192

/* The refusals, each a code and one format (REFUSAL_CODE). */
/* clang-format off */
#define DECIDE_REFUSALS(X) \
    X(BYTES)           /* a value make or the shell cannot carry */ \
    X(VALUE)           /* a value not of the option's form */ \
    X(EMPTY)           /* an option given without its value */ \
    X(DIRECTORY)       /* an installation directory libtool cannot take */ \
    X(FLAVOUR)         /* a name that is no flavour */ \
    X(NEEDS)           /* an option without the one it needs */ \
    X(EXCLUSIVE)       /* two options that exclude each other */ \
    X(NOT_FOR)         /* an option given where it does not apply */ \
    X(MAGICS_FILE)     /* a magics file that cannot serve */ \
    X(SEED)            /* a seed not of the seed rule */ \
    X(ISA)             /* a flavour whose instructions the target lacks */ \
    X(DISPATCH_TARGET) /* a dispatch library on a target without ifunc */ \
    X(DISPATCH_LIST)   /* a dispatch list that cannot be one */ \
    X(NO_FIT)          /* no flavour fits the flash */ \
    X(TOO_BIG)         /* the flavour named does not fit the flash */ \
    X(GONE)            /* an option value that moved to the laboratory */
/* clang-format on */
#define REFUSAL_BYTES                                                                              \
    "%s: '%s' has a character that make or the shell cannot carry (shown as '?'); %s"
#define REFUSAL_VALUE "%s takes %s, not '%s'"
#define REFUSAL_EMPTY "%s needs %s"
#define REFUSAL_DIRECTORY                                                                          \
    "%s: '%s' holds a space, a tab or a newline (a tab or newline shown as '?'), which libtool"    \
    " cannot install into; choose a directory without them"
#define REFUSAL_FLAVOUR "%s: unknown flavour '%s'%s (expected %s)"
#define REFUSAL_NEEDS "%s needs %s"
#define REFUSAL_EXCLUSIVE "%s and %s exclude each other"
#define REFUSAL_NOT_FOR "%s applies to %s, not to %s%s"
#define REFUSAL_MAGICS_FILE "--with-magics: '%s' %s"
#define REFUSAL_SEED "--with-seed: '%s' %s"
#define REFUSAL_ISA "--with-tables=%s needs %s, but %s; use another flavour or auto"
#define REFUSAL_DISPATCH_TARGET "--with-tables=dispatch needs %s; name a flavour instead"
#define REFUSAL_DISPATCH_LIST "--with-dispatch=%s: %s"
#define REFUSAL_NO_FIT                                                                             \
    "no flavour fits %s KiB of flash: %s, with %d bytes for code (--enable-small saves 96 KiB);"   \
    " raise --with-flash"
#define REFUSAL_TOO_BIG                                                                            \
    "--with-tables=%s needs %lu bytes of tables and about %d KiB of code, more than"               \
    " --with-flash=%s KiB; name a smaller flavour (hq, byte) or use auto"
#define REFUSAL_GONE                                                                               \
    "--with-tables=%s is gone: configure with --enable-lab, run make fastest%s, and configure"     \
    " with the --with-tables line it prints"

enum refusal {
    DECIDED,
#define DECIDE_CODE(code) REFUSE_##code,
    DECIDE_REFUSALS(DECIDE_CODE)
#undef DECIDE_CODE
};

/* What configure found about an instruction set of isa.def. */
enum isa_state {
    ISA_NO,    /* the compiler does not define MBB_HAVE_<MACRO> */
    ISA_YES,   /* it does with the CFLAGS */
    ISA_FLAGS, /* it does with the set's flags (isa.def's) */
};

struct facts {
    const char *host; /* the host triplet */
    int cross, bare, bits32, ifunc;
    enum isa_state isa[ISA_COUNT];
    /* natively: this CPU has the set; and runs PEXT in microcode.  In a
     * cross build slow_pext is the target's -march's (MBB_SLOW_BMI2). */
    int cpu[ISA_COUNT], slow_pext;
    /* --with-magics: whether it is a readable file, the flavour its
     * '# flavour:' line names ("" where none), its absolute path (NULL
     * where it has none) */
    int magics_readable;
    const char *magics_for, *magics_path;
    int shipped[FLAVOUR_COUNT]; /* gen/magics/NAME.txt exists */
    /* under a flash budget, what configure measured first:
     * "NAME:TABLE-BYTES:SLIDER-BYTES ..." */
    const char *measured;
};

/* The options' values as given; NULL or "no" where not given. */
struct options {
    const char *tables, *dispatch, *flash, *seed, *magics, *section, *debug, *small;
    /* prefix, exec_prefix, bindir, libdir, includedir, datarootdir */
    const char *dirs[6];
};

struct decision {
    enum refusal refusal;       /* DECIDED, or why not (error) */
    const char *flavour;        /* a flavour of flavours.def, or "dispatch" */
    const char *tables_flavour; /* the flavour of src/tables.c (a dispatch library's last) */
    const char *magics_for;     /* the flavour a magics file or the seed applies to */
    const char *dispatch[FLAVOUR_COUNT]; /* a dispatch library's flavours, in order */
    size_t dispatch_count;
    size_t isa;                        /* the flavour's set (isa_rows), "any" for dispatch */
    int isa_compiles[ISA_COUNT];       /* the compiler emits the set, with isa_cflags */
    int isa_have[ISA_COUNT];           /* the target runs it */
    const char *isa_cflags[ISA_COUNT]; /* what the compiler needs beyond CFLAGS ("") */
    const char *seed, *magics_path;    /* NULL where not given */
    const char *section;               /* the tables' section, ".rodata" by default */
    int small, debug;
    const char *flash_kib;                   /* the budget, or NULL */
    unsigned long table_bytes, slider_bytes; /* measured for the budget, or 0 */
    /* why this flavour; on what CPUs it runs; where its magics come from
     * (a line each); warnings, one a line; a refusal */
    char why[DECIDE_TEXT], runs_on[DECIDE_TEXT], magics[DECIDE_TEXT];
    char warnings[DECIDE_TEXT], error[DECIDE_TEXT];
};

/* Decides: DECIDED, or the refusal (d->error its line). */
enum refusal decide(const struct facts *f, const struct options *o, struct decision *d);

/* The refusal's name ("BYTES"), "" for DECIDED. */
const char *refusal_name(enum refusal code);

/* Appends to a text of DECIDE_TEXT bytes, cut where it is full. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void text_add(char *text, const char *format, ...);

/* isa_rows's index of the set called name (ISA_COUNT where none). */
size_t isa_index(const char *name);
/* flavour_rows's index of the flavour called name (FLAVOUR_COUNT where
 * none). */
size_t flavour_index(const char *name);
/* A dispatch library's flavours, or every flavour, space-separated. */
const char *dispatch_list(const struct decision *d);
const char *all_flavours(void);

#endif /* GEN_DECIDE_H */
