// Scanning across cores (docs/wasm.md, "Worker pool"; issue 37 point 4): a
// pool of workers, each with its own module instance and scan context
// (cncrypto_scan_context), that splits a batch of transaction blobs into
// chunks, scans them in parallel with the C ABI's batched scan, and reports
// progress. Browser: module Web Workers (`new Worker(url, { type: 'module' })`,
// no bundler needed); Node: worker_threads. The same pool-worker.js runs in both.
//
//   import { createScanPool } from 'cncrypto/pool';
//   const pool = await createScanPool({ viewSecretKey, spendPublicKey, subaddresses: { major: 1, minor: 50 } });
//   pool.addEventListener('progress', (e) => console.log(e.detail.done, '/', e.detail.total));
//   const outputs = await pool.scan(txBlobs);   // as scanner.scan(txBlobs), txIndex into txBlobs
//   pool.dispose();
import { CncryptoError, codes } from './api.js';

const isNode = typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
  typeof process.versions.node === 'string' && typeof window === 'undefined';

async function defaultWorkers() {
  let n = typeof navigator === 'object' && navigator && navigator.hardwareConcurrency;
  if (!n && isNode) {
    const os = await import('node:os');
    n = os.availableParallelism ? os.availableParallelism() : os.cpus().length;
  }
  return Math.max(1, Math.min(n || 2, 16));
}

// A worker behind one interface: post(message, transfer), on(fn), terminate().
async function spawn(url) {
  if (isNode) {
    const { Worker } = await import('node:worker_threads');
    const w = new Worker(url);
    return {
      post: (msg, transfer) => w.postMessage(msg, transfer),
      on: (fn, fail) => { w.on('message', fn); w.on('error', fail); },
      terminate: () => w.terminate(),
    };
  }
  const w = new Worker(url, { type: 'module', name: 'cncrypto-scan' });
  return {
    post: (msg, transfer) => w.postMessage(msg, transfer),
    on: (fn, fail) => {
      w.addEventListener('message', (e) => fn(e.data));
      w.addEventListener('error', (e) => { e.preventDefault?.(); fail(e.error || new Error(e.message || 'worker error')); });
    },
    terminate: () => w.terminate(),
  };
}

const errorOf = (d) => (d.code !== undefined ? new CncryptoError(d.code, d.function || 'scanPool', d.message)
  : new Error(`cncrypto scan pool: ${d.message}`));

const progressEvent = (detail) => (typeof CustomEvent === 'function'
  ? new CustomEvent('progress', { detail }) : Object.assign(new Event('progress'), { detail }));

// A pool of `workers` workers (default navigator.hardwareConcurrency, at most
// 16) scanning for one wallet. options: viewSecretKey, spendPublicKey,
// spendSecretKey (optional: key images), subaddresses (as cn.scanner), workers,
// full (the 'cncrypto/full' build in the workers), wasm (the .wasm's location
// when not beside the package; a URL or string), chunkSize (transactions per
// job; default: about four jobs per worker, 16 .. 256).
// The keys are copied to every worker (structured clone), where they are wiped
// from the message once the worker's scan context holds them.
export async function createScanPool(options = {}) {
  const { viewSecretKey, spendPublicKey, spendSecretKey = null, subaddresses = null, full = false, wasm = null } = options;
  const count = options.workers ?? await defaultWorkers();
  if (!Number.isInteger(count) || count < 1 || count > 256) {
    throw new CncryptoError(codes.EINVAL, 'createScanPool', 'workers must be an integer in 1 .. 256');
  }
  for (const [name, v] of [['viewSecretKey', viewSecretKey], ['spendPublicKey', spendPublicKey]]) {
    if (!(v instanceof Uint8Array) || v.length !== 32) throw new CncryptoError(codes.EINVAL, 'createScanPool', `${name} must be 32 bytes`);
  }
  const url = new URL('./pool-worker.js', import.meta.url);
  const pool = new ScanPool(count, options.chunkSize);
  const wasmArg = wasm === null ? null : wasm instanceof URL ? wasm.href : wasm;
  await Promise.all(Array.from({ length: count }, async () => {
    const w = await spawn(url);
    pool._add(w);
    await pool._request(w, { type: 'init', full, wasm: wasmArg, viewSecretKey, spendPublicKey, spendSecretKey, subaddresses });
  })).catch((e) => { pool.dispose(); throw e; });
  return pool;
}

export class ScanPool extends EventTarget {
  #workers = [];
  #idle = [];
  #waiting = [];        // callers waiting for an idle worker
  #pending = new Map(); // request id -> { resolve, reject }
  #nextId = 1;
  #chunkSize;
  #disposed = false;

  constructor(count, chunkSize) {
    super();
    this.size = count;
    this.#chunkSize = chunkSize;
  }
  _add(w) {
    this.#workers.push(w);
    w.on((d) => {
      const p = this.#pending.get(d.id);
      if (!p) return;
      this.#pending.delete(d.id);
      if (d.type === 'error') p.reject(errorOf(d)); else p.resolve(d);
    }, (e) => {
      for (const p of this.#pending.values()) p.reject(e instanceof Error ? e : new Error(String(e)));
      this.#pending.clear();
    });
  }
  _request(w, msg, transfer = []) {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      w.post({ ...msg, id }, transfer);
    }).then((d) => { if (msg.type === 'init') this.#idle.push(w); return d; });
  }
  #acquire() {
    if (this.#idle.length > 0) return Promise.resolve(this.#idle.pop());
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
  #release(w) {
    const next = this.#waiting.shift();
    if (next) next(w); else this.#idle.push(w);
  }

  // Scans txBlobs (an array of complete transaction blobs) on the workers; the
  // result is scanner.scan(txBlobs)'s: owned outputs in transaction then output
  // order, txIndex the index in txBlobs. Dispatches 'progress' events ({ detail:
  // { done, total } } in transactions) and calls options.onProgress(done, total).
  // Rejects with the first error (EDECODE: a blob that is not a transaction).
  async scan(txBlobs, { onProgress = null } = {}) {
    if (this.#disposed) throw new CncryptoError(codes.EINVAL, 'scanPool.scan', 'the pool was disposed');
    if (!Array.isArray(txBlobs) || !txBlobs.every((b) => b instanceof Uint8Array)) {
      throw new CncryptoError(codes.EINVAL, 'scanPool.scan', 'txBlobs must be an array of Uint8Array');
    }
    const total = txBlobs.length;
    const size = this.#chunkSize ?? Math.max(16, Math.min(256, Math.ceil(total / (this.size * 4))));
    const jobs = [];
    let done = 0;
    let failed = null;
    for (let start = 0; start < total; start += size) {
      const part = txBlobs.slice(start, start + size);
      jobs.push((async () => {
        const w = await this.#acquire();
        try {
          if (failed) return [];
          // one buffer for the chunk, transferred (the caller's arrays stay theirs)
          const bytes = new Uint8Array(part.reduce((n, b) => n + b.length, 0));
          const lens = new Uint32Array(part.length);
          let at = 0;
          part.forEach((b, i) => { bytes.set(b, at); at += b.length; lens[i] = b.length; });
          const r = await this._request(w, { type: 'scan', bytes, lens, base: start }, [bytes.buffer, lens.buffer]);
          done += part.length;
          this.dispatchEvent(progressEvent({ done, total }));
          if (onProgress) onProgress(done, total);
          return r.outputs;
        } catch (e) {
          failed = failed || e;
          throw e;
        } finally {
          this.#release(w);
        }
      })());
    }
    const parts = await Promise.allSettled(jobs);
    if (failed) throw failed;
    return parts.flatMap((p) => p.value);
  }

  // Wipes every worker's scan context and stops the workers. Safe twice.
  async dispose() {
    if (this.#disposed) return;
    this.#disposed = true;
    const workers = this.#workers;
    this.#workers = [];
    await Promise.all(workers.map(async (w) => {
      try {
        await Promise.race([this._request(w, { type: 'dispose' }), new Promise((r) => setTimeout(r, 2000))]);
      } catch { /* a worker that failed to start */ }
      await w.terminate();
    }));
  }
}
