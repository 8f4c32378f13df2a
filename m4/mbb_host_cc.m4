# SPDX-License-Identifier: MIT
# mbb_host_cc.m4 - the C compiler builds for the host it is given.
#
# MBB_CHECK_HOST_CC
# -----------------
# After AC_PROG_CC.  Where no $host_alias-gcc is installed, autoconf
# warns and takes the build machine's cc, which would build a native
# library under the host's name.  Stops, naming the compiler to install,
# when the compiler does not define the host architecture's macro (for
# the architectures listed; others are not checked).
AC_DEFUN([MBB_CHECK_HOST_CC],
[AC_REQUIRE([AC_PROG_CC])dnl
AS_CASE([$host_cpu],
  [x86_64|i?86], [mbb_arch="defined __x86_64__ || defined __i386__"],
  [aarch64*|arm64*], [mbb_arch="defined __aarch64__"],
  [arm*|thumb*], [mbb_arch="defined __arm__"],
  [riscv*], [mbb_arch="defined __riscv"],
  [s390*], [mbb_arch="defined __s390__"],
  [powerpc*|ppc*], [mbb_arch="defined __powerpc__ || defined __PPC__"],
  [mips*], [mbb_arch="defined __mips__"],
  [loongarch*], [mbb_arch="defined __loongarch__"],
  [mbb_arch=])
AS_IF([test -n "$mbb_arch"],
  [AC_MSG_CHECKING([whether $CC builds for $host_cpu])
   AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[
#if !($mbb_arch)
#error "another architecture"
#endif
]], [])],
     [AC_MSG_RESULT([yes])],
     [AC_MSG_RESULT([no])
      AC_MSG_ERROR([--host=$host_alias, but the C compiler '$CC' builds for another architecture; install $host_alias-gcc, or give CC= a compiler for $host_cpu])])])
])
