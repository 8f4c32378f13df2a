# SPDX-License-Identifier: MIT
## threatref/local.mk - magicbb-threatref, the reference checker for threat relations
## (included by the top Makefile.am; paths are from the top of the tree)

# The reference (threatref.c and threatref.h, the two files an engine
# copies), the vectors format (threatvec.c), the vectors' generator
# (threatgen.c, on the move generator's reference ray walk: no library)
# and the program (main.c), installed with its manual page.  Its tests:
# check_threatref (the parts, in process, against relations from the
# library's attack calls) and threatref.sh (the program, and the guide's
# example built from the two files alone); THREATREF_SLOW=1 (make
# check-slow) runs them on the depth-3 walks too.
threatref_sources = threatref/threatref.c threatref/threatref.h threatref/threatvec.c \
	threatref/threatvec.h threatref/threatgen.c support/movegen.c support/movegen.h \
	support/reference.c support/reference.h support/escape.c support/escape.h \
	support/output.c support/output.h
if HOSTED
bin_PROGRAMS += threatref/magicbb-threatref
man1_MANS += doc/magicbb-threatref.1
endif
# (the parts compiled once, into an archive the program and its Check
# tests both link: made where one of them is)
EXTRA_LIBRARIES = threatref/libthreatref.a
CLEANFILES += threatref/libthreatref.a
threatref_libthreatref_a_SOURCES = $(threatref_sources)
threatref_libthreatref_a_CPPFLAGS = $(perft_cppflags) -DMOVEGEN_REFERENCE
threatref_libthreatref_a_CFLAGS = $(WARN_CFLAGS) $(MBB_PREFIX_MAP_CFLAGS)
threatref_magicbb_threatref_SOURCES = threatref/main.c
threatref_magicbb_threatref_CPPFLAGS = $(threatref_libthreatref_a_CPPFLAGS)
threatref_magicbb_threatref_CFLAGS = $(threatref_libthreatref_a_CFLAGS)
threatref_magicbb_threatref_LDADD = threatref/libthreatref.a
EXTRA_DIST += doc/magicbb-threatref.1.in

if HAVE_CHECK
check_PROGRAMS += threatref/check_threatref
endif
threatref_check_threatref_SOURCES = threatref/check_threatref.c tests/run_suite.h
threatref_check_threatref_CPPFLAGS = $(perft_cppflags) -DMOVEGEN_REFERENCE -I$(top_srcdir)/tests
threatref_check_threatref_LDFLAGS = -no-install
threatref_check_threatref_LDADD = threatref/libthreatref.a libmagicbb.la $(CHECK_LIBS)
native_tests += threatref/threatref.sh
