# SPDX-License-Identifier: MIT
## lab/wasm.mk - the laboratory's WebAssembly measurement (make bench-wasm)
## (included by the top Makefile.am; paths are from the top of the tree)

# lab/magicbb-ratios (lab/ratios.c): every flavour this build runs, each
# time over the fastest's in the same round, paired, on throughput,
# latency and the engine search; natively too.  Its flavours are those of
# the all-flavour layer (lab/flavours.h), the lookups of each instruction
# set with flags built on their own with them (MBB_CFLAGS_NAME: a new
# flavour on the registry is timed where its flags build), all with
# BENCH_CFLAGS after CFLAGS as make bench's.
EXTRA_DIST += lab/ratios.c lab/ratios.sh lab/wasm.mk lab/wasi-browser.mjs lab/wasi-page.html lab/wasi-worker.mjs \
	lab/js-checks.mjs
if MBB_LAB
EXTRA_PROGRAMS += lab/magicbb-ratios
lab_ratios_isa_objects = $(lab_isas_flagged:%=lab/ratios-isa-%.$(OBJEXT))
lab/ratios-isa-%.$(OBJEXT): lab/flavours_isa.c lab/flavours.h src/isa.def $(flavour_headers_all) \
		$(BUILT_SOURCES)
	@$(MKDIR_P) lab
	$(AM_V_CC)$(CC) $(lab_cppflags) $(CPPFLAGS) -DFLAVOURS_FOR_ISA_$*=1 $(WARN_CFLAGS) \
	  $(CFLAGS) $(BENCH_CFLAGS) $(MBB_CFLAGS_$*) -c -o $@ $<
lab_magicbb_ratios_SOURCES = lab/ratios.c $(flavour_sources) lab/timing.c lab/timing.h \
	support/reference.c support/reference.h support/movegen.c support/movegen.h \
	lab/search.c lab/search.h support/lookups.h support/escape.c support/escape.h
nodist_lab_magicbb_ratios_SOURCES = lab/tables-all.c
# (WASI has no <sys/mman.h> but wasi-libc's emulation, which lab/timing.c
# includes for madvise)
lab_magicbb_ratios_CPPFLAGS = $(lab_cppflags) -DMOVEGEN_REFERENCE \
	$(lab_isas_plain:%=-DFLAVOURS_FOR_ISA_%=1) $(if $(filter wasm%,$(host_cpu)),-D_WASI_EMULATED_MMAN)
lab_magicbb_ratios_CFLAGS = $(WARN_CFLAGS)
lab_magicbb_ratios_LDADD = $(lab_ratios_isa_objects) $(bench_movegen_objects)
EXTRA_lab_magicbb_ratios_DEPENDENCIES = $(lab_ratios_isa_objects) $(bench_movegen_objects)
$(lab_magicbb_ratios_OBJECTS): private CFLAGS += $(BENCH_CFLAGS)
$(lab_magicbb_ratios_OBJECTS): $(BUILT_SOURCES)
CLEANFILES += lab/magicbb-ratios$(EXEEXT) $(lab_ratios_isa_objects)
# its test (make check-lab): the rule on given figures, a short run
lab_tests += lab/ratios.sh
lab: lab/magicbb-ratios$(EXEEXT)

if WASM
# Each flavour's freestanding module, linked as magicbb.wasm is
# (tools/wasm.mk): the library's lookup.c built for the flavour (its
# magicbb_config.h from the generator, beside copies of the headers that
# include it, so that the build's own is not found first), its slider
# tables (lab/tables-NAME.c) and the library's board tables.
wasm_board_objects = $(filter src/libmagicbb_la-board%,$(libmagicbb_la_OBJECTS:.lo=.$(OBJEXT)))
lab/module-%.wasm: $(srcdir)/src/lookup.c lab/tables-%.c libmagicbb.la $(flavour_headers_all)
	@$(MKDIR_P) lab/module-$*
	$(AM_V_GEN)./$(MBB_GEN) --config='library:$*' $(MBB_GEN_PARTS) \
	  --output=lab/module-$*/magicbb_config.h && \
	cp $(srcdir)/include/magicbb.h $(srcdir)/include/magicbb_inline.h lab/module-$*/ && \
	for f in $(srcdir)/src/lookup.c lab/tables-$*.c; do \
	  $(CC) -Ilab/module-$* $(include_cppflags) -DMBB_BUILDING \
	    -DMBB_PACKAGE_VERSION='"$(PACKAGE_VERSION)"' $(section_cppflags) $(WARN_CFLAGS) \
	    $(LIBRARY_CFLAGS) $(CFLAGS) $(MBB_CFLAGS_$*) -c -o lab/module-$*/`basename $$f .c`.o $$f \
	    || exit 1; \
	done && $(call wasm_module,lab/module-$*/lookup.o lab/module-$*/tables-$*.o $(wasm_board_objects))
CLEANFILES += $(all_flavours:%=lab/module-%.wasm)

# make bench-wasm: the modules' bytes and gzip -9's of the flavours
# lab/magicbb-ratios times (--list: those that build for wasm32), then
# lab/magicbb-ratios with the gzip -9 bytes (its rule's) under
# WASI_RUNTIME (V8, in node), and in
# each browser installed (BENCH_BROWSERS, default firefox-esr and
# chromium: SpiderMonkey and V8 again) through lab/wasi-browser.mjs; each
# engine's table in lab/bench-wasm-ENGINE.txt.  BENCH_ROUNDS rounds.
# $(call bench_wasm_tee,FILE,COMMAND): COMMAND's output shown as it comes
# and kept in FILE; a COMMAND that fails leaves no FILE and fails the rule
# (a pipe into tee alone has tee's status).
bench_wasm_tee = rm -f $(1); { $(2); echo $$? > $(1).status; } | tee $(1).tmp; \
	status=`cat $(1).status`; rm -f $(1).status; \
	if test "$$status" = 0; then mv $(1).tmp $(1); else rm -f $(1).tmp; \
	  echo "make bench-wasm: the run failed (status $$status); $(1) not written"; exit 1; fi
BENCH_BROWSERS = firefox-esr chromium
BENCH_ROUNDS = 61
bench-wasm: lab/magicbb-ratios$(EXEEXT)
	@if test -z '$(WASI_RUNTIME)'; then echo "make bench-wasm: no WASI runtime (node 18 or later, or WASI_RUNTIME=)"; exit 1; fi; \
	flavours=`$(WASI_RUNTIME) lab/magicbb-ratios$(EXEEXT) --list` && test -n "$$flavours" || exit 1; \
	$(MAKE) $(AM_MAKEFLAGS) `for f in $$flavours; do echo lab/module-$$f.wasm; done` || exit 1; \
	sizes=; for f in $$flavours; do \
	  gz=`gzip -9c lab/module-$$f.wasm | wc -c | tr -d ' '`; sizes="$$sizes $$f=$$gz"; \
	  echo "lab/module-$$f.wasm: `wc -c < lab/module-$$f.wasm` bytes, gzip -9: $$gz"; \
	done; \
	echo "== $(WASI_RUNTIME)"; \
	$(call bench_wasm_tee,lab/bench-wasm-node.txt,$(WASI_RUNTIME) lab/magicbb-ratios$(EXEEXT) \
	  --rounds $(BENCH_ROUNDS) $$sizes); \
	for b in $(BENCH_BROWSERS); do \
	  if command -v $$b >/dev/null 2>&1 && test -n '$(NODE)'; then \
	    echo "== $$b"; \
	    $(call bench_wasm_tee,lab/bench-wasm-$$b.txt,'$(NODE)' $(srcdir)/lab/wasi-browser.mjs $$b \
	      lab/magicbb-ratios$(EXEEXT) --rounds $(BENCH_ROUNDS) $$sizes); \
	  else echo "== $$b: not installed, not measured"; fi; \
	done
else
bench-wasm:
	@echo "make bench-wasm: configure --host=wasm32-wasi --enable-lab to measure wasm32's flavours"; exit 1
endif
endif

# (in every build: one configured for wasm32 before may have left them)
mostlyclean-local:
	-rm -rf $(all_flavours:%=lab/module-%) lab/bench-wasm-*.txt

