# SPDX-License-Identifier: MIT
## tools/wasm.mk - WebAssembly: the module and its tests
## (included by the top Makefile.am; paths are from the top of the tree)

# A --host=wasm32-wasi build (configure: WASM) also links the library as
# magicbb.wasm, a freestanding module (no C library: it imports nothing)
# that exports the functions of src/magicbb.sym, __heap_base (scratch
# memory for mbb_both_attacks' result) and its memory; 64-bit values
# cross to JavaScript as BigInt.  examples/wasm/magicbb.mjs loads it.
# $(call wasm_module,OBJECTS) links $@ from OBJECTS (lab/wasm.mk links
# each flavour's the same way).
comma = ,
wasm_module_ldflags = -nostdlib -Wl,--no-entry -Wl,--strip-all -Wl,--export=__heap_base \
	$(patsubst %,-Wl$(comma)--export=%,$(shell cat '$(srcdir)/src/magicbb.sym'))
# (CFLAGS less -O: given -O, clang 14 runs binaryen's wasm-opt where one
# is installed, without the module's features, and SIMD128 stops it; the
# objects are optimized already, and the module's bytes do not depend on
# whether binaryen is installed)
wasm_module = $(CC) $(filter-out -O%,$(CFLAGS)) $(LDFLAGS) $(wasm_module_ldflags) -o $@.tmp $(1) \
	&& mv $@.tmp $@
EXTRA_DIST += tools/wasm.mk tools/wasi-run.mjs tests/wasm.sh tests/dropin-wasm.sh tests/browser.mjs tests/serve.mjs \
	examples/wasm/magicbb.mjs examples/wasm/check.mjs examples/wasm/test.mjs \
	examples/wasm/page.html examples/wasm/serve.mjs
CLEANFILES += magicbb.wasm magicbb.wasm.tmp

AM_TESTS_ENVIRONMENT += NODE='$(NODE)'; export NODE; WASI_RUNTIME='$(WASI_RUNTIME)'; \
	export WASI_RUNTIME;

if WASM
noinst_DATA = magicbb.wasm
magicbb.wasm: libmagicbb.la
	$(AM_V_CCLD)$(call wasm_module,$(libmagicbb_la_OBJECTS:.lo=.$(OBJEXT)))
# make check: the self-test under WASI_RUNTIME, and the module in node
# and in headless Chromium, against a JavaScript ray walk (tests/wasm.sh);
# the drop-in under clang --target=wasm32-wasi and emscripten's emcc,
# run by node's WASI, where they are installed (tests/dropin-wasm.sh).
check_DATA = tests/magicbb-selftest$(EXEEXT) magicbb.wasm
wasm_tests = tests/wasm.sh tests/dropin-wasm.sh
else
wasm_tests =
endif
