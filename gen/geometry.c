/* SPDX-License-Identifier: MIT */
/* geometry.c - board geometry by stepping over files and ranks. */
#include "board.h"
#include "geometry.h"

static const struct step knight_steps[8]
    = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
static const struct step king_steps[8]
    = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };

static int on_board(int file, int rank)
{
    return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

static uint64_t bit(int file, int rank)
{
    return (uint64_t)1 << (rank * 8 + file);
}

const char *piece_name(enum piece piece)
{
    return piece == PIECE_ROOK ? "rook" : "bishop";
}

int square_parse(const char *text)
{
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8' || text[2] != '\0')
        return -1;
    return (text[1] - '1') * 8 + (text[0] - 'a');
}

void square_name(unsigned sq, char name[3])
{
    name[0] = (char)('a' + sq % 8);
    name[1] = (char)('1' + sq / 8);
    name[2] = '\0';
}

/* The sliders are board.c's riders on the 8x8 board, numbered a1 = 0:
 * the walk and masks every board's tables are made from. */
static const struct board board_8x8 = { 8, 8, 8, 0 };

static const struct family *slider_family(enum piece piece)
{
    static const struct family rook
        = { "rook", KIND_RIDER, 4, { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } };
    static const struct family bishop
        = { "bishop", KIND_RIDER, 4, { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } } };

    return piece == PIECE_ROOK ? &rook : &bishop;
}

uint64_t ray_attacks(enum piece piece, unsigned sq, uint64_t occupied)
{
    return board_ride(&board_8x8, slider_family(piece)->steps, 4, (int)(sq % 8), (int)(sq / 8),
                      bb_make(occupied, 0))
        .lo;
}

uint64_t relevant_mask(enum piece piece, unsigned sq)
{
    return family_mask(&board_8x8, slider_family(piece), 0xf, (int)(sq % 8), (int)(sq / 8)).lo;
}

static uint64_t leaper_attacks(const struct step *steps, int count, unsigned sq)
{
    uint64_t attacks = 0;

    for (int i = 0; i < count; i++) {
        int file = (int)(sq % 8) + steps[i].file;
        int rank = (int)(sq / 8) + steps[i].rank;

        if (on_board(file, rank))
            attacks |= bit(file, rank);
    }
    return attacks;
}

uint64_t knight_attacks(unsigned sq)
{
    return leaper_attacks(knight_steps, 8, sq);
}

uint64_t king_attacks(unsigned sq)
{
    return leaper_attacks(king_steps, 8, sq);
}

uint64_t pawn_attacks(unsigned color, unsigned sq)
{
    const int forward = color == 0 ? 1 : -1;
    const struct step captures[2] = { { -1, forward }, { 1, forward } };

    return leaper_attacks(captures, 2, sq);
}

/* The step from a towards b if they share a rank, file or diagonal. */
static int alignment(unsigned a, unsigned b, struct step *dir)
{
    int df = (int)(b % 8) - (int)(a % 8);
    int dr = (int)(b / 8) - (int)(a / 8);

    if (a == b || (df != 0 && dr != 0 && df != dr && df != -dr))
        return 0;
    dir->file = (df > 0) - (df < 0);
    dir->rank = (dr > 0) - (dr < 0);
    return 1;
}

uint64_t between_squares(unsigned a, unsigned b)
{
    struct step dir;
    uint64_t squares = 0;

    if (!alignment(a, b, &dir))
        return 0;
    int file = (int)(a % 8) + dir.file;
    int rank = (int)(a / 8) + dir.rank;
    for (; bit(file, rank) != (uint64_t)1 << b; file += dir.file, rank += dir.rank)
        squares |= bit(file, rank);
    return squares;
}

uint64_t line_through(unsigned a, unsigned b)
{
    struct step dir;
    uint64_t squares = (uint64_t)1 << a;

    if (!alignment(a, b, &dir))
        return 0;
    for (int sign = -1; sign <= 1; sign += 2) {
        int file = (int)(a % 8) + sign * dir.file;
        int rank = (int)(a / 8) + sign * dir.rank;

        for (; on_board(file, rank); file += sign * dir.file, rank += sign * dir.rank)
            squares |= bit(file, rank);
    }
    return squares;
}

uint64_t ray_pass(unsigned a, unsigned b)
{
    struct step dir;
    uint64_t squares = 0;

    if (!alignment(a, b, &dir))
        return 0;
    for (int file = (int)(a % 8) + dir.file, rank = (int)(a / 8) + dir.rank; on_board(file, rank);
         file += dir.file, rank += dir.rank)
        squares |= bit(file, rank);
    return squares;
}

static uint64_t line_without(unsigned sq, int file_step, int rank_step)
{
    uint64_t line = 0;

    for (int sign = -1; sign <= 1; sign += 2) {
        int file = (int)(sq % 8) + sign * file_step, rank = (int)(sq / 8) + sign * rank_step;

        for (; file >= 0 && file < 8 && rank >= 0 && rank < 8;
             file += sign * file_step, rank += sign * rank_step)
            line |= bit(file, rank);
    }
    return line;
}

uint64_t line_numbered(unsigned sq, unsigned i)
{
    static const int steps[LINE_COUNT][2] = { { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, -1 } };

    return line_without(sq, steps[i][0], steps[i][1]);
}

void first_rank_attacks(uint8_t rank[8 * 64])
{
    for (unsigned file = 0; file < 8; file++) {
        for (unsigned inner = 0; inner < 64; inner++)
            rank[inner * 8 + file]
                = (uint8_t)(ray_attacks(PIECE_ROOK, file, (uint64_t)inner << 1) & 0xff);
    }
}
