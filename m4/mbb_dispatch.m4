# SPDX-License-Identifier: MIT
# mbb_dispatch.m4 - can this target have a dispatch library?
#
# MBB_CHECK_DISPATCH
# ------------------
# --with-tables=dispatch: one library with a fast flavour's tables (pext)
# and a portable one's (fancy), whose exported functions the dynamic
# loader resolves once per process with GNU ifunc.  That needs an x86-64
# ELF target, a compiler and linker that make ifunc symbols, and a
# compiler that emits the fast flavour's instructions (isa.def).  Stops
# with one line saying which is missing; else sets and substitutes
# MBB_DISPATCH_FAST, MBB_DISPATCH_PORTABLE and MBB_DISPATCH_CFLAGS (the
# flags the fast flavour's code is built with).
AC_DEFUN([MBB_CHECK_DISPATCH],
[AC_REQUIRE([MBB_CHECK_ISA])dnl
MBB_DISPATCH_FAST=pext
MBB_DISPATCH_PORTABLE=fancy
eval "mbb_dispatch_isa=\$mbb_isa_of_$MBB_DISPATCH_FAST"
eval "mbb_dispatch_compiles=\$mbb_isa_${mbb_dispatch_isa}_compiles"
eval "MBB_DISPATCH_CFLAGS=\$mbb_isa_${mbb_dispatch_isa}_cflags"
eval "mbb_dispatch_need=\$mbb_isa_${mbb_dispatch_isa}_desc"
AS_CASE([$host],
  [x86_64-*-linux*|x86_64-*-*bsd*|x86_64-*-gnu*], [],
  [AC_MSG_ERROR([--with-tables=dispatch needs an x86-64 ELF target with GNU ifunc, not $host; name a flavour instead])])
AS_IF([test "x$mbb_dispatch_compiles" != xyes],
  [AC_MSG_ERROR([--with-tables=dispatch: the compiler cannot emit $mbb_dispatch_need for $MBB_DISPATCH_FAST])])
AC_CACHE_CHECK([whether the compiler and linker make ifunc symbols], [mbb_cv_ifunc],
  [AC_LINK_IFELSE([AC_LANG_PROGRAM([[
static int one(void) { return 1; }
static int (*pick(void))(void) { return one; }
int picked(void) __attribute__((ifunc("pick")));
]], [[return picked() - 1;]])],
    [mbb_cv_ifunc=yes], [mbb_cv_ifunc=no])])
AS_IF([test "x$mbb_cv_ifunc" = xyes], [],
  [AC_MSG_ERROR([--with-tables=dispatch needs GNU ifunc, which this compiler or linker lacks; name a flavour instead])])
AC_SUBST([MBB_DISPATCH_FAST])
AC_SUBST([MBB_DISPATCH_PORTABLE])
AC_SUBST([MBB_DISPATCH_CFLAGS])
])
