// SPDX-License-Identifier: MIT
// bind17.cc - C++17's structured bindings on mbb_both_attacks bind by
// position, as an engine's port of Stockfish's
//     const auto [bAttacks, rAttacks] = both_attacks_bb(s, occupied);
// keeps them: the first name gets the bishop's attacks, the second the
// rook's.  Checked against a ray walk written here, on every square with
// random occupancies, and mbb_ray_pass against Stockfish's formula for its
// ray_pass_bb on every pair; the piece past sq that mbb_nearest pairs
// with each end of a line, against ray_pass_bb's.  Exits 0 when all
// agree; prints the flavour.
#include <cstdint>
#include <cstdio>

#include "magicbb.h"

namespace
{

// The squares a slider on sq reaches along the steps (df, dr), each ray
// up to and including its first occupied square.
std::uint64_t walk(unsigned sq, std::uint64_t occupied, const int (*steps)[2])
{
    std::uint64_t seen = 0;

    for (int i = 0; i < 4; i++) {
        int f = static_cast<int>(sq % 8) + steps[i][0], r = static_cast<int>(sq / 8) + steps[i][1];

        for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += steps[i][0], r += steps[i][1]) {
            const std::uint64_t bit = std::uint64_t{ 1 } << (r * 8 + f);

            seen |= bit;
            if (occupied & bit)
                break;
        }
    }
    return seen;
}

const int diagonal_steps[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
const int straight_steps[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

std::uint64_t bishop(unsigned sq, std::uint64_t occupied)
{
    return walk(sq, occupied, diagonal_steps);
}
std::uint64_t rook(unsigned sq, std::uint64_t occupied)
{
    return walk(sq, occupied, straight_steps);
}

// Stockfish's RayPassBB[a][b]: attacks(pt, a, 0) & (attacks(pt, b, {a}) | b)
// for the piece type that sees b from a on an empty board.
std::uint64_t stockfish_ray_pass(unsigned a, unsigned b)
{
    const std::uint64_t bit_a = std::uint64_t{ 1 } << a, bit_b = std::uint64_t{ 1 } << b;

    if (rook(a, 0) & bit_b)
        return rook(a, 0) & (rook(b, bit_a) | bit_b);
    if (bishop(a, 0) & bit_b)
        return bishop(a, 0) & (bishop(b, bit_a) | bit_b);
    return 0;
}

} // namespace

int main()
{
    std::uint64_t state = 0x9e3779b97f4a7c15u;
    int failed = 0;

    for (unsigned sq = 0; sq < 64; sq++) {
        for (int i = 0; i < 200; i++) {
            state ^= state << 13, state ^= state >> 7, state ^= state << 17;
            const std::uint64_t occupied = state & (state >> 3);
            const auto [bAttacks, rAttacks] = mbb_both_attacks(sq, occupied);

            if (bAttacks != bishop(sq, occupied) || rAttacks != rook(sq, occupied)) {
                if (failed++ < 5)
                    std::printf("both, square %u: the bindings are not [bishop, rook]\n", sq);
            }
            // Each end of mbb_nearest's lines with Stockfish's ray_pass_bb:
            // the piece past sq on the ray from the other end through it.
            const std::uint64_t ends = mbb_nearest(sq, occupied | std::uint64_t{ 1 } << sq);
            for (unsigned d = 0; d < 8; d++) {
                const unsigned slider = MBB_NEAREST_IN(ends, d);
                const unsigned victim = MBB_NEAREST_IN(ends, MBB_DIR_OPPOSITE(d));
                if (slider == MBB_NO_SQUARE)
                    continue;
                const std::uint64_t past
                    = stockfish_ray_pass(slider, sq) & occupied & ~(std::uint64_t{ 1 } << sq);
                const unsigned want = past == 0 ? MBB_NO_SQUARE
                                      : slider < sq
                                          ? static_cast<unsigned>(__builtin_ctzll(past))
                                          : 63 - static_cast<unsigned>(__builtin_clzll(past));
                if (victim != want && failed++ < 5)
                    std::printf("nearest(%u), direction %u: %u past, ray_pass_bb says %u\n", sq, d,
                                victim, want);
            }
        }
        for (unsigned b = 0; b < 64; b++)
            if (mbb_ray_pass(sq, b) != stockfish_ray_pass(sq, b) && failed++ < 5)
                std::printf("ray_pass(%u, %u) is not Stockfish's ray_pass_bb\n", sq, b);
    }
    std::printf("%s: %s\n", mbb_flavour(),
                failed ? "failed"
                       : "[bishop, rook] by position, ray_pass and nearest as Stockfish's");
    return failed != 0;
}
