#!/bin/sh
# SPDX-License-Identifier: MIT
# perft.sh - magicbb-perft against the published perft counts, and its
# handling of bad input, as TAP.  PERFT_SLOW=1 (make check-slow) goes
# deeper.
#
# The six positions and their counts are the chess programming
# community's standard perft suite, from the Chess Programming Wiki page
# "Perft Results" (start position, "Kiwipete" by Peter McKenzie, and
# positions 3 to 6).
perft=${MBB_PERFT:-./tools/magicbb-perft}
n=0
failed=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }

# name|fen|depth|nodes|slow depth|slow nodes
while IFS='|' read -r name fen depth nodes slow_depth slow_nodes; do
  [ -n "$name" ] || continue
  if [ "${PERFT_SLOW:-0}" = 1 ]; then depth=$slow_depth; nodes=$slow_nodes; fi
  got=$("$perft" "$depth" "$fen" | sed -n 's/^nodes //p')
  if [ "$got" = "$nodes" ]; then
    ok "perft $depth, $name: $got"
  else
    not_ok "perft $depth, $name: got '$got', published $nodes"
  fi
done <<'POSITIONS'
start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|5|4865609|6|119060324
Kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|4|4085603|5|193690690
position 3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|5|674624|6|11030083
position 4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|4|422333|5|15833292
position 5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|4|2103487|5|89941194
position 6|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|4|3894594|5|164075551
POSITIONS

# --divide: the moves' counts add up to the total.
divided=$("$perft" --divide 3 | awk -F': ' '/^[a-h][1-8][a-h][1-8]/ { sum += $2 } END { print sum }')
[ "$divided" = 8902 ] && ok "--divide 3 sums to 8902" || not_ok "--divide 3 sums to '$divided', not 8902"

# The most moves: white's king and 15 queens, 223 legal moves (more than
# a game can reach).  Counts from Stockfish 15.1's "go perft".
most='Q3Q1nk/2Q1Q1nn/Q5QQ/5Q2/3Q4/QQ3Q2/2Q4Q/4Q2K w - - 0 1'
for depth_nodes in 1:223 2:80; do
  got=$("$perft" "${depth_nodes%:*}" "$most" | sed -n 's/^nodes //p')
  [ "$got" = "${depth_nodes#*:}" ] && ok "perft ${depth_nodes%:*}, 15 queens: $got" \
    || not_ok "perft ${depth_nodes%:*}, 15 queens: got '$got', Stockfish ${depth_nodes#*:}"
done

# --divide names promotions by their piece.
names=$("$perft" --divide 1 '4k3/P7/8/8/8/8/8/4K3 w - - 0 1' | sed -n 's/^\(a7a8.*\): 1$/\1/p' | sort | tr '\n' ' ')
[ "$names" = "a7a8b a7a8n a7a8q a7a8r " ] && ok "--divide names promotions" \
  || not_ok "--divide names promotions '$names'"

# Options, GNU style: --help and --version on stdout with status 0,
# options after the operands, --, and usage errors with status 2.
version=$("$perft" --version) && case $version in "magicbb-perft "[0-9]*) true ;; *) false ;; esac \
  && ok "--version: $version" || not_ok "--version: '$version'"
"$perft" -V | grep -q '^magicbb-perft ' && ok "-V" || not_ok "-V"
"$perft" --help | grep -q '^Usage: magicbb-perft' && ok "--help" || not_ok "--help"
"$perft" -h | grep -q '^Usage: magicbb-perft' && ok "-h" || not_ok "-h"
sum=$("$perft" 2 --divide | awk -F': ' '/^[a-h][1-8][a-h][1-8]/ { sum += $2 } END { print sum }')
[ "$sum" = 400 ] && ok "options after the operands" || not_ok "options after the operands: '$sum'"
got=$("$perft" -- 2 | sed -n 's/^nodes //p')
[ "$got" = 400 ] && ok "-- ends the options" || not_ok "-- ends the options: '$got'"
for args in "--bogus 2" "-x 2" "" "0" "21" "2 start extra" "--divide"; do
  # shellcheck disable=SC2086
  err=$("$perft" $args 2>&1 >/dev/null)
  status=$?
  case $status:$err in
    "2:magicbb-perft: "*"Try 'magicbb-perft --help'"*) ok "usage error: '$args'" ;;
    *) not_ok "usage error: '$args': status $status, '$err'" ;;
  esac
done
# Each usage error names what is wrong: the option as written, and a
# depth of digits only.
while IFS='|' read -r arg1 arg2 message; do
  err=$("$perft" "$arg1" $arg2 2>&1 >/dev/null | head -n 1)
  case $err in
    "magicbb-perft: $message") ok "'$arg1' $arg2: $message" ;;
    *) not_ok "'$arg1' $arg2: '$err', not '$message'" ;;
  esac
done <<'END'
--divide=3|2|this option takes no value: '--divide'
--bogus=1|2|unknown option '--bogus'
--divide|-xd 2|unknown option '-x'
-dx|2|unknown option '-x'
--help=x||this option takes no value: '--help'
3|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|a FEN is one argument, so quote it (magicbb-perft 3 '8/8/... w - - 0 1'); unexpected argument 'w'
+3||depth is not a number from 1 to 20: '+3'
 3||depth is not a number from 1 to 20: ' 3'
0x3||depth is not a number from 1 to 20: '0x3'
END

# Bad FENs: exit status 2 and one line saying why, quoting what it
# quotes escaped (\\xNN) but for whole UTF-8 characters.  The FEN and
# the message go through printf %b: \0NNN is the byte NNN in octal.
while IFS='|' read -r what fen message; do
  [ -n "$what" ] || continue
  fen=$(printf '%b' "$fen")
  message=$(printf '%b' "$message")
  err=$("$perft" 1 "$fen" 2>&1 >/dev/null)
  status=$?
  lines=$(printf '%s\n' "$err" | wc -l)
  case $err in
    *"magicbb-perft: bad FEN: $message"*)
      if [ "$status" = 2 ] && [ "$lines" = 1 ]; then ok "bad FEN, $what"
      else not_ok "bad FEN, $what: status $status, $lines lines"; fi ;;
    *) not_ok "bad FEN, $what: '$err'" ;;
  esac
done <<'BAD'
too few fields|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq|fewer than 4 fields
too many fields|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x|more than 6 fields
bad piece letter|rnbqkbnr/ppxppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|'x' is not a piece letter
rank too long|rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|rank 7 has more than 8 squares
rank too short|rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|rank 7 does not have 8 squares
no white king|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1|white does not have exactly one king
two black kings|rnbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1|black does not have exactly one king
impossible castling|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1|castling right Q without its king and rook at home
bad castling field|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQX - 0 1|castling field 'KQX'
impossible en passant|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1|impossible en passant square 'e3'
side not to move in check|4k3/8/8/8/8/8/8/4R1K1 w - - 0 1|the side not to move is in check
bad side to move|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1|side to move 'x'
17 white pieces|4k3/8/8/8/QQQQQQQQ/QQQQQQQQ/8/4K3 w - - 0 1|white has more than 16 pieces
30 queens, king shielded|kn6/pp6/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQ2/8/7K w - - 0 1|white has more than 16 pieces
9 black pawns|4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1|black has more than 8 pawns
digits in a row|rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|rank 6 has two digits in a row
digits 1 then 7|rnbqkbnr/pppppppp/8/17/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|rank 5 has two digits in a row
move number 2^32+1|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 4294967297|move number '4294967297' is not a number from 1 to 2147483647
move number 2^31|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2147483648|move number '2147483648'
halfmove clock 2^32|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1|halfmove clock '4294967296'
half a UTF-8 character|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\0303\0251 w KQkq - 0 1|'\0303\0251' is not a piece letter
a broken UTF-8 character|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\0303 w KQkq - 0 1|'\\xc3' is not a piece letter
a control character|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\033 w KQkq - 0 1|'\\x1b' is not a piece letter
BAD

echo "1..$n"
[ "$failed" = 0 ]
