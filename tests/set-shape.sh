#!/bin/sh
# SPDX-License-Identifier: MIT
# set-shape.sh - a set call (mbb_rook_attacks_set and the like, inlined)
# is the loop of single lookups it replaces, instruction for instruction:
# tests/set_shape.c compiled with the build's flags and with an engine's
# (-O2 -march=native, and with -fno-tree-loop-vectorize, where the
# compiler takes them), objdump counts each function's instructions, and no set call
# may have more than its loop.  TAP.
#
# Environment (from make check): MBB_SRCDIR, MBB_BUILDDIR, MBB_CC,
# MBB_CFLAGS, MBB_INLINE_CFLAGS; OBJDUMP.
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
cc=${MBB_CC:-cc}
. "$(dirname "$0")/tap.sh"
tap_workdir set-shape
tap_tools

# count OBJECT FUNCTION: the instructions objdump shows in FUNCTION, but
# the padding (nop, and x86's two-byte xchg %ax,%ax).
count() {
  "$objdump" -d --no-show-raw-insn "$1" | awk -v f="<$2>:" '
    $2 == f { inside = 1; next }
    inside && /^$/ { exit }
    inside && /^ *[0-9a-f]+:\t[a-z]/ && !/nop/ && !/xchg +%ax,%ax/ { n++ }
    END { print n + 0 }'
}

# shape NAME FLAGS...: compile with FLAGS, compare every piece's pair.
shape() {
  s_name=$1
  shift
  # (a compiler may carry arguments: CC='ccache gcc')
  # shellcheck disable=SC2086
  if ! $cc "$@" -I"$builddir/include" -I"$srcdir/include" -c -o "$work/shape.o" \
    "$srcdir/tests/set_shape.c" 2>"$work/shape.log"; then
    skip "$s_name: $cc does not compile it ($(head -n 1 "$work/shape.log"))"
    return
  fi
  s_worse=
  s_counts=
  for piece in rook bishop queen knight king; do
    s_set=$(count "$work/shape.o" "set_$piece")
    s_loop=$(count "$work/shape.o" "loop_$piece")
    s_counts="$s_counts $piece $s_set/$s_loop"
    if [ "$s_set" = 0 ] || [ "$s_loop" = 0 ]; then
      s_worse="$s_worse $piece (not found)"
    elif [ "$s_set" -gt "$s_loop" ]; then
      s_worse="$s_worse $piece ($s_set against $s_loop)"
    fi
  done
  if [ -z "$s_worse" ]; then
    ok "$s_name: no set call has more instructions than its loop (set/loop:$s_counts)"
  else
    not_ok "$s_name: set calls with more instructions than their loop:$s_worse"
  fi
}

if [ -z "$objdump" ]; then
  skip "set calls against their loops: no objdump (binutils)"
  tap_done
  exit
fi
# shellcheck disable=SC2086
shape "the build's flags" ${MBB_CFLAGS:-} ${MBB_INLINE_CFLAGS:-}
for flags in "-O2 -march=native" "-O2 -march=native -fno-tree-loop-vectorize"; do
  # shellcheck disable=SC2086
  shape "$flags" ${MBB_INLINE_CFLAGS:-} $flags
done
tap_done
