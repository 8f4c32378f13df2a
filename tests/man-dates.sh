#!/bin/sh
# SPDX-License-Identifier: MIT
# man-dates.sh SRCDIR PAGE... - each manual page's date (the third field
# of its .TH line) is no older than its last change: the author date of
# the last commit that changed PAGE, or today where the working tree
# changes it (its .TH line left out: a change of the date alone is none).  One line for each page that is older, and status 1.  Where
# SRCDIR is no git checkout (a release tarball) or a shallow one, it
# says so and passes: the dates are then the release's.
srcdir=${1:?usage: man-dates.sh SRCDIR PAGE...}
shift
# (.git itself: a tarball unpacked inside a checkout, as make distcheck
# does, is no checkout of its own)
if [ ! -e "$srcdir/.git" ] || ! git -C "$srcdir" rev-parse --git-dir >/dev/null 2>&1; then
  echo "man-dates: $srcdir is not a git checkout: dates not checked"
  exit 0
fi
if [ "$(git -C "$srcdir" rev-parse --is-shallow-repository)" = true ]; then
  echo "man-dates: $srcdir is a shallow clone: dates not checked"
  exit 0
fi
# body REVISION PAGE: the page at REVISION ("" for the working tree)
# without its .TH line
body() {
  if [ -z "$1" ]; then sed '/^\.TH /d' "$srcdir/$2"
  else git -C "$srcdir" show "$1:./$2" 2>/dev/null | sed '/^\.TH /d'; fi
}
# changed PAGE: the day of its last change
changed() {
  if [ "$(body "" "$1")" != "$(body HEAD "$1")" ]; then
    date +%F # changed here, or never committed
    return
  fi
  for commit in $(git -C "$srcdir" log --format=%H -- "$1"); do
    if [ "$(body "$commit" "$1")" != "$(body "$commit^" "$1")" ]; then
      git -C "$srcdir" log -1 --format=%as "$commit"
      return
    fi
  done
}
status=0
for page; do
  dated=$(sed -n 's/^\.TH [^ ]* [0-9] \([0-9]\{4\}-[0-9][0-9]-[0-9][0-9]\) .*/\1/p' "$srcdir/$page")
  changed=$(changed "$page")
  if [ -z "$dated" ]; then
    echo "man-dates: $page: no date YYYY-MM-DD on its .TH line"
    status=1
  elif [ "$(echo "$dated" | tr -d -)" -lt "$(echo "$changed" | tr -d -)" ]; then
    echo "man-dates: $page: dated $dated, changed $changed: give its .TH line the date of the change"
    status=1
  fi
done
[ "$status" = 1 ] || echo "man-dates: every page is dated on or after its last change"
exit "$status"
