# SPDX-License-Identifier: MIT
# mbb_bare_metal.m4 - link flags for bare-metal hosts.
#
# MBB_BARE_METAL
# --------------
# Must come before AC_PROG_CC.  Sets mbb_bare_metal to yes for hosts with
# no operating system (arm-none-eabi, riscv64-unknown-elf, ...: a host_os
# of eabi*, elf* or none*), else no.
#
# A bare-metal C compiler cannot link even an empty program until it is
# told which C library stubs to use, so AC_PROG_CC would fail.  When the
# user's LDFLAGS name no --specs, this tries, in order, no extra flags,
# newlib-nano with no-OS stubs (Debian's gcc-arm-none-eabi with
# libnewlib-arm-none-eabi) and picolibc (Debian's picolibc-* packages),
# and appends the first set that links to LDFLAGS.  The library itself
# never uses them: it needs no C library at all.
AC_DEFUN([MBB_BARE_METAL],
[AC_BEFORE([$0], [AC_PROG_CC])dnl
AC_REQUIRE([AC_CANONICAL_HOST])dnl
AS_CASE([$host_os],
  [eabi*|elf*|none*], [mbb_bare_metal=yes],
  [mbb_bare_metal=no])
AS_IF([test "x$mbb_bare_metal" = xyes],
 [AS_CASE([" $LDFLAGS "],
   [*--specs=*], [],
   [AC_MSG_CHECKING([for C library link flags for $host])
    mbb_bare_cc=${CC-$host_alias-gcc}
    mbb_bare_specs=none
    printf 'int main(void) { return 0; }\n' > conftest_bare.c
    for mbb_spec in '' '--specs=nano.specs --specs=nosys.specs' '--specs=picolibc.specs'; do
      AS_IF([AC_RUN_LOG([$mbb_bare_cc $CFLAGS $LDFLAGS $mbb_spec -o conftest_bare conftest_bare.c])],
        [mbb_bare_specs=$mbb_spec
         break])
    done
    rm -f conftest_bare conftest_bare.c
    AS_CASE([$mbb_bare_specs],
      [none], [AC_MSG_RESULT([none found])
               AC_MSG_WARN([$mbb_bare_cc cannot link a program with newlib or picolibc specs; install a C library for $host (libnewlib-arm-none-eabi, picolibc-riscv64-unknown-elf, ...) or pass LDFLAGS=--specs=...])],
      [""], [AC_MSG_RESULT([none needed])],
      [AC_MSG_RESULT([$mbb_bare_specs])
       LDFLAGS="$LDFLAGS $mbb_bare_specs"])])])
])

# MBB_BARE_METAL_CODE_MODEL
# -------------------------
# After AC_PROG_CC.  A 64-bit RISC-V bare-metal host compiles with
# -mcmodel=medany unless CFLAGS name a code model: the default, medlow,
# reaches only the lowest and highest 2 GiB of addresses, so a library
# whose tables a firmware places at 0x80000000 (QEMU's virt board, most
# RISC-V boards' RAM) failed to link ("relocation truncated to fit:
# R_RISCV_HI20").  medany reaches any 2 GiB around the code.
AC_DEFUN([MBB_BARE_METAL_CODE_MODEL],
[AC_REQUIRE([AC_PROG_CC])dnl
AS_IF([test "x$mbb_bare_metal" = xyes],
  [AS_CASE([$host_cpu:" $CFLAGS "],
    [riscv64*:*" -mcmodel="*], [],
    [riscv64*:*],
      [CFLAGS="$CFLAGS -mcmodel=medany"
       AC_MSG_NOTICE([adding -mcmodel=medany to CFLAGS: the tables may be placed at any address])])])
])
