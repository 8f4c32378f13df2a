#!/bin/sh
# SPDX-License-Identifier: MIT
# model.sh - the benchmark's deterministic figures, which do not depend on
# what else the machine is doing (make bench-model):
#   1. instructions per queen lookup (valgrind's cachegrind, the Ir of
#      each flavour's throughput loop over 65,536 random pairs);
#   2. cache misses per queen lookup under pressure: cachegrind's cache
#      simulation with STATED cache sizes (below) of each flavour's
#      pressure loop over the 65,536 pairs of the positions ring, each
#      lookup followed by a read of a 64 MiB table, less the misses of
#      the reads alone;
#   3. cycles per queen lookup predicted by llvm-mca for named CPU models,
#      on each flavour's queen loop compiled by clang -O2 for that CPU (the
#      loop's body, from its header to the branch back): independent
#      lookups (throughput) and each lookup's occupancy depending on the
#      last answer (latency); loads are taken as L1 hits, as llvm-mca
#      does.
# Prints the tables and "which flavour for which CPU", checks the models
# against published facts, and writes every figure to CSV.
#
#   model.sh BENCH SRCDIR CSV GENERATOR
# (GENERATOR: the build's magicbb-gen, whose --registry answers.)
bench=$1
srcdir=$2
csv=$3
gen=$4
registry() { "$gen" --registry "$@"; }
# a Zen 4 core's L1 data cache and L2, as cachegrind's two levels
cache="--I1=32768,8,64 --D1=32768,8,64 --LL=1048576,16,64"
cache_words="L1 data 32 KiB 8-way, last level 1 MiB 16-way, 64-byte lines"
cpus="x86_64:znver2 x86_64:znver3 x86_64:skylake x86_64:icelake-server aarch64:cortex-a55 aarch64:cortex-a57 arm:cortex-m4"

for tool in valgrind cg_annotate clang llvm-mca; do
  command -v "$tool" >/dev/null 2>&1 || { echo "bench-model: $tool is not installed"; exit 1; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/magicbb-model.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
: > "$work/rows"

# flavour:isa, in registry order; the macro each isa needs
flavours=
for name in $(registry flavours); do
  fields=$(registry flavour "$name") || exit 1
  flavours="$flavours $name:${fields%% *}"
done
macro_of() {
  registry isa "$1" | sed 1q
}

# ---- 1 and 2: cachegrind --------------------------------------------------
# shellcheck disable=SC2086
valgrind --tool=cachegrind --cache-sim=yes $cache --cachegrind-out-file="$work/cg.out" \
  "$bench" --callgrind --tt-mib 64 > "$work/cg.stdout" 2>/dev/null \
  || { echo "bench-model: valgrind failed (it cannot run AVX-512 code: see BENCH_CFLAGS)"; exit 1; }
grep 'left out' "$work/cg.stdout"
# Ir D1mr DLmr of every function, summed over its source files
cg_annotate --threshold=0 --show-percs=no --auto=no "$work/cg.out" 2>/dev/null | awk '
  NF >= 10 && $NF ~ /:/ {
    f = $NF; sub(/.*:/, "", f)
    for (i = 1; i <= 9; i++) { v[i] = $i; gsub(",", "", v[i]); if (v[i] == ".") v[i] = 0 }
    ir[f] += v[1]; d1[f] += v[5]; ll[f] += v[6]
  }
  END {
    for (f in ir) {
      if (f ~ /^[a-z0-9]+_queen_batch_throughput$/) {
        n = f; sub(/_queen_batch_throughput$/, "", n)
        if (n == "walk") n = "ray-walk"
        printf "instructions,host,%s,%.1f\n", n, ir[f] / 65536
      }
      if (f ~ /^[a-z0-9]+_queen_batch_pressure$/) { n = f; sub(/_queen_batch_pressure$/, "", n); pd1[n] = d1[f]; pll[n] = ll[f] }
    }
    for (n in pd1) {
      printf "d1_misses,host,%s,%.3f\n", n, (pd1[n] - d1["tt_reads_only"]) / 65536
      printf "ll_misses,host,%s,%.3f\n", n, (pll[n] - ll["tt_reads_only"]) / 65536
    }
  }' | sort >> "$work/rows"

# ---- 3: llvm-mca ----------------------------------------------------------
# Whether clang, for this target and CPU, has the flavour's instructions.
has_isa() { # TARGET CPUFLAG ISA
  m=$(macro_of "$3")
  # shellcheck disable=SC2086
  echo '#include "magicbb/bits.h"' | clang --target="$1" $2 -ffreestanding -I"$srcdir/include" -dM -E - 2>/dev/null \
    | grep -q "define MBB_HAVE_$m 1"
}
# llvm-mca 14 takes a write to an AArch64 W register for a partial write
# of its X register, a dependency on the register's last value that the
# CPU does not have (a W write zeroes the upper half): it chains a loop's
# iterations (checked below).  So before llvm-mca, each instruction that
# writes a W register writes the X register instead (ldrb, ldrh and ldr
# of a W register become ldr of the X register): the same operations for
# timing, without the false dependency.  Extended register operands
# (uxtw, sxtw) keep their W register.
full_writes() { # FILE: rewritten in place
  awk '
    /^\t[a-z]/ && $2 ~ /^w([0-9]+|zr),?$/ {
      m = $1
      if (m ~ /^ldr(b|h|sb|sh|sw)?$/ || m ~ /^ldur(b|h)?$/) { sub(/^\t[a-z]+/, "\tldr") }
      line = $0
      sub(/^\t[a-z.]+\t/, "", line)
      head = $0; sub(/\t[^\t]*$/, "", head)
      out = ""
      while (match(line, /(^|[^a-z0-9_.])w([0-9]+|zr)/)) {
        pre = substr(line, 1, RSTART - 1); tok = substr(line, RSTART, RLENGTH)
        rest = substr(line, RSTART + RLENGTH)
        if (rest ~ /^, *[us]xtw/) { out = out pre tok } else { sub(/w/, "x", tok); out = out pre tok }
        line = rest
      }
      print head "\t" out line
      next
    }
    { print }' "$1" > "$1.full" && mv "$1.full" "$1"
}
for entry in $cpus; do
  arch=${entry%%:*}
  cpu=${entry#*:}
  case $arch in
    x86_64) target=x86_64-linux-gnu cpuflag="-march=$cpu" ;;
    aarch64) target=aarch64-linux-gnu cpuflag="-mcpu=$cpu" ;;
    arm) target=thumbv7em-none-eabi cpuflag="-mcpu=$cpu -mfloat-abi=soft" ;;
  esac
  for fi in $flavours; do
    f=${fi%%:*}
    isa=${fi#*:}
    if ! has_isa "$target" "$cpuflag" "$isa"; then
      echo "mca_throughput,$cpu,$f,n/a" >> "$work/rows"
      echo "mca_latency,$cpu,$f,n/a" >> "$work/rows"
      continue
    fi
    cat > "$work/$f.c" <<EOC
#include "magicbb/$f.h"
uint64_t model_throughput(const unsigned char *sq, const uint64_t *occ, unsigned n);
uint64_t model_latency(const unsigned char *sq, const uint64_t *occ, unsigned n);
uint64_t model_throughput(const unsigned char *sq, const uint64_t *occ, unsigned n)
{
    uint64_t acc = 0;
#pragma clang loop unroll(disable) vectorize(disable)
    for (unsigned i = 0; i < n; i++)
        acc ^= mbb_${f}_queen_attacks(sq[i], occ[i]);
    return acc;
}
uint64_t model_latency(const unsigned char *sq, const uint64_t *occ, unsigned n)
{
    uint64_t last = 0;
#pragma clang loop unroll(disable) vectorize(disable)
    for (unsigned i = 0; i < n; i++)
        last = mbb_${f}_queen_attacks(sq[i], occ[i] ^ last);
    return last;
}
EOC
    # shellcheck disable=SC2086
    clang --target="$target" $cpuflag -O2 -ffreestanding -I"$srcdir/include" -S -o "$work/$f.s" "$work/$f.c" \
      || { echo "bench-model: clang failed on $f for $cpu"; exit 1; }
    for mode in throughput latency; do
      # the function's loop: from a label to the first branch back to it
      awk -v fn="model_$mode" '
        $0 ~ ("^" fn ":") { infn = 1; next }
        infn && /^[ \t]*\.(size|cfi_endproc)/ { exit }
        infn {
          line[++n] = $0
          if ($0 ~ /^\.?[A-Za-z0-9_$.]+:/) { l = $1; sub(/:.*/, "", l); at[l] = n }
          k = split($0, w, /[ \t,]+/)
          if (k > 1 && (w[k] in at) && at[w[k]] < n) {
            for (i = at[w[k]]; i <= n; i++) print line[i]
            exit
          }
        }' "$work/$f.s" > "$work/loop.s"
      [ "$arch" = aarch64 ] && full_writes "$work/loop.s"
      llvm-mca -mtriple="${target%%-*}" -mcpu="$cpu" -iterations=200 "$work/loop.s" 2>/dev/null | awk \
        -v cpu="$cpu" -v f="$f" -v mode="$mode" '
        /^Iterations:/ { it = $2 }
        /^Total Cycles:/ { printf "mca_%s,%s,%s,%.2f\n", mode, cpu, f, $3 / it }' >> "$work/rows"
    done
  done
done

# ---- The model checks -------------------------------------------------------
mca_instruction() { # TRIPLE CPU INSTRUCTION: "latency L, reciprocal throughput T"
  echo "$3" > "$work/one.s"
  llvm-mca -mtriple="$1" -mcpu="$2" -iterations=1 -instruction-info "$work/one.s" 2>/dev/null \
    | awk '/^\[1\]/ { on = 1; next } on && NF >= 4 { printf "latency %s, reciprocal throughput %s", $2, $3; exit }'
}
mca_cycles() { # TRIPLE CPU LINE...: cycles an iteration of the lines
  t=$1 c=$2
  shift 2
  printf '%s\n' "$@" > "$work/few.s"
  llvm-mca -mtriple="$t" -mcpu="$c" -iterations=100 "$work/few.s" 2>/dev/null \
    | awk '/^Total Cycles:/ { printf "%.1f", $3 / 100 }'
}
{
  echo "model checks (llvm-mca $(llvm-mca --version | sed -n 's/.*LLVM version \([0-9.]*\).*/\1/p'), against published measurements):"
  echo "  znver2 pextq: $(mca_instruction x86_64 znver2 'pextq %rax, %rbx, %rcx'). Zen 2 runs PEXT"
  echo "    in microcode, its latency and throughput tens to hundreds of cycles with the"
  echo "    mask (Agner Fog's instruction tables; uops.info): the model's throughput is"
  echo "    wrong, so its independent-lookup cycles for pext and pext16 on znver2 are too"
  echo "    low; its latency is within the measured range."
  echo "  znver3 pextq: $(mca_instruction x86_64 znver3 'pextq %rax, %rbx, %rcx'). Zen 3: latency 3,"
  echo "    one a cycle (same sources): right."
  echo "  skylake pextq chained through its source, mask in memory: $(mca_cycles x86_64 skylake 'pextq (%rsi), %rax, %rax') cycles;"
  echo "    mask loaded first: $(mca_cycles x86_64 skylake 'movq (%rsi), %rcx' 'pextq %rcx, %rax, %rax'). The CPU reads the source register"
  echo "    after the load, so both take 3: the model adds the load's latency to a"
  echo "    folded PEXT (on every x86 model here), so pext's and pext16's latency"
  echo "    figures are a few cycles too high."
  echo "  cortex-a57 rbit: $(mca_instruction aarch64 cortex-a57 'rbit x0, x1'). Arm's Cortex-A57"
  echo "    optimization guide lists RBIT among the one-cycle integer operations: right."
  echo "    cortex-a55 rbit: $(mca_instruction aarch64 cortex-a55 'rbit x0, x1') (not checked against a"
  echo "    measurement here)."
  echo "  cortex-a57 ldrb w13 then mul x13, x13, x13: $(mca_cycles aarch64 cortex-a57 'ldrb w13, [x8]' 'mul x13, x13, x13') cycles an iteration;"
  echo "    ldr x13 then the mul: $(mca_cycles aarch64 cortex-a57 'ldr x13, [x8]' 'mul x13, x13, x13'). A W write is a full write (it zeroes the"
  echo "    upper half), so both run at the multiply's throughput: the model chains W"
  echo "    writes, which is why this script rewrites them to X writes before"
  echo "    llvm-mca (full_writes)."
  echo "  LLVM 14 has no model of its own for Cortex-A76, Neoverse N1 or V1 (they"
  echo "    take the Cortex-A57 model) or Apple M1 (the Cyclone model of the 2013"
  echo "    Apple A7), so the table names only cores with models of their own; read"
  echo "    the A57 column as the A57, not as today's big cores."
} > "$work/checks"

# ---- Report -------------------------------------------------------------------
{
  echo "kind,cpu,flavour,value"
  cat "$work/rows"
} > "$csv.tmp" && mv "$csv.tmp" "$csv"
awk -F, -v cache="$cache_words" -v cpus="$cpus" '
  NR == 1 { next }
  { v[$1, $2, $3] = $4; if (!($3 in seen)) { seen[$3] = 1; order[++n] = $3 } }
  END {
    printf "instructions and simulated misses per queen lookup on this machine\n"
    printf "(cachegrind; misses under pressure, %s)\n", cache
    printf "%-11s %12s %10s %10s\n", "flavour", "instructions", "D1 misses", "LL misses"
    for (i = 1; i <= n; i++) {
      f = order[i]
      if (f == "ray-walk" || !(("instructions" SUBSEP "host" SUBSEP f) in v)) continue
      printf "%-11s %12s %10s %10s\n", f, v["instructions", "host", f], \
        (("d1_misses" SUBSEP "host" SUBSEP f) in v) ? v["d1_misses", "host", f] : "-", \
        (("ll_misses" SUBSEP "host" SUBSEP f) in v) ? v["ll_misses", "host", f] : "-"
    }
    m = split(cpus, cpu, " ")
    for (k = 1; k <= 2; k++) {
      kind = k == 1 ? "mca_throughput" : "mca_latency"
      printf "\npredicted cycles per queen lookup, %s (llvm-mca, clang -O2 for each CPU)\n", \
        k == 1 ? "independent lookups" : "each waiting for the last"
      printf "%-11s", "flavour"
      for (c = 1; c <= m; c++) { name = cpu[c]; sub(/.*:/, "", name); printf " %14s", name }
      printf "\n"
      for (i = 1; i <= n; i++) {
        f = order[i]; if (f == "ray-walk") continue
        printf "%-11s", f
        for (c = 1; c <= m; c++) { name = cpu[c]; sub(/.*:/, "", name); printf " %14s", v[kind, name, f] }
        printf "\n"
      }
    }
    printf "\nwhich flavour for which CPU (fewest predicted cycles; ties within 0.5):\n"
    for (c = 1; c <= m; c++) {
      name = cpu[c]; sub(/.*:/, "", name)
      line = ""
      for (k = 1; k <= 2; k++) {
        kind = k == 1 ? "mca_throughput" : "mca_latency"
        best = ""
        for (i = 1; i <= n; i++) { f = order[i]; x = v[kind, name, f]; if (x == "" || x == "n/a") continue; if (best == "" || x + 0 < b) { best = f; b = x + 0 } }
        list = ""
        for (i = 1; i <= n; i++) { f = order[i]; x = v[kind, name, f]; if (x == "" || x == "n/a") continue; if (x + 0 <= b + 0.5) list = list (list == "" ? "" : ", ") f }
        line = line sprintf("  %s: %s", k == 1 ? "throughput" : "latency", list)
      }
      printf "  %-15s%s\n", name, line
    }
  }' "$csv"
echo
cat "$work/checks"
