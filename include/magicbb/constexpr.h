/* SPDX-License-Identifier: MIT */
/* magicbb/constexpr.h - C++17: the board's tables as constant expressions,
 * for an engine's compile-time tables (Stockfish computes its threat
 * inputs' offsets from PseudoAttacks in constexpr code).  <magicbb_inline.h>
 * includes it, so MAGICBB_INLINE and the vendored drop-in have it:
 *
 *     static_assert(magicbb::board<>.knight[0] == 0x20400);
 *     constexpr uint64_t r = magicbb::board<>.rook[sq];     (empty board)
 *
 * magicbb::board<> is computed by a ray walk where the compiler first
 * needs it; a variable template, so a file that never names it does not
 * compute it (it only reads this header).  Every entry is the answer of the function of
 * <magicbb.h> of the same name (rook, bishop and queen on an empty
 * board): between[a][b] == mbb_between(a, b), ray_pass[a][b] ==
 * mbb_ray_pass(a, b) and so on.  At run time call those functions, which
 * read the library's tables: a program that reads magicbb::board<> at run
 * time carries a second copy of these tables (100 KiB).
 *
 * It needs C++17's inline variables: in C++14 a file that names
 * magicbb::board<> stops with one error saying so (a static_assert);
 * C++11 gets nothing from this header. */
#ifndef MAGICBB_CONSTEXPR_H
#define MAGICBB_CONSTEXPR_H

#if defined(__cplusplus)                                                                           \
    && (__cplusplus >= 201703L || (defined(_MSVC_LANG) && _MSVC_LANG >= 201703L))
#include <stdint.h>

namespace magicbb
{

/* The board's attacks, indexed by square (color 0 white, 1 black). */
struct board_tables {
    uint64_t knight[64], king[64], pawn[2][64];
    uint64_t rook[64], bishop[64], queen[64]; /* on an empty board */
    uint64_t between[64][64], line[64][64], ray_pass[64][64];
};

namespace board_detail
{

struct step {
    int file, rank;
};

/* The sliders' eight directions, each beside its opposite (d ^ 1): the
 * rook's four first, then the bishop's. */
constexpr step directions[8]
    = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 }, { -1, -1 }, { 1, -1 }, { -1, 1 } };
constexpr step knight_jumps[8]
    = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };

constexpr bool on_board(int file, int rank)
{
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/* The bit of (file, rank), 0 off the board. */
constexpr uint64_t square_bit(int file, int rank)
{
    return on_board(file, rank) ? uint64_t{ 1 } << (rank * 8 + file) : 0;
}

} // namespace board_detail

/* Walks every ray of every square: the squares it passes are `between`
 * the square and the next, the whole ray is `ray_pass` for each of them,
 * the ray and its opposite `line`.  Only aligned pairs are written; the
 * others stay 0.  (A template, so that board's initializer depends on its
 * parameter: gcc and clang evaluate a non-dependent one where the
 * template is defined, in every file that includes this header.) */
template <int = 0> constexpr board_tables make_board_tables()
{
    using board_detail::directions;
    using board_detail::square_bit;
    board_tables t{};

    for (int sq = 0; sq < 64; sq++) {
        const int file = sq % 8, rank = sq / 8;
        uint64_t rays[8] = {};

        for (int i = 0; i < 8; i++) {
            t.knight[sq] |= square_bit(file + board_detail::knight_jumps[i].file,
                                       rank + board_detail::knight_jumps[i].rank);
            t.king[sq] |= square_bit(file + directions[i].file, rank + directions[i].rank);
        }
        t.pawn[0][sq] = square_bit(file - 1, rank + 1) | square_bit(file + 1, rank + 1);
        t.pawn[1][sq] = square_bit(file - 1, rank - 1) | square_bit(file + 1, rank - 1);
        for (int d = 0; d < 8; d++) {
            for (int f = file + directions[d].file, r = rank + directions[d].rank;
                 board_detail::on_board(f, r); f += directions[d].file, r += directions[d].rank)
                rays[d] |= square_bit(f, r);
            if (d < 4)
                t.rook[sq] |= rays[d];
            else
                t.bishop[sq] |= rays[d];
        }
        t.queen[sq] = t.rook[sq] | t.bishop[sq];
        for (int d = 0; d < 8; d++) {
            uint64_t passed = 0;

            for (int f = file + directions[d].file, r = rank + directions[d].rank;
                 board_detail::on_board(f, r); f += directions[d].file, r += directions[d].rank) {
                const int to = r * 8 + f;

                t.between[sq][to] = passed;
                t.line[sq][to] = rays[d] | rays[d ^ 1] | square_bit(file, rank);
                t.ray_pass[sq][to] = rays[d];
                passed |= square_bit(f, r);
            }
        }
    }
    return t;
}

/* The tables, computed where a file first names them: magicbb::board<>. */
template <int N = 0> inline constexpr board_tables board = make_board_tables<N>();

} // namespace magicbb

#elif defined(__cplusplus) && defined(__cpp_variable_templates)
namespace magicbb
{
/* C++14: naming board<> instantiates this, whose assertion says why. */
template <int N> struct board_tables_need_cplusplus17 {
    static_assert(N != N, "magicbb::board<> needs C++17 (-std=c++17 or later)");
};
template <int N = 0> constexpr board_tables_need_cplusplus17<N> board{};
} // namespace magicbb
#endif /* C++17, C++14 */
#endif /* MAGICBB_CONSTEXPR_H */
