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
# the options: each line of the help that starts with one ("  -d, --divide");
# the page's headings and the options compared in one awk, with each "-"
# as the page writes it, "\-"
missing=$(printf '%s\n' "$help" | sed -n 's/^ *\(-[A-Za-z], \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p' | sort -u |
  awk -v page="$page" '
    BEGIN { while ((getline line < page) > 0) { if (previous == ".TP" || previous == ".TQ") headings = headings "\n" line; previous = line } }
    { escaped = ""
      for (i = 1; i <= length($0); i++) { c = substr($0, i, 1); escaped = escaped (c == "-" ? "\\" c : c) }
      if (index(headings, escaped) == 0) printf " %s", $0 }')
[ -z "$missing" ] || { echo "$page: no entry headed by$missing"; exit 1; }
