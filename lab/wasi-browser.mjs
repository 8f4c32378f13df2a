// SPDX-License-Identifier: MIT
// wasi-browser.mjs - runs a wasm32-wasi program in a headless browser,
// for make bench-wasm: lab/wasi-page.html and lab/wasi-worker.mjs,
// served with the program by tests/browser.mjs from the source's lab/
// and the build directory (the current one).
//
//     node lab/wasi-browser.mjs BROWSER PROGRAM [ARGUMENT...]
//
// Prints the program's output; the status is the program's (1 where the
// browser gave no result).
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const [browser, program, ...args] = process.argv.slice(2);
if (program === undefined) {
    console.error('usage: node wasi-browser.mjs BROWSER PROGRAM [ARGUMENT...]');
    process.exit(2);
}
const lab = dirname(fileURLToPath(import.meta.url));
const query = new URLSearchParams({ program, cpu: cpus()[0]?.model ?? 'unknown CPU' });
for (const arg of args) query.append('arg', arg);
const run = spawnSync(process.execPath, [join(lab, '..', 'tests', 'browser.mjs'), '--timeout', '3000', browser,
    `wasi-page.html?${query}`, lab, '.'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
const output = run.stdout ?? '';
const status = /exit status (\d+)\n*$/.exec(output);
process.stdout.write(output.replace(/exit status \d+\n*$/, ''));
process.exitCode = status ? Number(status[1]) : 1;
