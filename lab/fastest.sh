#!/bin/sh
# SPDX-License-Identifier: MIT
# fastest.sh - builds lab/fastest.c outside make, on the all-flavour
# layer for and on this machine, as make builds the all-flavour test
# (every flavour's tables from the generator with the shipped magics, the
# layer's lookups, a move generator and search per flavour), and runs it.
# make fastest builds the same program from the lab's objects instead
# (lab/magicbb-fastest); this script is for configure's
# --with-tables=fastest and fastest-lookups only, which are going (issue
# 61: configure measures nothing), and goes with them.
#
#   fastest.sh SRCDIR WORKDIR GENERATOR FLAVOURS ISA-DEFINES DEFAULT WORKLOAD [ONLY]
#
# CC and CFLAGS (with the flags of every instruction set this machine
# has) and LDFLAGS come from the environment; FLAVOURS is every flavour,
# ISA-DEFINES the -DFLAVOURS_FOR_ISA_NAME=1 of every set; DEFAULT, WORKLOAD
# and ONLY are lab/fastest.c's arguments.  Prints its answer ("NAME ..."
# lines, "fastest NAME", "why TEXT"); each command it runs, and what that
# printed, on stderr.  Exit status 1 where a step fails.
srcdir=$1 work=$2 gen=$3 flavours=$4 isa_defines=$5 default=$6 workload=$7 only=${8:-}
cc="${CC:-cc} ${CFLAGS:-} -I$srcdir/include -I$srcdir/src -I$srcdir/support -I$srcdir/lab -Isrc -Iinclude"
run() { echo "fastest.sh: $*" >&2; "$@" >&2; }

: > "$work/tables-all.c" || exit 1
for f in $flavours board; do
  if [ "$f" = board ]; then what="--board-only --flavour=hq"
  else what="--sliders-only --flavour=$f --magics-dir=$srcdir/gen/magics"; fi
  # shellcheck disable=SC2086
  run "$gen" $what --output="$work/tables-$f.c" || exit 1
  echo "#include \"tables-$f.c\"" >> "$work/tables-all.c"
  [ "$f" = board ] && continue
  # shellcheck disable=SC2086
  run $cc -DMOVEGEN_FLAVOUR="$f" -c -o "$work/movegen-$f.o" "$srcdir/support/movegen.c" || exit 1
  # shellcheck disable=SC2086
  run $cc -DMOVEGEN_FLAVOUR="$f" -c -o "$work/search-$f.o" "$srcdir/lab/search.c" || exit 1
done
# shellcheck disable=SC2086
run $cc $isa_defines -DMOVEGEN_REFERENCE -I"$work" ${LDFLAGS:-} -o "$work/fastest" \
  "$srcdir/lab/fastest.c" "$srcdir/lab/flavours.c" "$srcdir/lab/flavours_isa.c" \
  "$srcdir/lab/timing.c" "$srcdir/support/reference.c" "$srcdir/support/escape.c" \
  "$srcdir/support/movegen.c" "$work/tables-all.c" "$work"/movegen-*.o "$work"/search-*.o || exit 1
# shellcheck disable=SC2086
"$work/fastest" "$default" "$workload" $only
