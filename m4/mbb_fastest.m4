# SPDX-License-Identifier: MIT
# mbb_fastest.m4 - --with-tables=fastest: measure the flavours here.
#
# MBB_FASTEST_FLAVOUR(WORKLOAD, DEFAULT)
# --------------------------------------
# Builds the generator and runs the lab's probe, lab/fastest.sh (which
# builds lab/fastest.c on the all-flavour layer for and on this machine),
# on WORKLOAD (search: the benchmark's
# engine search; pressure: each lookup waits for a random read of a 256
# MiB table, timed over the reads alone; lookups: lookups alone, in
# cache), and sets MBB_FLAVOUR to the flavour
# whose queen lookup was fastest where it was clearly faster than
# DEFAULT (lab/timing.h), else to DEFAULT; mbb_fastest_why to why,
# and mbb_fastest_figures to all of the figures, a line a flavour.  With
# --with-magics the flavour the file names; with --with-seed the fastest
# of the flavours that search their magics.  Refuses when cross-compiling: the target's speed cannot be
# measured here.  A flavour built for an instruction set (isa.def) takes
# part where MBB_CHECK_ISA found the set here, built with its flags.
AC_DEFUN([MBB_FASTEST_FLAVOUR],
[AC_REQUIRE([MBB_CHECK_ISA])dnl
AC_REQUIRE([MBB_FLAVOUR_REGISTRY])dnl
AS_IF([test "x$cross_compiling" = xyes],
  [AC_MSG_ERROR([--with-tables=fastest measures this machine, but this build is for $host; name a flavour instead (auto or one of $MBB_ALL_FLAVOURS)])])
MBB_FLAVOUR=
mbb_fastest_figures=
AS_IF([test -n "$mbb_magics_names"],
  [MBB_FLAVOUR=$mbb_magics_names
   mbb_fastest_why="--with-magics names $mbb_magics_names, so there is nothing to compare"],
  [_MBB_FASTEST_RUN([$1], [$2])])
])

# _MBB_FASTEST_RUN(WORKLOAD, DEFAULT): build the probe and run it, a
# checking line for each step.  With --with-seed only the flavours that
# search their magics take part (timed on their shipped tables: a
# flavour's speed does not depend on its magics).
AC_DEFUN([_MBB_FASTEST_RUN],
[mbb_fastest_flags=
mbb_fastest_sets=
for mbb_n in $MBB_ISA_NAMES; do
  eval "mbb_have=\$mbb_isa_$mbb_n mbb_cflags=\$mbb_isa_${mbb_n}_cflags"
  AS_IF([test "x$mbb_have" = xyes], [mbb_fastest_flags="$mbb_fastest_flags $mbb_cflags"])
  mbb_fastest_sets="$mbb_fastest_sets -DFLAVOURS_FOR_ISA_$mbb_n=1"
done
mbb_only=
AS_IF([test "x$with_seed" != xno],
  [mbb_only=`mbb_searching $MBB_ALL_FLAVOURS | tr ' ' ,`])
mbb_d=conftest.fastest.d
AC_MSG_CHECKING([for the fastest flavour: building the lab's probe (lab/fastest.sh) and timing the flavours on workload $1${mbb_only:+ ($mbb_only, for --with-seed)} (about a minute)])
MBB_CONFTEST_GENERATOR([$mbb_d])
AS_IF([test -n "$mbb_gen" &&
       CC=$CC CFLAGS="$CFLAGS $mbb_fastest_flags" LDFLAGS=$LDFLAGS $SHELL "$srcdir/lab/fastest.sh" \
         "$srcdir" $mbb_d $mbb_gen "$MBB_ALL_FLAVOURS" "$mbb_fastest_sets" $2 $1 $mbb_only \
         > conftest.fastest 2>&AS_MESSAGE_LOG_FD],
  [MBB_FLAVOUR=`sed -n 's/^fastest //p' conftest.fastest`])
AS_IF([test -z "$MBB_FLAVOUR"],
  [AC_MSG_RESULT([failed])
   AC_MSG_ERROR([the --with-tables=fastest probe could not be built or run; see config.log])])
mbb_fastest_why=`sed -n 's/^why //p' conftest.fastest`
mbb_fastest_figures=`sed '/^fastest /d; /^why /d' conftest.fastest`
cat conftest.fastest >&AS_MESSAGE_LOG_FD
rm -rf $mbb_d conftest.fastest
AC_MSG_RESULT([$MBB_FLAVOUR ($mbb_fastest_why)])
])
