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
// The source: the module's bytes, a Response, or a promise of either.

/** The lookups of magicbb(3) under camelCase names, plus flavour() and
 * tableBytes(); bothAttacks gives { bishop, rook }. */
export async function loadMagicbb(source) {
    const given = await source;
    const { instance } =
        given instanceof ArrayBuffer || ArrayBuffer.isView(given)
            ? await WebAssembly.instantiate(given)
            : await WebAssembly.instantiateStreaming(given);
    const x = instance.exports;
    // i64 results come back signed: as unsigned bitboards
    const u64 = (f) => (...args) => BigInt.asUintN(64, f(...args));
    // mbb_both_attacks writes its pair to memory the caller gives: the
    // module's first free bytes, __heap_base (it has no allocator)
    const scratch = x.__heap_base.value;
    if (x.memory.buffer.byteLength < scratch + 16) x.memory.grow(1);
    const text = (address) => {
        const bytes = new Uint8Array(x.memory.buffer, address);
        return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
    };
    return {
        rookAttacks: u64(x.mbb_rook_attacks),
        bishopAttacks: u64(x.mbb_bishop_attacks),
        queenAttacks: u64(x.mbb_queen_attacks),
        knightAttacks: u64(x.mbb_knight_attacks),
        kingAttacks: u64(x.mbb_king_attacks),
        pawnAttacks: u64(x.mbb_pawn_attacks), // (color: 0 white, 1 black, sq)
        between: u64(x.mbb_between),
        line: u64(x.mbb_line),
        segment: u64(x.mbb_segment),
        rayPass: u64(x.mbb_ray_pass),
        aligned: (a, b, c) => x.mbb_aligned(a, b, c) !== 0,
        nearest: u64(x.mbb_nearest),
        rookAttacksSet: u64(x.mbb_rook_attacks_set),
        bishopAttacksSet: u64(x.mbb_bishop_attacks_set),
        queenAttacksSet: u64(x.mbb_queen_attacks_set),
        knightAttacksSet: u64(x.mbb_knight_attacks_set),
        kingAttacksSet: u64(x.mbb_king_attacks_set),
        pawnAttacksSet: u64(x.mbb_pawn_attacks_set),
        bothAttacks(sq, occupied) {
            x.mbb_both_attacks(scratch, sq, occupied);
            const [bishop, rook] = new BigUint64Array(x.memory.buffer, scratch, 2);
            return { bishop, rook };
        },
        flavour: () => text(x.mbb_flavour()),
        version: () => text(x.mbb_version()),
        tableBytes: () => x.mbb_table_bytes() >>> 0,
    };
}
