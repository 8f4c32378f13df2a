# SPDX-License-Identifier: MIT
# mbb_flavours.m4 - the registries, as configure needs them.
#
# MBB_FLAVOUR_REGISTRY
# --------------------
# Builds src/magicbb-registry (src/registry.c) with the build machine's
# compiler, the one reader of src/flavours.def and isa.def for
# everything that is not C, and takes from it MBB_ALL_FLAVOURS (every
# flavour, in registry order), mbb_isa_of_FLAVOUR and
# mbb_magics_of_FLAVOUR (its isa and magics fields), MBB_ISA_NAMES and
# mbb_isa_NAME_macro, _flags and _desc (isa.def's fields).  Defines the
# shell function mbb_searching (below) and writes src/flavours-all.h,
# which includes every flavour's header, for the programs that hold all
# flavours at once.  Substitutes MBB_REGISTRY, the program's path.
#
# MBB_FLAVOUR_NAMES
# -----------------
# The names at autoconf time, for help texts, from the C preprocessor.
m4_define([MBB_FLAVOUR_NAMES],
  m4_esyscmd_s([printf '#define MBB_FLAVOUR(name, isa, magics) name\n#include "src/flavours.def"\n' | ${CPP:-cpp} -P - | tr -s ' \n' '  ']))

AC_DEFUN([MBB_FLAVOUR_REGISTRY],
[AC_REQUIRE([MBB_PROG_CC_FOR_BUILD])dnl
AS_MKDIR_P([src])
MBB_REGISTRY=src/magicbb-registry$BUILD_EXEEXT
AS_IF([AC_RUN_LOG([$CC_FOR_BUILD $CPPFLAGS_FOR_BUILD $CFLAGS_FOR_BUILD -I$srcdir/src $LDFLAGS_FOR_BUILD -o $MBB_REGISTRY $srcdir/src/registry.c])],
  [], [AC_MSG_ERROR([cannot build the registry reader (src/registry.c) with $CC_FOR_BUILD; see config.log])])
AS_IF([mbb_registry_sh=`./$MBB_REGISTRY shell`], [eval "$mbb_registry_sh"],
  [AC_MSG_ERROR([$MBB_REGISTRY failed])])
./$MBB_REGISTRY header > src/flavours-all.h || AC_MSG_ERROR([cannot write src/flavours-all.h])
# mbb_searching NAME...: those of the flavours named whose magics a seed
# searches (the registry's magics field), space-separated
mbb_searching () {
  mbb_list=
  for mbb_s in "$[]@"; do
    eval "mbb_k=\$mbb_magics_of_$mbb_s"
    AS_IF([test "x$mbb_k" = xsearch], [mbb_list="$mbb_list${mbb_list:+ }$mbb_s"])
  done
  echo "$mbb_list"
}
AC_SUBST([MBB_ALL_FLAVOURS])
AC_SUBST([MBB_REGISTRY])
])
