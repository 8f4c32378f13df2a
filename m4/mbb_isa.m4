# SPDX-License-Identifier: MIT
# mbb_isa.m4 - the instruction sets of src/isa.def, as the target
# has them.
#
# MBB_CHECK_ISA
# -------------
# For each set NAME of the registry src/isa.def (as
# MBB_FLAVOUR_REGISTRY read it), sets
#   mbb_isa_NAME           yes where the target has them: the compiler
#                          defines MBB_HAVE_<MACRO> (isa.def's detection)
#                          with CFLAGS, or with the entry's flags, and in a
#                          native build this CPU passes the entry's probe;
#                          a cross build never runs a target program, so
#                          the compiler's macros decide there;
#   mbb_isa_NAME_compiles  yes where the compiler emits them (the tests
#                          build their code even for a CPU without them);
#   mbb_isa_NAME_cflags    the flags that takes ("" where CFLAGS do);
#   mbb_isa_NAME_why       a phrase saying how mbb_isa_NAME was found.
# Substitutes MBB_ISA_NAMES (every set), MBB_ISAS_FLAGGED (the sets whose
# entry has flags: the all-flavour test builds their lookups on their
# own), MBB_ISAS_PLAIN (the others) and MBB_ISA_CFLAGS_LIST ("NAME=FLAG,FLAG ..." for each of
# those the compiler emits, for make).
#
# For BMI2 it also sets mbb_pext to fast, slow (PEXT in microcode:
# mbb_slow_pext in src/registry.h, the one rule, which a dispatch library
# follows at run time) or absent, and mbb_pext_why.  The checks use the
# library's own flags (LIBRARY_CFLAGS: -ffreestanding, so a bare-metal
# target's <stdint.h> is the compiler's, as in the library).
AC_DEFUN([MBB_CHECK_ISA],
[AC_REQUIRE([AC_PROG_CC])dnl
AC_REQUIRE([MBB_FLAVOUR_REGISTRY])dnl
MBB_ISAS_FLAGGED=
MBB_ISAS_PLAIN=
MBB_ISA_CFLAGS_LIST=
for mbb_n in $MBB_ISA_NAMES; do
  eval "mbb_m=\$mbb_isa_${mbb_n}_macro mbb_f=\$mbb_isa_${mbb_n}_flags mbb_d=\$mbb_isa_${mbb_n}_desc"
  AC_MSG_CHECKING([for the $mbb_n instructions (isa.def)])
  mbb_compiles=no
  mbb_cflags=
  mbb_save_CFLAGS=$CFLAGS
  for mbb_flag in '' "$mbb_f"; do
    CFLAGS="$mbb_save_CFLAGS $mbb_flag $LIBRARY_CFLAGS -I$srcdir/include"
    AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#include "magicbb/bits.h"
#ifndef MBB_HAVE_$mbb_m
#error "no $mbb_n"
#endif
]], [])], [mbb_compiles=yes
       mbb_cflags=$mbb_flag
       break])
    AS_IF([test "x$cross_compiling" = xyes || test -z "$mbb_f"], [break])
  done
  CFLAGS=$mbb_save_CFLAGS
  mbb_have=no
  AS_IF([test "x$mbb_compiles" = xno],
    [mbb_why="the target compiler does not define MBB_HAVE_$mbb_m (isa.def) with these CFLAGS"],
    [test "x$cross_compiling" = xyes],
    [mbb_have=yes
     mbb_why="the target compiler defines MBB_HAVE_$mbb_m"],
    [mbb_save_CFLAGS=$CFLAGS
     CFLAGS="$CFLAGS -I$srcdir/include -I$srcdir/src -I$srcdir/support"
     AC_RUN_IFELSE([AC_LANG_PROGRAM([[
#define _POSIX_C_SOURCE 200809L
#include "machine.h"
]], [[return !cpu_runs_isa("$mbb_n");]])], [mbb_have=yes
       mbb_why="this CPU has $mbb_d"],
       [mbb_why="this CPU lacks $mbb_d"], [mbb_why="cannot run a probe"])
     CFLAGS=$mbb_save_CFLAGS])
  AC_MSG_RESULT([$mbb_have${mbb_cflags:+ (with $mbb_cflags)}])
  eval "mbb_isa_$mbb_n=\$mbb_have mbb_isa_${mbb_n}_compiles=\$mbb_compiles"
  eval "mbb_isa_${mbb_n}_cflags=\$mbb_cflags mbb_isa_${mbb_n}_why=\$mbb_why"
  AS_IF([test -z "$mbb_f"], [MBB_ISAS_PLAIN="$MBB_ISAS_PLAIN $mbb_n"],
    [MBB_ISAS_FLAGGED="$MBB_ISAS_FLAGGED $mbb_n"
     AS_IF([test "x$mbb_compiles" = xyes],
       [MBB_ISA_CFLAGS_LIST="$MBB_ISA_CFLAGS_LIST $mbb_n=`printf '%s' "$mbb_cflags" | tr ' ' ,`"])])
done
AC_SUBST([MBB_ISA_NAMES])
AC_SUBST([MBB_ISAS_FLAGGED])
AC_SUBST([MBB_ISAS_PLAIN])
AC_SUBST([MBB_ISA_CFLAGS_LIST])

# PEXT's speed, by mbb_slow_pext (src/registry.h)
mbb_pext=absent
mbb_pext_why=$mbb_isa_bmi2_why
AS_IF([test "x$mbb_isa_bmi2" = xyes],
  [AC_MSG_CHECKING([whether PEXT is fast on the target])
   mbb_save_CFLAGS=$CFLAGS
   CFLAGS="$CFLAGS -I$srcdir/include -I$srcdir/src"
   AS_IF([test "x$cross_compiling" = xyes],
     [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#include "registry.h"
#ifdef MBB_TARGET_SLOW_PEXT
#error "microcoded PEXT"
#endif
]], [])], [mbb_pext=fast
           mbb_pext_why="the target compiler defines __BMI2__"],
          [mbb_pext=slow
           mbb_pext_why="the target's -march is an AMD core with microcoded PEXT"])],
     [AC_RUN_IFELSE([AC_LANG_PROGRAM([[
#include "registry.h"
]], [[return mbb_cpu_slow_pext();]])], [mbb_pext=fast
       mbb_pext_why="this CPU has BMI2 and a fast PEXT"],
       [mbb_pext=slow
        mbb_pext_why="this CPU runs PEXT in slow microcode (AMD family 0x15 or 0x17)"],
       [mbb_pext=slow
        mbb_pext_why="cannot run a probe"])])
   CFLAGS=$mbb_save_CFLAGS
   AC_MSG_RESULT([$mbb_pext])])
])
