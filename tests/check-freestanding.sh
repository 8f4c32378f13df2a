#!/bin/sh
# SPDX-License-Identifier: MIT
# check-freestanding.sh - can firmware use this libmagicbb.a?
#
#   check-freestanding.sh FIRMWARE.C LIBMAGICBB.A INCLUDEDIR...
#
# (make check-freestanding runs it on the build tree; it works as well on
# an installed library: tests/firmware.c $prefix/lib/libmagicbb.a
# $prefix/include)
# with CC, CFLAGS, NM and SIZE for the host in the environment, and
# SECTION the section the tables must be in (default .rodata).  Fails
# (exit 1) unless all of these hold:
#   1. FIRMWARE.C (tests/firmware.c), built with -ffreestanding -nostdlib, links
#      against libmagicbb.a with libgcc alone;
#   2. the archive needs no symbol from outside itself but libgcc's
#      arithmetic helpers (the allowlist below);
#   3. no member has anything in .data or .bss (nor .sdata, .sbss, ...);
#   4. every data object the library defines is read-only, and SECTION
#      holds at least the bytes of its tables.
set -u
[ $# -ge 3 ] || { echo "usage: check-freestanding.sh FIRMWARE.C LIBMAGICBB.A INCLUDEDIR..."; exit 2; }
firmware=$1
lib=$2
shift 2
includes=
for dir in "$@"; do
  includes="$includes -I$dir"
done
section=${SECTION:-.rodata}
status=0
fail() { echo "check-freestanding: FAIL: $*"; status=1; }
pass() { echo "check-freestanding: ok: $*"; }

[ -f "$lib" ] || { echo "check-freestanding: $lib not found (configure with --enable-static)"; exit 1; }
echo "check-freestanding: $lib"
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

# 1. Link with libgcc only.  -static: no dynamic loader on firmware.
if $CC $CFLAGS -ffreestanding -nostdlib -nostartfiles -static -Wl,-e,firmware_start \
     $includes -o "$work/firmware.elf" "$firmware" \
     "$lib" -lgcc > "$work/link.log" 2>&1; then
  pass "$(basename "$firmware") links with -ffreestanding -nostdlib and libgcc only"
else
  cat "$work/link.log"
  fail "$(basename "$firmware") does not link with -nostdlib and libgcc only"
fi

# 2. Undefined symbols of the whole archive, less what it defines itself.
$NM "$lib" | awk 'NF >= 2 { print $(NF-1), $NF }' > "$work/symbols"
awk '$1 == "U" { print $2 }' "$work/symbols" | sort -u > "$work/undefined"
awk '$1 != "U" { print $2 }' "$work/symbols" | sort -u > "$work/defined"
# libgcc's arithmetic helpers, which a small CPU may need: 64-bit shifts
# and multiplies on 32-bit cores, 32-bit multiplies on rv32i and rv32e,
# byte swaps (hq) where there is no such instruction.
allowed='^__(aeabi_(llsl|llsr|lasr|lmul)|(ashl|lshr|ashr)di3|mul[sd]i3|bswap[sd]i2|popcountdi2|clzdi2|ctzdi2)$'
outside=$(comm -23 "$work/undefined" "$work/defined" | grep -Ev "$allowed")
if [ -z "$outside" ]; then
  pass "the library needs no symbol from outside itself but libgcc helpers"
else
  fail "the library needs symbols from outside itself: $(echo $outside)"
fi

# 3 and 4. Sections of every member.
$SIZE -A "$lib" > "$work/sizes"
writable=$(awk '$1 ~ /^\.(s?data|s?bss|tdata|tbss)(\.|$)/ && $2 != 0 { print $1 "=" $2 }' "$work/sizes")
if [ -z "$writable" ]; then
  pass "no .data or .bss in any member"
else
  fail "writable data in the library: $(echo $writable)"
fi
# Data objects the library defines (nm types other than code, undefined
# and absolute): every one must be read-only (R or r).
not_readonly=$(awk '$1 !~ /^[TtUuWwAaNn]$/ && $1 != "R" && $1 != "r" { print $2 "(" $1 ")" }' \
               "$work/symbols")
tables=$(awk '$1 == "R" || $1 == "r"' "$work/symbols" | wc -l)
# At least the three leaper tables and mbb_NAME_table_bytes (hqrev has
# no slider table; --enable-small, no between and line tables).
if [ -z "$not_readonly" ] && [ "$tables" -ge 4 ]; then
  pass "all $tables data objects (tables) are read-only"
else
  fail "data not read-only: $not_readonly ($tables read-only objects)"
fi
# The section must hold at least those objects' bytes (nm -S sizes).
need=0
for size in $($NM -S "$lib" | awk 'NF == 4 && ($3 == "R" || $3 == "r") && $4 ~ /^mbb_/ { print $2 }'); do
  need=$((need + 0x$size))
done
# By default, any read-only data section counts (RISC-V puts small
# constants in .srodata); a named section must be that section or its
# per-table subsections (NAME.TABLE).
have=$(awk -v s="$section" '
  (s == ".rodata" && $1 ~ /^\.s?rodata/) || $1 == s || index($1, s ".") == 1 { n += $2 }
  END { print n + 0 }' "$work/sizes")
if [ "$need" -gt 0 ] && [ "$have" -ge "$need" ]; then
  pass "$section holds $have bytes (the tables take $need)"
else
  fail "$section holds $have bytes, but the tables take $need"
fi
exit $status
