// cncrypto against monero-ts (the woodser/monero-ts npm package: Monero's wallet2
// compiled to one .wasm) on what both expose, in one Node process (issue 37's
// comparison rows; docs/wasm.md, "Measured"). monero-ts is a devDependency of
// js/bench only (`npm install` there).
//
// Rows: the .wasm's size (monero-ts ships it gzip-compressed and base64-encoded inside
// dist/monero.js; decompressed here), the time to be ready in a fresh process (import
// and load, median of --loads fresh `node` processes), restoring a wallet from a
// 25-word seed (keys and primary address), a subaddress string (account 0, index
// i), and validating an address. monero-ts has no call for scanning one transaction
// or output (its wallet scans only while syncing from a daemon), so there is no
// scanning row: docs/wasm.md says so.
//
// Usage: node js/bench/monero-ts.mjs [--seconds S] [--loads N] [--simd | --scalar]
// Prints per row: median per call of 7 runs (min..max) for each and the ratio.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { timeAsync } from './timing.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(opt('--seconds', '7'));
const loads = Number(opt('--loads', '7'));
const simd = args.includes('--scalar') ? false : true;
const require = createRequire(import.meta.url);
const mtsMain = require.resolve('monero-ts');
const mtsDir = path.resolve(path.dirname(mtsMain), '..');
const mtsVersion = JSON.parse(readFileSync(path.join(mtsDir, 'package.json'), 'utf8')).version;
const ourIndex = pathToFileURL(path.join(here, '../src/index.js')).href;

const time = (fn) => timeAsync(fn, seconds);
const us = (ns) => (ns / 1000).toFixed(1);
const fmt = (r) => `${us(r.median)} us (${us(r.min)}..${us(r.max)})`;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

// Sizes.
const mtsJs = readFileSync(path.join(mtsDir, 'dist/monero.js'), 'latin1');
const b64 = /data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/.exec(mtsJs);
let mtsWasm = Buffer.from(b64[1], 'base64');
if (mtsWasm[0] === 0x1f && mtsWasm[1] === 0x8b) mtsWasm = gunzipSync(mtsWasm);
const ourWasm = readFileSync(path.join(here, `../dist/cncrypto-wallet${simd ? '-simd' : ''}.wasm`));
const gz = (b) => gzipSync(b, { level: 9 }).length;

// Ready in a fresh process.
const ready = (code) => median(Array.from({ length: loads }, () =>
  Number(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', cwd: here }))));
const mtsReady = ready(`const t = performance.now(); const m = (await import('monero-ts')).default;
  await m.LibraryUtils.loadWasmModule(); console.log(performance.now() - t); process.exit(0);`);
const ourReady = ready(`const t = performance.now(); const { create } = await import(${JSON.stringify(ourIndex)});
  await create({ simd: ${simd} }); console.log(performance.now() - t);`);

const moneroTs = (await import('monero-ts')).default;
await moneroTs.LibraryUtils.loadWasmModule();
moneroTs.MoneroUtils.setProxyToWorker(false);  // in this thread, as cncrypto
const { create } = await import(ourIndex);
const cn = await create({ simd });

console.log(`node ${process.version}; monero-ts ${mtsVersion}; cncrypto wallet module, ${simd ? 'SIMD128' : 'scalar'}`);
console.log(`.wasm size        monero-ts ${mtsWasm.length} B (gzip -9 ${gz(mtsWasm)})  cncrypto ${ourWasm.length} B (gzip -9 ${gz(ourWasm)})`);
console.log(`ready (fresh process, import + load, median of ${loads})  monero-ts ${mtsReady.toFixed(1)} ms  cncrypto ${ourReady.toFixed(1)} ms`);

// One wallet for both: monero-ts makes it, both restore it from its seed.
const net = moneroTs.MoneroNetworkType.MAINNET;
const made = await moneroTs.createWalletKeys({ networkType: net, language: 'English' });
const seed = await made.getSeed();
const primary = await made.getPrimaryAddress();
const keys = cn.seedRestore(seed);
const spendPub = cn.secretKeyToPublicKey(keys.spendSecretKey), viewPub = cn.secretKeyToPublicKey(keys.viewSecretKey);
if (cn.addressEncode('mainnet', 'standard', spendPub, viewPub) !== primary) throw new Error('not the same wallet');
for (const i of [1, 7]) {
  if (cn.subaddress(keys.viewSecretKey, spendPub, 0, i) !== await made.getAddress(0, i)) throw new Error(`subaddress ${i} differs`);
}

const rows = [
  ['restore from 25 words + address', async () => {
    const w = await moneroTs.createWalletKeys({ networkType: net, seed });
    await w.getPrimaryAddress();
    await w.close();
  }, () => {
    const k = cn.seedRestore(seed);
    cn.addressEncode('mainnet', 'standard', cn.secretKeyToPublicKey(k.spendSecretKey), cn.secretKeyToPublicKey(k.viewSecretKey));
  }],
  ['subaddress (0, i) string', (i) => made.getAddress(0, 1 + (i % 1000)),
    (i) => cn.subaddress(keys.viewSecretKey, spendPub, 0, 1 + (i % 1000))],
  ['address validation', () => moneroTs.MoneroUtils.isValidAddress(primary, net), () => cn.addressDecode(primary, 'mainnet')],
];
for (const [name, theirs, ours] of rows) {
  const t = await time(theirs), o = await time(ours);
  console.log(`${name.padEnd(32)} monero-ts ${fmt(t)}  cncrypto ${fmt(o)}  ratio ${(t.median / o.median).toFixed(1)}x`);
}
process.exit(0);  // (monero-ts keeps handles open)
