# SPDX-License-Identifier: MIT
## search/local.mk - magicbb-search, the long searches for better magics
## (included by the top Makefile.am; paths are from the top of the tree)

# The dense search, the annealer, shards and their merge, on the
# generator's core (gen_core_sources): built for the build machine like
# the generator, and installed with it natively; its tests run in make
# check-lab (search_tests, lab/local.mk), not in a user's make check.
search_own = search/main.c search/dense.c search/dense.h search/merge.c search/merge.h \
	search/watch.c search/watch.h search/anneal.c search/anneal.h
search_sources = $(filter %.c,$(search_own)) $(gen_core_sources)
EXTRA_DIST += $(search_own) search/interrupt.sh search/scale.sh

# The searches' Check tests (slow: the lab's), on the generator's test kit.
if MBB_LAB
search_tests = search/check_search search/interrupt.sh search/scale.sh
EXTRA_PROGRAMS += search/check_search
CLEANFILES += search/check_search$(EXEEXT)
search_check_search_SOURCES = search/check_search.c tests/run_suite.h
search_check_search_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tests
search_check_search_LDADD = $(check_kit)
EXTRA_search_check_search_DEPENDENCIES = $(MBB_GEN) $(MBB_SEARCH)
endif

MBB_SEARCH = search/magicbb-search$(BUILD_EXEEXT)
CLEANFILES += $(MBB_SEARCH)
$(MBB_SEARCH): $(search_own) $(gen_core_sources) $(gen_headers)
	$(AM_V_CCBUILD)$(call link_for_build,$(search_sources),-I$(srcdir)/search)
search: $(MBB_SEARCH)

.PHONY: search
