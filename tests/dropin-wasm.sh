#!/bin/sh
# SPDX-License-Identifier: MIT
# dropin-wasm.sh - the vendored drop-in (tools/dropin.sh) built for
# WebAssembly, as TAP: the self-test (tests/selftest.c, every public
# function against the ray walk) on it, compiled by clang
# --target=wasm32-wasi and by emscripten's emcc (-sSTANDALONE_WASM: a
# WASI program), as C99 -pedantic under strict warnings made errors, run
# by node's WASI (tools/wasi-run.mjs), without and with SIMD128
# (-msimd128); it passes and takes the flavour that configure's auto
# takes for such a wasm32 host (magicbb-gen --decide
# host=wasm32-unknown-wasi, isa_simd128=yes with -msimd128): the same
# decision table, on __wasm__ and __wasm_simd128__.  Each compiler, and
# node, skipped where missing (EMCC names emcc), or where node is too
# old to run WASI (tools/wasi-run.mjs's status 77).
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
gen=${MBB_GEN:?MBB_GEN must name the generator}
. "$(dirname "$0")/tap.sh"
tap_workdir dropin-wasm

single="$work/single"
auto_for() { # auto_for ISA-FACTS: the flavour auto takes for wasm32 with them
  # shellcheck disable=SC2086
  "$gen" --decide host=wasm32-unknown-wasi cross=yes pointer=4 isa_any=yes $1 |
    sed -n 's/^MBB_FLAVOUR=//p'
}
if [ -z "$(auto_for '')" ] || ! sh "$srcdir/tools/dropin.sh" "$srcdir" "$gen" test "$single" 2>"$work/err"; then
  not_ok "the drop-in and auto's wasm32 flavour: $(head -n 1 "$work/err")"
  tap_done
  exit 1
fi
printf '#define MAGICBB_IMPLEMENTATION\n#include "magicbb.h"\n' > "$work/impl.c"
printf 'int main(void) { return 0; }\n' > "$work/trivial.c"

# (emcc writes a cache of its C library: a run that cannot is skipped)
emcc=${EMCC:-emcc}
for compiler in "clang --target=wasm32-wasi" "$emcc -sSTANDALONE_WASM" \
  "clang --target=wasm32-wasi -msimd128" "$emcc -sSTANDALONE_WASM -msimd128"; do
  name=${compiler%% *}
  case $compiler in *-msimd128) want=$(auto_for isa_simd128=yes) ;; *) want=$(auto_for '') ;; esac
  # shellcheck disable=SC2086
  if ! command -v "$name" >/dev/null 2>&1 ||
    ! $compiler -o "$work/trivial.wasm" "$work/trivial.c" >"$work/trivial.log" 2>&1; then
    skip "the drop-in under $compiler: it links no program here (Debian: clang, lld, wasi-libc and libclang-rt-14-dev-wasm32; emscripten)"
    continue
  fi
  # shellcheck disable=SC2086
  if ! $compiler -O2 -std=c99 -pedantic -Wall -Wextra -Wundef -Wshadow -Werror -I"$single" \
    -I"$srcdir/support" -o "$work/selftest.wasm" "$work/impl.c" "$srcdir/tests/selftest.c" \
    "$srcdir/support/reference.c" >"$work/build.log" 2>&1; then
    not_ok "the drop-in under $compiler: $(grep -m 1 'error\|warning' "$work/build.log")"
  elif [ -z "$NODE" ]; then
    skip "the drop-in under $compiler builds; no node to run it"
  elif line=$("$NODE" "$srcdir/tools/wasi-run.mjs" "$work/selftest.wasm" "$want" 2>&1); then
    ok "the drop-in under $compiler, -O2, warnings as errors: $line"
  elif [ $? -eq 77 ]; then
    skip "the drop-in under $compiler builds; $line"
  else
    not_ok "the drop-in under $compiler, auto's $want: $line"
  fi
done
tap_done
