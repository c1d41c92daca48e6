// Batched scanning against the single-call path, per output, in one Node process
// (issue 37: "batched scanning per output >= 3x our own single-call path in wasm";
// docs/wasm.md, "Measured"). For each module (SIMD128 and scalar wallet builds):
//   - batched: scanner.scan(256 transactions), one cncrypto_scan_txs call;
//   - one transaction per call: scanner.scan(tx) for each;
//   - single calls: what a page does with the per-function API: per transaction
//     generateKeyDerivation(R, a), per output deriveViewTag(d, i) compared with the
//     output's tag, and derivePublicKey(d, i, B) compared with the output key when the
//     tag matches (the transactions' R and tags come from txToJson, outside the timing).
// The transactions: the view-tagged ones of ../shared/data (one tx public key each),
// repeated to 256, for a wallet that owns none of them. Per output: the time of the
// whole batch divided by its outputs.
//
// Usage: node js/bench/scan.mjs [--seconds S] [--shared DIR]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { time as timeRuns } from './timing.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(opt('--seconds', '7'));
const shared = path.resolve(opt('--shared', process.env.CNCRYPTO_SHARED_DIR ?? path.join(here, '../../../shared')));
const { create } = await import(pathToFileURL(path.join(here, '../src/index.js')).href);
const hexBytes = (h) => Uint8Array.from(h.match(/../g), (x) => parseInt(x, 16));

const manifest = JSON.parse(readFileSync(path.join(shared, 'data/manifest.json'), 'utf8'));
const distinct = manifest.shared_txs.filter((t) => t.output_target === 'tagged_key' && !t.coinbase)
  .map((t) => readFileSync(path.join(shared, 'data', t.file)));
const list = Array.from({ length: 256 }, (_, i) => new Uint8Array(distinct[i % distinct.length]));

console.log(`node ${process.version}; ${list.length} transactions (${distinct.length} distinct, view-tagged), per output`);
for (const simd of [true, false]) {
  const cn = await create({ simd });
  const parsed = list.map((blob) => {
    const j = JSON.parse(cn.txToJson(blob));
    if (j.extra[0] !== 1) throw new Error('tx public key not first in extra');
    return { R: Uint8Array.from(j.extra.slice(1, 33)),
      outs: j.vout.map((o) => ({ key: hexBytes(o.target.tagged_key.key), tag: parseInt(o.target.tagged_key.view_tag, 16) })) };
  });
  const outputs = parsed.reduce((n, t) => n + t.outs.length, 0);
  const a = cn.generateKeys().secretKey, B = cn.generateKeys().publicKey;
  const scanner = cn.scanner({ viewSecretKey: a, spendPublicKey: B });
  let found = 0;
  const single = () => {
    for (const t of parsed) {
      const d = cn.generateKeyDerivation(t.R, a);
      t.outs.forEach((o, i) => {
        if (cn.deriveViewTag(d, i) !== o.tag) return;
        const P = cn.derivePublicKey(d, i, B);
        if (P.every((x, k) => x === o.key[k])) ++found;
      });
    }
  };
  const rows = [
    ['batched: scanner.scan(256 txs)', () => scanner.scan(list)],
    ['one tx a call: scanner.scan(tx)', () => { for (const tx of list) scanner.scan(tx); }],
    ['single calls (derivation, view tags)', single],
  ];
  const per = rows.map(([name, fn]) => [name, timeRuns(fn, seconds)]);
  const base = per[0][1].median;
  console.log(`${simd ? 'SIMD128' : 'scalar'} module (${outputs} outputs a batch)`);
  for (const [name, r] of per) {
    const us = (x) => (x / outputs / 1000).toFixed(1);
    console.log(`  ${name.padEnd(38)} ${us(r.median)} us (${us(r.min)}..${us(r.max)})  ${(r.median / base).toFixed(2)}x the batch`);
  }
  scanner.dispose();
  if (found !== 0) throw new Error('a foreign wallet found outputs');
}
