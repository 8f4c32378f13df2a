# SPDX-License-Identifier: MIT
# mbb_flash.m4 - the library's table bytes on the target, and auto's
# choice under a flash budget.
#
# MBB_CODE_ALLOWANCE: the bytes of code a budget keeps for the library's
# functions beside its tables (about 1 to 2 KiB on the cores measured in
# doc/firmware.md).
m4_define([MBB_CODE_ALLOWANCE], [4096])

# MBB_TABLE_BYTES(FLAVOUR)
# ------------------------
# Checks, and sets mbb_table_bytes to, the bytes FLAVOUR's tables (its
# sliders, the leapers', and between and line unless --enable-small) take
# on the host; mbb_slider_bytes to its sliders' alone; mbb_need to the
# tables and MBB_CODE_ALLOWANCE.  The generator, built here for the build
# machine, writes them with the magics the build will use (--with-magics,
# --with-seed, else the shipped set), the host compiler
# compiles them, and $SIZE counts them (text and data).  Stops where that
# fails.
AC_DEFUN([MBB_TABLE_BYTES],
[AC_MSG_CHECKING([the table bytes of $1 on $host])
AS_IF([test -z "$mbb_board_bytes"],
  [MBB_CONFTEST_GENERATOR([conftest.flash.d])
   mbb_board_flags=--board-only
   AS_IF([test "x$MBB_SMALL" = x1], [mbb_board_flags="--board-only --no-lines"])
   AS_IF([test -n "$mbb_gen" &&
          AC_RUN_LOG([$mbb_gen $mbb_board_flags --flavour=hq --output=conftest.flash.d/board.c >&AS_MESSAGE_LOG_FD])],
     [mbb_board_bytes=`_MBB_OBJECT_BYTES([conftest.flash.d/board.c])`])])
mbb_slider_bytes=
mbb_table_bytes=
# the magics the build will use: --with-magics for the flavour it names,
# --with-seed for a flavour that searches, else the shipped set
eval "mbb_k=\$mbb_magics_of_$1"
mbb_measure="--magics-dir=$srcdir/gen/magics"
mbb_measure_file=
AS_IF([test "x$1" = "x$mbb_magics_names"], [mbb_measure= mbb_measure_file=$with_magics],
  [test "x$with_seed" != xno && test "x$mbb_k" = xsearch], [mbb_measure=--seed=$with_seed])
AS_IF([test -n "$mbb_board_bytes" &&
       AC_RUN_LOG([$mbb_gen --sliders-only --flavour=$1 $mbb_measure ${mbb_measure_file:+"--magics=$mbb_measure_file"} --output=conftest.flash.d/sliders.c >&AS_MESSAGE_LOG_FD])],
  [mbb_slider_bytes=`_MBB_OBJECT_BYTES([conftest.flash.d/sliders.c])`
   AS_IF([test -n "$mbb_slider_bytes"],
     [mbb_table_bytes=`expr $mbb_slider_bytes + $mbb_board_bytes`])])
AC_MSG_RESULT([${mbb_table_bytes:-unknown}])
AS_IF([test -z "$mbb_table_bytes"],
  [AC_MSG_ERROR([cannot measure $1's tables for the flash budget (the generator, $CC or $SIZE failed); see config.log])])
mbb_need=`expr $mbb_table_bytes + MBB_CODE_ALLOWANCE`
])

# MBB_FLASH_CHECK(FLAVOUR, KIB)
# -----------------------------
# Stops unless FLAVOUR's tables and MBB_CODE_ALLOWANCE fit KIB KiB.
AC_DEFUN([MBB_FLASH_CHECK],
[MBB_TABLE_BYTES([$1])
AS_IF([test "$mbb_need" -gt `expr $2 \* 1024`],
  [AC_MSG_ERROR([--with-tables=$1 needs $mbb_table_bytes bytes of tables and about ]m4_eval(MBB_CODE_ALLOWANCE / 1024)[ KiB of code, more than --with-flash=$2 KiB; name a smaller flavour (hq, byte) or use auto])])
])

# _MBB_OBJECT_BYTES(FILE): the text and data bytes of FILE compiled for
# the host, or nothing.
m4_define([_MBB_OBJECT_BYTES],
[{ $CC $CFLAGS $LIBRARY_CFLAGS -I$srcdir/include -Iinclude -c -o conftest.flash.d/t.o $1 >&AS_MESSAGE_LOG_FD 2>&1 &&
   $SIZE conftest.flash.d/t.o 2>&AS_MESSAGE_LOG_FD | awk 'NR == 2 { print $[]1 + $[]2 }'; }])

# MBB_FLASH_AUTO(KIB)
# -------------------
# auto under a flash budget of KIB KiB: the first flavour of the target's
# order (fastest first, from make bench-model's predicted cycles) whose
# instructions the target has and whose tables and MBB_CODE_ALLOWANCE
# bytes of code fit; with --with-magics only the flavour the file names,
# with --with-seed only the flavours that search their magics.  Sets MBB_FLAVOUR and mbb_flavour_why, or stops.
# The order is src/policy.h's (mbb_flash_order), asked through
# magicbb-registry.
AC_DEFUN([MBB_FLASH_AUTO],
[mbb_order=`./$MBB_REGISTRY flash-order "$ac_cv_sizeof_void_p"`
mbb_order_why=`printf '%s\n' "$mbb_order" | sed 1d`
mbb_order=`printf '%s\n' "$mbb_order" | sed 1q`
# a magics file is for one flavour; a seed for those that search
AS_IF([test -n "$mbb_magics_names"],
  [mbb_order=$mbb_magics_names mbb_order_why="the flavour --with-magics names"],
  [test "x$with_seed" != xno],
  [mbb_order=`mbb_searching $mbb_order`
   mbb_order_why="$mbb_order_why, those that search their magics (--with-seed)"])
mbb_budget=`expr $1 \* 1024`
MBB_FLAVOUR=
mbb_tried=
for mbb_c in $mbb_order; do
  eval "mbb_i=\$mbb_isa_of_$mbb_c"
  AS_IF([test "x$mbb_i" != xany], [eval "mbb_ok=\$mbb_isa_$mbb_i"], [mbb_ok=yes])
  AS_IF([test "x$mbb_ok" = xyes], [
    MBB_TABLE_BYTES([$mbb_c])
    mbb_tried="$mbb_tried${mbb_tried:+, }$mbb_c `expr \( $mbb_need + 1023 \) / 1024` KiB"
    AS_IF([test "$mbb_need" -le "$mbb_budget"],
      [MBB_FLAVOUR=$mbb_c
       mbb_flavour_why="auto: the fastest that fits $1 KiB of flash ($mbb_order_why: $mbb_order; tried $mbb_tried with MBB_CODE_ALLOWANCE bytes for code)"
       break])])
done
AS_IF([test -z "$MBB_FLAVOUR"],
  [AC_MSG_ERROR([no flavour fits $1 KiB of flash: $mbb_tried, with MBB_CODE_ALLOWANCE bytes for code (--enable-small saves 64 KiB); raise --with-flash])])
])
