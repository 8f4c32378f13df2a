// SPDX-License-Identifier: MIT
// wasi-run.mjs MODULE [ARG...] - runs a wasm32-wasi command module under
// node's WASI (node 20 or later), with its exit status; for
// lab/wasm-lookups.sh.
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import { argv, exit } from 'node:process';

const wasi = new WASI({ version: 'preview1', args: argv.slice(2), env: {}, preopens: {} });
const module = await WebAssembly.compile(await readFile(argv[2]));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
exit(wasi.start(instance));
