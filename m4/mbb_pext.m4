# SPDX-License-Identifier: MIT
# mbb_pext.m4 - can the target run PEXT, and is it fast there?
#
# MBB_CHECK_PEXT
# --------------
# Sets mbb_pext to one of
#   fast    BMI2 present and PEXT fast
#   slow    BMI2 present but PEXT microcoded (AMD families 0x15 and 0x17)
#   absent  no BMI2, or a compiler that cannot emit it
# and mbb_pext_why to a phrase saying how that was found.  Substitutes
# MBB_PEXT_CFLAGS: the flag that lets the compiler emit PEXT when the
# flags given do not already (-mbmi2), else empty.
#
# A native build asks the CPU with CPUID.  A cross build never runs a
# target program: it reads what the target compiler predefines
# (__BMI2__, and -march names of the slow cores).
AC_DEFUN([MBB_CHECK_PEXT],
[AC_REQUIRE([AC_PROG_CC])dnl
MBB_PEXT_CFLAGS=
mbb_pext=absent
m4_define([_MBB_PEXT_PROGRAM], [AC_LANG_PROGRAM([[
#if !defined(__BMI2__) || !defined(__x86_64__)
#error "no BMI2"
#endif
unsigned long long mbb_gather(unsigned long long x, unsigned long long m)
{ return __builtin_ia32_pext_di(x, m); }
]], [[return (int)mbb_gather(5, 3);]])])
AC_CACHE_CHECK([whether the compiler emits PEXT], [mbb_cv_pext_cflags],
  [mbb_cv_pext_cflags=no
   mbb_save_CFLAGS=$CFLAGS
   for mbb_flag in '' -mbmi2; do
     CFLAGS="$mbb_save_CFLAGS $mbb_flag"
     AC_COMPILE_IFELSE([_MBB_PEXT_PROGRAM],
       [mbb_cv_pext_cflags=${mbb_flag:-yes}; break])
     AS_IF([test "x$cross_compiling" = xyes], [break])
   done
   CFLAGS=$mbb_save_CFLAGS])
AS_CASE([$mbb_cv_pext_cflags],
  [no], [AS_IF([test "x$cross_compiling" = xyes],
           [mbb_pext_why="the target compiler does not define __BMI2__ with these CFLAGS"],
           [mbb_pext_why="the compiler cannot emit BMI2 code for this machine"])],
  [yes], [],
  [MBB_PEXT_CFLAGS=$mbb_cv_pext_cflags])
AS_IF([test "x$mbb_cv_pext_cflags" != xno],
 [AS_IF([test "x$cross_compiling" = xyes],
   [AC_CACHE_CHECK([whether the target's PEXT is fast], [mbb_cv_pext_fast],
     [AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#if defined(__znver1__) || defined(__znver2__) || defined(__bdver1__) \
    || defined(__bdver2__) || defined(__bdver3__) || defined(__bdver4__)
#error "microcoded PEXT"
#endif
]], [])], [mbb_cv_pext_fast=yes], [mbb_cv_pext_fast=no])])
    AS_IF([test "x$mbb_cv_pext_fast" = xyes],
      [mbb_pext=fast
       mbb_pext_why="the target compiler defines __BMI2__"],
      [mbb_pext=slow
       mbb_pext_why="the target's -march is an AMD core with microcoded PEXT"])],
   [AC_CACHE_CHECK([what this CPU's PEXT is like], [mbb_cv_pext_cpu],
     [mbb_cv_pext_cpu=unknown
      mbb_save_CFLAGS=$CFLAGS
      CFLAGS="$CFLAGS $MBB_PEXT_CFLAGS"
      AC_RUN_IFELSE([AC_LANG_PROGRAM([[
#include <cpuid.h>
#include <stdio.h>
#include <string.h>
]], [[
    unsigned a, b, c, d, family;
    char vendor@<:@13@:>@;
    FILE *out = fopen("conftest.pext", "w");

    if (out == NULL || !__get_cpuid(0, &a, &b, &c, &d))
        return 1;
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
    vendor@<:@12@:>@ = 0;
    if (a < 7 || !__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b & (1u << 8))) {
        fputs("absent", out);
        return fclose(out) != 0;
    }
    __get_cpuid(1, &a, &b, &c, &d);
    family = (a >> 8) & 0xf;
    if (family == 0xf)
        family += (a >> 20) & 0xff;
    /* AMD families 0x15 (Bulldozer..Excavator) and 0x17 (Zen 1, Zen 2)
       run PEXT in microcode, tens of cycles and data-dependent. */
    if (strcmp(vendor, "AuthenticAMD") == 0 && (family == 0x15 || family == 0x17))
        fprintf(out, "slow:%#x", family);
    else
        fputs("fast", out);
    return fclose(out) != 0;
]])], [mbb_cv_pext_cpu=`cat conftest.pext`], [],
        [mbb_cv_pext_cpu=unknown])
      rm -f conftest.pext
      CFLAGS=$mbb_save_CFLAGS])
    AS_CASE([$mbb_cv_pext_cpu],
      [fast], [mbb_pext=fast
               mbb_pext_why="this CPU has BMI2 and a fast PEXT"],
      [slow:*], [mbb_pext=slow
               mbb_pext_why="this CPU (AMD family ${mbb_cv_pext_cpu@%:@slow:}) runs PEXT in slow microcode"],
      [absent], [mbb_pext_why="this CPU has no BMI2"],
      [mbb_pext_why="CPUID could not be read on this machine"])])])
AS_IF([test "x$mbb_pext" = xabsent], [MBB_PEXT_CFLAGS=])
AC_SUBST([MBB_PEXT_CFLAGS])dnl
])
