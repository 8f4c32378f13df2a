// SPDX-License-Identifier: MIT
// serve.mjs - a small web server for the example page (page.html): a
// browser runs ES modules and fetches a module from http://, not from
// file://.  Each file is taken from the first of the folders that has
// it; the page's verdict, POSTed to /result, is printed (and handed to
// the caller of serve()).  Local only (127.0.0.1).
//
//     node examples/wasm/serve.mjs [--port N] FOLDER...
//     (for example: node examples/wasm/serve.mjs examples/wasm .
//      then open the URL it prints, /page.html)
//
// The responses isolate the page (cross-origin isolated: the browsers'
// finer clock, for the lab's timings).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const TYPES = { html: 'text/html', mjs: 'text/javascript', js: 'text/javascript', wasm: 'application/wasm' };
const HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp',
    'Cache-Control': 'no-store' };

async function find(folders, path) {
    for (const folder of folders) {
        try {
            return await readFile(join(folder, path));
        } catch {
            // the next folder
        }
    }
    return null;
}

/** Serves the folders on a free port (or `port`); onResult gets each
 * POST to /result.  Resolves to { url, close }. */
export function serve(folders, { port = 0, onResult = () => {} } = {}) {
    const server = createServer((request, response) => answer(request, response).catch((error) => {
        // (a request that fails, an aborted upload among them, ends
        // there: never the server)
        if (!response.headersSent) response.writeHead(500, HEADERS).end(`${error.message}\n`);
        else response.destroy();
    }));
    async function answer(request, response) {
        let path;
        try {
            path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
        } catch {
            // a malformed escape (/%) or URL: this request refused, the
            // server goes on
            response.writeHead(400, HEADERS).end('bad request: a malformed URL\n');
            return;
        }
        if (request.method === 'POST' && path === '/result') {
            let body = '';
            for await (const chunk of request) body += chunk;
            response.writeHead(204, HEADERS).end();
            onResult(body);
            return;
        }
        const data = path.includes('..') ? null : await find(folders, path);
        const type = TYPES[path.split('.').pop()] ?? 'application/octet-stream';
        if (data === null) response.writeHead(404, HEADERS).end(`${path}: not found\n`);
        else response.writeHead(200, { ...HEADERS, 'Content-Type': type }).end(data);
    }
    return new Promise((resolve, reject) => {
        server.on('error', reject);
        server.listen(port, '127.0.0.1', () => resolve({
            url: `http://127.0.0.1:${server.address().port}/`,
            close: () => { server.closeAllConnections(); server.close(); },
        }));
    });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
    const args = process.argv.slice(2);
    let port = 8080;
    if (args[0] === '--port') {
        const given = args.splice(0, 2)[1];
        port = /^[0-9]{1,5}$/.test(given ?? '') ? Number(given) : NaN;
        if (!(port <= 65535)) {
            console.error(`serve.mjs: --port takes a number from 0 to 65535, not '${given ?? ''}'`);
            process.exit(2);
        }
    }
    try {
        const { url } = await serve(args.length ? args : ['.'], { port, onResult: (text) => console.log(text) });
        console.log(`serving ${args.join(', ') || '.'} at ${url} (page.html); Ctrl-C stops`);
    } catch (error) {
        // (a port in use, or one not ours to take)
        console.error(`serve.mjs: cannot serve on 127.0.0.1 port ${port}: ${error.code ?? error.message}`);
        process.exit(1);
    }
}
