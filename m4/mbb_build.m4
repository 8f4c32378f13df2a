# SPDX-License-Identifier: MIT
# mbb_build.m4 - the build machine's program, and the flavour names.
#
# MBB_FLAVOUR_NAMES: the flavours at autoconf time (for --help and the
# substitutions), from the C preprocessor.  MBB_GEN_SOURCES: the
# generator's sources, those Makefile.am lists (gen_core_sources and
# gen_sources, the one list) and each flavour's unit.
m4_define([MBB_FLAVOUR_NAMES], m4_esyscmd_s([printf '#define MBB_FLAVOUR(name, isa, magics, reads) name\n#include "src/flavours.def"\n' |
  ${CPP:-cpp} -P - | tr -s ' \n' '  ']))
m4_define([MBB_GEN_SOURCES], m4_esyscmd_s([sed -n '/^gen_core_sources =/,/^gen_headers =/p' Makefile.am |
  tr -s ' \t\\' '\n\n\n' | grep '\.c$' | tr '\n' ' '])m4_map_args_w(MBB_FLAVOUR_NAMES, [gen/flavours/], [.c], [ ]))

# MBB_PROG_CC_FOR_BUILD
# ---------------------
# The generator runs here, so it is compiled for the build machine, never
# for the host: CC_FOR_BUILD and its flags (from the environment, else
# natively $CC and $CFLAGS, else the first of cc, gcc and clang that
# works).  configure builds one copy of it for itself, unoptimised, in
# conftest.gen.d (mbb_gen): its --registry and --decide modes answer
# configure's questions.  That copy is one translation unit,
# conftest.gen.d/all.c including each source in turn (one compiler
# process instead of one for each source: about a quarter of the CPU),
# so no two of the generator's sources may define the same file-scope
# name or macro.  Its feature-test macro is the most any source asks
# for (cli.c's), and -w keeps warnings of one source's names seen from
# another (-Wshadow) from stopping it under -Werror: the build proper
# compiles each source with the flags given.
AC_DEFUN([MBB_PROG_CC_FOR_BUILD],
[AC_ARG_VAR([CC_FOR_BUILD], [C compiler for programs run during the build])dnl
AC_ARG_VAR([CFLAGS_FOR_BUILD], [C compiler flags for CC_FOR_BUILD])dnl
AC_ARG_VAR([CPPFLAGS_FOR_BUILD], [C preprocessor flags for CC_FOR_BUILD])dnl
AC_ARG_VAR([LDFLAGS_FOR_BUILD], [linker flags for CC_FOR_BUILD])dnl
AS_IF([test "x$cross_compiling" = xno],
  [mbb_list=${CC_FOR_BUILD-"$CC"}
   : "${CFLAGS_FOR_BUILD=$CFLAGS}"],
  [mbb_list=${CC_FOR_BUILD-"cc gcc clang"}
   : "${CFLAGS_FOR_BUILD=-g -O2}"])
# (compiling the generator takes seconds: the line says so before it starts)
AC_MSG_CHECKING([for a C compiler for the build machine (building magicbb-gen, a few seconds)])
rm -rf conftest.gen.d
mkdir conftest.gen.d
{ echo '#define _GNU_SOURCE'
  for mbb_source in MBB_GEN_SOURCES; do echo "#include \"$mbb_source\""; done
} >conftest.gen.d/all.c
mbb_ok=no
# A compiler given may carry arguments ("gcc -m64"): one word list.
for mbb_cc in $mbb_list; do
  test "x${CC_FOR_BUILD+set}" != xset || mbb_cc=$CC_FOR_BUILD
  rm -f conftest.gen.d/magicbb-gen conftest.gen.d/magicbb-gen.exe
  AS_IF([AC_RUN_LOG([$mbb_cc $CPPFLAGS_FOR_BUILD $CFLAGS_FOR_BUILD -O0 -w -I$srcdir/gen -I$srcdir/support -I$srcdir/include -I$srcdir/src -I$srcdir -DMBB_VERSION='"configure"' -DMBB_INSTALLED_MAGICS='""' -pthread $LDFLAGS_FOR_BUILD -o conftest.gen.d/magicbb-gen conftest.gen.d/all.c])],
    [BUILD_EXEEXT=
     test ! -f conftest.gen.d/magicbb-gen.exe || BUILD_EXEEXT=.exe
     mbb_gen=conftest.gen.d/magicbb-gen$BUILD_EXEEXT
     AS_IF([AC_RUN_LOG([$mbb_gen --registry flavours >/dev/null])],
       [mbb_ok=yes CC_FOR_BUILD=$mbb_cc
        break])])
  test "x${CC_FOR_BUILD+set}" != xset || break
done
AS_IF([test "x$mbb_ok" = xyes], [AC_MSG_RESULT([$CC_FOR_BUILD])],
  [AC_MSG_RESULT([none])
   AC_MSG_ERROR([no C compiler for the build machine works (tried: $mbb_list); install one or set CC_FOR_BUILD (see config.log)])])
AC_SUBST([BUILD_EXEEXT])
])
