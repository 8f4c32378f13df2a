/* SPDX-License-Identifier: MIT */
/* decide.h - configure's decision as one pure, total function: from what
 * was detected and measured (struct facts) and the options given (struct
 * options) to the flavour, its instruction flags and magics and one
 * reason line (struct decision), by the policy of policy.h; or a
 * refusal, one of the codes below with its one line.  It reads no file,
 * asks no CPU and prints nothing: magicbb-gen --decide (configure.c)
 * gathers the facts and prints the decision, configure.ac the summary,
 * and tests/check_decide.c drives it.  Private. */
#ifndef GEN_DECIDE_H
#define GEN_DECIDE_H

#include <stddef.h>
#include <string.h>

#include "rows.h"

/* The most a reason or a refusal holds (they quote paths). */
#define DECIDE_TEXT 4096

/* The refusals: each a code, and its one line's format, REFUSAL_CODE. */
/* clang-format off */
#define DECIDE_REFUSALS(X) \
    X(BYTES) X(VALUE) X(EMPTY) X(FLAVOUR) X(NEEDS) X(EXCLUSIVE) X(NOT_FOR) \
    X(MAGICS_FILE) X(SEED) X(ISA) X(DISPATCH_TARGET) X(DISPATCH_LIST) X(NO_FIT) X(TOO_BIG) X(GONE)
/* clang-format on */
#define REFUSAL_BYTES "%s: '%s' has a character that make or the shell cannot carry (shown as '?')"
#define REFUSAL_VALUE "%s takes %s, not '%s'"
#define REFUSAL_EMPTY "%s needs %s"
#define REFUSAL_FLAVOUR "%s: unknown flavour '%s'%s (expected %s)"
#define REFUSAL_NEEDS "%s needs %s"
#define REFUSAL_EXCLUSIVE "%s and %s exclude each other"
#define REFUSAL_NOT_FOR "%s applies to %s, not to %s%s"
#define REFUSAL_MAGICS_FILE "--with-magics: '%s' %s"
#define REFUSAL_SEED "--with-seed: '%s' %s"
#define REFUSAL_ISA "--with-tables=%s needs %s, but %s; use another flavour or auto"
#define REFUSAL_DISPATCH_TARGET "--with-tables=dispatch needs %s%s; name a flavour instead"
#define REFUSAL_DISPATCH_LIST "--with-dispatch=%s: %s"
#define REFUSAL_NO_FIT                                                                             \
    "no flavour fits %s KiB of %s: %s, with %d bytes for code; raise --with-flash (or"             \
    " --enable-small: 96 KiB less)"
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

/* What configure found about an instruction set of isa.def: the compiler
 * defines MBB_HAVE_<MACRO> not at all, with the CFLAGS, or with the
 * set's own flags. */
enum isa_state { ISA_NO, ISA_YES, ISA_FLAGS };

struct facts {
    const char *host; /* the host triplet */
    int cross, bare, bits32, ifunc;
    enum isa_state isa[ISA_COUNT];
    /* natively, this CPU has the set; PEXT is microcode (natively this
     * CPU's, in a cross build the -march's: MBB_SLOW_BMI2) */
    int cpu[ISA_COUNT], slow_pext;
    /* --with-magics: the flavour its '# flavour:' line names ("" where
     * none); its absolute path (NULL where it is not a readable file) */
    const char *magics_for, *magics_path;
    const char *measured; /* a flash budget's "NAME:TABLE-BYTES:SLIDER-BYTES ..." */
};

/* The options' values as given; NULL or "no" where not given. */
struct options {
    const char *tables, *dispatch, *flash, *seed, *magics;
};

struct decision {
    enum refusal refusal;                /* DECIDED, or why not (error) */
    const char *flavour;                 /* a flavour of flavours.def, or "dispatch" */
    const char *tables_flavour;          /* src/tables.c's (a dispatch library's last) */
    const char *magics_for;              /* the flavour a magics file or the seed is for */
    const char *dispatch[FLAVOUR_COUNT]; /* a dispatch library's flavours, in order */
    size_t dispatch_count;
    size_t isa;                              /* the flavour's set; "any" for dispatch */
    int isa_compiles[ISA_COUNT];             /* the compiler emits the set, with isa_cflags */
    int isa_have[ISA_COUNT];                 /* the target runs it */
    const char *isa_cflags[ISA_COUNT];       /* the flags it needs beyond CFLAGS ("") */
    const char *seed, *magics_path;          /* NULL where not given */
    const char *flash_kib;                   /* the budget, or NULL */
    unsigned long table_bytes, slider_bytes; /* measured for the budget, or 0 */
    char why[DECIDE_TEXT], warning[DECIDE_TEXT], error[DECIDE_TEXT];
};

/* Decides: DECIDED, or the refusal (d->error its line). */
enum refusal decide(const struct facts *f, const struct options *o, struct decision *d);

/* value is wanted (value may be NULL); an option is given (not NULL, not
 * "no"). */
static inline int is(const char *value, const char *wanted)
{
    return value != NULL && strcmp(value, wanted) == 0;
}
static inline int given(const char *value)
{
    return value != NULL && strcmp(value, "no") != 0;
}

/* The refusal's name ("BYTES"), "" for DECIDED. */
const char *refusal_name(enum refusal code);

/* Appends to a text of DECIDE_TEXT bytes, cut where it is full. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void text_add(char *text, const char *format, ...);

/* The names of n flavours (every flavour where list is NULL), space-
 * separated, in a static text. */
const char *flavour_names(const char *const *list, size_t n);

#endif /* GEN_DECIDE_H */
