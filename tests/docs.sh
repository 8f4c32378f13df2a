#!/bin/sh
# SPDX-License-Identifier: MIT
# docs.sh - the documentation says what the programs do, as TAP: a help
# text that README.md quotes (a fenced block starting "Usage: PROGRAM")
# is the program's --help output, and every long option a program's
# --help lists is in its manual page; every source file the docs name
# ships; magicbb(3) and the guides name every program and only the
# flavours configure takes; the configured flavour's table bytes are
# those the docs give.
srcdir=${MBB_SRCDIR:?MBB_SRCDIR must name the source directory}
builddir=${MBB_BUILDDIR:?MBB_BUILDDIR must name the build directory}
. "$(dirname "$0")/tap.sh"
tap_workdir docs

for entry in magicbb-gen:gen/magicbb-gen:doc/magicbb-gen.1 \
    magicbb-perft:tools/magicbb-perft:doc/magicbb-perft.1 \
    magicbb-threatref:threatref/magicbb-threatref:doc/magicbb-threatref.1; do
  name=${entry%%:*} rest=${entry#*:}
  program="$builddir/${rest%%:*}" page="$builddir/${rest#*:}"
  "$program" --help >"$work/help" 2>&1 || { not_ok "$name --help failed"; continue; }
  # every fenced block of the README that starts with the program's usage
  awk -v usage="Usage: $name " -v out="$work/quoted" '
    /^```/ { if (inblock) { inblock = 0; if (keep) n++ } else { inblock = 1; keep = 0; first = 1 }; next }
    inblock && first { first = 0; if (index($0, usage) == 1) keep = 1 }
    inblock && keep { print > (out "." n) }' "$srcdir/README.md"
  for quoted in "$work"/quoted.*; do
    [ -f "$quoted" ] || continue
    if cmp -s "$quoted" "$work/help"; then
      ok "README.md quotes $name --help as it prints"
    else
      not_ok "README.md quotes a $name --help that is not what it prints"
      diff "$quoted" "$work/help" | sed 's/^/# /'
    fi
    rm -f "$quoted"
  done
  if why=$(sh "$srcdir/tests/man-options.sh" "$program" "$page"); then
    ok "$name(1) has an entry for every option of --help"
  else
    not_ok "$name(1): $why"
  fi
done

# Every flavour of the registry is in every list of flavours: the
# table for choosing one in doc/building.md, doc/flavours.md, magicbb(3),
# magicbb-gen --help and configure --help.
"$builddir/gen/magicbb-gen" --help >"$work/gen-help" 2>&1
"$srcdir/configure" --help >"$work/configure-help" 2>&1
# (each text read once into the shell, each flavour looked for in it by
# case: not five greps a flavour)
nl='
'
gen_help=$(tr -s ' \n' '  ' <"$work/gen-help")
configure_help=$(tr -s ' \n' '  ' <"$work/configure-help")
building=$nl$(cat "$srcdir/doc/building.md")
flavours_md=$(cat "$srcdir/doc/flavours.md")
man3=$nl$(cat "$builddir/doc/magicbb.3")$nl
for flavour in $("$MBB_GEN" --registry flavours); do
  missing=
  case $building in *"$nl| \`$flavour\` |"*) ;; *) missing="$missing doc/building.md" ;; esac
  case $flavours_md in *"\`$flavour\`"*) ;; *) missing="$missing doc/flavours.md" ;; esac
  case $man3 in *"$nl.B $flavour$nl"*) ;; *) missing="$missing magicbb(3)" ;; esac
  case $gen_help in *[\ ,]"$flavour"[\ ,.]*) ;; *) missing="$missing magicbb-gen-help" ;; esac
  case $configure_help in *[\ ,]"$flavour"[,\ \)]*) ;; *) missing="$missing configure-help" ;; esac
  [ -z "$missing" ] && ok "$flavour is in every list of flavours" \
    || not_ok "$flavour is missing from:$missing"
done

# magicbb(3)'s flavours are what configure takes (no --with-tables value
# it refuses), and its SEE ALSO names every program's page; doc/building.md
# and doc/packaging.md name every installed program.
flavours=" $("$MBB_GEN" --registry flavours | tr '\n' ' ') auto dispatch "
extra=
for word in $(sed -n '/^\.SH FLAVOURS/,/^\.SH /p' "$srcdir/doc/magicbb.3.in" |
    sed -n 's/^\.BR\{0,1\} \([a-z][a-z0-9\\-]*\).*/\1/p' | sort -u); do
  case $flavours in *" $word "*) ;; *) extra="$extra $word" ;; esac
done
[ -z "$extra" ] && ok "magicbb(3)'s FLAVOURS names only what --with-tables takes" \
  || not_ok "magicbb(3)'s FLAVOURS names what --with-tables refuses:$extra"
see_also=$(sed -n '/^\.SH SEE ALSO/,$p' "$srcdir/doc/magicbb.3.in")
missing=
for page in "$srcdir"/doc/*.1.in; do
  program=$(basename "$page" .1.in)
  case $see_also in *".BR $(echo "$program" | sed 's/-/\\-/g') (1)"*) ;; *) missing="$missing magicbb(3):$program(1)" ;; esac
  grep -q "\`$program\`" "$srcdir/doc/building.md" || missing="$missing building.md:$program"
  grep -q "\`$program\`" "$srcdir/doc/packaging.md" || missing="$missing packaging.md:$program"
done
[ -z "$missing" ] && ok "magicbb(3)'s SEE ALSO, building.md and packaging.md name every program" \
  || not_ok "programs not named:$missing"

# The table bytes of the configured flavour, as the library counts them
# (examples/attacks prints mbb_table_bytes()), are those of its rows in
# doc/building.md and doc/flavours.md, which give them on x86-64 (a
# build of each flavour checks its row: CI builds every one).
host_cpu=$(sed -n 's/^host_cpu = //p' "$builddir/Makefile")
if [ "$host_cpu" != x86_64 ] || [ ! -x "$builddir/examples/attacks" ]; then
  skip "table bytes in the docs: they are x86-64's (host $host_cpu), or no examples/attacks"
else
  line=$("$builddir/examples/attacks" | sed -n 1p)
  flavour=$(echo "$line" | sed -n 's/^flavour \([a-z0-9]*\), .*/\1/p')
  bytes=$(echo "$line" | sed -n 's/.*, \([0-9]*\) table bytes$/\1/p')
  shown=$(printf '%s' "$bytes" | sed ':a; s/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/; ta')
  missing=
  grep -q "^| \`$flavour\` | $shown |" "$srcdir/doc/building.md" || missing="$missing doc/building.md"
  grep -q "^| \`$flavour\` *|.*| $shown |\$" "$srcdir/doc/flavours.md" || missing="$missing doc/flavours.md"
  [ -n "$flavour" ] && [ -z "$missing" ] && ok "$flavour's table bytes, $shown, as the docs give them" \
    || not_ok "$flavour's table bytes are $shown ($line); not so in:$missing"
fi

# doc/generator.md's sizes against the published records: the command it
# gives to check a row checks each, and the entries it counts are those
# the row says magicbb ships.
command='magicbb-gen --flavour=NAME --magics-dir=gen/magics -o t.c'
if tr -s ' \n' '  ' <"$srcdir/doc/generator.md" | grep -qF "\`$command\`"; then
  wrong=
  rows=$(sed -n '/^## Sizes against the published records/,/^## /p' "$srcdir/doc/generator.md" |
    sed -n 's/^| \(`[a-z0-9]*`\(, `[a-z0-9]*`\)*\) | [^|]* | \([0-9,]*\) |.*/\1=\3/p' | tr -d '` ' | tr '\n' ' ')
  for row in $rows; do
    for flavour in $(echo "${row%=*}" | tr ',' ' '); do
      (cd "$work" && "$MBB_GEN" --flavour="$flavour" --magics-dir="$srcdir/gen/magics" -o t.c) 2>"$work/err"
      entries=$(sed -n 's/^ \*   entries:  \(.*total \)\{0,1\}\([0-9]*\).*/\2/p' "$work/t.c" 2>/dev/null)
      [ "$entries" = "$(echo "${row#*=}" | tr -d ,)" ] || wrong="$wrong $flavour:${entries:-$(head -n 1 "$work/err")}"
    done
  done
  [ -n "$rows" ] && [ -z "$wrong" ] && ok "doc/generator.md's rows check with its command: $rows" \
    || not_ok "doc/generator.md's rows ($rows) against its command:${wrong:- no rows}"
else
  not_ok "doc/generator.md gives no '$command' to check a row"
fi

# tests/wasm.sh's skip lines say what is missing (run here with a node
# that does nothing and no Chromium on the PATH): the browser's names
# Chromium and how to install it, nothing else.
mkdir "$work/bin" && for tool in sh dirname mktemp rm chmod true; do
  ln -s "$(command -v "$tool")" "$work/bin/$tool" || break
done
lines=$(PATH="$work/bin" NODE="$work/bin/true" WASI_RUNTIME= CHROMIUM= MBB_BUILDDIR="$work" \
  sh "$srcdir/tests/wasm.sh" 2>&1 | grep 'SKIP')
case $lines in
  *"headless Chromium: no Chromium (install it, Debian: apt-get install chromium)") ok "tests/wasm.sh's skip lines say what is missing" ;;
  *) not_ok "tests/wasm.sh's skip lines: $(echo "$lines" | tr '\n' ' ')" ;;
esac

# Every source file the documentation names (a path in backquotes with
# a source file's suffix) is in the source tree, or the build tree has
# it or a rule for it: what it tells a reader to run or read ships in
# make dist.
# (one grep for every document: DOC:PATH lines)
grep -oE '`[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+\.(c|h|sh|S|ld|gp|def|txt|in|am|ac|md)`' \
  "$srcdir/README.md" "$srcdir"/doc/*.md | tr -d '`' | sort -u >"$work/named"
for doc in "$srcdir/README.md" "$srcdir"/doc/*.md; do
  missing=
  while IFS= read -r entry; do
    case $entry in "$doc:"*) path=${entry#"$doc:"} ;; *) continue ;; esac
    case $path in *NAME*) continue ;; esac # a placeholder: gen/magics/NAME.txt
    [ -e "$srcdir/$path" ] || [ -e "$builddir/$path" ] \
      || (cd "$builddir" && ${MAKE:-make} -n "$path") >/dev/null 2>&1 || missing="$missing $path"
  done <"$work/named"
  [ -z "$missing" ] && ok "the files ${doc#"$srcdir/"} names are in the tree" \
    || not_ok "${doc#"$srcdir/"} names files not in the tree:$missing"
done

# The figures the docs quote from the programs: the self-test's count
# (the same for every flavour) in doc/firmware.md; the version and the
# library interface configure.ac gives, in NEWS and doc/packaging.md.
if [ -x "${MBB_SELFTEST:-}" ]; then
  count=$("$MBB_SELFTEST" 2>/dev/null | sed -n 's/.*: \([0-9]*\) passed.*/\1/p')
  quoted=$(sed -n 's/.*`selftest ([a-z0-9]*): \([0-9]*\) passed.*/\1/p' "$srcdir/doc/firmware.md")
  [ -n "$count" ] && [ -n "$quoted" ] && [ "$(echo "$quoted" | sort -u)" = "$count" ] &&
    ok "doc/firmware.md quotes the self-test's count, $count" ||
    not_ok "doc/firmware.md quotes a self-test count of '$(echo $quoted)'; it counts '$count'"
else
  skip "the self-test's count in doc/firmware.md: no tests/magicbb-selftest"
fi
version=$(sed -n 's/^PACKAGE_VERSION = //p' "$builddir/Makefile")
interface=$(sed -n 's/^MBB_LT_VERSION = //p' "$builddir/Makefile")
if grep -q "^\* magicbb $version .*library interface $interface" "$srcdir/NEWS" &&
   grep -q "is \`$interface\`" "$srcdir/doc/packaging.md"; then
  ok "NEWS and doc/packaging.md give version $version, interface $interface"
else
  not_ok "NEWS or doc/packaging.md do not give version $version, interface $interface"
fi

# Every page README.md or doc/ links to ships in the release tarball:
# make's list of what make dist packs names it.
printf 'mbb-print-distfiles:\n\t@echo $(DISTFILES)\n' > "$work/print.mk"
distfiles=$(cd "$builddir" && unset MAKEFLAGS MFLAGS MAKELEVEL &&
  ${MAKE:-make} -s --no-print-directory -f Makefile -f "$work/print.mk" mbb-print-distfiles)
missing=
for page in $(linked_pages "$srcdir"); do
  case " $distfiles " in *" $page "*) ;; *) missing="$missing $page" ;; esac
done
[ -n "$distfiles" ] && [ -z "$missing" ] && ok "every page README.md and doc/ link to is in make dist" \
  || not_ok "pages linked to but not in make dist:${missing:- (make printed no list)}"

# doc/engines.md's x-ray loop is the one tests/check_attacks.c runs
# against a walk: its two lines that find the lines and their bytes.
missing=
for pattern in '^ *uint64_t lines = ' '^ *const unsigned d = '; do
  line=$(grep -m 1 "$pattern" "$srcdir/doc/engines.md" | sed 's/^ *//')
  [ -n "$line" ] && grep -qF -- "$line" "$srcdir/tests/check_attacks.c" || missing="$missing '$pattern'"
done
[ -z "$missing" ] && ok "doc/engines.md's x-ray loop is the one tests/check_attacks.c tests" \
  || not_ok "doc/engines.md's x-ray lines not in tests/check_attacks.c:$missing"

# The public functions are listed once, as <magicbb.h>'s declarations;
# every other list of them says the same: the README's API, magicbb(3)'s
# NAME and SYNOPSIS, MAGICBB_INLINE's names in the header, the library's
# exports (src/magicbb.sym) and the functions of src/lookup.c (or of the
# list it expands, src/registry.h's MBB_SLIDER_CALLS).
functions=$(sed -n 's/^MBB_API [^(]*[ *]\(mbb_[a-z0-9_]*\)(.*/\1/p' "$srcdir/include/magicbb.h")
# (its words, one space apart)
# shellcheck disable=SC2046
name_section=" $(echo $(sed -n '/^\.SH NAME/,/^\\-/p' "$srcdir/doc/magicbb.3.in" | tr -d ',')) "
# (each list's names read once, a process or two a list, then looked up
# by case: not five greps a function)
names() { tr -d ' *(' | tr '\n' ' '; }
readme=" $(grep '^[a-z]' "$srcdir/README.md" | grep -o '[ *]mbb_[a-z0-9_]* *(' | names) "
synopsis=" $(grep '^\.BI\{0,1\} "\{0,1\}[a-z]' "$srcdir/doc/magicbb.3.in" | grep -o '[ *]mbb_[a-z0-9_]*(' | names) "
inline=" $(sed -n 's/^#define \(mbb_[a-z0-9_]*\) \1_inline$/\1/p' "$srcdir/include/magicbb.h" | names) "
sym=" $(names <"$srcdir/src/magicbb.sym") "
lookup=" $(grep '^[a-z]' "$srcdir/src/lookup.c" | grep -o '[ *]mbb_[a-z0-9_]*(' | names) \
  $(sed -n 's/^ *X([a-z_]*, [^,]*, \(mbb_[a-z0-9_]*\),.*/\1/p' "$srcdir/src/registry.h" | names) "
missing=
for f in $functions; do
  case $readme in *" $f "*) ;; *) missing="$missing README.md:$f" ;; esac
  case $name_section in *" $f "*) ;; *) missing="$missing magicbb.3(NAME):$f" ;; esac
  case $synopsis in *" $f "*) ;; *) missing="$missing magicbb.3(SYNOPSIS):$f" ;; esac
  case $inline in *" $f "*) ;; *) missing="$missing magicbb.h(MAGICBB_INLINE):$f" ;; esac
  case $sym in *" $f "*) ;; *) missing="$missing magicbb.sym:$f" ;; esac
  case $lookup in *" $f "*) ;; *) missing="$missing lookup.c:$f" ;; esac
done
if [ "$(echo $functions | wc -w)" -lt 21 ]; then
  not_ok "magicbb.h's functions not found: $functions"
elif [ -z "$missing" ]; then
  ok "every list of the public functions holds the $(echo $functions | wc -w) of magicbb.h"
else
  not_ok "lists without a function of magicbb.h:$missing"
fi

tap_done
