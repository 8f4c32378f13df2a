# SPDX-License-Identifier: MIT
# mbb_wasm.m4 - WebAssembly hosts (--host=wasm32-wasi).
#
# MBB_WASM
# --------
# Before AC_PROG_CC.  Sets mbb_wasm to yes for a WebAssembly host
# (host_cpu wasm32 or wasm64), else no; mbb_wasm_order to wasm there, for
# a download budget's order (MBB_CHOOSE).  There, unless CC is given:
# the first of $host_alias-clang and clang --target=$host_alias that
# links a program (clang, lld, a C library and compiler-rt's builtins for
# the host: Debian's clang, lld, wasi-libc and libclang-rt-14-dev-wasm32);
# where none does, configure stops, naming what to install, rather than
# let AC_PROG_CC take the build machine's gcc.  The binary tools (AR,
# RANLIB, NM, SIZE, STRIP) are LLVM's, unless given: the build machine's
# cannot read wasm objects.  The library is static only (libtool has no
# shared libraries there).
AC_DEFUN([MBB_WASM],
[AC_BEFORE([$0], [AC_PROG_CC])dnl
AS_CASE([$host_cpu], [wasm32|wasm64], [mbb_wasm=yes mbb_wasm_order=wasm], [mbb_wasm=no])
AS_IF([test "x$mbb_wasm:${CC+set}" = xyes:],
  [AC_MSG_CHECKING([for a C compiler for $host_alias])
   printf 'int main(void) { return 0; }\n' > conftest_wasm.c
   for mbb_cc in "$host_alias-clang" "clang --target=$host_alias"; do
     AS_IF([AC_RUN_LOG([$mbb_cc -o conftest_wasm conftest_wasm.c])], [CC=$mbb_cc
        break])
   done
   rm -f conftest_wasm conftest_wasm.c
   AS_IF([test -n "$CC"], [AC_MSG_RESULT([$CC])],
     [AC_MSG_RESULT([none])
      AC_MSG_ERROR([--host=$host_alias: no compiler links a program for it; install clang, lld, wasi-libc and the builtins of compiler-rt for wasm32 (Debian: apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32), or give CC= (emcc for emscripten; see config.log)])])])
AS_IF([test "x$mbb_wasm" = xyes],
  [enable_shared=${enable_shared-no}
   # (automake's own check took the build machine's strip)
   test "x$STRIP" != xstrip || unset STRIP
   for mbb_tool in AR=ar RANLIB=ranlib NM=nm SIZE=size STRIP=strip; do
     mbb_var=`echo "$mbb_tool" | sed 's/=.*//'`
     mbb_name=llvm-`echo "$mbb_tool" | sed 's/.*=//'`
     mbb_path=`${CC%% *} -print-prog-name=$mbb_name 2>/dev/null`
     AS_CASE([$mbb_path], [/*], [], [mbb_path=`command -v "$mbb_name"`])
     eval "test -n \"\${$mbb_var+set}\"" || test ! -x "$mbb_path" || eval "$mbb_var=\$mbb_path"
   done])
])

# MBB_WASI_RUNTIME
# ----------------
# After AC_PROG_CC, on a wasm32-wasi host: WASI_RUNTIME, the command that
# runs the host's programs for make check (default: node with
# tools/wasi-run.mjs), where it runs a program linked here; else empty,
# and make check skips those tests, saying why (mbb_wasi_why).  NODE, in
# every build: the drop-in's wasm test runs its programs with it.
AC_DEFUN([MBB_WASI_RUNTIME],
[AC_ARG_VAR([WASI_RUNTIME], [command that runs a wasm32-wasi program for make check (default: node with tools/wasi-run.mjs)])dnl
AC_ARG_VAR([NODE], [node, for the wasm module's tests and the WASI runtime (default: found on the PATH)])dnl
AC_PATH_PROGS([NODE], [node nodejs], [])
AS_IF([test "x$mbb_wasm" = xyes],
  [AS_IF([test "x${WASI_RUNTIME+set}" != xset && test -n "$NODE"],
     [WASI_RUNTIME="$NODE `cd "$srcdir" && pwd`/tools/wasi-run.mjs"])
   AC_MSG_CHECKING([whether ${WASI_RUNTIME:-a WASI runtime} runs $host programs])
   AS_CASE([$host_os:$WASI_RUNTIME], [wasi*:?*],
     [AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <stdio.h>]], [[puts("wasi-ok"); return 3;]])],
        [AS_IF([test "`$WASI_RUNTIME ./conftest$ac_exeext 2>&AS_MESSAGE_LOG_FD; echo $?`" = "wasi-ok
3"], [mbb_wasi_why=],
           [mbb_wasi_why="$WASI_RUNTIME does not run them (node 20 or later, or set WASI_RUNTIME)"])],
        [mbb_wasi_why="cannot link a program for $host"])],
     [wasi*:], [mbb_wasi_why="no WASI runtime: install node (20 or later) or set WASI_RUNTIME"],
     [mbb_wasi_why="$host is not a WASI host"])
   AS_IF([test -z "$mbb_wasi_why"], [AC_MSG_RESULT([yes])],
     [AC_MSG_RESULT([no: $mbb_wasi_why])
      WASI_RUNTIME=])])
AC_SUBST([MBB_WASI_WHY], [$mbb_wasi_why])
])
