/* SPDX-License-Identifier: MIT */
/* flavours.c - the generator's flavours, from the registry. */
#include <string.h>

#include "flavour.h"

#define MBB_FLAVOUR(name, isa, magics, reads) extern const struct gen_flavour gen_flavour_##name;
#include "flavours.def"
#undef MBB_FLAVOUR

const struct gen_flavour *const gen_flavours[] = {
#define MBB_FLAVOUR(name, isa, magics, reads) &gen_flavour_##name,
#include "flavours.def"
#undef MBB_FLAVOUR
};
const unsigned gen_flavour_count = sizeof gen_flavours / sizeof gen_flavours[0];

const struct gen_flavour *flavour_find(const char *name)
{
    for (unsigned f = 0; f < gen_flavour_count; f++) {
        if (strcmp(name, gen_flavours[f]->name) == 0)
            return gen_flavours[f];
    }
    return NULL;
}

const char *flavour_reads(const struct gen_flavour *f)
{
    const char *const own = f->name; /* (name is the macro's) */

#define MBB_FLAVOUR(name, isa, magics, reads)                                                      \
    if (strcmp(own, #name) == 0)                                                                   \
        return strcmp(#reads, "self") != 0 ? #reads : NULL;
#include "flavours.def"
#undef MBB_FLAVOUR
    return NULL;
}

const char *flavour_list(void)
{
    static char list[256];

    if (list[0] == '\0') {
        for (unsigned f = 0; f < gen_flavour_count; f++) {
            if (f > 0)
                strcat(list, f + 1 == gen_flavour_count ? " or " : ", ");
            strcat(list, gen_flavours[f]->name);
        }
    }
    return list;
}
