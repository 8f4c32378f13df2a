#!/bin/sh
# SPDX-License-Identifier: MIT
# wasm-lookups.sh - the flavours whose instructions only WebAssembly has
# (hqsimd: SIMD128), which no native build runs, as TAP: for each
# instruction set of src/isa.def beyond plain C that the wasm32 compiler
# emits, each flavour of that set built for wasm32-wasi with the set's
# flags (lab/wasm_lookups.c, the flavour's tables from magicbb-gen) and
# run under node's WASI (tools/wasi-run.mjs): its rook, bishop and queen
# lookups against the reference ray walk on every relevant occupancy and
# random boards, and the self-test (tests/selftest.c: every function of
# the API) against the vendored drop-in on that flavour.  Skipped, saying why, where clang cannot build for
# wasm32-wasi (Debian: clang, lld, wasi-libc) or node cannot run WASI
# modules (node 18 can).  WASM_CC (clang), WASI_SYSROOT (/usr)
# and NODE (node) name the tools.
# ($cc, $libs and the flags are lists of words)
# shellcheck disable=SC2086
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
gen=${MBB_GEN:?MBB_GEN must name the generator}
magics=${MBB_MAGICS_DIR:-$srcdir/gen/magics}
node=${NODE:-node}
. "$(dirname "$0")/../tests/tap.sh"
tap_workdir wasm-lookups
cc="${WASM_CC:-clang} --target=wasm32-wasi --sysroot=${WASI_SYSROOT:-/usr} -O2 -Wall -Wextra -Werror"

# check FLAVOUR MACRO FLAGS: two lines, the flavour's lookups and the
# self-test under node
check() {
  if ! "$gen" -q --flavour="$1" --sliders-only --magics-dir="$magics" \
       --output="$work/tables-$1.c" 2>"$work/err"; then
    not_ok "$1: magicbb-gen: $(head -n 1 "$work/err")"
  elif ! $cc $3 -I"$srcdir/include" -I"$srcdir/support" -include "magicbb/$1.h" -DFLAVOUR="$1" \
       -DREQUIRED="MBB_HAVE_$2" -o "$work/$1.wasm" "$srcdir/lab/wasm_lookups.c" \
       "$srcdir/support/reference.c" "$work/tables-$1.c" $libs >"$work/err" 2>&1; then
    not_ok "$1: does not build for wasm32-wasi $3: $(grep -m 1 error "$work/err")"
  else
    run "$1, wasm32 $3, under node" "$work/$1.wasm"
  fi
  # The whole API on it: the self-test against the vendored drop-in, the
  # flavour picked by MAGICBB_FLAVOUR_<NAME>.
  printf '#define MAGICBB_IMPLEMENTATION\n#include "magicbb.h"\n' > "$work/implementation.c"
  if ! sh "$srcdir/tools/dropin.sh" "$srcdir" "$gen" test "$work/single-$1" "$1" 2>"$work/err"; then
    not_ok "$1: tools/dropin.sh: $(head -n 1 "$work/err")"
  elif ! $cc $3 -I"$work/single-$1" -I"$srcdir/support" \
       -DMAGICBB_FLAVOUR_"$(echo "$1" | tr '[:lower:]' '[:upper:]')" -o "$work/selftest-$1.wasm" \
       "$work/implementation.c" "$srcdir/tests/selftest.c" "$srcdir/support/reference.c" $libs \
       >"$work/err" 2>&1; then
    not_ok "$1: the self-test does not build on the drop-in: $(grep -m 1 error "$work/err")"
  else
    run "$1, the drop-in's self-test under node" "$work/selftest-$1.wasm" "$1"
  fi
}

# run TEXT MODULE [ARG...]: one line, the module under node
run() {
  run_text=$1
  shift
  if "$node" --no-warnings "$srcdir/tools/wasi-run.mjs" "$@" >"$work/out" 2>"$work/err"; then
    ok "$run_text: $(tail -n 1 "$work/out")"
  else
    sed '$d; s/^/# /' "$work/out"
    not_ok "$run_text: $(tail -n 1 "$work/out" | grep . || head -n 1 "$work/err")"
  fi
}

printf 'int main(void) { return 0; }\n' > "$work/empty.c"
# Without compiler-rt's builtins for wasm32 (libclang-rt-14-dev-wasm32),
# link libc alone: the lookups need none of them.
libs=
$cc -o "$work/empty.wasm" "$work/empty.c" >"$work/err" 2>&1 || libs="-nodefaultlibs -lc"
if ! $cc -o "$work/empty.wasm" "$work/empty.c" $libs >"$work/err" 2>&1; then
  skip "no C compiler for wasm32-wasi: $(head -n 1 "$work/err")"
elif ! "$node" --no-warnings "$srcdir/tools/wasi-run.mjs" "$work/empty.wasm" >"$work/err" 2>&1; then
  skip "$node cannot run a WASI module: $(head -n 1 "$work/err")"
else
  tested=0
  for isa in $("$gen" --registry isas); do
    [ "$isa" = any ] && continue
    macro=$("$gen" --registry isa "$isa" | sed -n 1p)
    flags=$("$gen" --registry isa "$isa" | sed -n 2p)
    printf '#include "magicbb/bits.h"\n#if !MBB_HAVE_%s\n#error\n#endif\n' "$macro" > "$work/isa.c"
    $cc $flags -I"$srcdir/include" -c -o "$work/isa.o" "$work/isa.c" 2>/dev/null || continue
    for flavour in $("$gen" --registry flavours); do
      [ "$("$gen" --registry flavour "$flavour" | cut -d ' ' -f 1)" = "$isa" ] || continue
      tested=$((tested + 1))
      check "$flavour" "$macro" "$flags"
    done
  done
  [ "$tested" -gt 0 ] || not_ok "no flavour of an instruction set that wasm32 has"
fi
tap_done
