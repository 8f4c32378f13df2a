# SPDX-License-Identifier: MIT
# mbb_fastest.m4 - --with-tables=fastest: measure the flavours here.
#
# MBB_FASTEST_FLAVOUR(WORKLOAD)
# -----------------------------
# Builds tools/fastest.c with the generator's table code, for and on this
# machine, runs it (a few seconds) on WORKLOAD (engine: each lookup waits
# for a random read of a 256 MiB table, timed over the reads alone;
# lookups: lookups alone, in cache), and sets MBB_FLAVOUR to the flavour
# whose queen lookup was fastest and mbb_fastest_figures to all of the
# figures.  Refuses when cross-compiling: the target's speed cannot be
# measured here.  A flavour built for an instruction set (isa.def) takes
# part where MBB_CHECK_ISA found the set here, built with its flags.
AC_DEFUN([MBB_FASTEST_FLAVOUR],
[AC_REQUIRE([MBB_CHECK_ISA])dnl
AC_REQUIRE([MBB_FLAVOUR_REGISTRY])dnl
AS_IF([test "x$cross_compiling" = xyes],
  [AC_MSG_ERROR([--with-tables=fastest measures this machine, but this build is for $host; name a flavour instead (auto or one of $MBB_ALL_FLAVOURS)])])
AC_MSG_CHECKING([for the fastest flavour on this machine, workload $1 (takes a few seconds)])
mbb_fastest_flags=
for mbb_n in $MBB_ISA_NAMES; do
  eval "mbb_have=\$mbb_isa_$mbb_n mbb_cflags=\$mbb_isa_${mbb_n}_cflags"
  AS_IF([test "x$mbb_have" = xyes], [mbb_fastest_flags="$mbb_fastest_flags $mbb_cflags"])
done
# The generator's code without its main(), and every flavour's unit.
mbb_fastest_sources="$srcdir/tools/fastest.c"
for mbb_f in "$srcdir"/gen/*.c; do
  AS_CASE([$mbb_f], [*/main.c], [], [mbb_fastest_sources="$mbb_fastest_sources $mbb_f"])
done
for mbb_f in $MBB_ALL_FLAVOURS; do
  mbb_fastest_sources="$mbb_fastest_sources $srcdir/gen/flavours/$mbb_f.c"
done
rm -f conftest.fastest
AS_IF([AC_RUN_LOG([$CC $CFLAGS $mbb_fastest_flags -Isrc -I$srcdir/src -I$srcdir/gen -I$srcdir/tools $LDFLAGS -o conftest_fastest$ac_exeext $mbb_fastest_sources])],
  [AS_IF([AC_RUN_LOG([./conftest_fastest$ac_exeext $srcdir/gen/magics $1 > conftest.fastest])],
     [MBB_FLAVOUR=`sed -n 's/^fastest //p' conftest.fastest`])])
AS_IF([test -z "$MBB_FLAVOUR"],
  [AC_MSG_RESULT([failed])
   AC_MSG_ERROR([the --with-tables=fastest probe could not be built or run; see config.log])])
mbb_fastest_figures=`sed '/^fastest /d; s/ \(.*\)/ \1 ns/' conftest.fastest | tr '\n' ',' | sed 's/,$//; s/,/, /g'`
cat conftest.fastest >&AS_MESSAGE_LOG_FD
rm -f conftest_fastest$ac_exeext conftest.fastest
AC_MSG_RESULT([$MBB_FLAVOUR])
])
