#!/bin/sh
# SPDX-License-Identifier: MIT
# outputs.sh - outputs as a shell hands them over, as TAP: a name for
# one of the process's own descriptors (/dev/stdout, /dev/fd/N, a link
# into /proc/self/fd) is written through that descriptor, in its mode;
# two names for one file are refused, also before the file exists; a
# replaced file keeps its owner; a legal name of up to 255 bytes is
# written; and every program's standard output is checked, so a full
# disk or a closed descriptor is one "write error" line and status 1.
# (lab/bench-options.sh checks the benchmark's the same way.)
gen=${MBB_GEN:?MBB_GEN must name the generator}
perft=${MBB_PERFT:?MBB_PERFT must name magicbb-perft}
. "$(dirname "$0")/tap.sh"
tap_workdir outputs
cd "$work" || exit 99

# (the magics of seed 1 searched once; each run below loads them, a
# quarter of a search's CPU, and writes the same outputs each time)
"$gen" --seed=1 -d seed1.txt 2>/dev/null || { echo "Bail out! the generator does not run"; exit 1; }
"$gen" --magics=seed1.txt -d want.txt 2>/dev/null || { echo "Bail out! the generator does not load"; exit 1; }

# check TEXT STATUS WANT-STATUS [ERROR-PATTERN]: the status, and with a
# pattern exactly one error line on stderr (err) that matches it (a
# usage error's hint, "Try ... --help", may follow)
check() {
  if [ "$2" != "$3" ]; then
    not_ok "$1: status $2, not $3 ($(head -n 2 err | tr '\n' ' '))"
  elif [ -n "${4:-}" ] && { [ "$(grep -cv '^Try ' err)" != 1 ] || ! grep -q -- "$4" err; }; then
    not_ok "$1: stderr '$(tr '\n' '|' < err)', not one line with '$4'"
  else
    ok "$1"
  fi
}
leftovers() { ls -A | grep -v '^want\.txt$\|^seed1\.txt$\|^err$' | tr '\n' ' '; }

# ---- Descriptors --------------------------------------------------------

printf 'precious\n' > log.txt
"$gen" --magics=seed1.txt -d /dev/stdout >> log.txt 2>err
check "-d /dev/stdout >> log.txt" $? 0
{ echo precious; cat want.txt; } > expect.txt
cmp -s log.txt expect.txt && ok "append mode kept: the file's line, then the dump" \
  || not_ok "log.txt is not 'precious' then the dump: $(head -c 60 log.txt | tr '\n' '|')"
rm -f log.txt expect.txt

mkdir sub
ln -s /proc/self/fd/1 one
ln -s /proc/self/fd fds
ln -s one two
for name in /dev/stdout /dev/fd/1 /proc/self/fd/1 one two fds/1 sub/../one; do
  "$gen" --magics=seed1.txt -d "$name" 2>err | cat > got.txt
  if cmp -s got.txt want.txt && [ ! -s err ]; then ok "-d $name | cat: the dump, on the pipe"
  else not_ok "-d $name | cat: $(head -n 1 err) $(head -c 40 got.txt | tr '\n' '|')"; fi
done
rm -f got.txt one two fds
rmdir sub

"$gen" --magics=seed1.txt -d /dev/fd/3 3>> three.txt 2>err
check "-d /dev/fd/3 3>> three.txt" $? 0
cmp -s three.txt want.txt && ok "descriptor 3 holds the dump" || not_ok "descriptor 3: $(head -c 40 three.txt)"
"$gen" --flavour=hq --sliders-only -o /dev/stderr 2> tables.c >/dev/null
grep -q 'flavour:  hq' tables.c && ok "-o /dev/stderr: the tables on standard error" \
  || not_ok "-o /dev/stderr: $(head -n 1 tables.c)"
rm -f three.txt tables.c

"$gen" --magics=seed1.txt -d /dev/fd/9 9>&- 2>err
check "-d /dev/fd/9, not open" $? 1 "/dev/fd/9: cannot write: descriptor 9 is not open"
"$gen" --magics=seed1.txt -d /dev/fd/5 5< want.txt 2>err
check "-d /dev/fd/5, open for reading" $? 1 "descriptor 5 is open for reading only"
[ -z "$(leftovers)" ] && ok "nothing left behind" || not_ok "left behind: $(leftovers)"

# ---- Two names for one file -------------------------------------------

mkdir sub
for pair in "x.c ./x.c" "x.c sub/../x.c" "- /dev/stdout" "/dev/fd/1 /proc/self/fd/1"; do
  set -- $pair
  rm -f x.c
  "$gen" --magics=seed1.txt -o "$1" -d "$2" > out 2>err
  check "-o $1 -d $2, no such file yet" $? 2 "name the same file"
  [ ! -e x.c ] && [ ! -s out ] || not_ok "-o $1 -d $2 wrote something"
done
echo old > y.c
"$gen" --magics=seed1.txt -o /dev/stdout -d y.c > y.c 2>err
check "-o /dev/stdout -d y.c > y.c" $? 2 "name the same file"
"$gen" --magics=seed1.txt -o x.c -d sub/x.c 2>err
check "-o x.c -d sub/x.c: two files" $? 0
rm -rf sub x.c y.c out

# ---- What a replaced file keeps ---------------------------------------

echo old > linked.c
ln linked.c other-name.c
"$gen" --flavour=hq -o linked.c 2>err
if grep -q 'flavour:  hq' linked.c && [ "$(cat other-name.c)" = old ]; then
  ok "a replaced file is new: its other hard link keeps the old contents (as documented)"
else
  not_ok "hard links: linked.c $(head -c 20 linked.c), other-name.c $(head -c 20 other-name.c)"
fi
rm -f linked.c other-name.c
if [ "$(id -u)" = 0 ]; then
  echo old > owned.c
  chown 12345:23456 owned.c
  chmod 640 owned.c
  "$gen" --flavour=hq -o owned.c 2>err
  got=$(stat -c '%u:%g %a' owned.c)
  [ "$got" = "12345:23456 640" ] && ok "root replacing another user's file keeps its owner, group and mode" \
    || not_ok "root replacing 12345:23456 640 left $got"
  rm -f owned.c
else
  skip "a replaced file's owner: needs root to give a file another owner"
fi

# ---- Long names -----------------------------------------------------------

for length in 249 255; do
  name=$(printf "%0$((length - 2))d.c" 0)
  "$gen" --flavour=hq --sliders-only -o "$name" 2>err
  check "-o a name of $length bytes" $? 0
  [ -f "$name" ] || not_ok "$length bytes: not written"
  rm -f "$name"
done
"$gen" --flavour=hq --sliders-only -o "$(printf '%0254d.c' 0)" 2>err
check "-o a name of 256 bytes" $? 1 "File name too long"
[ -z "$(leftovers)" ] && ok "nothing left behind" || not_ok "left behind: $(leftovers)"

# ---- A file-size limit (ulimit -f, as batch schedulers set it) -----------

# limited ARGS...: the generator under a limit of one 512-byte block, far
# below each output; a write past it must fail (EFBIG), not end the run by
# SIGXFSZ with its temporary file left
limited() { ( ulimit -f 1 && exec "$gen" "$@" ) 2>err; }
if ( ulimit -f 1 ) 2>/dev/null; then
  echo old > kept.txt
  for case in "-o new.c:new.c" "-d kept.txt:kept.txt" "--sliders-only -o new.c -d kept.txt:kept.txt"; do
    limited --magics=seed1.txt ${case%:*}
    check "ulimit -f 1, ${case%:*}" $? 1 "^magicbb-gen: ${case#*:}: cannot write: File too large$"
    [ "$(cat kept.txt)" = old ] && [ ! -e new.c ] && [ -z "$(find . -name '*.c.*' -o -name '*.txt.*')" ] \
      && ok "ulimit -f 1, ${case%:*}: kept.txt unchanged, no new.c, no temporary file" \
      || not_ok "ulimit -f 1, ${case%:*} left: $(leftovers)"
  done
  ( ulimit -f 1 && exec "$gen" --magics=seed1.txt -d - ) > out.txt 2>err
  check "ulimit -f 1, -d - > out.txt" $? 1 "^magicbb-gen: -: cannot write: File too large$"
  rm -f kept.txt out.txt
else
  skip "a file-size limit: ulimit -f is refused here"
fi

# ---- Standard output, checked ------------------------------------------

# run_to WHERE PROGRAM ARGS...: stdout to WHERE (a file, or - closed)
run_to() {
  where=$1
  shift
  if [ "$where" = - ]; then "$@" >&- 2>err; else "$@" > "$where" 2>err; fi
}
for where in full -; do
  if [ "$where" = full ]; then
    if [ "$(id -u)" != 0 ] || ! mknod full c 1 7 2>/dev/null; then
      skip "a full disk: a copy of /dev/full needs root (mknod)"
      continue
    fi
    shown="a full disk"
    reason="No space left on device"
  else
    shown="stdout closed"
    reason="Bad file descriptor"
  fi
  dash_reason=$reason
  [ "$where" = - ] && dash_reason="descriptor 1 is not open"
  for command in "$perft 2" "$perft --divide 2" "$perft --help" "$perft --version" \
      "$gen --help" "$gen --version" "$gen --magics=seed1.txt -d -"; do
    run_to "$where" $command
    status=$?
    name="$(basename "${command%% *}") ${command#* }"
    case $command in
      *" -d -") check "$name, $shown" $status 1 "-: cannot write: $dash_reason" ;;
      *) check "$name, $shown" $status 1 "write error: $reason" ;;
    esac
  done
  rm -f full
done
"$gen" --magics=seed1.txt -d m.txt >&- 2>err
check "-d m.txt with stdout closed" $? 0
cmp -s m.txt want.txt && ok "m.txt holds the dump" || not_ok "m.txt: $(head -c 40 m.txt)"
rm -f m.txt err

tap_done
