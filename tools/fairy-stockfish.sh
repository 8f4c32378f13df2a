#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fairy-stockfish.sh - build Fairy-Stockfish (largeboards) with magicbb's
# generated const tables for its fourteen rider, hopper and lame-leaper
# families, in place of the tables it fills at start-up (doc/variants.md).
#
#   tools/fairy-stockfish.sh SRC OUT [MAKE_ARGS...]
#
# SRC: a Fairy-Stockfish c19b5f6c source tree, only read.  OUT: a directory
# this script makes (it must not exist, or be empty): a copy of SRC, the
# generated tables in its src/, the edits below, and the build.  MAKE_ARGS
# go to the engine's `make build` and must hold largeboards=yes (the tables
# are for its 12x10 board).  The last line printed is the executable's path.
#
# The edits find Fairy-Stockfish's lines by name, each exactly as often as
# expected (else it stops, naming the file), and write only this script's
# own lines into them.  The copy is made as OUT.tmp.XXXXXX beside OUT and
# renamed to OUT once built, so OUT is whole or absent.
#
# Environment:
#   MAGICBB_GEN       the generator (default: magicbb-gen on PATH)
#   MAGICBB_INDEX     pext or multiply (default: pext where the engine's
#                     Makefile turns PEXT on for MAKE_ARGS, else multiply)
#   MAGICBB_GEN_ARGS  more generator options (default:
#                     --split=auto,nightrider=none; add
#                     --payload=compressed for the smallest tables)
#   MAGICBB_DISPATCH  table or switch: how the engine's run-time rider
#                     lookup reaches a family (default table; switch where
#                     the payload is compressed)
# Bad input: one line naming the problem, status 2.  A failed generator,
# edit or build: status 1.
set -euo pipefail

me=fairy-stockfish.sh
die() { echo "$me: $*" >&2; exit 2; }
fail() { echo "$me: $*" >&2; exit 1; }

[ $# -ge 2 ] || die "usage: tools/fairy-stockfish.sh SRC OUT [MAKE_ARGS...]"
SRC=$1 OUT=$2
shift 2
GEN=${MAGICBB_GEN:-magicbb-gen}
GEN_ARGS=${MAGICBB_GEN_ARGS---split=auto,nightrider=none}
NAME=mbbfsf            # prefix of the generated type and lookups
BASE=magicbb_fsf       # generated magicbb_fsf.h and magicbb_fsf.c

[ -d "$SRC" ] || die "$SRC: no such directory (SRC is a Fairy-Stockfish source tree)"
for f in src/bitboard.cpp src/bitboard.h src/Makefile; do
  [ -f "$SRC/$f" ] || die "$SRC: not a Fairy-Stockfish source tree (no $f)"
done
case " $* " in
  *" largeboards=yes "*) ;;
  *) die "MAKE_ARGS: give largeboards=yes (the tables are for the 12x10 board)" ;;
esac
case ${MAGICBB_INDEX-} in
  '' | pext | multiply) ;;
  *) die "MAGICBB_INDEX: '$MAGICBB_INDEX' is neither pext nor multiply" ;;
esac
case ${MAGICBB_DISPATCH-} in
  '' | table | switch) ;;
  *) die "MAGICBB_DISPATCH: '$MAGICBB_DISPATCH' is neither table nor switch" ;;
esac
while [ "${OUT%/}" != "$OUT" ] && [ "$OUT" != / ]; do OUT=${OUT%/}; done
[ -n "$OUT" ] || die "OUT: empty"
if [ -L "$OUT" ] || { [ -e "$OUT" ] && ! [ -d "$OUT" ]; }; then
  die "$OUT: exists and is not a directory"
fi
if [ -d "$OUT" ] && [ -n "$(ls -A "$OUT")" ]; then
  die "$OUT: exists and is not empty"
fi
out_parent=$(dirname "$OUT")
[ -d "$out_parent" ] || die "$OUT: its directory $out_parent does not exist"
src_abs=$(cd "$SRC" && pwd -P)
out_abs=$(cd "$out_parent" && pwd -P)/$(basename "$OUT")
case $out_abs/ in
  "$src_abs"/*) die "$OUT: inside SRC ($SRC), which is only read" ;;
esac
command -v "$GEN" >/dev/null 2>&1 || die "$GEN: no magicbb generator there (install magicbb, or set MAGICBB_GEN)"

W=$(mktemp -d "$out_abs.tmp.XXXXXX") || fail "cannot make a directory beside $OUT"
T=$(mktemp -d) || fail "cannot make a temporary directory"
trap 'rm -rf "$W" "$T"' EXIT
trap 'exit 1' HUP INT TERM
cp -a "$SRC"/. "$W"/ || fail "cannot copy $SRC"
S=$W/src

# 1. Tables for Fairy-Stockfish's board: 12 files x 10 ranks, bit = rank*12 + file.
FAMILIES=rook_h,rook_v,bishop,cannon_h,cannon_v,cannon_diag,grasshopper_h,grasshopper_v,grasshopper_d,nightrider,lame_dabbaba,horse,elephant,janggi_elephant
# PEXT where the engine's Makefile turns it on for these MAKE_ARGS.
PEXT=$(cd "$S" && make -s config-sanity "$@" 2>/dev/null | sed -n "s/^pext: '\(.*\)'\$/\1/p") || true
case $PEXT in
  yes) INDEX=pext ;;
  no) INDEX=multiply ;;
  *) die "$SRC/src/Makefile: cannot tell whether MAKE_ARGS use PEXT (make config-sanity said '$PEXT')" ;;
esac
INDEX=${MAGICBB_INDEX:-$INDEX}
# (GEN_ARGS is a list of options: split on blanks)
# shellcheck disable=SC2086
"$GEN" -q --board=12x10:stride=12:first=0 --families=$FAMILIES --index="$INDEX" \
  $GEN_ARGS --prefix=$NAME --output="$S/$BASE.c" --header="$S/$BASE.h" \
  || fail "$GEN: the tables were not generated"
echo "$me: tables generated with --index=$INDEX $GEN_ARGS" >&2

# 2. Edits, by name; each must match exactly as often as expected.
# (FILE is named as in SRC; WHAT says which lines, for the message)
edit() { # edit FILE EXPECTED_COUNT PERL_SUBSTITUTION WHAT
  local f=$1 want=$2 prog=$3 what=$4 got
  got=$(perl -0777 -i -pe "$prog; END { print STDERR \$n+0 }" "$f" 2>&1 >/dev/null) \
    || fail "$SRC/src/${f##*/}: perl could not edit it"
  [ "$got" = "$want" ] || die "$SRC/src/${f##*/}: $what: expected $want, found $got (is it Fairy-Stockfish c19b5f6c?)"
}

H=$S/bitboard.h C=$S/bitboard.cpp M=$S/Makefile

# bitboard.h: include the generated header after types.h
edit "$H" 1 '$n += s/^(#include "types\.h"\n)/$1#include "'$BASE'.h" \/\/ magicbb: generated const tables\n/m' 'the include of types.h'
# bitboard.h: the per-family square descriptors are gone
edit "$H" 15 '$n += s/^extern Magic\b[^\n]*\n//mg' 'the declarations of the magic descriptors'
# bitboard.h: both rider_attacks_bb overloads answer from the generated lookups
# (their own signature lines stay; only the bodies are replaced)
edit "$H" 1 '$n += s/^(template<RiderType R>\ninline Bitboard rider_attacks_bb\(Square [^\n]*\{\n).*?^\}\n/$1MBB_TEMPLATE/ms' 'the templated rider_attacks_bb'
edit "$H" 1 '$n += s/^(inline Bitboard rider_attacks_bb\(RiderType [^\n]*\{\n).*?^\}\n/MBB_PRE$1MBB_RUNTIME/ms' 'the run-time rider_attacks_bb'
cat > "$T/template" <<EOF
  // magicbb: the 14 families answer from generated const tables (no init).
  static_assert(R != NO_RIDER && !(R & (R - 1)), "exactly one rider");
  const unsigned q = unsigned(s);
  if constexpr (R == RIDER_BISHOP) return ${NAME}_bishop(q, occupied);
  else if constexpr (R == RIDER_ROOK_H) return ${NAME}_rook_h(q, occupied);
  else if constexpr (R == RIDER_ROOK_V) return ${NAME}_rook_v(q, occupied);
  else if constexpr (R == RIDER_CANNON_H) return ${NAME}_cannon_h(q, occupied);
  else if constexpr (R == RIDER_CANNON_V) return ${NAME}_cannon_v(q, occupied);
  else if constexpr (R == RIDER_LAME_DABBABA) return ${NAME}_lame_dabbaba(q, occupied);
  else if constexpr (R == RIDER_HORSE) return ${NAME}_horse(q, occupied);
  else if constexpr (R == RIDER_ELEPHANT) return ${NAME}_elephant(q, occupied);
  else if constexpr (R == RIDER_JANGGI_ELEPHANT) return ${NAME}_janggi_elephant(q, occupied);
  else if constexpr (R == RIDER_CANNON_DIAG) return ${NAME}_cannon_diag(q, occupied);
  else if constexpr (R == RIDER_NIGHTRIDER) return ${NAME}_nightrider(q, occupied);
  else if constexpr (R == RIDER_GRASSHOPPER_H) return ${NAME}_grasshopper_h(q, occupied);
  else if constexpr (R == RIDER_GRASSHOPPER_V) return ${NAME}_grasshopper_v(q, occupied);
  else return ${NAME}_grasshopper_d(q, occupied);
}
EOF
cat > "$T/runtime" <<EOF
  // magicbb: one rider bit to its family's lookup (bit i is family i).
  assert(R != NO_RIDER && !(R & (R - 1)));
  switch (__builtin_ctz(unsigned(R))) {
  case 0: return rider_attacks_bb<RIDER_BISHOP>(s, occupied);
  case 1: return rider_attacks_bb<RIDER_ROOK_H>(s, occupied);
  case 2: return rider_attacks_bb<RIDER_ROOK_V>(s, occupied);
  case 3: return rider_attacks_bb<RIDER_CANNON_H>(s, occupied);
  case 4: return rider_attacks_bb<RIDER_CANNON_V>(s, occupied);
  case 5: return rider_attacks_bb<RIDER_LAME_DABBABA>(s, occupied);
  case 6: return rider_attacks_bb<RIDER_HORSE>(s, occupied);
  case 7: return rider_attacks_bb<RIDER_ELEPHANT>(s, occupied);
  case 8: return rider_attacks_bb<RIDER_JANGGI_ELEPHANT>(s, occupied);
  case 9: return rider_attacks_bb<RIDER_CANNON_DIAG>(s, occupied);
  case 10: return rider_attacks_bb<RIDER_NIGHTRIDER>(s, occupied);
  case 11: return rider_attacks_bb<RIDER_GRASSHOPPER_H>(s, occupied);
  case 12: return rider_attacks_bb<RIDER_GRASSHOPPER_V>(s, occupied);
  default: return rider_attacks_bb<RIDER_GRASSHOPPER_D>(s, occupied);
  }
}
static_assert(RIDER_BISHOP == 1 && RIDER_ROOK_H == 2 && RIDER_ROOK_V == 4 && RIDER_CANNON_H == 8
              && RIDER_CANNON_V == 16 && RIDER_LAME_DABBABA == 32 && RIDER_HORSE == 64
              && RIDER_ELEPHANT == 128 && RIDER_JANGGI_ELEPHANT == 256 && RIDER_CANNON_DIAG == 512
              && RIDER_NIGHTRIDER == 1024 && RIDER_GRASSHOPPER_H == 2048
              && RIDER_GRASSHOPPER_V == 4096 && RIDER_GRASSHOPPER_D == 8192,
              "magicbb: rider bits as the switch above reads them");
EOF
DISPATCH=${MAGICBB_DISPATCH:-table}
if [ "$DISPATCH" = table ] && grep -q _pdep_u64 "$S/$BASE.h"; then
  DISPATCH=switch  # a compressed payload is expanded by each family's lookup
fi
echo "$me: run-time lookup by $DISPATCH" >&2
: > "$T/pre"
if [ "$DISPATCH" = table ]; then
  # Run-time lookup by tables, as the engine's own one: arrays of each
  # family's entries and attacks, indexed by the rider bit's index, for the
  # families of one or two tables (the second probe only where there is one);
  # a family of more tables goes through a small out-of-line switch, so that
  # the lookup stays small enough to be inlined.
  Hdr=$S/$BASE.h
  grep -q "${NAME}_index_(const struct ${NAME}_entry" "$Hdr" || die "$Hdr: no ${NAME}_index_ (use MAGICBB_DISPATCH=switch)"
  fams=(bishop rook_h rook_v cannon_h cannon_v lame_dabbaba horse elephant janggi_elephant cannon_diag nightrider grasshopper_h grasshopper_v grasshopper_d)
  parts() { # parts F: the names of F's tables, one a line
    if grep -q "${NAME}_$1_entries\[" "$Hdr"; then echo "${NAME}_$1"
    else grep -o "^extern const struct ${NAME}_entry ${NAME}_$1_[0-9]*_entries\[" "$Hdr" | sed 's/^.* //; s/_entries\[$//'; fi
  }
  for f in "${fams[@]}"; do
    n=$(parts $f | wc -l)
    [ "$n" -ge 1 ] || die "$Hdr: no table of $f"
    grep -q "$(parts $f | head -1)_attacks\[[0-9]*\]\[2\]" "$Hdr" || die "$Hdr: $f's attacks are not full bitboards (use MAGICBB_DISPATCH=switch)"
  done
  more=0  # any family of more than two tables (the nightrider unless --split=...,nightrider=none)?
  for f in "${fams[@]}"; do if [ "$(parts $f | wc -l)" -gt 2 ]; then more=1; fi; done
  if [ $more = 1 ]; then {
    echo "// magicbb: the families held in more than two tables, out of line."
    echo "[[gnu::noinline]] inline Bitboard magicbb_rider_more(unsigned i, Square s, Bitboard occupied) {"
    echo "  switch (i) {"
    for k in "${!fams[@]}"; do
      f=${fams[$k]}
      [ "$(parts $f | wc -l)" -gt 2 ] && echo "  case $k: return ${NAME}_${f}(unsigned(s), occupied);"
    done
    echo "  default: return 0;"
    echo "  }"
    echo "}"
    echo
  } > "$T/pre"; fi
  table() { # table PART(1|2) KIND(entries|attacks)
    for f in "${fams[@]}"; do
      n=$(parts $f | wc -l)
      if [ "$n" -gt 2 ] || [ "$n" -lt "$1" ]; then echo "    nullptr, // $f"
      else echo "    $(parts $f | sed -n "$1p")_$2, // $f"; fi
    done
  }
  {
    echo "  // magicbb: one rider bit to its family's lookup (bit i is family i)."
    echo "  assert(R != NO_RIDER && !(R & (R - 1)));"
    echo "  static constexpr const struct ${NAME}_entry* entries0[14] = {"; table 1 entries; echo "  };"
    echo "  static constexpr const uint64_t (*attacks0[14])[2] = {"; table 1 attacks; echo "  };"
    echo "  static constexpr const struct ${NAME}_entry* entries1[14] = {"; table 2 entries; echo "  };"
    echo "  static constexpr const uint64_t (*attacks1[14])[2] = {"; table 2 attacks; echo "  };"
    echo "  const unsigned i = unsigned(__builtin_ctz(unsigned(R)));"
    if [ $more = 1 ]; then
      echo "  if (!entries0[i])"
      echo "      return magicbb_rider_more(i, s, occupied);"
    fi
    echo "  const uint64_t lo = uint64_t(occupied), hi = uint64_t(occupied >> 64);"
    echo "  const uint64_t* a = attacks0[i][${NAME}_index_(&entries0[i][s], lo, hi)];"
    echo "  Bitboard b = Bitboard(a[1]) << 64 | a[0];"
    echo "  if (entries1[i]) {"
    echo "      a = attacks1[i][${NAME}_index_(&entries1[i][s], lo, hi)];"
    echo "      b |= Bitboard(a[1]) << 64 | a[0];"
    echo "  }"
    echo "  return b;"
    echo "}"
    sed -n '/^static_assert(RIDER_BISHOP == 1/,/reads them");$/p' "$T/runtime"
  } > "$T/runtime.table"
  mv "$T/runtime.table" "$T/runtime"
fi
MBB_T=$T/template MBB_R=$T/runtime MBB_P=$T/pre perl -0777 -i -pe '
  sub slurp { local $/; open my $f, "<", $_[0] or die; <$f> }
  my ($t, $r, $p) = (slurp($ENV{MBB_T}), slurp($ENV{MBB_R}), slurp($ENV{MBB_P}));
  s/MBB_TEMPLATE/$t/; s/MBB_PRE/$p/; s/MBB_RUNTIME/$r/;' "$H"

# bitboard.cpp: no precomputed multipliers, no descriptors, no tables, no filling
edit "$C" 1  '$n += s/^#include "magic\.h"\n//mg' 'the include of magic.h'
edit "$C" 14 '$n += s/^Magic \w+\[SQUARE_NB\];\n//mg' 'the magic descriptors'
edit "$C" 1  '$n += s/^Magic\* magics\[\] = \{.*?\};\n//ms' 'the array of descriptors'
edit "$C" 28 '$n += s/^[ \t]*Bitboard \w+Table\w*\[0x[0-9A-Fa-f]+\];[^\n]*\n//mg' 'the attack tables'
edit "$C" 28 '$n += s/^[ \t]*init_magics<\w+>\([^\n]*\);\n//mg' 'the init_magics calls'

# Makefile: the generated tables are one more object
edit "$M" 1 '$n += s/^(OBJS = [^\n]*\n)/$1OBJS += '$BASE'.o # magicbb: generated const tables\n/m' 'the OBJS line'
printf '\n# magicbb: generated const tables (data only)\n%s.o: %s.c %s.h\n\t$(CC) -O2 $(filter -m%%,$(CXXFLAGS)) -c %s.c -o %s.o\n' \
  $BASE $BASE $BASE $BASE $BASE >> "$M"

# 3. Build, then put the whole tree in OUT's place.
(cd "$S" && make build "$@") >&2 || fail "the engine's make build failed"
[ -x "$S/stockfish" ] || fail "$S/stockfish: not built"
if [ -d "$OUT" ]; then rmdir "$OUT" 2>/dev/null || fail "$OUT: filled while building; the build is not kept"; fi
mv -T "$W" "$OUT" || fail "$OUT: appeared while building; the build is not kept"
trap - EXIT
rm -rf "$T"
echo "$(cd "$OUT/src" && pwd -P)/stockfish"
