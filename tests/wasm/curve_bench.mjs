// The curve layer in WebAssembly, both modules in one Node process (docs/wasm.md,
// "Two modules: SIMD128 and scalar"; docs/measurements/wasm.md): per module
// (js/dist/cncrypto-wallet.wasm, scalar only, and cncrypto-wallet-simd.wasm,
// SIMD128) the time of
//   - generateKeyDerivation (8 a R: a decoding, a variable-base product, 3
//     doublings, an encoding), one call at a time;
//   - secretKeyToPublicKey (a G, the fixed-base product);
//   - the batched scan, cncrypto_scan_txs over 256 transactions (the real view-tagged
//     ones of ../shared/data, repeated), for a wallet that owns none of them: per
//     transaction, i.e. per derivation (each has one tx public key; plus a view tag
//     per output);
// and @noble/curves' ed25519 (8 a R: fromHex, multiply, multiplyUnsafe(8),
// toRawBytes) when js/bench's devDependencies are installed (`npm install` in
// js/bench), with the ratio.
//
// Usage: node tests/wasm/curve_bench.mjs [--dist DIR] [--seconds S] [--shared DIR]
// Prints the median of 7 runs (min..max) per row.
import { pathToFileURL, fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.resolve(opt('--dist', path.join(root, 'js/dist')));
const seconds = Number(opt('--seconds', '7'));
const shared = path.resolve(opt('--shared', process.env.CNCRYPTO_SHARED_DIR ?? path.join(root, '../shared')));

const { createWith } = await import(pathToFileURL(path.join(root, 'js/src/api.js')).href);
const { loadModule } = await import(pathToFileURL(path.join(root, 'js/src/load.js')).href);
const factory = (await import(pathToFileURL(path.join(dist, 'cncrypto-wallet.mjs')).href)).default;
// js/bench/timing.mjs: the timing loop js/bench/bench.mjs uses too.
const { time: timeRuns } = await import(pathToFileURL(path.join(root, 'js/bench/timing.mjs')).href);
const time = (fn) => timeRuns(fn, seconds);

const us = (ns) => (ns / 1000).toFixed(1);
const fmt = (r) => `${us(r.median)} us (${us(r.min)}..${us(r.max)})`;

let noble = null;
try {
  const require = createRequire(path.join(root, 'js/bench/package.json'));
  noble = (await import(pathToFileURL(require.resolve('@noble/curves/ed25519')).href)).ed25519;
} catch {
  console.log('(@noble/curves not installed: `npm install` in js/bench for its row)');
}

// The transactions for the scan: the view-tagged ones of ../shared/data (manifest:
// output_target 'tagged_key', not coinbase; one tx public key each, so one derivation
// and a view tag per output), repeated to 256.
const manifestPath = path.join(shared, 'data/manifest.json');
const blobs = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')).shared_txs
  .filter((t) => t.output_target === 'tagged_key' && !t.coinbase)
  .map((t) => readFileSync(path.join(shared, 'data/txs', `${t.hash}.bin`))) : [];

const rows = [];
for (const [label, file] of [['scalar', 'cncrypto-wallet.wasm'], ['simd128', 'cncrypto-wallet-simd.wasm']]) {
  const wasm = pathToFileURL(path.join(dist, file));
  if (!existsSync(wasm)) { console.log(`(${file} missing)`); continue; }
  const cn = await createWith(factory, wasm);
  const a = cn.generateKeys(), R = cn.generateKeys().publicKey;
  const derivation = time(() => cn.generateKeyDerivation(R, a.secretKey));
  const base = time(() => cn.secretKeyToPublicKey(a.secretKey));
  let scan = null;
  if (blobs.length > 0) {
    const m = await loadModule(factory, wasm);
    const count = 256;
    const list = Array.from({ length: count }, (_, i) => blobs[i % blobs.length]);
    const total = list.reduce((s, b) => s + b.length, 0);
    const pBlobs = m._malloc(total), pLens = m._malloc(4 * count), pKeys = m._malloc(64), pCtx = m._malloc(4);
    const pOut = m._malloc(200 * 16), pCount = m._malloc(4);
    let off = 0;
    list.forEach((b, i) => { m.HEAPU8.set(b, pBlobs + off); off += b.length; m.HEAPU32[(pLens >> 2) + i] = b.length; });
    m.HEAPU8.set(a.secretKey, pKeys);
    m.HEAPU8.set(cn.generateKeys().publicKey, pKeys + 32);
    if (m._cncrypto_scan_context_create(pKeys, pKeys + 32, 0, pCtx) !== 0) throw new Error('scan_context_create');
    const ctx = m.HEAPU32[pCtx >> 2];
    const once = () => {
      m.HEAPU32[pCount >> 2] = 16;
      const rc = m._cncrypto_scan_txs(ctx, pBlobs, pLens, count, 0, pOut, pCount);
      if (rc !== 0) throw new Error(`scan_txs: ${rc}`);
    };
    const t = time(once);
    scan = { median: t.median / count, min: t.min / count, max: t.max / count };
  }
  rows.push({ label, derivation, base, scan });
}

console.log(`node ${process.version}, ${dist}, ${blobs.length} distinct view-tagged transactions in the scan`);
let nobleRow = null;
if (noble) {
  const cn = await createWith(factory, pathToFileURL(path.join(dist, 'cncrypto-wallet.wasm')));
  const a = cn.generateKeys(), R = cn.generateKeys().publicKey;
  let s = 0n;
  for (let i = 31; i >= 0; --i) s = (s << 8n) | BigInt(a.secretKey[i]);
  nobleRow = time(() => noble.ExtendedPoint.fromHex(R).multiply(s).multiplyUnsafe(8n).toRawBytes());
  console.log(`@noble/curves ed25519 8*a*R         ${fmt(nobleRow)}`);
}
for (const r of rows) {
  const ratio = (x) => (nobleRow ? `  ${(nobleRow.median / x.median).toFixed(1)}x noble` : '');
  console.log(`${r.label.padEnd(8)} generateKeyDerivation ${fmt(r.derivation)}${ratio(r.derivation)}`);
  console.log(`${r.label.padEnd(8)} secretKeyToPublicKey  ${fmt(r.base)}`);
  if (r.scan) console.log(`${r.label.padEnd(8)} scan_txs, per tx      ${fmt(r.scan)}${ratio(r.scan)} (per derivation)`);
}
