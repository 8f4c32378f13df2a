/* SPDX-License-Identifier: MIT */
/* enginework.c - the engine-shaped workload's work, for every flavour of
 * the registry, built once for each x86-64 level of lab/engine.c (make
 * defines ENGINE_LEVEL and passes the level's flags): per recorded move,
 * what a threat-input engine asks of the tables (both sliders of the
 * move's squares, the ray through each for every slider that sees it,
 * the moved piece's attacks, each side's attacks of knights, bishops,
 * rooks and queens: the loops of single lookups, as Stockfish writes
 * them), then the memory traffic of an accumulator update in a network
 * of NNUE size: ENGINE_ROWS random rows of 64 bytes read and added up,
 * one written, at places the move's work chose (so neither waits apart
 * from the other and nothing is optimised away).  Each flavour's
 * lookups are inlined from its unit, on the all-flavour layer's tables. */
#include "enginework.h"

#include "flavours-all.h"
#include "magicbb.h" /* (struct mbb_both) */
#include "registry.h"

extern const uint64_t mbb_tab_knight[64], mbb_tab_king[64], mbb_tab_pawn[2][64],
    mbb_tab_ray_pass[64][64];

#define ENGINE_CAT_(a, b, c) a##b##c
#define ENGINE_CAT(a, b, c) ENGINE_CAT_(a, b, c)

/* The threat work of one move on ROOK, BISHOP and QUEEN(sq, occupied). */
#define ENGINE_WORK(ROOK, BISHOP, QUEEN, m)                                                        \
    uint64_t hash = 0;                                                                             \
    const uint64_t occ = (m)->occupied;                                                            \
    const uint64_t diagonal = (m)->pieces[0][ENGINE_BISHOP] | (m)->pieces[1][ENGINE_BISHOP]        \
                              | (m)->pieces[0][ENGINE_QUEEN] | (m)->pieces[1][ENGINE_QUEEN];       \
    const uint64_t straight = (m)->pieces[0][ENGINE_ROOK] | (m)->pieces[1][ENGINE_ROOK]            \
                              | (m)->pieces[0][ENGINE_QUEEN] | (m)->pieces[1][ENGINE_QUEEN];       \
    for (unsigned k = 0; k < (m)->square_count; k++) {                                             \
        const unsigned sq = (m)->squares[k];                                                       \
        uint64_t rook, bishop;                                                                     \
                                                                                                   \
        rook = ROOK(sq, occ), bishop = BISHOP(sq, occ);                                            \
        hash = hash * 31 + (rook ^ bishop << 1);                                                   \
        for (uint64_t seers = (rook & straight) | (bishop & diagonal); seers; seers &= seers - 1)  \
            hash = hash * 31 + mbb_tab_ray_pass[mbb_lowest_square(seers)][sq];                     \
    }                                                                                              \
    switch ((m)->moved) {                                                                          \
    case ENGINE_PAWN:                                                                              \
        hash = hash * 31 + mbb_tab_pawn[(m)->side][(m)->to];                                       \
        break;                                                                                     \
    case ENGINE_KNIGHT:                                                                            \
        hash = hash * 31 + mbb_tab_knight[(m)->to];                                                \
        break;                                                                                     \
    case ENGINE_BISHOP:                                                                            \
        hash = hash * 31 + BISHOP((m)->to, occ);                                                   \
        break;                                                                                     \
    case ENGINE_ROOK:                                                                              \
        hash = hash * 31 + ROOK((m)->to, occ);                                                     \
        break;                                                                                     \
    case ENGINE_QUEEN:                                                                             \
        hash = hash * 31 + QUEEN((m)->to, occ);                                                    \
        break;                                                                                     \
    default:                                                                                       \
        hash = hash * 31 + mbb_tab_king[(m)->to];                                                  \
        break;                                                                                     \
    }                                                                                              \
    for (int side = 0; side < 2; side++) {                                                         \
        uint64_t a = 0, p;                                                                         \
        for (p = (m)->pieces[side][ENGINE_KNIGHT]; p; p &= p - 1)                                  \
            a |= mbb_tab_knight[mbb_lowest_square(p)];                                             \
        hash = hash * 31 + a, a = 0;                                                               \
        for (p = (m)->pieces[side][ENGINE_BISHOP]; p; p &= p - 1)                                  \
            a |= BISHOP(mbb_lowest_square(p), occ);                                                \
        hash = hash * 31 + a, a = 0;                                                               \
        for (p = (m)->pieces[side][ENGINE_ROOK]; p; p &= p - 1)                                    \
            a |= ROOK(mbb_lowest_square(p), occ);                                                  \
        hash = hash * 31 + a, a = 0;                                                               \
        for (p = (m)->pieces[side][ENGINE_QUEEN]; p; p &= p - 1)                                   \
            a |= QUEEN(mbb_lowest_square(p), occ);                                                 \
        hash = hash * 31 + a;                                                                      \
    }

/* The accumulator update after a move whose work hashed to `hash`. */
static inline uint64_t engine_update(struct engine_net *net, uint64_t hash, uint64_t acc)
{
    uint64_t x = hash | 1;

    for (int r = 0; r < ENGINE_ROWS; r++) {
        const uint64_t *row;

        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        row = net->words + (size_t)(x % net->rows) * 8;
        for (int w = 0; w < 8; w++)
            acc += row[w];
    }
    net->words[(size_t)((x ^ acc) % net->rows) * 8] ^= acc;
    return acc;
}

/* ENGINE_FUNCTION(name): engine_<name>_<level>, the work of
 * every move of moves[0, n) on flavour name's lookups, with its update;
 * the hash of the work alone returned, the accumulator kept in
 * net->sink. */
#define ENGINE_FUNCTION(name)                                                                      \
    uint64_t ENGINE_CAT(engine_##name##_, ENGINE_LEVEL, )(const struct engine_move *moves,         \
                                                          size_t n, struct engine_net *net)        \
    {                                                                                              \
        uint64_t total = 0, acc = net->sink;                                                       \
        for (size_t i = 0; i < n; i++) {                                                           \
            ENGINE_WORK(mbb_##name##_rook_attacks, mbb_##name##_bishop_attacks,                    \
                        mbb_##name##_queen_attacks, &moves[i])                                     \
            total ^= hash;                                                                         \
            if (net->rows != 0)                                                                    \
                acc = engine_update(net, hash, acc);                                               \
        }                                                                                          \
        net->sink = acc;                                                                           \
        return total;                                                                              \
    }
#define MBB_FLAVOUR(name, isa, magics, reads) ENGINE_FUNCTION(name)
#include "flavours.def"
#undef MBB_FLAVOUR

/* Which instruction sets this level's code has (isa.def's order). */
const int ENGINE_CAT(engine_isa_built_, ENGINE_LEVEL, )[] = {
#define MBB_ISA(name, macro, flags, probe, slow, description) MBB_IS_ONE(MBB_HAVE_##macro),
#include "isa.def"
#undef MBB_ISA
};

/* The functions, in registry order. */
const engine_fn ENGINE_CAT(engine_functions_, ENGINE_LEVEL, )[] = {
#define MBB_FLAVOUR(name, isa, magics, reads) ENGINE_CAT(engine_##name##_, ENGINE_LEVEL, ),
#include "flavours.def"
#undef MBB_FLAVOUR
};
