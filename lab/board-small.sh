#!/bin/sh
# SPDX-License-Identifier: MIT
# board-small.sh - what mbb_between, mbb_line and mbb_ray_pass cost read
# from their 32 KiB tables and computed from the slider lookups (the
# drop-in with MAGICBB_SMALL), as doc/engines.md quotes it: callgrind's
# instructions a call, a loop of 10^6 calls less the same loop summing
# the pair instead, on random pairs of squares (a third of them aligned)
# and on aligned pairs only, through the drop-in of a configured build
# directory, without flags (black) and with -mbmi2 (pext); then, where
# emcc is (Debian: emscripten), the bytes of a wasm32 module of the same
# program calling all three and a queen lookup, with and without
# MAGICBB_SMALL and SIMD128, as doc/engines.md's browser section gives them:
#
#     lab/board-small.sh BUILDDIR
set -e
build=${1:?usage: lab/board-small.sh BUILDDIR}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make -s -C "$build" dropin DROPIN_DIR="$work/single" >/dev/null
cat > "$work/pairs.c" <<'END'
#define MAGICBB_IMPLEMENTATION
#include "magicbb.h"
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    const long n = argc > 1 ? atol(argv[1]) : 0;
    unsigned char pairs[4096][2];
    unsigned count = 0;
    uint64_t sum = 0, state = 0x9e3779b97f4a7c15u;

    /* every pair, or (ALIGNED) those on one rank, file or diagonal */
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            const int files = abs(a % 8 - b % 8), ranks = abs(a / 8 - b / 8);
            if (a != b && (files == 0 || ranks == 0 || files == ranks || !ALIGNED)) {
                pairs[count][0] = (unsigned char)a;
                pairs[count++][1] = (unsigned char)b;
            }
        }
    for (long i = 0; i < n; i++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        const unsigned k = (unsigned)((state >> 32) % count), a = pairs[k][0], b = pairs[k][1];
        sum += CALL(a, b);
    }
    printf("%llu\n", (unsigned long long)sum);
    return 0;
}
END
# instructions N: callgrind's total for a run of N calls
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$work/pairs" "$1" 2>&1 >/dev/null |
    sed -n 's/.*refs: *//p' | tr -d ,
}
# per FLAGS: instructions a call of the program built with FLAGS, in tenths
per() {
  # shellcheck disable=SC2086
  ${CC:-cc} -std=c99 -O2 $1 -I"$work/single" -o "$work/pairs" "$work/pairs.c"
  echo $(( ($(instructions 1000000) - $(instructions 0) + 50000) / 100000 ))
}
tenths() { echo "$(($1 / 10)).$(($1 % 10))"; }
for flags in "" -mbmi2; do
  for aligned in 0 1; do
    loop=$(per "$flags -DALIGNED=$aligned -DCALL(a,b)=((a)^(b))")
    for call in mbb_between mbb_line mbb_ray_pass; do
      table=$(per "$flags -DALIGNED=$aligned -DCALL=$call")
      small=$(per "$flags -DALIGNED=$aligned -DCALL=$call -DMAGICBB_SMALL")
      case $aligned in 0) pairs="random pairs" ;; *) pairs="aligned pairs" ;; esac
      echo "${flags:-no flags}, $call, $pairs: table $(tenths $((table - loop))), MAGICBB_SMALL $(tenths $((small - loop))) instructions a call"
    done
  done
done
command -v "${EMCC:-emcc}" >/dev/null 2>&1 || exit 0
for flags in -msimd128 ""; do
  for small in "" -DMAGICBB_SMALL; do
    # shellcheck disable=SC2086
    NODE_PATH=/usr/share/nodejs "${EMCC:-emcc}" -O2 $flags $small -DALIGNED=0 \
      '-DCALL(a,b)=(mbb_between(a,b)^mbb_line(a,b)^mbb_ray_pass(a,b)^mbb_queen_attacks(a,b))' \
      -I"$work/single" -o "$work/pairs.js" "$work/pairs.c"
    echo "wasm32 ${flags:-without SIMD128}${small:+ $small}: module $(wc -c <"$work/pairs.wasm") bytes, gzip -9 $(gzip -9 <"$work/pairs.wasm" | wc -c)"
  done
done
