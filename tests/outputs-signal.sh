#!/bin/sh
# SPDX-License-Identifier: MIT
# outputs-signal.sh - the outputs of one run stay together: a SIGTERM
# that arrives between the renames of two outputs (-o t.c -d m.txt),
# sent under gdb from a breakpoint on the second rename, leaves both
# files new (the generator holds such signals while it renames), never
# the tables of one run beside the magics of another.  TAP; skipped
# where gdb is missing or cannot trace.
gen=${MBB_GEN:?MBB_GEN must name the generator}
command -v gdb >/dev/null 2>&1 || { echo "1..0 # SKIP gdb not found (Debian: apt-get install gdb)"; exit 0; }
work=$(mktemp -d "${TMPDIR:-/tmp}/magicbb-signal.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
echo "1..2"
n=0
for sig in SIGTERM SIGINT; do
  n=$((n + 1))
  echo old > t.c
  echo old > m.txt
  gdb -batch -nx -ex 'set breakpoint pending on' -ex "handle $sig nostop noprint pass" \
    -ex 'break rename' -ex run -ex continue \
    -ex "python import os, signal; os.kill(gdb.selected_inferior().pid, signal.$sig)" \
    -ex continue --args "$gen" --seed=5 --sliders-only -o t.c -d m.txt >gdb.log 2>&1
  if grep -q 'ptrace\|Python scripting is not supported' gdb.log; then
    echo "ok $n # SKIP gdb cannot run the generator here: $(grep -m1 'ptrace\|Python' gdb.log)"
    continue
  fi
  tables=$(head -c 2 t.c)
  dump=$(head -c 7 m.txt)
  if [ "$tables" = "/*" ] && [ "$dump" = "# magic" ]; then
    echo "ok $n - $sig between two renames: both outputs new"
  elif [ "$tables" = "ol" ] && [ "$dump" = "old" ]; then
    echo "not ok $n - $sig between two renames: neither output written (the breakpoint was missed?)"
    sed 's/^/# /' gdb.log
  else
    echo "not ok $n - $sig between two renames left t.c '$tables...' beside m.txt '$dump...'"
    sed 's/^/# /' gdb.log
  fi
  leftover=$(ls | grep -v '^t\.c$\|^m\.txt$\|^gdb\.log$')
  [ -z "$leftover" ] || echo "# left behind: $leftover"
done
