#!/bin/sh
# SPDX-License-Identifier: MIT
# selftest.sh - the self-test (tests/selftest.c) of the built library, as
# TAP: every square and relevant occupancy, the leapers and the line
# tables against the ray walk, through the library's functions.  It needs
# no Check, so a build without Check runs it too.
selftest=${MBB_SELFTEST:?MBB_SELFTEST must name tests/magicbb-selftest}
echo "1..1"
# shellcheck disable=SC2086
if line=$("$selftest" ${MBB_SELFTEST_EXPECT:-} 2>&1); then
  echo "ok 1 - $line"
else
  echo "not ok 1 - $line"
fi
