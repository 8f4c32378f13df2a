#!/bin/sh
# SPDX-License-Identifier: MIT
# ratios.sh - lab/magicbb-ratios (lab/ratios.c, make bench-wasm's
# program), natively, as TAP: --list names the flavours it times, in the
# registry's order; a short run (6 rounds) prints a row for each, in
# which each workload's fastest flavour is at 1 against itself; its order
# is by each flavour's median search ns; and its choice is wasm32's rule
# (src/policy.h) applied here to the figures it printed, with every
# flavour's bytes a third of the one before's (where a figure lies
# within rounding of the rule's bounds, the choice is not judged),
# and to figures given (--rule); bad arguments are one line and status 1,
# with nothing on stdout.
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
gen=${MBB_GEN:?MBB_GEN must name the generator}
. "$(dirname "$0")/../tests/tap.sh"
tap_workdir ratios
ratios="$builddir/lab/magicbb-ratios"

list=$("$ratios" --list | tr '\n' ' ')
registry=" $("$gen" --registry flavours) "
in_order=yes
for f in $list; do
  rest=${registry#* "$f" }
  [ "$rest" != "$registry" ] && [ ${#rest} -lt "${last_rest:-99999}" ] || in_order=no
  last_rest=${#rest}
done
[ -n "$list" ] && [ $in_order = yes ] && ok "--list: $list" || not_ok "--list: '$list' is not in the registry's order"

# (each flavour's bytes a third of the one before's: every one after
# black, or the fastest, in the registry's order, much smaller than it)
bytes=1 args=
for f in $list; do bytes=$((bytes * 3)); done
for f in $list; do bytes=$((bytes / 3)) args="$args $f=$bytes"; done
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
# the printed figures (a tie: low <= 1 or median < 1.05); "borderline"
# where a figure that matters lies within rounding of those bounds.
order=$(sed -n 's/^order (search, fastest median first)://p' "$work/out")
choice=$(sed -n 's/^auto: \([a-z0-9]*\) .*/\1/p' "$work/out")
want=$(awk -v order="$order" '$1 == "flavour" { table = 1; next } $1 == "ns" { table = 0 }
  table { gsub(/[][,]/, " "); $0 = $0; bytes[$1] = $2; median[$1] = $9; low[$1] = $10; ns[$1] = $NF }
  function tie(f) { if (!(low[f] <= 0.995 || median[f] < 1.045) && !(low[f] > 1.005 && median[f] >= 1.055)) border = 1
    return low[f] <= 1 || median[f] < 1.05 }
  END {
    n = split(order, o, " "); sorted = 1
    for (k = 2; k <= n; k++) if (ns[o[k]] < ns[o[k - 1]]) sorted = 0
    first = o[1]; border = n > 1 && ns[o[2]] == ns[first]
    if ("black" in bytes && tie("black")) first = "black"
    pick = first
    for (k = 1; k <= n; k++) {
      f = o[k]
      if (2 * bytes[f] > bytes[first]) continue
      if (tie(f) && (pick == first || bytes[f] < bytes[pick])) pick = f
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

# The rule on given figures (--rule: NAME BYTES NS MEDIAN LOW): a tie is
# an interval reaching 1 or a median under 1.05; of the flavours that tie
# the fastest, black where it is one, else the fastest; unless ties have
# at most half its bytes: then the smallest of those.
rule() {
  want=$1 what=$2
  shift 2
  printf '%s\n' "$@" | "$ratios" --rule >"$work/rule" 2>&1
  got=$(sed -n 's/^auto: \([a-z0-9]*\) .*/\1/p' "$work/rule")
  [ "$got" = "$want" ] && ok "the rule: $what: $want" || not_ok "the rule: $what: '$got', want $want"
}
rule black "black ties the fastest: the default stays" "white 74000 300 1 1" \
  "black 73000 302 1.01 0.99" "byte 51000 310 1.03 1.01"
rule white "black clearly slower: the fastest" "white 74000 300 1 1" "black 73000 330 1.10 1.05"
rule obstruction "ties that are much smaller: the smallest" "black 73000 300 1 1" \
  "sbamg 15000 320 1.06 0.99" "obstruction 14000 330 1.04 1.01" "hq 13000 900 3 2.9"
rule black "no tie: the interval above 1, the median 1.05 or more" "black 73000 300 1 1" \
  "obstruction 14000 330 1.10 1.01"
rule black "a tie more than half the bytes" "black 73000 300 1 1" "byte 36501 300 1 0.9"
rule byte "a tie at half the bytes exactly" "black 73000 300 1 1" "byte 36500 300 1 0.9"
rule fancy "the order is by ns, whatever the order given" "hq 14000 900 3 2.5" "fancy 60000 300 1 1"
rule byte "the order for a budget: auto's first, then by ns" "white 74000 310 1.02 0.9" \
  "black 73000 300 1 1" "byte 30000 320 1.03 0.9" "hq 14000 900 3 2.5"
grep -q '^order for a budget (auto.s first): byte black white hq$' "$work/rule" &&
  ok "the order for a budget: byte black white hq" ||
  not_ok "the order for a budget: $(grep '^order for a budget' "$work/rule")"
if printf 'nosuch 5 1 1 1\n' | "$ratios" --rule >/dev/null 2>&1; then
  not_ok "--rule takes a flavour that is not one"
else
  ok "--rule refuses a flavour that is not one"
fi

for bad in "--rounds 5" "--rounds x" "nosuch=5" "black=0x10" "black=" "black" "--workload search" \
  "--fastest black --workload perft"; do
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
