#!/bin/sh
# SPDX-License-Identifier: MIT
# check_search.sh - the generator's "search" tests (tests/check_generator):
# the quality of the dense search, the annealer and the packers, which a
# user's make check leaves out (CK_EXCLUDE_TAGS=search) as slow.
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
unset CK_EXCLUDE_TAGS
CK_INCLUDE_TAGS=search exec "$builddir/tests/check_generator"
