#!/bin/sh
# SPDX-License-Identifier: MIT
# variants.sh - magicbb-gen --board (doc/variants.md), as TAP: the tables
# of Fairy-Stockfish's fourteen families and a custom camelrider, generated
# (the generator checks every square and mask subset against its walk) on
# the boards of doc/variants.md inside stride 12 and on 9x10 stride 9,
# compiled with the build's compiler and read back by
# tests/variants_check.c against its own walks, with unsigned __int128 and
# with two uint64_t (vt_NO_INT128), PEXT (where the CPU has BMI2) and
# multiply, full and compressed payloads; the header compiles as C++;
# and each kind of bad input is one line, exit 2, and no file written.
# make check compiles two sets (12x10 stride 12: PEXT, compressed,
# unsigned __int128; 9x10 stride 9: multiply, full, two uint64_t) and
# only generates on the other boards; with MBB_CHECK_SLOW=1 (make
# check-slow) it also compiles and reads back 8x8 inside stride 12 (PEXT,
# full), reads 9x10 back with unsigned __int128 too, and generates 12x10
# with multiply.  Each compiled set also has overlapped slices: the
# generator reports fewer entries than its slices take laid apart, and
# tests/variants_check.c finds slots that two different slices share.
gen=${MBB_GEN:?MBB_GEN must name the generator}
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
cc=${MBB_CC:-cc}
. "$(dirname "$0")/tap.sh"
tap_workdir variants
tap_tools
bmi2=no
grep -qw bmi2 /proc/cpuinfo 2>/dev/null && bmi2=yes

families=rook_h,rook_v,bishop,cannon_h,cannon_v,cannon_diag,grasshopper_h,grasshopper_v
families=$families,grasshopper_d,nightrider,lame_dabbaba,horse,elephant,janggi_elephant
families=$families,camelrider=rider:1.3/3.1/-1.3/-3.1/1.-3/3.-1/-1.-3/-3.-1

# check NAME BOARD INDEX PAYLOAD MODES: generate, compile the tables with
# the check, read back with each of MODES (int128: unsigned __int128,
# two: two uint64_t)
check() {
  dir="$work/$1"
  mkdir -p "$dir"
  if ! "$gen" --board="$2" --families="$families" --index="$3" --payload="$4" --prefix=vt \
    -o "$dir/vt.c" --header="$dir/vt.h" 2>"$dir/gen.err"; then
    not_ok "$1: magicbb-gen --board=$2 --index=$3 --payload=$4: $(tail -n 1 "$dir/gen.err")"
    return
  fi
  # the set in fewer entries than its slices laid apart (the check below
  # finds the overlapped slices in the tables themselves)
  sizes=$(sed -n 's/^.*: all *\([0-9]*\) entries (\([0-9]*\) before slices overlapped).*$/\1 \2/p' \
    "$dir/gen.err")
  if [ -n "$sizes" ] && [ "${sizes% *}" -lt "${sizes#* }" ]; then
    ok "$1: overlapped slices, ${sizes% *} entries where laid apart they take ${sizes#* }"
  else
    not_ok "$1: no slices overlapped: $(grep ': all ' "$dir/gen.err")"
  fi
  flags=
  [ "$3" = pext ] && flags=-mbmi2
  if [ "$3" = pext ] && [ "$bmi2" = no ]; then
    skip "$1: --board=$2 --index=$3 --payload=$4 generated; no BMI2 here to run it"
    return
  fi
  # the tables and the check as one translation unit: one compile
  printf '#include "vt.c"\n#include "%s/tests/variants_check.c"\n' "$srcdir" >"$dir/both.c"
  for int in $5; do
    define=
    [ $int = two ] && define=-Dvt_NO_INT128
    if ! $cc -O0 -std=c99 -Wall -Wextra -Werror $flags $define -I"$dir" \
      -DVARIANT_HEADER='"vt.h"' "$dir/both.c" -o "$dir/check-$int" 2>"$dir/cc.err"; then
      not_ok "$1 ($int): the tables and the check do not compile: $(head -n 1 "$dir/cc.err")"
    elif "$dir/check-$int" 20 >"$dir/check.out"; then
      ok "$1: --board=$2 --index=$3 --payload=$4: $(cat "$dir/check.out")"
    else
      not_ok "$1 ($int): $(cat "$dir/check.out")"
    fi
  done
}

note "generating, compiling and reading back the variant tables"
check fsf-compressed 12x10:stride=12 pext compressed int128
if [ -n "${MBB_CHECK_SLOW:-}" ]; then
  check xiangqi 9x10:stride=9 multiply full "two int128"
  check chess-in-12 8x8:stride=12:first=3 pext full "two int128"
  others=12x10:stride=12:multiply
else
  check xiangqi 9x10:stride=9 multiply full two
  others=8x8:stride=12:first=3:pext
fi

# the other boards of doc/variants.md: generated and verified by the generator
for board in $others 9x9:stride=12:pext 9x10:stride=12:pext 10x8:stride=12:pext \
  10x10:stride=12:pext; do
  if "$gen" -q --board=${board%:*} --families="$families" --index=${board##*:} --prefix=vt \
    -o "$work/b.c" --header="$work/b.h" 2>"$work/b.err"; then
    ok "--board=${board%:*} --index=${board##*:}: every family generated and verified"
  else
    not_ok "--board=${board%:*} --index=${board##*:}: $(head -n 1 "$work/b.err")"
  fi
done

# the header as C++ (extern "C" tables, the lookups)
if [ -z "$cxx" ]; then
  skip "C++: no C++ compiler"
else
  printf '#include "vt.h"\nint main() { return vt_bb_lo(vt_nightrider(0, vt_bb_make(0, 0))) == 0; }\n' \
    >"$work/cxx.cc"
  # (clang++ where it is: g++ does not warn of old-style casts in the
  # header's extern "C" block)
  strict_cxx=$(command -v clang++ || echo "$cxx")
  if $strict_cxx -std=c++11 -Wall -Wextra -pedantic -Wold-style-cast -Wconversion -Wundef -Werror \
    -I"$work/xiangqi" -fsyntax-only \
    "$work/cxx.cc" 2>"$work/cxx.err"; then
    ok "C++11 ($strict_cxx): the generated header compiles, -pedantic -Wold-style-cast -Wconversion clean"
  else
    not_ok "C++11: $(head -n 1 "$work/cxx.err")"
  fi
fi

# bad input: one line naming the value, exit 2, nothing written
bad() {
  what=$1
  shift
  rm -f "$work/bad.c" "$work/bad.h"
  "$gen" "$@" -o "$work/bad.c" --header="$work/bad.h" >"$work/bad.out" 2>"$work/bad.err"
  status=$?
  lines=$(wc -l <"$work/bad.err")
  if [ $status = 2 ] && [ "$lines" = 1 ] && [ ! -e "$work/bad.c" ] && [ ! -e "$work/bad.h" ] \
    && grep -q -- "$expect" "$work/bad.err"; then
    ok "$what: $(cat "$work/bad.err")"
  else
    not_ok "$what: status $status, $lines lines, files: $(ls "$work" | grep -c '^bad\.[ch]'):" \
      "$(head -n 1 "$work/bad.err")"
  fi
}
expect="132 squares; a board has at most 128" bad "a board over 128 squares" \
  --board=12x11 --families=rook_h
expect="stride 8 is below the 9 files" bad "a stride below the files" \
  --board=9x10:stride=8 --families=rook_h
expect="bit 128; a bitboard has bits 0 to 127" bad "a numbering leaving the bitboard" \
  --board=12x10:stride=12:first=9 --families=rook_h
expect="unknown family 'dragon'" bad "an unknown family" --board=12x10 --families=rook_h,dragon
expect="unknown direction '1.x'" bad "an unknown direction" --board=12x10 \
  --families=zebra=rider:2.3/1.x
expect="unknown kind 'slider'" bad "an unknown kind" --board=12x10 --families=q=slider:1.0
expect="too large to index (at most 20" bad "a mask too large to index" --board=12x10 \
  --split=none --families=queen=rider:1.0/-1.0/0.1/0.-1/1.1/-1.-1/1.-1/-1.1
expect="is not FILESxRANKS" bad "a malformed board" --board=12by10 --families=rook_h
expect="needs --index=pext" bad "a compressed payload without PEXT" --board=8x8 \
  --families=rook_h --index=multiply --payload=compressed
expect="'rook_h' is none of --families" bad "a split for a family not given" --board=8x8 \
  --families=bishop --split=lines,rook_h=none
expect="give --board too" bad "families without a board" --families=rook_h
tap_done
