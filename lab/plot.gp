# SPDX-License-Identifier: MIT
# plot.gp - lab/bench.png from lab/bench.csv (make bench, with gnuplot):
# one panel a mode, a bar a flavour (the ray walk is in the CSV only), for
# the queen: throughput (random input) and latency (positions) in ns per
# lookup, cache pressure in ns over the reads alone, and perft (start
# position, depth 5) in million nodes a second, and the engine search
# (six positions, depth 4) in thousand nodes a second; each bar with its 95 %
# interval (the CSV's ns_low95 and ns_high95).  A figure whose interval
# reaches 0, which the benchmark's tables print as "<res", gets no bar
# but that label.  make bench sets cpu to the CPU's name; csv and png
# choose the files (lab/bench.csv, lab/bench.png), and table, where
# set, names a text file for the plotted points instead of the chart.
set datafile separator ","
if (!exists("cpu")) cpu = "unknown CPU"
if (!exists("csv")) csv = "lab/bench.csv"
if (!exists("png")) png = "lab/bench.png"
if (exists("table")) { set table table } else { set terminal pngcairo size 1200,1300 noenhanced; set output png }
set style fill solid 0.6 border -1
set boxwidth 0.7
set xtics rotate by -45 nomirror
set yrange [0:*]
set key off
set grid ytics
set multiplot layout 3,2 title "magicbb-bench on ".cpu
select(input, mode) = sprintf("< awk -F, '$1 != \"ray-walk\" && $3 == \"%s\" && $4 == \"%s\" && ($5 == \"queen\" || $5 == \"all\")' '%s'", input, mode, csv)
# a bar's height, where the figure's interval (its low end, column 7) is above 0
bar(height) = column(7) > 0 ? height : NaN
res = '"" using 0:(0):(column(7) > 0 ? "" : "<res") with labels offset 0,0.7'
set title "queen throughput, random input (ns per lookup, lower is better)"
plot select("random", "throughput") using 0:(bar($6)):xtic(1) with boxes, \
  "" using 0:(bar($6)):7:8 with yerrorbars lc black pt 0, @res
set title "queen latency, positions (ns per lookup, lower is better)"
plot select("positions", "latency") using 0:(bar($6)):xtic(1) with boxes, \
  "" using 0:(bar($6)):7:8 with yerrorbars lc black pt 0, @res
set title "queen under cache pressure: ns over a 256 MiB table read (lower is better)"
plot select("positions", "pressure") using 0:(bar($6)):xtic(1) with boxes, \
  "" using 0:(bar($6)):7:8 with yerrorbars lc black pt 0, @res
set title "perft, start position, depth 5 (million nodes a second, higher is better)"
plot select("start-d5", "perft") using 0:(bar(1000 / $6)):xtic(1) with boxes, \
  "" using 0:(bar(1000 / $6)):(1000 / $8):(1000 / $7) with yerrorbars lc black pt 0, @res
set title "engine search, six positions, depth 4 (thousand nodes a second, higher is better)"
plot select("standard-d4", "search") using 0:(bar(1e6 / $6)):xtic(1) with boxes, \
  "" using 0:(bar(1e6 / $6)):(1e6 / $8):(1e6 / $7) with yerrorbars lc black pt 0, @res
unset multiplot
