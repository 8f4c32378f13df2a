# SPDX-License-Identifier: MIT
# mbb_cc_for_build.m4 - a C compiler for the build machine.
#
# MBB_PROG_CC_FOR_BUILD
# ---------------------
# The table generator runs during the build, so it must be compiled for
# the build machine, never for the host.  This macro sets and substitutes
# CC_FOR_BUILD, CFLAGS_FOR_BUILD, CPPFLAGS_FOR_BUILD, LDFLAGS_FOR_BUILD and
# BUILD_EXEEXT.
#
# Values given in the environment or on the configure command line win.
# Otherwise a native build reuses $CC and $CFLAGS, and a cross build tries
# cc, gcc and clang in turn.  The chosen compiler must build a small C99
# program that uses getopt_long, and that program must run here; if none
# does, configure stops and says so.
AC_DEFUN([MBB_PROG_CC_FOR_BUILD],
[AC_REQUIRE([AC_PROG_CC])dnl
AC_ARG_VAR([CC_FOR_BUILD], [C compiler for programs run during the build])dnl
AC_ARG_VAR([CFLAGS_FOR_BUILD], [C compiler flags for CC_FOR_BUILD])dnl
AC_ARG_VAR([CPPFLAGS_FOR_BUILD], [C preprocessor flags for CC_FOR_BUILD])dnl
AC_ARG_VAR([LDFLAGS_FOR_BUILD], [linker flags for CC_FOR_BUILD])dnl
AS_IF([test "x$cross_compiling" = xno],
  [mbb_build_candidates=${CC_FOR_BUILD-"$CC"}
   : "${CFLAGS_FOR_BUILD=$CFLAGS}"],
  [mbb_build_candidates=${CC_FOR_BUILD-"cc gcc clang"}
   : "${CFLAGS_FOR_BUILD=-g -O2}"])
AC_MSG_CHECKING([for a C compiler for the build machine])
cat > conftest_build.c <<'_MBB_EOF'
#include <getopt.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    static const struct option options@<:@@:>@ = { { "x", no_argument, NULL, 'x' }, { NULL, 0, NULL, 0 } };
    unsigned long long sum = 0;
    for (int i = 0; i < 3; i++)
        sum += (unsigned long long)i;
    (void)getopt_long(argc, argv, "x", options, NULL);
    return sum == 3 ? 0 : 1;
}
_MBB_EOF
mbb_build_ok=no
AS_IF([test "x${CC_FOR_BUILD+set}" = xset],
  [mbb_build_list=["$CC_FOR_BUILD"]],
  [mbb_build_list=$mbb_build_candidates])
# A compiler given in the environment may carry arguments ("gcc -m64"),
# so it is tried as one word list; the fallbacks are tried one by one.
for mbb_build_cc in $mbb_build_list; do
  AS_IF([test "x${CC_FOR_BUILD+set}" = xset], [mbb_build_cc=$CC_FOR_BUILD])
  rm -f conftest_build conftest_build.exe
  AS_IF([AC_RUN_LOG([$mbb_build_cc $CPPFLAGS_FOR_BUILD $CFLAGS_FOR_BUILD $LDFLAGS_FOR_BUILD -o conftest_build conftest_build.c])],
    [AS_IF([test -f conftest_build.exe], [BUILD_EXEEXT=.exe], [BUILD_EXEEXT=])
     AS_IF([AC_RUN_LOG([./conftest_build$BUILD_EXEEXT])],
       [mbb_build_ok=yes
        CC_FOR_BUILD=$mbb_build_cc
        break])])
  AS_IF([test "x${CC_FOR_BUILD+set}" = xset], [break])
done
rm -f conftest_build conftest_build.exe conftest_build.c
AS_IF([test "x$mbb_build_ok" = xyes],
  [AC_MSG_RESULT([$CC_FOR_BUILD])],
  [AC_MSG_RESULT([none])
   AC_MSG_ERROR([no C compiler for the build machine works (tried: $mbb_build_list); install one or set CC_FOR_BUILD (see config.log)])])
AC_SUBST([BUILD_EXEEXT])dnl
])
