# SPDX-License-Identifier: MIT
# mbb_isa.m4 - the instructions of the vector and bit-reverse flavours.
#
# MBB_CHECK_ISA
# -------------
# For each of avx2, gfni (AVX2 and GFNI) and bitrev (a bit-reverse
# instruction) sets mbb_isa_NAME to yes or no and mbb_isa_NAME_why to a
# phrase saying how that was found.  yes means the target compiler
# defines MBB_HAVE_NAME of src/magicbb/common.h (the one definition of
# what each needs), with the flags MBB_AVX2_CFLAGS or MBB_GFNI_CFLAGS
# (substituted: -mavx2, -mavx2 -mgfni, or empty where CFLAGS already
# select them), and, in a native build, that this CPU runs a program
# using them.  A cross build never runs a target program: the compiler's
# predefined macros decide, as for BMI2.  The compile checks use the
# library's own flags (LIBRARY_CFLAGS: -ffreestanding, so a bare-metal
# target's <stdint.h> is the compiler's, as in the library).
AC_DEFUN([_MBB_ISA_PROGRAM],
[AC_LANG_PROGRAM([[
#include "magicbb/common.h"
#ifndef MBB_HAVE_$1
#error "no $1"
#endif
#ifdef MBB_HAVE_AVX2
#include <immintrin.h>
#endif
]], [$2])])

# _MBB_CHECK_X86_ISA(name, MACRO, flags, body)
AC_DEFUN([_MBB_CHECK_X86_ISA],
[AC_CACHE_CHECK([for the flags that let the compiler emit $2], [mbb_cv_$1_cflags],
  [mbb_cv_$1_cflags=no
   mbb_save_CFLAGS=$CFLAGS
   for mbb_flag in '' '$3'; do
     CFLAGS="$mbb_save_CFLAGS $mbb_flag $LIBRARY_CFLAGS -I$srcdir/src"
     AC_COMPILE_IFELSE([_MBB_ISA_PROGRAM([$2], [$4])],
       [mbb_cv_$1_cflags=${mbb_flag:-none needed}; break])
     AS_IF([test "x$cross_compiling" = xyes], [break])
   done
   CFLAGS=$mbb_save_CFLAGS])
mbb_isa_$1=no
AS_CASE([$mbb_cv_$1_cflags],
  [no], [mbb_isa_$1_why="the target compiler does not define MBB_HAVE_$2 (common.h) with these CFLAGS"
         mbb_isa_$1_cflags=],
  [AS_IF([test "x$mbb_cv_$1_cflags" = "xnone needed"], [mbb_isa_$1_cflags=],
     [mbb_isa_$1_cflags=$mbb_cv_$1_cflags])
   AS_IF([test "x$cross_compiling" = xyes],
     [mbb_isa_$1=yes
      mbb_isa_$1_why="the target compiler defines MBB_HAVE_$2"],
     [AC_CACHE_CHECK([whether this CPU runs $2 code], [mbb_cv_$1_runs],
        [mbb_save_CFLAGS=$CFLAGS
         CFLAGS="$CFLAGS $mbb_isa_$1_cflags -I$srcdir/src"
         AC_RUN_IFELSE([_MBB_ISA_PROGRAM([$2], [$4])],
           [mbb_cv_$1_runs=yes], [mbb_cv_$1_runs=no], [mbb_cv_$1_runs=no])
         CFLAGS=$mbb_save_CFLAGS])
      AS_IF([test "x$mbb_cv_$1_runs" = xyes],
        [mbb_isa_$1=yes
         mbb_isa_$1_why="this CPU runs $2 code"],
        [mbb_isa_$1_why="this CPU does not run $2 code"])])])
])

AC_DEFUN([MBB_CHECK_ISA],
[AC_REQUIRE([AC_PROG_CC])dnl
_MBB_CHECK_X86_ISA([avx2], [AVX2], [-mavx2],
  [[volatile long long x = 3;
    __m256i v = _mm256_set1_epi64x(x);
    v = _mm256_sub_epi64(v, _mm256_shuffle_epi8(v, v));
    return _mm256_extract_epi64(v, 1) == 7;]])
_MBB_CHECK_X86_ISA([gfni], [GFNI], [-mavx2 -mgfni],
  [[volatile long long x = 3;
    __m256i v = _mm256_gf2p8affine_epi64_epi8(_mm256_set1_epi64x(x),
                                              _mm256_set1_epi64x(0x8040201008040201), 0);
    return _mm256_extract_epi64(v, 1) != (long long)0xc0;]])
MBB_AVX2_CFLAGS=$mbb_isa_avx2_cflags
MBB_GFNI_CFLAGS=$mbb_isa_gfni_cflags
AC_SUBST([MBB_AVX2_CFLAGS])
AC_SUBST([MBB_GFNI_CFLAGS])
AC_CACHE_CHECK([whether the target has a bit-reverse instruction], [mbb_cv_bitrev],
  [mbb_save_CFLAGS=$CFLAGS
   CFLAGS="$CFLAGS $LIBRARY_CFLAGS -I$srcdir/src"
   AC_COMPILE_IFELSE([_MBB_ISA_PROGRAM([BITREV], [[return (int)mbb_bitrev64(1);]])],
     [mbb_cv_bitrev=yes], [mbb_cv_bitrev=no])
   CFLAGS=$mbb_save_CFLAGS])
mbb_isa_bitrev=$mbb_cv_bitrev
AS_IF([test "x$mbb_isa_bitrev" = xyes],
  [mbb_isa_bitrev_why="the target compiler defines MBB_HAVE_BITREV"],
  [mbb_isa_bitrev_why="the target compiler does not define MBB_HAVE_BITREV (common.h): no rbit (AArch64, ARMv6T2 and later with Thumb-2, such as Cortex-M3/M4/M7), no Zbkb (RISC-V: -march=..._zbkb), not LoongArch64"])
])
