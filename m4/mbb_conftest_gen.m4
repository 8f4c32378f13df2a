# SPDX-License-Identifier: MIT
# mbb_conftest_gen.m4 - the generator, for configure's own probes.
#
# MBB_CONFTEST_GENERATOR(DIR)
# ---------------------------
# Makes DIR afresh and builds the generator in it with the build
# machine's compiler, from the sources make builds it from (gen/, the
# flavours' units of the registry, and support/escape.c and output.c),
# for the probes that need tables before there is a Makefile: the
# fastest probe (mbb_fastest.m4) and the flash budget (mbb_flash.m4).
# Sets mbb_gen to its path, or to nothing where it cannot be built.
AC_DEFUN([MBB_CONFTEST_GENERATOR],
[AC_REQUIRE([MBB_FLAVOUR_REGISTRY])dnl
rm -rf $1
mkdir $1
mbb_gen_sources="$srcdir/support/escape.c $srcdir/support/output.c"
for mbb_g in "$srcdir"/gen/*.c; do mbb_gen_sources="$mbb_gen_sources $mbb_g"; done
for mbb_g in $MBB_ALL_FLAVOURS; do
  mbb_gen_sources="$mbb_gen_sources $srcdir/gen/flavours/$mbb_g.c"
done
mbb_gen=$1/gen$BUILD_EXEEXT
AS_IF([AC_RUN_LOG([$CC_FOR_BUILD $CPPFLAGS_FOR_BUILD $CFLAGS_FOR_BUILD -I$srcdir/gen -I$srcdir/support -I$srcdir/include -I$srcdir/src -DMBB_VERSION='"probe"' $LDFLAGS_FOR_BUILD -o $mbb_gen $mbb_gen_sources])],
  [], [mbb_gen=])
])
