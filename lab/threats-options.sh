#!/bin/sh
# SPDX-License-Identifier: MIT
# threats-options.sh - magicbb-threats' command line, as TAP: --help, and
# a bad or missing value refused in one line that names it (the choices
# of --once, the range of --rounds), status 2, before any work.  The
# workload itself runs in make bench (and --once in make
# bench-callgrind's way, under valgrind), not here.
threats=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}/lab/magicbb-threats
. "$(dirname "$0")/../tests/tap.sh"
tap_workdir threats

"$threats" --help >"$work/out" 2>&1
status=$?
case $status:$(head -n 1 "$work/out") in
  "0:Usage: magicbb-threats "*) ok "--help" ;;
  *) not_ok "--help: status $status, '$(head -n 1 "$work/out")'" ;;
esac

# expect WANT ARGS...: status and stderr as "STATUS:TEXT", stderr one
# line, nothing on stdout
expect() {
  want=$1
  shift
  "$threats" "$@" >"$work/out" 2>"$work/err"
  got="$?:$(cat "$work/err")"
  if [ "$got" = "$want" ] && [ "$(wc -l <"$work/err")" = 1 ] && [ ! -s "$work/out" ]; then
    ok "$*: $got"
  else
    not_ok "$*: '$got' ($(wc -l <"$work/err") lines, $(wc -c <"$work/out") bytes out), not '$want'"
  fi
}
expect "2:magicbb-threats: --once: 'nosuch' is not api, single, xray-ray-pass or xray-nearest" \
  --once nosuch
expect "2:magicbb-threats: --once: '' is not api, single, xray-ray-pass or xray-nearest" --once ''
expect "2:magicbb-threats: --rounds: '5' is not a number from 6 to 100000" --rounds 5
expect "2:magicbb-threats: --rounds: '7x' is not a number from 6 to 100000" --once api --rounds 7x

# an option with no value, or none the program has: the line and the usage
for args in --once --bogus; do
  "$threats" $args >"$work/out" 2>"$work/err"
  status=$?
  if [ $status = 2 ] && [ "$(head -n 1 "$work/err")" = "magicbb-threats: unknown or incomplete option '$args'" ] \
     && grep -q '^Usage: magicbb-threats ' "$work/err"; then
    ok "$args: status 2, named, and the usage"
  else
    not_ok "$args: status $status, '$(head -n 1 "$work/err")'"
  fi
done

# --once with a good value: one version once, untimed, silent
"$threats" --once xray-nearest >"$work/out" 2>"$work/err"
status=$?
if [ $status = 0 ] && [ ! -s "$work/out" ] && [ ! -s "$work/err" ]; then
  ok "--once xray-nearest"
else
  not_ok "--once xray-nearest: status $status, '$(head -n 1 "$work/err")'"
fi

tap_done
