# SPDX-License-Identifier: MIT
# configure-kit.sh - what lab/configure.sh and lab/configure-targets.sh
# share, sourced after setting kit_name (the scratch directory's name):
# TAP (tests/tap.sh), $work with a copy of the distributed
# sources in $srcdir (the source tree may be configured in place, which
# rules out a second build beside it) and a scratch build directory, the
# current one, whose config cache keeps a run of configure to a few
# seconds; and
#   configure_with ARGS...   configure here (fancy unless ARGS say
#                            otherwise), its output in $work/log
#   refused SHOWN ERROR-PATTERN COMMAND...
#                            COMMAND (a configure run that leaves its
#                            output in $work/log) fails with that error
#   expect_refused OPTION ERROR-PATTERN
#                            configure_with OPTION fails with that error
# A run whose summary is all a test reads passes --no-create: config.status
# is written, not run (creating the Makefile and the rest takes about a
# third of a run's CPU).
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
gen=${MBB_GEN:?MBB_GEN must name the generator}
make=${MAKE:-make}
unset MAKEFLAGS MFLAGS MAKELEVEL
. "$(dirname "$0")/../tests/tap.sh"

tap_workdir "$kit_name"
srcdir="$work/src"
"$make" -s -C "$builddir" distdir distdir="$srcdir" >/dev/null || exit 99
mkdir "$work/build" && cd "$work/build" || exit 99
cache="$work/config.cache"

configure_with() {
  "$srcdir/configure" --cache-file="$cache" --with-tables=fancy "$@" >"$work/log" 2>&1
}

refused() {
  shown=$1 pattern=$2
  shift 2
  if "$@"; then
    not_ok "$shown is refused"
  elif grep -q "^configure: error: $pattern" "$work/log"; then
    ok "$shown is refused"
  else
    not_ok "$shown: $(tail -n 1 "$work/log")"
  fi
}

expect_refused() {
  refused "$(printf '%s' "$1" | tr '\n' '?')" "$2" configure_with "$1" # TAP takes one line
}
