# SPDX-License-Identifier: MIT
# mbb_isa.m4 - the instruction sets of src/isa.def that the target has.
#
# MBB_CHECK_ISA
# -------------
# Sets MBB_DETECTED, for magicbb-gen --decide (which asks this CPU itself
# in a native build) and the laboratory (lab/local.mk): isa_NAME=yes
# where the compiler defines MBB_HAVE_<MACRO> (magicbb/bits.h) with
# CFLAGS, =flags where it does with the set's flags (a cross build's
# too, for a dispatch library: its -march decides the rest), else =no;
# and target_slow_pext (policy.h); each from the preprocessor, with the
# library's flags in the order the build gives them: the set's flags
# before CFLAGS, so that CFLAGS='-mno-bmi2' has the last word, as it
# will in make.
AC_DEFUN([MBB_CHECK_ISA],
[AC_MSG_CHECKING([for the instruction sets of src/isa.def])
cat > conftest_isa.c <<'_MBB_EOF'
#include "registry.h"
#define MBB_ISA(name, macro, flags, probe, slow, description) mbb_isa name MBB_IS_ONE(MBB_HAVE_##macro) flags
#include "isa.def"
mbb_found target_slow_pext MBB_IS_ONE(MBB_SLOW_BMI2)
_MBB_EOF
mbb_isa_cpp () {
  $CC -E $CPPFLAGS $LIBRARY_CFLAGS $[]1 $CFLAGS -I$srcdir/include -I$srcdir/src conftest_isa.c \
    2>&AS_MESSAGE_LOG_FD | grep '^mbb_'
}
mbb_found () { MBB_DETECTED="$MBB_DETECTED $[]1=$[]2"; }
# mbb_isa NAME 0|1 FLAGS: what the preprocessor said with CFLAGS
mbb_isa () {
  AS_IF([test "$[]2" = 1], [mbb_found isa_$[]1 yes],
    [test -n "$[]3" && mbb_isa_cpp "$[]3" | grep -q "^mbb_isa $[]1 1 "],
    [mbb_found isa_$[]1 flags], [mbb_found isa_$[]1 no])
}
MBB_DETECTED=
mbb_isa_lines=`mbb_isa_cpp ''`
eval "$mbb_isa_lines"
rm -f conftest_isa.c
AS_IF([test -z "$mbb_isa_lines"], [AC_MSG_ERROR([$CC -E cannot read src/isa.def; see config.log])])
AC_MSG_RESULT([$MBB_DETECTED])
])
