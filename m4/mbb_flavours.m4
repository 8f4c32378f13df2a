# SPDX-License-Identifier: MIT
# mbb_flavours.m4 - the flavour registry, as configure needs it.
#
# MBB_FLAVOUR_REGISTRY
# --------------------
# Reads src/magicbb/flavours.def, the one list of flavours, and
# substitutes MBB_ALL_FLAVOURS (every name, in registry order), and sets
# mbb_isa_of_FLAVOUR and mbb_magics_of_FLAVOUR to the flavour's isa (a
# name of src/magicbb/isa.def) and magics (none, search or load) fields,
# and defines the shell function mbb_searching (below).  Writes
# src/flavours-all.h, which includes every flavour's header, for the
# programs that hold all flavours at once (the generator's probes, the
# all-flavour test, the benchmark).
#
# MBB_FLAVOUR_NAMES
# -----------------
# The names at autoconf time, for help texts: "fancy, pext, ...", quoted
# twice over, so that its commas separate no macro arguments where it is
# expanded (they once cut configure --help's list after the first name).
m4_define([MBB_FLAVOUR_NAMES],
  m4_esyscmd_s([printf '[[%s]]' "$(sed -n 's/^MBB_FLAVOUR(\([a-z0-9_]*\),.*/\1/p' src/magicbb/flavours.def | tr '\n' ' ' | sed 's/ $//; s/ /, /g')"]))

AC_DEFUN([MBB_FLAVOUR_REGISTRY],
[mbb_registry="$srcdir/src/magicbb/flavours.def"
AS_IF([test -r "$mbb_registry"], [],
  [AC_MSG_ERROR([cannot read the flavour registry $mbb_registry])])
MBB_ALL_FLAVOURS=`sed -n 's/^MBB_FLAVOUR(\([[a-z0-9_]]*\),.*/\1/p' "$mbb_registry" | tr '\n' ' ' | sed 's/ $//'`
eval "`sed -n 's/^MBB_FLAVOUR(\([[a-z0-9_]]*\), *\([[a-z0-9]]*\), *\([[a-z]]*\)).*/mbb_isa_of_\1=\2 mbb_magics_of_\1=\3/p' "$mbb_registry"`"
AS_IF([test -z "$MBB_ALL_FLAVOURS"], [AC_MSG_ERROR([no flavour in $mbb_registry])])
# mbb_searching NAME...: those of the flavours named whose magics a seed
# searches (the registry's magics field), space-separated
mbb_searching () {
  mbb_list=
  for mbb_s in "$[]@"; do
    eval "mbb_k=\$mbb_magics_of_$mbb_s"
    AS_IF([test "x$mbb_k" = xsearch], [mbb_list="$mbb_list${mbb_list:+ }$mbb_s"])
  done
  echo "$mbb_list"
}
AC_SUBST([MBB_ALL_FLAVOURS])
AS_MKDIR_P([src])
{ echo "/* flavours-all.h - written by configure from src/magicbb/flavours.def:"
  echo " * the header of every flavour.  Do not edit. */"
  for mbb_f in $MBB_ALL_FLAVOURS; do echo "#include \"magicbb/$mbb_f.h\""; done
} > src/flavours-all.h
])
