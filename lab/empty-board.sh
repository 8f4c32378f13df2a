#!/bin/sh
# SPDX-License-Identifier: MIT
# empty-board.sh - what a run-time read of a slider's empty-board attacks
# costs, as doc/engines.md quotes it: mbb_rook_attacks(s, 0) against one
# entry of a PseudoAttacks-style table built from C++17's
# magicbb::board<>, in callgrind's instructions a read (a loop of 10^6
# reads on random squares less the same loop run 0 times), through the
# drop-in of a configured build directory, without flags (black) and
# with -mbmi2 (pext):
#
#     lab/empty-board.sh BUILDDIR
set -e
build=${1:?usage: lab/empty-board.sh BUILDDIR}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make -s -C "$build" dropin DROPIN_DIR="$work/single" >/dev/null
cat > "$work/read.cc" <<'END'
#define MAGICBB_IMPLEMENTATION
#include "magicbb.h"
#include <array>
#include <cstdio>
#include <cstdlib>
constexpr auto rook_row = [] {
    std::array<uint64_t, 64> row{};
    for (int s = 0; s < 64; s++)
        row[s] = magicbb::board<>.rook[s];
    return row;
}();
int main(int argc, char **argv)
{
    const long n = argc > 1 ? atol(argv[1]) : 0;
    uint64_t sum = 0, state = 0x9e3779b97f4a7c15u;
    for (long i = 0; i < n; i++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
#ifdef TABLE
        sum += rook_row[state >> 58];
#else
        sum += mbb_rook_attacks((unsigned)(state >> 58), 0);
#endif
    }
    printf("%llu\n", (unsigned long long)sum);
    return 0;
}
END
# instructions N: callgrind's total for a run of N reads
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$work/read" "$1" 2>&1 >/dev/null |
    sed -n 's/.*refs: *//p' | tr -d ,
}
for flags in "" -mbmi2; do
  for read in lookup TABLE; do
    define=
    [ "$read" = lookup ] || define=-DTABLE
    ${CXX:-c++} -std=c++17 -O2 $flags $define -I"$work/single" -o "$work/read" "$work/read.cc"
    per=$(( ($(instructions 1000000) - $(instructions 0) + 500000) / 1000000 ))
    case $read in lookup) what="mbb_rook_attacks(s, 0)" ;; *) what="the table's entry" ;; esac
    echo "${flags:-no flags}, $what: $per instructions a read, the loop's included"
  done
done
