#!/bin/sh
# SPDX-License-Identifier: MIT
# bench-options.sh - magicbb-bench's command line, as TAP: --help, one
# line for a bad argument, and a --csv output that is refused before any
# timing starts (read-only, a directory) and never replaced when it is a
# device.  The benchmark itself runs in make bench, not here.
bench=${MBB_BENCH:?MBB_BENCH must name magicbb-bench}
. "$(dirname "$0")/tap.sh"
tap_workdir bench

out=$("$bench" --help 2>&1)
status=$?
case $status:$out in
  "0:Usage: magicbb-bench "*) ok "--help" ;;
  *) not_ok "--help: status $status, '$(printf '%s' "$out" | head -n 1)'" ;;
esac
"$bench" -h | grep -q '^Usage: magicbb-bench' && ok "-h" || not_ok "-h"

# expect ARGS... : status and the first line of stderr, as "STATUS:LINE"
expect() {
  want=$1
  shift
  got=$("$bench" "$@" 2>&1 >/dev/null)
  status=$?
  lines=$(printf '%s\n' "$got" | grep -c '^magicbb-bench: ')
  got="$status:$(printf '%s' "$got" | head -n 1)"
  case $got in
    $want) [ "$lines" = 1 ] && ok "$*: $got" || not_ok "$*: $lines error lines" ;;
    *) not_ok "$*: '$got', not '$want'" ;;
  esac
}
expect "2:magicbb-bench: unknown argument '--bogus'" --bogus
expect "2:magicbb-bench: --tt-mib: '0' is not a number from 1 to 65536" --tt-mib 0
echo keep > "$work/ro.csv"
chmod 444 "$work/ro.csv"
expect "1:magicbb-bench: $work/ro.csv: is read-only*" --csv "$work/ro.csv"
[ "$(cat "$work/ro.csv")" = keep ] && ok "a read-only CSV is kept" || not_ok "a read-only CSV was changed"
expect "1:magicbb-bench: $work: is a directory" --csv "$work"
[ -z "$(ls "$work" | grep -v '^ro\.csv$')" ] && ok "nothing left in $work" \
  || not_ok "left in $work: $(ls "$work")"

tap_done
