#!/bin/sh
# SPDX-License-Identifier: MIT
# scale.sh - magicbb-search at scale (doc/generator.md, "Long
# searches"): --jobs finds the same magics for any number of threads;
# --checkpoint keeps the best so far through SIGINT and SIGKILL, and a
# run given it continues no worse; --shard and --merge split a search
# and join it to what one run finds; progress goes to a terminal as one
# updating line, elsewhere as plain lines, and nowhere with --quiet; bad
# options are one line and status 2.  TAP.
. "${MBB_SRCDIR:?MBB_SRCDIR must name the source tree}/tests/tap.sh"
gen=${MBB_SEARCH:?MBB_SEARCH must name magicbb-search}
# the generator, which loads and verifies what the search wrote
load=${MBB_GEN:?MBB_GEN must name magicbb-gen}
magics=${MBB_MAGICS_DIR:?MBB_MAGICS_DIR must name gen/magics}
tap_workdir scale
cd "$work" || exit 99

# The entries of a magics file, piece square magic bits: its comments
# (provenance) and offsets left out.
entries() { grep -v '^#' "$1" | awk '{ print $1, $2, $3, $4 }'; }
# The same with each entry's offset: its layout.
layout() { grep -v '^#' "$1" | awk '{ print $1, $2, $3, $4, $5 }'; }
# The index bits of each square of a magics file, one a line.
bits() { entries "$1" | awk '{ print $4 }'; }
# Wait until the checkpoint FILE holds a periodic checkpoint and at
# least TENTHS tenths of a second have passed (a minute at most).
checkpointed() {
  tap_wait 600 "grep -q '^# checkpoint of' '$1' && [ \$tries -ge $2 ]"
}

# 1. The same magics for 1, 2 and 3 threads: a flavour with index bits
# of its own (fancy), a fixed-width one (plain) and an overlapping one
# (white, packed again by the annealer).
for f in fancy plain white; do
  anneal=
  [ "$f" = white ] && anneal=--anneal=200
  for j in 1 2 3; do
    "$gen" -f "$f" --budget=300 $anneal --seed=11 --jobs="$j" -q \
      -d "$f-$j.txt" 2>"$f-$j.err" || not_ok "$f --jobs=$j: status $?"
  done
  if [ -s "$f-1.txt" ] && cmp -s "$f-1.txt" "$f-2.txt" && cmp -s "$f-1.txt" "$f-3.txt"; then
    ok "$f: --jobs=1, 2 and 3 write the same magics"
  else
    not_ok "$f: --jobs=1, 2 and 3 differ"
  fi
done

# 2. Bad options: one line, status 2, nothing written.
mkfifo fifo || exit 99
while IFS='|' read -r args expect; do
  # shellcheck disable=SC2086 # the arguments are words
  "$gen" $args -d bad.txt >out 2>err
  status=$?
  if [ "$status" = 2 ] && grep -q -- "$expect" err && [ "$(grep -c '^magicbb-search:' err)" = 1 ] \
     && [ ! -e bad.txt ]; then
    ok "$args: status 2, '$expect'"
  else
    not_ok "$args: status $status"
    sed 's/^/# /' err
  fi
done <<'LIST'
--jobs=0|--jobs: '0' is not a number of threads from 1 to 256
--jobs=two|--jobs: 'two' is not a number of threads
--jobs=257|--jobs: '257' is not
--merge --jobs=2 a.txt|--merge searches nothing
--shard=0/2|--shard: '0/2' is not K/N
--shard=3/2|--shard: '3/2' is not K/N
--shard=1/129|--shard: '1/129' is not K/N
--shard=1|--shard: '1' is not K/N
--merge --shard=1/2 a.txt|--merge searches nothing
-f offsetmagic --shard=1/2|--shard: the offsetmagic flavour places all its slices
--merge --checkpoint=c.txt a.txt|--merge searches nothing
--checkpoint-every=5|--checkpoint-every applies to --checkpoint only
--checkpoint=c.txt --checkpoint-every=0|--checkpoint-every: '0' is not
--checkpoint=bad.txt|--checkpoint names an output's file
--checkpoint=-|--checkpoint: '-' is neither a regular file nor a new one
--checkpoint=/dev/stdout|--checkpoint: '/dev/stdout' is neither
--checkpoint=fifo|--checkpoint: 'fifo' is neither
--checkpoint=.|--checkpoint: '.' is neither
--merge|--merge: give the magics files to merge
--merge --magics=b.txt a.txt|--merge takes its magics from the files it names
-f offsetmagic --merge a.txt|--merge: the offsetmagic flavour's magics hold
-f pext --merge a.txt|the pext flavour uses no magics
LIST

# 3. SIGINT after a checkpoint: the run ends with status 75, its
# checkpoint holds the magics it wrote, and a run from the checkpoint
# ends no worse on any square.  The generator runs in the foreground (a
# background job of a shell without job control ignores SIGINT); a
# watcher interrupts it once a periodic checkpoint is there.
(
  checkpointed ck.txt 20
  kill -INT "$(cat pid)"
  sleep 60
  kill -KILL "$(cat pid)" 2>/dev/null && echo ignored > ignored
) >/dev/null 2>&1 &
watcher=$!
sh -c 'echo $$ > pid; exec "$@"' sh "$gen" -f fancy --budget=100000000 --seed=5 \
  --jobs=2 --checkpoint=ck.txt --checkpoint-every=1 -d stopped.txt 2>stopped.err
status=$?
if [ "$status" -gt 128 ]; then
  wait "$watcher"
fi
kill "$watcher" 2>/dev/null
if [ -e ignored ]; then
  skip "SIGINT is ignored in this environment"
elif [ "$status" = 75 ] && [ -s ck.txt ] && [ "$(entries ck.txt)" = "$(entries stopped.txt)" ] \
     && grep -q -- '--budget=100000000 --draws=3200000000 --anneal=20000, interrupted' ck.txt \
     && grep -q '^magicbb-search: interrupted: .*the same command with --magics=ck.txt goes on' stopped.err; then
  ok "SIGINT: status 75, and the checkpoint holds the magics written, marked interrupted"
else
  not_ok "SIGINT: status $status, or the checkpoint differs from the magics written"
  tail -3 stopped.err | sed 's/^/# /'
fi
if "$gen" -f fancy --magics=ck.txt --budget=300 --seed=6 -q -d resumed.txt \
   2>resumed.err && bits ck.txt > before && bits resumed.txt > after \
   && [ "$(paste before after | awk '$2 > $1' | wc -l)" = 0 ]; then
  ok "a run from the checkpoint verifies and ends no worse on any square"
else
  not_ok "a run from the checkpoint failed or ended worse"
  sed 's/^/# /' resumed.err
fi

# 3b. The work goes on, not only the magics: a run stopped after some
# squares, then the same command with --magics=CHECKPOINT, ends with the
# magics of the run that was never stopped.
own=$magics/own/fancy.txt
"$gen" -f fancy --magics="$own" --budget=3000 --seed=21 -q -d unstopped.txt 2>/dev/null
(
  tap_wait 300 '[ "$(grep -c "dense: " part.err)" -ge 20 ]'
  kill -INT "$(cat pid)"
) >/dev/null 2>&1 &
watcher=$!
sh -c 'echo $$ > pid; exec "$@"' sh "$gen" -f fancy --magics="$own" --budget=3000 \
  --seed=21 --checkpoint=part-ck.txt -d part.txt 2>part.err
status=$?
wait "$watcher"
"$gen" -f fancy --magics=part-ck.txt --budget=3000 --seed=21 -d resumed21.txt \
  2>resumed21.err
if [ "$status" = 75 ] && grep -q '^#@ done rook' part-ck.txt \
   && grep -q "going on from the file's progress: [0-9]* squares done" resumed21.err \
   && [ "$(entries resumed21.txt)" = "$(entries unstopped.txt)" ]; then
  ok "a stopped run, gone on from its checkpoint, ends with the magics of a run never stopped"
elif [ "$status" != 75 ]; then
  skip "the run ended (status $status) before it could be stopped"
else
  not_ok "a stopped run, gone on from its checkpoint, ends with other magics"
  grep 'going on\|interrupted' part.err resumed21.err | sed 's/^/# /'
fi

# Bad progress lines: one line naming the file and line, status 1.
while IFS='|' read -r bad expect; do
  { sed -n '1,3p' "$own"; echo "$bad"; sed '1,3d' "$own"; } > badprogress.txt
  "$load" -f fancy --magics=badprogress.txt -d never3.txt 2>badprogress.err
  got=$?
  if [ "$got" = 1 ] && [ "$(wc -l < badprogress.err)" = 1 ] \
     && grep -q "^magicbb-gen: badprogress.txt:4: $expect" badprogress.err && [ ! -e never3.txt ]; then
    ok "'$bad': status 1, '$expect'"
  else
    not_ok "'$bad': status $got: $(cat badprogress.err)"
  fi
done <<'EOF'
#@ bogus|unknown progress line '#@ bogus' (expected run, done or from)
#@ done knight a1|#@ done: expected rook or bishop, then squares
#@ done rook a1 z9|#@ done: unknown square 'z9' (expected a1 to h8)
#@ from rook a1 0xzz 12|bad magic '0xzz'
#@ from rook a1 0x1 13|index bits '13' for rook a1 out of range (1 to 12)
#@ from rook a1 0x1|expected 4 or 5 fields
EOF
# A "#@ from" magic that does not work (0x1: every occupancy to slot 0)
# is refused when the search loads the file, naming its line, before it
# searches anything.
{ sed -n '1,3p' "$own"; echo '#@ from rook a1 0x1 12'; sed '1,3d' "$own"; } > badfrom.txt
"$gen" -f fancy --magics=badfrom.txt --budget=300 -q -d never4.txt 2>badfrom.err
got=$?
if [ "$got" = 1 ] && [ "$(wc -l < badfrom.err)" = 1 ] && [ ! -e never4.txt ] \
   && grep -q "^magicbb-search: badfrom.txt:4: #@ from: the magic 0x0000000000000001 does not work for the rook on a1 at 12 index bits" badfrom.err; then
  ok "a '#@ from' magic that does not work: status 1, its line named at load"
else
  not_ok "a '#@ from' magic that does not work: status $got: $(head -n 1 badfrom.err)"
fi

# 4a. A fancy search's periodic checkpoints keep the input's layout (the
# shipped set's packing) while no magic has changed: a run killed then
# goes on from that layout, not one packed anew.  (The open squares of
# the shipped set, where a short budget finds no magic with a bit fewer.)
"$gen" -f fancy --magics="$magics/fancy.txt" --squares=open --budget=100000000 --jobs=1 \
  --checkpoint=kept.txt --checkpoint-every=1 -q -d never5.txt 2>kept.err &
pid=$!
checkpointed kept.txt 25
kill -KILL "$pid"
wait "$pid" 2>/dev/null
if grep -q '^# checkpoint of' kept.txt && [ "$(layout kept.txt)" = "$(layout "$magics/fancy.txt")" ]; then
  ok "a fancy search's checkpoint keeps the input's layout while no magic changed"
else
  not_ok "a fancy search's checkpoint packs anew: $(layout kept.txt | head -n 1)"
fi

# 4. SIGKILL: the checkpoint is whole (it reloads and verifies) and at
# most one interval (1 s here) old, give or take a loaded machine's
# scheduling (5 s in all).
"$gen" -f fancy --budget=100000000 --seed=5 --jobs=2 --checkpoint=killed.txt \
  --checkpoint-every=1 -d never.txt 2>killed.err &
pid=$!
checkpointed killed.txt 30
kill -KILL "$pid"
wait "$pid" 2>/dev/null
killed_at=$(date +%s)
age=$((killed_at - $(date -r killed.txt +%s)))
if "$load" -f fancy --magics=killed.txt -d reloaded.txt 2>reload.err && [ ! -e never.txt ] \
   && [ "$age" -le 5 ]; then
  ok "SIGKILL: the checkpoint reloads and verifies, ${age} s old"
else
  not_ok "SIGKILL: the checkpoint ($age s old) does not reload, or an output was written"
  sed 's/^/# /' reload.err
fi

# 5. Two shards merged equal the unsharded run of the same seeds; the
# merged file reloads.  An overlapping flavour's merge packs no larger
# than its smallest shard.
for k in 1 2; do
  "$gen" -f fancy --budget=300 --draws=200000 --seed=9 --shard="$k/2" -q \
    -d "shard$k.txt" \
    2>>shards.err
done
"$gen" -f fancy --budget=300 --draws=200000 --seed=9 -q -d whole.txt 2>>shards.err
if "$gen" -f fancy --merge shard1.txt shard2.txt -d merged.txt 2>merge.err \
   && [ "$(entries merged.txt)" = "$(entries whole.txt)" ] \
   && [ "$(entries shard1.txt)" != "$(entries shard2.txt)" ] \
   && grep -q -- '--shard=2/2' shard2.txt; then
  ok "fancy: the merge of --shard=1/2 and 2/2 (each named in its provenance) equals the unsharded run"
else
  not_ok "fancy: the merged shards differ from the unsharded run"
  sed 's/^/# /' merge.err shards.err
fi
if "$load" -f fancy --magics=merged.txt -d reread.txt 2>reread.err \
   && [ "$(entries reread.txt)" = "$(entries merged.txt)" ] \
   && grep -q '^# merge of shard1.txt (seed 0x9, shard 1/2), shard2.txt (seed 0x9, shard 2/2)' merged.txt; then
  ok "the merged magics reload and verify, and name their shards and seeds"
else
  not_ok "the merged magics do not reload"
  sed 's/^/# /' reread.err
fi
for k in 1 2; do
  "$gen" -f black --magics="$magics/black.txt" --budget=300 --anneal=100 \
    --seed=3 --shard="$k/2" -q -d "black$k.txt" -o "black$k.c" 2>>black.err
done
"$gen" -f black --merge black1.txt black2.txt --anneal=100 -d black-merged.txt -o black-merged.c \
  2>black-merge.err
size() { sed -n 's/^ \*   entries:  \([0-9]*\), in overlapping slices$/\1/p' "$1"; }
smallest=$(size black1.c)
[ "$(size black2.c)" -lt "$smallest" ] 2>/dev/null && smallest=$(size black2.c)
if [ -n "$smallest" ] && [ -n "$(size black-merged.c)" ] \
   && [ "$(size black-merged.c)" -le "$smallest" ]; then
  ok "black: the merge packs $(size black-merged.c) entries, its smallest shard $smallest"
else
  not_ok "black: the merge packs '$(size black-merged.c)' entries, its smallest shard '$smallest'"
  sed 's/^/# /' black-merge.err black.err
fi
# A signal during a merge's packing: the smallest layout so far is
# written, its provenance says interrupted, and the status is 75.
"$gen" -f black --merge black1.txt black2.txt --anneal=2000000000 -d black-stopped.txt \
  -o black-stopped.c 2>black-stopped.err &
merging=$!
tap_wait 600 'grep -q "pack: first fit\|pack: the input" black-stopped.err'
sleep 1
kill -TERM "$merging"
wait "$merging"
status=$?
if [ "$status" = 75 ] && grep -q '^# merge of .*, interrupted' black-stopped.txt \
   && grep -q "interrupted: the merge's packing stopped early" black-stopped.err \
   && "$load" -f black --magics=black-stopped.txt -d black-stopped-again.txt 2>/dev/null; then
  ok "SIGTERM during a merge's packing: status 75, the output whole and marked interrupted"
else
  not_ok "SIGTERM during a merge's packing: status $status"
  sed 's/^/# /' black-stopped.err | tail -n 3
fi
# A fancy merge whose magics are one file's keeps that file's layout: the
# shipped set merged alone, or with itself under another name, is the
# shipped set, offsets and all.
cp "$magics/fancy.txt" shipped-copy.txt
for files in "$magics/fancy.txt" "$magics/fancy.txt shipped-copy.txt"; do
  # shellcheck disable=SC2086
  "$gen" -f fancy --merge $files -q -d merged-shipped.txt -o merged-shipped.c 2>merged-shipped.err
  if [ "$(layout merged-shipped.txt)" = "$(layout "$magics/fancy.txt")" ]; then
    ok "fancy: a merge of $(echo $files | wc -w) copies of the shipped set keeps its layout"
  else
    not_ok "fancy: a merge of the shipped set packs anew: $(grep 'entries:' merged-shipped.c | head -n 1)"
  fi
done
# What a merge joins, checked: one line each, and a summary (no packing
# after: --anneal=0).
ln -s shard1.txt again.txt # (the same file by another name)
"$gen" -f fancy --budget=300 --draws=200000 --seed=10 --shard=2/2 -q -d other-seed.txt
sed 's/--anneal=20000,/--anneal=20000, interrupted,/' shard2.txt > stopped2.txt
sed 's|--shard=2/2|--shard=200/200|' shard2.txt > forged200.txt
sed 's|--shard=2/2|--shard=4000000000/4000000000|' shard2.txt > forged4g.txt
sed 's|--shard=2/2|--shard=3/2|' shard2.txt > forged32.txt
while IFS='|' read -r files status expect; do
  # shellcheck disable=SC2086
  "$gen" -f fancy --merge $files --anneal=0 -d checked.txt 2>checked.err
  got=$?
  if [ "$got" = "$status" ] && grep -q -- "$expect" checked.err \
     && { [ "$status" = 0 ] || [ ! -e checked.txt ]; }; then
    ok "--merge $files: status $status, '$expect'"
  else
    not_ok "--merge $files: status $got"
    sed 's/^/# /' checked.err
  fi
  rm -f checked.txt
done <<'EOF'
shard1.txt|1|shard 2/2 is in none of the files
shard1.txt shard2.txt shard1.txt|1|shard1.txt: --merge: the same file as shard1.txt
shard1.txt shard2.txt again.txt|1|again.txt: --merge: the same file as shard1.txt
shard1.txt other-seed.txt|0|other-seed.txt: --merge: warning: seed 0xa, where shard1.txt has 0x9
shard1.txt stopped2.txt|0|stopped2.txt: --merge: warning: its run was interrupted
shard1.txt forged200.txt|1|forged200.txt:[0-9]*: --merge: its provenance says --shard=200/200, which is not K/N
forged4g.txt|1|forged4g.txt:[0-9]*: --merge: its provenance says --shard=4000000000/4000000000
shard1.txt forged32.txt|1|forged32.txt:[0-9]*: --merge: its provenance says --shard=3/2
shard1.txt shard2.txt|0|merge: 2 files, every shard of the split
EOF
# A merge of many files: its provenance spans several comment lines, and
# the merged file reloads (one line of over 254 bytes would not).
for i in 1 2 3 4 5 6; do cp shard1.txt "the-first-of-two-shards-of-a-long-search-$i.txt"; done
if "$gen" -f fancy --merge the-first-of-two-shards-of-a-long-search-*.txt shard2.txt --anneal=0 -d wide.txt \
     2>wide.err && [ "$(grep -c '^#' wide.txt)" -gt 3 ] && [ "$(awk '{ if (length($0) > w) w = length($0) } END { print w }' wide.txt)" -le 254 ] \
   && "$load" -f fancy --magics=wide.txt -d wide-again.txt 2>>wide.err; then
  ok "a merge of 7 files: its provenance over several lines of at most 254 bytes, and it reloads"
else
  not_ok "a merge of 7 files does not reload"
  sed 's/^/# /' wide.err | tail -n 3
fi
# 256 and 257 files that each claim the whole split (--shard=1/1): each
# copy after the first is one warning, and the split is whole (a count
# of 256 kept in a byte would read as none).
sed 's|--shard=1/2|--shard=1/1|' shard1.txt > whole-1.txt
for i in $(seq 2 257); do cp whole-1.txt "whole-$i.txt"; done
for count in 256 257; do
  # shellcheck disable=SC2046
  "$gen" -f fancy --merge $(seq -f 'whole-%g.txt' 1 "$count") --anneal=0 -d whole.txt 2>whole.err
  got=$?
  if [ "$got" = 0 ] && [ -s whole.txt ] \
     && [ "$(grep -c 'shard 1/1 is given by another file too' whole.err)" = $((count - 1)) ] \
     && ! grep -q 'in none of the files' whole.err \
     && grep -q "merge: $count files, every shard of the split" whole.err; then
    ok "$count files claiming shard 1/1: merged, $((count - 1)) warnings"
  else
    not_ok "$count files claiming shard 1/1: status $got"
    grep -v 'given by another' whole.err | sed 's/^/# /'
  fi
  rm -f whole.txt
done
rm -f whole-*.txt
printf 'rook a1 0x1 12\n' > short.txt
if ! "$gen" -f fancy --merge shard1.txt short.txt -d never2.txt 2>short.err \
   && grep -q '^magicbb-search: short.txt' short.err && [ ! -e never2.txt ]; then
  ok "a bad file in a merge is named, and nothing is written"
else
  not_ok "a bad file in a merge"
  sed 's/^/# /' short.err
fi

# 6. Progress: plain lines when stderr is no terminal, none with
# --quiet, and on a terminal one line updated in place.  (Here and in 7
# --anneal=0: the packing after the search, seconds under a sanitizer,
# is not what they test.)
"$gen" -f fancy --budget=300 --anneal=0 --seed=2 -d lines.txt 2>lines.err
"$gen" -f fancy --budget=300 --anneal=0 --seed=2 -q -d quiet.txt 2>quiet.err
if grep -q '^magicbb-search: dense: rook a1: 12 relevant squares' lines.err && [ ! -s quiet.err ] \
   && ! grep -q "$(printf '\r')" lines.err; then
  ok "progress: plain lines on a file, none with --quiet"
else
  not_ok "progress on a file, or with --quiet"
  head -3 lines.err quiet.err | sed 's/^/# /'
fi
if command -v script >/dev/null 2>&1 && script -qec true typescript </dev/null >/dev/null 2>&1; then
  script -qec "'$gen' -f fancy --budget=300 --anneal=0 --seed=2 --jobs=1 --piece=rook -d tty.txt" \
    typescript </dev/null >/dev/null 2>&1
  if grep -q "$(printf '\r')magicbb-search: dense: [0-9]* of 64 squares, .* left, .* M/s, slots" \
       typescript; then
    ok "progress on a terminal: a status line written over in place"
  else
    not_ok "no status line on a terminal"
    tr '\r' '\n' < typescript | tail -3 | sed 's/^/# /'
  fi
  # A 40-column terminal: no status line wider than 39 columns.  Under
  # TERM=dumb: plain lines, no escapes.
  script -qec "stty cols 40 2>/dev/null; '$gen' -f fancy --budget=300 --anneal=0 --seed=2 --jobs=1 --piece=rook -d tty.txt" \
    narrow </dev/null >/dev/null 2>&1
  widest=$(grep 'magicbb-search: dense: [0-9]* of' narrow | tr '\r' '\n' | sed 's/\x1b\[K//g' |
    grep 'magicbb-search: dense: [0-9]* of' | awk '{ if (length($0) > w) w = length($0) } END { print w + 0 }')
  if [ "$widest" -gt 0 ] && [ "$widest" -le 39 ]; then
    ok "progress on a 40-column terminal: status lines of at most 39 columns ($widest)"
  else
    not_ok "progress on a 40-column terminal: a status line of $widest columns"
  fi
  script -qec "TERM=dumb '$gen' -f fancy --budget=300 --anneal=0 --seed=2 --jobs=1 --piece=rook -d tty.txt" \
    dumb </dev/null >/dev/null 2>&1
  if grep -q 'magicbb-search: dense: rook a1' dumb && ! grep -q "$(printf '\033')" dumb \
     && ! grep -q "$(printf '\r')magicbb-search" dumb; then
    ok "progress under TERM=dumb: plain lines, no escapes"
  else
    not_ok "progress under TERM=dumb: escapes or redraws"
  fi
else
  skip "no script(1) to give the generator a terminal"
fi

# 7. Shards balanced by cost: the squares' occupancies (2 to the power of
# their relevant squares) summed per share of 16 differ by at most 10 %.
for k in $(seq 1 16); do
  "$gen" -f fancy --magics=shard1.txt --budget=1 --draws=1 --anneal=0 --seed=3 --shard="$k/16" \
    -d "cost-$k.txt" 2>&1 | sed -n 's/.*: \([0-9]*\) relevant squares.*/\1/p' |
    awk '{ s += 2 ^ $1 } END { print s + 0 }'
done > costs
if [ "$(wc -l < costs)" = 16 ] && awk 'NR == 1 || $1 < lo { lo = $1 } $1 > hi { hi = $1 } END { exit !(lo > 0 && hi <= 1.1 * lo) }' costs; then
  ok "16 shards balanced by cost: $(sort -n costs | head -n 1) to $(sort -n costs | tail -n 1)"
else
  not_ok "16 shards not balanced: $(sort -n costs | tr '\n' ' ')"
fi
tap_done
