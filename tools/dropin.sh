#!/bin/sh
# SPDX-License-Identifier: MIT
# dropin.sh - the vendored drop-in, a directory an engine copies into its
# tree and builds with no build system and no flags beyond its target's:
#   magicbb.h              include/magicbb.h with MAGICBB_INLINE on
#   magicbb_inline.h, magicbb/bits.h, magicbb/shapes.h, magicbb/sets.h,
#   magicbb/constexpr.h
#                          the installed headers, as they are
#   magicbb/policy.h       auto's decision table (src/policy.h)
#   magicbb_config.h       the choice of flavour where the including code is
#                          compiled (magicbb-gen --config=dropin:...)
#   magicbb/NAME.h, magicbb-tables/NAME.h
#                          each carried flavour's lookups and its tables
#                          (magicbb-gen, the shipped magics), for the one file
#                          that defines MAGICBB_IMPLEMENTATION
#   magicbb-tables/board.h the leapers', between, line and ray_pass tables
# It carries the flavours of auto's table and the FLAVOURs named.
#
#   dropin.sh SRCDIR GENERATOR VERSION OUTDIR [FLAVOUR...]
#
# Writes OUTDIR.tmp, then puts it in OUTDIR's place.  Stops, naming what
# failed, with status 1.
srcdir=$1 gen=$2 version=$3 out=$4
shift 4
fail() { echo "dropin.sh: $*" >&2; rm -rf "$tmp"; exit 1; }
tmp="$out.tmp"
rm -rf "$tmp" && mkdir -p "$tmp/magicbb" "$tmp/magicbb-tables" || fail "cannot make $tmp"
flavours=$("$gen" --config="dropin-flavours:$*") || fail "magicbb-gen refused: $*"
"$gen" --config="dropin:$*" --output="$tmp/magicbb_config.h" || fail "magicbb-gen --config failed"

{
  cat <<EOT
/* SPDX-License-Identifier: MIT
 * magicbb.h - magicbb $version, vendored: copy this directory into your
 * tree and include this file.  Every file that includes it gets the
 * lookups of magicbb(3) inlined, under their own names; in exactly one
 * file, define MAGICBB_IMPLEMENTATION first, and that file holds the
 * tables:
 *
 *     #define MAGICBB_IMPLEMENTATION
 *     #include "magicbb.h"
 *
 * The flavour is chosen where each file is compiled, so compile them all
 * with the same flags: with BMI2 (-mbmi2, or a -march that has it, but not
 * a core whose PEXT is microcode) pext, else the portable choice of
 * magicbb_config.h; define MAGICBB_FLAVOUR_<NAME> to choose one of
 * $flavours.  The other flavours' tables, magicbb-tables/NAME.h, may be
 * deleted.  (One program built for several instruction sets: see
 * MAGICBB_IMPLEMENTATION_SLIDERS at the end of this file.)  Define
 * MAGICBB_SMALL for every file, and mbb_between, mbb_line and mbb_ray_pass
 * are computed from the slider lookups, without their 32 KiB tables.
 *
EOT
  sed -e 's/^/ * /' -e 's/ *$//' "$srcdir/LICENSE"
  echo " */"
  printf '#ifndef MAGICBB_INLINE\n#define MAGICBB_INLINE 1\n#endif\n'
  cat "$srcdir/include/magicbb.h"
} > "$tmp/magicbb.h" || fail "cannot write $tmp/magicbb.h"
cp "$srcdir/include/magicbb_inline.h" "$tmp/" &&
  cp "$srcdir/include/magicbb/bits.h" "$srcdir/include/magicbb/shapes.h" "$srcdir/include/magicbb/sets.h" \
    "$srcdir/include/magicbb/constexpr.h" "$srcdir/src/policy.h" \
    "$tmp/magicbb/" || fail "cannot copy the headers"

# tables NAME FLAGS...: the generator's tables, without the include of
# their flavour's header (the including file has it)
tables() {
  name=$1
  shift
  # run in the source tree, so that the provenance names gen/magics/NAME.txt
  # whatever the build directory (a tarball made in any is the same)
  (cd "$srcdir" && "$gen_path" "$@" --no-include --output="$tmp_path/magicbb-tables/$name.h") \
    >/dev/null || fail "magicbb-gen $* failed"
}
gen_path=$(cd "$(dirname "$gen")" && pwd)/$(basename "$gen") &&
  tmp_path=$(cd "$tmp" && pwd) || fail "cannot find $gen or $tmp"
for flavour in $flavours; do
  cp "$srcdir/include/magicbb/$flavour.h" "$tmp/magicbb/" || fail "no header for $flavour"
  tables "$flavour" --sliders-only --flavour="$flavour" --magics-dir=gen/magics
done
tables board --board-only --flavour=hq
rm -rf "$out" && mv "$tmp" "$out" || fail "cannot move $tmp to $out"
