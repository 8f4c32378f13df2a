#!/bin/sh
# SPDX-License-Identifier: MIT
# table-bytes.sh - the flash the flavours' tables take on the host, for
# configure's flash budget.  For each FLAVOUR, the generator writes its
# slider tables with the magics the build would use (SEED for a flavour
# that searches its magics, where given; else MAGICS, a file, where
# given; else the shipped sets of SRCDIR/gen/magics), $CC compiles them
# with $CFLAGS and $SIZE counts their text and data, to which the
# board's tables (written with BOARD: --board-only, and --no-lines for
# --enable-small) are added.
#
#   table-bytes.sh GENERATOR SRCDIR WORKDIR BOARD SEED MAGICS FLAVOUR...
#
# Prints "FLAVOUR:TABLE-BYTES:SLIDER-BYTES" for each flavour, on one
# line.  What it runs, and what that prints, goes to stderr; exit status
# 1 where a step fails.
gen=$1 srcdir=$2 work=$3 board=$4 seed=$5 magics=$6
shift 6

# bytes FILE: the text and data bytes of FILE compiled for the host
bytes() {
  # shellcheck disable=SC2086
  $CC $CFLAGS -I"$srcdir/include" -c -o "$work/tables.o" "$1" >&2 &&
    ${SIZE:-size} "$work/tables.o" | awk 'NR == 2 { print $1 + $2 }'
}

# shellcheck disable=SC2086
"$gen" $board --flavour=hq --output="$work/board.c" >&2 || exit 1
board_bytes=$(bytes "$work/board.c") && [ -n "$board_bytes" ] || exit 1
separator=
for flavour in "$@"; do
  case $("$gen" --registry flavour "$flavour") in
    *" search") searches=yes ;;
    *) searches=no ;;
  esac
  if [ -n "$seed" ] && [ $searches = yes ]; then from="--seed=$seed"
  elif [ -n "$magics" ]; then from="--magics=$magics"
  else from="--magics-dir=$srcdir/gen/magics"; fi
  "$gen" --sliders-only --flavour="$flavour" "$from" --output="$work/sliders.c" >&2 || exit 1
  sliders=$(bytes "$work/sliders.c") && [ -n "$sliders" ] || exit 1
  printf '%s%s:%s:%s' "$separator" "$flavour" $((sliders + board_bytes)) "$sliders"
  separator=' '
done
echo
