#!/bin/sh
# SPDX-License-Identifier: MIT
# recipes.sh - doc/generator.md's SLURM job script, run as written under
# the variables SLURM sets for an array task, with a stand-in scontrol
# that records what it is asked: SIGTERM to the batch shell alone (as
# `scancel --batch -s TERM` and the time limit's --signal=B:TERM send
# it) must end the task with status 75, its outputs and checkpoint
# written, and the task requeued; the requeued task must go on from its
# checkpoint, its provenance naming the seeds of both runs.  Then the
# shards' files merge.  TAP.
gen=${MBB_SEARCH:?MBB_SEARCH must name magicbb-search}
load=${MBB_GEN:?MBB_GEN must name magicbb-gen}
doc=${MBB_SRCDIR:?MBB_SRCDIR must name the source tree}/doc/generator.md
. "$MBB_SRCDIR/tests/tap.sh" # (tap_wait)
work=$(mktemp -d "${TMPDIR:-/tmp}/magicbb-recipes.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99
mkdir bin
ln -s "$gen" bin/magicbb-search
cat > bin/scontrol <<'EOF'
#!/bin/sh
echo "$*" >> scontrol.log
EOF
chmod +x bin/scontrol
awk '$0 == "<!-- recipe:slurm -->" { found = 1; next }
     found && /^```sh/ { copy = 1; next }
     copy && /^```/ { exit }
     copy { print }' "$doc" > job.sh
awk '$0 == "<!-- recipe:parallel -->" { found = 1; next }
     found && /^```sh/ { copy = 1; next }
     copy && /^```/ { exit }
     copy { print }' "$doc" > parallel.sh
echo "1..6"
if ! grep -q '^#SBATCH' job.sh || ! grep -q '^parallel ' parallel.sh; then
  echo "Bail out! no SLURM or parallel recipe marked <!-- recipe:slurm --> or <!-- recipe:parallel --> in $doc"
  exit 1
fi

# task K, restart R: job.sh in the background, as sbatch would run it
# (SIGINT ignored, as for any background job of a shell); SIGTERM to the
# shell once its first checkpoint is there.  Sets status.
task() {
  PATH="$work/bin:$PATH" SLURM_ARRAY_JOB_ID=4242 SLURM_ARRAY_TASK_ID=$1 SLURM_ARRAY_TASK_COUNT=2 \
    SLURM_CPUS_PER_TASK=1 SLURM_RESTART_COUNT=$2 sh job.sh >> "shard-$1.log" 2>&1 &
  shell=$!
  tap_wait 300 "[ -s 'ck-$1.txt' ]"
  sleep 1
  kill -TERM "$shell"
  wait "$shell"
  status=$?
}

task 1 0
if [ "$status" = 75 ] && [ "$(cat scontrol.log 2>/dev/null)" = "requeue 4242_1" ] \
   && [ -s shard-1.txt ] && grep -q 'interrupted' shard-1.txt; then
  echo "ok 1 - SIGTERM to the batch shell: status 75, the shard's magics written, requeued"
else
  echo "not ok 1 - SIGTERM to the batch shell: status $status, scontrol '$(cat scontrol.log 2>/dev/null)'"
  tail -n 5 shard-1.log | sed 's/^/# /'
fi
if grep -q -- '--shard=1/2' shard-1.txt; then
  echo "ok 2 - the shard count came from SLURM_ARRAY_TASK_COUNT"
else
  echo "not ok 2 - shard-1.txt does not name --shard=1/2"
fi
rm -f scontrol.log
task 1 1
history=$(sed -n 's/^# //p' shard-1.txt | tr '\n' ' ')
case $history in
  *"--seed=0x7 "*"from file ck-1.txt (magicbb-search --seed=0x7 "*) found=yes ;;
  *) found=no ;;
esac
if [ "$status" = 75 ] && [ $found = yes ] && grep -q "going on from the file's progress" shard-1.log; then
  echo "ok 3 - the requeued task went on from its checkpoint's progress, and names both runs"
else
  echo "not ok 3 - the requeued task: status $status"
  head -n 4 shard-1.txt | sed 's/^/# /'
fi
task 2 0
if "$gen" -f fancy --merge shard-1.txt shard-2.txt -d fancy.txt 2>merge.err; then
  echo "ok 4 - the shards' files merge"
else
  echo "not ok 4 - the shards' files do not merge"
  sed 's/^/# /' merge.err
fi

# GNU parallel's recipe, as written, in the foreground (SIGINT reaches
# it as Ctrl-C would): each shard's lines carry its number, and SIGINT
# once shards are under way leaves each started shard's file written.
if command -v parallel >/dev/null 2>&1; then
  mkdir par && cd par || exit 99
  (
    tap_wait 300 "[ \"\$(grep -c '^[1-8]	magicbb-search: dense: ' out)\" -ge 4 ]"
    kill -INT "$(cat pid)"
  ) >/dev/null 2>&1 &
  watcher=$!
  PATH="$work/bin:$PATH" sh -c 'echo $$ > pid; exec sh "$0"' ../parallel.sh >out 2>&1
  status=$?
  wait "$watcher"
  started=$(sed -n 's/^\([1-8]\)	magicbb-search: dense: .*/\1/p' out | sort -u)
  if [ -n "$started" ] && ! grep -v '^[1-8]	' out | grep -q 'magicbb-search: dense'; then
    echo "ok 5 - parallel: every shard's line carries its number ($(echo $started))"
  else
    echo "not ok 5 - parallel: untagged or no lines"
    head -n 3 out | sed 's/^/# /'
  fi
  missing=
  for k in $started; do
    [ -s "shard-$k.txt" ] && "$load" -f fancy --magics="shard-$k.txt" -d "again-$k.txt" 2>/dev/null \
      || missing="$missing $k"
  done
  if [ "$status" != 0 ] && [ -n "$started" ] && [ -z "$missing" ]; then
    echo "ok 6 - parallel after SIGINT: status $status, each started shard's file written and reloads"
  else
    echo "not ok 6 - parallel after SIGINT: status $status, shards without a whole file:$missing"
  fi
  cd .. || exit 99
else
  echo "ok 5 # SKIP no GNU parallel here"
  echo "ok 6 # SKIP no GNU parallel here"
fi
