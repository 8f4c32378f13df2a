# SPDX-License-Identifier: MIT
# mbb_bare_metal.m4 - bare-metal hosts.
#
# MBB_BARE_METAL
# --------------
# Before AC_PROG_CC.  Sets mbb_bare_metal to yes for a host with no
# operating system (a host_os of eabi*, elf* or none*), else no.  Such a
# compiler links no program until told which C library stubs to use, so
# unless LDFLAGS name --specs this appends the first that links: none,
# newlib-nano with no-OS stubs, or picolibc.  (The library itself needs
# no C library.)  A 64-bit RISC-V one gets -mcmodel=medany unless CFLAGS
# name a code model: medlow reaches only the lowest 2 GiB, and firmware
# places tables at 0x80000000.
AC_DEFUN([MBB_BARE_METAL],
[AC_BEFORE([$0], [AC_PROG_CC])dnl
AS_CASE([$host_os], [eabi*|elf*|none*], [mbb_bare_metal=yes], [mbb_bare_metal=no])
AS_CASE([$mbb_bare_metal:" $LDFLAGS "], [yes:*--specs=*|no:*], [],
  [AC_MSG_CHECKING([for C library link flags for $host])
   printf 'int main(void) { return 0; }\n' > conftest_bare.c
   mbb_specs=none
   for mbb_s in '' '--specs=nano.specs --specs=nosys.specs' '--specs=picolibc.specs'; do
     AS_IF([AC_RUN_LOG([${CC-$host_alias-gcc} $CFLAGS $LDFLAGS $mbb_s -o conftest_bare conftest_bare.c])],
       [mbb_specs=$mbb_s
        break])
   done
   rm -f conftest_bare conftest_bare.c
   AC_MSG_RESULT([${mbb_specs:-none needed}])
   AS_CASE([$mbb_specs], [none],
     [AC_MSG_WARN([cannot link a program with newlib or picolibc specs; install a C library for $host (libnewlib-arm-none-eabi, picolibc-riscv64-unknown-elf, ...) or pass LDFLAGS=--specs=...])],
     [LDFLAGS="$LDFLAGS${mbb_specs:+ }$mbb_specs"])])
AS_CASE([$mbb_bare_metal:$host_cpu:" ${CFLAGS--g -O2} "], [yes:riscv64*:*" -mcmodel="*|no:*], [],
  [yes:riscv64*:*],
  [CFLAGS="${CFLAGS--g -O2} -mcmodel=medany"
   AC_MSG_NOTICE([adding -mcmodel=medany to CFLAGS: the tables may be placed at any address])])
])

# MBB_CHECK_HOST_CC
# -----------------
# After AC_PROG_CC.  Where no $host_alias-gcc is installed, autoconf takes
# the build machine's cc, which would build a native library under the
# host's name: stops, naming the compiler to install, when the compiler
# does not define the host architecture's macro (for those listed).
AC_DEFUN([MBB_CHECK_HOST_CC],
[mbb_cc_hint=$host_alias-gcc
AS_CASE([$host_cpu],
  [x86_64|i?86], [mbb_arch="defined __x86_64__ || defined __i386__"],
  [aarch64*|arm64*], [mbb_arch="defined __aarch64__"],
  [arm*|thumb*], [mbb_arch="defined __arm__"],
  [riscv*], [mbb_arch="defined __riscv"],
  [s390*], [mbb_arch="defined __s390__"],
  [powerpc*|ppc*], [mbb_arch="defined __powerpc__ || defined __PPC__"],
  [mips*], [mbb_arch="defined __mips__"],
  [loongarch*], [mbb_arch="defined __loongarch__"],
  [wasm32*|wasm64*], [mbb_arch="defined __wasm__" mbb_cc_hint="clang, lld, wasi-libc and compiler-rt for wasm32"],
  [mbb_arch=1])
AC_MSG_CHECKING([whether $CC builds for $host_cpu])
AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#if !($mbb_arch)
#error "another architecture"
#endif]])], [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([--host=$host_alias, but the C compiler '$CC' builds for another architecture; install $mbb_cc_hint, or give CC= a compiler for $host_cpu])])
])
