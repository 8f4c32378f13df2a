# SPDX-License-Identifier: MIT
# mbb_choose.m4 - the choice, made by magicbb-choose.
#
# MBB_CHOOSE
# ----------
# Asks src/magicbb-choose (src/choose.c) with the options and what
# configure detected (mbb_detected), and reads its answer, NAME=VALUE
# lines (a name given again adds a line to its value): the
# substitutions, mbb_warnings and the summary's lines (mbb_summary,
# mbb_summary_options); stops with its one line where it refuses.  Where it asks for a measurement it makes it, with a
# generator built here, and asks again: the flash of each flavour it
# lists, up to the first whose tables fit (tools/table-bytes.sh), or the
# timings of the lab's probe (lab/fastest.sh).
AC_DEFUN([MBB_CHOOSE],
[mbb_choose () {
  mbb_measure=
  ./src/magicbb-choose$BUILD_EXEEXT tables="$with_tables" dispatch="${with_dispatch-no}" \
    flash="${with_flash-no}" seed="${with_seed-no}" magics="${with_magics-no}" \
    section="${with_table_section-no}" debug="${enable_debug-no}" small="${enable_small-no}" \
    host="$host" cross="$cross_compiling" bare="$mbb_bare_metal" srcdir="$srcdir" \
    pointer="$ac_cv_sizeof_void_p" prefix="$prefix" exec_prefix="$exec_prefix" bindir="$bindir" \
    libdir="$libdir" includedir="$includedir" datarootdir="$datarootdir" \
    $mbb_detected "$[]@" > conftest.choice 2> conftest.err ||
    { mbb_why=`cat conftest.err`; AC_MSG_ERROR([$mbb_why]); }
  mbb_seen=:
  while IFS= read -r mbb_line; do
    mbb_n=${mbb_line%%=*}
    case $mbb_seen in
      *:$mbb_n:*) eval "$mbb_n=\$$mbb_n\$as_nl\${mbb_line#*=}" ;;
      *) eval "$mbb_n=\${mbb_line#*=}"; mbb_seen=$mbb_seen$mbb_n: ;;
    esac
  done < conftest.choice
}
mbb_choose
AS_IF([test -n "$mbb_measure"],
  [rm -rf conftest.gen.d
   mkdir conftest.gen.d
   mbb_gen=conftest.gen.d/gen$BUILD_EXEEXT
   mbb_units=
   for mbb_f in $MBB_ALL_FLAVOURS; do mbb_units="$mbb_units $srcdir/gen/flavours/$mbb_f.c"; done
   AC_RUN_LOG([$CC_FOR_BUILD $CPPFLAGS_FOR_BUILD $CFLAGS_FOR_BUILD -I$srcdir/gen -I$srcdir/support -I$srcdir/include -I$srcdir/src -DMBB_VERSION='"probe"' -pthread $LDFLAGS_FOR_BUILD -o $mbb_gen $srcdir/gen/*.c $mbb_units $srcdir/support/escape.c $srcdir/support/output.c]) ||
     AC_MSG_ERROR([cannot build the generator for configure's measurement; see config.log])])
AS_CASE([$mbb_measure],
  [flash],
    [AC_MSG_CHECKING([the table bytes on $host of $mbb_measure_flavours, up to one that fits])
     mbb_measured=`CC=$CC CFLAGS="$CFLAGS $LIBRARY_CFLAGS" SIZE=$SIZE $SHELL "$srcdir/tools/table-bytes.sh" \
       $mbb_gen "$srcdir" conftest.gen.d $mbb_measure_limit "$mbb_measure_board" "$mbb_measure_magics" \
       $mbb_measure_flavours 2>conftest.measure` ||
       { cat conftest.measure >&AS_MESSAGE_LOG_FD
         # the generator's own line where it refused the seed or the magics file
         mbb_why=`sed -n 's/^magicbb-gen: //p' conftest.measure | sed -n 1p`
         AS_IF([test -n "$mbb_why"],
           [AC_MSG_ERROR([--with-flash measures the tables with the magics given, and the generator refused them: $mbb_why])],
           [AC_MSG_ERROR([cannot measure the tables for the flash budget ($CC or $SIZE failed); see config.log])])
       }
     cat conftest.measure >&AS_MESSAGE_LOG_FD
     AC_MSG_RESULT([$mbb_measured])
     mbb_choose measured="$mbb_measured"],
  [fastest],
    [AC_MSG_CHECKING([for the fastest flavour: the lab's probe (lab/fastest.sh) on workload $mbb_measure_workload${mbb_measure_only:+ ($mbb_measure_only, for --with-seed)} (about a minute)])
     CC=$CC CFLAGS="$CFLAGS $mbb_measure_cflags" LDFLAGS=$LDFLAGS $SHELL "$srcdir/lab/fastest.sh" \
       "$srcdir" conftest.gen.d $mbb_gen "$MBB_ALL_FLAVOURS" "$mbb_measure_defines" \
       $mbb_measure_default $mbb_measure_workload $mbb_measure_only > conftest.fastest 2>&AS_MESSAGE_LOG_FD
     cat conftest.fastest >&AS_MESSAGE_LOG_FD
     mbb_choose fastest="`cat conftest.fastest`"
     AC_MSG_RESULT([$MBB_FLAVOUR])])
rm -rf conftest.gen.d conftest.choice conftest.err conftest.fastest conftest.measure
])
