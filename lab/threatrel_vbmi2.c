/* SPDX-License-Identifier: MIT */
/* threatrel_vbmi2.c - the threat-change kernel (lab/threatrel.h) with
 * AVX-512 VBMI and VBMI2, on the superpiece view: for a focus square,
 * 64 slots, slot = 8 d + k, d the direction N, NE, E, SE, S, SW, W, NW,
 * k = 0 the knight jump belonging to d, k = 1..7 the distance along d.
 * One vpermb gathers the board's codes into slot order; masks then give
 * the nearest piece on each ray, the pieces the focus attacks, those
 * attacking it, and the x-ray pairs through it (the nearest slider on a
 * ray with the nearest piece on the opposite ray, 32 slots away); VBMI2's
 * byte compress packs the chosen slots into 4-byte records.  The events
 * are composed as in lab/threatrel.c, and the output is the same.
 *
 * Built with -mavx512f -mavx512bw -mavx512vl -mavx512vbmi -mavx512vbmi2
 * -mbmi2 -mpopcnt (lab/local.mk); without them, only the stubs. */
#include <string.h>

#include "threatrel.h"

#if defined(__x86_64__) && defined(__AVX512VBMI2__) && defined(__AVX512VBMI__)                     \
    && defined(__AVX512BW__) && defined(__AVX512VL__) && defined(__BMI2__)
#include <immintrin.h>

/* The hot helpers inlined into each entry, so that the slot vectors stay
 * in registers instead of going through the stack to a call. */
#define HOT static inline __attribute__((always_inline))

/* Each slot's offset from the focus as a 0x88 step (file + 16 rank):
 * slot 8 d + 0 the knight jump of direction d, 8 d + k the step of d k
 * times. */
#define OFFSETS(knight_file, knight_rank, file, rank)                                              \
    (signed char)((knight_file) + 16 * (knight_rank)), RAY_88((file) + 16 * (rank))
#define RAY_88(step)                                                                               \
    (signed char)(step), (signed char)(2 * (step)), (signed char)(3 * (step)),                     \
        (signed char)(4 * (step)), (signed char)(5 * (step)), (signed char)(6 * (step)),           \
        (signed char)(7 * (step))
static const signed char slot_offset[64] = {
    OFFSETS(1, 2, 0, 1),    OFFSETS(2, 1, 1, 1),     OFFSETS(2, -1, 1, 0),  OFFSETS(1, -2, 1, -1),
    OFFSETS(-1, -2, 0, -1), OFFSETS(-2, -1, -1, -1), OFFSETS(-2, 1, -1, 0), OFFSETS(-1, 2, -1, 1),
};

/* Piece categories, one bit each, for the slot tests. */
enum {
    C_WPAWN = 1,
    C_BPAWN = 2,
    C_KNIGHT = 4,
    C_BISHOP = 8,
    C_ROOK = 16,
    C_QUEEN = 32,
    C_KING = 64
};
/* role (colour * 6 + type) -> category */
static const unsigned char role_category[16]
    = { C_WPAWN, C_KNIGHT, C_BISHOP, C_ROOK, C_QUEEN, C_KING,
        C_BPAWN, C_KNIGHT, C_BISHOP, C_ROOK, C_QUEEN, C_KING };

#define LINE_RQ C_ROOK | C_QUEEN
#define LINE_BQ C_BISHOP | C_QUEEN
#define ORTHO_RAY C_KNIGHT, C_KING | LINE_RQ, LINE_RQ, LINE_RQ, LINE_RQ, LINE_RQ, LINE_RQ, LINE_RQ
#define DIAG_RAY(pawn)                                                                             \
    C_KNIGHT, C_KING | (pawn) | LINE_BQ, LINE_BQ, LINE_BQ, LINE_BQ, LINE_BQ, LINE_BQ, LINE_BQ
/* Who attacks the focus from each slot: knights from k = 0, kings and
 * pawns (a white one from SE or SW, a black one from NE or NW) from
 * k = 1, sliders along their own lines. */
static const unsigned char slot_attackers[64] = {
    ORTHO_RAY, DIAG_RAY(C_BPAWN), ORTHO_RAY, DIAG_RAY(C_WPAWN),
    ORTHO_RAY, DIAG_RAY(C_WPAWN), ORTHO_RAY, DIAG_RAY(C_BPAWN),
};

/* The slot masks: byte d of a mask is ray d, bit k its slot k. */
#define KNIGHT_SLOTS UINT64_C(0x0101010101010101)
#define ADJACENT_SLOTS UINT64_C(0x0202020202020202)
#define ORTHO_RAYS UINT64_C(0x00FE00FE00FE00FE)
#define DIAG_RAYS UINT64_C(0xFE00FE00FE00FE00)
#define RAY_SLOTS UINT64_C(0xFEFEFEFEFEFEFEFE)
#define SLOT(d, k) (UINT64_C(1) << (8 * (d) + (k)))

/* The slots a piece of each role on the focus attacks (its nearest piece
 * on each of them): a table, not a branch on the role. */
static const uint64_t role_attack_slots[THREAT_ROLES] = {
    SLOT(1, 1) | SLOT(7, 1),
    KNIGHT_SLOTS,
    DIAG_RAYS,
    ORTHO_RAYS,
    DIAG_RAYS | ORTHO_RAYS,
    ADJACENT_SLOTS,
    SLOT(3, 1) | SLOT(5, 1),
    KNIGHT_SLOTS,
    DIAG_RAYS,
    ORTHO_RAYS,
    DIAG_RAYS | ORTHO_RAYS,
    ADJACENT_SLOTS,
};

HOT uint64_t attack_slots(int role)
{
    return role_attack_slots[role];
}

/* A focus square's slots: the codes there and their squares. */
struct slots {
    __m512i codes, squares, category;
    uint64_t occupied, nearest; /* nearest: each ray's first piece, and the knights */
};

/* What the rules say, as 16-byte tables by code, for one focus code. */
struct code_tables {
    __m128i roles, category, victim_of_focus, attacker_of_focus;
};

HOT struct slots gather_slots(const __m512i board, unsigned s, __m128i category)
{
    /* each slot's file and rank as one 0x88 byte, file + 16 rank: off the
     * board where bit 3 or bit 7 is set (every offset is within 7) */
    const __m512i x = _mm512_add_epi8(_mm512_set1_epi8((char)(s % 8 + 16 * (s / 8))),
                                      _mm512_loadu_si512(slot_offset));
    const __mmask64 valid = _mm512_testn_epi8_mask(x, _mm512_set1_epi8((char)0x88));
    struct slots v;
    uint64_t o;

    /* the square: the file and the rank shifted down by one (a 16-bit
     * shift, masked to each byte's own bits) */
    v.squares = _mm512_or_si512(_mm512_and_si512(x, _mm512_set1_epi8(7)),
                                _mm512_and_si512(_mm512_srli_epi16(x, 1), _mm512_set1_epi8(0x38)));
    v.codes = _mm512_maskz_permutexvar_epi8(valid, v.squares, board);
    v.category = _mm512_shuffle_epi8(_mm512_broadcast_i32x4(category), v.codes);
    v.occupied = _mm512_test_epi8_mask(v.codes, v.codes);
    /* the lowest occupied k >= 1 of each byte (bit 7 stops the borrow),
     * and every occupied knight slot */
    o = v.occupied | UINT64_C(0x8181818181818181);
    v.nearest = (o ^ (o - UINT64_C(0x0303030303030303))) & v.occupied;
    return v;
}

/* The slots whose code is in the table (0xFF bytes). */
HOT uint64_t codes_in(const struct slots *v, __m128i table)
{
    const __m512i t = _mm512_shuffle_epi8(_mm512_broadcast_i32x4(table), v->codes);

    return _mm512_test_epi8_mask(t, t);
}

HOT struct code_tables make_tables(const struct threat_rules *rules, unsigned code)
{
    const int role = rules->role[code & (THREAT_CODES - 1)];
    const __m128i roles = _mm_loadu_si128((const __m128i *)(const void *)rules->role);
    /* victims[] by code (a code with no role reads the zeroed 16th) */
    const __m256i victims = _mm256_maskz_loadu_epi16(0x0FFF, rules->victims);
    const __m256i by_code = _mm256_permutexvar_epi16(_mm256_cvtepi8_epi16(roles), victims);
    const __mmask16 has_role = _mm_cmpge_epi8_mask(roles, _mm_setzero_si128());
    struct code_tables t;

    t.roles = roles;
    t.category
        = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)role_category), roles);
    t.victim_of_focus = _mm_shuffle_epi8(_mm_movm_epi8((__mmask16)rules->victims[role]), roles);
    t.attacker_of_focus = _mm_movm_epi8(
        _mm256_mask_test_epi16_mask(has_role, by_code, _mm256_set1_epi16((short)(1 << role))));
    return t;
}

/* 4-byte records (attacker, from, victim, to) of the chosen slots, the
 * focus (code on s) the attacker (outgoing) or the victim: how many. */
/* Where each byte of 16 records comes from in emit's two-source byte
 * permute: a chosen slot's code (i, of the compressed codes) and square
 * (64 + i, of the compressed squares), and for the focus's two bytes a
 * zero (63: a compress of at most 16 slots leaves the top bytes zero),
 * the focus's code and square or'ed in after. */
#define SIXTEEN(R)                                                                                 \
    R(0), R(1), R(2), R(3), R(4), R(5), R(6), R(7), R(8), R(9), R(10), R(11), R(12), R(13), R(14), \
        R(15)
#define FROM_FOCUS(i) 63, 63, (i), 64 + (i)
#define TO_FOCUS(i) (i), 64 + (i), 63, 63
static const unsigned char record_outgoing[64] = { SIXTEEN(FROM_FOCUS) };
static const unsigned char record_incoming[64] = { SIXTEEN(TO_FOCUS) };

/* The records of the chosen slots (at most 16), in the first dwords. */
HOT __m512i slot_records(const struct slots *v, uint64_t chosen, int outgoing, unsigned code,
                         unsigned s)
{
    const __m512i codes = _mm512_maskz_compress_epi8(chosen, v->codes);
    const __m512i squares = _mm512_maskz_compress_epi8(chosen, v->squares);
    const __m512i focus
        = _mm512_set1_epi32((int)(outgoing ? code | s << 8 : (code | s << 8) << 16));
    const __m512i records = _mm512_permutex2var_epi8(
        codes, _mm512_loadu_si512(outgoing ? record_outgoing : record_incoming), squares);

    return _mm512_or_si512(records, focus);
}

/* The chosen slots' records written at out, and 64 bytes in all (a whole
 * store: a record read back soon after is forwarded from it, where a load
 * from a masked store waits): how many.  Each list's room holds it: a
 * list is written by at most two emits, at 0 and after at most 8
 * victims, so within 24 records of its start. */
HOT unsigned emit(const struct slots *v, uint64_t chosen, int outgoing, unsigned code, unsigned s,
                  void *out)
{
    const unsigned n = (unsigned)_mm_popcnt_u64(chosen);

    _mm512_storeu_si512(out, slot_records(v, chosen, outgoing, code, s));
    return n;
}

/* Relations of one focus square, as records (the lists of lab/threatrel.c). */
struct focus_view {
    uint32_t touching[32], xray[16];
    unsigned touching_count, xray_count;
};

HOT __m512i swap_halves(__m512i a)
{
    return _mm512_shuffle_i64x2(a, a, _MM_SHUFFLE(1, 0, 3, 2));
}

/* The sliders nearest to the focus on its rays, each with the nearest
 * piece on the opposite ray: the x-ray pairs the focus square stands in,
 * where the rules count them. */
HOT unsigned xray_pairs(const struct threat_rules *rules, const struct slots *v, void *out)
{
    const __m512i slider = _mm512_and_si512(_mm512_loadu_si512(slot_attackers),
                                            _mm512_set1_epi8(C_BISHOP | C_ROOK | C_QUEEN));
    const uint64_t on_rays = v->nearest & RAY_SLOTS;
    const uint64_t sliders = _mm512_test_epi8_mask(v->category, slider) & on_rays;
    const uint64_t beyond = on_rays >> 32 | on_rays << 32; /* ray d + 4 moved onto ray d */
    /* bit 7 of each ray holding one bit at k = 1..7 */
    const uint64_t both
        = ((sliders + UINT64_C(0x7E7E7E7E7E7E7E7E)) & (beyond + UINT64_C(0x7E7E7E7E7E7E7E7E))
           & UINT64_C(0x8080808080808080));
    const uint64_t rays = both | (both - (both >> 7));
    uint32_t r[16];
    unsigned n = 0, pairs;

    if ((sliders & rays) == 0)
        return 0; /* no slider with a piece beyond it: the common case */
    pairs = (unsigned)_mm_popcnt_u64(sliders & rays);
    {
        const struct slots opposite
            = { .codes = swap_halves(v->codes), .squares = swap_halves(v->squares) };
        /* each pair's record: the slider as the attacker (its slot's
         * incoming record, focus 0), the piece beyond as the victim */
        const __m512i x = slot_records(v, sliders & rays, 0, 0, 0);
        const __m512i y = slot_records(&opposite, beyond & rays, 1, 0, 0);

        /* one whole store, so that each record read back is forwarded
         * from it (not from a masked store) */
        _mm512_storeu_si512(r, _mm512_or_si512(x, y));
    }
    for (unsigned i = 0; i < pairs; i++) {
        const unsigned a = r[i] & 0xFF, b = r[i] >> 16 & 0xFF;

        if ((rules->victims[rules->role[a]] >> rules->role[b]) & 1)
            memcpy((unsigned char *)out + 4 * n++, &r[i], sizeof r[i]);
    }
    return n;
}

/* The view of s holding code (s itself is no slot); with xray 0, the
 * touching relations only. */
static void view_focus(const struct threat_rules *rules, const struct code_tables *tables,
                       __m512i board, unsigned s, unsigned code, int xray, struct focus_view *f)
{
    const struct code_tables t = *tables;
    const struct slots v = gather_slots(board, s, t.category);
    const int role = rules->role[code & (THREAT_CODES - 1)];
    const uint64_t victims = v.nearest & attack_slots(role) & codes_in(&v, t.victim_of_focus);
    const uint64_t attackers
        = v.nearest & codes_in(&v, t.attacker_of_focus)
          & _mm512_test_epi8_mask(v.category, _mm512_loadu_si512(slot_attackers));

    f->touching_count = emit(&v, victims, 1, code, s, f->touching);
    f->touching_count += emit(&v, attackers, 0, code, s, f->touching + f->touching_count);
    f->xray_count = xray ? xray_pairs(rules, &v, f->xray) : 0;
}

/* The canonical order's key of a record: victim square, attacker square. */
static uint32_t record_key(uint32_t r)
{
    return (r >> 24) << 8 | (r >> 8 & 0xFF);
}

/* Append the n records of src to the list of count records unless drop
 * has the same record: the new count. */
static unsigned append_unless(unsigned char *list, unsigned count, const uint32_t *src, unsigned n,
                              const uint32_t *drop, unsigned dropn)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned k = 0;

        while (k < dropn && drop[k] != src[i])
            k++;
        if (k == dropn)
            memcpy(list + 4 * count++, &src[i], sizeof src[i]);
    }
    return count;
}

/* Append src to the list unless drop has the same record. */
static void append_except(uint32_t *list, unsigned *count, const uint32_t *src, unsigned n,
                          const uint32_t *drop, unsigned dropn)
{
    *count = append_unless((unsigned char *)list, *count, src, n, drop, dropn);
}

/* Sort into the canonical order and copy out: 0, or -1 where it does not
 * fit. */
static int deliver(uint32_t *list, unsigned n, struct threat_relation *out, unsigned capacity,
                   unsigned *count)
{
    for (unsigned i = 1; i < n; i++) {
        const uint32_t r = list[i], key = record_key(r);
        unsigned k = i;

        for (; k > 0 && record_key(list[k - 1]) > key; k--)
            list[k] = list[k - 1];
        list[k] = r;
    }
    *count = n;
    if (n > capacity)
        return -1;
    memcpy(out, list, n * sizeof *list);
    return 0;
}

static __m512i load_board(const unsigned char board[64])
{
    return _mm512_loadu_si512(board);
}

int threat_event_diff_vbmi2(const struct threat_rules *rules, const unsigned char board[64],
                            const struct threat_event *event, struct threat_relation *adds,
                            unsigned adds_capacity, unsigned *adds_count,
                            struct threat_relation *removes, unsigned removes_capacity,
                            unsigned *removes_count)
{
    const unsigned s = event->square & 63;
    const unsigned code = event->kind == THREAT_PUT ? event->code : board[s];
    const struct code_tables t = make_tables(rules, code); /* (a replace's new code: its own) */
    __m512i b = load_board(board);
    uint32_t add[THREAT_EVENT_MAX], remove[THREAT_EVENT_MAX];
    struct focus_view a, c;
    unsigned na = 0, nr = 0;

    switch (event->kind) {
    case THREAT_PUT:
    case THREAT_REMOVE:
        view_focus(rules, &t, b, s, code, 1, &a);
        if (event->kind == THREAT_PUT) {
            append_except(add, &na, a.touching, a.touching_count, NULL, 0);
            append_except(remove, &nr, a.xray, a.xray_count, NULL, 0);
        } else {
            append_except(remove, &nr, a.touching, a.touching_count, NULL, 0);
            append_except(add, &na, a.xray, a.xray_count, NULL, 0);
        }
        break;
    case THREAT_REPLACE:
        if (board[s] == event->code)
            break;
        {
            const struct code_tables u = make_tables(rules, event->code);

            view_focus(rules, &t, b, s, board[s], 0, &a);
            view_focus(rules, &u, b, s, event->code, 0, &c);
        }
        append_except(remove, &nr, a.touching, a.touching_count, NULL, 0);
        append_except(add, &na, c.touching, c.touching_count, NULL, 0);
        break;
    default: /* THREAT_MOVE: the origin's view, then the destination's, origin empty */
        b = _mm512_maskz_mov_epi8(~(UINT64_C(1) << s), b);
        view_focus(rules, &t, b, s, code, 1, &a);
        view_focus(rules, &t, b, event->to & 63u, code, 1, &c);
        append_except(remove, &nr, a.touching, a.touching_count, NULL, 0);
        append_except(add, &na, a.xray, a.xray_count, c.xray, c.xray_count);
        append_except(add, &na, c.touching, c.touching_count, NULL, 0);
        append_except(remove, &nr, c.xray, c.xray_count, a.xray, a.xray_count);
        break;
    }
    return (deliver(add, na, adds, adds_capacity, adds_count)
            | deliver(remove, nr, removes, removes_capacity, removes_count))
               ? -1
               : 0;
}

/* ---- The entry with the engine's piece sets and the order ---------------
 *
 * What it could take from the piece sets: nothing that pays.  Every
 * test here is on a focus square's 64 slots in slot order, and one vpermb
 * of the 64 bytes gives every slot's code at once, from which one byte
 * shuffle gives its category (the role, type and colour of lab/threatrel.c's
 * sets); a set would have to be gathered into slot order by a vpermb of
 * its own (its bits spread to bytes first), one for each set asked.  The
 * occupancy of the slots is a byte test of the codes already gathered,
 * and a move's board without its origin one masked move.  So the sets
 * are taken (one signature for both kernels) and not read.  What this
 * entry saves over threat_event_diff_vbmi2: the records go straight into
 * the caller's arrays where each has room for THREAT_EVENT_MAX, no sort
 * in THREAT_ANY_ORDER, one view of the square for a replace's two codes,
 * and (both entries) no x-ray work where no slider has a piece beyond it. */

/* The pieces that attack the focus whatever its code: each ray's nearest
 * piece whose category attacks along the ray from there, and the knights. */
HOT uint64_t attacker_slots(const struct slots *v)
{
    return v->nearest & _mm512_test_epi8_mask(v->category, _mm512_loadu_si512(slot_attackers));
}

/* The relations of code (of role) on s with the pieces it attacks and
 * those attacking it (attackers: attacker_slots), written at out: how
 * many. */
HOT unsigned touching(const struct slots *v, const struct code_tables *t, uint64_t attackers,
                      int role, unsigned code, unsigned s, unsigned char *out)
{
    const uint64_t victims = v->nearest & attack_slots(role) & codes_in(v, t->victim_of_focus);
    const unsigned n = emit(v, victims, 1, code, s, out);

    return n + emit(v, attackers & codes_in(v, t->attacker_of_focus), 0, code, s, out + 4 * n);
}

/* The list (n records) in the canonical order, in place. */
static void sort_records(unsigned char *list, unsigned n)
{
    uint32_t r[THREAT_EVENT_MAX];

    memcpy(r, list, 4 * n);
    for (unsigned i = 1; i < n; i++) {
        const uint32_t x = r[i], key = record_key(x);
        unsigned k = i;

        for (; k > 0 && record_key(r[k - 1]) > key; k--)
            r[k] = r[k - 1];
        r[k] = x;
    }
    memcpy(list, r, 4 * n);
}

int threat_event_diff_pieces_vbmi2(const struct threat_rules *rules, const unsigned char board[64],
                                   const struct threat_pieces *pieces,
                                   const struct threat_event *event, enum threat_order order,
                                   struct threat_relation *adds, unsigned adds_capacity,
                                   unsigned *adds_count, struct threat_relation *removes,
                                   unsigned removes_capacity, unsigned *removes_count)
{
    uint32_t add_room[THREAT_EVENT_MAX], remove_room[THREAT_EVENT_MAX];
    const int direct = adds_capacity >= THREAT_EVENT_MAX && removes_capacity >= THREAT_EVENT_MAX;
    unsigned char *const add = direct ? (unsigned char *)adds : (unsigned char *)add_room;
    unsigned char *const remove = direct ? (unsigned char *)removes : (unsigned char *)remove_room;
    const unsigned s = event->square & 63;
    const unsigned code = event->kind == THREAT_PUT ? event->code : board[s];
    const int role = rules->role[code & (THREAT_CODES - 1)];
    const struct code_tables t = make_tables(rules, code);
    __m512i b = load_board(board);
    unsigned na = 0, nr = 0;
    int fits = 1;

    (void)pieces; /* (above: why not read) */
    switch (event->kind) {
    case THREAT_PUT: {
        const struct slots v = gather_slots(b, s, t.category);

        na = touching(&v, &t, attacker_slots(&v), role, code, s, add);
        nr = xray_pairs(rules, &v, remove);
        break;
    }
    case THREAT_REMOVE: {
        const struct slots v = gather_slots(b, s, t.category);

        nr = touching(&v, &t, attacker_slots(&v), role, code, s, remove);
        na = xray_pairs(rules, &v, add);
        break;
    }
    case THREAT_REPLACE: {
        const unsigned next = event->code;

        if (code == next)
            break;
        {
            const struct code_tables u = make_tables(rules, next);
            const struct slots v = gather_slots(b, s, t.category);
            const uint64_t attackers = attacker_slots(&v);

            nr = touching(&v, &t, attackers, role, code, s, remove);
            na = touching(&v, &u, attackers, rules->role[next & (THREAT_CODES - 1)], next, s, add);
        }
        break;
    }
    default: { /* THREAT_MOVE: the origin's view, then the destination's, origin empty */
        const unsigned to = event->to & 63u;
        uint32_t xa[16], xc[16];
        unsigned xan, xcn;

        b = _mm512_maskz_mov_epi8(~(UINT64_C(1) << s), b);
        {
            const struct slots v = gather_slots(b, s, t.category);

            nr = touching(&v, &t, attacker_slots(&v), role, code, s, remove);
            xan = xray_pairs(rules, &v, xa);
        }
        {
            const struct slots w = gather_slots(b, to, t.category);

            na = touching(&w, &t, attacker_slots(&w), role, code, to, add);
            xcn = xray_pairs(rules, &w, xc);
        }
        /* the pairs the origin reveals and the destination blocks: neither */
        na = append_unless(add, na, xa, xan, xc, xcn);
        nr = append_unless(remove, nr, xc, xcn, xa, xan);
        break;
    }
    }
    *adds_count = na, *removes_count = nr;
    if (!direct) {
        fits = na <= adds_capacity && nr <= removes_capacity;
        if (fits)
            memcpy(adds, add_room, na * sizeof *adds),
                memcpy(removes, remove_room, nr * sizeof *removes);
    }
    if (fits && order == THREAT_CANONICAL)
        sort_records((unsigned char *)adds, na), sort_records((unsigned char *)removes, nr);
    return fits ? 0 : -1;
}

int threat_board_vbmi2(const struct threat_rules *rules, const unsigned char board[64],
                       struct threat_relation *out, unsigned capacity)
{
    const __m512i b = load_board(board);
    unsigned n = 0;

    /* victims in order, each one's attackers sorted */
    for (uint64_t victims = _mm512_test_epi8_mask(b, b); victims; victims &= victims - 1) {
        const unsigned t = (unsigned)__builtin_ctzll(victims);
        const struct code_tables tables = make_tables(rules, board[t]);
        const struct slots v = gather_slots(b, t, tables.category);
        const uint64_t attackers
            = v.nearest & codes_in(&v, tables.attacker_of_focus)
              & _mm512_test_epi8_mask(v.category, _mm512_loadu_si512(slot_attackers));
        uint32_t list[16];
        unsigned count;
        const unsigned k = emit(&v, attackers, 0, board[t], t, list);

        if (n + k > capacity)
            return -1;
        deliver(list, k, out + n, k, &count);
        n += k;
    }
    return (int)n;
}

int threat_vbmi2_available(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
           && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi")
           && __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("bmi2")
           && __builtin_cpu_supports("popcnt");
}

#else /* built without the instructions: the kernel is never available */

int threat_vbmi2_available(void)
{
    return 0;
}

int threat_event_diff_vbmi2(const struct threat_rules *rules, const unsigned char board[64],
                            const struct threat_event *event, struct threat_relation *adds,
                            unsigned adds_capacity, unsigned *adds_count,
                            struct threat_relation *removes, unsigned removes_capacity,
                            unsigned *removes_count)
{
    return threat_event_diff(rules, board, event, adds, adds_capacity, adds_count, removes,
                             removes_capacity, removes_count);
}

int threat_board_vbmi2(const struct threat_rules *rules, const unsigned char board[64],
                       struct threat_relation *out, unsigned capacity)
{
    return threat_board(rules, board, out, capacity);
}

int threat_event_diff_pieces_vbmi2(const struct threat_rules *rules, const unsigned char board[64],
                                   const struct threat_pieces *pieces,
                                   const struct threat_event *event, enum threat_order order,
                                   struct threat_relation *adds, unsigned adds_capacity,
                                   unsigned *adds_count, struct threat_relation *removes,
                                   unsigned removes_capacity, unsigned *removes_count)
{
    return threat_event_diff_pieces(rules, board, pieces, event, order, adds, adds_capacity,
                                    adds_count, removes, removes_capacity, removes_count);
}

#endif
