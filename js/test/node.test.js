// The package's tests under Node's runner: `node --test` (scripts/wasm.sh runs
// it in a directory where the packed tarball is installed, so 'cncrypto' is the
// package as a user gets it). The vectors come from CNCRYPTO_SHARED_DIR, else
// the shared directory next to the repository (../shared); without one, the
// cases that need it are skipped with a message.
import { test } from 'node:test';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { create as createWallet, CncryptoError, codes } from 'cncrypto';
import { create as createFull } from 'cncrypto/full';
import { createScanPool } from 'cncrypto/pool';
import { suite } from './suite.js';

function sharedDir() {
  const candidates = [process.env.CNCRYPTO_SHARED_DIR,
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared')].filter(Boolean);
  for (const dir of candidates) {
    if (existsSync(path.join(dir, 'vectors')) && existsSync(path.join(dir, 'data'))) return dir;
  }
  return null;
}

const dir = sharedDir();
const shared = dir && {
  text: (p) => readFile(path.join(dir, p), 'utf8'),
  bytes: async (p) => new Uint8Array(await readFile(path.join(dir, p))),
};
// Files beside the suite (test/vectors/, copied there by scripts/wasm.sh), else
// in the repository when run from a clone (js/test -> tests/unit_tests/vectors).
const here = path.dirname(fileURLToPath(import.meta.url));
const repoVectors = { 'vectors/monero_json_digests.txt': '../../tests/unit_tests/vectors/monero_json/digests.txt' };
const local = {
  text: (p) => readFile([path.join(here, p), repoVectors[p] && path.resolve(here, repoVectors[p])]
    .find((c) => c && existsSync(c)) || path.join(here, p), 'utf8'),
};
const skipReason = 'SKIPPED: no shared directory (set CNCRYPTO_SHARED_DIR to the directory with vectors/ and data/)';

const t0 = performance.now();
const wallet = await createWallet();
const readyMs = performance.now() - t0;
const full = await createFull();

test(`create() is ready (wallet module: ${readyMs.toFixed(1)} ms in this process)`, () => {
  if (typeof wallet.cnFastHash !== 'function') throw new Error('no API');
  if (!(new CncryptoError(codes.EINVAL, 'f', 'm') instanceof Error)) throw new Error('CncryptoError');
});

for (const c of suite({ wallet, full, shared, createScanPool, local })) {
  if (c.shared && !shared) {
    test(c.name, { skip: skipReason }, () => {});
    continue;
  }
  test(c.name, async (t) => {
    const note = await c.run();
    if (note) t.diagnostic(note);
  });
}

// The README's example (examples/scan.mjs) as a user runs it, in a child process.
test('examples/scan.mjs: the README\'s ten lines find the owned output of a real transaction', { skip: !shared && skipReason }, async () => {
  const { execFile } = await import('node:child_process');
  const example = [path.resolve(here, '../examples/scan.mjs'), path.resolve(here, '../../examples/scan.mjs')].find((p) => existsSync(p));
  if (!example) throw new Error('examples/scan.mjs not found beside the tests');
  const out = await new Promise((resolve, reject) => execFile(process.execPath,
    [example, path.join(dir, 'data/vectors/owned_output_clsag_tx.json')], { cwd: path.dirname(example) },
    (e, stdout, stderr) => (e ? reject(new Error(`${e.message}\n${stderr}`)) : resolve(stdout))));
  if (out !== 'output 0: 60363387616637 piconero\n') throw new Error(`printed ${JSON.stringify(out)}`);
});
