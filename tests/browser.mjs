// SPDX-License-Identifier: MIT
// browser.mjs - a page in a headless browser, served from FOLDERs by
// examples/wasm/serve.mjs on 127.0.0.1, in a new empty profile:
//
//     node tests/browser.mjs [--dom] [--timeout SECONDS] BROWSER PAGE FOLDER...
//
// BROWSER is the command of Chromium (chromium, chrome) or of Firefox
// (firefox, firefox-esr).  Prints the page's result: the text it POSTs
// to /result (then the browser is stopped), or with --dom (Chromium
// only) the text of its #verdict element in the DOM that --dump-dom
// prints once the page is idle.  Status 0 where a result came, 1 where
// none did within the timeout (default 300 s), 2 for a usage error.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import process from 'node:process';
import { serve } from '../examples/wasm/serve.mjs';

const args = process.argv.slice(2);
const dom = args[0] === '--dom' && args.shift();
const timeout = args[0] === '--timeout' ? Number(args.splice(0, 2)[1]) : 300;
const [browser, page, ...folders] = args;
const firefox = /firefox/.test(basename(browser ?? ''));
if (folders.length === 0 || !(timeout > 0) || (dom && firefox)) {
    console.error('usage: node browser.mjs [--dom] [--timeout SECONDS] BROWSER PAGE FOLDER...');
    process.exit(2);
}

// A fresh profile; Firefox's with a clock of full precision (the lab
// times with it), no first-run pages, no updates, no script time limit.
const profile = mkdtempSync(join(tmpdir(), 'magicbb-browser-'));
const FIREFOX_PREFS = {
    'privacy.reduceTimerPrecision': false, 'privacy.reduceTimerPrecision.unconditional': false,
    'dom.max_script_run_time': 0,
    'browser.shell.checkDefaultBrowser': false, 'app.update.enabled': false,
    'datareporting.policy.dataSubmissionEnabled': false, 'toolkit.telemetry.enabled': false,
    'browser.startup.homepage_override.mstone': 'ignore', 'network.proxy.type': 0,
};
if (firefox) {
    writeFileSync(join(profile, 'user.js'), Object.entries(FIREFOX_PREFS)
        .map(([key, value]) => `user_pref(${JSON.stringify(key)}, ${JSON.stringify(value)});\n`).join(''));
}

let finish;
const result = new Promise((resolve) => { finish = resolve; });
const { url, close } = await serve(folders, { onResult: (text) => dom || finish(text) });
const address = new URL(page, url).href;
const options = firefox
    ? ['--headless', '--no-remote', '--profile', profile, address]
    : ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        `--user-data-dir=${profile}`,
        ...(dom ? ['--virtual-time-budget=600000', '--dump-dom'] : []), address];
const child = spawn(browser, options, { stdio: ['ignore', 'pipe', 'ignore'] });
let printed = '';
child.stdout.on('data', (chunk) => { printed += chunk; });
child.on('error', (error) => finish(null, console.error(`browser.mjs: ${browser}: ${error.message}`)));
const exited = new Promise((resolve) => child.on('exit', resolve));
exited.then(() => {
    const verdict = /<p id="verdict">([^<]*)<\/p>/.exec(printed);
    finish(dom && verdict ? verdict[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') : null);
});
const timer = setTimeout(() => finish(null, console.error(`browser.mjs: no result within ${timeout} s`)),
    timeout * 1000);
const text = await result;
clearTimeout(timer);
if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
}
close();
rmSync(profile, { recursive: true, force: true });
if (text === null) process.exit(1);
console.log(text);
