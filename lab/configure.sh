#!/bin/sh
# SPDX-License-Identifier: MIT
# configure.sh - configure's checks of --with-seed, --with-magics,
# --enable-small and flavours the target cannot run, and the build's use
# of the magics file, as TAP: the same seed rules as the generator, a path
# with spaces carried through to make, and tables that follow edits of
# the magics file.  Runs configure in a scratch build
# directory (a config cache keeps it to a few seconds a run), from a copy
# of the distributed sources (the source tree may be configured in place,
# which rules out a second build beside it).
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
gen=${MBB_GEN:?MBB_GEN must name the generator}
make=${MAKE:-make}
unset MAKEFLAGS MFLAGS MAKELEVEL
. "$(dirname "$0")/../tests/tap.sh"

tap_workdir configure
srcdir="$work/src"
"$make" -s -C "$builddir" distdir distdir="$srcdir" >/dev/null || exit 99
mkdir "$work/build" && cd "$work/build" || exit 99
cache="$work/config.cache"

# configure_with ARGS...: run configure here; its output in $work/log.
configure_with() {
  "$srcdir/configure" --cache-file="$cache" --with-tables=fancy "$@" >"$work/log" 2>&1
}

# refused SHOWN ERROR-PATTERN COMMAND...: COMMAND (a configure run that
# leaves its output in $work/log) fails with that error.
refused() {
  shown=$1 pattern=$2
  shift 2
  if "$@"; then
    not_ok "$shown is refused"
  elif grep -q "^configure: error: $pattern" "$work/log"; then
    ok "$shown is refused"
  else
    not_ok "$shown: $(tail -n 1 "$work/log")"
  fi
}

# expect_refused OPTION ERROR-PATTERN: configure with OPTION fails with that error.
expect_refused() {
  refused "$(printf '%s' "$1" | tr '\n' '?')" "$2" configure_with "$1" # TAP takes one line
}

# Refused seeds: one line naming the seed, before any build.  (A few
# forms, each a run of configure: the generator's own tests,
# check_gen_input and check_decide, hold the rest of the rule.)
for seed in 09 0x10000000000000000 1e3; do
  expect_refused --with-seed="$seed" "--with-seed: '$seed' is neither a decimal number without leading zeros"
done
for seed in 18446744073709551615 0xFFFFFFFFFFFFFFFF; do
  if configure_with --with-seed="$seed"; then ok "--with-seed=$seed is taken"
  else not_ok "--with-seed=$seed: $(tail -n 1 "$work/log")"; fi
done

# A magics file in a directory with spaces: configured, built, and
# remade when it changes.
mkdir "$work/dir with space"
magics="$work/dir with space/m.txt"
"$gen" --seed=1 --dump-magics="$magics" || exit 99
if configure_with --with-magics="$magics" && "$make" src/tables.c >>"$work/log" 2>&1 &&
   grep -q "magics:   file $magics\$" src/tables.c; then
  ok "--with-magics with spaces in the path"
else
  not_ok "--with-magics with spaces in the path: $(tail -n 3 "$work/log")"
fi
hash_before=$(sed -n 's/^ \*   hash: *//p' src/tables.c)
sleep 1 # a newer time stamp, even on file systems that keep whole seconds
"$gen" --seed=2 --dump-magics="$magics" || exit 99
"$make" src/tables.c >>"$work/log" 2>&1
hash_after=$(sed -n 's/^ \*   hash: *//p' src/tables.c)
if [ -n "$hash_before" ] && [ -n "$hash_after" ] && [ "$hash_before" != "$hash_after" ]; then
  ok "editing the magics file remakes the tables"
else
  not_ok "editing the magics file remakes the tables: '$hash_before' then '$hash_after'"
fi

# auto with --with-seed takes fancy, whose magics a seed searches, also
# where the CPU has a fast PEXT; with --with-magics, the flavour the file
# names.
"$gen" --flavour=black --magics="$MBB_MAGICS_DIR/black.txt" --dump-magics="$work/black.txt" \
  || exit 99
cp "$magics" "$work/fancy.txt"
# summary_flavour: the flavour configure's summary names
summary_flavour() { sed -n 's/^  flavour: *\([a-z0-9]*\) .*/\1/p' "$work/log"; }
while IFS='|' read -r args want; do
  # shellcheck disable=SC2086
  if configure_with $args && [ "$(summary_flavour)" = "$want" ]; then ok "$args: $want"
  else not_ok "$args: '$(summary_flavour)', want $want: $(tail -n 1 "$work/log")"; fi
done <<EOF
--with-tables=auto --with-seed=5|fancy
--with-tables=auto --with-magics=$work/fancy.txt|fancy
--with-tables=auto --with-magics=$work/black.txt|black
EOF
# fastest is the laboratory's now: refused, naming the command
expect_refused --with-tables=fastest "--with-tables=fastest is gone: configure with --enable-lab, run make fastest,"

printf '# magicbb magics v1\nrook a1 0x1 12\n' > "$work/anonymous.txt"
expect_refused --with-magics="$work/anonymous.txt" "--with-magics: .* has no '# flavour: NAME' line"
# --enable-lab is yes or no, as the other --enable options are.
expect_refused --enable-lab=maybe "--enable-lab takes yes or no, not 'maybe'"

# The benchmark carries CFLAGS as a C string written by make: quotes in
# CFLAGS build it (a configure of its own, where the lab's rules are:
# the cache holds CFLAGS).
mkdir "$work/quoted" && cd "$work/quoted" || exit 99
if "$srcdir/configure" --with-tables=fancy --enable-lab CFLAGS='-g -O2 -DMY_NAME="x\y"' >"$work/log" 2>&1 &&
   "$make" lab/flags.h lab/magicbb_bench-bench.o >>"$work/log" 2>&1 &&
   grep -qF 'MY_NAME=\"x\\y\"' lab/flags.h; then
  ok "CFLAGS with quotes and a backslash: the benchmark's flags compile"
else
  not_ok "CFLAGS with quotes: $(tail -n 3 "$work/log")"
fi
# That object, made by name in a fresh build directory, was compiled
# with this build's generated header, never one a build in the source
# tree left there (its dependency file names the headers it read).
deps=lab/.deps/magicbb_bench-bench.Po
if [ -f "$deps" ] && grep -q "^ *$work/quoted/include/magicbb_config.h\|^ *include/magicbb_config.h" "$deps" \
   && ! grep -q "$srcdir/include/magicbb_config.h" "$deps"; then
  ok "an object made by name reads its own build's magicbb_config.h"
else
  not_ok "an object made by name: $(grep -m 1 'magicbb_config.h' "$deps" 2>/dev/null || echo "no $deps")"
fi
cd "$work/build" || exit 99

# make distclean removes the vendored drop-in that make dropin wrote,
# whichever flavours it was given.
if "$make" dropin DROPIN_FLAVOURS=hq >>"$work/log" 2>&1 &&
   [ -f single/magicbb-tables/hq.h ] && "$make" distclean >>"$work/log" 2>&1 && [ ! -e single ]; then
  ok "make distclean after make dropin DROPIN_FLAVOURS=hq leaves no single/"
else
  not_ok "make distclean after make dropin DROPIN_FLAVOURS=hq: $(ls single 2>&1)"
fi

# Characters make cannot carry: refused by configure, not by make.
odd="$work/it's.txt"
cp "$magics" "$odd"
expect_refused --with-magics="$odd" "--with-magics: .* has a character that make or the shell cannot carry"

# A newline, or any character make or the shell cannot carry, in any
# value: one line naming the option, before anything is written (a
# value the registry or the seed rule refuses is quoted, its control
# bytes shown as '?').
nl='
'
expect_refused "--with-seed=5${nl}all:" "--with-seed: '5?all:' is neither a decimal number"
expect_refused "--with-table-section=.text${nl}x" "--with-table-section: '.text?x' has a character"
expect_refused "--with-tables=fancy pext" "--with-tables: unknown flavour 'fancy pext'"
expect_refused "--with-tables=fancy${nl}all:" "--with-tables: unknown flavour 'fancy?all:'"
expect_refused "--enable-debug=y${nl}es" "--enable-debug takes yes or no, not 'y?es'"
expect_refused "--enable-small=no;x" "--enable-small takes yes or no, not 'no;x'"
expect_refused "--with-magics=$work/m${nl}.txt" "--with-magics: '.*m?.txt' has a character"

# A magics path that starts with '-' is a file name, not an option.
cp "$magics" "./-m.txt"
if configure_with --with-magics=-m.txt >/dev/null && grep -q "^  magics: *loaded from .*/-m.txt\$" "$work/log"; then
  ok "--with-magics=-m.txt (a name starting with '-')"
else
  not_ok "--with-magics=-m.txt: $(tail -n 3 "$work/log")"
fi

# --enable-small: yes or no; yes leaves the between and line tables out.
expect_refused --enable-small=maybe "--enable-small takes yes or no, not 'maybe'"
expect_refused --enable-small=YES "--enable-small takes yes or no, not 'YES'"
expect_refused --enable-debug=Yes "--enable-debug takes yes or no, not 'Yes'"
# A flavour name in capitals is an unknown name, and the line says so.
expect_refused --with-tables=Fancy "--with-tables: unknown flavour 'Fancy': flavour names are lower case"
if configure_with --enable-small && "$make" src/board.c >>"$work/log" 2>&1 &&
   grep -q mbb_tab_knight src/board.c && ! grep -q 'mbb_tab_between\|mbb_tab_line' src/board.c &&
   grep -q '^  small: *yes (between, line and ray_pass: computed)$' "$work/log"; then
  ok "--enable-small: no between and line tables"
else
  not_ok "--enable-small: between and line tables left in, or no tables: $(tail -n 3 "$work/log")"
fi

# A flavour whose instructions the target lacks is refused, naming them.
case $(uname -m) in
  x86_64 | i?86)
    expect_refused --with-tables=hqrev "--with-tables=hqrev needs a bit-reverse instruction (rbit, rev8 and brev8, bitrev.d), but" ;;
esac

# --with-flash: a whole number of KiB; only with auto or a named flavour.
expect_refused --with-flash=abc "--with-flash takes a whole number of KiB from 1 to 1048576, not 'abc'"
expect_refused --with-flash=0 "--with-flash takes a whole number of KiB from 1 to 1048576, not '0'"
expect_refused "--with-flash=12x" "--with-flash takes a whole number of KiB"
if [ "$(uname -m)" = x86_64 ] && [ "$(uname -s)" = Linux ]; then
  refused "--with-tables=dispatch --with-flash=300" \
    "--with-flash applies to auto or a named flavour, not to --with-tables=dispatch" \
    configure_with --with-tables=dispatch --with-flash=300
fi
# A flavour named with --with-flash whose instructions the compiler emits
# only with their flags (pext with the default CFLAGS, on a CPU with
# BMI2) is measured like any other: the decision alone skips a candidate
# the target cannot run (it was refused with "none measured").
if [ "$(uname -m)" = x86_64 ] && grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then
  if configure_with --with-tables=pext --with-flash=4096 &&
     grep -q '^  flavour:        pext ' "$work/log" && grep -q '^  table bytes:    [0-9]' "$work/log"; then
    ok "--with-tables=pext --with-flash=4096 natively: measured, pext"
  else
    not_ok "--with-tables=pext --with-flash=4096 natively: $(tail -n 1 "$work/log")"
  fi
fi

# auto's decision table (README, configure.ac) on hosted cross targets:
# black on AArch64 (fancy with --with-seed, whose magics a seed searches),
# magic32 on 32-bit ARM.
while IFS='|' read -r host args want; do
  if ! command -v "$host-gcc" >/dev/null 2>&1; then
    echo "# $host-gcc not found: auto for $host is not checked"
    continue
  fi
  # shellcheck disable=SC2086
  if "$srcdir/configure" --cache-file="$work/$host.cache" --host="$host" $args >"$work/log" 2>&1; then
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
      configure_for --host=wasm32-wasi --cache-file="$wasm_cache" ${args%%|*}) &&
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
  "$srcdir/configure" --cache-file="$work/arm.cache" --host=arm-none-eabi CFLAGS="-mcpu=cortex-m4 -mthumb -Os" "$@" \
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
# only with --with-tables=dispatch.
expect_refused --with-dispatch=pext,fancy "--with-dispatch needs --with-tables=dispatch"
if [ "$(uname -m)" = x86_64 ] && [ "$(uname -s)" = Linux ]; then
  while IFS='|' read -r list message; do
    refused "--with-tables=dispatch --with-dispatch=$list" "$message" \
      configure_with --with-tables=dispatch --with-dispatch="$list"
  done <<'EOF'
pext,nosuch,fancy|--with-dispatch: unknown flavour 'nosuch'
pext fancy|--with-dispatch: unknown flavour 'pext fancy'
PEXT,fancy|--with-dispatch: unknown flavour 'PEXT': flavour names are lower case
pext,fancy,pext|--with-dispatch=pext,fancy,pext: 'pext' is listed twice
fancy|--with-dispatch=fancy: name two flavours or more
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
    if configure_for --build=x86_64-pc-linux-gnu --host=x86_64-poky-linux CC=gcc "${args%|*}" &&
       grep -q "^  flavour:        ${args#*|} " "$work/log"; then
      ok "--host=x86_64-poky-linux ${args%|*}: ${args#*|}"
    else
      not_ok "--host=x86_64-poky-linux ${args%|*}: $(grep -m 1 '^  flavour:\|error' "$work/log")"
    fi
  done
  if configure_for CFLAGS='-O2 -mno-bmi2' && grep -q '^  flavour:        ' "$work/log" &&
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
    if "$srcdir/configure" --host=riscv64-unknown-elf CFLAGS="${flags:--g -O2}" >"$work/log" 2>&1; then
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
