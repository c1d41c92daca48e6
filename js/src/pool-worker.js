// One worker of the scan pool (pool.js): its own module instance and scan
// context. Messages (each with an id, answered with the same id):
//   { type: 'init', full, wasm, viewSecretKey, spendPublicKey, spendSecretKey, subaddresses }
//       -> { type: 'ready' }  (the keys in the message are zeroed once the context holds them)
//   { type: 'scan', bytes, lens, base } -> { type: 'result', outputs }  (txIndex + base)
//   { type: 'dispose' } -> { type: 'disposed' }  (the context wiped and freed)
//   any failure -> { type: 'error', code, function, message }
// Runs as a module Web Worker in browsers and under Node's worker_threads.
const node = typeof self === 'undefined' ? await import('node:worker_threads') : null;
const post = node ? (m) => node.parentPort.postMessage(m) : (m) => self.postMessage(m);
const listen = node ? (fn) => node.parentPort.on('message', fn) : (fn) => self.addEventListener('message', (e) => fn(e.data));

let cn = null;
let scanner = null;

async function handle(d) {
  if (d.type === 'init') {
    const { create } = await import(d.full ? './full.js' : './index.js');
    cn = await create(d.wasm ? { wasm: d.wasm } : {});
    try {
      scanner = cn.scanner({ viewSecretKey: d.viewSecretKey, spendPublicKey: d.spendPublicKey,
        spendSecretKey: d.spendSecretKey, subaddresses: d.subaddresses });
    } finally {
      d.viewSecretKey.fill(0);
      if (d.spendSecretKey) d.spendSecretKey.fill(0);
    }
    return { type: 'ready' };
  }
  if (d.type === 'scan') {
    if (!scanner) throw Object.assign(new Error('the worker has no scan context'), { code: -1 });
    const blobs = [];
    let at = 0;
    for (const n of d.lens) { blobs.push(d.bytes.subarray(at, at + n)); at += n; }
    const outputs = scanner.scan(blobs);
    for (const o of outputs) o.txIndex += d.base;
    return { type: 'result', outputs };
  }
  if (d.type === 'dispose') {
    if (scanner) scanner.dispose();
    scanner = null;
    return { type: 'disposed' };
  }
  throw new Error(`unknown message ${d.type}`);
}

listen((d) => {
  handle(d).then((r) => post({ ...r, id: d.id }),
    (e) => post({ type: 'error', id: d.id, code: e && e.code, function: e && e.function, message: String(e && e.message || e) }));
});
