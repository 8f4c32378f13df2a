#!/bin/sh
# SPDX-License-Identifier: MIT
# callgrind.sh - instructions per lookup for each flavour, counted by
# valgrind's callgrind rather than timed: the count does not depend on what
# else the machine is doing.  Run by make bench-callgrind.
#
#   callgrind.sh BENCH OUTFILE
bench=$1
out=$2
command -v valgrind >/dev/null 2>&1 || { echo "bench-callgrind: valgrind is not installed"; exit 1; }
# The benchmark names on its standard output the flavours it left out
# (valgrind's CPU lacks some instruction sets).
valgrind --tool=callgrind --callgrind-out-file="$out" "$bench" --callgrind > "$out.stdout" 2>/dev/null \
  || { echo "bench-callgrind: valgrind failed (valgrind cannot run AVX-512 code: see BENCH_CFLAGS)"; exit 1; }
grep 'left out' "$out.stdout"
rm -f "$out.stdout"
# Inclusive instructions of each FLAVOUR_PIECE_batch_throughput loop, over
# the 65536 lookups it made.
callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null \
| awk '
  /_batch_throughput/ {
    ir = $1; gsub(",", "", ir)
    name = $0; sub(/.*:/, "", name); sub(/ .*/, "", name)
    sub(/_batch_throughput.*/, "", name)
    n = split(name, part, "_"); piece = part[n]; flavour = substr(name, 1, length(name) - length(piece) - 1)
    if (flavour == "walk") flavour = "ray-walk"
    count[flavour, piece] = ir / 65536; seen[flavour] = 1
  }
  END {
    printf "%-11s %8s %8s %8s\n", "flavour", "rook", "bishop", "queen"
    for (f in seen) if (f != "")
      printf "%-11s %8.1f %8.1f %8.1f\n", f, count[f, "rook"], count[f, "bishop"], count[f, "queen"]
  }' | { read -r header; echo "instructions per lookup (callgrind, 65536 random pairs each)"; echo "$header"; sort; }
