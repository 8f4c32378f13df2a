#!/bin/sh
# SPDX-License-Identifier: MIT
# choose.sh - magicbb-choose (src/choose.c), configure's decisions, as
# TAP, given what configure would have detected: auto's decision table
# row by row as doc/building.md states it, the refusals (one line, status
# 1, nothing on stdout), the two rounds of a flash budget and of fastest,
# a dispatch library's lists, and NAME=VALUE lines that read back intact
# (a value of several lines is its name once a line, as configure joins them).
choose=${MBB_CHOOSE:?MBB_CHOOSE must name magicbb-choose}
. "$(dirname "$0")/tap.sh"
tap_workdir choose

# A 64-bit cross target with plain C only; each case adds to it.
base="host=x86_64-pc-linux-gnu cross=yes pointer=8 isa_any=yes srcdir=${MBB_SRCDIR:-.}"

# answer ARGS...: run it and read its NAME=VALUE lines into this shell.
nl='
'
answer() {
  MBB_FLAVOUR='' mbb_measure='' seen=:
  # shellcheck disable=SC2086
  "$choose" $base "$@" >"$work/out" 2>"$work/err" || return 1
  while IFS= read -r line; do
    name=${line%%=*}
    case $seen in
      *:"$name":*) eval "$name=\$$name\$nl\${line#*=}" ;;
      *) eval "$name=\${line#*=}"; seen=$seen$name: ;;
    esac
  done < "$work/out"
}

# auto: extra inputs|flavour
while IFS='|' read -r extra want; do
  # shellcheck disable=SC2086
  if answer $extra && [ "$MBB_FLAVOUR" = "$want" ] && [ -z "$mbb_measure" ]; then
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
case $mbb_summary in
  *"flavour:        black (auto: a 64-bit target without fast PEXT (this CPU runs PEXT in slow microcode"*)
    ok "auto on a slow PEXT says why" ;;
  *) not_ok "auto on a slow PEXT: $mbb_summary" ;;
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
     [ "$MBB_GEN_MAGICS" = "$work/fancy.txt" ]; then
    ok "--with-tables=$flavour takes a fancy magics file"
  else
    not_ok "--with-tables=$flavour with a fancy magics file: '$MBB_FLAVOUR': $(cat "$work/err")"
  fi
done

# An installation directory with a space, a tab or a newline: refused in
# one line (libtool's install would fail), the newline shown as '?'.
nl='
'
for dir in "prefix=/opt/my dir|--prefix: '/opt/my dir' holds a space" \
    "libdir=/usr/lib/x${nl}y|--libdir: '/usr/lib/x?y' holds a space" \
    "exec_prefix=/e	f|--exec-prefix: '/e?f' holds a space"; do
  # shellcheck disable=SC2086
  "$choose" $base "${dir%%|*}" >"$work/out" 2>"$work/err"
  status=$?
  shown=$(printf '%s' "${dir%%|*}" | tr '\n\t' '??')
  if [ $status = 1 ] && [ ! -s "$work/out" ] && [ "$(wc -l <"$work/err")" = 1 ] &&
     grep -q "^${dir#*|}" "$work/err"; then
    ok "refused: $shown"
  else
    not_ok "refused: $shown: status $status, '$(cat "$work/err")'"
  fi
done

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

# Refused: one line on stderr, status 1, nothing on stdout.
while IFS='|' read -r extra message; do
  # shellcheck disable=SC2086
  "$choose" $base $extra >"$work/out" 2>"$work/err"
  status=$?
  if [ $status = 1 ] && [ ! -s "$work/out" ] && [ "$(wc -l <"$work/err")" = 1 ] &&
     grep -q "^$message" "$work/err"; then
    ok "refused: $extra"
  else
    not_ok "refused: $extra: status $status, '$(cat "$work/err")'"
  fi
done <<EOF
tables=nosuch|unknown flavour 'nosuch' for --with-tables (expected
tables=Black|unknown flavour 'Black' for --with-tables: flavour names are lower case
tables=|--with-tables needs a flavour
tables=fancy;pext|--with-tables: 'fancy?pext' has a character
tables=pext|--with-tables=pext needs BMI2, but with these CFLAGS the target compiler has none
flash=0|--with-flash takes a whole number of KiB from 1 to 1048576, not '0'
flash=1048577|--with-flash takes a whole number of KiB
small=maybe|--enable-small takes yes or no, not 'maybe'
section=|--with-table-section needs a section name
seed=010|--with-seed: '010' is neither a decimal number without leading zeros
seed=5 magics=$work/none.txt|--with-seed and --with-magics exclude each other
magics=$work/none.txt|--with-magics: '$work/none.txt' has no '# flavour: NAME' line
magics=$work|--with-magics: '$work' is not a readable file
tables=black magics=$work/fancy.txt|--with-magics: '$work/fancy.txt' is a file of fancy magics (its '# flavour:' line), not of black
tables=white magics=$work/fancy.txt|--with-magics: '$work/fancy.txt' is a file of fancy magics
tables=black seed=5|black loads its magics
tables=hq seed=5|--with-seed and --with-magics apply to flavours with magics, not to hq
dispatch=pext,black|--with-dispatch=pext,black needs --with-tables=dispatch
tables=dispatch host=aarch64-unknown-linux-gnu ifunc=yes|--with-tables=dispatch needs an x86-64 ELF target
tables=dispatch ifunc=yes isa_bmi2=yes dispatch=fancy|--with-dispatch=fancy: name two flavours or more
tables=dispatch ifunc=yes isa_bmi2=yes dispatch=fancy,pext|--with-dispatch: the last flavour, pext, needs BMI2
tables=dispatch ifunc=yes dispatch=pext,fancy|--with-dispatch: the compiler cannot emit BMI2 for pext
tables=dispatch ifunc=yes isa_bmi2=yes dispatch=fancy,pext,fancy|--with-dispatch: 'fancy' is listed twice
tables=dispatch ifunc=no isa_bmi2=yes|--with-tables=dispatch needs GNU ifunc
tables=dispatch ifunc=yes isa_bmi2=yes seed=5|--with-seed applies to one flavour's magic search
tables=fastest|--with-tables=fastest measures this machine, but this build is for
tables=dispatch flash=300|--with-flash applies to auto or a named flavour, not --with-tables=dispatch
EOF

# A dispatch library's lists, for make.
if answer tables=dispatch ifunc=yes isa_bmi2=flags && [ "$MBB_FLAVOUR" = dispatch ] &&
   [ "$MBB_DISPATCH_FLAVOURS" = "pext black" ] &&
   [ "$MBB_CFLAGS_pext" = -mbmi2 ] && [ "$MBB_CFLAGS_bmi2" = -mbmi2 ] && [ -z "$MBB_CFLAGS_black" ] &&
   [ "$MBB_DISPATCH_LAST" = black ] &&
   [ "$MBB_DISPATCH_OTHERS" = pext ] && [ "$MBB_TABLES_FLAVOUR" = black ]; then
  ok "dispatch: pext, else black"
else
  not_ok "dispatch: '$MBB_DISPATCH_FLAVOURS' '$MBB_CFLAGS_pext' $(cat "$work/err")"
fi

# A flash budget: the first round asks for the flavours of the 32-bit
# order (policy.h) that the target runs, the second takes the first that
# fits with 4 KiB for code.
if answer bare=yes pointer=4 && [ "$mbb_measure" = flash ] &&
   [ "$mbb_measure_flavours" = "magic32 black fancy byte hq" ] &&
   [ "$mbb_measure_limit" = $((256 * 1024 - 4096)) ]; then
  ok "bare metal, 32-bit: measure magic32 black fancy byte hq (no bit reverse), up to 256 KiB"
else
  not_ok "bare metal, 32-bit: '$mbb_measure' '$mbb_measure_flavours' '$mbb_measure_limit'"
fi
sizes="magic32:900000:800000 black:700000:600000 fancy:750000:650000 byte:200000:140000"
if answer bare=yes pointer=4 measured="$sizes" && [ "$MBB_FLAVOUR" = byte ] &&
   case $mbb_summary in *"tried magic32 883 KiB, black 688 KiB, fancy 737 KiB, byte 200 KiB"*) ;; *) false ;; esac; then
  ok "bare metal, 32-bit: byte, the first that fits"
else
  not_ok "bare metal, 32-bit, measured: '$MBB_FLAVOUR' $(cat "$work/err")"
fi
if ! answer bare=yes pointer=4 flash=64 measured="$sizes hq:80000:1000" &&
   grep -q "^no flavour fits 64 KiB of flash: magic32 883 KiB, .* hq 83 KiB" "$work/err"; then
  ok "bare metal, --with-flash=64: nothing fits, every size said"
else
  not_ok "bare metal, --with-flash=64: '$MBB_FLAVOUR' $(cat "$work/err")"
fi
if answer tables=fancy flash=512 && [ "$mbb_measure" = flash ] && [ "$mbb_measure_flavours" = fancy ] &&
   ! answer tables=fancy flash=512 measured=fancy:600000:500000 &&
   grep -q "^--with-tables=fancy needs 600000 bytes of tables" "$work/err"; then
  ok "--with-tables=fancy --with-flash=512: measured, then refused"
else
  not_ok "--with-tables=fancy --with-flash=512: $(cat "$work/err")"
fi

# fastest: the first round asks for the probe, the second reads it.
if answer cross=no tables=fastest isa_bmi2=flags cpu_bmi2=1 slow_pext=0 && [ "$mbb_measure" = fastest ] &&
   [ "$mbb_measure_default" = pext ] && [ "$mbb_measure_cflags" = -mbmi2 ] &&
   answer cross=no tables=fastest isa_bmi2=flags cpu_bmi2=1 slow_pext=0 \
     fastest="$(printf 'pext 2.0 ns [1.9, 2.1]\nfancy 1.0 ns [0.9, 1.1]\nfastest fancy\nwhy fancy is clearly faster')" &&
   [ "$MBB_FLAVOUR" = fancy ] &&
   case $mbb_summary in *"(fastest: fancy is clearly faster)"*"                    fancy 1.0 ns [0.9, 1.1]"*) ;; *) false ;; esac; then
  ok "fastest: asks for the probe, then takes its answer and figures"
else
  not_ok "fastest: '$mbb_measure' '$MBB_FLAVOUR' $(cat "$work/err")"
fi

# Every value reads back as it was written: quotes, a path's spaces, a
# summary of several lines, a warning's line with its newline.
answer isa_bmi2=yes section=.flash_tables
case $mbb_summary in
  *"$nl  runs on:        "*"such as black (auto's portable choice)"*) ok "an apostrophe and the lines of the summary survive" ;;
  *) not_ok "the summary: $mbb_summary" ;;
esac
[ "$MBB_TABLE_SECTION" = .flash_tables ] && ok "--with-table-section: $MBB_TABLE_SECTION" ||
  not_ok "section: $MBB_TABLE_SECTION"
answer isa_bmi2=yes
[ -z "$MBB_TABLE_SECTION" ] && ok "no --with-table-section: the default, no section named" ||
  not_ok "no section given: '$MBB_TABLE_SECTION'"
if answer cross=no isa_bmi2=flags cpu_bmi2=1 slow_pext=1 tables=pext && [ "$MBB_FLAVOUR" = pext ] &&
   [ -n "$mbb_warnings" ] && [ "$(printf '%s' "$mbb_warnings" | wc -l)" -ge 1 ] &&
   case $mbb_warnings in *"$nl") ;; *) false ;; esac; then
  ok "a warning reads back as whole lines: $mbb_warnings"
else
  not_ok "the warnings: '$mbb_warnings' $(cat "$work/err")"
fi

"$choose" tables >/dev/null 2>&1
[ $? = 2 ] && ok "an argument without '=': status 2" || not_ok "an argument without '=': not status 2"

tap_done
