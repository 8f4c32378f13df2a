#!/bin/sh
# SPDX-License-Identifier: MIT
# relocatable.sh - write an installed file that finds the rest of the
# installation from its own place, so that an installed tree can be
# moved: the pkg-config modules (${pcfiledir}) and the CMake package
# (${CMAKE_CURRENT_LIST_DIR}).  Run by make.
#
#   relocatable.sh IN OUT SELF PREFIX-REF DIR PREFIX EXEC-PREFIX LIBDIR INCLUDEDIR [KEY=VALUE]...
#
# IN's %PREFIX% becomes SELF (how the file names its own directory) and
# as many /.. as DIR (where the file is installed) lies below PREFIX;
# %EXEC_PREFIX%, %LIBDIR% and %INCLUDEDIR% become PREFIX-REF (how the
# file names its prefix) and their path below PREFIX.  A directory
# outside PREFIX stays as it is, absolute.  Each %KEY% becomes VALUE.
set -eu
in=$1 out=$2 self=$3 prefix_ref=$4 dir=$5 prefix=$6 exec_prefix=$7 libdir=$8 includedir=$9
shift 9
# below PATH: PATH's part under the prefix ("" for the prefix itself),
# or status 1
below() {
  case $1 in
    "$prefix") echo ;;
    "$prefix"/*) echo "${1#"$prefix"/}" ;;
    *) return 1 ;;
  esac
}
# in_prefix PATH: PATH from PREFIX-REF where it lies under the prefix
in_prefix() {
  if rel=$(below "$1"); then echo "$prefix_ref${rel:+/$rel}"; else echo "$1"; fi
}
# a value as a sed replacement: '\', '|' and '&' escaped
quoted() { printf '%s\n' "$1" | sed 's/[\\|&]/\\&/g'; }
if rel=$(below "$dir"); then
  top="$self$(echo "${rel:+/$rel}" | sed 's|/[^/][^/]*|/..|g')"
else
  top=$prefix
fi
script="s|%PREFIX%|$(quoted "$top")|g
s|%EXEC_PREFIX%|$(quoted "$(in_prefix "$exec_prefix")")|g
s|%LIBDIR%|$(quoted "$(in_prefix "$libdir")")|g
s|%INCLUDEDIR%|$(quoted "$(in_prefix "$includedir")")|g"
for pair in "$@"; do
  script="$script
s|%${pair%%=*}%|$(quoted "${pair#*=}")|g"
done
sed "$script" "$in" > "$out.tmp"
mv "$out.tmp" "$out"
