// SPDX-License-Identifier: MIT
// serve.mjs - examples/wasm/serve.mjs, the example page's web server
// (tests/browser.mjs and make bench-wasm's browser runs use it), against
// hostile requests and options, as TAP: a malformed escape (/%) is a
// 400 and the server goes on serving; a path out of the folders is a
// 404; --port abc, and a port in use, are one line and a non-zero exit,
// no stack trace.
//
//     node tests/serve.mjs SRCDIR
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const srcdir = process.argv[2] ?? '.';
const script = join(srcdir, 'examples/wasm/serve.mjs');
const { serve } = await import(pathToFileURL(resolve(script)).href);
let failed = 0;
const report = (ok, what) => {
    failed += !ok;
    console.log(`${ok ? 'ok' : 'not ok'} - serve.mjs: ${what}`);
};
// get(url, path): { status, body } of one GET, the path sent as is
const get = (url, path) => new Promise((resolve, reject) => {
    const target = new URL(url);
    request({ host: target.hostname, port: target.port, path, method: 'GET' }, (response) => {
        let body = '';
        response.on('data', (chunk) => { body += chunk; });
        response.on('end', () => resolve({ status: response.statusCode, body }));
    }).on('error', reject).end();
});
// run(args): the script run as a program, for at most 10 s
const run = (args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 10000 });
const lines = (text) => text.split('\n').filter((line) => line !== '').length;

console.log('1..5');
const server = await serve([join(srcdir, 'examples/wasm')]);
try {
    const bad = await get(server.url, '/%');
    const next = await get(server.url, '/page.html');
    report(bad.status === 400 && next.status === 200,
        `GET /% ${bad.status} (a malformed escape), then GET /page.html ${next.status}: the server goes on`);
    const out = await get(server.url, '/%2e%2e/%2e%2e/etc/passwd');
    report(out.status === 404, `a path out of the folders: ${out.status}`);

    const port = run(['--port', 'abc']);
    report(port.status === 2 && lines(port.stderr) === 1 && /--port/.test(port.stderr) && port.stdout === '',
        `--port abc: status ${port.status}, ${lines(port.stderr)} line: ${port.stderr.trim()}`);
    const none = run(['--port']);
    report(none.status === 2 && lines(none.stderr) === 1,
        `--port with no number: status ${none.status}, ${lines(none.stderr)} line: ${none.stderr.trim()}`);
    const taken = run(['--port', new URL(server.url).port, srcdir]);
    report(taken.status === 1 && lines(taken.stderr) === 1 && /EADDRINUSE/.test(taken.stderr),
        `a port in use: status ${taken.status}, ${lines(taken.stderr)} line: ${taken.stderr.trim()}`);
} catch (error) {
    report(false, error.message);
} finally {
    server.close();
}
process.exitCode = failed ? 1 : 0;
