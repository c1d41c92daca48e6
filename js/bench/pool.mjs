// The worker pool's scaling (docs/wasm.md, "Worker pool"): one batch of real
// transactions (data/manifest.json's, plus the owned one of
// data/vectors/owned_output_clsag_tx.json, repeated to --txs) scanned
//   - by one scanner on the main thread (scanner.scan of the whole batch),
//   - by the pool (js/src/pool.js, worker_threads) with 1 worker and with N,
// in alternation, --rounds times; prints the medians, the ratio N workers / 1
// worker, and the load average before and after (the machine is shared: the
// numbers are only as good as its idleness).
//
// Usage: node js/bench/pool.mjs [--dist DIR] [--txs 2000] [--rounds 5] [--workers 2]
//        (CNCRYPTO_SHARED_DIR or ../shared next to the repository for the data)
import { pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const here = path.dirname(new URL(import.meta.url).pathname);
const count = Number(opt('--txs', '2000'));
const rounds = Number(opt('--rounds', '5'));
const workers = Number(opt('--workers', '2'));
const shared = [process.env.CNCRYPTO_SHARED_DIR, path.resolve(here, '../../../shared')].filter(Boolean)
  .find((d) => existsSync(path.join(d, 'data/manifest.json')));
if (!shared) { console.log('no shared directory (CNCRYPTO_SHARED_DIR): nothing to scan'); process.exit(0); }

const src = path.join(here, '../src');
const { create } = await import(pathToFileURL(path.join(src, 'index.js')).href);
const { createScanPool } = await import(pathToFileURL(path.join(src, 'pool.js')).href);
const cn = await create();

const unhex = (s) => Uint8Array.from(s.match(/../g), (x) => parseInt(x, 16));
const manifest = JSON.parse(await readFile(path.join(shared, 'data/manifest.json'), 'utf8'));
const v = JSON.parse(await readFile(path.join(shared, 'data/vectors/owned_output_clsag_tx.json'), 'utf8'));
const base = [...await Promise.all(manifest.shared_txs.map(async (t) => new Uint8Array(await readFile(path.join(shared, 'data', t.file))))),
  unhex(v.tx_hex)];
const txs = Array.from({ length: count }, (_, i) => base[i % base.length]);
const keys = () => ({ viewSecretKey: unhex(v.wallet_view_secret), spendPublicKey: unhex(v.wallet_spend_public),
  spendSecretKey: unhex(v.wallet_spend_secret), subaddresses: { major: 1, minor: 50 } });

const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`node ${process.version}, ${os.cpus().length} CPUs, ${count} transactions (${base.length} distinct), load average before: ${load()}`);

const scanner = cn.scanner(keys());
const pool1 = await createScanPool({ ...keys(), workers: 1 });
const poolN = await createScanPool({ ...keys(), workers });
const expect = scanner.scan(txs).length;
const times = { main: [], pool1: [], poolN: [] };
const timed = async (name, run) => {
  const t = performance.now();
  const found = await run();
  times[name].push(performance.now() - t);
  if (found.length !== expect) throw new Error(`${name}: ${found.length} outputs, expected ${expect}`);
};
await poolN.scan(txs.slice(0, 200));  // warm both pools' modules
await pool1.scan(txs.slice(0, 200));
for (let r = 0; r < rounds; ++r) {
  await timed('main', () => scanner.scan(txs));
  await timed('pool1', () => pool1.scan(txs));
  await timed('poolN', () => poolN.scan(txs));
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const row = (name, label) => {
  const m = median(times[name]);
  console.log(`${label.padEnd(34)} ${m.toFixed(0).padStart(7)} ms  (${(m * 1000 / count).toFixed(1)} µs/tx; runs ${times[name].map((x) => x.toFixed(0)).join(', ')})`);
  return m;
};
const main = row('main', 'one scanner, main thread');
const one = row('pool1', 'pool, 1 worker');
const n = row('poolN', `pool, ${workers} workers`);
console.log(`scaling: ${workers} workers / 1 worker = ${(one / n).toFixed(2)}x; ${workers} workers / main thread = ${(main / n).toFixed(2)}x; ${expect} owned outputs found each time`);
console.log(`load average after: ${load()}`);
scanner.dispose();
await pool1.dispose();
await poolN.dispose();
