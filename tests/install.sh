#!/bin/sh
# SPDX-License-Identifier: MIT
# install.sh - make install and make uninstall into a scratch DESTDIR, as
# TAP: every public function's name finds the manual page, the README
# that installed texts point to is installed, a program compiled with
# nothing but magicbb-inline.pc's flags inlines every slider lookup, the
# installed headers compile under strict warning flags in C and C++, the
# pkg-config modules lead into a moved installation, and
# make uninstall leaves neither a file nor a directory of magicbb's
# behind.  (MBB_CC: the compiler of the build; NM: its nm.)
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
make=${MAKE:-make}
unset MAKEFLAGS MFLAGS MAKELEVEL
. "$(dirname "$0")/tap.sh"
tap_workdir install
root="$work/root"

# make builds what make install installs: make install, often run as
# root, compiles and links nothing (each of its recipes, as make -n
# shows them with silent rules, names no compile or link)
made=$("$make" -n -C "$builddir" install DESTDIR="$root" V=0 2>&1 |
  sed -n 's/^echo "  \([A-Z][A-Z]*\) *" \([^;]*\);.*/\1 \2/p' | head -n 3)
[ -z "$made" ] && ok "make builds everything make install installs" \
  || not_ok "make install would build: $(echo $made)"
# and the build's Makefile remakes what a build lost: a program newer
# than its source, its object missing, is out of date (with every target
# secondary, as an empty .SECONDARY makes them, it was not)
mkdir "$work/probe" && touch -d 2000-01-01 "$work/probe/part.c" && touch "$work/probe/prog" &&
  printf '%s\n' '$(PROBE)/prog: $(PROBE)/part.o ; @:' '$(PROBE)/part.o: $(PROBE)/part.c ; @:' \
    >"$work/probe/probe.mk"
if "$make" -q -C "$builddir" -f Makefile -f "$work/probe/probe.mk" PROBE="$work/probe" "$work/probe/prog" \
     >/dev/null 2>&1; then
  not_ok "the build's Makefile does not remake a lost object: every target is secondary"
else
  ok "the build's Makefile remakes a lost object"
fi
"$make" -s -C "$builddir" install DESTDIR="$root" >"$work/log" 2>&1 || {
  not_ok "make install: $(tail -n 1 "$work/log")"; tap_done; exit 1; }
ok "make install into a scratch DESTDIR"
man3=$(find "$root" -type d -path '*/man/man3' | head -n 1)
docdir=$(find "$root" -type d -path '*/doc/magicbb' | head -n 1)

# man mbb_NAME: a page of that name that leads to magicbb(3), for every
# function <magicbb.h> declares
functions=$(sed -n 's/^MBB_API [^(]*[ *]\(mbb_[a-z0-9_]*\)(.*/\1/p' \
  "${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}/include/magicbb.h")
exported=$(sort "$MBB_SRCDIR/src/magicbb.sym")
if [ "$(echo $functions | wc -w)" -ge 21 ] \
   && [ "$(echo $functions | tr ' ' '\n' | sort)" = "$exported" ]; then
  ok "src/magicbb.sym exports the $(echo $functions | wc -w) functions magicbb.h declares"
else
  not_ok "src/magicbb.sym ($(echo $exported)) is not magicbb.h's functions ($(echo $functions))"
fi
# and tests/firmware.c, the freestanding link (check-freestanding.sh),
# calls every one
# (the calls read once, not one grep a function)
called=" $(grep -o '[^a-z_]mbb_[a-z0-9_]*(' "$MBB_SRCDIR/tests/firmware.c" | sed 's/^.//; s/($//' | tr '\n' ' ') "
missing=
for f in $functions; do
  case $called in *" $f "*) ;; *) missing="$missing $f" ;; esac
done
[ -z "$missing" ] && ok "tests/firmware.c calls every public function" \
  || not_ok "tests/firmware.c does not call:$missing"
# (man itself asked for the first function's and, in make check-slow, each
# one's: every link is the same one-line page, checked for each)
man_asked=
for f in $functions; do
  # (a link's one line read by the shell, a copy's title by grep)
  first=
  [ -z "$man3" ] || [ ! -f "$man3/$f.3" ] || IFS= read -r first <"$man3/$f.3"
  if [ -n "$first" ] &&
     { [ "$first" = '.so man3/magicbb.3' ] || grep -q "^\\.TH MAGICBB 3" "$man3/$f.3"; } &&
     [ -f "$man3/magicbb.3" ]; then
    if [ -n "$man_asked" ] && [ -z "${MBB_CHECK_SLOW:-}" ]; then
      ok "man $f: a page leading to magicbb(3)"
    elif man_asked=yes && command -v man >/dev/null 2>&1 &&
       ! MANPATH="${man3%/man3}" man -w "$f" 2>/dev/null | grep -q "/man3/magicbb\.3$"; then
      not_ok "man $f: man -w does not find it"
    else
      ok "man $f finds magicbb(3)"
    fi
  else
    not_ok "man $f: no page ${man3:-(no man3 directory)}/$f.3 leading to magicbb.3"
  fi
done

# Installed texts that point to the README find it installed.
mentions=$(grep -rl 'README' "$root" 2>/dev/null | grep -v '/doc/magicbb/' | sed "s|^$root||")
if [ -n "$docdir" ] && [ -f "$docdir/README.md" ]; then
  ok "README.md is installed in the documentation directory${mentions:+ (named in $(echo $mentions))}"
else
  not_ok "README.md is not installed, yet named in: ${mentions:-nothing}"
fi

# Every page README.md or doc/ links to is installed beside it, at the
# same place relative to it.
missing=
for page in $(linked_pages "${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}"); do
  [ -n "$docdir" ] && [ -f "$docdir/$page" ] || missing="$missing $page"
done
[ -z "$missing" ] && ok "every page README.md and doc/ link to is installed" \
  || not_ok "pages linked to but not installed:$missing"

# The CMake package is found by a project of the library's pointer size
# and refused, with its reason, by one of another (a 32-bit ARM project
# must not link a 64-bit install): CMAKE_SIZEOF_VOID_P set as a 32-bit
# toolchain would set it.  (A project of no language, which starts no
# compiler: the pointer size is set as the compiler's check would set it.)
pointer=$(sed -n 's/^MBB_SIZEOF_VOID_P = //p' "$builddir/Makefile")
if command -v cmake >/dev/null 2>&1; then
  for size in same other; do
    mkdir -p "$work/cmake-$size"
    {
      echo 'cmake_minimum_required(VERSION 3.10)'
      echo 'project(pointer_size NONE)'
      if [ $size = same ]; then echo "set(CMAKE_SIZEOF_VOID_P $pointer)"
      elif [ "$pointer" = 4 ]; then echo 'set(CMAKE_SIZEOF_VOID_P 8)'
      else echo 'set(CMAKE_SIZEOF_VOID_P 4)'; fi
      echo 'find_package(magicbb)'
      echo 'message(STATUS "magicbb_FOUND=${magicbb_FOUND}")'
    } > "$work/cmake-$size/CMakeLists.txt"
    cmake -S "$work/cmake-$size" -B "$work/cmake-$size/build" \
      -DCMAKE_PREFIX_PATH="$root$(sed -n 's/^prefix = //p' "$builddir/Makefile")" \
      >"$work/cmake-$size.log" 2>&1
  done
  if grep -q 'magicbb_FOUND=1' "$work/cmake-same.log" && grep -q 'magicbb_FOUND=0' "$work/cmake-other.log" \
     && grep -q 'byte pointers, not' "$work/cmake-other.log"; then
    ok "the CMake package: found by a project of its pointer size, refused by another, saying why"
  else
    not_ok "the CMake package and the pointer size: $(grep -h 'magicbb_FOUND' "$work"/cmake-*.log | tr '\n' ' ')"
  fi
else
  skip "the CMake package's pointer size: no cmake (Debian: apt-get install cmake)"
fi

# pkg-config's magicbb-inline module as CMake's pkg_check_modules takes
# it (IMPORTED_TARGET): the program links, and runs where the CPU can
# (MBB_CHECK_SLOW, make check-slow).
pc_dir=$(dirname "$(find "$root" -name magicbb-inline.pc | head -n 1)")
missing=
for tool in cmake pkg-config; do
  command -v "$tool" >/dev/null 2>&1 || missing="${missing:+$missing }$tool"
done
if [ -z "${MBB_CHECK_SLOW:-}" ]; then
  # (the module's flags alone inline every lookup: tested below)
  skip "pkg_check_modules(IMPORTED_TARGET magicbb-inline), a CMake build: make check-slow (a build configured --enable-lab)"
elif [ -n "$missing" ]; then
  skip "pkg_check_modules(IMPORTED_TARGET magicbb-inline): no $missing (Debian: apt-get install $missing)"
elif [ ! -f "$pc_dir/magicbb-inline.pc" ]; then
  skip "pkg_check_modules(IMPORTED_TARGET magicbb-inline): no static library here"
else
  mkdir -p "$work/cmake-pc"
  printf '%s\n' 'cmake_minimum_required(VERSION 3.10)' 'project(inline_pc C)' \
    'find_package(PkgConfig REQUIRED)' 'pkg_check_modules(MBB REQUIRED IMPORTED_TARGET magicbb-inline)' \
    'add_executable(inlined main.c)' 'target_link_libraries(inlined PkgConfig::MBB)' \
    > "$work/cmake-pc/CMakeLists.txt"
  printf '%s\n' '#define MAGICBB_INLINE' '#include <magicbb.h>' \
    'int main(void) { return mbb_rook_attacks(0, 0) != 0x1010101010101feULL; }' > "$work/cmake-pc/main.c"
  # (the build's compiler and flags: a sanitizer build's library needs its runtime)
  if ! { PKG_CONFIG_PATH="$pc_dir" CC="${MBB_CC:-cc}" CFLAGS="${MBB_CFLAGS:-}" LDFLAGS="${MBB_LDFLAGS:-}" \
           cmake -S "$work/cmake-pc" -B "$work/cmake-pc/build" &&
         cmake --build "$work/cmake-pc/build"; } >"$work/cmake-pc.log" 2>&1; then
    not_ok "pkg_check_modules(IMPORTED_TARGET magicbb-inline): $(grep -m 1 'error\|Error' "$work/cmake-pc.log")"
  elif grep -qw bmi2 "$pc_dir/magicbb-inline.pc" && ! grep -qw bmi2 /proc/cpuinfo; then
    skip "pkg_check_modules(IMPORTED_TARGET magicbb-inline): linked; this CPU lacks BMI2 to run it"
  elif "$work/cmake-pc/build/inlined"; then
    ok "pkg_check_modules(IMPORTED_TARGET magicbb-inline): links, runs, right attacks"
  else
    not_ok "pkg_check_modules(IMPORTED_TARGET magicbb-inline): wrong attacks"
  fi
fi

# The inline path stays inline: <magicbb_inline.h> compiled with only
# magicbb-inline.pc's flags (which carry the flavour's instruction set)
# leaves no call to a slider function.  A dispatch library's inline
# sliders call the library by design.
prefix=$(sed -n 's/^prefix = //p' "$builddir/Makefile")
pc=$(find "$root" -name magicbb-inline.pc | head -n 1)
if [ -z "$pc" ]; then
  skip "inline consumer: no static library here, so no magicbb-inline.pc"
elif grep -q '^#define MBB_FLAVOUR_DISPATCH 1' "$builddir/include/magicbb_config.h"; then
  skip "inline consumer: a dispatch library's inline sliders call it"
elif ! command -v pkg-config >/dev/null 2>&1; then
  skip "inline consumer: no pkg-config (Debian: apt-get install pkg-config)"
else
  cflags=$(pkg-config --define-variable=prefix="$root$prefix" --cflags "$pc")
  cat >"$work/consumer.c" <<'EOF'
#include <magicbb_inline.h>

uint64_t consumer(unsigned sq, uint64_t occupied);
uint64_t consumer(unsigned sq, uint64_t occupied)
{
    return mbb_rook_attacks_inline(sq, occupied) ^ mbb_bishop_attacks_inline(sq, occupied)
           ^ mbb_queen_attacks_inline(sq, occupied);
}
EOF
  # shellcheck disable=SC2086
  if ! ${MBB_CC:-cc} -O2 $cflags -c -o "$work/consumer.o" "$work/consumer.c" >"$work/cc.log" 2>&1; then
    not_ok "inline consumer, cc -O2 $cflags: $(head -n 1 "$work/cc.log")"
  else
    calls=$(${NM:-nm} "$work/consumer.o" | awk '$1 == "U" && $2 ~ /^mbb_(rook|bishop|queen)_attacks$/ { print $2 }')
    [ -z "$calls" ] && ok "inline consumer with magicbb-inline.pc's flags ($cflags) inlines every slider" \
      || not_ok "inline consumer with magicbb-inline.pc's flags ($cflags) calls $(echo $calls)"
  fi
  # a --enable-debug library's inline programs check their squares too
  if [ -n "${MBB_DEBUG_CPPFLAGS:-}" ]; then
    case " $cflags " in
      *" $MBB_DEBUG_CPPFLAGS "*) ok "a debug build's magicbb-inline.pc gives $MBB_DEBUG_CPPFLAGS" ;;
      *) not_ok "a debug build's magicbb-inline.pc lacks $MBB_DEBUG_CPPFLAGS: $cflags" ;;
    esac
  fi
fi

# The installed generator's default magics are the shipped sets
# installed with it, found from its own place (DESTDIR is a moved tree):
# black, which only loads, builds with no option but its flavour.
gen=$(find "$root" -type f -name 'magicbb-gen*' -path '*/bin/*' | head -n 1)
if [ -z "$gen" ]; then
  skip "the installed generator: not installed (a cross build)"
else
  for flavour in black fancy; do
    if "$gen" --flavour=$flavour -o "$work/$flavour.c" 2>"$work/gen.err" &&
       grep -q "magics: *file .*/share/magicbb/magics/$flavour.txt\$" "$work/$flavour.c"; then
      ok "installed magicbb-gen --flavour=$flavour: the installed shipped set"
    else
      not_ok "installed magicbb-gen --flavour=$flavour: $(head -n 1 "$work/gen.err") $(grep -m 1 'magics:' "$work/$flavour.c" 2>/dev/null)"
    fi
  done
fi

# The pkg-config modules find the installation from their own place: an
# installed tree under DESTDIR is a moved one, and the flags must lead
# into it, not to the prefix it was configured for (where another copy
# may be installed).
for module in magicbb magicbb-inline; do
  pc=$(find "$root" -name "$module.pc" | head -n 1)
  if [ -z "$pc" ]; then
    skip "$module.pc from a moved prefix: not installed here"
    continue
  fi
  if ! command -v pkg-config >/dev/null 2>&1; then
    skip "$module.pc from a moved prefix: no pkg-config (Debian: apt-get install pkg-config)"
    continue
  fi
  flags=$(PKG_CONFIG_PATH="${pc%/*}" pkg-config --cflags --libs "$module")
  inc=$(printf '%s\n' "$flags" | tr ' ' '\n' | sed -n 's/^-I//p' | head -n 1)
  lib=$(printf '%s\n' "$flags" | tr ' ' '\n' | sed -n 's/^-L//p; s/libmagicbb\.a$//p' | head -n 1)
  if [ -n "$inc" ] && [ -f "$inc/magicbb.h" ] && [ -n "$lib" ] && ls "$lib"/libmagicbb.* >/dev/null 2>&1 &&
     case "$(cd "$inc" && pwd -P)$(cd "$lib" && pwd -P)" in "$(cd "$root" && pwd -P)"*) true ;; *) false ;; esac; then
    ok "$module.pc from a moved prefix: $flags"
  else
    not_ok "$module.pc from a moved prefix leads elsewhere: $flags"
  fi
done

# The installed headers under the strict flags engines build with: C
# with -Wundef and -Wconversion, C++ with -Wold-style-cast too, each with
# the C and C++ compilers found and the flags of the flavour's
# instructions (pkg-config magicbb-inline's, MBB_INLINE_CFLAGS): the
# inline lookups by their own names and, with MAGICBB_INLINE, by the API's.
include=$(find "$root" -name magicbb_inline.h | head -n 1)
include=${include%/magicbb_inline.h}
printf '#include <magicbb.h>\n#include <magicbb_inline.h>\n%s\n' \
  'uint64_t use(unsigned sq, uint64_t occupied);' \
  'uint64_t use(unsigned sq, uint64_t occupied) { return mbb_queen_attacks_inline(sq, occupied) ^ mbb_line_inline(sq, 0); }' \
  >"$work/strict.c"
printf '#define MAGICBB_INLINE\n#include <magicbb.h>\n%s\n' \
  'uint64_t use(unsigned sq, uint64_t occupied);' \
  'uint64_t use(unsigned sq, uint64_t occupied) { return mbb_queen_attacks(sq, occupied) ^ mbb_segment(sq, 0) ^ (mbb_aligned(sq, 0, 1) ? 1u : 0u) ^ mbb_pawn_attacks_set(1, occupied); }' \
  >"$work/strict-api.c"
# MAGICBB_INLINE defined after another header had included <magicbb.h>,
# then <magicbb.h> again: the lookups are the inline ones all the same
# (the object needs none of the library's functions).
printf '#include <magicbb.h>\n#define MAGICBB_INLINE\n#include <magicbb.h>\n%s\n' \
  'uint64_t use(unsigned sq, uint64_t occupied);' \
  'uint64_t use(unsigned sq, uint64_t occupied) { return mbb_queen_attacks(sq, occupied) ^ mbb_between(sq, 0); }' \
  >"$work/late.c"
if grep -q '^#define MBB_FLAVOUR_DISPATCH 1' "$builddir/include/magicbb_config.h"; then
  skip "MAGICBB_INLINE after <magicbb.h>: a dispatch library's inline sliders call it"
elif # shellcheck disable=SC2086
     ${MBB_CC:-cc} -O2 ${MBB_INLINE_CFLAGS:-} -I"$include" -c -o "$work/late.o" "$work/late.c" \
       >"$work/late.log" 2>&1; then
  calls=$(${NM:-nm} "$work/late.o" | sed -n 's/^ *U \(mbb_queen_attacks\|mbb_between\)$/\1/p' | tr '\n' ' ')
  [ -z "$calls" ] && ok "MAGICBB_INLINE after <magicbb.h> was included: the lookups inlined" \
    || not_ok "MAGICBB_INLINE after <magicbb.h> was included: calls $calls"
else
  not_ok "MAGICBB_INLINE after <magicbb.h> was included: $(grep -m 1 'error' "$work/late.log")"
fi

# The inline lookups linked against the shared library, which keeps its
# tables to itself: the link names the symbol that says what to do.
libdir_root=$(dirname "$(find "$root" -name 'libmagicbb.so' | head -n 1)")
printf '#define MAGICBB_INLINE\n#include <magicbb.h>\nint main(void) { return mbb_rook_attacks(3, 0) == 0; }\n' \
  > "$work/shared-inline.c"
if grep -q '^#define MBB_FLAVOUR_DISPATCH 1' "$builddir/include/magicbb_config.h"; then
  skip "inline lookups against the shared library: a dispatch library's inline sliders call it"
elif [ ! -f "$libdir_root/libmagicbb.so" ]; then
  skip "inline lookups against the shared library: no shared library here"
elif # shellcheck disable=SC2086
     ${MBB_CC:-cc} -O2 ${MBB_INLINE_CFLAGS:-} -I"$include" -o "$work/shared-inline" "$work/shared-inline.c" \
       -L"$libdir_root" -lmagicbb >"$work/shared-inline.log" 2>&1; then
  not_ok "inline lookups against the shared library: linked"
elif grep -q 'tables_link_libmagicbb_a_or_one_MAGICBB_IMPLEMENTATION_file_see_doc_engines_md' \
       "$work/shared-inline.log"; then
  ok "inline lookups against the shared library: the link names the rule"
else
  not_ok "inline lookups against the shared library: $(grep -m 1 'mbb_' "$work/shared-inline.log")"
fi

# Every flavour's installed header, not only this build's, in one
# program: a struct that is fine for one flavour's pointers may not be
# for another's (an empty array, say).  They come first in strict.c (one
# compile a compiler, not two).
for header in "$include"/magicbb/*.h; do
  echo "#include <magicbb/${header##*/}>"
done >"$work/every.c"
cat "$work/strict.c" >>"$work/every.c" && mv "$work/every.c" "$work/strict.c"
# strict_headers COMPILER FLAGS: the two programs compile warning-free
# with the installed headers (and the flavour's flags).
strict_headers() {
  for program in strict strict-api; do
    # shellcheck disable=SC2086
    if $1 $2 ${MBB_INLINE_CFLAGS:-} -I"$include" -fsyntax-only "$work/$program.c" >"$work/strict.log" 2>&1; then
      ok "installed headers, $program.c, $1 $2 ${MBB_INLINE_CFLAGS:-}"
    else
      not_ok "installed headers, $program.c, $1 $2: $(grep -m 1 'error' "$work/strict.log")"
    fi
  done
}
# (the build's compiler, gcc and g++; clang and clang++ under -Weverything
# below, which holds these flags, and also here in make check-slow)
tried=
for compiler in "${MBB_CC:-cc}" gcc g++ ${MBB_CHECK_SLOW:+clang clang++}; do
  case " $tried " in *" $compiler "*) continue ;; esac
  tried="$tried $compiler"
  # (a compiler may carry arguments: CC='ccache gcc', 'gcc -std=c99')
  command -v "${compiler%% *}" >/dev/null 2>&1 || continue
  case $compiler in
    g++) flags="-x c++ -std=c++11 -Wold-style-cast -Wuseless-cast -Wzero-as-null-pointer-constant -Wmissing-declarations" ;;
    *++) flags="-x c++ -std=c++11 -Wold-style-cast -Wzero-as-null-pointer-constant -Wmissing-declarations" ;;
    *) flags="-std=c99 -Wstrict-prototypes -Wmissing-prototypes" ;;
  esac
  strict_headers "$compiler" \
    "$flags -pedantic -Wall -Wextra -Wundef -Wconversion -Wsign-conversion -Wshadow -Wcast-qual -Werror"
done
# clang's every warning (but C++98 compatibility), as an engine that turns
# them all on: reserved names (a double underscore) and the like, from a
# prefix that is no system directory, where they are not hidden.
for compiler in clang clang++; do
  command -v "$compiler" >/dev/null 2>&1 || { skip "installed headers under -Weverything: no $compiler (Debian: apt-get install clang)"; continue; }
  case $compiler in
    clang++) flags="-x c++ -std=c++17 -Wno-c++98-compat -Wno-c++98-compat-pedantic" ;;
    *) flags="-std=c99" ;;
  esac
  strict_headers "$compiler" "$flags -Weverything -Werror"
done
# Without the flavour's flags, the inline path stops with one error that
# names them, rather than call a library built for instructions the
# program may not have.
if [ -n "${MBB_INLINE_CFLAGS:-}" ]; then
  # shellcheck disable=SC2086
  if ${MBB_CC:-cc} -I"$include" -fsyntax-only "$work/strict-api.c" >"$work/strict.log" 2>&1; then
    not_ok "MAGICBB_INLINE without $MBB_INLINE_CFLAGS compiled"
  elif grep '#error\|error:' "$work/strict.log" | grep -q -- "compile with $MBB_INLINE_CFLAGS"; then
    ok "MAGICBB_INLINE without $MBB_INLINE_CFLAGS: one error that names them"
  else
    not_ok "MAGICBB_INLINE without $MBB_INLINE_CFLAGS: $(grep -m 1 'error' "$work/strict.log")"
  fi
fi

"$make" -s -C "$builddir" uninstall DESTDIR="$root" >>"$work/log" 2>&1 ||
  not_ok "make uninstall: $(tail -n 1 "$work/log")"
left=$(find "$root" -type f | sed "s|^$root||")
[ -z "$left" ] && ok "make uninstall removes every file" || not_ok "make uninstall left: $(echo $left)"
# (below the prefix: the prefix's own path may hold such a name)
left=$(find "$root$prefix" -mindepth 1 -type d \( -name magicbb -o -name 'magicbb-*' \) |
  sed "s|^$root||")
[ -z "$left" ] && ok "make uninstall removes magicbb's directories" \
  || not_ok "make uninstall left directories: $(echo $left)"
left=$(find "$root$prefix" -mindepth 1 -type d -empty \( -name cmake -o -name pkgconfig \) |
  sed "s|^$root||")
[ -z "$left" ] && ok "make uninstall leaves no empty cmake or pkgconfig directory" \
  || not_ok "make uninstall left empty: $(echo $left)"

tap_done
