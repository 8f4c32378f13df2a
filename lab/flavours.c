/* SPDX-License-Identifier: MIT */
/* flavours.c - every flavour from the registry, in one list: their
 * lookups are in flavours_isa.c, built for each instruction set. */
#define _POSIX_C_SOURCE 200809L
#include "flavours-all.h"
#include "flavours.h"
#include "machine.h"

#define MBB_FLAVOUR(name, isa, magics, reads) FLAVOUR_DECLARE(name)
#include "flavours.def"
#undef MBB_FLAVOUR

const struct flavour_impl flavour_impls[] = {
#define MBB_FLAVOUR(name, isa, magics, reads) FLAVOUR_ENTRY(name, isa),
#include "flavours.def"
#undef MBB_FLAVOUR
};
const unsigned flavour_impl_count = sizeof flavour_impls / sizeof flavour_impls[0];

int flavour_runs_here(const struct flavour_impl *f)
{
    return !*f->built || cpu_runs_isa(f->isa);
}

int flavour_timeable(const struct flavour_impl *f)
{
    return *f->built && cpu_runs_isa(f->isa);
}
