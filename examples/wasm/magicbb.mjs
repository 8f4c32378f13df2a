// SPDX-License-Identifier: MIT
// magicbb.mjs - loads magicbb.wasm, the library as a freestanding
// WebAssembly module (configure --host=wasm32-wasi && make), in a browser
// or in node.  Squares are numbers 0 (a1) to 63 (h8); bitboards are
// BigInt, as the module's 64-bit values cross to JavaScript.
//
//     import { loadMagicbb } from './magicbb.mjs';
//     const mbb = await loadMagicbb(fetch('magicbb.wasm'));
//     mbb.rookAttacks(0, 0x0101n);   // 0x1fen: b1..h1 and a2
//
// The source: the module's bytes, a Response, or a promise of either; in
// node, where fetch() takes no relative file names, the bytes:
//
//     import { readFile } from 'node:fs/promises';
//     const mbb = await loadMagicbb(readFile('magicbb.wasm'));

// Every argument is checked before it crosses to the module (whose i32
// conversion would make a square of anything): a square is a Number 0 to
// 63, a colour 0 (white) or 1 (black), a bitboard a BigInt 0n to
// 2n ** 64n - 1n; anything else is a TypeError (not a Number, not a
// BigInt) or a RangeError (out of range), naming the call and the value.
const BITBOARD_MAX = 0xffffffffffffffffn;
const shown = (value) => {
    try {
        return typeof value === 'bigint' ? `${value}n` : typeof value === 'string' ? JSON.stringify(value)
            : String(value);
    } catch {
        return typeof value;
    }
};
function refuse(call, what, wanted, value, type) {
    const Kind = typeof value === type ? RangeError : TypeError;
    throw new Kind(`${call}: ${what} ${shown(value)} is not ${wanted}`);
}
const square = (call, v) => {
    if (typeof v !== 'number' || (v >>> 0) !== v || v > 63) {
        refuse(call, 'square', 'a Number from 0 (a1) to 63 (h8)', v, 'number');
    }
};
const colour = (call, v) => {
    if (v !== 0 && v !== 1) refuse(call, 'colour', '0 (white) or 1 (black)', v, 'number');
};
const bitboard = (call, v) => {
    if (typeof v !== 'bigint' || v < 0n || v > BITBOARD_MAX) {
        refuse(call, 'bitboard', 'a BigInt from 0n to 2n ** 64n - 1n', v, 'bigint');
    }
};
const CHECKS = { s: square, c: colour, b: bitboard };

// The calls: name, the module's function, its arguments' kinds.
const CALLS = [
    ['rookAttacks', 'mbb_rook_attacks', 'sb'], ['bishopAttacks', 'mbb_bishop_attacks', 'sb'],
    ['queenAttacks', 'mbb_queen_attacks', 'sb'], ['knightAttacks', 'mbb_knight_attacks', 's'],
    ['kingAttacks', 'mbb_king_attacks', 's'], ['pawnAttacks', 'mbb_pawn_attacks', 'cs'],
    ['between', 'mbb_between', 'ss'], ['line', 'mbb_line', 'ss'], ['segment', 'mbb_segment', 'ss'],
    ['rayPass', 'mbb_ray_pass', 'ss'], ['nearest', 'mbb_nearest', 'sb'],
    ['rookAttacksSet', 'mbb_rook_attacks_set', 'bb'], ['bishopAttacksSet', 'mbb_bishop_attacks_set', 'bb'],
    ['queenAttacksSet', 'mbb_queen_attacks_set', 'bb'], ['knightAttacksSet', 'mbb_knight_attacks_set', 'b'],
    ['kingAttacksSet', 'mbb_king_attacks_set', 'b'], ['pawnAttacksSet', 'mbb_pawn_attacks_set', 'cb'],
];
const EXPORTS = [...CALLS.map((c) => c[1]), 'mbb_aligned', 'mbb_both_attacks', 'mbb_flavour', 'mbb_version',
    'mbb_table_bytes'];

// A call of f, its arguments checked, its i64 result (signed) as an
// unsigned bitboard.
function checked(call, f, kinds) {
    const [one, two] = [...kinds].map((k) => CHECKS[k]);
    return kinds.length === 1
        ? (a) => { one(call, a); return BigInt.asUintN(64, f(a)); }
        : (a, b) => { one(call, a); two(call, b); return BigInt.asUintN(64, f(a, b)); };
}

/** The lookups of magicbb(3) under camelCase names, plus flavour() and
 * tableBytes(); bothAttacks gives { bishop, rook }.  A module that is not
 * magicbb's is refused here, naming what it lacks. */
export async function loadMagicbb(source) {
    const given = await source;
    const { instance } =
        given instanceof ArrayBuffer || ArrayBuffer.isView(given)
            ? await WebAssembly.instantiate(given)
            : await WebAssembly.instantiateStreaming(given);
    const x = instance.exports;
    const missing = [...EXPORTS.filter((name) => typeof x[name] !== 'function'),
        ...(x.memory instanceof WebAssembly.Memory ? [] : ['memory']),
        ...(x.__heap_base instanceof WebAssembly.Global ? [] : ['__heap_base'])];
    if (missing.length) {
        throw new TypeError(`loadMagicbb: not magicbb's module: it exports no ${missing.join(', ')}`);
    }
    // mbb_both_attacks writes its pair to memory the caller gives: the
    // module's first free bytes, __heap_base (it has no allocator)
    const scratch = x.__heap_base.value;
    if (x.memory.buffer.byteLength < scratch + 16) x.memory.grow(1);
    const text = (address) => {
        const bytes = new Uint8Array(x.memory.buffer, address);
        return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
    };
    const mbb = Object.fromEntries(CALLS.map(([call, name, kinds]) => [call, checked(call, x[name], kinds)]));
    return {
        ...mbb,
        aligned(a, b, c) {
            square('aligned', a);
            square('aligned', b);
            square('aligned', c);
            return x.mbb_aligned(a, b, c) !== 0;
        },
        bothAttacks(sq, occupied) {
            square('bothAttacks', sq);
            bitboard('bothAttacks', occupied);
            x.mbb_both_attacks(scratch, sq, occupied);
            const [bishop, rook] = new BigUint64Array(x.memory.buffer, scratch, 2);
            return { bishop, rook };
        },
        flavour: () => text(x.mbb_flavour()),
        version: () => text(x.mbb_version()),
        tableBytes: () => x.mbb_table_bytes() >>> 0,
    };
}
