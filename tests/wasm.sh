#!/bin/sh
# SPDX-License-Identifier: MIT
# wasm.sh - a --host=wasm32-wasi build's tests, as TAP (its make check):
# the self-test (tests/selftest.c: every public function against the ray
# walk, every square and relevant occupancy) under the WASI runtime
# configure found (WASI_RUNTIME; skipped where there is none, or where
# it exits 77: a node older than 18); and magicbb.wasm, the freestanding
# module, through examples/wasm/magicbb.mjs: in node, it imports nothing
# and its answers are a JavaScript ray walk's, its bad arguments refused
# (examples/wasm/test.mjs), with the example's server (tests/serve.mjs),
# and in headless Chromium the same check on a page
# (examples/wasm/page.html), its verdict read from the DOM
# (tests/browser.mjs).  Each is skipped, saying why, where its runtime is
# missing (CHROMIUM names the browser; default: chromium, chromium-browser
# or google-chrome from the PATH).
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
. "$(dirname "$0")/tap.sh"
module=$builddir/magicbb.wasm
tap_workdir wasm

# shellcheck disable=SC2086
if [ -z "$WASI_RUNTIME" ]; then
  skip "the self-test: no WASI runtime (install node 18 or later, or give configure WASI_RUNTIME=)"
elif line=$($WASI_RUNTIME "$MBB_SELFTEST" ${MBB_SELFTEST_EXPECT:-} 2>&1); then
  ok "the self-test under $WASI_RUNTIME: $line"
elif [ $? -eq 77 ]; then
  skip "the self-test: $line"
else
  not_ok "the self-test under $WASI_RUNTIME: $line"
fi

if [ -z "$NODE" ]; then
  skip "magicbb.wasm in node, and the example's server: no node (install it, Debian: apt-get install nodejs)"
else
  { "$NODE" "$srcdir/examples/wasm/test.mjs" "$module" "$MBB_EXPECT_FLAVOUR" 2>&1 || echo "status $?"
    "$NODE" "$srcdir/tests/serve.mjs" "$srcdir" 2>&1 || echo "status $?"; } >"$work/node.out"
  while IFS= read -r line; do
    case $line in
      "ok - "*) ok "node: ${line#ok - }" ;;
      "not ok - "*) not_ok "node: ${line#not ok - }" ;;
      1..* | "status 1") ;;
      *) not_ok "node: $line" ;;
    esac
  done <"$work/node.out"
fi

browser=$CHROMIUM
for b in chromium chromium-browser google-chrome; do
  [ -n "$browser" ] || ! command -v "$b" >/dev/null 2>&1 || browser=$b
done
if [ -z "$NODE" ]; then
  skip "magicbb.wasm in headless Chromium: no node"
elif [ -z "$browser" ]; then
  skip "magicbb.wasm in headless Chromium: no Chromium (install it, Debian: apt-get install chromium)"
elif verdict=$("$NODE" "$srcdir/tests/browser.mjs" --dom --timeout 240 "$browser" page.html \
    "$srcdir/examples/wasm" "$builddir" 2>&1) && [ "${verdict#PASS}" != "$verdict" ]; then
  ok "headless $browser, page.html: $verdict"
else
  not_ok "headless $browser, page.html: $(echo "$verdict" | tail -n 1)"
fi
tap_done
