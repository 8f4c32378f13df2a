/* SPDX-License-Identifier: MIT */
/* rows.h - the registries (flavours.def, isa.def) as arrays, for the
 * build machine's programs that print or check them: magicbb-registry
 * (registry.c) and magicbb-choose (choose.c).  Private. */
#ifndef SRC_ROWS_H
#define SRC_ROWS_H

#include <stddef.h>

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

#endif /* SRC_ROWS_H */
