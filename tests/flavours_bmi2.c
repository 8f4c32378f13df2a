/* flavours_bmi2.c - the PEXT flavours.  Built with -mbmi2 where the
 * compiler has it, so they run the BMI2 instructions (and then need a CPU
 * with them); elsewhere they fall back to the plain C PEXT and PDEP of
 * magicbb_index.h, which still checks their tables. */
#include <magicbb.h>

#include "flavours.h"

#ifdef MBB_HAVE_BMI2
#define USES_BMI2 1
#else
#define USES_BMI2 0
#endif

FLAVOUR_IMPL(pext, MBB_PEXT_ROOK, MBB_PEXT_BISHOP)
FLAVOUR_IMPL(pext16, MBB_PEXT16_ROOK, MBB_PEXT16_BISHOP)

const struct flavour_impl flavour_impls_bmi2[] = {
    FLAVOUR_ENTRY(pext, USES_BMI2),
    FLAVOUR_ENTRY(pext16, USES_BMI2),
};
const unsigned flavour_impl_bmi2_count = sizeof flavour_impls_bmi2 / sizeof flavour_impls_bmi2[0];
