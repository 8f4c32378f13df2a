# SPDX-License-Identifier: MIT
## tools/dropin.mk - the vendored drop-in (make dropin)
## (included by the top Makefile.am; paths are from the top of the tree)

# make dropin writes single/ (tools/dropin.sh): magicbb.h with
# MAGICBB_INLINE on, the installed headers, a magicbb_config.h that
# chooses the flavour where the including code is compiled, and the tables
# of the flavours of auto's table and of DROPIN_FLAVOURS, in DROPIN_DIR
# (single); make dist ships it.  make dropin writes it anew each time, so
# DROPIN_FLAVOURS take effect after an earlier make dropin too.  The
# release tarball's single/ is a distributed file: make clean and make
# distclean keep it where the tree is configured in place, and remove the
# one make dropin wrote in a build directory of its own.
# tests/vendored.sh checks it with only cc.
DROPIN_FLAVOURS =
DROPIN_DIR = single
dropin: $(MBB_GEN)
	$(AM_V_GEN)$(SHELL) $(srcdir)/tools/dropin.sh '$(srcdir)' ./$(MBB_GEN) '$(PACKAGE_VERSION)' \
	  '$(DROPIN_DIR)' $(DROPIN_FLAVOURS)
# (the file the README names, where there is none yet)
single/magicbb.h:
	$(MAKE) $(AM_MAKEFLAGS) dropin
clean-dropin:
	-rm -rf single single.tmp
distclean-local:
	if test '$(srcdir)' != .; then rm -rf single single.tmp; fi
dist-hook: $(MBB_GEN)
	$(SHELL) $(srcdir)/tools/dropin.sh '$(srcdir)' ./$(MBB_GEN) '$(PACKAGE_VERSION)' $(distdir)/single

.PHONY: dropin clean-dropin
