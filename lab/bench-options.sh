#!/bin/sh
# SPDX-License-Identifier: MIT
# bench-options.sh - magicbb-bench's command line, as TAP: --help, one
# line for a bad argument, and a --csv output that is refused before any
# timing starts (read-only, a directory) and never replaced when it is a
# device.  The benchmark itself runs in make bench, not here.
bench=${MBB_BENCH:?MBB_BENCH must name magicbb-bench}
. "$(dirname "$0")/../tests/tap.sh"
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

# The chart (lab/plot.gp) draws no bar for a figure whose interval
# reaches 0, which the tables print as "<res", but that label: here the
# plotted points of a CSV where pext's throughput is such a figure.
plot=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}/lab/plot.gp
if command -v gnuplot >/dev/null 2>&1; then
  {
    echo "flavour,table_kib,input,mode,piece,ns_median,ns_low95,ns_high95"
    for cell in random,throughput,queen positions,latency,queen positions,pressure,queen \
        start-d5,perft,all standard-d4,search,all; do
      echo "fancy,729.5,$cell,2.000,1.500,2.500"
      echo "pext,843.0,$cell,0.100,-0.200,0.300"
    done
  } >"$work/chart.csv"
  if gnuplot -e "csv='$work/chart.csv'; table='$work/chart.txt'" "$plot" >"$work/gnuplot.log" 2>&1 &&
     [ "$(grep -c '^# Curve 0 of 3, 1 points$' "$work/chart.txt")" = 5 ] &&
     [ "$(grep -c '"<res"$' "$work/chart.txt")" = 5 ]; then
    ok "the chart draws no bar for a figure below the clock's resolution, but '<res'"
  else
    not_ok "the chart's bars for '<res' figures: $(head -n 3 "$work/gnuplot.log" "$work/chart.txt" 2>&1 | tr '\n' ' ')"
  fi
  rm -f "$work/chart.csv" "$work/chart.txt" "$work/gnuplot.log"
else
  skip "the chart: gnuplot not found"
fi

# Outputs as a shell hands them over, as tests/outputs.sh checks the
# product's programs: a descriptor that is not open or open for reading
# is refused in one line; a full disk or a closed stdout is one "write
# error" line and status 1.
"$bench" --csv /dev/fd/9 9>&- 2>"$work/err"
status=$?
[ $status = 1 ] && [ "$(wc -l < "$work/err")" = 1 ] && grep -q "magicbb-bench: /dev/fd/9: cannot write: descriptor 9" "$work/err" \
  && ok "--csv /dev/fd/9, not open" || not_ok "--csv /dev/fd/9, not open: $status $(head -n 1 "$work/err")"
"$bench" --csv /dev/stdout 1< "$0" 2>"$work/err"
status=$?
[ $status = 1 ] && grep -q "descriptor 1 is open for reading only" "$work/err" \
  && ok "--csv /dev/stdout, stdout open for reading" \
  || not_ok "--csv /dev/stdout, stdout open for reading: $status $(head -n 1 "$work/err")"
for option in --cpu --help; do
  "$bench" $option >&- 2>"$work/err"
  status=$?
  [ $status = 1 ] && grep -q "write error: Bad file descriptor" "$work/err" \
    && ok "$option, stdout closed" || not_ok "$option, stdout closed: $status $(head -n 1 "$work/err")"
  if [ "$(id -u)" = 0 ] && mknod "$work/full" c 1 7 2>/dev/null; then
    "$bench" $option > "$work/full" 2>"$work/err"
    status=$?
    rm -f "$work/full"
    [ $status = 1 ] && grep -q "write error: No space left on device" "$work/err" \
      && ok "$option, a full disk" || not_ok "$option, a full disk: $status $(head -n 1 "$work/err")"
  else
    skip "$option, a full disk: a copy of /dev/full needs root (mknod)"
  fi
done

tap_done
