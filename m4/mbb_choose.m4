# SPDX-License-Identifier: MIT
# mbb_choose.m4 - the choice, made once by magicbb-gen --decide.
#
# MBB_CHOOSE
# ----------
# Under a flash budget (a bare-metal host, or --with-flash) it first
# measures the table bytes on the host of every candidate
# (tools/table-bytes.sh): the flavour --with-tables names (with
# --with-flash only), or the one a --with-magics file names, or those of
# the flash order (policy.h); the decision skips those the target cannot
# run.  Then it asks configure's copy of the generator (mbb_gen) with
# the options (configure.ac's MBB_DECIDE_OPTIONS), what configure
# detected (MBB_DETECTED) and what it measured, and reads its answer, NAME=VALUE
# lines: the substitutions, mbb_why, mbb_warning, mbb_table_bytes and
# mbb_slider_bytes; it stops with its one line where it refuses.
AC_DEFUN([MBB_CHOOSE],
[mbb_measured=
AS_IF([test "x$mbb_bare_metal" = xyes || test "x${with_flash-no}" != xno],
  [AS_IF([test "x${with_magics-no}" = xno], [mbb_list=],
     [test -f "$with_magics" && test -r "$with_magics"],
       [mbb_list=`$mbb_gen --registry magics-flavour "$with_magics"`
        test -n "$mbb_list" || mbb_list=none],
     [mbb_list=none])
   # (a file that cannot be read is the decision's refusal, not measured)
   AS_CASE([$with_tables:$mbb_list], [*:none], [mbb_list=],
     [auto:], [mbb_list=`$mbb_gen --registry flash-order ${mbb_wasm_order:-$ac_cv_sizeof_void_p}`],
     [auto:*], [],
     [AS_IF([test "x${with_flash-no}" != xno], [mbb_list=$with_tables], [mbb_list=])])
   mbb_candidates=
   for mbb_f in $mbb_list; do
     AS_CASE([" ]MBB_FLAVOUR_NAMES[ "], [*" $mbb_f "*], [mbb_candidates="$mbb_candidates $mbb_f"])
   done])
AS_IF([test -n "$mbb_candidates"],
  [AC_MSG_CHECKING([the table bytes on $host of$mbb_candidates])
   AS_IF([test "x${with_seed-no}" != xno], [mbb_seed=$with_seed], [mbb_seed=])
   AS_IF([test "x${with_magics-no}" != xno], [mbb_magics=$with_magics], [mbb_magics=])
   mbb_measured=`CC=$CC CFLAGS="$CFLAGS $LIBRARY_CFLAGS" SIZE=$SIZE $SHELL "$srcdir/tools/table-bytes.sh" \
     $mbb_gen "$srcdir" conftest.gen.d "--board-only $MBB_GEN_PARTS" "$mbb_seed" "$mbb_magics" $mbb_candidates 2>conftest.measure` ||
     { cat conftest.measure >&AS_MESSAGE_LOG_FD
       # the generator's own line where it refused the seed or the magics file
       mbb_why=`sed -n 's/^magicbb-gen: //p' conftest.measure | sed -n 1p`
       AS_IF([test -n "$mbb_why"],
         [AC_MSG_ERROR([--with-flash measures the tables with the magics given, and the generator refused them: $mbb_why])],
         [AC_MSG_ERROR([cannot measure the tables for the flash budget ($CC or $SIZE failed); see config.log])])
     }
   cat conftest.measure >&AS_MESSAGE_LOG_FD
   AC_MSG_RESULT([$mbb_measured])])
$mbb_gen --decide MBB_DECIDE_OPTIONS host="$host" cross="$cross_compiling" bare="$mbb_bare_metal" \
  pointer="$ac_cv_sizeof_void_p" measured="$mbb_measured" $MBB_DETECTED > conftest.choice 2> conftest.err ||
  { mbb_why=`cat conftest.err`; AC_MSG_ERROR([$mbb_why]); }
while IFS= read -r mbb_line; do eval "${mbb_line%%=*}=\${mbb_line#*=}"; done < conftest.choice
rm -rf conftest.gen.d conftest.choice conftest.err conftest.measure
])
