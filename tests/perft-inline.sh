#!/bin/sh
# SPDX-License-Identifier: MIT
# perft-inline.sh - magicbb-perft's move generator reads the tables
# through <magicbb_inline.h> in a static build, as its manual says: its
# object calls none of the library's lookup functions.  TAP.
#
# Environment (from make check): MBB_BUILDDIR, where the move
# generator's object file is; MBB_PERFT_INLINE, 1 where the build links
# magicbb-perft statically with the inline lookups, else 0 (a shared-only
# build, or a dispatch library, whose inline sliders call the library by
# design); NM.
object=${MBB_BUILDDIR:?}/tools/magicbb_perft-movegen.o
echo "1..1"
if [ "${MBB_PERFT_INLINE:-0}" != 1 ]; then
  echo "ok 1 # SKIP magicbb-perft is not built with the inline lookups here"
  exit 0
fi
calls=$(${NM:-nm} "$object" | awk '$1 == "U" && $2 ~ /^mbb_(rook|bishop|queen|knight|king|pawn)_attacks$|^mbb_(between|line)$/ { print $2 }' | tr '\n' ' ')
if [ -z "$calls" ]; then
  echo "ok 1 - the move generator inlines every lookup"
else
  echo "not ok 1 - the move generator calls the library's $calls"
  exit 1
fi
