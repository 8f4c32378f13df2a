# SPDX-License-Identifier: MIT
# plot.gp - bench/bench.png from bench/bench.csv (make bench, with gnuplot):
# each flavour's ns per queen lookup (random input, throughput) against
# the size of its slider tables, with the range of the repeats' medians
# as error bars.  make bench sets cpu to the CPU's name.
set datafile separator ","
set terminal pngcairo size 900,560 noenhanced
set output "bench/bench.png"
if (!exists("cpu")) cpu = "unknown CPU"
set title "magicbb: queen lookup, random input, throughput, on ".cpu
set xlabel "slider tables (KiB, log scale)"
set ylabel "ns per lookup"
set logscale x
set yrange [0:*]
set key off
set grid
plot "< awk -F, '$2 > 0 && $3 == \"random\" && $4 == \"throughput\" && $5 == \"queen\"' bench/bench.csv" \
     using 2:6:($6 * $8 / 200) with yerrorbars pointtype 7 pointsize 1.5, \
     "" using 2:6:1 with labels offset 0,1
