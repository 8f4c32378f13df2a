#!/bin/sh
# SPDX-License-Identifier: MIT
# configure-targets.sh - configure on other targets, as TAP: auto's
# decision on hosted cross targets, a --host without its compiler,
# wasm32-wasi, a bare-metal target under a flash budget, a RISC-V code
# model, a distribution's x86-64 triplets; and --with-dispatch,
# --with-table-section in a shared library and an installation directory
# with a space.  (lab/configure.sh checks the options natively, beside
# it; lab/configure-kit.sh: what both use.)
kit_name=configure-targets
. "$(dirname "$0")/configure-kit.sh"

# a magics file of fancy's in a directory with spaces
mkdir "$work/dir with space"
magics="$work/dir with space/m.txt"
"$gen" --seed=1 --dump-magics="$magics" || exit 99

# auto's decision table (README, configure.ac) on hosted cross targets:
# black on AArch64 (fancy with --with-seed, whose magics a seed searches),
# magic32 on 32-bit ARM.
while IFS='|' read -r host args want; do
  if ! command -v "$host-gcc" >/dev/null 2>&1; then
    echo "# $host-gcc not found: auto for $host is not checked"
    continue
  fi
  # shellcheck disable=SC2086
  if "$srcdir/configure" --no-create --cache-file="$work/$host.cache" --host="$host" $args >"$work/log" 2>&1; then
    got=$(sed -n 's/^  flavour: *\([a-z0-9]*\) .*/\1/p' "$work/log")
    [ "$got" = "$want" ] && ok "auto for $host${args:+ $args}: $want" \
      || not_ok "auto for $host${args:+ $args}: '$got', want $want"
  else
    not_ok "auto for $host${args:+ $args}: configure failed: $(tail -n 1 "$work/log")"
  fi
done <<'EOF'
aarch64-linux-gnu||black
aarch64-linux-gnu|--with-seed=5|fancy
arm-linux-gnueabihf||magic32
EOF

# A --host whose compiler is not installed: refused, not built natively
# under the host's name.
configure_for() { "$srcdir/configure" "$@" >"$work/log" 2>&1; }
if ! command -v mips64-linux-gnuabi64-gcc >/dev/null 2>&1; then
  refused "--host=mips64-linux-gnuabi64 without its compiler" \
    "--host=mips64-linux-gnuabi64, but the C compiler 'gcc' builds for another architecture; install mips64-linux-gnuabi64-gcc" \
    configure_for --host=mips64-linux-gnuabi64
fi

# --host=wasm32-wasi: gcc, which builds for this machine, refused (it
# once built an x86-64 library under wasm32's name); with no compiler
# given, clang --target=wasm32-wasi where it links a program, auto the
# row of policy.h for wasm32 whatever the pointer size says, and a
# download budget (--with-flash) the first of wasm32's order that fits.
mkdir -p "$work/wasm" && cd "$work/wasm" || exit 99
refused "--host=wasm32-wasi CC=gcc" \
  "--host=wasm32-wasi, but the C compiler 'gcc' builds for another architecture; install clang, lld, wasi-libc and compiler-rt for wasm32" \
  configure_for --host=wasm32-wasi CC=gcc
cd "$work/build" || exit 99
printf 'int main(void) { return 0; }\n' > "$work/wasm.c"
if ! clang --target=wasm32-wasi -o "$work/wasm.out" "$work/wasm.c" >/dev/null 2>&1; then
  echo "# clang --target=wasm32-wasi links no program here: wasm32's auto is not checked"
else
  for args in "|black|a wasm32 target" "--with-flash=300|byte|the module's download" \
    "CFLAGS=-msimd128|hqsimd|a wasm32 target with SIMD128"; do
    # (a cache of its own for other CFLAGS, which configure compares)
    wasm_cache=$work/wasm.cache
    case $args in CFLAGS=*) wasm_cache=$work/wasm-flags.cache ;; esac
    # shellcheck disable=SC2086
    if mkdir -p "$work/wasm" && (cd "$work/wasm" &&
      configure_for --no-create --host=wasm32-wasi --cache-file="$wasm_cache" ${args%%|*}) &&
      grep -q "^  C compiler: *clang --target=wasm32-wasi" "$work/log" &&
      grep -q "^  flavour: *$(echo "$args" | cut -d'|' -f2) (.*${args##*|}" "$work/log"; then
      ok "--host=wasm32-wasi ${args%%|*}: clang, $(echo "$args" | cut -d'|' -f2)"
    else
      not_ok "--host=wasm32-wasi ${args%%|*}: $(grep -m 1 '^  flavour:\|error' "$work/log")"
    fi
  done
fi

# On a bare-metal target auto takes the fastest flavour (the order of
# src/policy.h) whose tables and code fit the flash: 256 KiB unless
# --with-flash says otherwise; the summary gives the table bytes.
# bare_metal ARGS...: configure for a Cortex-M4, output in $work/log.
bare_metal() {
  "$srcdir/configure" --no-create --cache-file="$work/arm.cache" --host=arm-none-eabi \
    CFLAGS="-mcpu=cortex-m4 -mthumb -Os" "$@" \
    >"$work/log" 2>&1
}
if command -v arm-none-eabi-gcc >/dev/null 2>&1 && command -v arm-none-eabi-size >/dev/null 2>&1; then
  while IFS='|' read -r args want; do
    # shellcheck disable=SC2086
    if bare_metal $args; then
      flavour=$(sed -n 's/^  flavour: *\([a-z0-9]*\) .*/\1/p' "$work/log")
      bytes=$(sed -n 's/^  table bytes: *\([0-9]*\) .*/\1/p' "$work/log")
      kib=$(echo " $args" | sed -n 's/.* --with-flash=\([0-9]*\).*/\1/p')
      if [ "$flavour" = "$want" ] && [ -n "$bytes" ] && [ "$bytes" -le $(( ${kib:-256} * 1024 )) ]; then
        ok "Cortex-M4 auto${args:+ $args}: $flavour, $bytes table bytes"
      else
        not_ok "Cortex-M4 auto${args:+ $args}: '$flavour' with '$bytes' table bytes, want $want"
      fi
    else
      not_ok "Cortex-M4 auto${args:+ $args}: configure failed: $(tail -n 1 "$work/log")"
    fi
  done <<'EOF'
|byte
--with-flash=1024|magic32
--with-flash=64 --enable-small|hqrev
EOF
  refused "Cortex-M4 --with-flash=64" "no flavour fits 64 KiB of flash: .*hq [0-9]* KiB" \
    bare_metal --with-flash=64
  refused "Cortex-M4 --with-tables=magic32 --with-flash=256" \
    "--with-tables=magic32 needs [0-9]* bytes of tables and about 4 KiB of code, more than --with-flash=256 KiB" \
    bare_metal --with-tables=magic32 --with-flash=256
  # A magics file the generator refuses: its own line (file, line,
  # problem), not that the measurement failed.
  printf '# flavour: fancy\nrook a1 0x1 12\n' > "$work/short.txt"
  if bare_metal --with-flash=300 --with-magics="$work/short.txt"; then
    not_ok "Cortex-M4 --with-flash=300 with a short magics file is refused"
  elif grep -q "configure: error: --with-flash measures the tables with the magics given, and the generator refused them: $work/short.txt:2: no entry for rook b1" "$work/log"; then
    ok "Cortex-M4 --with-flash=300 with a short magics file: the generator's line"
  else
    not_ok "Cortex-M4 --with-flash=300 with a short magics file: $(tail -n 1 "$work/log")"
  fi
else
  echo "# arm-none-eabi-gcc not found: auto under a flash budget is not checked"
fi

# --with-dispatch: a list of two flavours or more, each known once, the
# last portable, each one's instructions within the compiler's reach; and
# only with --with-tables=dispatch.  (A list of each kind of fault here,
# each a run of configure; check_decide holds every one.)
expect_refused --with-dispatch=pext,fancy "--with-dispatch needs --with-tables=dispatch"
if [ "$(uname -m)" = x86_64 ] && [ "$(uname -s)" = Linux ]; then
  while IFS='|' read -r list message; do
    refused "--with-tables=dispatch --with-dispatch=$list" "$message" \
      configure_with --with-tables=dispatch --with-dispatch="$list"
  done <<'EOF'
pext,nosuch,fancy|--with-dispatch: unknown flavour 'nosuch'
fancy,pext|--with-dispatch=fancy,pext: end the list with a flavour that runs on every CPU
hqrev,fancy|--with-dispatch=hqrev,fancy: the compiler cannot emit a bit-reverse instruction (rbit, rev8 and brev8, bitrev.d) for hqrev
EOF
  # A seed names no flavour: refused.  A magics file applies to the
  # flavour it names, which must be among the library's.
  refused "--with-tables=dispatch --with-seed=5" \
    "--with-seed applies to one flavour's magic search, not to --with-tables=dispatch" \
    configure_with --with-tables=dispatch --with-seed=5
  refused "--with-tables=dispatch --with-magics=FANCY.txt" \
    "--with-magics: .* is for fancy, which is not among the dispatch library's flavours (pext black)" \
    configure_with --with-tables=dispatch --with-magics="$magics"
  if configure_with --with-tables=dispatch --with-dispatch=fancy,black --with-magics="$magics" &&
     "$make" src/tables-fancy.c src/tables.c >>"$work/log" 2>&1 &&
     grep -q "magics:   file $magics\$" src/tables-fancy.c &&
     grep -q "magics:   file .*/gen/magics/black.txt\$" src/tables.c; then
    ok "--with-dispatch=fancy,black --with-magics=FANCY.txt: fancy's tables from the file, black's shipped"
  else
    not_ok "--with-dispatch=fancy,black --with-magics: $(tail -n 3 "$work/log")"
  fi
fi

# A cross build for x86-64 under a distribution's triplets (Yocto's
# --build/--host, the host compiler without -march): a dispatch library
# is built (the compiler emits BMI2 with -mbmi2), auto follows the
# target's -march; natively, CFLAGS='-O2 -mno-bmi2' on any CPU gives no
# pext, as make would compile without BMI2.  (No cache: CC and CFLAGS
# change.)
if [ "$(uname -m)" = x86_64 ] && [ "$(uname -s)" = Linux ]; then
  for args in "--with-tables=dispatch|dispatch" "--with-tables=auto|black"; do
    if configure_for --no-create --build=x86_64-pc-linux-gnu --host=x86_64-poky-linux CC=gcc "${args%|*}" &&
       grep -q "^  flavour:        ${args#*|} " "$work/log"; then
      ok "--host=x86_64-poky-linux ${args%|*}: ${args#*|}"
    else
      not_ok "--host=x86_64-poky-linux ${args%|*}: $(grep -m 1 '^  flavour:\|error' "$work/log")"
    fi
  done
  if configure_for --no-create CFLAGS='-O2 -mno-bmi2' && grep -q '^  flavour:        ' "$work/log" &&
     ! grep -q '^  flavour:        pext ' "$work/log"; then
    ok "CFLAGS='-O2 -mno-bmi2': $(sed -n 's/^  flavour: *\([a-z0-9]*\).*/\1/p' "$work/log"), not pext"
  else
    not_ok "CFLAGS='-O2 -mno-bmi2': $(grep -m 1 '^  flavour:\|error' "$work/log")"
  fi
fi
# --with-table-section in a shared library: the records that hold
# addresses are relocated at load, so they stay in .data.rel.ro (RELRO),
# and no section of the table section is writable.
if [ "$(uname -s)" = Linux ] && command -v readelf >/dev/null 2>&1; then
  if configure_for --with-tables=fancy --with-table-section=.mbbt &&
     "$make" libmagicbb.la >>"$work/log" 2>&1 && [ -f .libs/libmagicbb.so ]; then
    writable=$(readelf -SW .libs/libmagicbb.so | awk '$2 ~ /^\.mbbt/ && $0 ~ / W/ { print $2 }' | tr '\n' ' ')
    if [ -z "$writable" ] && readelf -SW .libs/libmagicbb.so | grep -q ' \.mbbt\.' &&
       readelf -lW .libs/libmagicbb.so | grep -q GNU_RELRO; then
      ok "--with-table-section, shared: no writable table section, the records under RELRO"
    else
      not_ok "--with-table-section, shared: writable sections $writable"
    fi
  else
    not_ok "--with-table-section, shared: $(tail -n 1 "$work/log")"
  fi
fi

# An installation directory with a space: refused in configure, not in
# make install.
refused "--prefix with a space" "--prefix: '$work/my dir' holds a space" \
  configure_for --prefix="$work/my dir"

# A 64-bit RISC-V bare-metal build gets -mcmodel=medany (a firmware may
# place the tables at 0x80000000), unless CFLAGS choose a code model.
if command -v riscv64-unknown-elf-gcc >/dev/null 2>&1; then
  for flags in "" "-Os -mcmodel=medlow"; do
    if "$srcdir/configure" --no-create --host=riscv64-unknown-elf CFLAGS="${flags:--g -O2}" >"$work/log" 2>&1; then
      want=medany
      [ -z "$flags" ] || want=medlow
      if grep '^  C compiler:' "$work/log" | grep -q -- "-mcmodel=$want" &&
         [ "$(grep '^  C compiler:' "$work/log" | grep -o -- '-mcmodel=' | wc -l)" = 1 ]; then
        ok "riscv64-unknown-elf, CFLAGS '${flags:--g -O2}': -mcmodel=$want"
      else
        not_ok "riscv64-unknown-elf, CFLAGS '${flags:--g -O2}': $(grep '^  C compiler:' "$work/log")"
      fi
    else
      not_ok "riscv64-unknown-elf: configure failed: $(tail -n 1 "$work/log")"
    fi
  done
else
  echo "# riscv64-unknown-elf-gcc not found: the RISC-V code model is not checked"
fi

tap_done
