# SPDX-License-Identifier: MIT
# mbb_fastest.m4 - --with-tables=fastest: measure the flavours here.
#
# MBB_FASTEST_FLAVOUR(WORKLOAD, DEFAULT)
# --------------------------------------
# Builds lab/fastest.c on the all-flavour layer (lab/flavours.h),
# for and on this machine, as make builds the all-flavour test: the
# generator, every flavour's tables from it (--sliders-only, the shipped
# magics of gen/magics), the layer's lookups and a move generator per
# flavour.  Runs it (about half a minute) on WORKLOAD (search: the benchmark's
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
AC_MSG_CHECKING([for the fastest flavour: building the generator])
MBB_CONFTEST_GENERATOR([$mbb_d])
AS_IF([test -n "$mbb_gen"], [AC_MSG_RESULT([done])], [AC_MSG_RESULT([failed])])
mbb_cc="$CC $CFLAGS $mbb_fastest_flags -Iinclude -Isrc -I$srcdir/include -I$srcdir/src -I$srcdir/support -I$srcdir/lab"
mbb_ok=no
AS_IF([test -n "$mbb_gen"],
  [AC_MSG_CHECKING([for the fastest flavour: every flavour's tables and move generator])
   mbb_ok=yes
   : > $mbb_d/tables-all.c
   for mbb_f in $MBB_ALL_FLAVOURS board; do
     AS_IF([test $mbb_f = board],
       [mbb_what="--board-only --flavour=hq"],
       [mbb_what="--sliders-only --flavour=$mbb_f --magics-dir=$srcdir/gen/magics"])
     AS_IF([AC_RUN_LOG([$mbb_gen $mbb_what --output=$mbb_d/tables-$mbb_f.c >&AS_MESSAGE_LOG_FD])],
       [echo "#include \"tables-$mbb_f.c\"" >> $mbb_d/tables-all.c], [mbb_ok=no])
     AS_IF([test $mbb_f != board && test $mbb_ok = yes],
       [AS_IF([AC_RUN_LOG([$mbb_cc -DMOVEGEN_FLAVOUR=$mbb_f -c -o $mbb_d/movegen-$mbb_f.o $srcdir/support/movegen.c])],
         [], [mbb_ok=no])
        AS_IF([AC_RUN_LOG([$mbb_cc -DMOVEGEN_FLAVOUR=$mbb_f -c -o $mbb_d/search-$mbb_f.o $srcdir/lab/search.c])],
         [], [mbb_ok=no])])
   done
   AC_MSG_RESULT([$mbb_ok])])
AS_IF([test $mbb_ok = yes],
  [AC_MSG_CHECKING([for the fastest flavour: building the probe])
   AS_IF([AC_RUN_LOG([$mbb_cc $mbb_fastest_sets -DMOVEGEN_REFERENCE -I$mbb_d $LDFLAGS -o $mbb_d/fastest$ac_exeext $srcdir/lab/fastest.c $srcdir/lab/flavours.c $srcdir/lab/flavours_isa.c $srcdir/lab/timing.c $srcdir/support/reference.c $srcdir/support/escape.c $srcdir/support/movegen.c $mbb_d/tables-all.c $mbb_d/movegen-*.o $mbb_d/search-*.o])],
     [AC_MSG_RESULT([done])
      AC_MSG_CHECKING([for the fastest flavour: timing them on workload $1${mbb_only:+ ($mbb_only, for --with-seed)} (about half a minute)])
      AS_IF([AC_RUN_LOG([$mbb_d/fastest$ac_exeext $2 $1 $mbb_only > conftest.fastest])],
        [MBB_FLAVOUR=`sed -n 's/^fastest //p' conftest.fastest`])],
     [AC_MSG_RESULT([failed])])])
AS_IF([test -z "$MBB_FLAVOUR"],
  [AC_MSG_RESULT([failed])
   AC_MSG_ERROR([the --with-tables=fastest probe could not be built or run; see config.log])])
mbb_fastest_why=`sed -n 's/^why //p' conftest.fastest`
mbb_fastest_figures=`sed '/^fastest /d; /^why /d' conftest.fastest`
cat conftest.fastest >&AS_MESSAGE_LOG_FD
rm -rf $mbb_d conftest.fastest
AC_MSG_RESULT([$MBB_FLAVOUR ($mbb_fastest_why)])
])
