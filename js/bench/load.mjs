// How long the package takes to be ready in a fresh Node process (issue 37: under
// 100 ms): each run is a new `node` that imports the package and awaits create()
// (read the .wasm, compile, instantiate, unpack the seed word lists, the ABI check
// and the scratch region), then makes one call; the child prints both times.
// Runs alternate the modules (wallet and full, SIMD128 and scalar).
//
// Usage: node js/bench/load.mjs [--runs N] [--package DIR]
//   --package DIR  the package to load (default ..: js/ of this clone, built by scripts/wasm.sh)
// Prints per module: the median, min and max of `await create()` and of import + create().
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(opt('--package', path.join(here, '..')));
const runs = Number(opt('--runs', '11'));

const child = (entry, simd) => `
const t0 = performance.now();
const { create } = await import(${JSON.stringify(pathToFileURL(path.join(pkg, 'src', entry)).href)});
const t1 = performance.now();
const cn = await create({ simd: ${simd} });
const t2 = performance.now();
cn.cnFastHash(new Uint8Array(32));
console.log(JSON.stringify({ create: t2 - t1, total: t2 - t0 }));`;

const modules = [['wallet, SIMD128', 'index.js', true], ['wallet, scalar', 'index.js', false],
  ['full, SIMD128', 'full.js', true], ['full, scalar', 'full.js', false]];
const times = modules.map(() => ({ create: [], total: [] }));
for (let r = 0; r < runs; ++r) {
  modules.forEach(([, entry, simd], i) => {
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', child(entry, simd)], { encoding: 'utf8' }));
    times[i].create.push(out.create);
    times[i].total.push(out.total);
  });
}
const stat = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[s.length >> 1].toFixed(1)} ms (${s[0].toFixed(1)}..${s[s.length - 1].toFixed(1)})`;
};
console.log(`node ${process.version}, ${runs} fresh processes per module, ${pkg}`);
modules.forEach(([name], i) => {
  console.log(`${name.padEnd(16)} create() ${stat(times[i].create)}   import + create() ${stat(times[i].total)}`);
});
