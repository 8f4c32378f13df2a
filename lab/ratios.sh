#!/bin/sh
# SPDX-License-Identifier: MIT
# ratios.sh - lab/magicbb-ratios (lab/ratios.c, make bench-wasm's
# program), natively, as TAP: --list names the flavours it times, in the
# registry's order; a short run (6 rounds) prints a row for each, in
# which each workload's fastest flavour is at 1 against itself; its order
# is by each flavour's median search ns; and its choice is wasm32's rule
# (src/policy.h) applied here to the figures it printed, with every
# flavour's bytes 300,000 fewer than the one before's (where a figure
# lies within rounding of the rule's bounds, the choice is not judged),
# and to figures given (--rule); bad arguments are one line and status 1,
# with nothing on stdout.
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
gen=${MBB_GEN:?MBB_GEN must name the generator}
. "$(dirname "$0")/../tests/tap.sh"
tap_workdir ratios
ratios="$builddir/lab/magicbb-ratios"

list=$("$ratios" --list | tr '\n' ' ')
registry=" $("$gen" --registry flavours) "
in_order=yes last=0
for f in $list; do
  rest=${registry#* "$f" }
  [ "$rest" != "$registry" ] && [ ${#rest} -lt "${last_rest:-99999}" ] || in_order=no
  last_rest=${#rest} last=$((last + 1))
done
[ -n "$list" ] && [ $in_order = yes ] && ok "--list: $list" || not_ok "--list: '$list' is not in the registry's order"

# (each flavour's bytes 300,000 fewer than the one before's: every one
# after the fastest, in the registry's order, much smaller than it)
bytes=100 args=
for f in $list; do bytes=$((bytes + 300000)); done
for f in $list; do bytes=$((bytes - 300000)) args="$args $f=$bytes"; done
# shellcheck disable=SC2086
if ! "$ratios" --rounds 6 $args >"$work/out" 2>"$work/err"; then
  not_ok "a run of 6 rounds: $(head -n 1 "$work/err")"
  tap_done
  exit 1
fi
rows=$(awk -v list="$list" 'BEGIN { n = split(list, want, " ") }
  $1 == "flavour" { table = 1; next } $1 == "ns" { table = 0 }
  table { got = got (got ? " " : "") $1 } END { print got }' "$work/out")
[ "$rows " = "$list" ] && ok "a row for each flavour it times" || not_ok "rows '$rows', want '$list'"
# (the fields of a row: name, bytes, then median [low, high] per workload, search ns)
awk '$1 == "flavour" { table = 1; next } $1 == "ns" { table = 0 }
  table { gsub(/[][,]/, " "); $0 = $0; for (w = 0; w < 3; w++) if ($(3 + 3 * w) == "1.00" &&
    $(4 + 3 * w) == "1.00" && $(5 + 3 * w) == "1.00") one[w] = 1 }
  END { exit !(one[0] && one[1] && one[2]) }' "$work/out" &&
  ok "each workload's fastest is 1.00 [1.00, 1.00] against itself" ||
  not_ok "a workload has no flavour at 1.00 [1.00, 1.00]"

# The order is by the printed search ns; the choice, the rule applied to
# the printed figures: the fastest (the order's first) unless flavours
# that tie it (low <= 1 or median < 1.05) are 256 KiB smaller or more,
# then the smallest of those; "borderline" where a figure that matters
# lies within rounding of those bounds.
order=$(sed -n 's/^order (search, fastest median first)://p' "$work/out")
choice=$(sed -n 's/^auto: \([a-z0-9]*\) .*/\1/p' "$work/out")
want=$(awk -v order="$order" '$1 == "flavour" { table = 1; next } $1 == "ns" { table = 0 }
  table { gsub(/[][,]/, " "); $0 = $0; bytes[$1] = $2; median[$1] = $9; low[$1] = $10; ns[$1] = $NF }
  END {
    n = split(order, o, " "); sorted = 1
    for (k = 2; k <= n; k++) if (ns[o[k]] < ns[o[k - 1]]) sorted = 0
    fastest = o[1]; pick = fastest; border = n > 1 && ns[o[2]] == ns[fastest]
    for (k = 2; k <= n; k++) {
      f = o[k]
      if (bytes[f] + 262144 > bytes[fastest]) continue
      sure = low[f] <= 0.995 || median[f] < 1.045
      if (!sure && !(low[f] > 1.005 && median[f] >= 1.055)) border = 1
      if (sure && (pick == fastest || bytes[f] < bytes[pick])) pick = f
    }
    print (sorted ? "sorted" : "unsorted") " " (border ? "borderline" : pick)
  }' "$work/out")
[ "${want%% *}" = sorted ] && ok "the order is by each flavour's median search ns:$order" ||
  not_ok "the order$order is not by the search ns printed"
case ${want#* } in
  borderline) skip "a figure lies within rounding of the rule's bounds: the choice ($choice) is not judged" ;;
  "$choice") ok "auto: $choice, as the rule gives on the printed figures" ;;
  *) not_ok "auto: '$choice', where the rule gives ${want#* }" ;;
esac

# The rule on given figures (--rule: NAME BYTES NS MEDIAN LOW): black the
# fastest at 600,000 bytes; a tie is an interval reaching 1 or a median
# under 1.05; "much smaller" 256 KiB (262,144 bytes) smaller or more.
rule() {
  want=$1 what=$2
  shift 2
  printf '%s\n' "$@" | "$ratios" --rule >"$work/rule" 2>&1
  got=$(sed -n 's/^auto: \([a-z0-9]*\) .*/\1/p' "$work/rule")
  [ "$got" = "$want" ] && ok "the rule: $what: $want" || not_ok "the rule: $what: '$got', want $want"
}
rule obstruction "ties that are much smaller: the smallest" "black 600000 300 1 1" \
  "byte 190000 301 1.01 0.9" "obstruction 50000 330 1.04 0.99" "hq 45000 900 3 2.9"
rule byte "no tie: the interval above 1, the median 1.05 or more" "black 600000 300 1 1" \
  "byte 190000 301 1.01 0.9" "obstruction 50000 330 1.10 1.01"
rule obstruction "a median under 1.05 ties, its interval above 1" "black 600000 300 1 1" \
  "obstruction 50000 310 1.04 1.02"
rule black "a tie less than 256 KiB smaller" "black 600000 300 1 1" "shared 337857 300 1 0.9"
rule shared "a tie 256 KiB smaller exactly" "black 600000 300 1 1" "shared 337856 300 1 0.9"
rule black "the order is by ns, whatever the order given" "hq 50000 900 3 2.5" "black 600000 300 1 1"
rule byte "the order for a budget: auto's first, then by ns" "white 650000 310 1.02 0.9" \
  "black 600000 300 1 1" "byte 190000 320 1.03 0.9" "hq 50000 900 3 2.5"
grep -q '^order for a budget (auto.s first): byte black white hq$' "$work/rule" &&
  ok "the order for a budget: byte black white hq" ||
  not_ok "the order for a budget: $(grep '^order for a budget' "$work/rule")"
if printf 'nosuch 5 1 1 1\n' | "$ratios" --rule >/dev/null 2>&1; then
  not_ok "--rule takes a flavour that is not one"
else
  ok "--rule refuses a flavour that is not one"
fi

for bad in "--rounds 5" "--rounds x" "nosuch=5" "black=0x10" "black=" "black"; do
  # shellcheck disable=SC2086
  if "$ratios" $bad >"$work/bad.out" 2>"$work/bad.err"; then
    not_ok "'$bad' is accepted"
  elif [ -s "$work/bad.out" ] || [ "$(wc -l <"$work/bad.err")" != 1 ]; then
    not_ok "'$bad': not one line on stderr alone"
  else
    ok "'$bad' refused: $(cat "$work/bad.err")"
  fi
done
tap_done
