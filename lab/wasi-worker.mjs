// SPDX-License-Identifier: MIT
// wasi-worker.mjs - runs a wasm32-wasi program in a browser's worker, for
// lab/wasi-page.html: the few WASI calls a program that prints and reads
// the clock makes (arguments, environment, standard output and error,
// the clock, exit), and no files.  Posts { output, status } back.
// (A worker: a long run does not hold up the page.)
const ERRNO_BADF = 8, ERRNO_NOENT = 44, ERRNO_SPIPE = 70;

class Exit {
    constructor(status) { this.status = status; }
}

function wasi(args, env, memory, print) {
    const view = () => new DataView(memory().buffer);
    const bytes = () => new Uint8Array(memory().buffer);
    const encoded = (list) => list.map((s) => new TextEncoder().encode(`${s}\0`));
    const sizes = (list) => (countAt, sizeAt) => {
        const strings = encoded(list);
        view().setUint32(countAt, strings.length, true);
        view().setUint32(sizeAt, strings.reduce((n, s) => n + s.length, 0), true);
        return 0;
    };
    const strings = (list) => (pointersAt, bufferAt) => {
        for (const s of encoded(list)) {
            view().setUint32(pointersAt, bufferAt, true);
            bytes().set(s, bufferAt);
            pointersAt += 4;
            bufferAt += s.length;
        }
        return 0;
    };
    const environment = Object.entries(env).map(([key, value]) => `${key}=${value}`);
    return {
        args_sizes_get: sizes(args), args_get: strings(args),
        environ_sizes_get: sizes(environment), environ_get: strings(environment),
        clock_time_get(id, precision, timeAt) {
            const ms = id === 0 ? performance.timeOrigin + performance.now() : performance.now();
            view().setBigUint64(timeAt, BigInt(Math.round(ms * 1e6)), true);
            return 0;
        },
        fd_write(fd, iovs, count, writtenAt) {
            if (fd !== 1 && fd !== 2) return ERRNO_BADF;
            let written = 0;
            for (let i = 0; i < count; i++) {
                const at = view().getUint32(iovs + 8 * i, true), length = view().getUint32(iovs + 8 * i + 4, true);
                print(fd, bytes().slice(at, at + length));
                written += length;
            }
            view().setUint32(writtenAt, written, true);
            return 0;
        },
        fd_fdstat_get(fd, statAt) {
            if (fd > 2) return ERRNO_BADF;
            new Uint8Array(memory().buffer, statAt, 24).fill(0);
            view().setUint8(statAt, 2); // a character device
            view().setBigUint64(statAt + 8, 0xffffffffn, true);
            return 0;
        },
        fd_read(fd, iovs, count, readAt) {
            view().setUint32(readAt, 0, true);
            return fd === 0 ? 0 : ERRNO_BADF;
        },
        fd_prestat_get: () => ERRNO_BADF, // no folders given
        fd_prestat_dir_name: () => ERRNO_BADF,
        fd_fdstat_set_flags: () => 0,
        fd_close: () => 0,
        fd_seek: () => ERRNO_SPIPE,
        path_open: () => ERRNO_NOENT,
        proc_exit(status) { throw new Exit(status); },
    };
}

self.onmessage = async ({ data: { program, args, env } }) => {
    const decoder = new TextDecoder();
    let output = '', status = 0, instance;
    const print = (fd, chunk) => { output += decoder.decode(chunk, { stream: true }); };
    try {
        const module = await WebAssembly.compile(await (await fetch(program)).arrayBuffer());
        instance = await WebAssembly.instantiate(module, {
            wasi_snapshot_preview1: wasi([program, ...args], env, () => instance.exports.memory, print),
        });
        instance.exports._start();
    } catch (error) {
        if (error instanceof Exit) status = error.status;
        else { output += `wasi-worker.mjs: ${program}: ${error}\n`; status = 2; }
    }
    self.postMessage({ output, status });
};
