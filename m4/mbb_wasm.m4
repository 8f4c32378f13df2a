# SPDX-License-Identifier: MIT
# mbb_wasm.m4 - WebAssembly hosts (--host=wasm32-wasi).
#
# MBB_WASM
# --------
# Before AC_PROG_CC and MBB_BARE_METAL.  Sets mbb_wasm to yes for a
# WebAssembly host (host_cpu wasm32 or wasm64; its system wasi or
# emscripten: configure.ac refuses another where --host enters), else
# no; mbb_wasm_order to wasm there, for a download budget's order
# (MBB_CHOOSE).  There, unless CC is given:
# the first of $host_alias-clang and clang --target=$host_alias that
# links a program (clang, lld, a C library and compiler-rt's builtins for
# the host: Debian's clang, lld, wasi-libc and libclang-rt-14-dev-wasm32);
# where none does, configure stops, naming what to install, rather than
# let AC_PROG_CC take the build machine's gcc.  The binary tools (AR,
# RANLIB, NM, SIZE, STRIP) are LLVM's, those beside the compiler, unless
# given: the build machine's cannot read wasm objects.  The library is static only (libtool has no
# shared libraries there).
AC_DEFUN([MBB_WASM],
[AC_BEFORE([$0], [AC_PROG_CC])dnl
AS_CASE([$host_cpu], [wasm32|wasm64], [mbb_wasm=yes mbb_wasm_order=wasm], [mbb_wasm=no])
AS_IF([test "x$mbb_wasm:${CC+set}" = xyes:],
  [AC_MSG_CHECKING([for a C compiler for $host_alias])
   printf 'int main(void) { return 0; }\n' > conftest_wasm.c
   for mbb_cc in "$host_alias-clang" "clang --target=$host_alias"; do
     AS_IF([AC_RUN_LOG([$mbb_cc -o conftest_wasm conftest_wasm.c])], [CC=$mbb_cc; break])
   done
   rm -f conftest_wasm conftest_wasm.c
   AC_MSG_RESULT([${CC:-none}])
   AS_IF([test -z "$CC"],
     [AC_MSG_ERROR([--host=$host_alias: no compiler links a program for it; install clang, lld, wasi-libc and the builtins of compiler-rt for wasm32 (Debian: apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32), or give CC= (emcc for emscripten; see config.log)])])])
AS_IF([test "x$mbb_wasm" = xyes],
  [enable_shared=${enable_shared-no}
   # (automake's own check took the build machine's strip)
   test "x$STRIP" != xstrip || unset STRIP
   for mbb_tool in AR:ar RANLIB:ranlib NM:nm SIZE:size STRIP:strip; do
     mbb_path=`${CC%% *} -print-prog-name=llvm-${mbb_tool#*:} 2>/dev/null`
     eval "test -n \"\${${mbb_tool%%:*}+set}\"" || test ! -x "$mbb_path" || eval "${mbb_tool%%:*}=\$mbb_path"
   done])
])

# MBB_WASI_RUNTIME
# ----------------
# After AC_PROG_CC.  NODE, in every build (the drop-in's wasm test runs
# its programs with it), and on a wasm32 host WASI_RUNTIME, the command
# that runs the host's programs for make check: by default node with
# tools/wasi-run.mjs, which says so and exits 77 where node is older than
# 18 (the tests then skip); empty without node, and make check skips them.
AC_DEFUN([MBB_WASI_RUNTIME],
[AC_ARG_VAR([WASI_RUNTIME], [command that runs a wasm32-wasi program for make check (default: node with tools/wasi-run.mjs)])dnl
AC_ARG_VAR([NODE], [node, for the wasm module's tests and the WASI runtime (default: found on the PATH)])dnl
AC_PATH_PROGS([NODE], [node nodejs], [])
AS_IF([test "x$mbb_wasm:${WASI_RUNTIME+set}" = xyes: && test -n "$NODE"],
  [WASI_RUNTIME="$NODE `cd "$srcdir" && pwd`/tools/wasi-run.mjs"])
])
