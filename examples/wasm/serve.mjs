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
    const server = createServer(async (request, response) => {
        const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
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
    });
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
    const port = args[0] === '--port' ? Number(args.splice(0, 2)[1]) : 8080;
    const { url } = await serve(args.length ? args : ['.'], { port, onResult: (text) => console.log(text) });
    console.log(`serving ${args.join(', ') || '.'} at ${url} (page.html); Ctrl-C stops`);
}
