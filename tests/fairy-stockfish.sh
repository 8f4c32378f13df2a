#!/bin/sh
# SPDX-License-Identifier: MIT
# fairy-stockfish.sh - tools/fairy-stockfish.sh's refusals, as TAP: each
# bad SRC, OUT, MAKE_ARGS or setting is one line naming it, status 2, and
# nothing left at OUT or beside it.  No Fairy-Stockfish is needed: SRC is
# a stand-in tree of this test's own files (its Makefile answers
# config-sanity), and the generator a stand-in that writes empty files,
# so the edits are reached and find nothing to edit (or, asked to, sends
# the tool a TERM).  doc/variants.md has
# the recipe's runs on Fairy-Stockfish itself.
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
. "$(dirname "$0")/tap.sh"
tap_workdir fairy-stockfish
tool=$srcdir/tools/fairy-stockfish.sh

if ! command -v bash >/dev/null 2>&1 || ! command -v perl >/dev/null 2>&1; then
  skip "tools/fairy-stockfish.sh needs bash and perl"
  tap_done
  exit
fi

src=$work/fsf
mkdir -p "$src/src"
: >"$src/src/bitboard.cpp"
: >"$src/src/bitboard.h"
printf 'config-sanity:\n\t@echo "pext: '"'"'$(PEXT_ANSWER)'"'"'"\n' >"$src/src/Makefile"
gen=$work/gen
printf '#!/bin/sh\n[ -z "$MBB_STUB_KILL" ] || kill -TERM $PPID\nfor a; do case $a in --output=*) : >"${a#*=}";; --header=*) : >"${a#*=}";; esac; done\n' >"$gen"
chmod +x "$gen"
export MAGICBB_GEN="$gen"

# refused STATUS TEXT OUT [ARG...]: the tool, run with ARGs, exits STATUS
# with one line on standard error that holds TEXT, and leaves nothing at
# OUT or beside it (OUT.tmp.*) that was not there before
refused() {
  want=$1 text=$2 out=$3
  shift 3
  before=$(ls -A "$work")
  bash "$tool" "$@" >"$work/stdout" 2>"$work/err"
  status=$?
  after=$(ls -A "$work" | grep -vx -e stdout -e err -e errors)
  before=$(printf '%s\n' "$before" | grep -vx -e stdout -e err -e errors)
  label=$text
  # (the lines saying what was generated and how are progress, not errors)
  grep -v -e '^fairy-stockfish.sh: tables generated with' -e '^fairy-stockfish.sh: run-time lookup by' \
    "$work/err" >"$work/errors"
  if [ "$status" != "$want" ]; then
    not_ok "$label: status $status, not $want ($(tail -n 1 "$work/err"))"
  elif [ "$(wc -l <"$work/errors")" != 1 ] || ! grep -qF -- "$text" "$work/errors"; then
    not_ok "$label: standard error was '$(cat "$work/err")'"
  elif [ -s "$work/stdout" ]; then
    not_ok "$label: printed '$(head -n 1 "$work/stdout")'"
  elif [ "$before" != "$after" ]; then
    not_ok "$label: left $(printf '%s\n' "$after" | grep -vxF -e "$before" | tr '\n' ' ')"
  else
    ok "$label: status $want, one line"
  fi
}

large=largeboards=yes
refused 2 "usage: tools/fairy-stockfish.sh SRC OUT" "$work/out" "$src"
refused 2 "$work/nosuch: no such directory" "$work/out" "$work/nosuch" "$work/out" $large
mkdir "$work/half" "$work/half/src"
: >"$work/half/src/bitboard.cpp"
refused 2 "not a Fairy-Stockfish source tree (no src/bitboard.h)" "$work/out" "$work/half" "$work/out" $large
refused 2 "MAKE_ARGS: give largeboards=yes" "$work/out" "$src" "$work/out" ARCH=x86-64-bmi2
MAGICBB_INDEX=fast refused 2 "MAGICBB_INDEX: 'fast' is neither pext nor multiply" "$work/out" "$src" "$work/out" $large
MAGICBB_DISPATCH=jump refused 2 "MAGICBB_DISPATCH: 'jump' is neither" "$work/out" "$src" "$work/out" $large
mkdir "$work/full" && : >"$work/full/kept"
refused 2 "$work/full: exists and is not empty" "$work/full" "$src" "$work/full" $large
: >"$work/file"
refused 2 "$work/file: exists and is not a directory" "$work/file" "$src" "$work/file" $large
ln -s "$work/empty-target" "$work/link"
refused 2 "$work/link: exists and is not a directory" "$work/link" "$src" "$work/link" $large
refused 2 "its directory $work/no/such does not exist" "$work/no/such/out" "$src" "$work/no/such/out" $large
refused 2 "inside SRC" "$src/out" "$src" "$src/out" $large
MAGICBB_GEN=$work/nogen refused 2 "$work/nogen: no magicbb generator there" "$work/out" "$src" "$work/out" $large
# the copy is made, and make config-sanity gives no answer: the copy goes
refused 2 "cannot tell whether MAKE_ARGS use PEXT" "$work/out" "$src" "$work/out" $large
# the tables are "generated", and the edits find none of the lines they
# edit: the copy goes, and an empty OUT stays as it was
mkdir "$work/empty"
refused 2 "$src/src/bitboard.h: the include of types.h: expected 1, found 0 (is it Fairy-Stockfish c19b5f6c?)" "$work/empty" "$src" "$work/empty" $large PEXT_ANSWER=yes
[ -d "$work/empty" ] && [ -z "$(ls -A "$work/empty")" ] && ok "an empty OUT stays empty" ||
  not_ok "an empty OUT was changed: $(ls -A "$work/empty")"
# a TERM while it runs: nothing left at OUT or beside it
MBB_STUB_KILL=1 bash "$tool" "$src" "$work/signalled" $large PEXT_ANSWER=yes >/dev/null 2>&1
status=$?
left=$(cd "$work" && ls -d signalled signalled.tmp.* 2>/dev/null)
if [ "$status" != 0 ] && [ -z "$left" ]; then
  ok "a TERM while it runs: status $status, nothing left at OUT or beside it"
else
  not_ok "a TERM while it runs: status $status, left: $left"
fi
tap_done
