#!/bin/sh
# SPDX-License-Identifier: MIT
# make-fastest.sh - make fastest, as TAP: in this build (configured with
# --enable-lab) it times every flavour on each workload and ends with
# the line to configure with, a flavour of the registry; it refuses a cross
# build and a workload it does not know, in one line each.
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
. "$(dirname "$0")/../tests/tap.sh"
tap_workdir fastest
make=${MAKE:-make}
# (a make of its own: no directory lines, no jobs of make check's)
unset MAKEFLAGS MFLAGS MAKELEVEL

# The timings, on each workload (search, the default, and lookups).
for workload in search lookups; do
  if "$make" -s -C "$builddir" fastest FASTEST_WORKLOAD=$workload >"$work/out" 2>"$work/err"; then
    ok "make fastest FASTEST_WORKLOAD=$workload ran"
  else
    not_ok "make fastest FASTEST_WORKLOAD=$workload failed"
    sed 's/^/# /' "$work/err"
  fi
  sed 's/^/# /' "$work/out"
  name=$(tail -n 1 "$work/out" | sed -n 's/^configure --with-tables=\([a-z0-9]*\)$/\1/p')
  if [ -n "$name" ] && "$MBB_GEN" --registry flavours | tr ' ' '\n' | grep -qx "$name"; then
    ok "$workload: its last line is a --with-tables line with a flavour of the registry ($name)"
  else
    not_ok "$workload: its last line is no --with-tables line with a flavour: $(tail -n 1 "$work/out")"
  fi
  if grep -q '^why: ' "$work/out" && grep -Eq "^$name ([0-9.]+ ns \[|< resolution)" "$work/out"; then
    ok "$workload: it says why, and gives $name's figure"
  else
    not_ok "$workload: no why: line, or no figure for $name"
  fi
done

# Refusals, one line each: a cross build (the timings would be this
# machine's, not the target's), a workload it does not know.
for args in "MBB_CROSS_COMPILING=yes:this build is for" "FASTEST_WORKLOAD=perft:search or lookups"; do
  if "$make" -s -C "$builddir" fastest "${args%%:*}" >"$work/out" 2>"$work/err"; then
    not_ok "make fastest ${args%%:*} ran"
  elif [ "$(grep -c . "$work/out")" -eq 1 ] && grep -q "^make fastest: .*${args#*:}" "$work/out"; then
    ok "make fastest ${args%%:*} refuses in one line"
  else
    not_ok "make fastest ${args%%:*}: no one-line refusal"
    sed 's/^/# /' "$work/out"
  fi
done

tap_done
