# SPDX-License-Identifier: MIT
# tap.sh - what the test scripts share, sourced: . "$(dirname "$0")/tap.sh"
#   ok TEXT, not_ok TEXT   one TAP line each, counted
#   skip TEXT              a passing line marked SKIP, saying why
#   tap_workdir NAME       $work: a scratch directory, removed at exit
#   tap_done               the plan line; status 0 if nothing failed
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
skip() { n=$((n + 1)); echo "ok $n # SKIP $1"; }
tap_workdir() {
  work=$(mktemp -d "${TMPDIR:-/tmp}/magicbb-$1.XXXXXX") || exit 99
  trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
}
tap_done() {
  echo "1..$n"
  [ "$failed" = 0 ]
}
