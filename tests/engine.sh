#!/bin/sh
# SPDX-License-Identifier: MIT
# engine.sh - examples/engine, an engine-like program in three files, built
# the way doc/engines.md says, as TAP: MAGICBB_INLINE with the build's
# headers and static library (and its CFLAGS and LDFLAGS, which a
# sanitizer's library needs), -O2 without LTO, as C99 and as C++17 (the
# C++ compiler of the C compiler's family);
# objdump finds no call to a magicbb function and nm no such function,
# and its perft counts are right.  A dispatch library is built for twice,
# without flags (its portable flavour) and with -mbmi2 (pext), and the
# program names the flavour it inlined.  In C++14, naming
# magicbb::board<> is an error that says it needs C++17, and the
# PseudoAttacks table doc/engines.md builds from it is right.  A static link takes only the
# board tables a program reads: one of rook and knight lookups has no
# between, line or ray_pass table (nm), one that adds mbb_ray_pass has
# that table and no other.
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
cc=${MBB_CC:-cc}
. "$(dirname "$0")/tap.sh"
tap_workdir engine
tap_tools
case $cc in
  *clang*) command -v clang++ >/dev/null 2>&1 && cxx=clang++ ;;
  *gcc*) command -v g++ >/dev/null 2>&1 && cxx=g++ ;;
esac
library="$builddir/.libs/libmagicbb.a"
if [ ! -f "$library" ]; then
  skip "no static library (configured --disable-static)"
  tap_done
  exit
fi

# build NAME COMPILER FLAGS...: examples/engine, against the build tree.
build() {
  b_name=$1 b_compiler=$2
  shift 2
  # a compiler may carry arguments (CC='ccache gcc', 'gcc -std=c99')
  # shellcheck disable=SC2086
  $b_compiler ${MBB_CFLAGS:-} -O2 "$@" -Wall -Wextra -Werror -I"$builddir/include" -I"$srcdir/include" \
    -o "$work/$b_name" "$srcdir/examples/engine/attacks.c" "$srcdir/examples/engine/movegen.c" \
    "$srcdir/examples/engine/main.c" -x none "$library" ${MBB_LDFLAGS:-} >"$work/$b_name.log" 2>&1
}

# check NAME WANT WHAT: no call, no magicbb function, right counts,
# flavour WANT.
check() {
  c_name=$1 c_want=$2 c_what=$3
  case " ${MBB_CFLAGS:-} " in
    *" -fsanitize="*) skip "$c_what: calls not counted under the sanitizers, whose checks change inlining" ;;
    *) no_calls "$work/$c_name" "$c_what" ;;
  esac
  # only the inlined flavour's tables (a dispatch library's others stay out)
  c_others=$(${NM:-nm} "$work/$c_name" | sed -n 's/.* [RrDdBbVv] mbb_\([a-z0-9]*\)_.*/\1/p' | sort -u |
    grep -vx "$c_want" | grep -vx "tab\|link" | tr '\n' ' ')
  [ -z "$c_others" ] && ok "$c_what: only $c_want's slider tables" \
    || not_ok "$c_what: the tables of $c_others too"
  if "$work/$c_name" >"$work/$c_name.out" 2>&1 && grep -qx "flavour $c_want" "$work/$c_name.out"; then
    ok "$c_what: perft counts right, flavour $c_want"
  else
    not_ok "$c_what: $(grep -m 1 'WRONG\|flavour' "$work/$c_name.out")"
  fi
}

# NAME|FLAGS|FLAVOUR, a line each
if [ "$MBB_EXPECT_FLAVOUR" = dispatch ]; then
  last=${MBB_DISPATCH_FLAVOURS##* }
  builds="portable||$last"
  grep -qw bmi2 /proc/cpuinfo 2>/dev/null && case " $MBB_DISPATCH_FLAVOURS " in
    *" pext "*) builds="$builds
pext|-mbmi2|pext" ;;
  esac
else
  builds="library|${MBB_INLINE_CFLAGS:-}|$MBB_EXPECT_FLAVOUR"
fi
while IFS='|' read -r name flags want; do
  # shellcheck disable=SC2086
  if build "$name" "$cc" -std=c99 $flags; then
    check "$name" "$want" "C99, $cc $flags"
  else
    not_ok "C99, $cc $flags: $(grep -m 1 'error' "$work/$name.log")"
  fi
  # Under LTO and -Os, where gcc outlined a static inline lookup into a
  # call: the lookups are always inlined.
  # shellcheck disable=SC2086
  if build "$name-lto" "$cc" -std=c99 $flags -flto -Os; then
    check "$name-lto" "$want" "C99, $cc $flags -flto -Os"
  else
    not_ok "C99, $cc $flags -flto -Os: $(grep -m 1 'error' "$work/$name-lto.log")"
  fi
  if [ -z "$cxx" ]; then
    skip "C++17: no C++ compiler (Debian: apt-get install g++)"
    continue
  fi
  # shellcheck disable=SC2086
  if build "$name-cxx" "$cxx" -x c++ -std=c++17 $flags; then
    check "$name-cxx" "$want" "C++17, $cxx $flags"
  else
    not_ok "C++17, $cxx $flags: $(grep -m 1 'error' "$work/$name-cxx.log")"
  fi
done <<EOF
$builds
EOF

# C++14 has no inline variables: a file that names magicbb::board<> stops
# with an error that says C++17 is needed; one that does not compiles
# cleanly.
if [ -n "$cxx" ]; then
  flags=
  [ "$MBB_EXPECT_FLAVOUR" = dispatch ] || flags=${MBB_INLINE_CFLAGS:-}
  printf '%s\n' '#define MAGICBB_INLINE' '#include <magicbb.h>' '#ifdef NAMED' \
    'constexpr uint64_t rook_d4 = magicbb::board<>.rook[27];' '#endif' \
    'int main() { return (int)mbb_rook_attacks(27, 0); }' > "$work/cxx14.cc"
  # shellcheck disable=SC2086
  if $cxx -std=c++14 -pedantic -Wall -Wextra -Werror $flags -I"$builddir/include" -I"$srcdir/include" \
       -fsyntax-only "$work/cxx14.cc" >"$work/cxx14.log" 2>&1; then
    ok "C++14, $cxx: a file that does not name magicbb::board<> compiles cleanly"
  else
    not_ok "C++14, $cxx: $(grep -m 1 'error' "$work/cxx14.log")"
  fi
  # shellcheck disable=SC2086
  if $cxx -std=c++14 -DNAMED $flags -I"$builddir/include" -I"$srcdir/include" \
       -fsyntax-only "$work/cxx14.cc" >"$work/cxx14.log" 2>&1; then
    not_ok "C++14, $cxx: magicbb::board<> compiled"
  elif grep -m 1 'error' "$work/cxx14.log" | grep -q 'magicbb::board<> needs C++17'; then
    ok "C++14, $cxx: naming magicbb::board<> is first an error saying it needs C++17"
  else
    not_ok "C++14, $cxx, magicbb::board<>: $(grep -m 1 'error' "$work/cxx14.log")"
  fi
else
  skip "C++14: no C++ compiler (Debian: apt-get install g++)"
fi

# doc/engines.md's PseudoAttacks by piece type, built from
# magicbb::board<> (the C++ block after its marker), on stand-ins for
# Stockfish's types: every row and square is the run-time lookup's.
if [ -n "$cxx" ]; then
  {
    printf '%s\n' '#define MAGICBB_INLINE' '#include <magicbb.h>' '#include <array>' \
      'using Bitboard = uint64_t;' 'enum Color { WHITE, BLACK };' \
      'enum PieceType { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB = 8 };' \
      'constexpr int SQUARE_NB = 64;'
    sed -n '/^<!-- tests\/engine.sh compiles this block -->$/,/^```$/p' "$srcdir/doc/engines.md" | sed '1,2d;$d'
    printf '%s\n' 'constexpr auto PseudoAttacks = pseudo_attacks_table();' \
      'static_assert(PseudoAttacks[KNIGHT][0] == 0x20400, "knight on a1: b3 and c2");' \
      'int main() {' '    int wrong = 0;' '    for (unsigned s = 0; s < 64; s++)' \
      '        wrong += (PseudoAttacks[WHITE][s] != mbb_pawn_attacks(0, s))' \
      '                 + (PseudoAttacks[BLACK][s] != mbb_pawn_attacks(1, s))' \
      '                 + (PseudoAttacks[KNIGHT][s] != mbb_knight_attacks(s))' \
      '                 + (PseudoAttacks[BISHOP][s] != mbb_bishop_attacks(s, 0))' \
      '                 + (PseudoAttacks[ROOK][s] != mbb_rook_attacks(s, 0))' \
      '                 + (PseudoAttacks[QUEEN][s] != mbb_queen_attacks(s, 0))' \
      '                 + (PseudoAttacks[KING][s] != mbb_king_attacks(s));' \
      '    return wrong;' '}'
  } > "$work/pseudo.cc"
  # the block alone, not called, under a constexpr budget far below
  # board<>'s: a file that does not call it does not compute board<>
  sed '/^constexpr auto PseudoAttacks/,$d' "$work/pseudo.cc" > "$work/uncalled.cc"
  case $($cxx --version 2>/dev/null) in
    *clang*) budget=-fconstexpr-steps=1000 ;;
    *) budget=-fconstexpr-ops-limit=1000 ;;
  esac
  flags=
  [ "$MBB_EXPECT_FLAVOUR" = dispatch ] || flags=${MBB_INLINE_CFLAGS:-}
  # shellcheck disable=SC2086
  if ! grep -q 'pseudo_attacks_table() {' "$work/pseudo.cc"; then
    not_ok "doc/engines.md's PseudoAttacks block: not found after its marker"
  elif ! $cxx -std=c++17 ${MBB_CFLAGS:-} -O2 -Wall -Wextra -Werror $flags -I"$builddir/include" \
       -I"$srcdir/include" -o "$work/pseudo" "$work/pseudo.cc" "$library" ${MBB_LDFLAGS:-} \
       >"$work/pseudo.log" 2>&1; then
    not_ok "doc/engines.md's PseudoAttacks block, $cxx: $(grep -m 1 'error' "$work/pseudo.log")"
  elif "$work/pseudo"; then
    ok "doc/engines.md's PseudoAttacks block, $cxx: every row and square the lookup's"
  else
    not_ok "doc/engines.md's PseudoAttacks block, $cxx: $? entries differ from the lookups"
  fi
  # shellcheck disable=SC2086
  if $cxx -std=c++17 $budget $flags -I"$builddir/include" -I"$srcdir/include" -fsyntax-only \
       "$work/uncalled.cc" >"$work/uncalled.log" 2>&1; then
    ok "doc/engines.md's PseudoAttacks block, $cxx: not called, board<> is not computed"
  else
    not_ok "doc/engines.md's PseudoAttacks block, $cxx, not called: $(grep -m 1 'error' "$work/uncalled.log")"
  fi
else
  skip "doc/engines.md's PseudoAttacks block: no C++ compiler (Debian: apt-get install g++)"
  skip "doc/engines.md's PseudoAttacks block, not called: no C++ compiler (Debian: apt-get install g++)"
fi

# Each 32 KiB pair table is an object of its own in libmagicbb.a
# (src/board-TABLE.c), so a static link takes only those the program
# reads.
if ! ${NM:-nm} "$library" 2>/dev/null | grep -q ' [RrDd] mbb_tab_ray_pass$'; then
  skip "only the board tables read are linked: none in the library (configured --enable-small)"
else
  flags=
  [ "$MBB_EXPECT_FLAVOUR" = dispatch ] || flags=${MBB_INLINE_CFLAGS:-}
  printf '%s\n' '#define MAGICBB_INLINE' '#include <magicbb.h>' '#include <stdio.h>' \
    'int main(int argc, char **argv)' '{' '    const unsigned sq = (unsigned)argc & 31;' \
    '    uint64_t seen = mbb_rook_attacks(sq, 0) | mbb_knight_attacks(sq);' '    (void)argv;' \
    '#ifdef RAY_PASS' '    seen |= mbb_ray_pass(sq, sq + 8);' '#endif' \
    '    printf("%llx\n", (unsigned long long)seen);' '    return 0;' '}' > "$work/board.c"
  for program in "rook and knight|" "rook, knight and ray_pass|-DRAY_PASS"; do
    what=${program%|*} define=${program#*|}
    # shellcheck disable=SC2086
    if $cc ${MBB_CFLAGS:-} -O2 $flags $define -I"$builddir/include" -I"$srcdir/include" -o "$work/board" \
         "$work/board.c" "$library" ${MBB_LDFLAGS:-} >"$work/board.log" 2>&1; then
      tables=$(${NM:-nm} "$work/board" | sed -n 's/.* [RrDd] mbb_tab_\(between\|line\|ray_pass\)$/\1/p' |
        sort | tr '\n' ' ' | sed 's/ $//')
      want=
      [ -z "$define" ] || want=ray_pass
      if [ "$tables" = "$want" ]; then
        ok "a static program of $what links ${want:-no} pair table${want:+ alone}"
      else
        not_ok "a static program of $what links the pair tables ${tables:-none}, not ${want:-none}"
      fi
    else
      not_ok "a static program of $what: $(grep -m 1 'error' "$work/board.log")"
    fi
  done
fi
tap_done
