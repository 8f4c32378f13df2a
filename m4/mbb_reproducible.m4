# SPDX-License-Identifier: MIT
# mbb_reproducible.m4 - binaries that do not record where they were built.
#
# MBB_REPRODUCIBLE_CFLAGS
# -----------------------
# Debug information names the build directory (DW_AT_comp_dir) and the
# source paths, and the build ID hashes them: the same source built in
# two directories would install different files.  This macro sets and
# substitutes MBB_PREFIX_MAP_CFLAGS to map both top directories to "."
# with -ffile-prefix-map (GCC 8, Clang 10), or -fdebug-prefix-map where
# that is all the compiler has, or nothing.  The value names make
# variables, so it is expanded by make, not here.
AC_DEFUN([MBB_REPRODUCIBLE_CFLAGS],
[AC_REQUIRE([AC_PROG_CC])dnl
AC_CACHE_CHECK([for the option that maps the build path out of binaries],
  [mbb_cv_prefix_map],
  [mbb_cv_prefix_map=none
   mbb_save_CFLAGS=$CFLAGS
   for mbb_option in -ffile-prefix-map -fdebug-prefix-map; do
     CFLAGS="$mbb_save_CFLAGS -Werror $mbb_option=/magicbb-a=."
     AC_COMPILE_IFELSE([AC_LANG_PROGRAM([], [])],
       [mbb_cv_prefix_map=$mbb_option
        break])
   done
   CFLAGS=$mbb_save_CFLAGS])
AS_IF([test "x$mbb_cv_prefix_map" = xnone],
  [MBB_PREFIX_MAP_CFLAGS=],
  [MBB_PREFIX_MAP_CFLAGS="$mbb_cv_prefix_map=\$(abs_top_builddir)=. $mbb_cv_prefix_map=\$(abs_top_srcdir)=."])
AC_SUBST([MBB_PREFIX_MAP_CFLAGS])dnl
])
