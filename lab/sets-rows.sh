#!/bin/sh
# SPDX-License-Identifier: MIT
# sets-rows.sh - the set calls against the loops they replace (lab/sets.c),
# on the drop-in of a configured build directory:
#
#     lab/sets-rows.sh BUILDDIR [CFLAGS...]
#
# e.g. lab/sets-rows.sh . -march=native -DMAGICBB_FLAVOUR_BLACK (black's set
# calls built for this CPU).  Prints a line a piece and count.
set -e
build=${1:?usage: lab/sets-rows.sh BUILDDIR [CFLAGS...]}
shift
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make -s -C "$build" dropin DROPIN_DIR="$work/single" >/dev/null
# (with the lab's paired rounds, lab/timing.c)
${CC:-cc} -O2 -Wall -Wextra "$@" -I"$work/single" -I"$src/lab" -I"$src/support" -I"$src/src" \
  -I"$src/include" -o "$work/sets" "$src/lab/sets.c" "$src/lab/timing.c" "$src/support/reference.c" \
  "$src/support/movegen.c" "$src/support/escape.c"
for piece in rook bishop queen knight; do
  for n in 1 2 3 4 5 6 8 16; do "$work/sets" $piece $n "${ROUNDS:-41}"; done
done
