#!/bin/sh
# SPDX-License-Identifier: MIT
# interrupt.sh - a signal ends a magicbb-search run early with the best
# found so far, written whole, and an exit status of its own (75):
#  1-4  SIGINT once black's annealer (started for four billion moves)
#       has begun: status 75 and one line saying so, the provenance says
#       interrupted, the tables are no larger than the input's layout and
#       reload from the magics written;
#  5-6  two SIGTERMs a moment apart, as GNU timeout, SLURM and scancel
#       send them (to the process, then to its group): the second must
#       not lose what the first kept; the same under timeout(1) itself;
#  7    an output that cannot be written is refused before the search;
#  8    a checkpoint that cannot be written mid-run is said once, and the
#       outputs are still written;
#  9-10 under a file-size limit (ulimit -f, as batch schedulers set it)
#       an output or the first checkpoint that crosses it is one line
#       naming it and status 1, never SIGXFSZ's silent death (status 153)
#       with its temporary file left.
# TAP.
gen=${MBB_SEARCH:?MBB_SEARCH must name magicbb-search}
# the generator, which loads and verifies what the search wrote
load=${MBB_GEN:?MBB_GEN must name magicbb-gen}
magics=${MBB_MAGICS_DIR:?MBB_MAGICS_DIR must name gen/magics}/black.txt
fancy=$MBB_MAGICS_DIR/fancy.txt
. "${MBB_SRCDIR:?MBB_SRCDIR must name the source tree}/tests/tap.sh" # (tap_wait)
work=$(mktemp -d "${TMPDIR:-/tmp}/magicbb-interrupt.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99

# annealing_run PREFIX SIGNALLER: black's annealer, endless, in the
# foreground (a background job of a shell without job control ignores
# SIGINT, and the generator keeps an inherited SIG_IGN); SIGNALLER runs
# in the background with the generator's pid once the annealer has
# begun.  Sets status; PREFIX.c, PREFIX.txt, PREFIX.err.
annealing_run() {
  (
    tap_wait 600 "grep -q \"pack: the input's layout\" '$1.err'"
    sleep 1
    $2 "$(cat pid)"
    sleep 60
    kill -KILL "$(cat pid)" 2>/dev/null && echo ignored > ignored
  ) >/dev/null 2>&1 &
  watcher=$!
  sh -c 'echo $$ > pid; exec "$@"' sh "$gen" --flavour=black --magics="$magics" \
    --budget=0 --anneal=4000000000 -o "$1.c" -d "$1.txt" 2>"$1.err"
  status=$?
  if [ "$status" -gt 128 ]; then
    wait "$watcher"
  fi
  kill "$watcher" 2>/dev/null
}

interrupt() { kill -INT "$1"; }
annealing_run t interrupt
if [ -e ignored ]; then
  echo "1..0 # SKIP SIGINT is ignored in this environment"
  exit 0
fi
echo "1..10"
first=$(sed -n "s/.*pack: the input's layout: \\([0-9]*\\) entries.*/\\1/p" t.err)
if [ "$status" -eq 75 ] && grep -q 'pack: interrupted, keeping the best' t.err \
   && [ "$(grep -c '^magicbb-search: interrupted: the search stopped early' t.err)" = 1 ]; then
  echo "ok 1 - SIGINT ends the annealer with status 75 and says so once"
else
  echo "not ok 1 - after SIGINT: status $status"
  sed 's/^/# /' t.err | tail -n 5
fi
if grep -q -- '--anneal=4000000000, interrupted, from file' t.c \
   && grep -q -- '--anneal=4000000000, interrupted, from file' t.txt; then
  echo "ok 2 - both outputs' provenance says the search was interrupted"
else
  echo "not ok 2 - the provenance does not say the search was interrupted"
  head -5 t.c t.txt | sed 's/^/# /'
fi
entries=$(sed -n 's/^ \*   entries:  \([0-9]*\), in overlapping slices$/\1/p' t.c)
if [ -n "$first" ] && [ -n "$entries" ] && [ "$entries" -le "$first" ]; then
  echo "ok 3 - $entries entries kept, $first in the input"
else
  echo "not ok 3 - '$entries' entries kept, '$first' in the input"
fi
if "$load" --flavour=black --magics=t.txt -o r.c 2>rerr \
   && [ "$(sed -n '/^#include/,$p' t.c)" = "$(sed -n '/^#include/,$p' r.c)" ]; then
  echo "ok 4 - the magics and offsets written reload to the same tables"
else
  echo "not ok 4 - the magics written do not reload to the same tables"
  sed 's/^/# /' rerr
fi

# whole PREFIX: the outputs are there and the magics reload
whole() {
  [ -s "$1.c" ] && [ -s "$1.txt" ] && "$load" --flavour=black --magics="$1.txt" -o "$1-again.c" 2>/dev/null
}
# Two SIGTERMs 50 ms apart: the second comes while the first's outputs
# are verified and written.
twice() { kill -TERM "$1"; sleep 0.05; kill -TERM "$1"; }
annealing_run twice twice
if [ "$status" = 75 ] && whole twice; then
  echo "ok 5 - two SIGTERMs: status 75, the outputs written whole"
else
  echo "not ok 5 - two SIGTERMs: status $status"
  tail -n 3 twice.err | sed 's/^/# /'
fi
if command -v timeout >/dev/null 2>&1; then
  timeout --preserve-status -s TERM 4 "$gen" --flavour=black --magics="$magics" \
    --budget=0 --anneal=4000000000 -o timed.c -d timed.txt 2>timed.err
  status=$?
  if [ "$status" = 75 ] && whole timed; then
    echo "ok 6 - under timeout(1): status 75, the outputs written whole"
  else
    echo "not ok 6 - under timeout(1): status $status"
    tail -n 3 timed.err | sed 's/^/# /'
  fi
else
  echo "ok 6 # SKIP no timeout(1) here"
fi

# An output that cannot be written: refused at once, one line, no search.
"$gen" --flavour=fancy --magics="$fancy" --budget=1000 --seed=1 \
  -d missing/dir/m.txt 2>unwritable.err
status=$?
if [ "$status" = 1 ] && [ "$(wc -l < unwritable.err)" = 1 ] \
   && grep -q '^magicbb-search: missing/dir/m.txt: ' unwritable.err; then
  echo "ok 7 - an unwritable --dump-magics is one line and status 1 before the search"
else
  echo "not ok 7 - an unwritable --dump-magics: status $status"
  sed 's/^/# /' unwritable.err
fi

# A checkpoint whose directory goes away mid-run: one line saying so,
# the search goes on, and --dump-magics is written at its end.
mkdir ckdir
(
  tap_wait 600 '[ -s ckdir/ck.txt ]'
  rm -rf ckdir
  tap_wait 100 "grep -q 'no more checkpoints' lost.err"
  kill -INT "$(cat pid)"
) >/dev/null 2>&1 &
watcher=$!
sh -c 'echo $$ > pid; exec "$@"' sh "$gen" --flavour=fancy --magics="$fancy" \
  --budget=4000000000 --seed=1 --piece=rook --squares=a1,b1 --jobs=1 \
  --checkpoint=ckdir/ck.txt --checkpoint-every=1 -d lost.txt 2>lost.err
status=$?
wait "$watcher"
if [ "$status" = 1 ] && [ "$(grep -c 'ckdir/ck.txt.*cannot' lost.err)" = 1 ] \
   && [ "$(grep -c 'no more checkpoints' lost.err)" = 1 ] \
   && "$load" --flavour=fancy --magics=lost.txt -o lost.c 2>/dev/null; then
  echo "ok 8 - a checkpoint lost mid-run: said once, the search went on, the output written"
else
  echo "not ok 8 - a checkpoint lost mid-run: status $status"
  grep -v 'dense: rook' lost.err | sed 's/^/# /'
fi

# limited NAME ARGS...: a short search under a limit of one 512-byte
# block (far below a magics file), ARGS naming outputs limit.txt and NAME,
# both old; ok when its status is 1, its one line names NAME, and both
# files are unchanged, no temporary file left.
limited() {
  name=$1
  shift
  echo old > "$name"
  echo old > limit.txt
  ( ulimit -f 1 && exec "$gen" -q --flavour=fancy --magics="$fancy" --budget=1000 --seed=1 \
    --piece=rook --squares=a1 --jobs=1 "$@" ) 2>limit.err
  status=$?
  [ "$status" = 1 ] && [ "$(wc -l < limit.err)" = 1 ] \
    && grep -q "^magicbb-search: $name: cannot write: File too large\$" limit.err \
    && [ "$(cat "$name")" = old ] && [ "$(cat limit.txt)" = old ] \
    && [ -z "$(find . -name '*limit.txt.*')" ]
}
n=8
for case in "limit.txt:-d limit.txt" "ck-limit.txt:--checkpoint=ck-limit.txt -d limit.txt"; do
  n=$((n + 1))
  name=${case%%:*}
  outputs=${case#*:}
  if ! ( ulimit -f 1 ) 2>/dev/null; then
    echo "ok $n # SKIP ulimit -f is refused here"
  elif limited "$name" $outputs; then
    echo "ok $n - ulimit -f 1, $outputs: one line naming $name, status 1, nothing left"
  else
    echo "not ok $n - ulimit -f 1, $outputs: status $status, left $(find . -name '*limit*' | tr '\n' ' ')"
    sed 's/^/# /' limit.err
  fi
done
