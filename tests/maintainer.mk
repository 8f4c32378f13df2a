# SPDX-License-Identifier: MIT
## tests/maintainer.mk - the maintainer's checks beyond make check
## (included by the top Makefile.am; paths are from the top of the tree)

# In a build configured --enable-lab (CI's): make check-man and make
# check-slow.  Elsewhere each says so and fails.
if MBB_LAB

# Formatting warnings in the manual pages (mandoc, where installed), an
# entry in magicbb-gen(1) for every option of its --help (and in
# magicbb-perft(1), in a native build) (tests/man-options.sh), and in a
# git checkout each page dated on or after its last change
# (tests/man-dates.sh).
if NATIVE
man_programs = magicbb-gen:$(MBB_GEN) magicbb-search:$(MBB_SEARCH) \
	magicbb-perft:tools/magicbb-perft$(EXEEXT) magicbb-threatref:threatref/magicbb-threatref$(EXEEXT)
else
man_programs = magicbb-gen:$(MBB_GEN)
endif
check-man: $(man1_MANS) $(man3_MANS) $(MBB_GEN) $(if $(filter magicbb-search:%,$(man_programs)),$(MBB_SEARCH)) $(if $(filter magicbb-perft:%,$(man_programs)),tools/magicbb-perft$(EXEEXT) threatref/magicbb-threatref$(EXEEXT))
	@for entry in $(man_programs); do \
	  $(SHELL) $(srcdir)/tests/man-options.sh ./$${entry#*:} doc/$${entry%%:*}.1 || exit 1; \
	done
	@$(SHELL) $(srcdir)/tests/man-dates.sh $(srcdir) doc/magicbb.3.in doc/magicbb-perft.1.in \
	  doc/magicbb-gen.1.in doc/magicbb-search.1.in doc/magicbb-threatref.1.in
	@if command -v mandoc >/dev/null 2>&1; then \
	  mandoc -Tlint -W warning $(man1_MANS) $(man3_MANS) && echo "check-man: no warnings"; \
	else echo "check-man: mandoc is not installed"; exit 1; fi

# The deep perft counts (about 2 billion nodes), tests/perft.sh on the
# portable perft (MOVEGEN_PORTABLE), the reference checker's tests on
# the depth-3 walks, and what make check leaves to it (MBB_CHECK_SLOW:
# variants of the drop-in's builds, the rest of the values configure
# refuses, a CMake build on the pkg-config module, every variant set
# tests/variants.sh compiles and reads back, more rounds of the
# generator's concurrent runs); not part of make check.
slow_tests = tests/vendored.sh tests/install.sh tests/decide.sh tests/variants.sh \
	$(filter tests/check_gen_outputs$(EXEEXT),$(check_PROGRAMS))
check-slow: tools/magicbb-perft$(EXEEXT) tests/perft-portable$(EXEEXT)
	PERFT_SLOW=1 MBB_PERFT=./tools/magicbb-perft$(EXEEXT) $(SHELL) $(srcdir)/tests/perft.sh
	MBB_PERFT=./tests/perft-portable$(EXEEXT) $(SHELL) $(srcdir)/tests/perft.sh
	THREATREF_SLOW=1 $(MAKE) $(AM_MAKEFLAGS) check TEST_SUITE_LOG=threatref/test-suite.log \
	  TESTS='threatref/check_threatref threatref/threatref.sh'
	MBB_CHECK_SLOW=1 $(MAKE) $(AM_MAKEFLAGS) check TEST_SUITE_LOG=tests/slow-suite.log \
	  TESTS='$(slow_tests)'
CLEANFILES += threatref/test-suite.log tests/slow-suite.log

endif

