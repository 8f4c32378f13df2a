/* SPDX-License-Identifier: MIT */
/* choice.h - the configuration headers magicbb-gen --config writes, from
 * a list of flavours: the installed magicbb_config.h (the library's
 * flavour, or a dispatch library's flavours, and the flavour
 * <magicbb_inline.h> inlines), src/dispatch-list.h, and the vendored
 * drop-in's magicbb_config.h (auto's flavours of policy.h and those
 * named). */
#ifndef GEN_CHOICE_H
#define GEN_CHOICE_H

#include <stddef.h>
#include <stdio.h>

#include "rows.h"

enum config_kind { CONFIG_LIBRARY, CONFIG_DISPATCH, CONFIG_DROPIN, CONFIG_DROPIN_FLAVOURS };

struct config_list {
    size_t flavour[FLAVOUR_COUNT]; /* indices into flavour_rows */
    size_t count;
};

/* Reads a list of flavour names, separated by commas or spaces, each
 * taken once (a repeat is passed over): 0, or -1 where a name is no
 * flavour. */
int config_list(const char *text, struct config_list *list);

/* Whether the list can be a dispatch library's, by the rule configure's
 * decision follows: two flavours or more, the last of them plain C (a
 * CPU without the others' instructions resolves to it). */
int config_dispatches(const struct config_list *list);

/* Writes kind's header for the list (a library of more than one flavour
 * is a dispatch library); small: configured --enable-small. */
void config_write(FILE *out, enum config_kind kind, const struct config_list *list, int small);

#endif /* GEN_CHOICE_H */
