#!/bin/sh
# SPDX-License-Identifier: MIT
# threatref.sh - magicbb-threatref, the reference checker for threat
# relations, as TAP (check_threatref tests its parts in process):
#  - the example of doc/threats.md, built from threatref.c and threatref.h
#    alone (as C99 under -Wall -Wextra -pedantic -Werror, with each C
#    compiler there is; the header as C++11) and run;
#  - --help, --version; vectors under both rule sets, written and checked
#    back (status 0, no output); the same seed the same file, another
#    seed another; -o FILE the same bytes, a device written through; an
#    output that cannot be opened (a directory that is not there) or
#    written (a full device, a file-size limit) status 1, one line, no
#    file left;
#  - an engine's answers in another order, or with CR LF line ends, pass;
#  - mutated files (a record dropped, one added, adds and removes
#    swapped, a square changed): status 1, each difference one line at
#    the line this script counts itself;
#  - malformed files, special files (a directory, a device, a FIFO, a
#    file that is not there) and endless input on a pipe (endless lines,
#    an endless line, NUL bytes): status 2, one line naming the file
#    (and the line), nothing on standard output, never a hang;
#  - usage errors: status 2 and one line (--count 0 with --depth 0 among
#    them: a file of no vectors, which check refuses); --help after
#    vectors or check the usage; standard output closed status 1.
# THREATREF_SLOW=1 (make check-slow): the vectors of doc/threats.md's
# guide, --rules everything --depth 3, written (about 61 MB) and checked.
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
prog=$builddir/threatref/magicbb-threatref
. "$(dirname "$0")/../tests/tap.sh"
tap_workdir threatref
tap_tools
cd "$work" || exit 99

# run ARGS...: the program's status in $status, its outputs in out, err
run() {
  "$prog" "$@" >out 2>err
  status=$?
}
count() { wc -l <"$1" | tr -d ' '; }
# refused WHAT PREFIX: status 2, nothing on stdout, one line on stderr
# that starts with PREFIX
refused() {
  if [ "$status" = 2 ] && [ ! -s out ] && [ "$(count err)" = 1 ] \
    && [ "$(head -c ${#2} err)" = "$2" ]; then
    ok "$1: status 2, one line: $(cat err)"
  else
    not_ok "$1: status $status, want 2 and one line starting '$2'"
    sed 's/^/# stdout: /' out | head -n 5
    sed 's/^/# stderr: /' err | head -n 5
  fi
}
# differs WHAT WANT: status 1, stdout exactly the file WANT, stderr empty
differs() {
  if [ "$status" = 1 ] && cmp -s out "$2" && [ ! -s err ]; then
    ok "$1: status 1, $(count out) line(s) at the right lines"
  else
    not_ok "$1: status $status"
    sed 's/^/# got: /' out | head -n 10
    sed 's/^/# want: /' "$2" | head -n 10
    sed 's/^/# stderr: /' err | head -n 5
  fi
}
passes() {
  if [ "$status" = 0 ] && [ ! -s out ] && [ ! -s err ]; then
    ok "$1: status 0, no output"
  else
    not_ok "$1: status $status"
    head -n 5 out err | sed 's/^/# /'
  fi
}

# ---- The guide's example, from the two files alone -------------------------
mkdir example
cp "$srcdir/threatref/threatref.c" "$srcdir/threatref/threatref.h" example/
awk '$0 == "<!-- threatref:example -->" { found = 1; next }
     found && /^```c$/ { inside = 1; next }
     inside && /^```$/ { exit }
     inside { print }' "$srcdir/doc/threats.md" >example/threat-test.c
# each C compiler there is, once: the build's (it may carry arguments,
# CC='gcc -pipe'), gcc and clang
seen=
for cc in "${MBB_CC:-cc}" gcc clang; do
  case " $seen " in *" $cc "*) continue ;; esac
  seen="$seen $cc"
  [ "$cc" = "${MBB_CC:-cc}" ] || command -v "$cc" >/dev/null 2>&1 || continue
  # shellcheck disable=SC2086 # ($cc may carry arguments)
  if (cd example && $cc -std=c99 -pedantic -Wall -Wextra -Werror -o threat-test threat-test.c \
    threatref.c) >out 2>&1 && ./example/threat-test >>out 2>&1 \
    && grep -qx 'the engine agrees with the reference on Na4-c5' out; then
    ok "doc/threats.md's example, $cc -std=c99 -pedantic -Wall -Wextra -Werror: builds, agrees"
  else
    not_ok "doc/threats.md's example with $cc"
    sed 's/^/# /' out | head -n 12
  fi
done
if [ -n "$cxx" ]; then
  printf '#include "threatref.h"\nthreat_rules rules = THREAT_RULES_STOCKFISH;\n' >example/h.cc
  if (cd example && $cxx -std=c++11 -pedantic -Wall -Wextra -Werror -fsyntax-only h.cc) >out 2>&1; then
    ok "threatref.h and THREAT_RULES_STOCKFISH as C++11 ($cxx)"
  else
    not_ok "threatref.h as C++11 ($cxx)"
    sed 's/^/# /' out | head -n 12
  fi
else
  skip "threatref.h as C++: no C++ compiler"
fi

run --help
if [ "$status" = 0 ] && grep -q '^Usage: magicbb-threatref vectors' out \
  && grep -q 'magicbb-threatref check FILE' out && [ ! -s err ]; then
  ok "--help: the usage, status 0"
else
  not_ok "--help: status $status"
fi
for args in "vectors --help" "vectors --count 5 -h" "check --help"; do
  # shellcheck disable=SC2086 # (the words are the arguments)
  run $args
  if [ "$status" = 0 ] && grep -q '^Usage: magicbb-threatref vectors' out && [ ! -s err ]; then
    ok "$args: the usage, status 0"
  else
    not_ok "$args: status $status: $(head -n 1 err)"
  fi
done
"$prog" vectors --count 5 --depth 0 >&- 2>err
status=$?
if [ "$status" = 1 ] && [ "$(count err)" = 1 ] && grep -q '^magicbb-threatref: .*not open' err; then
  ok "vectors with standard output closed: status 1, one line: $(cat err)"
else
  not_ok "vectors with standard output closed: status $status (the manual: 1): $(head -n 1 err)"
fi
run --version
if [ "$status" = 0 ] && grep -q '^magicbb-threatref [0-9]' out && [ ! -s err ]; then
  ok "--version: $(cat out)"
else
  not_ok "--version: status $status"
fi

# ---- Round trips -----------------------------------------------------------
for rules in stockfish everything; do
  "$prog" vectors --rules "$rules" --count 1000 --depth 1 >"$rules.vec"
  status=$?
  vectors=$(grep -c '^board ' "$rules.vec")
  if [ "$status" = 0 ] && grep -qx "rules $rules" "$rules.vec" && [ "$vectors" -gt 1000 ]; then
    ok "vectors --rules $rules: $vectors vectors"
  else
    not_ok "vectors --rules $rules: status $status, $vectors vectors"
  fi
  run check "$rules.vec"
  passes "check of the vectors written (--rules $rules)"
done
"$prog" vectors --rules stockfish --count 1000 --depth 1 >again.vec
"$prog" vectors --seed 2 --count 1000 --depth 0 >seed2.vec
if cmp -s stockfish.vec again.vec && ! cmp -s again.vec seed2.vec \
  && [ "$(grep -c '^board ' seed2.vec)" = 1000 ]; then
  ok "the same options write the same file, another seed another; --depth 0: no walks"
else
  not_ok "vectors is not deterministic, or --seed or --depth has no effect"
fi
run vectors --count 1000 --depth 1 -o written.vec
if [ "$status" = 0 ] && [ ! -s out ] && cmp -s written.vec stockfish.vec \
  && [ "$(find . -name 'written.vec?*' | wc -l | tr -d ' ')" = 0 ]; then
  ok "-o FILE: the same bytes as standard output, no file left beside it"
else
  not_ok "-o FILE: status $status, or other bytes"
fi
run vectors --count 10 -o /dev/null
if [ "$status" = 0 ] && [ -c /dev/null ]; then
  ok "-o /dev/null: written through"
else
  not_ok "-o /dev/null: status $status"
fi

# ---- Write errors: status 1, one line, no file left ------------------------
# failed WHAT NAME [FILE]: status 1, nothing on stdout, one line on stderr
# naming NAME, and neither FILE nor FILE.* left
failed() {
  if [ "$status" = 1 ] && [ ! -s out ] && [ "$(count err)" = 1 ] && grep -qF -- "$2" err \
    && [ "$(find . -name "${3:-/}*" 2>/dev/null | wc -l | tr -d ' ')" = 0 ]; then
    ok "$1: status 1, one line: $(cat err)"
  else
    not_ok "$1: status $status, want 1 and one line naming $2${3:+, no $3 left}"
    sed 's/^/# stderr: /' err | head -n 5
    [ -z "${3:-}" ] || find . -name "$3*" | sed 's/^/# left: /'
  fi
}
# (an output that cannot be opened is one that cannot be written, as in
# magicbb-gen and magicbb-search)
run vectors --count 10 -o missing/v.vec
failed "-o into a directory that is not there" "magicbb-threatref: missing/v.vec" missing
if [ -c /dev/full ]; then
  run vectors --count 100 --depth 0 -o /dev/full
  failed "-o /dev/full" "magicbb-threatref: /dev/full: "
  "$prog" vectors --count 100 --depth 0 2>err >/dev/full
  status=$?
  : >out
  failed "standard output on /dev/full" "magicbb-threatref: "
else
  skip "write errors on /dev/full: no /dev/full"
fi
# A file-size limit (RLIMIT_FSIZE, as batch schedulers set it), SIGXFSZ
# ignored: the write fails (EFBIG).  Then with SIGXFSZ at its default
# action: the writer must still see the write fail, not die by it.
(trap '' XFSZ && ulimit -f 8 && exec "$prog" vectors -o big.vec) >out 2>err
status=$?
failed "-o FILE under ulimit -f 8, SIGXFSZ ignored" "magicbb-threatref: big.vec: " big.vec
(ulimit -f 8 && exec "$prog" vectors -o big.vec) >out 2>err
status=$?
if [ "$(kill -l "$status" 2>/dev/null)" = XFSZ ]; then
  skip "-o FILE under ulimit -f: killed by SIGXFSZ (status $status): the writer (support/output.c) does not yet ignore SIGXFSZ"
  rm -f big.vec*
else
  failed "-o FILE under ulimit -f 8" "magicbb-threatref: big.vec: " big.vec
fi

# An engine's answers written back in another order, with CR LF line ends.
awk '/^(adds|removes)/ { line = $1; for (i = NF; i > 1; i--) line = line " " $i; print line; next }
     { print }' stockfish.vec | sed 's/$/\r/' >answers.vec
run check answers.vec
passes "lists in reverse order, CR LF line ends"

# ---- Mutated files: each difference one line, at its line ------------------
# (the variables here are not n and failed: tests/tap.sh's counters)
# the first adds line with two relations or more, and its removes line
al=$(awk '/^adds [^ ]+ / { print NR; exit }' stockfish.vec)
awk -v n="$al" 'NR == n { sub(/ [^ ]+$/, "") } { print }' stockfish.vec >dropped.vec
echo "dropped.vec:$al: adds: missing $(awk -v n="$al" 'NR == n { print $NF }' stockfish.vec)" >want
run check dropped.vec
differs "a record dropped" want

first=$(awk -v n="$al" 'NR == n { print $2 }' stockfish.vec)
awk -v n="$al" -v r="$first" 'NR == n + 1 { $0 = $0 " " r } { print }' stockfish.vec >added.vec
echo "added.vec:$((al + 1)): removes: extra $first" >want
run check added.vec
differs "a record added" want

# a vector with adds and no removes: the two lists swapped
sw=$(awk '/^adds [^ ]/ { a = NR } /^removes$/ && a == NR - 1 { print a; exit }' stockfish.vec)
awk -v m="$sw" 'NR == m { keep = $0; $0 = "adds" } NR == m + 1 { sub(/^adds/, "removes", keep); $0 = keep }
  { print }' stockfish.vec >swapped.vec
awk -v m="$sw" 'NR == m { for (i = 2; i <= NF; i++) print "swapped.vec:" m ": adds: missing " $i
                         for (i = 2; i <= NF; i++) print "swapped.vec:" m + 1 ": removes: extra " $i }' \
  stockfish.vec >want
run check swapped.vec
differs "adds and removes swapped" want

# the first add's victim square one rank up (or down, from the eighth)
old=$first
new=$(echo "$old" | awk '{ r = substr($0, 7, 1); print substr($0, 1, 6) (r == 8 ? 7 : r + 1) }')
awk -v n="$al" -v w="$new" 'NR == n { $2 = w } { print }' stockfish.vec >square.vec
run check square.vec
if [ "$status" = 1 ] && [ "$(count out)" = 2 ] && [ ! -s err ] \
  && grep -qx "square.vec:$al: adds: missing $old" out && grep -qx "square.vec:$al: adds: extra $new" out; then
  ok "a square changed ($old to $new): status 1, missing and extra at line $al"
else
  not_ok "a square changed ($old to $new): status $status"
  sed 's/^/# /' out err | head -n 6
fi

# ---- Malformed files: one line, FILE:LINE --------------------------------
# mangle NAME LINE SED: the vectors with sed's change on line LINE
mangle() {
  sed "$2$3" stockfish.vec >"$1"
  run check "$1"
  refused "$1 (line $2)" "magicbb-threatref: $1:$2: "
}
bl=$(grep -n '^board ' stockfish.vec | sed -n '5s/:.*//p')
mangle letter.vec "$bl" 's/^board [^/]*/board X7/'
mangle rank.vec "$bl" 's/^board [^/]*/board 9/'
mangle event.vec "$((bl + 1))" 's/^event \([a-z]*\) ./event \1 ?/'
mangle event-square.vec "$((bl + 1))" 's/ [a-h][1-8]/ j9/'
mangle relation.vec "$((bl + 2))" 's/$/ Qa1-b2/'
mangle keyword.vec "$((bl + 3))" 's/^removes/remove/'
# an event that does not fit: a put on a1 of the start position
sp=$(grep -n '^board rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR$' stockfish.vec | sed -n '1s/:.*//p')
mangle fit.vec "$((sp + 1))" 's/^event .*/event put Q a1/'
head -n "$((bl + 1))" stockfish.vec >short.vec
run check short.vec
refused "a file that ends inside a vector" "magicbb-threatref: short.vec:$((bl + 1)): "

# ---- Special files and endless input --------------------------------------
mkdir dir
run check dir
refused "a directory" "magicbb-threatref: dir: "
run check /dev/null
refused "a device" "magicbb-threatref: /dev/null: "
run check absent.vec
refused "a file that is not there" "magicbb-threatref: absent.vec: cannot open"
if mkfifo fifo 2>/dev/null; then
  # (no writer: a reader that opened it would wait for ever)
  "$prog" check fifo >out 2>err &
  pid=$!
  tap_wait 100 "! kill -0 $pid"
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    not_ok "a FIFO: still waiting after 10 s"
  else
    wait "$pid"
    status=$?
    refused "a FIFO" "magicbb-threatref: fifo: "
  fi
else
  skip "a FIFO: mkfifo failed"
fi
yes '# a comment' | "$prog" check - >out 2>err
status=$?
refused "endless comment lines on a pipe" "magicbb-threatref: (standard input):8000001: more than"
tr '\0' x </dev/zero | "$prog" check - >out 2>err
status=$?
refused "an endless line on a pipe" "magicbb-threatref: (standard input):1: a line longer"
head -c 100000 /dev/zero | "$prog" check - >out 2>err
status=$?
refused "NUL bytes on a pipe" "magicbb-threatref: (standard input):1: a NUL byte"
printf '' | "$prog" check - >out 2>err
status=$?
refused "an empty pipe" "magicbb-threatref: (standard input):1: no 'magicbb-threat-vectors 1'"

# ---- Usage errors ---------------------------------------------------------
run vectors --count 0 --depth 0 -o none.vec
if [ "$status" = 2 ] && [ ! -s out ] && [ ! -e none.vec ] \
  && grep -q '^magicbb-threatref: vectors: --count 0 with --depth 0 writes no vectors (see' err; then
  ok "vectors --count 0 --depth 0: refused, status 2, no file: $(head -n 1 err)"
else
  not_ok "vectors --count 0 --depth 0: status $status"
  sed 's/^/# stderr: /' err | head -n 5
fi
for args in "" "frobnicate" "check" "check a b" "vectors --count 500001" "vectors --depth 4" \
  "vectors --rules lenient" "vectors --seed -1" "vectors --seed" "vectors --colour white"; do
  # shellcheck disable=SC2086 # (the words are the arguments)
  "$prog" $args >out 2>err
  status=$?
  if [ "$status" = 2 ] && [ ! -s out ] && [ "$(count err)" = 1 ] \
    && grep -q '^magicbb-threatref: .*(see magicbb-threatref --help)$' err; then
    ok "usage error '$args': status 2, one line: $(cat err)"
  else
    not_ok "usage error '$args': status $status"
  fi
done

# ---- The guide's vectors (make check-slow) -----------------------------------
if [ -n "${THREATREF_SLOW:-}" ]; then
  run vectors --rules everything --depth 3 -o guide.vec
  bytes=$(wc -c <guide.vec | tr -d ' ')
  vectors=$(grep -c '^board ' guide.vec)
  if [ "$status" = 0 ] && [ "$bytes" -gt 60000000 ] && [ "$bytes" -lt 62000000 ] \
    && [ "$vectors" = 322177 ]; then
    ok "vectors --rules everything --depth 3: $vectors vectors, $bytes bytes (doc/threats.md: 61 MB)"
  else
    not_ok "vectors --rules everything --depth 3: status $status, $vectors vectors, $bytes bytes"
  fi
  run check guide.vec
  passes "check of the guide's vectors"
else
  skip "the guide's vectors, --depth 3: THREATREF_SLOW is not set (make check-slow)"
fi
tap_done
