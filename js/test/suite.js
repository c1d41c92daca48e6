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

export function suite({ wallet, full, shared }) {
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
    throwsCode(() => cn.keccak(7), C.EINVAL, 'unknown algorithm');
    const s = cn.keccak(A.SHA3_256);
    throwsCode(() => s.final(31), C.EINVAL, 'a SHA3-256 final of 31 bytes');
    throwsCode(() => s.squeeze(4), C.EINVAL, 'squeeze on SHA-3');
    s.dispose();
  });

  add('keys: consistency of derivations, signatures, rings, tx proofs', () => {
    for (const [, cn] of both) {
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
      // A ring of 3, the real key at index 1.
      const ring = [b.publicKey, a.publicKey, r.publicKey];
      const image = cn.generateKeyImage(a.publicKey, a.secretKey);
      const sigs = cn.generateRingSignature(h, image, ring, a.secretKey, 1);
      check(sigs.length === 3 * 64, 'ring signature size');
      check(cn.checkRingSignature(h, image, ring, sigs), 'ring signature verifies');
      check(cn.checkRingSignature(h, image, new Uint8Array([...b.publicKey, ...a.publicKey, ...r.publicKey]), sigs),
        'ring as one Uint8Array');
      sigs[70] ^= 1;
      check(!cn.checkRingSignature(h, image, ring, sigs), 'a flipped bit in a ring signature');
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
    throwsCode(() => cn.generateRingSignature(k, k, [k], k, 1), C.EINVAL, 'secIndex outside the ring');
    throwsCode(() => cn.checkRingSignature(k, k, [], new Uint8Array(0)), C.EINVAL, 'a ring of 0');
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
        case 'check_ring_signature': {
          const n = parseInt(w[3], 10);
          const ring = w.slice(4, 4 + n).map(unhex);
          check(cn.checkRingSignature(unhex(w[1]), unhex(w[2]), ring, unhex(w[4 + n])) === t(w[5 + n]), line);
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

  return cases;
}
