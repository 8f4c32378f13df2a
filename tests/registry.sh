#!/bin/sh
# SPDX-License-Identifier: MIT
# registry.sh - magicbb-gen --registry (gen/registry.c), the registries' reader
# for everything that is not C, as TAP: every flavour has an instruction
# set of isa.def and a magics kind; every set a macro and a description;
# an unknown name is one line and status 1; the header includes every
# flavour's.
gen=${MBB_GEN:?MBB_GEN must name magicbb-gen}
registry() { "$gen" --registry "$@"; }
. "$(dirname "$0")/tap.sh"
tap_workdir registry

flavours=$(registry flavours) && [ -n "$flavours" ] && ok "flavours: $flavours" \
  || not_ok "flavours: nothing"
isas=$(registry isas) && [ -n "$isas" ] && ok "isas: $isas" || not_ok "isas: nothing"
known() { case " $2 " in *" $1 "*) return 0 ;; esac; return 1; }

for flavour in $flavours; do
  fields=$(registry flavour "$flavour")
  isa=${fields%% *} magics=${fields#* }
  if known "$isa" "$isas" && known "$magics" "none search load"; then
    ok "$flavour: isa $isa, magics $magics"
  else
    not_ok "$flavour: '$fields'"
  fi
done
for isa in $isas; do
  lines=$(registry isa "$isa" | wc -l)
  macro=$(registry isa "$isa" | sed 1q)
  [ "$lines" = 3 ] && [ -n "$macro" ] && ok "isa $isa: macro $macro" || not_ok "isa $isa: $lines lines"
done

for what in "flavour nosuch" "isa nosuch"; do
  # shellcheck disable=SC2086
  registry $what >"$work/out" 2>"$work/err"
  status=$?
  [ $status = 1 ] && [ ! -s "$work/out" ] && [ "$(wc -l <"$work/err")" = 1 ] \
    && ok "$what: one line, status 1" || not_ok "$what: status $status"
done
registry nosuch >/dev/null 2>&1
[ $? = 2 ] && ok "an unknown command: status 2" || not_ok "an unknown command: not status 2"

registry header > "$work/header"
for flavour in $flavours; do
  grep -qx "#include \"magicbb/$flavour.h\"" "$work/header" || not_ok "header: no $flavour"
done
[ "$(grep -c '^#include' "$work/header")" = "$(echo $flavours | wc -w)" ] \
  && ok "header: every flavour's header, once" || not_ok "header: $(grep -c '^#include' "$work/header") includes"

tap_done
