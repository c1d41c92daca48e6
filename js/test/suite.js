// The test suite of the npm package, run the same in Node (node.test.js, under
// `node --test`) and in headless Chromium (browser/page.html, browser/run.mjs).
//
// suite({ wallet, full, shared }) returns a list of cases { name, shared, run };
// wallet and full are the created APIs of 'cncrypto' and 'cncrypto/full';
// shared is null without the shared directory (then the cases marked shared
// are skipped, with a message), else { text(path), bytes(path) } reading
// <shared>/<path> (Node: CNCRYPTO_SHARED_DIR, else ../shared next to the
// repository; the browser: the test server's /shared/).
//
// Where the expected values come from: the shared files (Monero's own test
// vectors and real chain data: vectors/monero_crypto.txt, vectors/monero-hash/,
// data/manifest.json, data/pow/blocks_pow.json; see their READMEs); FIPS 202's
// empty-message digests (checked against Python's hashlib); Monero's
// cn_fast_hash("") and cn_fast_hash("abc") (docs/c_api.md) and the ed25519 base
// point; the rest are consistency checks (both sides of a derivation, sign then
// verify and a flipped bit, streaming = one-shot).

const enc = new TextEncoder();
export const hex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
export function unhex(s) {
  if (s === 'x') return new Uint8Array(0);  // monero_crypto.txt's empty input
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; ++i) out[i] = parseInt(s.substr(2 * i, 2), 16);
  return out;
}

class CheckFailure extends Error {}
function check(cond, what) { if (!cond) throw new CheckFailure(`check failed: ${what}`); }
function eqHex(got, want, what) {
  const g = hex(got);
  if (g !== want) throw new CheckFailure(`${what}: got ${g}, expected ${want}`);
}
// fn() must throw a CncryptoError with this code.
function throwsCode(fn, code, what) {
  try {
    fn();
  } catch (e) {
    if (e && e.name === 'CncryptoError' && e.code === code) return;
    throw new CheckFailure(`${what}: threw ${e && e.name} ${e && e.code} (${e && e.message}), expected code ${code}`);
  }
  throw new CheckFailure(`${what}: did not throw, expected code ${code}`);
}

export function suite({ wallet, full, shared, createScanPool = null, local = null }) {
  const C = wallet.codes;
  const cases = [];
  const add = (name, run, needsShared = false) => cases.push({ name, run, shared: needsShared });
  const both = [['wallet', wallet], ['full', full]];

  add('conventions: version, ABI, sizes, messages', () => {
    for (const [, cn] of both) {
      check(cn.version() === '0.1.0', 'version');
      check(cn.abiVersion() === 1 && cn.abiCheck(1) && !cn.abiCheck(2), 'ABI version');
      check(cn.hashBytes() === 32 && cn.keyBytes() === 32 && cn.publicKeyBytes() === 32 && cn.secretKeyBytes() === 32, 'sizes');
      check(cn.keyDerivationBytes() === 32 && cn.keyImageBytes() === 32 && cn.signatureBytes() === 64, 'sizes');
      check(cn.viewTagBytes() === 1 && cn.sha3_224Bytes() === 28 && cn.sha3_256Bytes() === 32, 'sizes');
      check(cn.sha3_384Bytes() === 48 && cn.sha3_512Bytes() === 64 && cn.keccakStatebytes() > 200, 'sizes');
      for (const code of Object.values(C)) check(cn.strerror(code).length > 0, `strerror(${code})`);
      check(cn.strerror(-100) === 'unknown error code', 'strerror of no code');
    }
  });

  add('known answers: cn_fast_hash, SHA-3, SHAKE, the base point', () => {
    for (const [, cn] of both) {
      eqHex(cn.cnFastHash(enc.encode('abc')), '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45', 'cnFastHash(abc)');
      eqHex(cn.cnFastHash(new Uint8Array(0)), 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470', 'cnFastHash()');
      eqHex(cn.sha3_224(new Uint8Array(0)), '6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7', 'sha3_224');
      eqHex(cn.sha3_256(new Uint8Array(0)), 'a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a', 'sha3_256');
      eqHex(cn.sha3_384(new Uint8Array(0)),
        '0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2ac3713831264adb47fb6bd1e058d5f004', 'sha3_384');
      eqHex(cn.sha3_512(new Uint8Array(0)),
        'a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26', 'sha3_512');
      eqHex(cn.shake128(new Uint8Array(0), 32), '7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26', 'shake128');
      eqHex(cn.shake256(new Uint8Array(0), 64),
        '46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762fd75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be', 'shake256');
      check(cn.shake256(new Uint8Array(3), 0).length === 0, 'shake256 of 0 bytes');
      const one = new Uint8Array(32);
      one[0] = 1;
      eqHex(cn.secretKeyToPublicKey(one), '5866666666666666666666666666666666666666666666666666666666666666', 'base point');
      const data = new Uint8Array(16 * 1024).map((_, i) => (i * 7) & 255);
      const big = new Uint8Array(100 * 1024).map((_, i) => (i * 13) & 255);  // past the 64 KiB scratch region
      const k = cn.keccak();
      k.update(big.subarray(0, 70000)).update(big.subarray(70000));
      eqHex(cn.cnFastHash(big), hex(k.final()), 'a 100 KiB input (own allocation) = streaming');
      k.dispose();
      check(cn.cnFastHash(data).length === 32, 'cnFastHash 16 KiB');
    }
  });

  add('streaming Keccak / SHA-3 / SHAKE = one-shot, dispose', () => {
    const cn = wallet;
    const A = cn.algorithms;
    const data = new Uint8Array(1000).map((_, i) => (i * 31 + 7) & 255);
    const oneShots = [[A.KECCAK_256, cn.cnFastHash], [A.SHA3_224, cn.sha3_224], [A.SHA3_256, cn.sha3_256],
      [A.SHA3_384, cn.sha3_384], [A.SHA3_512, cn.sha3_512]];
    for (const [alg, f] of oneShots) {
      for (const split of [0, 1, 135, 136, 137, 500, 1000]) {
        const s = cn.keccak(alg);
        s.update(data.subarray(0, split)).update(data.subarray(split));
        eqHex(s.final(), hex(f(data)), `algorithm ${alg} split ${split}`);
        s.reset().update(data);
        eqHex(s.final(), hex(f(data)), `algorithm ${alg} after reset`);
        throwsCode(() => s.update(data), C.EINVAL, 'update after final');
        s.dispose();
        s.dispose();
        throwsCode(() => s.update(data), C.EINVAL, 'update after dispose');
      }
    }
    for (const [alg, f] of [[A.SHAKE128, cn.shake128], [A.SHAKE256, cn.shake256]]) {
      const s = cn.keccak(alg);
      s.update(data);
      const first = s.final(20), rest = s.squeeze(300);
      eqHex(new Uint8Array([...first, ...rest]), hex(f(data, 320)), `SHAKE ${alg} final + squeeze`);
      s.dispose();
    }
    // copy(): a common prefix absorbed once, each copy finished on its own.
    for (const [alg, f] of oneShots) {
      const prefix = cn.keccak(alg).update(data.subarray(0, 300));
      const dup = prefix.copy();
      prefix.update(data.subarray(300));
      dup.update(data.subarray(300, 700));
      eqHex(prefix.final(), hex(f(data)), `copy: the original, algorithm ${alg}`);
      eqHex(dup.final(), hex(f(data.subarray(0, 700))), `copy: the copy, algorithm ${alg}`);
      prefix.dispose();
      throwsCode(() => prefix.copy(), C.EINVAL, 'copy after dispose');
      dup.dispose();
    }
    throwsCode(() => cn.keccak(7), C.EINVAL, 'unknown algorithm');
    const s = cn.keccak(A.SHA3_256);
    throwsCode(() => s.final(31), C.EINVAL, 'a SHA3-256 final of 31 bytes');
    throwsCode(() => s.squeeze(4), C.EINVAL, 'squeeze on SHA-3');
    s.dispose();
  });

  add('keys: consistency of derivations, signatures, rings, tx proofs', () => {
    for (const [name, cn] of both) {
      const a = cn.generateKeys(), b = cn.generateKeys(), r = cn.generateKeys();
      eqHex(cn.secretKeyToPublicKey(a.secretKey), hex(a.publicKey), 'generateKeys pub = sec*G');
      check(cn.checkKey(a.publicKey), 'checkKey of a public key');
      const seed = new Uint8Array(32).fill(0xee);
      eqHex(cn.generateKeys(seed).secretKey, hex(cn.generateKeys(seed).secretKey), 'recovery is deterministic');
      // Both sides of a derivation: a*R = r*A.
      const d1 = cn.generateKeyDerivation(r.publicKey, a.secretKey), d2 = cn.generateKeyDerivation(a.publicKey, r.secretKey);
      eqHex(d1, hex(d2), 'derivation both sides');
      // Indices up to 2^32 - 1: Monero's size_t, 32 bits in wasm32 (above: EINVAL, docs/c_api.md).
      throwsCode(() => cn.derivePublicKey(d1, 2 ** 32, b.publicKey), C.EINVAL, 'an index of 2^32 in wasm32');
      for (const index of [0, 1, 255, 2 ** 32 - 1, 2n ** 32n - 1n]) {
        const P = cn.derivePublicKey(d1, index, b.publicKey);
        const x = cn.deriveSecretKey(d1, index, b.secretKey);
        eqHex(cn.secretKeyToPublicKey(x), hex(P), `derivePublicKey = deriveSecretKey*G (index ${index})`);
        eqHex(cn.deriveSubaddressPublicKey(P, d1, index), hex(b.publicKey), `subaddress inverse (index ${index})`);
        const tag = cn.deriveViewTag(d1, index);
        check(Number.isInteger(tag) && tag >= 0 && tag < 256 && tag === cn.deriveViewTag(d1, BigInt(index)), 'view tag');
        const image = cn.generateKeyImage(P, x);
        check(image.length === 32, 'key image');
      }
      const h = cn.cnFastHash(enc.encode('message'));
      const sig = cn.generateSignature(h, a.publicKey, a.secretKey);
      check(cn.checkSignature(h, a.publicKey, sig), 'signature verifies');
      const bad = sig.slice();
      bad[7] ^= 1;
      check(!cn.checkSignature(h, a.publicKey, bad), 'a flipped bit does not verify');
      check(!cn.checkSignature(h, b.publicKey, sig), 'another key does not verify');
      // A ring of 3, the real key at index 1 (version-1 ring signatures: the full
      // build; the wallet build leaves them out: EUNSUPPORTED).
      const ring = [b.publicKey, a.publicKey, r.publicKey];
      const image = cn.generateKeyImage(a.publicKey, a.secretKey);
      if (name === 'wallet') {
        throwsCode(() => cn.generateRingSignature(h, image, ring, a.secretKey, 1), C.EUNSUPPORTED, 'wallet generateRingSignature');
        throwsCode(() => cn.checkRingSignature(h, image, ring, new Uint8Array(3 * 64)), C.EUNSUPPORTED, 'wallet checkRingSignature');
      } else {
        const sigs = cn.generateRingSignature(h, image, ring, a.secretKey, 1);
        check(sigs.length === 3 * 64, 'ring signature size');
        check(cn.checkRingSignature(h, image, ring, sigs), 'ring signature verifies');
        check(cn.checkRingSignature(h, image, new Uint8Array([...b.publicKey, ...a.publicKey, ...r.publicKey]), sigs),
          'ring as one Uint8Array');
        sigs[70] ^= 1;
        check(!cn.checkRingSignature(h, image, ring, sigs), 'a flipped bit in a ring signature');
      }
      // Tx-key proof of R = r*G and D = r*A, with A = G (so D = R: the C ABI has
      // no plain r*A; generateKeyDerivation is 8*r*A).
      const R = r.publicKey;
      const G = cn.secretKeyToPublicKey(Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 1 : 0)));
      const proof = cn.generateTxProof(h, R, G, null, R, r.secretKey);
      check(cn.checkTxProof(h, R, G, null, R, proof, 2), 'tx proof verifies');
      check(!cn.checkTxProof(h, R, G, null, R, proof, 1), 'tx proof as version 1');
      check(!cn.checkTxProof(h, R, G, G, R, proof), 'tx proof with a B');
      throwsCode(() => cn.generateTxProof(h, R, G, null, a.publicKey, r.secretKey), C.EINVAL, 'a false statement');
      check(cn.randomBytes(48).length === 48 && hex(cn.randomBytes(32)) !== hex(cn.randomBytes(32)), 'randomBytes');
      const z = new Uint8Array([1, 2, 3]);
      cn.memzero(z);
      check(hex(z) === '000000', 'memzero');
    }
  });

  add('errors: every code the C ABI gives, as CncryptoError', () => {
    const cn = wallet;
    const k = new Uint8Array(32), ff = new Uint8Array(32).fill(0xff);
    // EINVAL: wrong types and sizes (checked in JavaScript), and the C ABI's own.
    throwsCode(() => cn.cnFastHash('abc'), C.EINVAL, 'a string');
    throwsCode(() => cn.secretKeyToPublicKey(new Uint8Array(31)), C.EINVAL, 'a 31-byte key');
    throwsCode(() => cn.generateSignature(k, k, new Uint8Array(33)), C.EINVAL, 'a 33-byte key');
    throwsCode(() => cn.treeHash(new Uint8Array(0)), C.EINVAL, 'treeHash of no hash');
    throwsCode(() => cn.treeHash(new Uint8Array(33)), C.EINVAL, 'treeHash of 33 bytes');
    throwsCode(() => cn.derivePublicKey(k, -1, k), C.EINVAL, 'a negative index');
    throwsCode(() => cn.derivePublicKey(k, 2n ** 64n, k), C.EINVAL, 'an index of 2^64');
    throwsCode(() => cn.derivePublicKey(k, 0.5, k), C.EINVAL, 'a fractional index');
    throwsCode(() => full.generateRingSignature(k, k, [k], k, 1), C.EINVAL, 'secIndex outside the ring');
    throwsCode(() => full.checkRingSignature(k, k, [], new Uint8Array(0)), C.EINVAL, 'a ring of 0');
    // EDECODE
    throwsCode(() => cn.secretKeyToPublicKey(ff), C.EDECODE, 'a secret key >= L');
    const undecodable = unhex('0100000000000000000000000000000000000000000000000000000000000080');
    if (!cn.checkKey(undecodable)) throwsCode(() => cn.generateKeyDerivation(undecodable, k), C.EDECODE, 'a point that does not decode');
    throwsCode(() => cn.txHash(new Uint8Array(32)), C.EDECODE, 'a transaction of 32 zero bytes');
    throwsCode(() => cn.txHash(new Uint8Array(0)), C.EDECODE, 'an empty transaction');
    throwsCode(() => cn.blockId(new Uint8Array(32)), C.EDECODE, 'a block of 32 zero bytes');
    // EVERIFY is false for the checks.
    check(!cn.checkSignature(k, k, new Uint8Array(64)), 'checkSignature false');
    // EUNSUPPORTED: proof of work in the wallet build, RandomX in both.
    throwsCode(() => wallet.cnSlowHash(k), C.EUNSUPPORTED, 'wallet cnSlowHash');
    throwsCode(() => wallet.blockPowHash(k), C.EUNSUPPORTED, 'wallet blockPowHash');
    throwsCode(() => wallet.rxSlowHash(k, k), C.EUNSUPPORTED, 'wallet rxSlowHash');
    throwsCode(() => full.rxSlowHash(k, k), C.EUNSUPPORTED, 'full rxSlowHash (no wasm32 librandomx)');
    throwsCode(() => full.cnSlowHash(k, 6), C.EINVAL, 'full cnSlowHash variant 6');
    throwsCode(() => full.cnSlowHash(k, 1), C.EINVAL, 'full cnSlowHash variant 1 on 32 bytes');
    throwsCode(() => full.blockPowHash(k), C.EDECODE, 'full blockPowHash of 32 zero bytes');
    // The error object.
    try { cn.secretKeyToPublicKey(ff); } catch (e) {
      check(e instanceof Error && e.codeName === 'EDECODE' && e.function === 'secretKeyToPublicKey', 'CncryptoError fields');
    }
  });

  add('memory: no secret left anywhere in the wasm heap after the calls; the scratch region zero, also after an error', () => {
    // Where a 32-byte value occurs in the heap (a first-byte scan, then a compare).
    const occurrences = (h, v) => {
      let n = 0;
      for (let i = h.indexOf(v[0]); i >= 0 && i + 32 <= h.length; i = h.indexOf(v[0], i + 1)) {
        let j = 1;
        while (j < 32 && h[i + j] === v[j]) ++j;
        if (j === 32) ++n;
      }
      return n;
    };
    for (const [, cn] of both) {
      const heap = cn[Symbol.for('cncrypto.heap')];
      const region = cn[Symbol.for('cncrypto.scratch')];
      const { secretKey: sec, publicKey: pub } = cn.generateKeys();
      const R = cn.generateKeys().publicKey;
      const d = cn.generateKeyDerivation(R, sec);
      const x = cn.deriveSecretKey(d, 3, sec);
      cn.generateSignature(d, pub, sec);
      cn.generateKeyImage(pub, x);
      cn.deriveViewTag(d, 3);
      try { cn.secretKeyToPublicKey(new Uint8Array(32).fill(0xff)); } catch { /* EDECODE */ }
      const h = heap();
      check(h.subarray(region.start, region.end).every((b) => b === 0), 'the scratch region is all zero');
      check(occurrences(h, sec) === 0, 'the secret key is nowhere in the heap');
      check(occurrences(h, d) === 0, 'the derivation is nowhere in the heap');
      check(occurrences(h, x) === 0, 'the derived secret key is nowhere in the heap');
    }
  });

  add('vectors/monero_crypto.txt (Monero\'s tests/crypto data)', async () => {
    const text = await shared.text('vectors/monero_crypto.txt');
    let lines = 0, wide = 0;
    const t = (s) => s === 'true';
    // An output index above 2^32 - 1 does not fit wasm32's size_t (Monero's
    // argument type): the C ABI refuses it with EINVAL (docs/c_api.md); such a
    // line checks that instead of the value.
    const narrow = (fnName, index, run) => {
      if (BigInt(index) <= 0xffffffffn) return false;
      throwsCode(run, C.EINVAL, `${fnName} with index ${index}`);
      ++wide;
      return true;
    };
    for (const line of text.split('\n')) {
      const w = line.trim().split(/\s+/);
      const cn = lines % 2 ? full : wallet;  // alternate the two builds
      // The value Monero gives, or EDECODE where Monero returns false.
      const valueOrDecode = (ok, run, want) => (ok ? eqHex(run(), want, line) : throwsCode(run, C.EDECODE, line));
      // A function of an output index: EINVAL above 2^32 - 1 (narrow), else then(run).
      const indexed = (index, run, then) => { if (!narrow(w[0], index, run)) then(run); };
      switch (w[0]) {
        case 'check_key': check(cn.checkKey(unhex(w[1])) === t(w[2]), line); break;
        case 'secret_key_to_public_key': valueOrDecode(t(w[2]), () => cn.secretKeyToPublicKey(unhex(w[1])), w[3]); break;
        case 'generate_key_derivation':
          valueOrDecode(t(w[3]), () => cn.generateKeyDerivation(unhex(w[1]), unhex(w[2])), w[4]);
          break;
        case 'derive_public_key':
          indexed(w[2], () => cn.derivePublicKey(unhex(w[1]), BigInt(w[2]), unhex(w[3])), (run) => valueOrDecode(t(w[4]), run, w[5]));
          break;
        case 'derive_secret_key':
          indexed(w[2], () => cn.deriveSecretKey(unhex(w[1]), BigInt(w[2]), unhex(w[3])), (run) => valueOrDecode(true, run, w[4]));
          break;
        case 'derive_subaddress_public_key':
          indexed(w[3], () => cn.deriveSubaddressPublicKey(unhex(w[1]), unhex(w[2]), BigInt(w[3])),
            (run) => valueOrDecode(t(w[4]), run, w[5]));
          break;
        case 'derive_view_tag':
          indexed(w[2], () => cn.deriveViewTag(unhex(w[1]), BigInt(w[2])), (run) => check(run() === parseInt(w[3], 16), line));
          break;
        case 'generate_key_image': eqHex(cn.generateKeyImage(unhex(w[1]), unhex(w[2])), w[3], line); break;
        case 'check_signature': check(cn.checkSignature(unhex(w[1]), unhex(w[2]), unhex(w[3])) === t(w[4]), line); break;
        case 'check_ring_signature': {  // the full build (the wallet build leaves ring signatures out)
          const n = parseInt(w[3], 10);
          const ring = w.slice(4, 4 + n).map(unhex);
          check(full.checkRingSignature(unhex(w[1]), unhex(w[2]), ring, unhex(w[4 + n])) === t(w[5 + n]), line);
          break;
        }
        case 'check_tx_proof':
          check(cn.checkTxProof(unhex(w[1]), unhex(w[2]), unhex(w[3]), w[4] === 'x' ? null : unhex(w[4]), unhex(w[5]),
            unhex(w[6]), parseInt(w[7], 10)) === t(w[8]), line);
          break;
        case 'cn_fast_hash': eqHex(cn.cnFastHash(unhex(w[1])), w[2], line); break;
        case 'tree_hash': {  // count, the hashes as one hex string, the root
          const hashes = unhex(w[2]);
          check(hashes.length === 32 * parseInt(w[1], 10), line);
          eqHex(cn.treeHash(hashes), w[3], line);
          break;
        }
        default: continue;  // functions outside the C ABI (sc_*, hash_to_ec, ...)
      }
      ++lines;
    }
    check(lines >= 2700, `${lines} lines checked`);
    return `${lines} lines (${wide} of them with an output index >= 2^32: EINVAL in wasm32)`;
  }, true);

  add('generateKeyDerivations: the generate_key_derivation lines of vectors/monero_crypto.txt as batches', async () => {
    // Expected values: Monero's tests/crypto data (each line: pub, sec, whether it
    // decodes, the derivation); one batch per secret key, in file order.
    const text = await shared.text('vectors/monero_crypto.txt');
    const bySec = new Map();
    for (const line of text.split('\n')) {
      const w = line.trim().split(/\s+/);
      if (w[0] !== 'generate_key_derivation') continue;
      if (!bySec.has(w[2])) bySec.set(w[2], []);
      bySec.get(w[2]).push({ pub: w[1], ok: w[3] === 'true', want: w[4] });
    }
    // The file has one secret key per line: also run them all against one key, whose
    // expected values are then the single call's (checked against the file above).
    let entries = 0, invalid = 0, batches = 0;
    for (const [[name, cn], i] of both.map((b, i) => [b, i])) {
      let mine = 0;
      for (const [sec, rows] of bySec) {
        if (i === 1 && mine === 20) break;  // the full build: a sample
        ++mine;
        ++batches;
        const got = cn.generateKeyDerivations(rows.map((r) => unhex(r.pub)), unhex(sec), { skipInvalid: true });
        check(got.length === rows.length, `${name}: ${rows.length} results`);
        rows.forEach((r, k) => (r.ok ? eqHex(got[k], r.want, `${name}: ${r.pub}`) : check(got[k] === null, `${name}: ${r.pub} is null`)));
      }
      const all = [...bySec.values()].flat();
      const sec = unhex([...bySec.keys()][0]);
      const one = cn.generateKeyDerivations(all.map((r) => unhex(r.pub)), sec, { skipInvalid: true });
      all.forEach((r, k) => {
        ++entries;
        if (!r.ok) { ++invalid; check(one[k] === null, `${name}: ${r.pub} is null`); return; }
        eqHex(one[k], hex(cn.generateKeyDerivation(unhex(r.pub), sec)), `${name}: batch = single call`);
      });
      const firstBad = all.findIndex((r) => !r.ok);
      if (firstBad >= 0) {
        let thrown = null;
        try { cn.generateKeyDerivations(all.map((r) => unhex(r.pub)), sec); } catch (e) { thrown = e; }
        check(thrown && thrown.code === C.EDECODE && thrown.index === firstBad, `${name}: EDECODE at index ${firstBad}`);
      }
      const joined = new Uint8Array(64);
      joined.set(unhex(all.find((r) => r.ok).pub));
      joined.set(unhex(all.filter((r) => r.ok)[1].pub), 32);
      check(cn.generateKeyDerivations(joined, sec).length === 2, `${name}: one Uint8Array of two keys`);
      check(cn.generateKeyDerivations([], sec).length === 0, `${name}: no keys`);
      throwsCode(() => cn.generateKeyDerivations(new Uint8Array(33), sec), C.EINVAL, `${name}: 33 bytes`);
      throwsCode(() => cn.generateKeyDerivations([joined.subarray(0, 32)], new Uint8Array(31)), C.EINVAL, `${name}: short sec`);
    }
    check(entries > 100 && invalid > 0, `${entries} entries, ${invalid} that do not decode`);
    return `${batches} batches; ${entries} keys against one secret key (${invalid} that do not decode), both builds`;
  }, true);

  add('vectors/monero-hash (Monero\'s tests/hash: cn_fast_hash; cn_slow_hash 0, 1, 2, 4 in the full build)', async () => {
    let lines = 0;
    for (const [file, variant] of [['tests-fast.txt', -1], ['tests-slow.txt', 0], ['tests-slow-1.txt', 1],
      ['tests-slow-2.txt', 2], ['tests-slow-4.txt', 4]]) {
      const text = await shared.text(`vectors/monero-hash/${file}`);
      for (const line of text.split('\n')) {
        const [want, input, height] = line.trim().split(/\s+/);
        if (!want || !input) continue;
        const data = unhex(input);
        if (variant < 0) {
          eqHex(wallet.cnFastHash(data), want, `${file}: ${line}`);
        } else {
          eqHex(full.cnSlowHash(data, variant, height ? BigInt(height) : 0), want, `${file}: ${line}`);
          throwsCode(() => wallet.cnSlowHash(data, variant), C.EUNSUPPORTED, 'wallet cnSlowHash');
        }
        ++lines;
      }
    }
    full.cnSlowHashFreeState();
    check(lines >= 321 + 4 + 5 + 10 + 10, `${lines} lines checked`);
    return `${lines} lines`;
  }, true);

  add('data/manifest.json: real transactions (id, prefix hash) and blocks (id)', async () => {
    const manifest = JSON.parse(await shared.text('data/manifest.json'));
    let txs = 0, blocks = 0;
    for (const tx of manifest.shared_txs) {
      const blob = await shared.bytes(`data/${tx.file}`);
      const cn = txs % 2 ? full : wallet;
      eqHex(cn.txHash(blob), tx.hash, `tx ${tx.hash}`);
      eqHex(cn.txPrefixHash(blob), tx.prefix_hash, `tx prefix ${tx.hash}`);
      throwsCode(() => cn.txHash(blob.subarray(0, blob.length >> 1)), C.EDECODE, `half of tx ${tx.hash}`);
      ++txs;
    }
    for (const b of manifest.shared_blocks) {
      const blob = await shared.bytes(`data/${b.file}`);
      eqHex(wallet.blockId(blob), b.id, `block ${b.id}`);
      eqHex(full.blockId(blob), b.id, `block ${b.id}`);
      throwsCode(() => wallet.blockId(blob.subarray(0, blob.length >> 1)), C.EDECODE, `half of block ${b.id}`);
      ++blocks;
    }
    check(txs >= 36 && blocks >= 9, `${txs} transactions, ${blocks} blocks`);
    return `${txs} transactions, ${blocks} blocks`;
  }, true);

  // Monero 0.18.0.0's own obj_to_json_str texts: the repository's
  // tests/unit_tests/vectors/monero_json/digests.txt (Keccak-256 and length of
  // each text; how made: its NOTICE.md), which scripts/wasm.sh copies beside the
  // suite as vectors/monero_json_digests.txt (local.text: Node reads it from the
  // test directory or the repository, the browser from /test/).
  add('JSON and pruning: Monero 0.18\'s texts of the real transactions (full and pruned) and blocks; txPrune', async () => {
    // A harness that gives `local` (Node's and the page's) must have the file: a missing one fails here.
    const digests = local ? await local.text('vectors/monero_json_digests.txt') : null;
    const manifest = JSON.parse(await shared.text('data/manifest.json'));
    // txPrune = the first unprunable_size bytes (the manifest's, from Monero's own parse).
    for (const tx of manifest.shared_txs) {
      const blob = await shared.bytes(`data/${tx.file}`);
      const cn = tx.version % 2 ? full : wallet;
      const pruned = cn.txPrune(blob);
      if (tx.unprunable_size !== undefined) eqHex(pruned, hex(blob.subarray(0, tx.unprunable_size)), `txPrune ${tx.hash}`);
      const text = cn.txToJson(blob), base = cn.prunedTxToJson(pruned);
      check(JSON.parse(text).version === tx.version && JSON.parse(base).version === tx.version, `version in the JSON of ${tx.hash}`);
      throwsCode(() => cn.txToJson(blob.subarray(0, blob.length - 1)), C.EDECODE, `txToJson of a cut ${tx.hash}`);
      throwsCode(() => cn.txPrune(blob.subarray(0, blob.length - 1)), C.EDECODE, `txPrune of a cut ${tx.hash}`);
      if (tx.version === 2 && pruned.length < blob.length) {
        throwsCode(() => cn.prunedTxToJson(blob), C.EDECODE, `prunedTxToJson of the complete ${tx.hash}`);
      }
    }
    throwsCode(() => wallet.txToJson('00'), C.EINVAL, 'txToJson of a string');
    throwsCode(() => wallet.blockToJson(new Uint8Array(0)), C.EDECODE, 'blockToJson of nothing');
    if (!digests) return 'SKIPPED the text digests: this harness gives no local files (Node and the test page do)';
    const counts = { tx: 0, ptx: 0, block: 0 };
    for (const line of digests.split('\n')) {
      const w = line.trim().split(/\s+/);
      if (line.startsWith('#') || w.length < 4 || !(w[0] in counts)) continue;
      const [kind, source, digest, size] = w;
      const blob = source.startsWith('hex:') ? unhex(source.slice(4)) : await shared.bytes(`data/${source}`);
      const cn = counts[kind] % 2 ? full : wallet;
      const text = kind === 'tx' ? cn.txToJson(blob) : kind === 'ptx' ? cn.prunedTxToJson(cn.txPrune(blob)) : cn.blockToJson(blob);
      const raw = enc.encode(text);
      if (hex(cn.cnFastHash(raw)) !== digest || raw.length !== Number(size)) {
        throw new CheckFailure(`${kind} ${source.slice(0, 80)}: ${raw.length} bytes of text, not Monero's ${size} (or another digest)`);
      }
      ++counts[kind];
    }
    check(counts.tx >= 36 && counts.ptx >= 36 && counts.block >= 9, `counts ${JSON.stringify(counts)}`);
    return `Monero's texts: ${counts.tx} transactions, ${counts.ptx} pruned, ${counts.block} blocks`;
  }, true);

  add('RandomX: every method throws EUNSUPPORTED with a clear message (no wasm32 librandomx), EINVAL first', () => {
    const k = new Uint8Array(32);
    for (const [name, cn] of both) {
      for (const [what, fn] of [['rxSlowHash', () => cn.rxSlowHash(k, k)], ['rxCache', () => cn.rxCache(k)]]) {
        throwsCode(fn, C.EUNSUPPORTED, `${name} ${what}`);
        try { fn(); } catch (e) {
          check(/RandomX is not in the WebAssembly builds/.test(e.message) && e.function === what, `${name} ${what}: ${e.message}`);
        }
      }
      throwsCode(() => cn.rxCache('key'), C.EINVAL, `${name} rxCache of a string`);
      throwsCode(() => cn.rxDataset(null), C.EINVAL, `${name} rxDataset without a cache`);
      throwsCode(() => cn.rxVm({}), C.EINVAL, `${name} rxVm of neither`);
      throwsCode(() => cn.rxVm({ cache: k }), C.EINVAL, `${name} rxVm of bytes`);
    }
  });

  add('data/pow/blocks_pow.json: CryptoNight PoW hashes of real blocks (full build)', async () => {
    const pow = JSON.parse(await shared.text('data/pow/blocks_pow.json'));
    let n = 0;
    for (const b of pow.blocks) {
      if (b.rx_seed_height !== undefined || !b.pow_hash) continue;  // RandomX: EUNSUPPORTED here
      const blob = await shared.bytes(`data/pow/${b.block_file}`);
      eqHex(full.blockPowHash(blob), b.pow_hash, `block ${b.height}`);
      throwsCode(() => wallet.blockPowHash(blob), C.EUNSUPPORTED, 'wallet blockPowHash');
      ++n;
    }
    full.cnSlowHashFreeState();
    check(n >= 4, `${n} blocks`);
    return `${n} blocks`;
  }, true);

  // ---- the wallet half (js/src/wallet.js) ------------------------------------------------
  // Expected values: data/vectors/addresses.json (Monero's functional-test wallet),
  // data/vectors/owned_output_clsag_tx.json (a real BP+/CLSAG transaction and its
  // wallet; monero-oxide's vectors), data/wallet/seeds.json and polyseed.json
  // (Monero's and tevador's decoders), data/wallet/wallet_files.json and files/
  // (Monero's two test wallets), the real transactions of data/manifest.json. The
  // same files tests/c_api/c_api_wallet.c checks from C.
  const json = async (p) => JSON.parse(await shared.text(p));
  const owned = async () => {
    const v = await json('data/vectors/owned_output_clsag_tx.json');
    v.tx = unhex(v.tx_hex);
    return v;
  };
  const foreignTxs = async () => {
    const manifest = JSON.parse(await shared.text('data/manifest.json'));
    return Promise.all(manifest.shared_txs.map((t) => shared.bytes(`data/${t.file}`)));
  };
  // The record of the vector's owned output (tx_index aside).
  const checkOwned = (cn, v, r, watchOnly, what) => {
    eqHex(r.txHash, v.tx_hash_computed, `${what}: tx hash`);
    eqHex(r.outputKey, v.output0_key, `${what}: output key`);
    check(r.outputIndex === v.owned_output_index && r.major === 0 && r.minor === 0 && r.txPubKeyIndex === 0, `${what}: indices`);
    check(r.amount === BigInt(v.output0_amount) && r.amount === 60363387616637n, `${what}: amount ${r.amount}`);
    eqHex(r.mask, v.output0_commitment_mask, `${what}: mask`);
    check((r.flags & cn.ownedFlags.AMOUNT) && !(r.flags & cn.ownedFlags.ADDITIONAL_KEY), `${what}: flags`);
    if (watchOnly) {
      check(r.keyImage === null && !(r.flags & cn.ownedFlags.KEY_IMAGE), `${what}: no key image watch-only`);
    } else {  // independently: x = Hs(8aR || 0) + b, I = x*Hp(P)
      const x = cn.deriveSecretKey(unhex(v.derivation_8aR), 0, unhex(v.wallet_spend_secret));
      eqHex(r.keyImage, hex(cn.generateKeyImage(unhex(v.output0_key), x)), `${what}: key image`);
    }
  };

  add('addresses: vectors/addresses.json (standard, integrated, 6 subaddresses: m, D, C, strings)', async () => {
    const w = (await json('data/vectors/addresses.json')).wallet;
    for (const [, cn] of both) {
      const a = cn.addressDecode(w.standard_address, 'mainnet');
      check(a.network === 'mainnet' && a.kind === 'standard' && a.paymentId === null, 'standard: network, kind');
      eqHex(a.spendPublicKey, w.spend_public, 'standard: spend');
      eqHex(a.viewPublicKey, w.view_public, 'standard: view');
      check(cn.addressEncode(a) === w.standard_address, 'standard: encode(decode)');
      check(cn.addressEncode('mainnet', 'standard', a.spendPublicKey, a.viewPublicKey) === w.standard_address, 'standard: encode');
      const i = cn.addressDecode(w.integrated_address);
      check(i.network === 'mainnet' && i.kind === 'integrated', 'integrated: network, kind');
      eqHex(i.paymentId, w.integrated_payment_id, 'integrated: payment id');
      check(cn.addressEncode(cn.networks.MAINNET, cn.addressKinds.INTEGRATED, a.spendPublicKey, a.viewPublicKey,
        unhex(w.integrated_payment_id)) === w.integrated_address, 'integrated: encode');
      check(cn.addressEncode(i) === w.integrated_address, 'integrated: encode(decode)');
      for (const sub of w.subaddresses) {
        const what = `subaddress (${sub.major}, ${sub.minor})`;
        eqHex(cn.getSubaddressSecretKey(unhex(w.view_secret), sub.major, sub.minor), sub.subaddress_secret_m, `${what}: m`);
        const k = cn.getSubaddress(unhex(w.view_secret), unhex(w.spend_public), sub.major, sub.minor);
        eqHex(k.spendPublicKey, sub.D_spend_public, `${what}: D`);
        eqHex(k.viewPublicKey, sub.C_view_public, `${what}: C`);
        check(cn.subaddress(unhex(w.view_secret), unhex(w.spend_public), sub.major, sub.minor) === sub.address, `${what}: string`);
        const d = cn.addressDecode(sub.address, 0);
        check(d.kind === 'subaddress' && hex(d.spendPublicKey) === sub.D_spend_public, `${what}: decode`);
      }
      check(w.subaddresses.length >= 6, 'six subaddresses');
      check(cn.subaddress(unhex(w.view_secret), unhex(w.spend_public), 0, 0) === w.standard_address, '(0, 0) is the main address');
    }
    return `${w.subaddresses.length} subaddresses, standard and integrated, both builds`;
  }, true);

  add('addresses: round trips on every network and kind; bad strings', () => {
    const cn = wallet;
    const spend = cn.generateKeys().publicKey, view = cn.generateKeys().publicKey;
    const nets = ['mainnet', 'testnet', 'stagenet'];
    for (const network of nets) {
      for (const kind of ['standard', 'integrated', 'subaddress']) {
        const pid = kind === 'integrated' ? new Uint8Array(8).fill(1) : undefined;
        const s = cn.addressEncode(network, kind, spend, view, pid);
        check(s.length === (kind === 'integrated' ? 106 : 95), `${network} ${kind}: length`);
        const d = cn.addressDecode(s, network);
        check(d.network === network && d.kind === kind && hex(d.spendPublicKey) === hex(spend), `${network} ${kind}: round trip`);
        const other = nets[(nets.indexOf(network) + 1) % 3];
        throwsCode(() => cn.addressDecode(s, other), C.EDECODE, `${network} ${kind} as ${other}`);
      }
    }
    const good = cn.addressEncode('mainnet', 'standard', spend, view);
    for (const bad of ['', '4', good.slice(0, -1), `${good.slice(0, 10)}0${good.slice(11)}`,
      good.slice(0, -1) + (good.endsWith('a') ? 'b' : 'a'), 'z'.repeat(95), '\u00ff'.repeat(95)]) {
      throwsCode(() => cn.addressDecode(bad), C.EDECODE, `bad address ${JSON.stringify(bad.slice(0, 12))}`);
    }
    throwsCode(() => cn.addressDecode(good, 'moonnet'), C.EINVAL, 'unknown network');
    throwsCode(() => cn.addressDecode(null), C.EINVAL, 'not a string');
    throwsCode(() => cn.addressEncode('mainnet', 'integrated', spend, view), C.EINVAL, 'integrated without payment id');
    throwsCode(() => cn.addressEncode('mainnet', 'standard', spend.subarray(1), view), C.EINVAL, 'a 31-byte key');
    throwsCode(() => cn.getSubaddress(new Uint8Array(32).fill(255), spend, 0, 1), C.EDECODE, 'a >= L');
    throwsCode(() => cn.getSubaddressSecretKey(new Uint8Array(32), 2 ** 32, 0), C.EINVAL, 'major of 2^32');
    check(cn.addressMaxBytes() === 107 && cn.ownedOutputBytes() === 200 && cn.polyseedSecretBytes() === 19, 'sizes');
    check(cn.languageBytes() === 32 && cn.paymentIdBytes() === 8, 'sizes');
  });

  add('scanner: the owned output of a real BP+/CLSAG transaction (amount, mask, key image; watch-only)', async () => {
    const v = await owned();
    for (const [, cn] of both) {
      const s = cn.scanner({ viewSecretKey: unhex(v.wallet_view_secret), spendPublicKey: unhex(v.wallet_spend_public),
        spendSecretKey: unhex(v.wallet_spend_secret) });
      check(s.subaddressCount === 1 && !s.watchOnly, 'one entry, spend key');
      s.addSubaddressRange(0, 2, 0, 50);
      check(s.subaddressCount === 100, `100 entries, got ${s.subaddressCount}`);
      s.addSubaddresses([[0, 0], [7, 9], [7, 10]]);
      check(s.subaddressCount === 102, '102 entries');
      const found = s.scan(v.tx);
      check(found.length === 1 && found[0].txIndex === 0, `one output, got ${found.length}`);
      checkOwned(cn, v, found[0], false, 'scan');
      check(s.scan([v.tx]).length === 1, 'an array of one');
      s.dispose();
      s.dispose();
      throwsCode(() => s.scan(v.tx), C.EINVAL, 'scan after dispose');
      const watch = cn.scanner({ viewSecretKey: unhex(v.wallet_view_secret), spendPublicKey: unhex(v.wallet_spend_public),
        subaddresses: { major: 1, minor: 10 } });
      check(watch.watchOnly && watch.subaddressCount === 10, 'watch-only, 10 entries');
      const w = watch.scan(v.tx);
      check(w.length === 1, 'watch-only finds it');
      checkOwned(cn, v, w[0], true, 'watch-only');
      watch.dispose();
    }
  }, true);

  add('scanner: a batch of 37 real transactions (found at its index), another wallet finds nothing, bad input', async () => {
    const v = await owned();
    const foreign = await foreignTxs();
    const cn = wallet;
    const s = cn.scanner({ viewSecretKey: unhex(v.wallet_view_secret), spendPublicKey: unhex(v.wallet_spend_public),
      spendSecretKey: unhex(v.wallet_spend_secret), subaddresses: [[0, 1], [1, 0]] });
    const mid = foreign.length >> 1;
    const txs = [...foreign.slice(0, mid), v.tx, ...foreign.slice(mid)];
    const found = s.scan(txs);
    check(found.length === 1 && found[0].txIndex === mid, `found at ${mid}: ${found.map((r) => r.txIndex)}`);
    checkOwned(cn, v, found[0], false, 'batch');
    check(s.scan([]).length === 0, 'an empty batch');
    const other = cn.generateKeys();
    const stranger = cn.scanner({ viewSecretKey: cn.generateKeys().secretKey, spendPublicKey: other.publicKey });
    check(stranger.scan(txs).length === 0, 'another wallet finds nothing');
    stranger.dispose();
    for (const cut of [0, 3, 100, v.tx.length >> 1, v.tx.length - 1]) {
      throwsCode(() => s.scan(v.tx.subarray(0, cut)), C.EDECODE, `a blob cut at ${cut}`);
    }
    throwsCode(() => s.scan([...txs.slice(0, 3), txs[3].subarray(1)]), C.EDECODE, 'one bad blob in a batch');
    // The same batch pruned (txPrune), with the ids: the same records; without: txHash zero.
    const show = (records) => JSON.stringify(records, (_, x) => (x instanceof Uint8Array ? hex(x) : typeof x === 'bigint' ? `${x}` : x));
    const pruned = txs.map((t) => cn.txPrune(t)), ids = txs.map((t) => cn.txHash(t));
    check(show(s.scanPruned(pruned, ids)) === show(found), 'scanPruned with the ids = scan');
    check(show(s.scanPruned(pruned, new Uint8Array(ids.flatMap((x) => [...x])))) === show(found), 'ids as one array');
    const anonymous = s.scanPruned(pruned);
    check(anonymous.length === 1 && hex(anonymous[0].txHash) === '00'.repeat(32)
      && show([{ ...anonymous[0], txHash: found[0].txHash }]) === show(found), 'scanPruned without ids: txHash zero');
    throwsCode(() => s.scanPruned([...pruned.slice(0, mid), v.tx]), C.EDECODE, 'a complete blob among pruned ones');
    throwsCode(() => s.scanPruned(pruned, ids.slice(1)), C.EINVAL, 'one id short');
    throwsCode(() => s.scan('00'), C.EINVAL, 'a string');
    throwsCode(() => s.addSubaddressRange(2, 1, 0, 1), C.EINVAL, 'end < begin');
    throwsCode(() => s.addSubaddressRange(0, 70000, 0, 70000), C.EINVAL, 'over 2^24 entries');
    s.dispose();
    throwsCode(() => cn.scanner({ viewSecretKey: unhex(v.wallet_view_secret), spendPublicKey: unhex(v.wallet_spend_public),
      spendSecretKey: cn.generateKeys().secretKey }), C.EINVAL, 'b not B\'s');
    throwsCode(() => cn.scanner({ viewSecretKey: new Uint8Array(32).fill(255), spendPublicKey: unhex(v.wallet_spend_public) }),
      C.EDECODE, 'a >= L');
    throwsCode(() => cn.scanner({ viewSecretKey: unhex(v.wallet_view_secret).subarray(1), spendPublicKey: unhex(v.wallet_spend_public) }),
      C.EINVAL, 'a 31-byte key');
    return `${txs.length} transactions`;
  }, true);

  add('RingCT amounts (ecdhDecode) and transaction checks (checkTx with the 32 ring members; full build)', async () => {
    const v = await owned();
    let cn = wallet;
    const key = cn.derivationToScalar(unhex(v.derivation_8aR), 0);
    eqHex(key, v['derivation_scalar_Hs(derivation||varint(0))'], 'derivationToScalar');
    const outPk = unhex(v.output0_commitment_outPk);
    const txHex = v.tx_hex, at = txHex.indexOf(v.output0_commitment_outPk) / 2;
    check(at >= 16 && Number.isInteger(at), 'outPk in the blob');
    const info = v.tx.subarray(at - 16, at - 8);  // output 0's 8-byte ecdhInfo: two amounts, then outPk
    const got = cn.ecdhDecode(key, info, outPk);
    check(got.amount === BigInt(v.output0_amount), `amount ${got.amount}`);
    eqHex(got.mask, v.output0_commitment_mask, 'mask');
    check(cn.ecdhDecode(key, info).amount === BigInt(v.output0_amount), 'without the commitment');
    throwsCode(() => cn.ecdhDecode(key, info, v.tx.subarray(at + 32, at + 64)), C.EVERIFY, 'another commitment');
    const k2 = key.slice();
    k2[0] ^= 1;
    throwsCode(() => cn.ecdhDecode(k2, info, outPk), C.EVERIFY, 'another key');
    throwsCode(() => cn.ecdhDecode(key, info.subarray(0, 7)), C.EINVAL, '7 bytes');
    throwsCode(() => cn.ecdhDecode(key, new Uint8Array(64).fill(255)), C.EDECODE, 'a v1 amount above 64 bits');
    const pairs = v.ring_members.flat().map((r) => new Uint8Array([...unhex(r.key), ...unhex(r.mask)]));
    check(pairs.length === 32, '32 ring members');
    // The transaction checks: 'cncrypto/full' (the wallet build leaves them out: EUNSUPPORTED).
    throwsCode(() => wallet.checkTxSemantics(v.tx), C.EUNSUPPORTED, 'wallet checkTxSemantics');
    throwsCode(() => wallet.checkTx(v.tx, pairs), C.EUNSUPPORTED, 'wallet checkTx');
    cn = full;
    check(cn.checkTxSemantics(v.tx) === true, 'semantics');
    check(cn.checkTx(v.tx, pairs) === true, 'checkTx');
    check(full.checkTx(v.tx, new Uint8Array(pairs.flatMap((p) => [...p]))) === true, 'checkTx, one array, full build');
    throwsCode(() => cn.checkTx(v.tx, pairs.slice(0, -1)), C.EINVAL, 'one member short');
    const changed = pairs.map((p) => p.slice());
    changed[20][32] ^= 1;
    check(cn.checkTx(v.tx, changed) === false, 'a changed member');
    const clsag = v.tx.slice();
    clsag[v.tx.length - 64 - 600] ^= 4;  // inside a CLSAG: semantics pass, signatures not
    check(cn.checkTxSemantics(clsag) === true && cn.checkTx(clsag, pairs) === false, 'a flipped CLSAG bit');
    const proof = v.tx.slice();
    proof[v.tx.length - 64 - 1152 - 100] ^= 4;  // inside the BP+ range proof
    check(cn.checkTxSemantics(proof) === false, 'a flipped range-proof bit');
    throwsCode(() => cn.checkTxSemantics(v.tx.subarray(0, -1)), C.EDECODE, 'a cut blob');
  }, true);

  add('seeds: wallet/seeds.json (Electrum-style, 13 languages; 25, 24 and 13 words; invalid ones)', async () => {
    const vectors = (await json('data/wallet/seeds.json')).vectors;
    let valid = 0, invalidCount = 0, same = 0;
    const languages = new Set();
    vectors.forEach((e, n) => {
      const cn = n % 2 ? full : wallet;
      if (e.kind === 'invalid') {
        let code = 0;
        try { cn.seedRestore(e.words); } catch (x) { code = x.code; }
        check(code === C.EDECODE || code === C.EINVAL, `${e.id}: refused (code ${code})`);
        ++invalidCount;
        return;
      }
      const k = cn.seedRestore(e.words);
      const want = e.kind === 'seed13' ? e.mymonero_keys : e;
      eqHex(k.spendSecretKey, want.spend_secret_key, `${e.id}: spend`);
      eqHex(k.viewSecretKey, want.view_secret_key, `${e.id}: view`);
      check(k.birthday === 0, `${e.id}: no birthday`);
      if (want.address_mainnet) {
        const addr = cn.addressEncode('mainnet', 'standard', cn.secretKeyToPublicKey(k.spendSecretKey),
          cn.secretKeyToPublicKey(k.viewSecretKey));
        check(addr === want.address_mainnet, `${e.id}: address`);
      }
      if (e.kind === 'seed25' || e.kind === 'seed24') {
        const d = cn.seedDecode(e.words);
        eqHex(d.key, e.seed_bytes, `${e.id}: seedDecode`);
        check(d.language === e.language, `${e.id}: language ${d.language}`);
        languages.add(d.language);
        if (e.kind === 'seed25' && e.language_english !== 'English (old)') {
          const again = cn.seedEncode(d.key, d.language);
          if (again === e.words) ++same;
          eqHex(cn.seedDecode(again, d.language).key, e.seed_bytes, `${e.id}: encode then decode`);
          eqHex(cn.seedDecode(cn.seedEncode(d.key, e.language_english)).key, e.seed_bytes, `${e.id}: by English name`);
        }
      }
      ++valid;
    });
    check(valid >= 110 && invalidCount >= 70 && same >= 50 && languages.size >= 13,
      `${valid} valid, ${invalidCount} invalid, ${same} re-encoded identically, ${languages.size} languages`);
    return `${valid} valid (${languages.size} languages), ${invalidCount} invalid, ${same} re-encoded word for word`;
  }, true);

  add('seeds: wallet/polyseed.json (restore: keys and birthday; encode: the canonical phrase)', async () => {
    const vectors = (await json('data/wallet/polyseed.json')).vectors;
    let ok = 0, bad = 0, other = 0;
    const unsupported = [];
    for (const e of vectors) {
      if (e.explicit_language_index !== null && e.explicit_language_index !== undefined && e.explicit_language_index !== 'None') continue;
      if (e.status !== 'OK') {
        throwsCode(() => wallet.seedRestore(e.phrase), C.EDECODE, `${e.id}: refused`);
        ++bad;
        continue;
      }
      // The wasm utf8proc stand-in (docs/wasm.md) may refuse text outside ASCII: then EDECODE, never a wrong key.
      let k;
      try { k = wallet.seedRestore(e.phrase); } catch (x) {
        if (x.code === C.EDECODE && /[^\x00-\x7f]/.test(e.phrase)) { unsupported.push(e.language_english); ++other; continue; }
        throw x;
      }
      eqHex(k.spendSecretKey, e.spend_secret_key, `${e.id}: spend`);
      eqHex(k.viewSecretKey, e.view_secret_key, `${e.id}: view`);
      check(k.birthday === Number(e.birthday), `${e.id}: birthday ${k.birthday}`);
      const secret = unhex(e.secret_19_padded).subarray(0, 19);
      check(wallet.polyseedEncode(secret, k.birthday, k.language) === e.canonical_phrase, `${e.id}: canonical phrase`);
      ++ok;
    }
    check(ok >= 10 && bad >= 5, `${ok} restored, ${bad} refused`);
    return `${ok} restored and re-encoded, ${bad} invalid refused` +
      (other ? `; ${other} outside ASCII refused by the wasm utf8proc stand-in (${[...new Set(unsupported)].join(', ')})` : '');
  }, true);

  add('seeds: round trips, Polyseed create/encode/restore, passphrases, bad seeds', () => {
    const cn = wallet;
    const key = cn.generateKeys().secretKey;
    for (const language of ['English', 'Deutsch', 'German', '日本語', 'Lojban', 'Русский', 'Chinese (simplified)']) {
      const words = cn.seedEncode(key, language);
      check(words.split(/\s+/u).length === 25, `${language}: 25 words`);
      eqHex(cn.seedDecode(words).key, hex(key), `${language}: round trip`);
    }
    const p = cn.polyseedCreate(1700000000);
    check(p.birthday <= 1700000000 && 1700000000 < p.birthday + 2629746 && p.secret.length === 19, 'polyseedCreate');
    const words = cn.polyseedEncode(p.secret, p.birthday);
    check(words.split(' ').length === 16, '16 words');
    const k = cn.seedRestore(words);
    check(k.birthday === p.birthday && k.language === 'English', 'Polyseed restore: birthday, language');
    // The same Polyseed in Japanese (ideographic spaces, NFKD through the JavaScript engine in wasm): the same keys.
    const jp = cn.polyseedEncode(p.secret, p.birthday, 'Japanese');
    check(jp.includes('\u3000'), 'Japanese words are separated by U+3000');
    const kj = cn.seedRestore(jp);
    eqHex(kj.spendSecretKey, hex(k.spendSecretKey), 'Polyseed in Japanese: spend key');
    check(kj.birthday === p.birthday && kj.language !== 'English', `Polyseed in Japanese: language ${kj.language}`);
    throwsCode(() => cn.seedRestore(words, { passphrase: 'x' }), C.EINVAL, 'a passphrase with a Polyseed');
    throwsCode(() => cn.seedDecode('abbey'), C.EDECODE, 'one word');
    throwsCode(() => cn.seedRestore(`${'abbey '.repeat(24)}zzzzz`), C.EDECODE, 'an unknown word');
    throwsCode(() => cn.seedEncode(key, 'Klingon'), C.EINVAL, 'an unknown language');
    throwsCode(() => cn.seedEncode(key, 'English (old)'), C.EINVAL, 'English (old) is not written');
    throwsCode(() => cn.seedEncode(key.subarray(1)), C.EINVAL, 'a 31-byte key');
    throwsCode(() => cn.polyseedEncode(p.secret, p.birthday, 'Klingon'), C.EINVAL, 'Polyseed: unknown language');
    const w25 = cn.seedEncode(key);
    check(hex(cn.seedRestore(w25, { passphrase: 'pass' }).spendSecretKey) !== hex(cn.seedRestore(w25).spendSecretKey),
      'a passphrase changes the keys');
    check(hex(cn.seedRestore(w25, { language: 'English' }).spendSecretKey) === hex(cn.seedRestore(w25).spendSecretKey),
      'an explicit language');
  });

  add('.keys files: Monero\'s two test wallets (keys, network, address; a wrong password is EVERIFY)', async () => {
    const info = (await json('data/wallet/wallet_files.json')).wallets;
    for (const [name, network] of [['wallet_9svHk1', 'testnet'], ['wallet_00fd416a', 'mainnet']]) {
      const w = info[name];
      const file = await shared.bytes(`data/wallet/files/${name}.keys`);
      const cn = network === 'mainnet' ? full : wallet;
      const k = cn.keysFileRead(file, w.password);
      eqHex(k.spendSecretKey, w.spend_secret_key, `${name}: spend secret`);
      eqHex(k.viewSecretKey, w.view_secret_key, `${name}: view secret`);
      eqHex(k.spendPublicKey, w.spend_public_key, `${name}: spend public`);
      eqHex(k.viewPublicKey, w.view_public_key, `${name}: view public`);
      check(k.network === network, `${name}: network ${k.network}`);
      check(cn.addressEncode(k.network, 'standard', k.spendPublicKey, k.viewPublicKey) === w.address, `${name}: address`);
      eqHex(cn.keysFileRead(file, new TextEncoder().encode(w.password)).viewSecretKey, w.view_secret_key, `${name}: password bytes`);
      throwsCode(() => cn.keysFileRead(file, 'wrong'), C.EVERIFY, `${name}: a wrong password`);
      // The description (keysFileReadInfo): the vectors' JSON fields (wallet_files.json).
      const d = cn.keysFileReadInfo(file, w.password);
      eqHex(d.spendPublicKey, w.spend_public_key, `${name}: info spend public`);
      eqHex(d.viewPublicKey, w.view_public_key, `${name}: info view public`);
      check(d.network === network && d.cipher === w.account_data_cipher && d.seedLanguage === w.json_fields.seed_language,
        `${name}: info network ${d.network}, cipher ${d.cipher}, language ${d.seedLanguage}`);
      // The flags' exact bits from the file's JSON fields: nettype present, encrypted_secret_keys, and the
      // spend key verified (neither watch-only nor multisig).
      const F = cn.keysFileFlags;
      const wantFlags = ('nettype' in w.json_fields ? F.NETWORK_IN_FILE : 0)
        | (w.json_fields.encrypted_secret_keys ? F.ENCRYPTED_SECRET_KEYS : 0) | F.SPEND_KEY_VERIFIED;
      check(!d.watchOnly && !d.multisig && d.spendKeyVerified && d.flags === wantFlags,
        `${name}: info flags ${d.flags}, expected ${wantFlags}`);
      check(d.creationTimestamp === w.key_data_parsed.m_creation_timestamp, `${name}: creation time`);
      throwsCode(() => cn.keysFileReadInfo(file, 'wrong'), C.EVERIFY, `${name}: info with a wrong password`);
    }
  }, true);

  add('.keys files: write then read (a new wallet), wrong password and rounds, cut files, bad arguments', async () => {
    const cn = wallet;
    const spend = cn.generateKeys().secretKey;
    const view = cn.generateKeys(cn.cnFastHash(spend)).secretKey;
    const data = cn.keysFileWrite(spend, view, 'pw', { network: 'stagenet', seedLanguage: 'Deutsch', creationTimestamp: 1600000000 });
    const k = cn.keysFileRead(data, 'pw');
    const d = cn.keysFileReadInfo(data, 'pw');
    check(d.network === 'stagenet' && d.seedLanguage === 'Deutsch' && d.creationTimestamp === 1600000000
      && d.findingCount === 0 && d.cipher === 'chacha20' && d.networkInFile, `info of a written file: ${JSON.stringify({ ...d, spendPublicKey: 0, viewPublicKey: 0 })}`);
    check(cn.kdfRoundsMax() === 1000000, 'kdfRoundsMax');
    throwsCode(() => cn.keysFileRead(data, 'pw', cn.kdfRoundsMax() + 1), C.EINVAL, 'kdfRounds above the maximum');
    eqHex(k.spendSecretKey, hex(spend), 'spend');
    eqHex(k.viewSecretKey, hex(view), 'view');
    check(k.network === 'stagenet', 'network');
    eqHex(k.spendPublicKey, hex(cn.secretKeyToPublicKey(spend)), 'spend public');
    throwsCode(() => cn.keysFileRead(data, 'pW'), C.EVERIFY, 'another password');
    throwsCode(() => cn.keysFileRead(data, 'pw', 2), C.EVERIFY, 'another kdfRounds');
    for (const cut of [0, 5, data.length >> 1]) throwsCode(() => cn.keysFileRead(data.subarray(0, cut), 'pw'), C.EDECODE, `cut at ${cut}`);
    throwsCode(() => cn.keysFileRead(data, 'pw', 0), C.EINVAL, 'kdfRounds 0');
    throwsCode(() => cn.keysFileWrite(new Uint8Array(32).fill(255), view, 'pw'), C.EDECODE, 'a spend key >= L');
    throwsCode(() => cn.keysFileWrite(spend, view, 'pw', { seedLanguage: 'Klingon' }), C.EINVAL, 'an unknown language');
    throwsCode(() => cn.keysFileWrite(spend, view, 'pw', { network: 'moonnet' }), C.EINVAL, 'an unknown network');
    // keysFileLoad: a path in Node; elsewhere EUNSUPPORTED (no file system).
    let code = 0;
    try { await cn.keysFileLoad('/nonexistent/cncrypto.keys', 'pw'); } catch (e) { code = e.code; }
    const node = typeof process === 'object' && process.versions && process.versions.node;
    check(code === (node ? C.EIO : C.EUNSUPPORTED), `keysFileLoad of a missing file: ${code}`);
  });

  add('memory: no wallet secret left in the wasm heap after seeds, .keys files, amounts and a disposed scanner', async () => {
    const occurrences = (h, v) => {
      let n = 0;
      for (let i = h.indexOf(v[0]); i >= 0 && i + v.length <= h.length; i = h.indexOf(v[0], i + 1)) {
        let j = 1;
        while (j < v.length && h[i + j] === v[j]) ++j;
        if (j === v.length) ++n;
      }
      return n;
    };
    for (const [, cn] of both) {
      const heap = cn[Symbol.for('cncrypto.heap')];
      const region = cn[Symbol.for('cncrypto.scratch')];
      const seedKey = cn.generateKeys().secretKey;
      const words = cn.seedEncode(seedKey, 'English');
      const restored = cn.seedRestore(words, { passphrase: 'offset words' });
      cn.seedDecode(words);
      const poly = cn.polyseedCreate(1700000000);
      const polyKeys = cn.seedRestore(cn.polyseedEncode(poly.secret, poly.birthday));
      const spend = cn.generateKeys().secretKey, view = cn.generateKeys().secretKey;
      const file = cn.keysFileWrite(spend, view, 'a long password of the test', { kdfRounds: 1 });
      cn.keysFileRead(file, 'a long password of the test');
      try { cn.keysFileRead(file, 'not it'); } catch { /* EVERIFY */ }
      const d = cn.generateKeyDerivation(cn.generateKeys().publicKey, view);
      const amountKey = cn.derivationToScalar(d, 1);
      const dec = cn.ecdhDecode(amountKey, new Uint8Array(8).fill(7));
      const viewSub = cn.getSubaddressSecretKey(view, 3, 4);
      const pub = cn.secretKeyToPublicKey(spend);
      const s = cn.scanner({ viewSecretKey: view, spendPublicKey: pub, spendSecretKey: spend, subaddresses: { major: 2, minor: 3 } });
      s.scan([]);
      s.dispose();
      const h = heap();
      check(h.subarray(region.start, region.end).every((b) => b === 0), 'the scratch region is all zero');
      const secrets = { seedKey, restoredSpend: restored.spendSecretKey, restoredView: restored.viewSecretKey,
        polySecret: poly.secret, polySpend: polyKeys.spendSecretKey, spend, view, amountKey, mask: dec.mask, viewSub,
        words: new TextEncoder().encode(words.split(' ').slice(0, 4).join(' ')), password: new TextEncoder().encode('a long password of the test') };
      for (const [name, v] of Object.entries(secrets)) check(occurrences(h, v) === 0, `${name} is nowhere in the heap`);
    }
  });

  add('worker pool: a batch of 3 x 37 real transactions split across workers = one scanner\'s result; progress; errors', async () => {
    if (!createScanPool) return 'no pool in this environment';
    const v = await owned();
    const foreign = await foreignTxs();
    const txs = [...foreign, v.tx, ...foreign, ...foreign.slice(0, 5), v.tx, ...foreign];
    const keys = { viewSecretKey: unhex(v.wallet_view_secret), spendPublicKey: unhex(v.wallet_spend_public),
      spendSecretKey: unhex(v.wallet_spend_secret), subaddresses: { major: 2, minor: 20 } };
    const s = wallet.scanner({ ...keys, viewSecretKey: keys.viewSecretKey.slice(), spendSecretKey: keys.spendSecretKey.slice() });
    const want = s.scan(txs);
    s.dispose();
    check(want.length === 2 && want[0].txIndex === foreign.length && want[1].txIndex === 2 * foreign.length + 6,
      `one scanner: ${want.map((r) => r.txIndex)}`);
    const workers = 2;
    const pool = await createScanPool({ ...keys, workers, chunkSize: 10 });
    try {
      check(hex(keys.viewSecretKey) === v.wallet_view_secret, 'the caller\'s keys are not touched');
      const seen = [];
      pool.addEventListener('progress', (e) => seen.push(e.detail.done));
      let last = null;
      const got = await pool.scan(txs, { onProgress: (done, total) => { last = [done, total]; } });
      check(got.length === want.length, `pool found ${got.length}`);
      got.forEach((r, i) => {
        check(r.txIndex === want[i].txIndex && r.outputIndex === want[i].outputIndex && r.amount === want[i].amount,
          `record ${i}: tx ${r.txIndex} output ${r.outputIndex}`);
        eqHex(r.keyImage, hex(want[i].keyImage), `record ${i}: key image`);
        checkOwned(wallet, v, r, false, `pool record ${i}`);
      });
      check(seen.length === Math.ceil(txs.length / 10) && seen.every((d, i) => i === 0 || d > seen[i - 1]), `progress ${seen}`);
      check(last && last[0] === txs.length && last[1] === txs.length, 'onProgress at the end');
      const chunks = seen.length;
      let code = 0;
      try { await pool.scan([...txs.slice(0, 30), v.tx.subarray(0, 50)]); } catch (e) { code = e.code; }
      check(code === C.EDECODE, `a cut blob in the batch: ${code}`);
      check((await pool.scan([])).length === 0, 'an empty batch');
      check((await pool.scan(foreign)).length === 0, 'no owned output');
      const result = got.map((r) => `tx ${r.txIndex} output ${r.outputIndex} amount ${r.amount}`).join('; ');
      return `${pool.size} workers, ${txs.length} transactions in ${chunks} chunks: ${result}`;
    } finally {
      await pool.dispose();
    }
  }, true);

  return cases;
}
