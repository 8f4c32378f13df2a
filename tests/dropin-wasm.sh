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

# doc/engines.md's emscripten commands as written (Debian 12's emcc 3.1.6
# finds acorn only with NODE_PATH=/usr/share/nodejs; its output runs under
# node --no-experimental-fetch), with and without SIMD128, and with
# MAGICBB_SMALL (the board's pair calls computed, no table of them).
for flags in "-msimd128" "" "-msimd128 -DMAGICBB_SMALL"; do
  case $flags in *-msimd128*) want=$(auto_for isa_simd128=yes) ;; *) want=$(auto_for '') ;; esac
  if ! command -v "$emcc" >/dev/null 2>&1; then
    skip "the engines.md emscripten commands, ${flags:-no SIMD128}: no emcc (Debian: emscripten)"
    continue
  fi
  # shellcheck disable=SC2086
  if ! (cd "$work" && NODE_PATH=/usr/share/nodejs "$emcc" -O2 $flags -I "$single" -I "$srcdir/support" \
          -o engine.js impl.c "$srcdir/tests/selftest.c" "$srcdir/support/reference.c") \
       >"$work/emjs.log" 2>&1; then
    not_ok "the engines.md emscripten commands, ${flags:-no SIMD128}: $(grep -m 1 -i 'error' "$work/emjs.log")"
  elif [ -z "$NODE" ]; then
    skip "the engines.md emscripten commands, ${flags:-no SIMD128}: built; no node to run it"
  elif line=$(cd "$work" && "$NODE" --no-experimental-fetch engine.js "$want" 2>&1) &&
       echo "$line" | grep -q "($want): [0-9]* passed, 0 failed"; then
    ok "the engines.md emscripten commands, ${flags:-no SIMD128}: $(wc -c <"$work/engine.wasm") bytes of module; $line"
  else
    not_ok "the engines.md emscripten commands, ${flags:-no SIMD128}, auto's $want: $(echo "$line" | tail -n 1)"
  fi
done
tap_done
