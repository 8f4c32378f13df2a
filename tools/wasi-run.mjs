// SPDX-License-Identifier: MIT
// wasi-run.mjs - runs a wasm32-wasi program under node's WASI (node 18,
// Debian 12's, or later): the runtime configure names for make check in a
// --host=wasm32-wasi build (WASI_RUNTIME).
//
//     node tools/wasi-run.mjs PROGRAM [ARGUMENT...]
//
// The program gets its arguments, the environment, and the current
// directory as its files (relative names only: wasi-libc resolves an
// absolute name against the root, which is not given); also MBB_CPU, this
// machine's CPU, and MBB_RUNTIME, node's version and V8's, which a
// program in a sandbox cannot find itself.  The exit status is the
// program's; a module that cannot be read or run is one line and status 2;
// a node older than 18 (no WASI preview1) one line and status 77, which
// make check's tests take for a skip.
import { readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import process from 'node:process';
import { WASI } from 'node:wasi';

const [program, ...args] = process.argv.slice(2);
if (program === undefined) {
    console.error('usage: node wasi-run.mjs PROGRAM [ARGUMENT...]');
    process.exit(2);
}
// (node 18, Debian 12's, has WASI preview1 without getImportObject;
// node 16 and older have none that takes these options)
if (Number(process.versions.node.split('.')[0]) < 18) {
    console.error(`wasi-run.mjs: node ${process.version} runs no WASI programs (node 18 or later)`);
    process.exit(77);
}
// (node warns that its WASI is experimental, on stderr, where a test's
// output would be judged)
process.removeAllListeners('warning');
try {
    const env = {
        MBB_CPU: cpus()[0]?.model ?? 'unknown CPU',
        MBB_RUNTIME: `node ${process.version} (V8 ${process.versions.v8})`,
        ...process.env,
    };
    const wasi = new WASI({
        version: 'preview1',
        args: [program, ...args],
        env,
        preopens: { '.': process.cwd() },
        returnOnExit: true,
    });
    const module = await WebAssembly.compile(await readFile(program));
    const imports = wasi.getImportObject?.() ?? { wasi_snapshot_preview1: wasi.wasiImport };
    const instance = await WebAssembly.instantiate(module, imports);
    process.exitCode = wasi.start(instance);
} catch (error) {
    console.error(`wasi-run.mjs: ${program}: ${error.message}`);
    process.exitCode = 2;
}
