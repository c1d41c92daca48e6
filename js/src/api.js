// The JavaScript face of the C ABI (src/capi/include/cncrypto.h, docs/c_api.md):
// one method per C function, camelCase, Uint8Array in and out, numbers or
// bigints for indices, a CncryptoError with the C code for every failure.
// docs/wasm.md has the table of names and the decisions.
//
// Memory: every call copies its inputs into a scratch region of the wasm heap
// (one 64 KiB allocation made at create(); larger inputs get their own
// allocation for the call), runs the C function, copies the outputs out, and
// zeroes every byte it used, also on an error, so no secret stays in wasm
// memory after a call returns. Handles (Keccak streaming) hold their state in
// the wasm heap until dispose(), which wipes it.

import { loadModule } from './load.js';
import { walletApi } from './wallet.js';

export { networks, addressKinds, ownedFlags, keysFileFlags } from './wallet.js';

export const codes = Object.freeze({
  OK: 0, EINVAL: -1, EDECODE: -2, EVERIFY: -3, ESIZE: -4, ENOMEM: -5, EUNSUPPORTED: -6, EINTERNAL: -7, EIO: -8,
});
const codeNames = Object.fromEntries(Object.entries(codes).map(([name, value]) => [value, name]));

// Streaming algorithms (CNCRYPTO_KECCAK_256 ...).
export const algorithms = Object.freeze({
  KECCAK_256: 0, SHA3_224: 1, SHA3_256: 2, SHA3_384: 3, SHA3_512: 4, SHAKE128: 5, SHAKE256: 6,
});
const digestBytes = [32, 28, 32, 48, 64, null, null];

export class CncryptoError extends Error {
  constructor(code, functionName, message) {
    super(`${functionName}: ${message} (${codeNames[code] || code})`);
    this.name = 'CncryptoError';
    this.code = code;                       // the C ABI's code: codes.EINVAL, ...
    this.codeName = codeNames[code] || String(code);
    this.function = functionName;           // the JavaScript method
    this.detail = '';                       // the C ABI's detail text (cncrypto_last_error), when it has one
  }
}

const SCRATCH_BYTES = 64 * 1024;
const rxPointer = Symbol('cncrypto.rx');
const U64_MAX = (1n << 64n) - 1n;

export async function createWith(factory, wasmSource) {
  const m = await loadModule(factory, wasmSource);
  if (m._cncrypto_abi_check(1) !== 0) throw new Error('cncrypto: the .wasm is of another ABI version than this package');
  const scratch = m._malloc(SCRATCH_BYTES);
  if (scratch === 0) throw new Error('cncrypto: no memory for the scratch region');
  m.HEAPU8.fill(0, scratch, scratch + SCRATCH_BYTES);  // (malloc may hand back freed start-up memory)

  const strerror = (code) => cString(m._cncrypto_strerror(code));
  function cString(ptr) {
    const heap = m.HEAPU8;
    let end = ptr;
    while (heap[end] !== 0) ++end;
    return new TextDecoder().decode(heap.subarray(ptr, end));
  }
  // The C ABI's detail text of the failure (cncrypto_last_error: names the
  // argument, position or limit, never secret bytes), when the module has it
  // (C ABIs from h-cabi3 on; before, the code's message alone).
  const lastError = typeof m._cncrypto_last_error === 'function' ? () => cString(m._cncrypto_last_error()) : () => '';
  function fail(fn, code) {
    const detail = lastError();
    const e = new CncryptoError(code, fn, detail ? `${strerror(code)}: ${detail}` : strerror(code));
    e.detail = detail;
    throw e;
  }
  function invalid(fn, what) { throw new CncryptoError(codes.EINVAL, fn, what); }
  // A C function the module may leave out: the wallet build ('cncrypto') does not
  // export the transaction verification (cncrypto_check_tx, _check_tx_semantics)
  // nor version-1 ring signatures (scripts/wasm.sh, docs/wasm.md "Two builds");
  // their methods throw EUNSUPPORTED there.
  function exported(fn, c) {
    const cfn = m[`_cncrypto_${c}`];
    if (typeof cfn === 'function') return cfn;
    throw new CncryptoError(codes.EUNSUPPORTED, fn,
      `cncrypto_${c} is not in this module (the wallet build leaves it out): import 'cncrypto/full'`);
  }

  function bytes(fn, name, v, size) {
    if (!(v instanceof Uint8Array)) invalid(fn, `${name} must be a Uint8Array`);
    if (size !== undefined && v.length !== size) invalid(fn, `${name} must be ${size} bytes, got ${v.length}`);
    return v;
  }
  // A list of fixed-size items: one Uint8Array of n * size bytes, or an array of n Uint8Arrays.
  function items(fn, name, v, size) {
    if (Array.isArray(v)) {
      const out = new Uint8Array(v.length * size);
      v.forEach((x, i) => out.set(bytes(fn, `${name}[${i}]`, x, size), i * size));
      return out;
    }
    bytes(fn, name, v);
    if (v.length % size !== 0) invalid(fn, `${name} must be a multiple of ${size} bytes, got ${v.length}`);
    return v;
  }
  function u64(fn, name, v) {
    let b;
    if (typeof v === 'bigint') b = v;
    else if (typeof v === 'number' && Number.isSafeInteger(v)) b = BigInt(v);
    else invalid(fn, `${name} must be a bigint or a safe integer`);
    if (b < 0n || b > U64_MAX) invalid(fn, `${name} must be in 0 .. 2^64 - 1`);
    return b;
  }
  function size32(fn, name, v) {  // a size_t argument (32 bits in wasm32)
    if (typeof v === 'bigint' && v >= 0n && v <= 0xffffffffn) return Number(v);
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff) return v;
    invalid(fn, `${name} must be an integer in 0 .. 2^32 - 1`);
  }

  // One call's wasm memory: bump allocation in the scratch region, own
  // allocations past it; wipe() zeroes (and frees) everything handed out.
  function frame() {
    let used = 0;
    const own = [];
    const alloc = (n) => {
      const aligned = (n + 15) & ~15;
      if (used + aligned <= SCRATCH_BYTES) {
        const p = scratch + used;
        used += aligned;
        return p;
      }
      const p = m._malloc(Math.max(n, 1));
      if (p === 0) throw new CncryptoError(codes.ENOMEM, 'cncrypto', 'no wasm memory for the arguments');
      own.push([p, n]);
      return p;
    };
    return {
      in(data) { const p = alloc(data.length); m.HEAPU8.set(data, p); return p; },
      out(n) { const p = alloc(n); m.HEAPU8.fill(0, p, p + n); return p; },
      read(p, n) { return m.HEAPU8.slice(p, p + n); },
      wipe() {
        m.HEAPU8.fill(0, scratch, scratch + used);
        for (const [p, n] of own) { m.HEAPU8.fill(0, p, p + n); m._free(p); }
      },
    };
  }
  // Makes a handle class's dispose() also its [Symbol.dispose] (`using`) and Node's older symbol.
  function disposable(Class) {
    Class.prototype[Symbol.for('nodejs.dispose')] = Class.prototype.dispose;
    if (typeof Symbol.dispose === 'symbol') Class.prototype[Symbol.dispose] = Class.prototype.dispose;
  }
  // Runs body(frame) and wipes the frame whatever happens.
  function call(body) {
    const f = frame();
    try { return body(f); } finally { f.wipe(); }
  }
  // A C function with inputs and one output of outBytes: returns the output.
  function simple(fn, cfn, args, outBytes) {
    return call((f) => {
      const ptrs = args.map((a) => (a instanceof Uint8Array ? f.in(a) : a));
      const out = f.out(outBytes);
      const rc = cfn(...ptrs, out);
      if (rc !== 0) fail(fn, rc);
      return f.read(out, outBytes);
    });
  }
  // A verification: true for OK, false for EVERIFY, an error otherwise.
  function verdict(fn, rc) {
    if (rc === 0) return true;
    if (rc === codes.EVERIFY) return false;
    fail(fn, rc);
  }

  const K = 32;
  const api = {
    // ---- library
    version: () => cString(m._cncrypto_version()),
    abiVersion: () => m._cncrypto_abi_version(),
    abiCheck: (headerAbiVersion) => m._cncrypto_abi_check(headerAbiVersion) === 0,
    strerror,
    // Zeroes a JavaScript buffer (wasm memory is wiped by every call already).
    memzero(buf) { bytes('memzero', 'buf', buf).fill(0); },
    randomBytes(n) {
      const len = size32('randomBytes', 'n', n);
      return call((f) => {
        const out = f.out(len);
        const rc = m._cncrypto_random_bytes(out, len);
        if (rc !== 0) fail('randomBytes', rc);
        return f.read(out, len);
      });
    },

    // ---- hashing
    cnFastHash: (data) => oneShot('cnFastHash', m._cncrypto_cn_fast_hash, data, 32),
    treeHash(hashes) {
      const all = items('treeHash', 'hashes', hashes, 32);
      return call((f) => {
        const p = f.in(all), out = f.out(32);
        const rc = m._cncrypto_tree_hash(p, all.length / 32, out);
        if (rc !== 0) fail('treeHash', rc);
        return f.read(out, 32);
      });
    },
    cnSlowHash(data, variant = 0, height = 0) {
      bytes('cnSlowHash', 'data', data);
      if (!Number.isInteger(variant)) invalid('cnSlowHash', 'variant must be an integer');
      const h = u64('cnSlowHash', 'height', height);
      return call((f) => {
        const p = f.in(data), out = f.out(32);
        const rc = m._cncrypto_cn_slow_hash(p, data.length, variant | 0, h, out);
        if (rc !== 0) fail('cnSlowHash', rc);
        return f.read(out, 32);
      });
    },
    cnSlowHashFreeState() { m._cncrypto_cn_slow_hash_free_state(); },
    rxSlowHash(seedHash, data) {
      bytes('rxSlowHash', 'seedHash', seedHash, 32);
      bytes('rxSlowHash', 'data', data);
      return call((f) => {
        const s = f.in(seedHash), p = f.in(data), out = f.out(32);
        const rc = m._cncrypto_rx_slow_hash(s, p, data.length, out);
        if (rc !== 0) rxFail('rxSlowHash', rc);
        return f.read(out, 32);
      });
    },
    // RandomX's handles (cncrypto_rx_cache_create ...): rxCache(key) -> { dispose },
    // rxDataset(cache, threads = 0) -> { dispose }, rxVm({ cache } or { dataset })
    // -> { hash(data), dispose }. EUNSUPPORTED in both WebAssembly builds (below).
    rxCache(key) {
      const fn = 'rxCache';
      bytes(fn, 'key', key);
      return new RxHandle(fn, (f, slot) => m._cncrypto_rx_cache_create(f.in(key), key.length, slot),
        m._cncrypto_rx_cache_destroy);
    },
    rxDataset(cache, threads = 0) {
      const fn = 'rxDataset';
      const c = rxLive(fn, 'cache', cache), n = size32(fn, 'threads', threads);
      return new RxHandle(fn, (f, slot) => m._cncrypto_rx_dataset_create(c, n, slot), m._cncrypto_rx_dataset_destroy);
    },
    rxVm({ cache = null, dataset = null } = {}) {
      const fn = 'rxVm';
      const c = cache === null ? 0 : rxLive(fn, 'cache', cache), d = dataset === null ? 0 : rxLive(fn, 'dataset', dataset);
      if ((c === 0) === (d === 0)) invalid(fn, 'give exactly one of cache and dataset');
      return new RxHandle(fn, (f, slot) => m._cncrypto_rx_vm_create(c, d, slot), m._cncrypto_rx_vm_destroy);
    },
    sha3_224: (data) => oneShot('sha3_224', m._cncrypto_sha3_224, data, 28),
    sha3_256: (data) => oneShot('sha3_256', m._cncrypto_sha3_256, data, 32),
    sha3_384: (data) => oneShot('sha3_384', m._cncrypto_sha3_384, data, 48),
    sha3_512: (data) => oneShot('sha3_512', m._cncrypto_sha3_512, data, 64),
    shake128: (data, outLen) => shake('shake128', m._cncrypto_shake128, data, outLen),
    shake256: (data, outLen) => shake('shake256', m._cncrypto_shake256, data, outLen),
    // A streaming state (cncrypto_keccak_create): update(data), final(outLen?),
    // squeeze(n) (SHAKE), reset(), dispose() (wipes and frees; also
    // [Symbol.dispose]). algorithm: algorithms.KECCAK_256 (= cnFastHash) .. SHAKE256.
    keccak(algorithm = algorithms.KECCAK_256) { return new KeccakState(algorithm); },

    // ---- keys (all 32 bytes; a signature 64)
    // A new key pair; with recoveryKey (32 bytes), sec = recoveryKey mod L.
    generateKeys(recoveryKey) {
      if (recoveryKey !== undefined && recoveryKey !== null) bytes('generateKeys', 'recoveryKey', recoveryKey, K);
      return call((f) => {
        const pub = f.out(K), sec = f.out(K);
        const rec = recoveryKey ? f.in(recoveryKey) : 0;
        const rc = m._cncrypto_generate_keys(pub, sec, rec);
        if (rc !== 0) fail('generateKeys', rc);
        return { publicKey: f.read(pub, K), secretKey: f.read(sec, K) };
      });
    },
    checkKey(key) {
      bytes('checkKey', 'key', key, K);
      return call((f) => verdict('checkKey', m._cncrypto_check_key(f.in(key))));
    },
    checkSignature(prefixHash, pub, sig) {
      const fn = 'checkSignature';
      bytes(fn, 'prefixHash', prefixHash, K), bytes(fn, 'pub', pub, K), bytes(fn, 'sig', sig, 64);
      return call((f) => verdict(fn, m._cncrypto_check_signature(f.in(prefixHash), f.in(pub), f.in(sig))));
    },
    // pubs: the ring (n keys: one Uint8Array of n * 32 bytes or an array); returns n * 64 bytes.
    generateRingSignature(prefixHash, image, pubs, sec, secIndex) {
      const fn = 'generateRingSignature';
      bytes(fn, 'prefixHash', prefixHash, K), bytes(fn, 'image', image, K), bytes(fn, 'sec', sec, K);
      const ring = items(fn, 'pubs', pubs, K), n = ring.length / K, index = size32(fn, 'secIndex', secIndex);
      return call((f) => {
        const out = f.out(n * 64);
        const rc = exported(fn, 'generate_ring_signature')(f.in(prefixHash), f.in(image), f.in(ring), n, f.in(sec), index, out);
        if (rc !== 0) fail(fn, rc);
        return f.read(out, n * 64);
      });
    },
    checkRingSignature(prefixHash, image, pubs, sigs) {
      const fn = 'checkRingSignature';
      bytes(fn, 'prefixHash', prefixHash, K), bytes(fn, 'image', image, K);
      const ring = items(fn, 'pubs', pubs, K), n = ring.length / K;
      const s = items(fn, 'sigs', sigs, 64);
      if (s.length !== n * 64) invalid(fn, `sigs must be ${n} * 64 bytes for a ring of ${n}`);
      const cfn = exported(fn, 'check_ring_signature');
      return call((f) => verdict(fn, cfn(f.in(prefixHash), f.in(image), f.in(ring), n, f.in(s))));
    },
    // B: the subaddress spend key, or null for a main address.
    generateTxProof(prefixHash, R, A, B, D, r) {
      const fn = 'generateTxProof';
      bytes(fn, 'prefixHash', prefixHash, K), bytes(fn, 'R', R, K), bytes(fn, 'A', A, K), bytes(fn, 'D', D, K);
      bytes(fn, 'r', r, K);
      if (B !== null && B !== undefined) bytes(fn, 'B', B, K);
      return call((f) => {
        const out = f.out(64);
        const rc = m._cncrypto_generate_tx_proof(f.in(prefixHash), f.in(R), f.in(A), B ? f.in(B) : 0, f.in(D), f.in(r), out);
        if (rc !== 0) fail(fn, rc);
        return f.read(out, 64);
      });
    },
    checkTxProof(prefixHash, R, A, B, D, sig, version = 2) {
      const fn = 'checkTxProof';
      bytes(fn, 'prefixHash', prefixHash, K), bytes(fn, 'R', R, K), bytes(fn, 'A', A, K), bytes(fn, 'D', D, K);
      bytes(fn, 'sig', sig, 64);
      if (B !== null && B !== undefined) bytes(fn, 'B', B, K);
      if (!Number.isInteger(version)) invalid(fn, 'version must be an integer');
      return call((f) => verdict(fn, m._cncrypto_check_tx_proof(f.in(prefixHash), f.in(R), f.in(A), B ? f.in(B) : 0,
        f.in(D), f.in(sig), version | 0)));
    },

    // ---- transactions and blocks
    txHash: (blob) => oneShot('txHash', m._cncrypto_tx_hash, blob, K),
    txPrefixHash: (blob) => oneShot('txPrefixHash', m._cncrypto_tx_prefix_hash, blob, K),
    blockId: (blob) => oneShot('blockId', m._cncrypto_block_id, blob, K),
    // seedHash: the RandomX seed block's id (RandomX blocks), else omitted/null.
    blockPowHash(blob, seedHash) {
      const fn = 'blockPowHash';
      bytes(fn, 'blob', blob);
      if (seedHash !== undefined && seedHash !== null) bytes(fn, 'seedHash', seedHash, K);
      return call((f) => {
        const p = f.in(blob), s = seedHash ? f.in(seedHash) : 0, out = f.out(K);
        const rc = m._cncrypto_block_pow_hash(p, blob.length, s, out);
        if (rc !== 0) fail(fn, rc);
        return f.read(out, K);
      });
    },
  };

  // f(data, len, out[outBytes]): the hashes, and the ids of a blob.
  function oneShot(fn, cfn, data, outBytes) {
    bytes(fn, 'data', data);
    return call((f) => {
      const p = f.in(data), out = f.out(outBytes);
      const rc = cfn(p, data.length, out);
      if (rc !== 0) fail(fn, rc);
      return f.read(out, outBytes);
    });
  }
  function shake(fn, cfn, data, outLen) {
    bytes(fn, 'data', data);
    const n = size32(fn, 'outLen', outLen);
    return call((f) => {
      const p = f.in(data), out = f.out(n);
      const rc = cfn(p, data.length, out, n);
      if (rc !== 0) fail(fn, rc);
      return f.read(out, n);
    });
  }
  class KeccakState {
    #state = 0;
    #algorithm;
    constructor(algorithm) {
      if (!Number.isInteger(algorithm) || digestBytes[algorithm] === undefined) invalid('keccak', `unknown algorithm ${algorithm}`);
      this.#algorithm = algorithm;
      this.#state = call((f) => {
        const slot = f.out(4);
        const rc = m._cncrypto_keccak_create(algorithm, slot);
        if (rc !== 0) fail('keccak', rc);
        return m.HEAPU32[slot >> 2];
      });
    }
    #live(fn) { if (this.#state === 0) invalid(fn, 'the state was disposed'); return this.#state; }
    update(data) {
      bytes('keccak.update', 'data', data);
      const s = this.#live('keccak.update');
      call((f) => { const rc = m._cncrypto_keccak_update(s, f.in(data), data.length); if (rc !== 0) fail('keccak.update', rc); });
      return this;
    }
    // The digest: outLen defaults to the algorithm's size (SHAKE: required).
    final(outLen = digestBytes[this.#algorithm]) { return this.#output('keccak.final', m._cncrypto_keccak_final, outLen); }
    squeeze(outLen) { return this.#output('keccak.squeeze', m._cncrypto_keccak_squeeze, outLen); }
    #output(fn, cfn, outLen) {
      const n = size32(fn, 'outLen', outLen);
      const s = this.#live(fn);
      return call((f) => {
        const out = f.out(n);
        const rc = cfn(s, out, n);
        if (rc !== 0) fail(fn, rc);
        return f.read(out, n);
      });
    }
    // A second state with this one's absorbed input (cncrypto_keccak_copy): hash a
    // common prefix once, then finish each copy on its own. Dispose both.
    copy() {
      const src = this.#live('keccak.copy');
      const dup = new KeccakState(this.#algorithm);
      const rc = m._cncrypto_keccak_copy(src, dup.#state);
      if (rc !== 0) { dup.dispose(); fail('keccak.copy', rc); }
      return dup;
    }
    reset() {
      const rc = m._cncrypto_keccak_reset(this.#live('keccak.reset'));
      if (rc !== 0) fail('keccak.reset', rc);
      return this;
    }
    // Wipes and frees the state; later calls throw EINVAL. Safe to call twice.
    dispose() {
      if (this.#state !== 0) m._cncrypto_keccak_destroy(this.#state);
      this.#state = 0;
    }
  }
  disposable(KeccakState);

  // RandomX in WebAssembly: Debian has no wasm32 librandomx, and its light mode
  // needs a 256 MiB cache (fast mode 2 GiB) a page should not take, so neither
  // build has it; the C functions report EUNSUPPORTED after their argument checks
  // (EINVAL comes first, as natively) and the methods throw a CncryptoError that
  // says where RandomX is (docs/wasm.md, "Two builds").
  function rxFail(fn, rc) {
    if (rc !== codes.EUNSUPPORTED) fail(fn, rc);
    const e = new CncryptoError(rc, fn, 'RandomX is not in the WebAssembly builds of cncrypto (no wasm32 librandomx; '
      + 'its light mode needs a 256 MiB cache): hash RandomX natively (the C library or the Python package)');
    e.detail = lastError();
    throw e;
  }
  // A RandomX cache, dataset or VM (a module built with librandomx only): its
  // memory is librandomx's until dispose(); the C ABI keeps a VM's cache or
  // dataset alive while the VM lives, so they may be disposed in any order.
  class RxHandle {
    #p = 0;
    #fn;
    #destroy;
    constructor(fn, create, destroy) {
      this.#fn = fn;
      this.#destroy = destroy;
      this.#p = call((f) => {
        const slot = f.out(4);
        const rc = create(f, slot);
        if (rc !== 0) rxFail(fn, rc);
        return m.HEAPU32[slot >> 2];
      });
    }
    get [rxPointer]() { return this.#p; }
    get disposed() { return this.#p === 0; }
    // A VM's hash of data (cncrypto_rx_hash): 32 bytes.
    hash(data) {
      const fn = `${this.#fn}.hash`;
      if (this.#fn !== 'rxVm') invalid(fn, 'only a VM (rxVm) hashes');
      bytes(fn, 'data', data);
      const vm = rxLive(fn, 'this', this);
      return call((f) => {
        const p = f.in(data), out = f.out(K);
        const rc = m._cncrypto_rx_hash(vm, p, data.length, out);
        if (rc !== 0) rxFail(fn, rc);
        return f.read(out, K);
      });
    }
    // Drops the handle; safe twice.
    dispose() {
      if (this.#p !== 0) this.#destroy(this.#p);
      this.#p = 0;
    }
  }
  disposable(RxHandle);
  function rxLive(fn, name, h) {
    if (!(h instanceof RxHandle)) invalid(fn, `${name} must be a RandomX handle (rxCache, rxDataset, rxVm)`);
    if (h.disposed) invalid(fn, `${name} was disposed`);
    return h[rxPointer];
  }

  // The functions of fixed-size arguments and one output (the output last in C):
  // name: [the C name after cncrypto_, the arguments, the output's bytes]. An
  // argument is a 32-byte array, '#name' an index (uint64_t), 'sig' 64 bytes.
  const fixed = {
    secretKeyToPublicKey: ['secret_key_to_public_key', ['sec'], K],
    generateKeyDerivation: ['generate_key_derivation', ['pub', 'sec'], K],
    derivePublicKey: ['derive_public_key', ['derivation', '#outputIndex', 'base'], K],
    deriveSecretKey: ['derive_secret_key', ['derivation', '#outputIndex', 'base'], K],
    deriveSubaddressPublicKey: ['derive_subaddress_public_key', ['outKey', 'derivation', '#outputIndex'], K],
    deriveViewTag: ['derive_view_tag', ['derivation', '#outputIndex'], 1],
    generateKeyImage: ['generate_key_image', ['pub', 'sec'], K],
    generateSignature: ['generate_signature', ['prefixHash', 'pub', 'sec'], 64],
  };
  for (const [name, [c, params, outBytes]] of Object.entries(fixed)) {
    const cfn = m[`_cncrypto_${c}`];
    api[name] = (...args) => simple(name, cfn, params.map((p, i) => (p[0] === '#'
      ? u64(name, p.slice(1), args[i]) : bytes(name, p, args[i], p === 'sig' ? 64 : K))), outBytes);
  }
  // Many public keys with one secret key in one call (cncrypto_generate_key_derivations):
  // an array of 32-byte Uint8Arrays, each exactly generateKeyDerivation(pubs[i], sec);
  // a key that does not decode throws EDECODE with .index (the first such key), or is
  // null in the result with { skipInvalid: true }.
  api.generateKeyDerivations = (pubs, sec, { skipInvalid = false } = {}) => {
    const fn = 'generateKeyDerivations';
    const all = items(fn, 'pubs', pubs, K);
    bytes(fn, 'sec', sec, K);
    const n = all.length / K;
    if (n === 0) return [];
    return call((f) => {
      const p = f.in(all), s = f.in(sec), out = f.out(n * K), ok = f.out(n);
      const rc = m._cncrypto_generate_key_derivations(p, n, s, out, ok);
      if (rc !== 0) fail(fn, rc);
      const flags = f.read(ok, n);
      const first = flags.indexOf(0);
      if (first >= 0 && !skipInvalid) {
        const e = new CncryptoError(codes.EDECODE, fn, `pubs[${first}] does not decode`);
        e.index = first;
        throw e;
      }
      const result = [];
      for (let i = 0; i < n; ++i) result.push(flags[i] ? f.read(out + i * K, K) : null);
      return result;
    });
  };
  const viewTagBytes = api.deriveViewTag;
  api.deriveViewTag = (derivation, outputIndex) => viewTagBytes(derivation, outputIndex)[0];  // a number 0..255

  // The size functions (hashBytes() = cncrypto_hash_bytes() ...): one line each in the C ABI, one name here.
  for (const c of ['hash', 'key', 'public_key', 'secret_key', 'key_derivation', 'key_image', 'signature', 'view_tag',
    'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512']) {
    const fn = m[`_cncrypto_${c}_bytes`];
    api[`${c.replace(/_([a-z])/g, (_, x) => x.toUpperCase())}Bytes`] = () => fn();
  }
  api.keccakStatebytes = () => m._cncrypto_keccak_statebytes();
  // The wallet half: addresses, amounts, tx checks, seeds, .keys files, the scanner (wallet.js).
  Object.assign(api, walletApi(m, { call, bytes, items, u64, fail, invalid, verdict, disposable, exported, CncryptoError, codes }));
  api.codes = codes;
  api.algorithms = algorithms;
  // For tests and audits (not enumerable): the wasm heap as it is now, and where
  // the scratch region is in it.
  Object.defineProperty(api, Symbol.for('cncrypto.heap'), { value: () => m.HEAPU8 });
  Object.defineProperty(api, Symbol.for('cncrypto.scratch'),
    { value: Object.freeze({ start: scratch, end: scratch + SCRATCH_BYTES }) });
  return Object.freeze(api);
}
