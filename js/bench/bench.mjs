// One-process benchmark of the package (docs/wasm.md, "Measured"): cnFastHash
// of 32 B and 16 KiB and generateKeyDerivation, beside @noble/hashes'
// keccak_256 and @noble/curves' ed25519 (8*a*R) when they are installed
// (`npm install` in js/bench: devDependencies only; without them only cncrypto's
// rows are printed).
//
// Usage: node js/bench/bench.mjs [--dist DIR] [--seconds S] [--no-peers]
//   --dist DIR  the module to time (default ../dist): a scripts/wasm.sh output
// Prints per row: median ns per call of 7 runs of about S/7 seconds each, and
// the spread (min..max); noble's rows and the ratio when present.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { time as timeRuns } from './timing.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const here = path.dirname(new URL(import.meta.url).pathname);
const dist = path.resolve(opt('--dist', path.join(here, '../dist')));
const seconds = Number(opt('--seconds', '7'));
const time = (fn) => timeRuns(fn, seconds);

const { createWith } = await import(pathToFileURL(path.join(here, '../src/api.js')).href);
const factory = (await import(pathToFileURL(path.join(dist, 'cncrypto-wallet.mjs')).href)).default;
const cn = await createWith(factory, pathToFileURL(path.join(dist, 'cncrypto-wallet.wasm')));

const fmt = (r) => `${r.median.toFixed(0)} ns (${r.min.toFixed(0)}..${r.max.toFixed(0)})`;

let noble = null;
if (args.includes('--no-peers')) {
  // cncrypto's rows only (comparing two builds: --dist)
} else try {
  const { keccak_256 } = await import('@noble/hashes/sha3');
  const { ed25519 } = await import('@noble/curves/ed25519');
  noble = { keccak_256, ed25519 };
} catch {
  console.log('(@noble/hashes and @noble/curves not installed: `npm install` in js/bench for their rows)');
}

const m32 = new Uint8Array(32).map((_, i) => i), m16k = new Uint8Array(16384).map((_, i) => i & 255);
const a = cn.generateKeys(), R = cn.generateKeys().publicKey;
const rows = [
  ['cnFastHash 32 B', () => cn.cnFastHash(m32), noble && (() => noble.keccak_256(m32))],
  ['cnFastHash 16 KiB', () => cn.cnFastHash(m16k), noble && (() => noble.keccak_256(m16k))],
  ['generateKeyDerivation (8*a*R)', () => cn.generateKeyDerivation(R, a.secretKey), noble && (() => {
    // noble: decode R, multiply by the scalar a (reduced mod L; a is < L here), then by 8, encode.
    const P = noble.ed25519.ExtendedPoint.fromHex(R);
    let s = 0n;
    for (let i = 31; i >= 0; --i) s = (s << 8n) | BigInt(a.secretKey[i]);
    return P.multiply(s).multiplyUnsafe(8n).toRawBytes();
  })],
];
console.log(`node ${process.version}, ${dist}`);
for (const [name, ours, theirs] of rows) {
  const o = time(ours);
  let line = `${name.padEnd(32)} cncrypto ${fmt(o)}`;
  if (theirs) {
    const t = time(theirs);
    line += `  noble ${fmt(t)}  ratio ${(t.median / o.median).toFixed(1)}x`;
  }
  console.log(line);
}
