# SPDX-License-Identifier: MIT
# mbb_fuzzer.m4 - can the C compiler build libFuzzer targets?
#
# MBB_CHECK_FUZZER
# ----------------
# Sets the automake conditional HAVE_FUZZER and substitutes
# MBB_FUZZ_CFLAGS when $CC links a program with -fsanitize=fuzzer (Clang
# with its runtime; GCC has no libFuzzer).  Never when cross-compiling:
# the targets run here.  MBB_FUZZ_WHY says why not, for `make fuzz`.
AC_DEFUN([MBB_CHECK_FUZZER],
[AC_REQUIRE([AC_PROG_CC])dnl
MBB_FUZZ_CFLAGS="-g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"
AS_IF([test "x$cross_compiling" = xyes],
  [mbb_have_fuzzer=no
   MBB_FUZZ_WHY="cross-compiling: the fuzz targets run on the build machine only"],
  [AC_CACHE_CHECK([whether $CC builds libFuzzer targets], [mbb_cv_fuzzer],
    [mbb_save_CFLAGS=$CFLAGS
     CFLAGS=$MBB_FUZZ_CFLAGS
     AC_LINK_IFELSE([AC_LANG_SOURCE([[
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return size > 0 && data[0] == 0;
}]])],
       [mbb_cv_fuzzer=yes], [mbb_cv_fuzzer=no])
     CFLAGS=$mbb_save_CFLAGS])
   mbb_have_fuzzer=$mbb_cv_fuzzer
   MBB_FUZZ_WHY="$CC does not link -fsanitize=fuzzer (use clang with its runtime: CC=clang, Debian package libclang-rt-dev)"])
AM_CONDITIONAL([HAVE_FUZZER], [test "x$mbb_have_fuzzer" = xyes])
AC_SUBST([MBB_FUZZ_CFLAGS])
AC_SUBST([MBB_FUZZ_WHY])dnl
])
