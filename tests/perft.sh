#!/bin/sh
# SPDX-License-Identifier: MIT
# perft.sh - magicbb-perft against the published perft counts, and its
# handling of bad input, as TAP.  PERFT_SLOW=1 (make check-slow) goes
# deeper.
#
# The six positions and their counts are the chess programming
# community's standard perft suite, from the Chess Programming Wiki page
# "Perft Results" (start position, "Kiwipete" by Peter McKenzie, and
# positions 3 to 6).  The Chess960 positions: four of the 960 of the
# Chess Programming Wiki page "Chess960 Perft Results" (the fischer.epd
# suite; its number, from 0, in the name), in Shredder-FEN; three X-FEN
# positions of the talkchess.com thread 55274 ("Chess960 perft: X-FEN"),
# and the position of lichess issue ornicar/lila#4625, whose counts
# several generators agree on (shakmaty's tests/tricky.perft carries them).
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
960 no. 0, king stays on g1|bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9|5|8146062|6|227689589
960 no. 2, king and rook swap|b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9|5|6417013|6|177654692
960 no. 11, rook onto the king's square|qb1nrkbr/1pppp1p1/1n3p2/p1B4p/8/3P1P1P/PPP1P1P1/QBNNRK1R w HEhe - 0 9|5|21796206|6|651054626
960 no. 710, king onto the rook's square|rkb1nnrb/1pppq1pp/p4p2/4p3/5P2/1P1PB3/P1P1P1PP/RK1QNNRB w GAga -|5|12515042|6|342967558
X-FEN, KQkq the outer rooks|r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -|4|285754|4|285754
X-FEN, king d1 beside its rook|2r5/8/8/8/8/8/6PP/k2KR3 w K -|4|57700|4|57700
X-FEN, a queen behind the castling rook|4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ -|4|405636|4|405636
Shredder-FEN, the inner rook (lila 4625)|4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff -|3|71908|3|71908
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

# --divide names castling as movegen.h says: the king's two-square step
# where it makes one (e1g1, e1c1), else the king taking its own rook (a
# king that stays on g1 castles g1h1).  The castlings are the moves that
# go when the castling field is '-'.
first_moves() {
  "$perft" --divide 1 "$1" | sed -n 's/^\([a-h][1-8][a-h][1-8][nbrq]*\): 1$/\1/p' | sort
}
while IFS='|' read -r fen want; do
  without=$(first_moves "$(printf '%s\n' "$fen" | awk '{ $3 = "-"; print }')")
  castlings=$(first_moves "$fen" | grep -vxF "$without" | tr '\n' ' ')
  [ "$castlings" = "$want " ] && ok "--divide names castling: $want in '$fen'" \
    || not_ok "--divide names castling in '$fen': '$castlings', want '$want'"
done <<'CASTLINGS'
r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1|e1c1 e1g1
4k3/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1|e1c1 e1g1
4k3/8/8/8/8/8/8/R5KR w HA - 0 1|g1a1 g1h1
rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 b ga - 0 1|b8a8 b8g8
b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9|f1g1
CASTLINGS

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
impossible castling|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1|castling right Q without a rook on its king's a-side
no rook on the h-side|4k3/8/8/8/8/8/8/R3K3 w K - 0 1|castling right K without a rook on its king's h-side
no rook on the file|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HG - 0 1|castling right G without a rook on g1
black rook file, no rook|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Hb - 0 1|castling right b without a rook on b8
the king's own file|4k3/8/8/8/8/8/8/R3K2R w E - 0 1|castling right E without a rook on e1
king off its first rank|4k3/8/8/8/8/8/4K3/R6R w A - 0 1|castling right A without its king on rank 1
black king off its first rank|r6r/4k3/8/8/8/8/8/4K3 w q - 0 1|castling right q without its king on rank 8
two rights on one side|4k3/8/8/8/8/8/8/R3K2R w KH - 0 1|castling field 'KH' gives white two rights on the h-side
two rights on the a-side|r3k2r/8/8/8/8/8/8/4K3 w qa - 0 1|castling field 'qa' gives black two rights on the a-side
bad castling field|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQX - 0 1|castling field 'KQX' is not a set of KQkq or rook files (A-H, a-h), or -
castling field with a dash|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K- - 0 1|castling field 'K-'
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
