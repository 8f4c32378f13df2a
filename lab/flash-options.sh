#!/bin/sh
# SPDX-License-Identifier: MIT
# flash-options.sh - lab/flash-sizes.sh's refusals, as TAP: it stops with
# one line in a source tree configured in place, and for a name that is
# not a flavour, before any build.  The table itself is slow (one build a
# cell) and is not made here.
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
. "$(dirname "$0")/../tests/tap.sh"
tap_workdir flash

# lab/flash-sizes.sh configures a build of its own for each cell, which
# configure refuses while the source tree holds one: it stops at once
# with one line saying so, not with a table of failed builds.
mkdir -p "$work/tree/lab"
cp "$srcdir/lab/flash-sizes.sh" "$work/tree/lab/" 2>/dev/null
: >"$work/tree/config.status"
if sh "$work/tree/lab/flash-sizes.sh" hq >"$work/flash.out" 2>"$work/flash.err"; then
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
mkdir -p "$work/plain/lab" "$work/plain/src"
cp "$srcdir/lab/flash-sizes.sh" "$work/plain/lab/"
cp "$srcdir/src/flavours.def" "$srcdir/src/isa.def" "$work/plain/src/"
if (cd "$work/plain" && TMPDIR="$work/plain" sh lab/flash-sizes.sh nosuch ../escaped \
      >"$work/flash.out" 2>"$work/flash.err"); then
  not_ok "flash-sizes.sh nosuch ../escaped ran"
elif [ "$(wc -l <"$work/flash.err")" -eq 1 ] && grep -q "unknown flavour 'nosuch'" "$work/flash.err" \
    && [ ! -s "$work/flash.out" ] && [ ! -e "$work/escaped" ] \
    && [ -z "$(find "$work/plain" -mindepth 1 -maxdepth 1 -newer "$work/plain/lab" ! -name src ! -name lab)" ]; then
  ok "flash-sizes.sh refuses a name that is no flavour, in one line, before any build"
else
  not_ok "flash-sizes.sh nosuch ../escaped: $(head -n 1 "$work/flash.err")"
fi

tap_done
