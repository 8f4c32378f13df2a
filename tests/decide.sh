#!/bin/sh
# SPDX-License-Identifier: MIT
# decide.sh - magicbb-gen --decide (gen/configure.c), configure's
# decision, as TAP, given what configure would have detected and
# measured: auto's decision table row by row as doc/building.md states
# it, the refusals (by their codes: one line on stderr, status 1, the
# code on stdout), a flash budget's one decision on the sizes measured,
# a dispatch library's lists, and NAME=VALUE lines that read back intact.
gen=${MBB_GEN:?MBB_GEN must name magicbb-gen}
choose() { "$gen" --decide "$@"; }
. "$(dirname "$0")/tap.sh"
tap_workdir choose

# A 64-bit cross target with plain C only; each case adds to it.
base="host=x86_64-pc-linux-gnu cross=yes pointer=8 isa_any=yes srcdir=${MBB_SRCDIR:-.}"

# answer ARGS...: run it and read its NAME=VALUE lines into this shell.
answer() {
  MBB_FLAVOUR=''
  # shellcheck disable=SC2086
  choose $base "$@" >"$work/out" 2>"$work/err" || return 1
  while IFS= read -r line; do eval "${line%%=*}=\${line#*=}"; done < "$work/out"
}

# auto: extra inputs|flavour
while IFS='|' read -r extra want; do
  # shellcheck disable=SC2086
  if answer $extra && [ "$MBB_FLAVOUR" = "$want" ]; then
    ok "auto, $extra: $want"
  else
    not_ok "auto, $extra: '$MBB_FLAVOUR', want $want: $(cat "$work/err")"
  fi
done <<'EOF'
isa_bmi2=yes|pext
isa_bmi2=yes target_slow_pext=1|black
isa_avx2=yes|black
isa_bmi2=yes pointer=4|pext
pointer=4|magic32
isa_bmi2=yes seed=5|fancy
pointer=4 seed=5|magic32
cross=no isa_bmi2=flags cpu_bmi2=1 slow_pext=0|pext
cross=no isa_bmi2=flags cpu_bmi2=1 slow_pext=1|black
cross=no isa_bmi2=flags cpu_bmi2=0 slow_pext=0|black
EOF
answer cross=no isa_bmi2=flags cpu_bmi2=1 slow_pext=1
case $mbb_why in
  "auto: a 64-bit target without fast PEXT (this CPU runs PEXT in slow microcode"*)
    ok "auto on a slow PEXT says why" ;;
  *) not_ok "auto on a slow PEXT: $mbb_why" ;;
esac

# A magics file: auto takes the flavour its '# flavour:' line names.
printf '# magicbb magics v1\n#  FLAVOUR:  white \nrook a1 0x1 12\n' > "$work/white's magics.txt"
printf '# magicbb magics v1\nrook a1 0x1 12\n' > "$work/none.txt"
if answer isa_bmi2=yes "magics=$work/white's magics.txt"; then
  not_ok "a magics path with a quote is taken"
else
  grep -q "^--with-magics: '.*white?s magics.txt' has a character" "$work/err" \
    && ok "a magics path with a quote is refused, the quote shown as ?" || not_ok "$(cat "$work/err")"
fi
cp "$work/white's magics.txt" "$work/white magics.txt"
if answer isa_bmi2=yes "magics=$work/white magics.txt" && [ "$MBB_FLAVOUR" = white ] &&
   [ "$MBB_GEN_MAGICS" = "$work/white magics.txt" ] && [ -z "$MBB_SEED" ]; then
  ok "auto with a white magics file: white, and its absolute path"
else
  not_ok "auto with a white magics file: '$MBB_FLAVOUR' '$MBB_GEN_MAGICS'"
fi

# A file written on Windows (CRLF) names its flavour as the generator
# reads it; a file of fancy's magics serves shared and byte (the same
# hash), and no other named flavour.
printf '# magicbb magics v1\r\n# flavour: white\r\nrook a1 0x1 12\r\n' > "$work/crlf.txt"
printf '# magicbb magics v1\n# flavour: fancy\nrook a1 0x1 12\n' > "$work/fancy.txt"
if answer isa_bmi2=yes "magics=$work/crlf.txt" && [ "$MBB_FLAVOUR" = white ]; then
  ok "auto with a CRLF white magics file: white"
else
  not_ok "auto with a CRLF white magics file: '$MBB_FLAVOUR': $(cat "$work/err")"
fi
for flavour in fancy shared byte; do
  if answer tables=$flavour "magics=$work/fancy.txt" && [ "$MBB_FLAVOUR" = $flavour ] &&
     [ "$MBB_GEN_MAGICS" = "$work/fancy.txt" ] && [ "$MBB_MAGICS_FOR" = $flavour ]; then
    ok "--with-tables=$flavour takes a fancy magics file"
  else
    not_ok "--with-tables=$flavour with a fancy magics file: '$MBB_FLAVOUR' for '$MBB_MAGICS_FOR': $(cat "$work/err")"
  fi
done

# The values configure.ac checks itself, where they enter, before it
# runs anything: an installation directory with a space, a tab or a
# newline (libtool's install would fail), --enable-* other than yes or
# no, a table section make or a C macro cannot carry, a WebAssembly host
# with no system (--host=wasm32).  One line, a tab or newline shown as
# '?'.  Each a run of configure (about a second of CPU): in make check a
# directory, a section name and the host (the --enable-* values are
# checked beside the directories, in the same way), the rest (marked
# slow) in make check-slow (MBB_CHECK_SLOW).
left=0
while IFS='|' read -r option value error; do
  case $error in
    slow:*) [ -n "${MBB_CHECK_SLOW:-}" ] || { left=$((left + 1)); continue; }; error=${error#slow:} ;;
  esac
  value=$(printf '%s' "$value" | sed 's/<TAB>/	/; s/<NL>/\
/')
  shown=$(printf '%s' "$value" | tr '\n\t' '??')
  (cd "$work" && "${MBB_SRCDIR:-.}/configure" "$option=$value") >"$work/out" 2>&1
  status=$?
  if [ $status != 0 ] && [ "$(grep -c 'error:' "$work/out")" = 1 ] &&
     grep -q "^configure: error: $error" "$work/out"; then
    ok "configure refuses $option=$shown"
  else
    not_ok "configure $option=$shown: status $status, '$(tail -n 1 "$work/out")'"
  fi
done <<'EOF'
--prefix|/opt/my dir|--prefix: '/opt/my dir' holds a space, a tab or a newline (shown as '?')
--libdir|/usr/lib/x<NL>y|slow:--libdir: '/usr/lib/x?y' holds a space
--exec-prefix|/e<TAB>f|slow:--exec-prefix: '/e?f' holds a space
--enable-debug|maybe|slow:--enable-debug takes yes or no, not 'maybe'
--enable-small|no<NL>x|slow:--enable-small takes yes or no, not 'no?x'
--enable-lab|Yes|slow:--enable-lab takes yes or no, not 'Yes'
--with-table-section||slow:--with-table-section needs a section name
--with-table-section|.text x;|--with-table-section: '.text?x?' has a character that make
--host|wasm32|--host=wasm32 names no system for WebAssembly; give --host=wasm32-wasi
EOF
[ "$left" = 0 ] || skip "$left more values configure refuses: make check-slow (a build configured --enable-lab)"

# A cross build whose compiler emits BMI2 only with -mbmi2 (a Yocto-style
# x86-64 triplet without -march): a dispatch library is built, and auto
# follows the target's -march (no BMI2: black), never the compiler's
# reach.
if answer tables=dispatch ifunc=yes isa_bmi2=flags && [ "$MBB_FLAVOUR" = dispatch ]; then
  ok "a cross dispatch library where the compiler emits BMI2 with its flags"
else
  not_ok "a cross dispatch library where the compiler emits BMI2 with its flags: $(cat "$work/err")"
fi
if answer isa_bmi2=flags && [ "$MBB_FLAVOUR" = black ]; then
  ok "auto in a cross build whose -march lacks BMI2: black"
else
  not_ok "auto in a cross build whose -march lacks BMI2: '$MBB_FLAVOUR': $(cat "$work/err")"
fi

# WebAssembly with SIMD128 in CFLAGS (-msimd128): auto takes hqsimd
# (policy.h's wasm32 rows), without it black.
if answer host=wasm32-unknown-wasi cross=yes pointer=4 isa_simd128=yes && [ "$MBB_FLAVOUR" = hqsimd ] &&
   answer host=wasm32-unknown-wasi cross=yes pointer=4 && [ "$MBB_FLAVOUR" = black ]; then
  ok "auto on wasm32: hqsimd with SIMD128, black without"
else
  not_ok "auto on wasm32: '$MBB_FLAVOUR': $(cat "$work/err")"
fi
# WebAssembly with SIMD128 in CFLAGS (-msimd128): hqsimd is built.
if answer host=wasm32-unknown-wasi pointer=4 isa_simd128=yes tables=hqsimd &&
   [ "$MBB_FLAVOUR" = hqsimd ] && [ "$MBB_INLINE_CFLAGS" = -msimd128 ]; then
  ok "wasm32 with SIMD128: --with-tables=hqsimd, inlined with -msimd128"
else
  not_ok "wasm32 with SIMD128: '$MBB_FLAVOUR' '$MBB_INLINE_CFLAGS': $(cat "$work/err")"
fi

# Refused: one line on stderr, status 1, the code (decide.h) on stdout.
while IFS='|' read -r extra code; do
  # shellcheck disable=SC2086
  choose $base $extra >"$work/out" 2>"$work/err"
  status=$?
  if [ $status = 1 ] && [ "$(cat "$work/out")" = "mbb_refusal=$code" ] &&
     [ "$(wc -l <"$work/err")" = 1 ]; then
    ok "refused, $code: $extra"
  else
    not_ok "refused: $extra: status $status, '$(cat "$work/out")', '$(cat "$work/err")'"
  fi
done <<EOF
tables=nosuch|FLAVOUR
tables=Black|FLAVOUR
tables=|EMPTY
tables=fancy;pext|FLAVOUR
tables=pext|ISA
tables=hqsimd|ISA
tables=hqsimd isa_simd128=flags|ISA
flash=0|VALUE
flash=1048577|VALUE
seed=010|SEED
seed=5 magics=$work/none.txt|EXCLUSIVE
magics=$work/none.txt|MAGICS_FILE
magics=$work|MAGICS_FILE
tables=black magics=$work/fancy.txt|MAGICS_FILE
tables=white magics=$work/fancy.txt|MAGICS_FILE
tables=black seed=5|NOT_FOR
tables=hq seed=5|NOT_FOR
dispatch=pext,black|NEEDS
tables=dispatch host=aarch64-unknown-linux-gnu ifunc=yes|DISPATCH_TARGET
tables=dispatch ifunc=yes isa_bmi2=yes dispatch=fancy|DISPATCH_LIST
tables=dispatch ifunc=yes isa_bmi2=yes dispatch=fancy,pext|DISPATCH_LIST
tables=dispatch ifunc=yes dispatch=pext,fancy|DISPATCH_LIST
tables=dispatch ifunc=yes isa_bmi2=yes dispatch=fancy,pext,fancy|DISPATCH_LIST
tables=dispatch ifunc=yes isa_bmi2=yes dispatch=Fancy,black|FLAVOUR
tables=dispatch ifunc=no isa_bmi2=yes|DISPATCH_TARGET
tables=dispatch ifunc=yes isa_bmi2=yes seed=5|NOT_FOR
tables=fastest|GONE
tables=fastest-lookups|GONE
tables=dispatch flash=300|NOT_FOR
bare=yes pointer=4 flash=64 measured=magic32:900000:800000|NO_FIT
tables=fancy flash=512 measured=fancy:600000:500000|TOO_BIG
EOF

# A dispatch library's lists, for make.
if answer tables=dispatch ifunc=yes isa_bmi2=flags && [ "$MBB_FLAVOUR" = dispatch ] &&
   [ "$MBB_DISPATCH_FLAVOURS" = "pext black" ] &&
   [ "$MBB_CFLAGS_pext" = -mbmi2 ] && [ "$MBB_CFLAGS_pext16" = -mbmi2 ] && [ -z "$MBB_CFLAGS_black" ] &&
   [ "$MBB_DISPATCH_OTHERS" = pext ] && [ "$MBB_TABLES_FLAVOUR" = black ]; then
  ok "dispatch: pext, else black"
else
  not_ok "dispatch: '$MBB_DISPATCH_FLAVOURS' '$MBB_CFLAGS_pext' $(cat "$work/err")"
fi

# A flash budget: configure measured the candidates first; the one
# decision takes the first of the 32-bit order (policy.h) that fits with
# 4 KiB for code, skipping those the target lacks or that were not
# measured, and says every size it tried; a named flavour must fit.
sizes="magic32:900000:800000 black:700000:600000 fancy:750000:650000 byte:200000:140000"
if answer bare=yes pointer=4 measured="$sizes hqrev:90000:1000" && [ "$MBB_FLAVOUR" = byte ] &&
   [ "$mbb_why" = "auto: the fastest that fits 256 KiB of flash (32-bit target, order from the Cortex-M4 model; tried magic32 883 KiB, black 688 KiB, fancy 737 KiB, byte 200 KiB)" ] &&
   [ "$mbb_table_bytes" = 200000 ] && [ "$mbb_slider_bytes" = 140000 ]; then
  ok "bare metal, 32-bit: byte, the first that fits (hqrev, which the target lacks, not taken)"
else
  not_ok "bare metal, 32-bit, measured: '$MBB_FLAVOUR' '$mbb_why' $(cat "$work/err")"
fi
if answer bare=yes pointer=4 isa_bitrev=yes flash=100 measured="$sizes hqrev:90000:1000" &&
   [ "$MBB_FLAVOUR" = hqrev ]; then
  ok "bare metal with bit reverse, --with-flash=100: hqrev"
else
  not_ok "bare metal with bit reverse, --with-flash=100: '$MBB_FLAVOUR' $(cat "$work/err")"
fi
if ! answer bare=yes pointer=4 flash=64 measured="$sizes hq:80000:1000" &&
   grep -q "^no flavour fits 64 KiB of flash: magic32 883 KiB, .* hq 83 KiB" "$work/err"; then
  ok "bare metal, --with-flash=64: nothing fits, every size said"
else
  not_ok "bare metal, --with-flash=64: '$MBB_FLAVOUR' $(cat "$work/err")"
fi
if answer bare=yes pointer=4 tables=fancy && [ "$MBB_FLAVOUR" = fancy ]; then
  ok "bare metal, --with-tables=fancy without --with-flash: fancy, nothing measured"
else
  not_ok "bare metal, --with-tables=fancy without --with-flash: $(cat "$work/err")"
fi
if answer tables=fancy flash=1024 measured=fancy:600000:500000 && [ "$MBB_FLAVOUR" = fancy ] &&
   [ "$mbb_table_bytes" = 600000 ]; then
  ok "--with-tables=fancy --with-flash=1024: fits"
else
  not_ok "--with-tables=fancy --with-flash=1024: $(cat "$work/err")"
fi

# Every value reads back as it was written: quotes, a path's spaces.
answer isa_bmi2=yes "magics=$work/white magics.txt"
case $mbb_why in
  "auto: --with-magics names white (the file's '# flavour:' line)") ok "an apostrophe survives" ;;
  *) not_ok "the reason: $mbb_why" ;;
esac
if answer cross=no isa_bmi2=flags cpu_bmi2=1 slow_pext=1 tables=pext && [ "$MBB_FLAVOUR" = pext ] &&
   case $mbb_warning in "--with-tables=pext: this CPU runs PEXT in slow microcode"*) ;; *) false ;; esac; then
  ok "a named flavour on a slow PEXT: built, with a warning: $mbb_warning"
else
  not_ok "the warning: '$mbb_warning' $(cat "$work/err")"
fi

choose tables >/dev/null 2>&1
[ $? = 2 ] && ok "an argument without '=': status 2" || not_ok "an argument without '=': not status 2"

tap_done
