/* SPDX-License-Identifier: MIT */
/* rows.h - the registries (flavours.def, isa.def) as arrays, for the
 * generator's modes that print or check them: --registry (registry.c),
 * the decision (decide.c, configure.c) and the configuration headers
 * (choice.c); and finding a row by its name.  Private. */
#ifndef SRC_ROWS_H
#define SRC_ROWS_H

#include <stddef.h>
#include <string.h>

struct flavour_row {
    const char *name, *isa, *magics, *reads;
};
struct isa_row {
    const char *name, *macro, *flags, *description;
};

static const struct flavour_row flavour_rows[] = {
#define MBB_FLAVOUR(name, isa, magics, reads) { #name, #isa, #magics, #reads },
#include "flavours.def"
#undef MBB_FLAVOUR
};
static const struct isa_row isa_rows[] = {
#define MBB_ISA(name, macro, flags, probe, slow, description) { #name, #macro, flags, description },
#include "isa.def"
#undef MBB_ISA
};
#define FLAVOUR_COUNT (sizeof flavour_rows / sizeof flavour_rows[0])
#define ISA_COUNT (sizeof isa_rows / sizeof isa_rows[0])

/* The index of the flavour whose name is the length bytes at name, or
 * FLAVOUR_COUNT where none is. */
static inline size_t flavour_row(const char *name, size_t length)
{
    size_t i = 0;

    while (i < FLAVOUR_COUNT
           && !(strlen(flavour_rows[i].name) == length
                && strncmp(flavour_rows[i].name, name, length) == 0))
        i++;
    return i;
}

/* The index of the instruction set called name, or ISA_COUNT. */
static inline size_t isa_row(const char *name)
{
    size_t i = 0;

    while (i < ISA_COUNT && strcmp(isa_rows[i].name, name) != 0)
        i++;
    return i;
}

/* The index of the instruction set a flavour's lookups are built for. */
static inline size_t flavour_isa(const struct flavour_row *row)
{
    return isa_row(row->isa);
}

#endif /* SRC_ROWS_H */
