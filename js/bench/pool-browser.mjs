// The worker pool's scaling in headless Chromium (module Web Workers): the batch
// of js/bench/pool.mjs (the real transactions of data/manifest.json and the owned
// one, repeated to --txs) scanned by the pool with 1 worker and with N, alternated
// --rounds times, on a page served from 127.0.0.1; the page posts its times back.
//
// Usage: node js/bench/pool-browser.mjs [--txs 2000] [--rounds 5] [--workers 2]
//        (CNCRYPTO_SHARED_DIR for the data; CHROMIUM, default chromium)
import http from 'node:http';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const here = path.dirname(new URL(import.meta.url).pathname);
const pkg = path.resolve(here, '..');
const shared = [process.env.CNCRYPTO_SHARED_DIR, path.resolve(here, '../../../shared')].filter(Boolean)
  .find((d) => existsSync(path.join(d, 'data/manifest.json')));
if (!shared) { console.log('no shared directory (CNCRYPTO_SHARED_DIR): nothing to scan'); process.exit(0); }
const params = { txs: Number(opt('--txs', '2000')), rounds: Number(opt('--rounds', '5')), workers: Number(opt('--workers', '2')) };

const page = `<!doctype html><script type="module">
const p = ${JSON.stringify(params)};
const { createScanPool } = await import('/pkg/src/pool.js');
const bytes = (hex) => Uint8Array.from(hex.match(/../g), (b) => parseInt(b, 16));
const m = await (await fetch('/shared/data/manifest.json')).json();
const v = await (await fetch('/shared/data/vectors/owned_output_clsag_tx.json')).json();
const base = [...await Promise.all(m.shared_txs.map(async (t) => new Uint8Array(await (await fetch('/shared/data/' + t.file)).arrayBuffer()))), bytes(v.tx_hex)];
const txs = Array.from({ length: p.txs }, (_, i) => base[i % base.length]);
const keys = () => ({ viewSecretKey: bytes(v.wallet_view_secret), spendPublicKey: bytes(v.wallet_spend_public), subaddresses: { major: 1, minor: 50 } });
const one = await createScanPool({ ...keys(), workers: 1 }), many = await createScanPool({ ...keys(), workers: p.workers });
await one.scan(txs.slice(0, 100)); await many.scan(txs.slice(0, 100));
const t = { one: [], many: [] }; let found = 0;
for (let r = 0; r < p.rounds; ++r) for (const [k, pool] of [['one', one], ['many', many]]) {
  const t0 = performance.now(); found = (await pool.scan(txs)).length; t[k].push(performance.now() - t0);
}
await one.dispose(); await many.dispose();
await fetch('/result', { method: 'POST', body: JSON.stringify({ t, found, hc: navigator.hardwareConcurrency, ua: navigator.userAgent }) });
</script>`;

let done;
const result = new Promise((resolve) => { done = resolve; });
const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  if (req.method === 'POST') { let b = ''; for await (const c of req) b += c; res.writeHead(204).end(); done(JSON.parse(b)); return; }
  if (url.pathname === '/') { res.writeHead(200, { 'content-type': 'text/html' }).end(page); return; }
  const [root, rest] = url.pathname.startsWith('/pkg/') ? [pkg, url.pathname.slice(5)] : [shared, url.pathname.slice(8)];
  const file = path.resolve(root, decodeURIComponent(rest));
  if (!file.startsWith(root) || !existsSync(file)) { res.writeHead(404).end(); return; }
  const type = file.endsWith('.wasm') ? 'application/wasm' : /\.m?js$/.test(file) ? 'text/javascript' : 'application/octet-stream';
  res.writeHead(200, { 'content-type': type }).end(await readFile(file));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const profile = mkdtempSync(path.join(os.tmpdir(), 'cncrypto-bench-'));
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`load average before: ${load()}`);
const chrome = spawn(process.env.CHROMIUM || 'chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  `--user-data-dir=${profile}`, `http://127.0.0.1:${server.address().port}/`], { stdio: 'ignore' });
const r = await Promise.race([result, new Promise((resolve) => setTimeout(() => resolve(null), 600000))]);
chrome.kill('SIGTERM');
server.close();
setTimeout(() => rmSync(profile, { recursive: true, force: true }), 2000);
if (!r) { console.log('no result from the page'); process.exit(1); }
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const o = median(r.t.one), n = median(r.t.many);
console.log(`${r.ua.match(/Chrom\w+\/[\d.]+/)?.[0]}, hardwareConcurrency ${r.hc}, ${params.txs} transactions, ${r.found} owned outputs`);
console.log(`pool, 1 worker   ${o.toFixed(0)} ms (runs ${r.t.one.map((x) => x.toFixed(0)).join(', ')})`);
console.log(`pool, ${params.workers} workers  ${n.toFixed(0)} ms (runs ${r.t.many.map((x) => x.toFixed(0)).join(', ')})`);
console.log(`scaling: ${(o / n).toFixed(2)}x; load average after: ${load()}`);
