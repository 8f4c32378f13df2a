# SPDX-License-Identifier: MIT
## tests/fuzz/local.mk - fuzz targets (libFuzzer; not part of make check)
## (included by the top Makefile.am; paths are from the top of the tree)

# make fuzz builds them where $(CC) links -fsanitize=fuzzer (configure
# with CC=clang, natively); make fuzz-smoke runs each for FUZZ_SECONDS on its seed
# corpus from tests/fuzz/corpus/ (plus, for the magics files, a complete
# file from the generator and the shipped black set; for the threat
# vectors, a file from threatref/magicbb-threatref), with new finds in
# tests/fuzz/work-NAME/.  A crash or a broken contract stops it non-zero.

# They are laboratory rules, in the Makefile of a build configured with
# --enable-lab; the files are distributed in every build.

EXTRA_DIST += tests/fuzz/contract.h tests/fuzz/fuzz_magics.c tests/fuzz/fuzz_black.c \
	tests/fuzz/fuzz_fen.c tests/fuzz/fuzz_threatvec.c tests/fuzz/fuzz_variant.c tests/fuzz/corpus

if MBB_LAB
fuzz_gen_sources = $(gen_core_sources)
fuzz_targets = tests/fuzz/fuzz_magics tests/fuzz/fuzz_black tests/fuzz/fuzz_fen \
	tests/fuzz/fuzz_threatvec tests/fuzz/fuzz_variant
CLEANFILES += $(fuzz_targets)
FUZZ_SECONDS = 20

AM_V_FUZZCC = $(mbb__v_FUZZCC_@AM_V@)
mbb__v_FUZZCC_ = $(mbb__v_FUZZCC_@AM_DEFAULT_V@)
mbb__v_FUZZCC_0 = @echo "  FUZZCC  " $@;
mbb__v_FUZZCC_1 =
fuzz_cc = $(MKDIR_P) tests/fuzz && $(CC) $(MBB_FUZZ_CFLAGS) -pthread -I$(srcdir)/tests/fuzz -I$(srcdir)/gen \
	-I$(srcdir)/include -I$(srcdir)/src -I$(srcdir)/support -o $@

tests/fuzz/fuzz_magics: tests/fuzz/fuzz_magics.c tests/fuzz/contract.h $(fuzz_gen_sources) $(gen_headers)
	$(AM_V_FUZZCC)$(fuzz_cc) $(srcdir)/tests/fuzz/fuzz_magics.c \
	  `for f in $(fuzz_gen_sources); do echo "$(srcdir)/$$f"; done`
tests/fuzz/fuzz_black: tests/fuzz/fuzz_black.c tests/fuzz/contract.h $(fuzz_gen_sources) $(gen_headers)
	$(AM_V_FUZZCC)$(fuzz_cc) $(srcdir)/tests/fuzz/fuzz_black.c \
	  `for f in $(fuzz_gen_sources); do echo "$(srcdir)/$$f"; done`
# magicbb-gen --board's options: their parsers and checks (gen/variant.c)
tests/fuzz/fuzz_variant: tests/fuzz/fuzz_variant.c tests/fuzz/contract.h gen/variant.c $(fuzz_gen_sources) \
		$(gen_headers)
	$(AM_V_FUZZCC)$(fuzz_cc) $(srcdir)/tests/fuzz/fuzz_variant.c $(srcdir)/gen/variant.c \
	  `for f in $(fuzz_gen_sources); do echo "$(srcdir)/$$f"; done`
tests/fuzz/fuzz_fen: tests/fuzz/fuzz_fen.c tests/fuzz/contract.h support/movegen.c support/movegen.h \
		support/lookups.h \
		support/reference.c support/reference.h support/escape.c support/escape.h
	$(AM_V_FUZZCC)$(fuzz_cc) -DMOVEGEN_REFERENCE $(srcdir)/tests/fuzz/fuzz_fen.c \
	  $(srcdir)/support/movegen.c $(srcdir)/support/reference.c $(srcdir)/support/escape.c
# magicbb-threatref's check of a vectors file (threatref/threatvec.c), on
# the reference alone: no library either.
tests/fuzz/fuzz_threatvec: tests/fuzz/fuzz_threatvec.c tests/fuzz/contract.h threatref/threatvec.c \
		threatref/threatvec.h threatref/threatref.c threatref/threatref.h support/escape.c \
		support/escape.h support/output.c support/output.h
	$(AM_V_FUZZCC)$(fuzz_cc) -I$(srcdir)/threatref $(srcdir)/tests/fuzz/fuzz_threatvec.c \
	  $(srcdir)/threatref/threatvec.c $(srcdir)/threatref/threatref.c $(srcdir)/support/escape.c \
	  $(srcdir)/support/output.c

MBB_FUZZ_CFLAGS = -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all
# The fuzz targets need a native $(CC) that links -fsanitize=fuzzer.
tests/fuzz/fuzzer-ok:
	@if test "$(MBB_CROSS_COMPILING)" = yes; then \
	  echo "make fuzz: cross-compiling: the fuzz targets run on the build machine only"; exit 1; fi
	@$(MKDIR_P) tests/fuzz && printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
	  'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
	  'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return n > 0 && d[0] == 0; }' \
	  > tests/fuzz/probe.c
	@$(CC) $(MBB_FUZZ_CFLAGS) -o tests/fuzz/probe tests/fuzz/probe.c > /dev/null 2>&1 || { \
	  echo "make fuzz: $(CC) does not link -fsanitize=fuzzer (use clang with its runtime: CC=clang," \
	    "Debian package libclang-rt-dev)"; exit 1; }
	@touch $@
$(fuzz_targets): | tests/fuzz/fuzzer-ok
CLEANFILES += tests/fuzz/fuzzer-ok tests/fuzz/probe tests/fuzz/probe.c
fuzz: $(fuzz_targets)

fuzz-smoke: $(fuzz_targets) $(MBB_GEN) threatref/magicbb-threatref$(EXEEXT)
	@for t in magics black fen threatvec variant; do rm -rf tests/fuzz/work-$$t; $(MKDIR_P) tests/fuzz/work-$$t; done
	./$(MBB_GEN) --seed=7 --dump-magics=tests/fuzz/work-magics/fancy-seed-7.txt
	cp $(srcdir)/gen/magics/*.txt tests/fuzz/work-magics/
	./threatref/magicbb-threatref$(EXEEXT) vectors --count 40 --depth 1 -o tests/fuzz/work-threatvec/generated.vec
	@set -e; for t in magics black fen threatvec variant; do \
	  extra=; test $$t != black || extra=$(srcdir)/gen/magics; \
	  echo "fuzz-smoke: $$t, $(FUZZ_SECONDS) s"; \
	  ./tests/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=30 -print_final_stats=1 \
	    tests/fuzz/work-$$t $(srcdir)/tests/fuzz/corpus/$$t $$extra 2>tests/fuzz/fuzz_$$t.log \
	    || { tail -n 40 tests/fuzz/fuzz_$$t.log; exit 1; }; \
	  grep -E '^stat::number_of_executed_units|^Done' tests/fuzz/fuzz_$$t.log; \
	done

endif

# (in every build: one configured with --enable-lab before may have left them)
clean-local:
	rm -rf tests/fuzz/work-magics tests/fuzz/work-black tests/fuzz/work-fen \
	  tests/fuzz/work-threatvec tests/fuzz/work-variant tests/fuzz/*.log

