#!/bin/sh
# SPDX-License-Identifier: MIT
# flash-sizes.sh - the flash a firmware takes with each flavour on small
# cores: one library build per (core, flavour), and two programs linked
# with -ffreestanding -nostdlib --gc-sections against it, one calling only
# the rook lookup (lab/firmware-rook.c), one calling every function
# (tests/firmware.c).  Prints a Markdown table of text + data bytes.
#
#   lab/flash-sizes.sh [FLAVOUR...]     (slow)
#
# Run it from a source tree that is not configured in place (a git
# checkout after ./bootstrap, or an unpacked make dist tarball).  A
# core whose cross compiler is missing shows "no HOST-gcc".
#
# FLASH_CONFIGURE_ARGS adds configure options (--enable-small, say).
# FLASH_PROGRAMS chooses the programs (default "firmware-rook firmware";
# lab/firmware-sliders.c calls the three slider lookups only).  A core
# without the flavour's instructions shows "no rbit" (hqrev).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
# Each build is configured in a directory of its own, which configure
# refuses while the source tree holds a build of its own.
if [ -f "$top/config.status" ]; then
  echo "flash-sizes.sh: $top is configured in place (config.status): run 'make distclean'" \
    "there, or run this script from an unpacked 'make dist' tarball" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The registry's flavours, each with its instruction set, as the C
# preprocessor reads src/flavours.def; a name given must be one of them
# (it names directories and --with-tables), and by default those that run
# on small cores (isa any or bitrev) are measured.
rows=$(printf '#define MBB_FLAVOUR(name, isa, magics, reads) name:isa\n#include "flavours.def"\n' \
  | "${CPP:-cpp}" -P -I"$top/src" - | tr -s ' ' '\n' | grep :) \
  || { echo "flash-sizes.sh: cannot read src/flavours.def with ${CPP:-cpp}" >&2; exit 1; }
known=$(echo $rows | sed 's/:[a-z0-9]*//g')
for flavour in "$@"; do
  case " $known " in
    *" $flavour "*) ;;
    *) echo "flash-sizes.sh: unknown flavour '$flavour' (the flavours: $known)" >&2
       exit 2 ;;
  esac
done
if [ $# -eq 0 ]; then
  for row in $rows; do
    case $row in
      *:any | *:bitrev) set -- "$@" "${row%%:*}" ;;
    esac
  done
fi
flavours=$*
programs=${FLASH_PROGRAMS:-firmware-rook firmware}

# name|host|cflags
cores='Cortex-M0|arm-none-eabi|-mcpu=cortex-m0 -mthumb -Os
Cortex-M4|arm-none-eabi|-mcpu=cortex-m4 -mthumb -Os
rv32imac|riscv64-unknown-elf|-march=rv32imac -mabi=ilp32 -Os
rv64imac|riscv64-unknown-elf|-march=rv64imac -mabi=lp64 -mcmodel=medany -Os
rv64gc_zbkb|riscv64-unknown-elf|-march=rv64gc_zbkb -mabi=lp64d -mcmodel=medany -Os'

# The cells of a (flavour, core) that was not built: why, then blanks.
unbuilt() {
  why=$1
  for program in $programs; do printf ' %s |' "$why"; why=; done
}
label() { case $1 in firmware-rook) echo rook ;; firmware) echo all ;; *) echo "${1#firmware-}" ;; esac; }
printf '| flavour |'
echo "$cores" | while IFS='|' read -r name host cflags; do
  for program in $programs; do printf ' %s %s |' "$name" "$(label "$program")"; done
done
echo
printf '|---|'
echo "$cores" | while IFS='|' read -r name host cflags; do
  for program in $programs; do printf -- '---:|'; done
done
echo
for flavour in $flavours; do
  printf '| `%s` |' "$flavour"
  echo "$cores" | while IFS='|' read -r name host cflags; do
    dir="$work/$flavour-$(echo "$name" | tr -c 'a-zA-Z0-9\n' _)"
    mkdir -p "$dir"
    if ! command -v "$host-gcc" >/dev/null 2>&1; then
      unbuilt "no $host-gcc"
    elif (cd "$dir" && "$top/configure" -q --host="$host" --with-tables="$flavour" CFLAGS="$cflags" \
          ${FLASH_CONFIGURE_ARGS:-} \
          >/dev/null 2>&1 && make -j2 libmagicbb.la >/dev/null 2>&1); then
      for program in $programs; do
        source="$top/lab/$program.c"   # tests/firmware.c is the product's check
        [ -f "$source" ] || source="$top/tests/$program.c"
        # the linker's notes (an RWX segment: there is no linker script)
        # stay out of the table
        if "$host-gcc" $cflags -ffreestanding -nostdlib -nostartfiles -static -Wl,--gc-sections \
             -Wl,-e,firmware_start -I"$dir/include" -I"$top/include" -o "$dir/$program.elf" \
             "$source" "$dir/.libs/libmagicbb.a" -lgcc 2>"$dir/$program.log"; then
          printf ' %s |' "$("$host-size" "$dir/$program.elf" | awk 'NR == 2 { print $1 + $2 }')"
        else
          printf ' link failed |'
        fi
      done
    else
      if grep -q 'needs a bit-reverse instruction' "$dir/config.log" 2>/dev/null; then
        unbuilt 'no rbit'
      else
        unbuilt 'build failed'
      fi
    fi
  done
  echo
done
