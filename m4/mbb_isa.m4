# SPDX-License-Identifier: MIT
# mbb_isa.m4 - the instruction sets of src/magicbb/isa.def, as the target
# has them.
#
# MBB_CHECK_ISA
# -------------
# Reads the registry src/magicbb/isa.def and, for each set NAME in it,
# sets
#   mbb_isa_NAME           yes where the target has them: the compiler
#                          defines MBB_HAVE_<MACRO> (isa.def's detection)
#                          with CFLAGS, or with the entry's flags, and in a
#                          native build this CPU passes the entry's probe;
#                          a cross build never runs a target program, so
#                          the compiler's macros decide there;
#   mbb_isa_NAME_compiles  yes where the compiler emits them (the tests
#                          build their code even for a CPU without them);
#   mbb_isa_NAME_cflags    the flags that takes ("" where CFLAGS do);
#   mbb_isa_NAME_flags     the entry's flags; mbb_isa_NAME_desc its
#                          description; mbb_isa_NAME_why a phrase saying
#                          how mbb_isa_NAME was found.
# Substitutes MBB_ISA_NAMES (every set), MBB_ISAS_FLAGGED (the sets whose
# entry has flags: the all-flavour test builds their lookups on their
# own), MBB_ISAS_PLAIN (the others) and MBB_ISA_CFLAGS_LIST ("NAME=FLAG,FLAG ..." for each of
# those the compiler emits, for make).
#
# For BMI2 it also sets mbb_pext to fast, slow (PEXT in microcode:
# mbb_slow_pext in magicbb/common.h, the one rule, which a dispatch library
# follows at run time) or absent, and mbb_pext_why.  The checks use the
# library's own flags (LIBRARY_CFLAGS: -ffreestanding, so a bare-metal
# target's <stdint.h> is the compiler's, as in the library).
AC_DEFUN([MBB_CHECK_ISA],
[AC_REQUIRE([AC_PROG_CC])dnl
mbb_isa_def="$srcdir/src/magicbb/isa.def"
AS_IF([test -r "$mbb_isa_def"], [], [AC_MSG_ERROR([cannot read the instruction-set registry $mbb_isa_def])])
MBB_ISA_NAMES=`sed -n 's/^MBB_ISA(\([[a-z0-9_]]*\),.*/\1/p' "$mbb_isa_def" | tr '\n' ' ' | sed 's/ $//'`
MBB_ISAS_FLAGGED=
MBB_ISAS_PLAIN=
MBB_ISA_CFLAGS_LIST=
for mbb_n in $MBB_ISA_NAMES; do
  mbb_line=`grep "^MBB_ISA($mbb_n," "$mbb_isa_def"`
  mbb_m=`printf '%s\n' "$mbb_line" | sed 's/^MBB_ISA([[^,]]*, *\([[A-Z0-9_]]*\),.*/\1/'`
  mbb_f=`printf '%s\n' "$mbb_line" | sed 's/^MBB_ISA([[^,]]*, *[[^,]]*, *"\([[^"]]*\)".*/\1/'`
  mbb_d=`printf '%s\n' "$mbb_line" | sed 's/.*, *"\([[^"]]*\)")$/\1/'`
  AC_MSG_CHECKING([for the $mbb_n instructions (isa.def)])
  mbb_compiles=no
  mbb_cflags=
  mbb_save_CFLAGS=$CFLAGS
  for mbb_flag in '' "$mbb_f"; do
    CFLAGS="$mbb_save_CFLAGS $mbb_flag $LIBRARY_CFLAGS -I$srcdir/src"
    AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#include "magicbb/common.h"
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
     CFLAGS="$CFLAGS -I$srcdir/src -I$srcdir/support"
     AC_RUN_IFELSE([AC_LANG_PROGRAM([[
#define _POSIX_C_SOURCE 200809L
#include "machine.h"
]], [[return !cpu_runs_isa("$mbb_n");]])], [mbb_have=yes
       mbb_why="this CPU has $mbb_d"],
       [mbb_why="this CPU lacks $mbb_d"], [mbb_why="cannot run a probe"])
     CFLAGS=$mbb_save_CFLAGS])
  AC_MSG_RESULT([$mbb_have${mbb_cflags:+ (with $mbb_cflags)}])
  eval "mbb_isa_$mbb_n=\$mbb_have mbb_isa_${mbb_n}_compiles=\$mbb_compiles"
  eval "mbb_isa_${mbb_n}_cflags=\$mbb_cflags mbb_isa_${mbb_n}_flags=\$mbb_f"
  eval "mbb_isa_${mbb_n}_desc=\$mbb_d mbb_isa_${mbb_n}_why=\$mbb_why mbb_isa_${mbb_n}_macro=\$mbb_m"
  AS_IF([test -z "$mbb_f"], [MBB_ISAS_PLAIN="$MBB_ISAS_PLAIN $mbb_n"],
    [MBB_ISAS_FLAGGED="$MBB_ISAS_FLAGGED $mbb_n"
     AS_IF([test "x$mbb_compiles" = xyes],
       [MBB_ISA_CFLAGS_LIST="$MBB_ISA_CFLAGS_LIST $mbb_n=`printf '%s' "$mbb_cflags" | tr ' ' ,`"])])
done
AC_SUBST([MBB_ISA_NAMES])
AC_SUBST([MBB_ISAS_FLAGGED])
AC_SUBST([MBB_ISAS_PLAIN])
AC_SUBST([MBB_ISA_CFLAGS_LIST])

# PEXT's speed, by mbb_slow_pext (magicbb/common.h)
mbb_pext=absent
mbb_pext_why=$mbb_isa_bmi2_why
AS_IF([test "x$mbb_isa_bmi2" = xyes],
  [AC_MSG_CHECKING([whether PEXT is fast on the target])
   mbb_save_CFLAGS=$CFLAGS
   CFLAGS="$CFLAGS -I$srcdir/src"
   AS_IF([test "x$cross_compiling" = xyes],
     [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#include "magicbb/common.h"
#ifdef MBB_TARGET_SLOW_PEXT
#error "microcoded PEXT"
#endif
]], [])], [mbb_pext=fast
           mbb_pext_why="the target compiler defines __BMI2__"],
          [mbb_pext=slow
           mbb_pext_why="the target's -march is an AMD core with microcoded PEXT"])],
     [AC_RUN_IFELSE([AC_LANG_PROGRAM([[
#include <cpuid.h>
#include "magicbb/common.h"
]], [[
    unsigned a, b, c, d;
    int amd;

    if (!__get_cpuid(0, &a, &b, &c, &d))
        return 1;
    amd = b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 1;
    return mbb_slow_pext(amd, mbb_cpu_family(a));
]])], [mbb_pext=fast
       mbb_pext_why="this CPU has BMI2 and a fast PEXT"],
       [mbb_pext=slow
        mbb_pext_why="this CPU runs PEXT in slow microcode (AMD family 0x15 or 0x17)"],
       [mbb_pext=slow
        mbb_pext_why="cannot run a probe"])])
   CFLAGS=$mbb_save_CFLAGS
   AC_MSG_RESULT([$mbb_pext])])
])
