/* SPDX-License-Identifier: MIT */
/* hqdual.c - the generator's steps for hqdual (include/magicbb/hqdual.h): no
 * magics and no slices, only each square's lines and the first rank's
 * attacks (GEN_HQ_LINES: the tables of every flavour that reads them). */
#include "flavour_unit.h"
#include "magicbb/hqdual.h"

GEN_HQ_LINES(hqdual)
