#!/bin/sh
# SPDX-License-Identifier: MIT
# perft-portable.sh - perft.sh on a magicbb-perft built with
# MOVEGEN_PORTABLE: the move generator's plain-C lowest-square and
# popcount in place of the compiler's builtins.  make check-slow's (make
# tests/perft-portable first); in make check, tests/check_portable.c
# checks those two helpers against a bit-by-bit walk.
MBB_PERFT=${MBB_BUILDDIR:-.}/tests/perft-portable
export MBB_PERFT
exec sh "${srcdir:-.}/tests/perft.sh"
