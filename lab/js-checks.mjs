// SPDX-License-Identifier: MIT
// js-checks.mjs - what examples/wasm/magicbb.mjs's argument checks cost
// a lookup from JavaScript: rookAttacks through magicbb.mjs against the
// module's own mbb_rook_attacks (the same BigInt conversion), in one
// process, interleaved, the order alternating, over 1001 rounds of 4096
// lookups on the same random squares and occupancies.  Prints the
// median ratio of the times (checked over unchecked) and a 95 % interval
// of the median (order statistics: ranks 469 and 533 of 1001).
//
//     node lab/js-checks.mjs magicbb.wasm
import { readFile } from 'node:fs/promises';
import process from 'node:process';
import { loadMagicbb } from '../examples/wasm/magicbb.mjs';

const bytes = await readFile(process.argv[2] ?? 'magicbb.wasm');
const mbb = await loadMagicbb(bytes);
const { instance } = await WebAssembly.instantiate(bytes);
const rook = instance.exports.mbb_rook_attacks;
const unchecked = (sq, occ) => BigInt.asUintN(64, rook(sq, occ));
const checked = (sq, occ) => mbb.rookAttacks(sq, occ);

const N = 4096, ROUNDS = 1001;
const squares = [], occupancies = [];
let seed = 12345n;
for (let i = 0; i < N; i++) {
    seed = (seed * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    squares.push(Number(seed >> 58n));
    occupancies.push(seed & (seed >> 7n));
}
// time(f): nanoseconds of N lookups (their answers folded, so none is dropped)
let sink = 0n;
const time = (f) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < N; i++) sink ^= f(squares[i], occupancies[i]);
    return Number(process.hrtime.bigint() - start);
};
for (let i = 0; i < 20; i++) time(checked), time(unchecked); // (both compiled first)
const ratios = [];
for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
        const a = time(checked);
        ratios.push(a / time(unchecked));
    } else {
        const b = time(unchecked);
        ratios.push(time(checked) / b);
    }
}
ratios.sort((x, y) => x - y);
console.log(`rookAttacks checked / unchecked, node ${process.version}: median ${ratios[500].toFixed(3)} ` +
    `[${ratios[468].toFixed(3)}, ${ratios[532].toFixed(3)}] (${ROUNDS} rounds of ${N}; ${sink & 1n})`);
