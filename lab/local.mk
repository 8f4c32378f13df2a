# SPDX-License-Identifier: MIT
## lab/local.mk - the laboratory: comparing flavours (lab/)
## (included by the top Makefile.am; paths are from the top of the tree)

# Everything that exists to compare flavours, beside the library and out
# of a user's make check: the all-flavour layer (lab/flavours.h: every
# flavour in one program, on its own tables), its exhaustive test, the
# benchmark and its deterministic model, the engine search used for
# timing, the fastest probe (make fastest) and the flash sizes.  make lab
# builds it; make check-lab runs its tests (LAB_TESTS, all of them by
# default); make bench, bench-callgrind and bench-model measure; make
# fastest prints the --with-tables line to use on this machine.  CI runs
# them all.
#
# Its rules are in the Makefile of a build configured with --enable-lab
# only (there make check runs the lab's tests too); elsewhere each of its
# targets says so and fails.  Its files are distributed in every build.

EXTRA_DIST += lab/enginework.c lab/flash-sizes.sh \
	lab/firmware-rook.c lab/firmware-sliders.c lab/plot.gp lab/callgrind.sh lab/model.sh \
	lab/configure.sh lab/configure-targets.sh lab/configure-kit.sh lab/bench-options.sh lab/recipes.sh lab/flash-options.sh lab/sets.c \
	lab/sets-rows.sh lab/make-fastest.sh lab/threats-options.sh lab/empty-board.sh lab/board-small.sh \
	lab/wasm-lookups.sh lab/wasm_lookups.c lab/variant_lookups.c

if MBB_LAB

# Every flavour's slider tables, each with its shipped magics where it has
# them (a new or edited set remakes them), the board's tables for the move
# generators, and one file that holds them all.
lab/tables-%.c: $(MBB_GEN) $(wildcard $(srcdir)/gen/magics/*.txt)
	@$(MKDIR_P) lab
	$(AM_V_GEN)./$(MBB_GEN) --sliders-only --flavour=$* --magics-dir='$(srcdir)/gen/magics' \
	  --output=$@ > /dev/null
lab/tables-board.c: $(MBB_GEN)
	@$(MKDIR_P) lab
	$(AM_V_GEN)./$(MBB_GEN) --board-only --flavour=hq --output=$@
lab/tables-all.c: $(all_flavours:%=lab/tables-%.c) lab/tables-board.c
	$(AM_V_GEN)for f in $(all_flavours) board; do echo "#include \"tables-$$f.c\""; done > $@
CLEANFILES += $(all_flavours:%=lab/tables-%.c) lab/tables-board.c lab/tables-all.c

lab_cppflags = $(AM_CPPFLAGS) -I$(top_srcdir)/lab -I$(top_builddir)/lab -I$(top_srcdir)/tests
flavour_sources = lab/flavours.c lab/flavours.h lab/flavours_isa.c support/machine.h
flavour_headers_all = src/flavours-all.h $(unit_shared_headers) src/registry.h src/policy.h \
	$(flavour_headers)
movegen_deps = support/movegen.c support/movegen.h support/lookups.h $(flavour_headers_all)
search_deps = lab/search.c lab/search.h support/movegen.h support/lookups.h $(flavour_headers_all)

# The instruction sets of isa.def, from magicbb-gen --registry: those
# without flags (lab_isas_plain), those with (lab_isas_flagged),
# MBB_CFLAGS_NAME, each set's flags where configure found that the
# compiler needs them (isa_NAME=flags in MBB_DETECTED), and lab_isa_NAME,
# flavour NAME's set.  Read where
# the variables are, before the rules whose prerequisites name them; not
# for make clean and its kin, which would build the generator first.
lab/isas.mk: $(MBB_GEN) Makefile
	@$(MKDIR_P) lab
	$(AM_V_GEN)isas=`./$(MBB_GEN) --registry isas` && for isa in $$isas; do \
	  flags=`./$(MBB_GEN) --registry isa $$isa` && flags=`echo "$$flags" | sed -n 2p` || exit 1; \
	  if test -n "$$flags"; then echo "lab_isas_flagged += $$isa"; else echo "lab_isas_plain += $$isa"; fi; \
	  case ' $(MBB_DETECTED) ' in *" isa_$$isa=flags "*) echo "MBB_CFLAGS_$$isa = $$flags" ;; esac; \
	done > $@.tmp && for f in $(all_flavours); do \
	  echo "lab_isa_$$f = `./$(MBB_GEN) --registry flavour $$f | sed 's/ .*//'`" || exit 1; \
	done >> $@.tmp && mv $@.tmp $@
lab_isas_read := $(if $(filter %clean,$(MAKECMDGOALS)),,$(eval -include lab/isas.mk))
DISTCLEANFILES += lab/isas.mk

# The all-flavour test: every flavour's lookups against a ray walk, and a
# move generator and search on each.  The lookups (lab/flavours_isa.c)
# are built once for the instruction sets of isa.def without flags and
# once for each set with flags, with them where the compiler has them;
# the move generator and search once a flavour.
EXTRA_PROGRAMS += lab/check_flavours
lab_check_isa_objects = $(lab_isas_flagged:%=lab/check-isa-%.$(OBJEXT))
lab_check_movegen_objects = $(all_flavours:%=lab/check-movegen-%.$(OBJEXT)) \
	$(all_flavours:%=lab/check-search-%.$(OBJEXT))
CLEANFILES += lab/check_flavours$(EXEEXT) lab/check-isa-*.$(OBJEXT) $(lab_check_movegen_objects)
lab/check-isa-%.$(OBJEXT): lab/flavours_isa.c lab/flavours.h src/isa.def $(flavour_headers_all)
	@$(MKDIR_P) lab
	$(AM_V_CC)$(CC) $(lab_cppflags) $(CPPFLAGS) -DFLAVOURS_FOR_ISA_$*=1 $(WARN_CFLAGS) \
	  $(CFLAGS) $(MBB_CFLAGS_$*) -c -o $@ $<
lab/check-movegen-%.$(OBJEXT): $(movegen_deps)
	@$(MKDIR_P) lab
	$(AM_V_CC)$(CC) $(lab_cppflags) $(CPPFLAGS) $(WARN_CFLAGS) $(CFLAGS) \
	  -DMOVEGEN_FLAVOUR=$* -c -o $@ $(srcdir)/support/movegen.c
lab/check-search-%.$(OBJEXT): $(search_deps)
	@$(MKDIR_P) lab
	$(AM_V_CC)$(CC) $(lab_cppflags) $(CPPFLAGS) $(WARN_CFLAGS) $(CFLAGS) \
	  -DMOVEGEN_FLAVOUR=$* -c -o $@ $(srcdir)/lab/search.c
lab_check_flavours_SOURCES = lab/check_flavours.c tests/run_suite.h $(flavour_sources) \
	tests/layout_sizes.c tests/layout_sizes.h support/reference.c support/reference.h \
	support/movegen.c support/movegen.h support/lookups.h lab/search.c lab/search.h \
	support/escape.c support/escape.h
nodist_lab_check_flavours_SOURCES = lab/tables-all.c
lab_check_flavours_CPPFLAGS = $(lab_cppflags) -DMOVEGEN_REFERENCE \
	$(lab_isas_plain:%=-DFLAVOURS_FOR_ISA_%=1)
lab_check_flavours_CFLAGS = $(CHECK_CFLAGS) $(WARN_CFLAGS)
lab_check_flavours_LDADD = $(lab_check_isa_objects) $(lab_check_movegen_objects) $(CHECK_LIBS)
EXTRA_lab_check_flavours_DEPENDENCIES = $(lab_check_isa_objects) $(lab_check_movegen_objects)

# The benchmark.  Every flavour's tables are linked in, not the library;
# the positions come from the move generator built on the reference ray
# walk, and each flavour's perft and search from copies built on that
# flavour's lookups (lab/movegen-NAME, lab/search-NAME).  Built for speed
# on this machine: BENCH_CFLAGS (configure: -O3 -march=native
# -mno-avx512f where the compiler takes them) come after CFLAGS, and
# every flavour's instruction set (isa.def) is in where -march=native has
# it.
EXTRA_PROGRAMS += lab/magicbb-bench
lab_magicbb_bench_SOURCES = lab/bench.c $(flavour_sources) \
	support/reference.c support/reference.h support/movegen.c support/movegen.h support/machine.h \
	support/escape.c support/escape.h support/output.c support/output.h lab/timing.c \
	lab/timing.h support/lookups.h lab/search.c lab/search.h
nodist_lab_magicbb_bench_SOURCES = lab/tables-all.c
# every instruction set's lookups in one object, for this machine
lab_magicbb_bench_CPPFLAGS = $(lab_cppflags) -DMOVEGEN_REFERENCE \
	$(lab_isas_plain:%=-DFLAVOURS_FOR_ISA_%=1) $(lab_isas_flagged:%=-DFLAVOURS_FOR_ISA_%=1)
lab_magicbb_bench_CFLAGS = $(WARN_CFLAGS)
bench_movegen_objects = $(all_flavours:%=lab/movegen-%.$(OBJEXT)) \
	$(all_flavours:%=lab/search-%.$(OBJEXT))
lab_magicbb_bench_LDADD = $(bench_movegen_objects)
EXTRA_lab_magicbb_bench_DEPENDENCIES = $(bench_movegen_objects)
CLEANFILES += $(bench_movegen_objects)
# GNU make: these objects get BENCH_CFLAGS after the user's CFLAGS.
$(lab_magicbb_bench_OBJECTS) $(bench_movegen_objects): private CFLAGS += $(BENCH_CFLAGS)
# The flags it is built with, which it prints, as a C string: written to
# a file by make ($(file)), never through a shell command or a -D, so any
# CFLAGS that builds the library (quotes, backslashes) builds it.
$(lab_magicbb_bench_OBJECTS): lab/flags.h
# ($(file) writes as the recipe is expanded, before its first line runs:
# into the build directory's top, which exists.)
lab/flags.h: Makefile
	$(file >bench-flags.raw,$(CFLAGS) $(BENCH_CFLAGS))
	@$(MKDIR_P) lab
	$(AM_V_GEN)sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/#define BENCH_FLAGS "/' -e 's/$$/"/' \
	  bench-flags.raw > $@ && rm -f bench-flags.raw
CLEANFILES += lab/flags.h bench-flags.raw
# (each flavour's move generator and search with its set's flags, as its
# lookups: the times of a flavour's lookups and of its search are of one
# build of it)
lab/movegen-%.$(OBJEXT): $(movegen_deps)
	@$(MKDIR_P) lab
	$(AM_V_CC)$(CC) $(DEFS) $(DEFAULT_INCLUDES) $(lab_cppflags) $(CPPFLAGS) $(WARN_CFLAGS) \
	  $(CFLAGS) $(MBB_CFLAGS_$(lab_isa_$*)) -DMOVEGEN_FLAVOUR=$* -c -o $@ $(srcdir)/support/movegen.c
lab/search-%.$(OBJEXT): $(search_deps)
	@$(MKDIR_P) lab
	$(AM_V_CC)$(CC) $(DEFS) $(DEFAULT_INCLUDES) $(lab_cppflags) $(CPPFLAGS) $(WARN_CFLAGS) \
	  $(CFLAGS) $(MBB_CFLAGS_$(lab_isa_$*)) -DMOVEGEN_FLAVOUR=$* -c -o $@ $(srcdir)/lab/search.c
CLEANFILES += lab/magicbb-bench$(EXEEXT) lab/bench.csv lab/bench.png lab/callgrind.out \
	lab/model.csv

# The threat workload (lab/threats.c): the calls for threat inputs
# (mbb_both_attacks, the set attacks) against single lookups, on the
# configured library's inline lookups, built for this machine.
EXTRA_PROGRAMS += lab/magicbb-threats
lab_magicbb_threats_SOURCES = lab/threats.c support/reference.c support/reference.h \
	support/movegen.c support/movegen.h support/escape.c support/escape.h lab/timing.c \
	lab/timing.h
lab_magicbb_threats_CPPFLAGS = $(lab_cppflags) -DMOVEGEN_REFERENCE
lab_magicbb_threats_CFLAGS = $(WARN_CFLAGS)
lab_magicbb_threats_LDADD = libmagicbb.la
lab_magicbb_threats_LDFLAGS = -static
$(lab_magicbb_threats_OBJECTS): private CFLAGS += $(BENCH_CFLAGS) $(MBB_INLINE_CFLAGS)
CLEANFILES += lab/magicbb-threats$(EXEEXT)
# (make lab builds it, for its command line's test, lab/threats-options.sh)
lab: lab/magicbb-threats$(EXEEXT)

# The engine-shaped workload (lab/engine.c): every flavour on a
# threat-input engine's work beside an NNUE-sized network's memory
# traffic, at each x86-64 level an engine ships (lab/enginework.h):
# lab/enginework.c built once a level with the level's flags (x86-64
# hosts; make bench runs it).
engine_levels = base popcnt avx2 bmi2 avx512
ENGINE_CFLAGS_base = -march=x86-64
ENGINE_CFLAGS_popcnt = -march=x86-64-v2
ENGINE_CFLAGS_avx2 = -march=x86-64-v2 -mavx2
ENGINE_CFLAGS_bmi2 = -march=x86-64-v3
ENGINE_CFLAGS_avx512 = -march=x86-64-v4
engine_objects = $(engine_levels:%=lab/enginework-%.$(OBJEXT))
lab/enginework-%.$(OBJEXT): lab/enginework.c lab/enginework.h $(flavour_headers_all)
	@$(MKDIR_P) lab
	$(AM_V_CC)$(CC) $(lab_cppflags) $(CPPFLAGS) -DENGINE_LEVEL=$* $(WARN_CFLAGS) $(CFLAGS) -O2 \
	  $(ENGINE_CFLAGS_$*) -c -o $@ $<
EXTRA_PROGRAMS += lab/magicbb-engine
lab_magicbb_engine_SOURCES = lab/engine.c lab/enginework.h support/reference.c \
	support/reference.h support/movegen.c support/movegen.h support/escape.c support/escape.h \
	support/machine.h lab/timing.c lab/timing.h
nodist_lab_magicbb_engine_SOURCES = lab/tables-all.c
lab_magicbb_engine_CPPFLAGS = $(lab_cppflags) -DMOVEGEN_REFERENCE
lab_magicbb_engine_CFLAGS = $(WARN_CFLAGS)
lab_magicbb_engine_LDADD = $(engine_objects)
EXTRA_lab_magicbb_engine_DEPENDENCIES = $(engine_objects)
CLEANFILES += lab/magicbb-engine$(EXEEXT) $(engine_objects)

# Every lab object waits for the generated headers (magicbb_config.h), so
# that one made by name in a fresh build directory reads its own build's
# (lab/configure.sh makes lab/magicbb_bench-bench.o so).
$(lab_magicbb_bench_OBJECTS) $(lab_magicbb_threats_OBJECTS) $(lab_magicbb_engine_OBJECTS) \
	$(lab_check_flavours_OBJECTS) $(bench_movegen_objects) $(lab_check_isa_objects) \
	$(lab_check_movegen_objects) $(engine_objects): $(BUILT_SOURCES)

# The lab's tests: make check-lab runs them (LAB_TESTS, all by default;
# fewer in CI's sanitizer build).  They are listed in TESTS only under a
# condition that never holds, so that automake writes their rules while
# make check runs the library's tests alone.
# (the two longest first: make -j runs them beside the rest)
lab_tests = lab/configure.sh lab/configure-targets.sh $(search_tests) lab/check_flavours lab/bench-options.sh \
	lab/threats-options.sh lab/flash-options.sh lab/recipes.sh lab/make-fastest.sh \
	lab/wasm-lookups.sh
LAB_TESTS = $(lab_tests)
AM_TESTS_ENVIRONMENT += MBB_SEARCH='$(abs_top_builddir)/$(MBB_SEARCH)'; export MBB_SEARCH; \
	MBB_BENCH='$(abs_top_builddir)/lab/magicbb-bench$(EXEEXT)'; export MBB_BENCH;
if MBB_LAB_RULES
TESTS += $(lab_tests)
endif
lab: lab/check_flavours$(EXEEXT) lab/magicbb-bench$(EXEEXT) search/check_search$(EXEEXT) \
	$(MBB_SEARCH)
check-lab: lab
	$(MAKE) $(AM_MAKEFLAGS) check TESTS='$(LAB_TESTS)' TEST_SUITE_LOG=lab/test-suite.log
# (their logs, too: make check's cleaning knows only its own tests, and
# a log left in the source tree would pass for a VPATH build's)
CLEANFILES += lab/test-suite.log $(lab_tests:=.log) $(lab_tests:=.trs)

# The table, lab/bench.csv, and with gnuplot lab/bench.png.
bench: lab/magicbb-bench$(EXEEXT) lab/magicbb-threats$(EXEEXT) lab/magicbb-engine$(EXEEXT)
	@if test "$(MBB_CROSS_COMPILING)" = yes; then \
	  echo "make bench: cross-compiled for $(host); run lab/magicbb-bench on the target"; \
	else \
	  ./lab/magicbb-threats$(EXEEXT) && ./lab/magicbb-engine$(EXEEXT) && \
	  ./lab/magicbb-bench$(EXEEXT) --csv lab/bench.csv && echo "CSV: lab/bench.csv" && \
	  if command -v gnuplot >/dev/null 2>&1; then \
	    cpu=`./lab/magicbb-bench$(EXEEXT) --cpu | tr -cd 'A-Za-z0-9 @._()+-'`; \
	    gnuplot -e "cpu='$$cpu'" $(srcdir)/lab/plot.gp && echo "chart: lab/bench.png"; \
	  else echo "(install gnuplot for a chart, lab/bench.png)"; fi; \
	fi

# Instructions per lookup, from valgrind's callgrind.
bench-callgrind: lab/magicbb-bench$(EXEEXT)
	$(SHELL) $(srcdir)/lab/callgrind.sh ./lab/magicbb-bench$(EXEEXT) lab/callgrind.out

# The deterministic figures (lab/model.sh): instructions and simulated
# cache misses per lookup (valgrind's cachegrind), and cycles predicted by
# llvm-mca for named CPU models; lab/model.csv.  Needs valgrind, clang
# and llvm-mca.  Identical from run to run.
bench-model: lab/magicbb-bench$(EXEEXT)
	@if test "$(MBB_CROSS_COMPILING)" = yes; then \
	  echo "make bench-model: cross-compiled for $(host); the model runs the benchmark here"; \
	else \
	  $(SHELL) $(srcdir)/lab/model.sh ./lab/magicbb-bench$(EXEEXT) $(srcdir) lab/model.csv \
	    ./$(MBB_GEN) && echo "CSV: lab/model.csv"; \
	fi


# The fastest flavour on this machine, in the manner of fftw-wisdom:
# lab/magicbb-ratios --fastest (lab/wasm.mk) times every flavour this CPU
# runs on FASTEST_WORKLOAD (search, the engine search, or lookups, queen
# lookups alone) against this build's flavour (in a dispatch library,
# the one it takes on this CPU, as magicbb-perft reports it); make
# fastest prints the figures with their 95 % intervals, why, and last
# the --with-tables line to configure with.  A native build only: the
# timings are this machine's.
CLEANFILES += lab/fastest.out
FASTEST_WORKLOAD = search
fastest: lab/magicbb-ratios$(EXEEXT) $(if $(filter dispatch,$(MBB_FLAVOUR)),tools/magicbb-perft$(EXEEXT))
	@if test "$(MBB_CROSS_COMPILING)" = yes; then \
	  echo "make fastest: this build is for $(host); the timings are this machine's, so configure natively"; \
	  exit 1; fi
	@case '$(FASTEST_WORKLOAD)' in search|lookups) ;; *) \
	  echo "make fastest: FASTEST_WORKLOAD is search or lookups, not '$(FASTEST_WORKLOAD)'"; exit 1 ;; \
	esac
	@default='$(MBB_FLAVOUR)'; \
	if test "$$default" = dispatch; then \
	  default=`./tools/magicbb-perft$(EXEEXT) 1 | sed -n 's/^flavour \([^,]*\),.*/\1/p'`; fi; \
	echo "make fastest: every flavour on workload $(FASTEST_WORKLOAD) against $$default, this build's"; \
	./lab/magicbb-ratios$(EXEEXT) --fastest "$$default" --workload $(FASTEST_WORKLOAD) \
	  > lab/fastest.out || exit 1; \
	sed -e '/^fastest /d' -e 's/^why /why: /' lab/fastest.out; \
	name=`sed -n 's/^fastest //p' lab/fastest.out`; \
	case " $(all_flavours) " in *" $$name "*) ;; *) \
	  echo "make fastest: lab/fastest.out names no flavour"; exit 1 ;; esac; \
	echo "configure --with-tables=$$name"
endif

