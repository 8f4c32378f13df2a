#!/bin/sh
# SPDX-License-Identifier: MIT
# registry.sh - magicbb-registry (src/registry.c), the registries' reader
# for everything that is not C, as TAP: every flavour has an instruction
# set of isa.def and a magics kind; every set a macro and a description;
# its shell assignments agree; an unknown name is one line and status 1;
# and the policy answers (auto, the flash order, the dispatch default)
# name flavours of the registry.
registry=${MBB_REGISTRY:?MBB_REGISTRY must name magicbb-registry}
. "$(dirname "$0")/tap.sh"
tap_workdir registry

flavours=$("$registry" flavours) && [ -n "$flavours" ] && ok "flavours: $flavours" \
  || not_ok "flavours: nothing"
isas=$("$registry" isas) && [ -n "$isas" ] && ok "isas: $isas" || not_ok "isas: nothing"
known() { case " $2 " in *" $1 "*) return 0 ;; esac; return 1; }

for flavour in $flavours; do
  fields=$("$registry" flavour "$flavour")
  isa=${fields%% *} magics=${fields#* }
  if known "$isa" "$isas" && known "$magics" "none search load"; then
    ok "$flavour: isa $isa, magics $magics"
  else
    not_ok "$flavour: '$fields'"
  fi
done
for isa in $isas; do
  lines=$("$registry" isa "$isa" | wc -l)
  macro=$("$registry" isa "$isa" | sed 1q)
  [ "$lines" = 3 ] && [ -n "$macro" ] && ok "isa $isa: macro $macro" || not_ok "isa $isa: $lines lines"
done

# the shell assignments, evaluated, say the same
eval "$("$registry" shell)"
[ "$MBB_ALL_FLAVOURS" = "$flavours" ] && [ "$MBB_ISA_NAMES" = "$isas" ] \
  && ok "shell: the same names" || not_ok "shell: '$MBB_ALL_FLAVOURS' / '$MBB_ISA_NAMES'"
same=yes
for flavour in $flavours; do
  eval "isa=\$mbb_isa_of_$flavour magics=\$mbb_magics_of_$flavour"
  [ "$isa $magics" = "$("$registry" flavour "$flavour")" ] || same=no
done
[ $same = yes ] && ok "shell: the same fields" || not_ok "shell: fields differ"

for what in "flavour nosuch" "isa nosuch"; do
  # shellcheck disable=SC2086
  "$registry" $what >"$work/out" 2>"$work/err"
  status=$?
  [ $status = 1 ] && [ ! -s "$work/out" ] && [ "$(wc -l <"$work/err")" = 1 ] \
    && ok "$what: one line, status 1" || not_ok "$what: status $status"
done
"$registry" nosuch >/dev/null 2>&1
[ $? = 2 ] && ok "an unknown command: status 2" || not_ok "an unknown command: not status 2"

# The policy: auto's decision table as doc/building.md states it, and
# the flash orders and the dispatch default name flavours of the registry.
for row in "-:fast:8:no:pext" "-:slow:8:no:black" "-:absent:8:no:black" "-:absent:4:no:magic32" \
    "-:fast:4:no:pext" "-:fast:8:yes:fancy" "-:absent:4:yes:magic32" "white:fast:8:no:white"; do
  IFS=: read -r file pext bytes seeded want <<EOT
$row
EOT
  [ "$file" = - ] && file=
  answer=$("$registry" auto "$file" "$pext" "$bytes" "$seeded" "what configure found")
  flavour=$(printf '%s\n' "$answer" | sed 1q)
  [ "$flavour" = "$want" ] && [ "$(printf '%s\n' "$answer" | wc -l)" = 2 ] \
    && ok "auto, $row" || not_ok "auto, $row: '$answer'"
done
for bytes in 4 8; do
  order=$("$registry" flash-order $bytes | sed 1q)
  bad=
  for flavour in $order; do known "$flavour" "$flavours" || bad="$bad $flavour"; done
  [ -n "$order" ] && [ -z "$bad" ] && ok "flash-order $bytes: $order" || not_ok "flash-order $bytes:$bad"
done
bad=
for flavour in $("$registry" dispatch-default | tr , ' '); do
  known "$flavour" "$flavours" || bad="$bad $flavour"
done
[ -z "$bad" ] && ok "dispatch-default: flavours of the registry" || not_ok "dispatch-default:$bad"

tap_done
