#!/bin/sh
# SPDX-License-Identifier: MIT
# docs.sh - the documentation says what the programs do, as TAP: a help
# text that README.md quotes (a fenced block starting "Usage: PROGRAM")
# is the program's --help output, and every long option a program's
# --help lists is in its manual page.
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
. "$(dirname "$0")/tap.sh"
tap_workdir docs

for entry in magicbb-gen:gen/magicbb-gen:doc/magicbb-gen.1 \
    magicbb-perft:tools/magicbb-perft:doc/magicbb-perft.1; do
  name=${entry%%:*} rest=${entry#*:}
  program="$builddir/${rest%%:*}" page="$builddir/${rest#*:}"
  "$program" --help >"$work/help" 2>&1 || { not_ok "$name --help failed"; continue; }
  # every fenced block of the README that starts with the program's usage
  awk -v usage="Usage: $name " -v out="$work/quoted" '
    /^```/ { if (inblock) { inblock = 0; if (keep) n++ } else { inblock = 1; keep = 0; first = 1 }; next }
    inblock && first { first = 0; if (index($0, usage) == 1) keep = 1 }
    inblock && keep { print > (out "." n) }' "$srcdir/README.md"
  for quoted in "$work"/quoted.*; do
    [ -f "$quoted" ] || continue
    if cmp -s "$quoted" "$work/help"; then
      ok "README.md quotes $name --help as it prints"
    else
      not_ok "README.md quotes a $name --help that is not what it prints"
      diff "$quoted" "$work/help" | sed 's/^/# /'
    fi
    rm -f "$quoted"
  done
  missing=
  for option in $(grep -o -- '--[a-z][a-z-]*' "$work/help" | sort -u); do
    escaped=$(printf '%s' "$option" | sed 's/-/\\\\-/g')
    grep -q -- "$escaped" "$page" || grep -q -- "$option" "$page" || missing="$missing $option"
  done
  [ -z "$missing" ] && ok "$name(1) documents every option of --help" \
    || not_ok "$name(1) lacks$missing"
done

tap_done
