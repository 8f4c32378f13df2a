# SPDX-License-Identifier: MIT
# mbb_dispatch.m4 - can this target have a dispatch library?
#
# MBB_CHECK_DISPATCH
# ------------------
# --with-tables=dispatch: one library with the tables of several flavours
# (--with-dispatch, default MBB_DISPATCH_DEFAULT of src/policy.h), whose
# exported functions the dynamic loader resolves once per process with
# GNU ifunc to the first flavour whose instructions the CPU runs at full
# speed (isa.def).  That
# needs an x86-64 ELF target, a compiler and linker that make ifunc
# symbols, a compiler that emits every listed flavour's instructions, and
# a last flavour that needs nothing beyond C.  Stops with one line saying
# which is missing; else substitutes MBB_DISPATCH_FLAVOURS (the list,
# space-separated), MBB_DISPATCH_LAST (the last, whose tables come with
# the board's), MBB_DISPATCH_OTHERS (the rest), MBB_DISPATCH_LIST
# ("NAME=ISA ..." for the tests) and MBB_DISPATCH_CFLAGS_LIST
# ("NAME=FLAG,FLAG ..." for make), sets mbb_dispatch_summary, and writes
# src/dispatch-list.h (MBB_DISPATCH_EACH(X, ARG): X(NAME, ISA, ARG) a flavour, for
# src/lookup.c).
AC_DEFUN([MBB_CHECK_DISPATCH],
[AC_REQUIRE([MBB_CHECK_ISA])dnl
AC_REQUIRE([MBB_FLAVOUR_REGISTRY])dnl
AS_CASE([$host],
  [x86_64-*-linux*|x86_64-*-*bsd*|x86_64-*-gnu*], [],
  [AC_MSG_ERROR([--with-tables=dispatch needs an x86-64 ELF target with GNU ifunc, not $host; name a flavour instead])])
AS_IF([test "x$with_dispatch" = xno], [mbb_list=`./$MBB_REGISTRY dispatch-default`],
  [mbb_list=$with_dispatch])
MBB_DISPATCH_FLAVOURS=
MBB_DISPATCH_LIST=
MBB_DISPATCH_CFLAGS_LIST=
mbb_dispatch_summary=
mbb_last_isa=
for mbb_f in `echo "$mbb_list" | tr ',' ' '`; do
  AS_CASE([$mbb_f], [*[[A-Z]]*],
    [AC_MSG_ERROR([--with-dispatch: unknown flavour '$mbb_f': flavour names are lower case (some of $MBB_ALL_FLAVOURS)])])
  AS_CASE([" $MBB_ALL_FLAVOURS "], [*" $mbb_f "*], [],
    [AC_MSG_ERROR([--with-dispatch: unknown flavour '$mbb_f' (expected some of $MBB_ALL_FLAVOURS)])])
  AS_CASE([" $MBB_DISPATCH_FLAVOURS "], [*" $mbb_f "*],
    [AC_MSG_ERROR([--with-dispatch: '$mbb_f' is listed twice])])
  eval "mbb_i=\$mbb_isa_of_$mbb_f"
  eval "mbb_compiles=\$mbb_isa_${mbb_i}_compiles mbb_cflags=\$mbb_isa_${mbb_i}_cflags"
  eval "mbb_need=\$mbb_isa_${mbb_i}_desc"
  AS_IF([test "x$mbb_i" != xany && test "x$mbb_compiles" != xyes],
    [AC_MSG_ERROR([--with-dispatch: the compiler cannot emit $mbb_need for $mbb_f])])
  MBB_DISPATCH_FLAVOURS="$MBB_DISPATCH_FLAVOURS${MBB_DISPATCH_FLAVOURS:+ }$mbb_f"
  MBB_DISPATCH_LIST="$MBB_DISPATCH_LIST${MBB_DISPATCH_LIST:+ }$mbb_f=$mbb_i"
  MBB_DISPATCH_CFLAGS_LIST="$MBB_DISPATCH_CFLAGS_LIST${MBB_DISPATCH_CFLAGS_LIST:+ }$mbb_f=`echo $mbb_cflags | tr ' ' ','`"
  AS_IF([test "x$mbb_i" = xany],
    [mbb_dispatch_summary="$mbb_dispatch_summary${mbb_dispatch_summary:+, else }$mbb_f"],
    [mbb_dispatch_summary="$mbb_dispatch_summary${mbb_dispatch_summary:+, else }$mbb_f where the CPU runs $mbb_need at full speed"])
  MBB_DISPATCH_LAST=$mbb_f
  mbb_last_isa=$mbb_i
done
AS_CASE([$MBB_DISPATCH_FLAVOURS], [*" "*], [],
  [AC_MSG_ERROR([--with-dispatch=$mbb_list: name two flavours or more, or build that flavour alone with --with-tables])])
AS_IF([test "x$mbb_last_isa" != xany],
  [AC_MSG_ERROR([--with-dispatch: the last flavour, $MBB_DISPATCH_LAST, needs $mbb_need; end the list with one that runs on every CPU, such as fancy or hq])])
MBB_DISPATCH_OTHERS=`echo " $MBB_DISPATCH_FLAVOURS" | sed "s/ $MBB_DISPATCH_LAST\$//; s/^ //"`
AC_CACHE_CHECK([whether the compiler and linker make ifunc symbols], [mbb_cv_ifunc],
  [AC_LINK_IFELSE([AC_LANG_PROGRAM([[
static int one(void) { return 1; }
static __attribute__((used)) int (*pick(void))(void) { return one; }
int picked(void) __attribute__((ifunc("pick")));
]], [[return picked() - 1;]])],
    [mbb_cv_ifunc=yes], [mbb_cv_ifunc=no])])
AS_IF([test "x$mbb_cv_ifunc" = xyes], [],
  [AC_MSG_ERROR([--with-tables=dispatch needs GNU ifunc, which this compiler or linker lacks; name a flavour instead])])
AS_MKDIR_P([src])
{ echo "/* dispatch-list.h - written by configure from --with-dispatch: the"
  echo " * flavours of the dispatch library, in order, as X(NAME, ISA, ARG)."
  echo " * Do not edit. */"
  printf '#define MBB_DISPATCH_EACH(X, ARG)'
  for mbb_p in $MBB_DISPATCH_LIST; do
    printf ' X(%s, ARG)' "`echo $mbb_p | sed 's/=/, /'`"
  done
  echo
} > src/dispatch-list.h
AC_SUBST([MBB_DISPATCH_FLAVOURS])
AC_SUBST([MBB_DISPATCH_LAST])
AC_SUBST([MBB_DISPATCH_OTHERS])
AC_SUBST([MBB_DISPATCH_LIST])
AC_SUBST([MBB_DISPATCH_CFLAGS_LIST])
])
