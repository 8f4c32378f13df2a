#!/bin/sh
# SPDX-License-Identifier: MIT
# docs.sh - the documentation says what the programs do, as TAP: a help
# text that README.md quotes (a fenced block starting "Usage: PROGRAM")
# is the program's --help output, and every long option a program's
# --help lists is in its manual page; every source file the docs name
# ships; and tools/flash-sizes.sh stops with one line in a source tree
# configured in place, or for a name that is not a flavour.
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
  if why=$(sh "$srcdir/tests/man-options.sh" "$program" "$page"); then
    ok "$name(1) has an entry for every option of --help"
  else
    not_ok "$name(1): $why"
  fi
done

# Every flavour of the registry is in every list of flavours: the
# README's table for choosing one, doc/flavours.md, magicbb(3),
# magicbb-gen --help and configure --help.
"$builddir/gen/magicbb-gen" --help >"$work/gen-help" 2>&1
"$srcdir/configure" --help >"$work/configure-help" 2>&1
tr -s ' \n' '  ' <"$work/gen-help" >"$work/gen-help.line"
tr -s ' \n' '  ' <"$work/configure-help" >"$work/configure-help.line"
for flavour in $(sed -n 's/^MBB_FLAVOUR(\([a-z0-9_]*\),.*/\1/p' "$srcdir/src/magicbb/flavours.def"); do
  missing=
  grep -q "^| \`$flavour\` |" "$srcdir/README.md" || missing="$missing README.md"
  grep -q "\`$flavour\`" "$srcdir/doc/flavours.md" || missing="$missing doc/flavours.md"
  grep -q "^\.B $flavour\$" "$builddir/doc/magicbb.3" || missing="$missing magicbb(3)"
  grep -Eq "[ ,]$flavour[ ,.]" "$work/gen-help.line" || missing="$missing magicbb-gen-help"
  grep -Eq "[ ,]$flavour[, )]" "$work/configure-help.line" || missing="$missing configure-help"
  [ -z "$missing" ] && ok "$flavour is in every list of flavours" \
    || not_ok "$flavour is missing from:$missing"
done

# Every source file the documentation names (a path in backquotes with
# a source file's suffix) is in the source tree, or the build tree has
# it or a rule for it: what it tells a reader to run or read ships in
# make dist.
for doc in "$srcdir/README.md" "$srcdir"/doc/*.md; do
  missing=
  for path in $(grep -oE '`[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+\.(c|h|sh|S|ld|gp|def|txt|in|am|ac|md)`' \
      "$doc" | tr -d '`' | sort -u); do
    case $path in *NAME*) continue ;; esac # a placeholder: gen/magics/NAME.txt
    [ -e "$srcdir/$path" ] || [ -e "$builddir/$path" ] \
      || (cd "$builddir" && ${MAKE:-make} -n "$path") >/dev/null 2>&1 || missing="$missing $path"
  done
  [ -z "$missing" ] && ok "the files ${doc#"$srcdir/"} names are in the tree" \
    || not_ok "${doc#"$srcdir/"} names files not in the tree:$missing"
done

# tools/flash-sizes.sh configures a build of its own for each cell, which
# configure refuses while the source tree holds one: it stops at once
# with one line saying so, not with a table of failed builds.
mkdir -p "$work/tree/tools"
cp "$srcdir/tools/flash-sizes.sh" "$work/tree/tools/" 2>/dev/null
: >"$work/tree/config.status"
if sh "$work/tree/tools/flash-sizes.sh" hq >"$work/flash.out" 2>"$work/flash.err"; then
  not_ok "flash-sizes.sh ran in a tree configured in place"
  sed 's/^/# /' "$work/flash.out"
elif [ "$(wc -l <"$work/flash.err")" -eq 1 ] && grep -q 'configured in place' "$work/flash.err" \
    && [ ! -s "$work/flash.out" ]; then
  ok "flash-sizes.sh refuses a tree configured in place, in one line"
else
  not_ok "flash-sizes.sh in a tree configured in place: no one-line error"
  sed 's/^/# /' "$work/flash.err"
fi

# Names that are not flavours of the registry are refused before any
# build, in one line, and nothing is made outside its work directory.
mkdir -p "$work/plain/tools" "$work/plain/src/magicbb"
cp "$srcdir/tools/flash-sizes.sh" "$work/plain/tools/"
cp "$srcdir/src/magicbb/flavours.def" "$work/plain/src/magicbb/"
if (cd "$work/plain" && TMPDIR="$work/plain" sh tools/flash-sizes.sh nosuch ../escaped \
      >"$work/flash.out" 2>"$work/flash.err"); then
  not_ok "flash-sizes.sh nosuch ../escaped ran"
elif [ "$(wc -l <"$work/flash.err")" -eq 1 ] && grep -q "unknown flavour 'nosuch'" "$work/flash.err" \
    && [ ! -s "$work/flash.out" ] && [ ! -e "$work/escaped" ] \
    && [ -z "$(find "$work/plain" -mindepth 1 -maxdepth 1 -newer "$work/plain/tools" ! -name src ! -name tools)" ]; then
  ok "flash-sizes.sh refuses a name that is no flavour, in one line, before any build"
else
  not_ok "flash-sizes.sh nosuch ../escaped: $(head -n 1 "$work/flash.err")"
fi

tap_done
