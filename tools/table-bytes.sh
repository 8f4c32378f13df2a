#!/bin/sh
# SPDX-License-Identifier: MIT
# table-bytes.sh - the flash the flavours' tables take on the host, for
# configure's flash budget.  For each FLAVOUR in turn, the generator
# writes its slider tables (with MAGICS: --magics-dir=DIR, --seed=N or
# --magics=FILE, the magics the build will use), $CC compiles them with
# $CFLAGS and $SIZE counts their text and data, to which the board's
# tables (written with BOARD: --board-only, and --no-lines for
# --enable-small) are added; it stops after the first whose tables take
# LIMIT bytes or less.
#
#   table-bytes.sh GENERATOR SRCDIR WORKDIR LIMIT BOARD MAGICS FLAVOUR...
#
# Prints "FLAVOUR:TABLE-BYTES:SLIDER-BYTES" for each flavour it measured,
# on one line.  What it runs, and what that prints, goes to stderr; exit
# status 1 where a step fails.
gen=$1 srcdir=$2 work=$3 limit=$4 board=$5 magics=$6
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
  "$gen" --sliders-only --flavour="$flavour" "$magics" --output="$work/sliders.c" >&2 || exit 1
  sliders=$(bytes "$work/sliders.c") && [ -n "$sliders" ] || exit 1
  printf '%s%s:%s:%s' "$separator" "$flavour" $((sliders + board_bytes)) "$sliders"
  separator=' '
  [ $((sliders + board_bytes)) -le "$limit" ] && break
done
echo
