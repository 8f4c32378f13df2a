#!/bin/sh
# SPDX-License-Identifier: MIT
# vendored.sh - the single-file header of tools/single-header.sh, as an
# engine that vendors it uses it, as TAP: for fancy, hq and pext (where
# the compiler takes -mbmi2 and the CPU has BMI2), the header includes
# nothing beyond <stddef.h> and <stdint.h>, compiles clean with only cc
# (-std=c99 -pedantic -Wall -Wextra -Werror) and as C++11, and the
# self-test (tests/selftest.c, every public function against the
# reference ray walk) passes against it, built both ways; without its
# flags, pext's implementation stops with an error that names them.
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
gen=${MBB_GEN:?MBB_GEN must name the generator}
cc=${MBB_CC:-cc}
. "$(dirname "$0")/tap.sh"
tap_workdir vendored
cxx=
for c in c++ g++ clang++; do
  if command -v "$c" >/dev/null 2>&1; then cxx=$c; break; fi
done

for flavour in fancy hq pext; do
  flags=
  if [ "$flavour" = pext ]; then
    flags=-mbmi2
    if ! grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then
      skip "$flavour: this CPU lacks BMI2"
      continue
    fi
  fi
  dir="$work/$flavour"
  mkdir "$dir"
  header="$dir/magicbb-$flavour.h"
  if ! sh "$srcdir/tools/single-header.sh" "$srcdir" "$gen" "$MBB_REGISTRY" "$flavour" test "$header" 2>"$dir/err"; then
    not_ok "$flavour: no header: $(head -n 1 "$dir/err")"
    continue
  fi
  others=$(grep '^ *# *include' "$header" | grep -v '<stddef.h>\|<stdint.h>' | tr '\n' ' ')
  [ -z "$others" ] && ok "$flavour: the header includes only <stddef.h> and <stdint.h>" \
    || not_ok "$flavour: the header includes $others"
  printf '#define MAGICBB_IMPLEMENTATION\n#include "magicbb-%s.h"\n' "$flavour" > "$dir/impl.c"
  if [ -n "$flags" ]; then
    # without its flags: one error that names the instructions and the flag
    if "$cc" -std=c99 -c -o "$dir/noflags.o" "$dir/impl.c" -I"$dir" >"$dir/noflags.log" 2>&1; then
      not_ok "$flavour without $flags: compiled"
    elif grep '#error' "$dir/noflags.log" | grep -q "BMI2.*$flags"; then
      ok "$flavour without $flags: the error names BMI2 and $flags"
    else
      not_ok "$flavour without $flags: $(grep -m 1 'error' "$dir/noflags.log")"
    fi
  fi
  printf '#include "magicbb-%s.h"\n' "$flavour" > "$dir/magicbb.h" # for tests/selftest.c
  # shellcheck disable=SC2086
  if "$cc" -std=c99 -pedantic -Wall -Wextra -Wundef -Werror $flags -I"$dir" -I"$srcdir/support" \
       -o "$dir/selftest" "$dir/impl.c" "$srcdir/tests/selftest.c" "$srcdir/support/reference.c" \
       >"$dir/cc.log" 2>&1; then
    "$dir/selftest" "$flavour" >"$dir/run.log" 2>&1 &&
      ok "$flavour, C99: $(tail -n 1 "$dir/run.log")" ||
      not_ok "$flavour, C99: $(tail -n 1 "$dir/run.log")"
  else
    not_ok "$flavour, C99: $(grep -m 1 'error' "$dir/cc.log")"
  fi
  if [ -z "$cxx" ]; then
    skip "$flavour, C++11: no C++ compiler"
    continue
  fi
  # shellcheck disable=SC2086
  if "$cxx" -std=c++11 -pedantic -Wall -Wextra -Wold-style-cast -Wundef -Werror $flags -x c++ -c -o "$dir/impl.o" \
       "$dir/impl.c" >"$dir/cxx.log" 2>&1 &&
     "$cc" $flags -I"$dir" -I"$srcdir/support" -o "$dir/selftest-cxx" "$dir/impl.o" \
       "$srcdir/tests/selftest.c" "$srcdir/support/reference.c" >>"$dir/cxx.log" 2>&1; then
    "$dir/selftest-cxx" "$flavour" >"$dir/run.log" 2>&1 &&
      ok "$flavour, implementation as C++11: $(tail -n 1 "$dir/run.log")" ||
      not_ok "$flavour, implementation as C++11: $(tail -n 1 "$dir/run.log")"
  else
    not_ok "$flavour, C++11: $(grep -m 1 'error' "$dir/cxx.log")"
  fi
done
tap_done
