// SPDX-License-Identifier: MIT
// test.mjs - the example's test, in node, as TAP: magicbb.wasm imports
// nothing (it needs no C library) and its answers through magicbb.mjs
// are the ray walk's (check.mjs).
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
console.log('1..3');
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
} catch (error) {
    report(false, `${path}: ${error.message}`);
}
process.exitCode = failed ? 1 : 0;
