#!/bin/sh
# SPDX-License-Identifier: MIT
# man-options.sh - every long option that PROGRAM --help lists heads an
# entry of its manual page: it is on the line after a .TP or .TQ (an option
# run into the one before, its .TP missing, is not).  Prints the options
# that head none and exits 1, or exits 0.  Used by make check-man and
# tests/docs.sh.
#
#   man-options.sh PROGRAM PAGE
program=$1 page=$2
help=$("$program" --help 2>&1) || { echo "$program --help failed"; exit 1; }
headings=$(awk 'previous == ".TP" || previous == ".TQ" { print } { previous = $0 }' "$page")
missing=
# the options: each line of the help that starts with one ("  -d, --divide")
for option in $(printf '%s\n' "$help" | sed -n 's/^ *\(-[A-Za-z], \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p' | sort -u); do
  escaped=$(printf '%s' "$option" | sed 's/-/\\\\-/g')
  printf '%s\n' "$headings" | grep -q -- "$escaped" || missing="$missing $option"
done
[ -z "$missing" ] || { echo "$page: no entry headed by$missing"; exit 1; }
