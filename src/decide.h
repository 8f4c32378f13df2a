/* SPDX-License-Identifier: MIT */
/* decide.h - configure's decisions as one pure function: from what was
 * detected (struct facts) and the options given (struct options) to the
 * flavour, its instruction flags, the magics, the reasons and the
 * warnings (struct decision), by the policy of policy.h.  It reads no
 * file, asks no CPU, prints nothing and never exits: magicbb-choose
 * (choose.c) gathers the facts and prints the decision, and
 * tests/check_decide.c drives it over the options and the targets.
 * Private. */
#ifndef SRC_DECIDE_H
#define SRC_DECIDE_H

#include <setjmp.h>
#include <stddef.h>

#include "rows.h"

/* The most a reason, a summary line or a refusal holds (they quote paths). */
#define DECIDE_TEXT 8192

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
    /* the answers to a measurement asked for, or NULL: what the flash
     * measurement found ("NAME:TABLE-BYTES:SLIDER-BYTES ..."), what
     * lab/fastest.sh printed */
    const char *measured, *fastest;
};

/* The options' values as given; NULL or "no" where not given. */
struct options {
    const char *tables, *dispatch, *flash, *seed, *magics, *section, *debug, *small;
    /* prefix, exec_prefix, bindir, libdir, includedir, datarootdir */
    const char *dirs[6];
};

enum outcome {
    DECIDED,         /* the decision is made */
    REFUSED,         /* error says why, in one line */
    MEASURE_FLASH,   /* measure the tables of measure_flavours, up to measure_limit */
    MEASURE_FASTEST, /* time the flavours on measure_workload against measure_default */
};

struct decision {
    enum outcome outcome;
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
    /* the flash or the fastest measurement asked for */
    char measure_flavours[DECIDE_TEXT], measure_only[DECIDE_TEXT];
    unsigned long measure_limit;
    const char *measure_workload, *measure_default;
    /* why this flavour; the probe's figures; on what CPUs it runs; where
     * its magics come from; warnings, one a line; a refusal */
    char why[DECIDE_TEXT], timings[DECIDE_TEXT], runs_on[DECIDE_TEXT], magics[DECIDE_TEXT];
    char warnings[DECIDE_TEXT], error[DECIDE_TEXT];
    jmp_buf refuse; /* (decide's own) */
};

/* Decides; d->outcome says what came of it. */
enum outcome decide(const struct facts *f, const struct options *o, struct decision *d);

/* Appends to a text of DECIDE_TEXT bytes, cut where it is full. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void text_add(char *text, const char *format, ...);

/* flavour_rows's index of the flavour called name (FLAVOUR_COUNT where
 * none). */
size_t flavour_index(const char *name);
/* isa_rows's index of the set called name (ISA_COUNT where none). */
size_t isa_index(const char *name);
/* A dispatch library's flavours, space-separated (a static buffer). */
const char *dispatch_list(const struct decision *d);
/* Every flavour, space-separated. */
const char *all_flavours(void);

#endif /* SRC_DECIDE_H */
