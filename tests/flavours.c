/* flavours.c - the portable flavours, and which flavours run here. */
#include <magicbb.h>

#include "flavours.h"

FLAVOUR_IMPL(fancy, MBB_FANCY_ROOK, MBB_FANCY_BISHOP)
FLAVOUR_IMPL(magic32, MBB_MAGIC32_ROOK, MBB_MAGIC32_BISHOP)
FLAVOUR_IMPL(plain, MBB_PLAIN_ROOK, MBB_PLAIN_BISHOP)
FLAVOUR_IMPL(black, MBB_BLACK_ROOK, MBB_BLACK_BISHOP)
FLAVOUR_IMPL(byte, MBB_BYTE_ROOK, MBB_BYTE_BISHOP)
FLAVOUR_IMPL(hq, MBB_HQ_ROOK, MBB_HQ_BISHOP)

const struct flavour_impl flavour_impls[] = {
    FLAVOUR_ENTRY(fancy, 0), FLAVOUR_ENTRY(magic32, 0), FLAVOUR_ENTRY(plain, 0),
    FLAVOUR_ENTRY(black, 0), FLAVOUR_ENTRY(byte, 0),    FLAVOUR_ENTRY(hq, 0),
};
const unsigned flavour_impl_count = sizeof flavour_impls / sizeof flavour_impls[0];

int flavour_runs_here(const struct flavour_impl *f)
{
    if (!f->uses_bmi2)
        return 1;
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_cpu_supports("bmi2");
#else
    return 0;
#endif
}
