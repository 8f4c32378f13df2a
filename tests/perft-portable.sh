#!/bin/sh
# SPDX-License-Identifier: MIT
# perft-portable.sh - perft.sh on a magicbb-perft built with
# MOVEGEN_PORTABLE: the move generator's plain-C lowest-square and
# popcount in place of the compiler's builtins: the counts (in make
# check-slow, MBB_CHECK_SLOW, the options and bad input too, which
# perft.sh checks on the same program's other build).
MBB_PERFT=${MBB_BUILDDIR:-.}/tests/perft-portable
export MBB_PERFT
if [ -z "${MBB_CHECK_SLOW:-}" ]; then
  PERFT_COUNTS_ONLY=1
  export PERFT_COUNTS_ONLY
fi
exec sh "${srcdir:-.}/tests/perft.sh"
