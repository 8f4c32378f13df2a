# SPDX-License-Identifier: MIT
# tap.sh - what the test scripts share, sourced: . "$(dirname "$0")/tap.sh"
#   ok TEXT, not_ok TEXT   one TAP line each, counted
#   skip TEXT              a passing line marked SKIP, saying why
#   note TEXT              a TAP comment, before a long step: make check
#                          shows it as the step starts
#   tap_workdir NAME       $work: a scratch directory, removed at exit
#   tap_done               the plan line; status 0 if nothing failed
#   tap_tools              $cxx: a C++ compiler (c++, g++, clang++) or
#                          nothing; $objdump: objdump, or nothing
#   no_calls FILE TEXT     one line: objdump finds no call to a magicbb
#                          function in the program FILE and nm no such
#                          function (its lookups were inlined)
#   linked_pages SRCDIR    the pages README.md and doc/*.md link to, one
#                          path from SRCDIR a line (doc/engines.md)
#   tap_wait TENTHS CONDITION
#                          waits until the shell command CONDITION holds
#                          (its errors unseen), a tenth of a second at a
#                          time, TENTHS at most ($tries: how many so far)
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
skip() { n=$((n + 1)); echo "ok $n # SKIP $1"; }
# (the empty comment after it: automake's TAP driver reads a line ahead,
# and shows a line only once the next one has come)
note() { printf '# %s\n#\n' "$1"; }
tap_workdir() {
  work=$(mktemp -d "${TMPDIR:-/tmp}/magicbb-$1.XXXXXX") || exit 99
  trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
}
tap_wait() {
  tries=0
  until eval "$2" 2>/dev/null || [ "$tries" -ge "$1" ]; do
    sleep 0.1
    tries=$((tries + 1))
  done
}
tap_done() {
  echo "1..$n"
  [ "$failed" = 0 ]
}
tap_tools() {
  cxx=
  for c in c++ g++ clang++; do
    if command -v "$c" >/dev/null 2>&1; then cxx=$c; break; fi
  done
  objdump=${OBJDUMP:-objdump}
  command -v "$objdump" >/dev/null 2>&1 || objdump=
}
no_calls() {
  if [ -z "$objdump" ]; then
    skip "$2: no objdump"
    return
  fi
  nc_calls=$("$objdump" -d "$1" | grep -cE 'call.*<mbb_')
  nc_functions=$(nm "$1" | grep -cE ' [tTwW] mbb_')
  if [ "$nc_calls" = 0 ] && [ "$nc_functions" = 0 ]; then
    ok "$2: no call to magicbb, no magicbb function"
  else
    not_ok "$2: $nc_calls calls to magicbb, $nc_functions magicbb functions"
  fi
}
linked_pages() {
  for lp_doc in "$1/README.md" "$1"/doc/*.md; do
    lp_dir=$(dirname "${lp_doc#"$1/"}")
    grep -oE '\]\([^):# ]+(#[^) ]*)?\)' "$lp_doc" | sed 's/^](//; s/[#)].*//' | while read -r lp_link; do
      case $lp_dir in .) echo "$lp_link" ;; *) echo "$lp_dir/$lp_link" ;; esac
    done
  done | sort -u
}
