/* SPDX-License-Identifier: MIT */
/* hqsimd.c - the generator's steps for hqsimd (include/magicbb/hqsimd.h): no
 * magics and no slices, only each square's lines and the first rank's
 * attacks (GEN_HQ_LINES: the tables of every flavour that reads them). */
#include "flavour_unit.h"
#include "magicbb/hqsimd.h"

GEN_HQ_LINES(hqsimd)
