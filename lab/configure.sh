#!/bin/sh
# SPDX-License-Identifier: MIT
# configure.sh - configure's checks of its options natively, as TAP:
# --with-seed and --with-magics (the same seed rules as the generator, a
# path with spaces carried through to make, tables that follow edits of
# the magics file), characters make or the shell cannot carry,
# --enable-small, --with-flash, and flavours the target cannot run.
# lab/configure-targets.sh, run beside it, checks the other targets and
# --with-dispatch.  (lab/configure-kit.sh: the copy of the sources, the
# build directory and the helpers both use.)
kit_name=configure
. "$(dirname "$0")/configure-kit.sh"

# Refused seeds: one line naming the seed, before any build.  (A few
# forms, each a run of configure: the generator's own tests,
# check_gen_input and check_decide, hold the rest of the rule.)
for seed in 09 0x10000000000000000; do
  expect_refused --with-seed="$seed" "--with-seed: '$seed' is neither a decimal number without leading zeros"
done
for seed in 0xFFFFFFFFFFFFFFFF; do
  if configure_with --no-create --with-seed="$seed"; then ok "--with-seed=$seed is taken"
  else not_ok "--with-seed=$seed: $(tail -n 1 "$work/log")"; fi
done

# A magics file in a directory with spaces: configured, built, and
# remade when it changes.
mkdir "$work/dir with space"
magics="$work/dir with space/m.txt"
"$gen" --seed=1 --dump-magics="$magics" || exit 99
if configure_with --with-magics="$magics" && "$make" src/tables.c >>"$work/log" 2>&1 &&
   grep -q "magics:   file $magics\$" src/tables.c; then
  ok "--with-magics with spaces in the path"
else
  not_ok "--with-magics with spaces in the path: $(tail -n 3 "$work/log")"
fi
hash_before=$(sed -n 's/^ \*   hash: *//p' src/tables.c)
sleep 1 # a newer time stamp, even on file systems that keep whole seconds
"$gen" --seed=2 --dump-magics="$magics" || exit 99
"$make" src/tables.c >>"$work/log" 2>&1
hash_after=$(sed -n 's/^ \*   hash: *//p' src/tables.c)
if [ -n "$hash_before" ] && [ -n "$hash_after" ] && [ "$hash_before" != "$hash_after" ]; then
  ok "editing the magics file remakes the tables"
else
  not_ok "editing the magics file remakes the tables: '$hash_before' then '$hash_after'"
fi

# auto with --with-seed takes fancy, whose magics a seed searches, also
# where the CPU has a fast PEXT; with --with-magics, the flavour the file
# names.
"$gen" --flavour=black --magics="$MBB_MAGICS_DIR/black.txt" --dump-magics="$work/black.txt" \
  || exit 99
cp "$magics" "$work/fancy.txt"
# summary_flavour: the flavour configure's summary names
summary_flavour() { sed -n 's/^  flavour: *\([a-z0-9]*\) .*/\1/p' "$work/log"; }
while IFS='|' read -r args want; do
  # shellcheck disable=SC2086
  if configure_with --no-create $args && [ "$(summary_flavour)" = "$want" ]; then ok "$args: $want"
  else not_ok "$args: '$(summary_flavour)', want $want: $(tail -n 1 "$work/log")"; fi
done <<EOF
--with-tables=auto --with-seed=5|fancy
--with-tables=auto --with-magics=$work/fancy.txt|fancy
--with-tables=auto --with-magics=$work/black.txt|black
EOF
# fastest is the laboratory's now: refused, naming the command
expect_refused --with-tables=fastest "--with-tables=fastest is gone: configure with --enable-lab, run make fastest,"

printf '# magicbb magics v1\nrook a1 0x1 12\n' > "$work/anonymous.txt"
expect_refused --with-magics="$work/anonymous.txt" "--with-magics: .* has no '# flavour: NAME' line"
# --enable-lab is yes or no, as the other --enable options are.
expect_refused --enable-lab=maybe "--enable-lab takes yes or no, not 'maybe'"

# The benchmark carries CFLAGS as a C string written by make: quotes in
# CFLAGS build it (a configure of its own, where the lab's rules are:
# the cache holds CFLAGS).
mkdir "$work/quoted" && cd "$work/quoted" || exit 99
if "$srcdir/configure" --with-tables=fancy --enable-lab CFLAGS='-g -O2 -DMY_NAME="x\y"' >"$work/log" 2>&1 &&
   "$make" lab/flags.h lab/magicbb_bench-bench.o >>"$work/log" 2>&1 &&
   grep -qF 'MY_NAME=\"x\\y\"' lab/flags.h; then
  ok "CFLAGS with quotes and a backslash: the benchmark's flags compile"
else
  not_ok "CFLAGS with quotes: $(tail -n 3 "$work/log")"
fi
# That object, made by name in a fresh build directory, was compiled
# with this build's generated header, never one a build in the source
# tree left there (its dependency file names the headers it read).
deps=lab/.deps/magicbb_bench-bench.Po
if [ -f "$deps" ] && grep -q "^ *$work/quoted/include/magicbb_config.h\|^ *include/magicbb_config.h" "$deps" \
   && ! grep -q "$srcdir/include/magicbb_config.h" "$deps"; then
  ok "an object made by name reads its own build's magicbb_config.h"
else
  not_ok "an object made by name: $(grep -m 1 'magicbb_config.h' "$deps" 2>/dev/null || echo "no $deps")"
fi
cd "$work/build" || exit 99

# make distclean removes the vendored drop-in that make dropin wrote,
# whichever flavours it was given.
if "$make" dropin DROPIN_FLAVOURS=hq >>"$work/log" 2>&1 &&
   [ -f single/magicbb-tables/hq.h ] && "$make" distclean >>"$work/log" 2>&1 && [ ! -e single ]; then
  ok "make distclean after make dropin DROPIN_FLAVOURS=hq leaves no single/"
else
  not_ok "make distclean after make dropin DROPIN_FLAVOURS=hq: $(ls single 2>&1)"
fi

# Characters make cannot carry: refused by configure, not by make.
odd="$work/it's.txt"
cp "$magics" "$odd"
expect_refused --with-magics="$odd" "--with-magics: .* has a character that make or the shell cannot carry"

# A newline, or any character make or the shell cannot carry, in any
# value: one line naming the option, before anything is written (a
# value the registry or the seed rule refuses is quoted, its control
# bytes shown as '?').
nl='
'
expect_refused "--with-seed=5${nl}all:" "--with-seed: '5?all:' is neither a decimal number"
expect_refused "--with-table-section=.text${nl}x" "--with-table-section: '.text?x' has a character"
# (others of the kind, each a run of configure: tests/decide.sh, on
# configure's own checks, and check_decide, on the flavour's)
expect_refused "--with-magics=$work/m${nl}.txt" "--with-magics: '.*m?.txt' has a character"

# A magics path that starts with '-' is a file name, not an option.
cp "$magics" "./-m.txt"
if configure_with --no-create --with-magics=-m.txt >/dev/null && grep -q "^  magics: *loaded from .*/-m.txt\$" "$work/log"; then
  ok "--with-magics=-m.txt (a name starting with '-')"
else
  not_ok "--with-magics=-m.txt: $(tail -n 3 "$work/log")"
fi

# --enable-small: yes or no; yes leaves the between and line tables out.
expect_refused --enable-small=maybe "--enable-small takes yes or no, not 'maybe'"
# A flavour name in capitals is an unknown name, and the line says so.
expect_refused --with-tables=Fancy "--with-tables: unknown flavour 'Fancy': flavour names are lower case"
if configure_with --enable-small && "$make" src/board.c >>"$work/log" 2>&1 &&
   grep -q mbb_tab_knight src/board.c && ! grep -q 'mbb_tab_between\|mbb_tab_line' src/board.c &&
   grep -q '^  small: *yes (between, line and ray_pass: computed)$' "$work/log"; then
  ok "--enable-small: no between and line tables"
else
  not_ok "--enable-small: between and line tables left in, or no tables: $(tail -n 3 "$work/log")"
fi

# A flavour whose instructions the target lacks is refused, naming them.
case $(uname -m) in
  x86_64 | i?86)
    expect_refused --with-tables=hqrev "--with-tables=hqrev needs a bit-reverse instruction (rbit, rev8 and brev8, bitrev.d), but" ;;
esac

# --with-flash: a whole number of KiB; only with auto or a named flavour.
# (its other values: check_decide's)
expect_refused --with-flash=abc "--with-flash takes a whole number of KiB from 1 to 1048576, not 'abc'"
if [ "$(uname -m)" = x86_64 ] && [ "$(uname -s)" = Linux ]; then
  refused "--with-tables=dispatch --with-flash=300" \
    "--with-flash applies to auto or a named flavour, not to --with-tables=dispatch" \
    configure_with --with-tables=dispatch --with-flash=300
fi
# A flavour named with --with-flash whose instructions the compiler emits
# only with their flags (pext with the default CFLAGS, on a CPU with
# BMI2) is measured like any other: the decision alone skips a candidate
# the target cannot run (it was refused with "none measured").
if [ "$(uname -m)" = x86_64 ] && grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then
  if configure_with --no-create --with-tables=pext --with-flash=4096 &&
     grep -q '^  flavour:        pext ' "$work/log" && grep -q '^  table bytes:    [0-9]' "$work/log"; then
    ok "--with-tables=pext --with-flash=4096 natively: measured, pext"
  else
    not_ok "--with-tables=pext --with-flash=4096 natively: $(tail -n 1 "$work/log")"
  fi
fi

tap_done
