// SPDX-License-Identifier: MIT
// constexpr17.cc - C++17's magicbb::board<> (magicbb/constexpr.h): a few
// of its values in static_asserts, as an engine's compile-time tables use
// them, then every entry at run time against a walk of the board written
// here (its own directions, square by square, no shared ray) and against
// the runtime lookups of <magicbb.h>, which read the C tables.  Exits 0
// when all agree; prints the count of entries compared.
#include <cstdint>
#include <cstdio>

#include "magicbb.h"

namespace
{

constexpr std::uint64_t bit(unsigned sq)
{
    return std::uint64_t{ 1 } << sq;
}

// Compile-time values, as an engine's constexpr code reads them.
static_assert(magicbb::board<>.knight[0] == (bit(10) | bit(17)), "knight a1: b3, c2");
static_assert(magicbb::board<>.king[63] == (bit(54) | bit(55) | bit(62)), "king h8: g7, h7, g8");
static_assert(magicbb::board<>.pawn[0][12] == (bit(19) | bit(21)), "white pawn e2: d3, f3");
static_assert(magicbb::board<>.pawn[1][52] == (bit(43) | bit(45)), "black pawn e7: d6, f6");
static_assert(magicbb::board<>.rook[0] == ((0xffu | 0x0101010101010101u) & ~bit(0)), "rook a1");
static_assert(magicbb::board<>.bishop[0] == (0x8040201008040201u & ~bit(0)), "bishop a1");
static_assert(magicbb::board<>.queen[27]
                  == (magicbb::board<>.rook[27] | magicbb::board<>.bishop[27]),
              "queen d4");
static_assert(magicbb::board<>.between[0][63] == (0x8040201008040201u & ~bit(0) & ~bit(63)),
              "a1-h8");
static_assert(magicbb::board<>.between[0][17] == 0, "a1, b3: not aligned");
static_assert(magicbb::board<>.line[9][18] == 0x8040201008040201u, "b2, c3: the long diagonal");
static_assert(magicbb::board<>.line[3][3] == 0, "one square: no line");
// Stockfish's ray_pass_bb: a excluded, between, b, on to the edge.
static_assert(magicbb::board<>.ray_pass[0][2] == 0xfeu, "a1 through c1 to h1");
static_assert(magicbb::board<>.ray_pass[2][0] == 0x03u, "c1 through a1: b1, a1");
static_assert(magicbb::board<>.ray_pass[0][17] == 0, "a1, b3: not aligned");

// A compile-time table of an engine's kind: the squares each square's
// queen sees on an empty board, counted.
constexpr int queen_reach_count()
{
    int count = 0;

    for (unsigned sq = 0; sq < 64; sq++)
        for (std::uint64_t seen = magicbb::board<>.queen[sq]; seen != 0; seen &= seen - 1)
            count++;
    return count;
}
static_assert(queen_reach_count() == 1456, "the queen's moves on an empty board");

// The walk: from (file, rank) by (df, dr) to the edge, each square
// reached added to `ray`; `until`, where on the way, marks where a
// segment ends (0xff: never).
struct walked {
    std::uint64_t ray, before;
    bool reached;
};

walked walk(unsigned from, int df, int dr, unsigned until)
{
    walked w = { 0, 0, false };
    int f = static_cast<int>(from % 8) + df, r = static_cast<int>(from / 8) + dr;

    for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
        const unsigned sq = static_cast<unsigned>(r * 8 + f);

        if (sq == until)
            w.reached = true;
        if (!w.reached)
            w.before |= bit(sq);
        w.ray |= bit(sq);
    }
    return w;
}

std::uint64_t jumps(unsigned from, const int (*offsets)[2], int count)
{
    std::uint64_t seen = 0;

    for (int i = 0; i < count; i++) {
        const int f = static_cast<int>(from % 8) + offsets[i][0],
                  r = static_cast<int>(from / 8) + offsets[i][1];

        if (f >= 0 && f < 8 && r >= 0 && r < 8)
            seen |= bit(static_cast<unsigned>(r * 8 + f));
    }
    return seen;
}

const int rook_steps[4][2] = { { 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 0 } };
const int bishop_steps[4][2] = { { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };
const int knight_offsets[8][2]
    = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
const int king_offsets[8][2]
    = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
const int white_pawn[2][2] = { { -1, 1 }, { 1, 1 } };
const int black_pawn[2][2] = { { -1, -1 }, { 1, -1 } };

std::uint64_t slider(unsigned sq, const int (*steps)[2])
{
    std::uint64_t seen = 0;

    for (int i = 0; i < 4; i++)
        seen |= walk(sq, steps[i][0], steps[i][1], 0xff).ray;
    return seen;
}

int failed = 0;
long compared = 0;

void expect(const char *what, unsigned a, unsigned b, std::uint64_t board,
            std::uint64_t walked_value, std::uint64_t runtime)
{
    compared++;
    if ((board != walked_value || board != runtime) && failed++ < 10)
        std::printf("%s(%u, %u): board<> 0x%llx, the walk 0x%llx, the runtime lookup 0x%llx\n",
                    what, a, b, static_cast<unsigned long long>(board),
                    static_cast<unsigned long long>(walked_value),
                    static_cast<unsigned long long>(runtime));
}

} // namespace

int main()
{
    const magicbb::board_tables &t = magicbb::board<>;

    for (unsigned a = 0; a < 64; a++) {
        expect("knight", a, 0, t.knight[a], jumps(a, knight_offsets, 8), mbb_knight_attacks(a));
        expect("king", a, 0, t.king[a], jumps(a, king_offsets, 8), mbb_king_attacks(a));
        expect("pawn white", a, 0, t.pawn[0][a], jumps(a, white_pawn, 2), mbb_pawn_attacks(0, a));
        expect("pawn black", a, 0, t.pawn[1][a], jumps(a, black_pawn, 2), mbb_pawn_attacks(1, a));
        expect("rook", a, 0, t.rook[a], slider(a, rook_steps), mbb_rook_attacks(a, 0));
        expect("bishop", a, 0, t.bishop[a], slider(a, bishop_steps), mbb_bishop_attacks(a, 0));
        expect("queen", a, 0, t.queen[a], slider(a, rook_steps) | slider(a, bishop_steps),
               mbb_queen_attacks(a, 0));
        for (unsigned b = 0; b < 64; b++) {
            std::uint64_t between = 0, line = 0, ray_pass = 0;

            // the one direction from a, if any, whose walk reaches b
            for (int i = 0; i < 8; i++) {
                const int(*step)[2] = i < 4 ? &rook_steps[i] : &bishop_steps[i - 4];
                const walked there = walk(a, (*step)[0], (*step)[1], b);

                if (there.reached) {
                    between = there.before;
                    ray_pass = there.ray;
                    line = there.ray | walk(a, -(*step)[0], -(*step)[1], 0xff).ray | bit(a);
                }
            }
            expect("between", a, b, t.between[a][b], between, mbb_between(a, b));
            expect("line", a, b, t.line[a][b], line, mbb_line(a, b));
            expect("ray_pass", a, b, t.ray_pass[a][b], ray_pass, mbb_ray_pass(a, b));
        }
    }
    std::printf("%s: %ld entries of magicbb::board<> %s\n", mbb_flavour(), compared,
                failed ? "failed" : "match the walk and the runtime lookups");
    return failed != 0;
}
