#!/bin/sh
# SPDX-License-Identifier: MIT
# vendored.sh - the vendored drop-in of tools/dropin.sh (single/), as an
# engine uses it, with only cc, as TAP: it includes nothing beyond
# <stddef.h> and <stdint.h> (<intrin.h> for MSVC); examples/engine (three
# files) and the self-test (tests/selftest.c: every public function
# against the reference ray walk) build with -O2 and no LTO, as C99 and
# C++17, under strict warnings, without flags (the portable choice,
# black) and with -mbmi2 (pext, where the CPU has BMI2: the program runs),
# call no magicbb function and pass (make check builds some of these,
# make check-slow, MBB_CHECK_SLOW, all); a slow-PEXT -march takes black;
# C++17's magicbb::board<> equals a ray walk and the runtime lookups
# (tests/constexpr17.cc) and costs nothing where unused; --gc-sections
# drops the tables a program never reads; MAGICBB_FLAVOUR_<NAME> picks a
# carried flavour, and is refused in one error for another or without its
# instructions; a -mbmi2 build and a portable one link into one program
# (MAGICBB_IMPLEMENTATION_SLIDERS, tests/universal.c) and both answer as
# the ray walk, SLIDERS files alone fail to link naming
# MAGICBB_IMPLEMENTATION, both macros in one file fail to compile; and
# preprocessed as for MSVC it has no GNU-only construct.
# It makes the drop-in once (make dropin) and says what each group of
# builds is (TAP comments, which make check shows as it goes).
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
gen=${MBB_GEN:?MBB_GEN must name the generator}
cc=${MBB_CC:-cc}
. "$(dirname "$0")/tap.sh"
tap_workdir vendored
tap_tools
bmi2=no
grep -qw bmi2 /proc/cpuinfo 2>/dev/null && bmi2=yes

# The drop-in every test below reads, made once, by make dropin.
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
unset MAKEFLAGS MFLAGS MAKELEVEL
# MBB_CHECK_SLOW (make check-slow): the variants of the builds below too
slow=${MBB_CHECK_SLOW:-}
single="$work/single"
note "making the drop-in (make dropin), and again from another path to the sources"
if ! "${MAKE:-make}" -s -C "$builddir" dropin DROPIN_DIR="$single" >"$work/make.log" 2>&1; then
  not_ok "make dropin: $(tail -n 1 "$work/make.log")"
  tap_done
  exit 1
fi
# The same drop-in whatever the paths it was made from (a release tarball
# made in any build directory is the same): the source tree named by
# another path, from another directory.
version=$("$gen" --version | sed -n '1s/.* //p')
mkdir "$work/elsewhere" "$work/link" && ln -s "$srcdir" "$work/link/src" &&
  (cd "$work/elsewhere" && sh "$srcdir/tools/dropin.sh" ../link/src "$gen" "$version" again) \
  2>"$work/err"
if diff -r "$single" "$work/elsewhere/again" >"$work/diff" 2>&1; then
  ok "the drop-in is the same made from another path to the sources"
else
  not_ok "the drop-in records the path it was made from: $(grep -m 1 '^[<>]' "$work/diff")"
fi
# make dropin writes the drop-in anew: DROPIN_FLAVOURS take effect after an
# earlier make dropin (a copy of the first); make clean leaves a shipped
# single/ alone.
if [ ! -e "$single/magicbb-tables/hq.h" ] && cp -R "$single" "$work/made" &&
   "${MAKE:-make}" -s -C "$builddir" dropin DROPIN_DIR="$work/made" DROPIN_FLAVOURS=hq \
     >>"$work/make.log" 2>&1 && [ -f "$work/made/magicbb-tables/hq.h" ]; then
  ok "make dropin DROPIN_FLAVOURS=hq after a first make dropin adds hq"
else
  not_ok "make dropin DROPIN_FLAVOURS=hq after a first make dropin: $(tail -n 1 "$work/make.log")"
fi
if "${MAKE:-make}" -s -n -C "$builddir" clean 2>&1 | grep -q 'rm .*single'; then
  not_ok "make clean removes single/, which the release tarball ships"
else
  ok "make clean keeps single/, which the release tarball ships"
fi

others=$(cat "$single"/*.h "$single"/magicbb/*.h "$single"/magicbb-tables/*.h | grep '^ *# *include *<' |
  grep -v '<stddef.h>\|<stdint.h>\|<intrin.h>\|<immintrin.h>\|<wasm_simd128.h>' | sort -u | tr '\n' ' ')
[ -z "$others" ] && ok "the drop-in includes only <stddef.h> and <stdint.h> (<immintrin.h> for AVX2, <intrin.h> for MSVC, <wasm_simd128.h> for SIMD128)" \
  || not_ok "the drop-in includes $others"
# doc/engines.md's size of the drop-in, in MB, is this one's
dropin_bytes=$(cat "$single"/*.h "$single"/*/*.h | wc -c | tr -d ' ')
quoted=$(sed -n 's/^The drop-in is about \([0-9][0-9]*\) MB of text.*/\1/p' "$srcdir/doc/engines.md")
if [ -n "$quoted" ] && [ "$quoted" = $(((dropin_bytes + 500000) / 1000000)) ]; then
  ok "the drop-in is $dropin_bytes bytes: about $quoted MB, as doc/engines.md says"
else
  not_ok "the drop-in is $dropin_bytes bytes; doc/engines.md says about '$quoted' MB"
fi
printf '#define MAGICBB_IMPLEMENTATION\n#include "magicbb.h"\n' > "$work/impl.c"

# Compiled once, for several programs below (each compile of the
# implementation file takes gcc about half a second): the reference ray
# walk; the implementation file for black, under the self-test's flags
# ($impl_black: the self-test's, the links' and --gc-sections' below,
# hence each function and table in a section of its own).
cflags_test="-O2 -std=c99 -pedantic -Wall -Wextra -Wundef -Wshadow -Werror -I$single -I$srcdir/support"
reference_o=$srcdir/support/reference.c impl_black=$work/impl.c
# shellcheck disable=SC2086
$cc $cflags_test -c -o "$work/reference.o" "$srcdir/support/reference.c" >"$work/objects.log" 2>&1 &&
  reference_o=$work/reference.o
# shellcheck disable=SC2086
$cc $cflags_test -ffunction-sections -fdata-sections -c -o "$work/impl-black.o" "$work/impl.c" \
  >>"$work/objects.log" 2>&1 &&
  impl_black=$work/impl-black.o

# program NAME COMPILER FLAGS...: examples/engine or the self-test against
# the drop-in; its output in $work/NAME.log.  (IMPL: the implementation
# file or an object of it, $work/impl.c unless set.)
program() {
  name=$1 compiler=$2
  shift 2
  case $name in
    engine*) sources="$srcdir/examples/engine/attacks.c $srcdir/examples/engine/movegen.c $srcdir/examples/engine/main.c" ;;
    *) sources="${IMPL:-$work/impl.c} $srcdir/tests/selftest.c"
       if [ "$compiler" = "$cc" ]; then sources="$sources $reference_o"; else sources="$sources $srcdir/support/reference.c"; fi ;;
  esac
  # a compiler may carry arguments (CC='ccache gcc', 'gcc -std=c99')
  # shellcheck disable=SC2086
  $compiler -O2 "$@" -Wall -Wextra -Wundef -Wshadow -Werror -I"$single" -I"$srcdir/support" \
    -o "$work/$name" $sources >"$work/$name.log" 2>&1
}

# checked NAME WANT WHAT: no call to magicbb and no magicbb function in
# it; run where the CPU has its instructions, and it names WANT.
checked() {
  c_name=$1 c_want=$2 c_what=$3
  [ "${c_name#engine}" = "$c_name" ] || no_calls "$work/$c_name" "$c_what"
  if [ "${c_want##* }" = pext ] && [ $bmi2 = no ]; then
    skip "$c_what: this CPU lacks BMI2 to run it"
  elif "$work/$c_name" "${c_want##* }" >"$work/$c_name.out" 2>&1 && grep -q "$c_want" "$work/$c_name.out"; then
    ok "$c_what: $(tail -n 1 "$work/$c_name.out")"
  else
    not_ok "$c_what: $(tail -n 1 "$work/$c_name.out")"
  fi
}

note "examples/engine and the self-test on the drop-in: one build (five in make check-slow, and C++17)"
# (-flto -Os: where gcc outlined a static inline lookup into a call.  A
# slow-PEXT -march, Zen 2's, takes black: its flavour below.  Those
# builds, and -mbmi2's, are make check-slow's, as they take gcc 1 to 8 s
# each; make check builds the portable one.  tests/engine.sh builds the
# engine on the same headers, as C99, under -flto -Os and as C++17, with
# the library's flags, and pext's self-test runs below.)
builds='"|black"'
[ -z "$slow" ] || builds='"|black" "-mbmi2|pext" "-mbmi2 -flto -Os|pext" "-march=znver2|black" "-flto -Os|black"'
for march in znver2:black znver3:pext; do
  taken=$(echo '#include "magicbb.h"' | $cc -march="${march%:*}" -I"$single" -E -dM -x c - 2>&1 |
    sed -n 's|^#define MBB_INLINE_TABLES "magicbb-tables/\([a-z0-9]*\)\.h"$|\1|p')
  [ "$taken" = "${march#*:}" ] && ok "-march=${march%:*}: the drop-in takes $taken" \
    || not_ok "-march=${march%:*}: the drop-in takes '$taken', not ${march#*:}"
done
eval "set -- $builds"
for build in "$@"; do
  flags=${build%|*} want=${build#*|}
  # (under -flto, make check builds the C99 engine alone: what LTO may
  # outline is its lookups)
  lto_only=
  case "$slow:$flags" in :*-flto*) lto_only=yes ;; esac
  kinds="engine selftest"
  [ -z "$lto_only" ] || kinds=engine
  for kind in $kinds; do
    # (black's self-test: its implementation file compiled above)
    IMPL=
    [ "$kind:$flags" != selftest: ] || IMPL=$impl_black
    # shellcheck disable=SC2086
    if program "$kind" "$cc" -std=c99 -pedantic $flags; then
      if [ $kind = engine ]; then checked "$kind" "flavour $want" "$kind, C99 $flags"
      else checked "$kind" "$want" "$kind, C99 $flags"; fi
    else
      not_ok "$kind, C99 $flags: $(grep -m 1 'error' "$work/$kind.log")"
    fi
  done
  if [ -n "$lto_only" ] || [ -z "$slow" ]; then
    :
  elif [ -z "$cxx" ]; then
    skip "C++17 $flags: no C++ compiler"
  elif program "engine-cxx" "$cxx" -x c++ -std=c++17 -pedantic $flags; then
    checked engine-cxx "flavour $want" "engine, C++17 $flags"
  else
    not_ok "engine, C++17 $flags: $(grep -m 1 'error' "$work/engine-cxx.log")"
  fi
done
IMPL=
# MAGICBB_SMALL: mbb_between, mbb_line and mbb_ray_pass computed from the
# slider lookups (the self-test checks every pair against the ray walk),
# and the implementation file holds no table of them.  (pext's in make
# check, black's too in make check-slow)
for build in ${slow:+"|black"} "-mbmi2|pext"; do
  flags=${build%|*} want=${build#*|}
  # shellcheck disable=SC2086
  if program selftest-small "$cc" -std=c99 -pedantic $flags -DMAGICBB_SMALL; then
    pairs=$(${NM:-nm} "$work/selftest-small" | grep -o 'mbb_tab_\(between\|line\|ray_pass\)$' | tr '\n' ' ')
    if [ -n "$pairs" ]; then
      not_ok "self-test, C99 $flags -DMAGICBB_SMALL: it holds $pairs"
    else
      checked selftest-small "$want" "self-test, C99 $flags -DMAGICBB_SMALL, no between, line or ray_pass table"
    fi
  else
    not_ok "self-test, C99 $flags -DMAGICBB_SMALL: $(grep -m 1 'error' "$work/selftest-small.log")"
  fi
done
# cxx17 NAME SOURCE WHAT FLAGS: the C++17 test program tests/SOURCE with
# the drop-in, built with FLAGS and run where the CPU has what they ask
# (-mbmi2: BMI2, -mavx2: AVX2); its last line is the report.
avx2=no
grep -qw avx2 /proc/cpuinfo 2>/dev/null && avx2=yes
cxx17() {
  x_name=$1 x_source=$2 x_what=$3 x_flags=$4
  if [ -z "$cxx" ]; then
    skip "$x_what $x_flags: no C++ compiler"
    return
  fi
  x_impl="-x c++ $work/impl.c"
  [ -n "$x_flags" ] || [ -z "$impl_cxx" ] || x_impl=$impl_cxx
  # shellcheck disable=SC2086
  if ! $cxx -O2 -std=c++17 -pedantic -Wall -Wextra -Werror $x_flags -I"$single" -o "$work/$x_name" \
       "$srcdir/tests/$x_source" $x_impl >"$work/$x_name.log" 2>&1; then
    not_ok "$x_what $x_flags: $(grep -m 1 'error' "$work/$x_name.log")"
  elif { case " $x_flags " in *" -mbmi2 "*) [ $bmi2 = no ] ;; *) false ;; esac; } ||
       { case " $x_flags " in *" -mavx2 "*) [ $avx2 = no ] ;; *) false ;; esac; }; then
    skip "$x_what $x_flags: this CPU lacks the instructions to run it"
  elif "$work/$x_name" >"$work/$x_name.out" 2>&1; then
    ok "$x_what $x_flags: $(tail -n 1 "$work/$x_name.out")"
  else
    not_ok "$x_what $x_flags: $(head -n 1 "$work/$x_name.out")"
  fi
}
note "C++17: structured bindings, magicbb::board<>"
# C++17's structured bindings port Stockfish's [bishop, rook] by position;
# C++17's magicbb::board<>: static_asserts, and every entry against a ray
# walk of the test's own and the runtime lookups.  (The implementation
# file as C++11 -Wold-style-cast, compiled once: their C tables without
# -mbmi2, and a test of its own, below.)
impl_cxx=
if [ -n "$cxx" ] && "$cxx" -x c++ -std=c++11 -pedantic -Wall -Wextra -Wold-style-cast -Wundef -Werror \
     -I"$single" -c -o "$work/impl.o" "$work/impl.c" >"$work/cxx.log" 2>&1; then
  impl_cxx=$work/impl.o
fi
for flags in "" ${slow:+-mbmi2}; do
  cxx17 bind17 bind17.cc "C++17 structured bindings" "$flags"
  cxx17 constexpr17 constexpr17.cc "C++17 constexpr board tables" "$flags"
done
# A file that includes the drop-in and never names magicbb::board<> does
# not compute it: clang, which evaluates a constant initializer that does
# not depend on a template's parameters where the template is defined,
# compiles it with a budget of 1,000 constexpr steps (the tables take
# about 48,000).
if command -v clang++ >/dev/null 2>&1; then
  if clang++ -std=c++17 -fconstexpr-steps=1000 -I"$single" -fsyntax-only -x c++ "$work/impl.c" \
       >"$work/unused.log" 2>&1; then
    ok "C++17, magicbb::board<> unused: not computed (clang++ -fconstexpr-steps=1000)"
  else
    not_ok "C++17, magicbb::board<> unused: computed all the same: $(grep -m 1 'error' "$work/unused.log")"
  fi
else
  skip "C++17, magicbb::board<> unused: no clang++"
fi
# The implementation file alone as C++11 with -Wold-style-cast: the tables
# too (compiled above).
if [ -n "$impl_cxx" ]; then
  ok "the implementation file as C++11 -Wold-style-cast"
else
  not_ok "the implementation file as C++11: $(grep -m 1 'error' "$work/cxx.log")"
fi

note "the drop-in under strict warnings: gcc, clang, g++, clang++"
# The drop-in under the strict flags the installed headers pass
# (tests/install.sh), as C and C++, with gcc and clang, without flags
# (black) and with -mbmi2 (pext): an engine's own warning flags never
# stop it.
# (C++17 also computes magicbb::board<>, at compile time and at run time.)
printf '%s\n' '#define MAGICBB_IMPLEMENTATION' '#include "magicbb.h"' 'int main(void);' \
  '#if defined(__cplusplus) && __cplusplus >= 201703L' \
  'static_assert(magicbb::board<>.ray_pass[0][2] == 0xfe, "a1 through c1");' \
  'int main(void) { return mbb_queen_attacks(3, 0) != magicbb::board<>.queen[3]; }' '#else' \
  'int main(void) { return mbb_queen_attacks(3, 0) == 0; }' '#endif' > "$work/strict.c"
strict="-pedantic -Wall -Wextra -Wundef -Wconversion -Wsign-conversion -Wshadow -Wcast-qual -Werror"
# (gcc and g++ in make check; clang and clang++ under -Weverything below,
# which holds these flags; the rest in make check-slow)
strict_compilers="gcc g++"
[ -z "$slow" ] || strict_compilers="gcc clang g++ g++17 clang++ clang++17"
for compiler in $strict_compilers; do
  command -v "${compiler%17}" >/dev/null 2>&1 || { skip "the drop-in under strict flags: no ${compiler%17}"; continue; }
  case $compiler in
    g++*) flags="-x c++ -std=c++11 -Wold-style-cast -Wuseless-cast -Wzero-as-null-pointer-constant -Wmissing-declarations" ;;
    clang++*) flags="-x c++ -std=c++11 -Wold-style-cast -Wzero-as-null-pointer-constant -Wmissing-declarations" ;;
    *) flags="-std=c99 -Wstrict-prototypes -Wmissing-prototypes" ;;
  esac
  [ "${compiler%17}" = "$compiler" ] || flags=$(echo "$flags" | sed 's/c++11/c++17/')
  compiler=${compiler%17}
  # (-mbmi2, pext's code: make check-slow's; make check compiles it in
  # the MAGICBB_SMALL self-test above and the links below)
  if [ -n "$slow" ]; then isas=-mbmi2; else isas=; fi
  for isa in "" $isas; do
    # shellcheck disable=SC2086
    if $compiler $flags $strict $isa -I"$single" -fsyntax-only "$work/strict.c" >"$work/strict.log" 2>&1; then
      ok "the drop-in, $compiler $flags $isa"
    else
      not_ok "the drop-in, $compiler $flags $isa: $(grep -m 1 'error' "$work/strict.log")"
    fi
  done
done
# And clang's every warning (but C++98 compatibility): no reserved name
# (a double underscore), nothing an engine that turns them all on stops at.
for compiler in clang clang++; do
  command -v "$compiler" >/dev/null 2>&1 || { skip "the drop-in under -Weverything: no $compiler"; continue; }
  case $compiler in
    clang++) flags="-x c++ -std=c++17 -Wno-c++98-compat -Wno-c++98-compat-pedantic" ;;
    *) flags="-std=c99" ;;
  esac
  for isa in "" ${slow:+-mbmi2 -mavx2}; do
    # shellcheck disable=SC2086
    if $compiler $flags -Weverything -Werror $isa -I"$single" -fsyntax-only "$work/strict.c" \
         >"$work/strict.log" 2>&1; then
      ok "the drop-in, $compiler -Weverything $flags $isa"
    else
      not_ok "the drop-in, $compiler -Weverything $flags $isa: $(grep -m 1 'error' "$work/strict.log")"
    fi
  done
done
[ -n "$slow" ] || skip "the -mbmi2 and C++17 variants of the builds above, clang's strict compiles beside -Weverything, -Weverything with -mbmi2 and -mavx2, the engine under -flto -Os and -march=znver2, one executable for two instruction sets in C++ and of link-time optimised parts: make check-slow (a build configured --enable-lab)"
# Every include guard of the drop-in carries the project's prefix: an
# engine's own policy.h or bits.h must not hide one of its files.
guards=$(sed -n 's/^#ifndef \([A-Z0-9_]*_H\)$/\1/p' "$single"/*.h "$single"/*/*.h | grep -v '^MAGICBB_' | tr '\n' ' ')
[ -z "$guards" ] && ok "every include guard of the drop-in starts with MAGICBB_" \
  || not_ok "include guards without the prefix: $guards"

note "links: one executable for two instruction sets, missing and doubled tables, --gc-sections"
# A link that lacks the tables, or has them twice, names the symbol that
# says what to do (doc/engines.md, Troubleshooting): no implementation
# file, two, and files compiled with different flags.
rule=tables_link_libmagicbb_a_or_one_MAGICBB_IMPLEMENTATION_file_see_doc_engines_md
printf '#include "magicbb.h"\nuint64_t other(void);\nuint64_t other(void) { return mbb_rook_attacks(3, 0); }\n' \
  > "$work/other.c"
printf '#include "magicbb.h"\nuint64_t other(void);\nint main(void) { return (mbb_rook_attacks(3, 0) ^ other()) != 0; }\n' \
  > "$work/main.c"
while IFS='|' read -r what files want; do
  # shellcheck disable=SC2086
  if (cd "$work" && $cc -O2 -I"$single" -o linked $files) >"$work/link.log" 2>&1; then
    not_ok "$what: linked"
  elif grep -q "$want" "$work/link.log"; then
    ok "$what: the link names $want"
  else
    not_ok "$what: $(grep -m 1 'mbb_' "$work/link.log")"
  fi
done <<EOF
no implementation file|main.c other.c|mbb_black_$rule
two implementation files|$impl_black main.c other.c $impl_black|mbb_black_$rule
EOF
# (main.c for pext with -mbmi2, the rest for black: linked, never run)
# shellcheck disable=SC2086
if (cd "$work" && $cc -O2 -mbmi2 -I"$single" -c main.c && $cc -O2 -I"$single" -o linked main.o other.c $impl_black) \
     >"$work/link.log" 2>&1; then
  not_ok "files compiled with different flags: linked"
elif grep -q "mbb_pext_$rule" "$work/link.log"; then
  ok "files compiled with different flags: the link names mbb_pext_$rule"
else
  not_ok "files compiled with different flags: $(grep -m 1 'mbb_' "$work/link.log")"
fi

# One executable for two instruction sets, as an engine's universal build
# (doc/engines.md): tests/universal_side.c compiled with -mbmi2 (pext) and
# without (black), one with MAGICBB_IMPLEMENTATION and the other with
# MAGICBB_IMPLEMENTATION_SLIDERS, linked into one program that calls both
# (the pext side where the CPU has BMI2) against the reference ray walk;
# as C, and as C++ with each side a namespace (the pext side's including
# the drop-in inside it, the black one's outside). Both sides with
# MAGICBB_IMPLEMENTATION: the board's tables twice, which the link names.
# universal NAME COMPILER LANGUAGE BMI2-DEFINES BASE-DEFINES: builds
# $work/NAME from NAME-bmi2.o, NAME-base.o and NAME-reference.o, its
# messages in $work/NAME.log.
universal() {
  u_name=$1 u_compiler=$2 u_lang=$3 u_bmi2=$4 u_base=$5
  u_flags="-O2 -pedantic -Wall -Wextra -Wundef -Wshadow -Werror -I$single -I$srcdir/tests -I$srcdir/support"
  # shellcheck disable=SC2086
  (cd "$work" &&
    $u_compiler $u_lang $u_flags -mbmi2 -DUNIVERSAL_SIDE=isa_bmi2 $u_bmi2 -c -o "$u_name-bmi2.o" \
      "$srcdir/tests/universal_side.c" &&
    $u_compiler $u_lang $u_flags -DUNIVERSAL_SIDE=isa_base $u_base -c -o "$u_name-base.o" \
      "$srcdir/tests/universal_side.c" &&
    if [ "$u_compiler" = "$cc" ] && [ "$reference_o" = "$work/reference.o" ]; then
      cp reference.o "$u_name-reference.o"
    else
      $u_compiler -x c -O2 -c -o "$u_name-reference.o" "$srcdir/support/reference.c"
    fi &&
    $u_compiler $u_lang $u_flags -o "$u_name" "$srcdir/tests/universal.c" -x none "$u_name-bmi2.o" \
      "$u_name-base.o" "$u_name-reference.o") >"$work/$u_name.log" 2>&1
}
takes_mbmi2=no
if ! echo 'int x;' | $cc -mbmi2 -x c -c -o /dev/null - >/dev/null 2>&1; then
  skip "one executable for two instruction sets: $cc takes no -mbmi2"
else
  takes_mbmi2=yes
  while IFS='|' read -r name what compiler lang bmi2_defines base_defines; do
    # (C++, each side a namespace: make check-slow's)
    if [ "$name" = universal-cxx ] && [ -z "$slow" ]; then
      continue
    elif [ -z "$compiler" ]; then
      skip "one executable for two instruction sets, $what: no C++ compiler"
    elif ! universal "$name" "$compiler" "$lang" "$bmi2_defines" "$base_defines"; then
      not_ok "one executable for two instruction sets, $what: $(grep -m 1 -E 'error|undefined|multiple' "$work/$name.log")"
    elif "$work/$name" pext black >"$work/$name.out" 2>&1; then
      ok "one executable for two instruction sets, $what: $(tr '\n' ';' <"$work/$name.out" | sed 's/;$//; s/;/; /g')"
    else
      not_ok "one executable for two instruction sets, $what: $(tr '\n' ';' <"$work/$name.out")"
    fi
  done <<EOF
universal-c|C|$cc|-std=c99|-DMAGICBB_IMPLEMENTATION|-DMAGICBB_IMPLEMENTATION_SLIDERS
universal-cxx|C++17, a namespace a side|$cxx|-x c++ -std=c++17|-DUNIVERSAL_WRAP -DMAGICBB_IMPLEMENTATION_SLIDERS|-DMAGICBB_IMPLEMENTATION
EOF
  # (the C program's pext side, and its black side once more with the board's tables)
  if (cd "$work" && $cc -std=c99 -O2 -I"$single" -I"$srcdir/tests" -DUNIVERSAL_SIDE=isa_base \
        -DMAGICBB_IMPLEMENTATION -c -o doubled-base.o "$srcdir/tests/universal_side.c" &&
      $cc -O2 -I"$srcdir/tests" -I"$srcdir/support" -o doubled "$srcdir/tests/universal.c" universal-c-bmi2.o \
        doubled-base.o universal-c-reference.o) >"$work/doubled.log" 2>&1; then
    not_ok "two flavours' files both with MAGICBB_IMPLEMENTATION: linked"
  elif grep -q 'mbb_tab_knight' "$work/doubled.log"; then
    ok "two flavours' files both with MAGICBB_IMPLEMENTATION: the link names mbb_tab_knight"
  else
    not_ok "two flavours' files both with MAGICBB_IMPLEMENTATION: $(grep -m 1 'mbb_' "$work/doubled.log")"
  fi

fi

# Each part its own link-time optimised link, as Stockfish's
# x86-64-universal makes them (gcc: -save-temps keeps the optimised
# object; clang: lld's --lto-emit-asm, assembled), each part's entry
# point its main (--defsym); the parts and the tables objects in one
# final link. With the tables objects in every link, it links and both
# parts answer; with the engine's own MAGICBB_IMPLEMENTATION file in
# each part instead, the optimisation makes each part's tables its own
# and the final link names the board's one symbol (doc/engines.md).
# (make check-slow's, where the compiler takes -mbmi2: the C program
# above is the same universal link without LTO, and the doubled tables
# are named there too)
if [ -n "$slow" ] && [ "$takes_mbmi2" = yes ]; then
  mkdir "$work/lto"
  printf '%s\n' '#include "magicbb.h"' '#include <stdio.h>' 'int PART(int argc);' 'int PART(int argc)' '{' \
    '    printf("%s %llx\n", mbb_flavour(), (unsigned long long)(mbb_rook_attacks((unsigned)argc, 0) ^' \
    '        mbb_between(0, (unsigned)argc + 62)));' '    return 0;' '}' >"$work/lto/part.c"
  printf '%s\n' 'int part_bmi2(int), part_base(int);' \
    'int main(int argc, char **argv) { (void)argv; return part_bmi2(argc) | part_base(argc); }' \
    >"$work/lto/entry.c"
  printf '#define MAGICBB_IMPLEMENTATION_SLIDERS\n#include "magicbb.h"\n' >"$work/lto/sliders.c"
  # lto_part SIDE VARIANT FLAGS FILES...: $work/lto/VARIANT-SIDE.o, the part's
  # optimised object, its entry point part_SIDE
  lto_part() {
    l_side=$1 l_dir=$work/lto/$2-$1 l_flags=$3
    shift 3
    mkdir "$l_dir" && (cd "$l_dir" &&
      if $cc --version 2>/dev/null | grep -q clang; then
        # shellcheck disable=SC2086
        $cc -O2 $l_flags -flto=full -fuse-ld=lld -Wl,--lto-emit-asm -I"$single" -DPART=part_$l_side \
          -o part.s ../part.c "$@" -Wl,--defsym=main=part_$l_side && $cc -c -o "$l_dir.o" part.s
      else
        # shellcheck disable=SC2086
        $cc -O2 $l_flags -flto -flto-partition=one -save-temps -I"$single" -DPART=part_$l_side -o part \
          ../part.c "$@" -Wl,--defsym=main=part_$l_side && cp part.ltrans0.ltrans.o "$l_dir.o"
      fi)
  }
  once=mbb_board_tables_link_libmagicbb_a_or_one_MAGICBB_IMPLEMENTATION_file_see_doc_engines_md
  tables="$work/lto/tables-bmi2.o $work/lto/tables-base.o"
  # shellcheck disable=SC2086
  if ! (cd "$work/lto" && $cc -O2 -mbmi2 -I"$single" -c -o tables-bmi2.o ../impl.c &&
        $cc -O2 -I"$single" -c -o tables-base.o sliders.c &&
        lto_part bmi2 ok -mbmi2 $tables && lto_part base ok "" $tables) >"$work/lto.log" 2>&1; then
    skip "an engine's universal build of link-time optimised parts: $(grep -m 1 'error\|unrecognized\|unknown' "$work/lto.log")"
  else
    # shellcheck disable=SC2086
    if (cd "$work/lto" && $cc -o universal entry.c ok-bmi2.o ok-base.o $tables) >>"$work/lto.log" 2>&1 &&
       "$work/lto/universal" >"$work/lto.out" 2>&1 && [ "$(cut -d ' ' -f 2 "$work/lto.out" | sort -u | wc -l)" -eq 1 ] &&
       grep -q '^black ' "$work/lto.out" && { [ $bmi2 = no ] || grep -q '^pext ' "$work/lto.out"; }; then
      ok "an engine's universal build of link-time optimised parts, the tables objects in every link: $(tr '\n' ';' <"$work/lto.out" | sed 's/;$//; s/;/; /g')"
    else
      not_ok "an engine's universal build of link-time optimised parts: $(grep -m 1 'error\|undefined' "$work/lto.log") $(head -n 2 "$work/lto.out" 2>/dev/null | tr '\n' ' ')"
    fi
    if ! (lto_part bmi2 own -mbmi2 "$work/impl.c" && lto_part base own "" "$work/impl.c") >>"$work/lto.log" 2>&1; then
      not_ok "the implementation file in each optimised part: a part did not build: $(grep -m 1 'error' "$work/lto.log")"
    elif (cd "$work/lto" && $cc -o doubled entry.c own-bmi2.o own-base.o) >"$work/lto-doubled.log" 2>&1; then
      not_ok "the implementation file in each optimised part: linked, $(size "$work/lto/doubled" | tail -n 1 | cut -f 1) bytes of text"
    elif grep -q "multiple definition of .$once" "$work/lto-doubled.log"; then
      ok "the implementation file in each optimised part: the final link names $once"
    else
      not_ok "the implementation file in each optimised part: $(grep -m 1 'error\|multiple' "$work/lto-doubled.log")"
    fi
  fi
fi
# A program with MAGICBB_IMPLEMENTATION_SLIDERS files alone: no board
# tables, which the link names with the macro that brings them; both
# macros in one file: refused as it compiles, naming them.
printf '%s\n' '#include "magicbb.h"' \
  'int main(void) { return (int)(mbb_knight_attacks(1) + mbb_rook_attacks(1, 0)) & 1; }' \
  >"$work/sliders.c"
if (cd "$work" && $cc -O2 -I"$single" -DMAGICBB_IMPLEMENTATION_SLIDERS -o sliders sliders.c) \
  >"$work/sliders.log" 2>&1; then
  not_ok "MAGICBB_IMPLEMENTATION_SLIDERS files alone: linked"
elif grep -q 'undefined.*MAGICBB_IMPLEMENTATION' "$work/sliders.log"; then
  ok "MAGICBB_IMPLEMENTATION_SLIDERS files alone: the link names $(grep -o 'mbb_board_[A-Za-z_]*' "$work/sliders.log" | head -n 1)"
else
  not_ok "MAGICBB_IMPLEMENTATION_SLIDERS files alone: the link names no MAGICBB_IMPLEMENTATION: $(grep -m 1 'undefined' "$work/sliders.log")"
fi
if (cd "$work" && $cc -I"$single" -DMAGICBB_IMPLEMENTATION -DMAGICBB_IMPLEMENTATION_SLIDERS \
    -E -o /dev/null sliders.c) >"$work/both.log" 2>&1; then
  not_ok "MAGICBB_IMPLEMENTATION and MAGICBB_IMPLEMENTATION_SLIDERS in one file: taken"
elif grep -q 'error.*MAGICBB_IMPLEMENTATION or MAGICBB_IMPLEMENTATION_SLIDERS, not both' "$work/both.log"; then
  ok "MAGICBB_IMPLEMENTATION and MAGICBB_IMPLEMENTATION_SLIDERS in one file: refused, naming both"
else
  not_ok "both implementation macros in one file: $(grep -m 1 'error' "$work/both.log")"
fi

# The implementation file holds every table, each in a section of its own
# under -fdata-sections, so --gc-sections drops those a program never
# reads (doc/engines.md): rook and knight lookups keep no pair table and
# no leaper table but the knight's; mbb_ray_pass adds its table alone,
# mbb_nearest none.
printf '%s\n' '#include "magicbb.h"' '#include <stdio.h>' 'int main(int argc, char **argv)' '{' \
  '    const unsigned sq = (unsigned)argc & 31;' \
  '    uint64_t seen = mbb_rook_attacks(sq, 0) | mbb_knight_attacks(sq);' '    (void)argv;' \
  '#ifdef RAY_PASS' '    seen |= mbb_ray_pass(sq, sq + 8);' '#endif' \
  '#ifdef NEAREST' '    seen |= mbb_nearest(sq, seen);' '#endif' \
  '    printf("%llx\n", (unsigned long long)seen);' '    return 0;' '}' > "$work/gc.c"
# (the implementation file compiled above, $impl_black, for the three)
: >"$work/gc.log"
for program in "rook and knight|knight|" "rook, knight and ray_pass|knight ray_pass|-DRAY_PASS" \
    "rook, knight and nearest|knight|-DNEAREST"; do
  what=${program%%|*} define=${program##*|} want=${program#*|}
  want=${want%|*}
  # shellcheck disable=SC2086
  if [ "$impl_black" != "$work/impl.c" ] && (cd "$work" && $cc -O2 $define -ffunction-sections \
        -fdata-sections -Wl,--gc-sections -I"$single" -o gc gc.c "$impl_black") >>"$work/gc.log" 2>&1; then
    tables=$(${NM:-nm} "$work/gc" | sed -n 's/.* [RrDd] mbb_tab_\([a-z_]*\)$/\1/p' | sort | tr '\n' ' ' |
      sed 's/ $//')
    if [ "$tables" = "$want" ]; then
      ok "-fdata-sections -Wl,--gc-sections, $what: of the board's tables only $want"
    else
      not_ok "-fdata-sections -Wl,--gc-sections, $what: the board's tables $tables, not $want"
    fi
  else
    skip "-fdata-sections -Wl,--gc-sections, $what: $(cat "$work/objects.log" "$work/gc.log" | grep -m 1 'error')"
  fi
done

note "MAGICBB_FLAVOUR_<NAME>, and the drop-in as MSVC sees it"
# MAGICBB_FLAVOUR_<NAME>: a carried flavour; the errors.
if program selftest "$cc" -std=c99 -DMAGICBB_FLAVOUR_FANCY; then
  checked selftest fancy "MAGICBB_FLAVOUR_FANCY"
else
  not_ok "MAGICBB_FLAVOUR_FANCY: $(grep -m 1 'error' "$work/selftest.log")"
fi
# (#error: the preprocessor stops it, so only the preprocessor runs)
while IFS='|' read -r flags message; do
  # shellcheck disable=SC2086
  if $cc -std=c99 $flags -I"$single" -E -o /dev/null "$work/impl.c" >"$work/selftest.log" 2>&1; then
    not_ok "$flags: compiled"
  elif [ "$(grep -c '#error\|error: ' "$work/selftest.log")" -ge 1 ] && grep -q "$message" "$work/selftest.log"; then
    ok "$flags: one error, '$message'"
  else
    not_ok "$flags: $(grep -m 1 'error' "$work/selftest.log")"
  fi
done <<'EOF'
-DMAGICBB_FLAVOUR_PLAIN|carries pext magic32 fancy hqsimd black, not plain
-DMAGICBB_FLAVOUR_PEXT|pext needs BMI2: compile with -mbmi2
EOF

# As MSVC sees it (no __GNUC__ or __clang__, _MSC_VER; an empty <intrin.h>
# stands in for its own): no GNU-only construct is left, and /arch:AVX2
# (__AVX2__) takes pext through _pext_u64.
if command -v clang >/dev/null 2>&1; then
  mkdir "$work/msvc" && : > "$work/msvc/intrin.h"
  for arch in "" -D__AVX2__; do
    # shellcheck disable=SC2086
    if clang -E -P -ffreestanding -U__GNUC__ -U__clang__ -D_MSC_VER=1930 -D_M_X64 $arch -I"$work/msvc" \
         -I"$single" "$work/impl.c" >"$work/msvc.c" 2>"$work/msvc.log"; then
      gnu=$(grep -oE '__builtin[a-z_0-9]*|__asm__|__attribute__|__extension__|__typeof__' "$work/msvc.c" | sort -u | tr '\n' ' ')
      if [ -z "$gnu" ] && { [ -z "$arch" ] || grep -q '_pext_u64' "$work/msvc.c"; }; then
        ok "as MSVC${arch:+ with $arch}: no GNU-only construct"
      else
        not_ok "as MSVC${arch:+ with $arch}: $gnu"
      fi
    else
      not_ok "as MSVC${arch:+ with $arch}: $(head -n 1 "$work/msvc.log")"
    fi
  done
else
  skip "as MSVC: no clang"
fi
tap_done
