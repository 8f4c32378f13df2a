// SPDX-License-Identifier: MIT
// check.mjs - the answers of magicbb.mjs's lookups against a ray walk
// written here, square by square: the test of the example, run by node
// (test.mjs) and by a browser (page.html).

// The eight directions as (file, rank) steps, clockwise from north, as
// mbb_nearest numbers them: even ones a rook's, odd ones a bishop's.
const DIRECTIONS = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];
const bit = (sq) => 1n << BigInt(sq);

// The squares from sq in direction d, nearest first, to the board's edge.
function ray(sq, d) {
    const [df, dr] = DIRECTIONS[d];
    const squares = [];
    for (let f = (sq & 7) + df, r = (sq >> 3) + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr)
        squares.push(r * 8 + f);
    return squares;
}

// The attacks along the directions of `parity` (0 rook, 1 bishop).
function slide(sq, occupied, parity) {
    let attacks = 0n;
    for (let d = parity; d < 8; d += 2) {
        for (const s of ray(sq, d)) {
            attacks |= bit(s);
            if (occupied & bit(s)) break;
        }
    }
    return attacks;
}

// The leapers: the squares a (file, rank) step away that are on the board.
function leap(sq, steps) {
    let attacks = 0n;
    for (const [df, dr] of steps) {
        const f = (sq & 7) + df, r = (sq >> 3) + dr;
        if (f >= 0 && f < 8 && r >= 0 && r < 8) attacks |= bit(r * 8 + f);
    }
    return attacks;
}
const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const KING = DIRECTIONS;
const PAWN = [[[-1, 1], [1, 1]], [[-1, -1], [1, -1]]];

// The direction from a to b where they share a line, else -1.
function direction(a, b) {
    for (let d = 0; d < 8; d++) if (ray(a, d).includes(b)) return d;
    return -1;
}

function pairs(a, b) {
    const d = direction(a, b);
    if (d < 0) return { between: 0n, line: 0n, rayPass: 0n, segment: bit(b) };
    const out = ray(a, d), back = ray(a, d ^ 4);
    const union = (list) => list.reduce((set, s) => set | bit(s), 0n);
    const between = union(out.slice(0, out.indexOf(b)));
    return { between, line: union(out) | union(back) | bit(a), rayPass: union(out), segment: between | bit(b) };
}

function nearest(sq, occupied) {
    let bytes = 0n;
    for (let d = 0; d < 8; d++) {
        const first = ray(sq, d).find((s) => occupied & bit(s));
        bytes |= BigInt(first ?? 64) << BigInt(8 * d);
    }
    return bytes;
}

// A seeded xorshift64*, so every run checks the same occupancies.
function randoms(seed) {
    let state = seed;
    return () => {
        state ^= state >> 12n;
        state ^= (state << 25n) & 0xffffffffffffffffn;
        state ^= state >> 27n;
        return (state * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn;
    };
}

/** Checks mbb (from loadMagicbb) on `count` random (square, occupancy)
 * pairs a slider, of every density, and on every square and pair for the
 * rest: { checked, wrong, first } (first: the first difference, or ''). */
export function checkMagicbb(mbb, count = 20000) {
    let checked = 0, wrong = 0, first = '';
    const expect = (what, got, want) => {
        checked++;
        if (got === want) return;
        if (wrong++ === 0) first = `${what}: 0x${got.toString(16)}, the ray walk says 0x${want.toString(16)}`;
    };
    const next = randoms(0x9e3779b97f4a7c15n);
    for (let i = 0; i < count; i++) {
        const sq = Number(next() & 63n);
        const r = next(), s = next();
        const occupied = i % 3 === 0 ? r & s : i % 3 === 1 ? r : r & s & next();
        const rook = slide(sq, occupied, 0), bishop = slide(sq, occupied, 1);
        const where = `(${sq}, 0x${occupied.toString(16)})`;
        expect(`rookAttacks${where}`, mbb.rookAttacks(sq, occupied), rook);
        expect(`bishopAttacks${where}`, mbb.bishopAttacks(sq, occupied), bishop);
        expect(`queenAttacks${where}`, mbb.queenAttacks(sq, occupied), rook | bishop);
        const both = mbb.bothAttacks(sq, occupied);
        expect(`bothAttacks${where}.bishop`, both.bishop, bishop);
        expect(`bothAttacks${where}.rook`, both.rook, rook);
        expect(`nearest${where}`, mbb.nearest(sq, occupied), nearest(sq, occupied));
        if (i % 64 === 0) {
            // the set calls: the union of the single lookups over the set
            const pieces = next() & next();
            let rooks = 0n, bishops = 0n, knights = 0n, kings = 0n, pawns = [0n, 0n];
            for (let p = 0; p < 64; p++) {
                if (!(pieces & bit(p))) continue;
                rooks |= slide(p, occupied, 0);
                bishops |= slide(p, occupied, 1);
                knights |= leap(p, KNIGHT);
                kings |= leap(p, KING);
                for (const c of [0, 1]) pawns[c] |= leap(p, PAWN[c]);
            }
            const set = `(0x${pieces.toString(16)}, 0x${occupied.toString(16)})`;
            expect(`rookAttacksSet${set}`, mbb.rookAttacksSet(pieces, occupied), rooks);
            expect(`bishopAttacksSet${set}`, mbb.bishopAttacksSet(pieces, occupied), bishops);
            expect(`queenAttacksSet${set}`, mbb.queenAttacksSet(pieces, occupied), rooks | bishops);
            expect(`knightAttacksSet${set}`, mbb.knightAttacksSet(pieces), knights);
            expect(`kingAttacksSet${set}`, mbb.kingAttacksSet(pieces), kings);
            for (const c of [0, 1]) expect(`pawnAttacksSet(${c}, ...)`, mbb.pawnAttacksSet(c, pieces), pawns[c]);
        }
    }
    for (let a = 0; a < 64; a++) {
        expect(`knightAttacks(${a})`, mbb.knightAttacks(a), leap(a, KNIGHT));
        expect(`kingAttacks(${a})`, mbb.kingAttacks(a), leap(a, KING));
        for (const c of [0, 1]) expect(`pawnAttacks(${c}, ${a})`, mbb.pawnAttacks(c, a), leap(a, PAWN[c]));
        for (let b = 0; b < 64; b++) {
            const want = a === b ? { between: 0n, line: 0n, rayPass: 0n, segment: bit(b) } : pairs(a, b);
            for (const call of ['between', 'line', 'rayPass', 'segment'])
                expect(`${call}(${a}, ${b})`, mbb[call](a, b), want[call]);
            const c = Number(next() & 63n), on = a !== b && (want.line & bit(c)) !== 0n;
            expect(`aligned(${a}, ${b}, ${c})`, BigInt(mbb.aligned(a, b, c)), BigInt(on));
        }
    }
    return { checked, wrong, first };
}
