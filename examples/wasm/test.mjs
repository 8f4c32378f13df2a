// SPDX-License-Identifier: MIT
// test.mjs - the example's test, in node, as TAP: magicbb.wasm imports
// nothing (it needs no C library) and its answers through magicbb.mjs
// are the ray walk's (check.mjs); arguments that are no square, colour or
// bitboard are refused, each with a TypeError or RangeError naming the
// call and the value, and a module that is not magicbb's at load.
//
//     node examples/wasm/test.mjs MODULE [FLAVOUR]
//
// FLAVOUR, where given, is the one the module must report.
import { readFile } from 'node:fs/promises';
import process from 'node:process';
import { loadMagicbb } from './magicbb.mjs';
import { checkMagicbb } from './check.mjs';

const [path, flavour] = process.argv.slice(2);
let failed = 0;
const report = (ok, what) => {
    failed += !ok;
    console.log(`${ok ? 'ok' : 'not ok'} - ${what}`);
};
console.log('1..5');
try {
    const bytes = await readFile(path);
    const imports = WebAssembly.Module.imports(new WebAssembly.Module(bytes));
    report(imports.length === 0, `${path}: ${bytes.length} bytes, ` +
        (imports.length === 0 ? 'imports nothing' : `imports ${imports.map((i) => i.name).join(', ')}`));
    const mbb = await loadMagicbb(bytes);
    const { checked, wrong, first } = checkMagicbb(mbb);
    report(wrong === 0, `${checked} answers against the ray walk, ${wrong} wrong${first ? `: ${first}` : ''}`);
    report(flavour === undefined || mbb.flavour() === flavour,
        `flavour ${mbb.flavour()}${flavour === undefined ? '' : `, expected ${flavour}`}, ${mbb.tableBytes()} table bytes`);
    // [call, arguments, the error's kind, what its message shows]
    const bad = [
        ['rookAttacks', ['e4', 0n], TypeError, 'square "e4"'], ['rookAttacks', [undefined, 0n], TypeError, 'undefined'],
        ['rookAttacks', [NaN, 0n], RangeError, 'NaN'], ['rookAttacks', [2 ** 32, 0n], RangeError, '4294967296'],
        ['rookAttacks', [1.5, 0n], RangeError, '1.5'], ['rookAttacks', [64, 0n], RangeError, '64'],
        ['bishopAttacks', [-1, 0n], RangeError, '-1'], ['queenAttacks', [0n, 0n], TypeError, '0n'],
        ['rookAttacks', [0, 0], TypeError, 'bitboard 0 '], ['rookAttacks', [0, 2n ** 64n], RangeError, '18446744073709551616n'],
        ['rookAttacks', [0, -1n], RangeError, '-1n'], ['pawnAttacks', [-1, 28], RangeError, 'colour -1'],
        ['pawnAttacks', [2, 28], RangeError, 'colour 2'], ['pawnAttacks', [0, 64], RangeError, 'square 64'],
        ['aligned', [0, 9, 64], RangeError, '64'], ['between', [0, '9'], TypeError, '"9"'],
        ['knightAttacks', [null], TypeError, 'null'], ['bothAttacks', [63.5, 0n], RangeError, '63.5'],
        ['pawnAttacksSet', [1, 1], TypeError, 'bitboard 1 '], ['knightAttacksSet', [2n ** 64n], RangeError, 'n is not'],
        ['rookAttacksSet', [1n, undefined], TypeError, 'undefined'], ['nearest', [70, 0n], RangeError, '70'],
    ];
    const unrefused = bad.filter(([call, args, Kind, shows]) => {
        try {
            mbb[call](...args);
            return true;
        } catch (error) {
            return !(error instanceof Kind && error.message.startsWith(`${call}: `) && error.message.includes(shows));
        }
    });
    report(unrefused.length === 0, `${bad.length} calls with no square, colour or bitboard refused, naming the call and the value` +
        (unrefused.length ? `; not: ${unrefused.map(([call, args]) => `${call}(${args.map(String).join(', ')})`).join('; ')}` : ''));
    // a module that is valid WebAssembly but not magicbb's: refused at load
    const empty = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    const refusal = await loadMagicbb(empty).then(() => 'loaded', (error) => error.message);
    report(/^loadMagicbb: not magicbb's module: it exports no mbb_rook_attacks/.test(refusal),
        `a module that is not magicbb's, at load: ${refusal}`);
} catch (error) {
    report(false, `${path}: ${error.message}`);
}
process.exitCode = failed ? 1 : 0;
