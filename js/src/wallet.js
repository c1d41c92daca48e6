// The wallet half of the C ABI in JavaScript (docs/wasm.md, "Wallet"):
// addresses, subaddresses, RingCT amounts, transaction checks, seeds
// (Electrum-style in Monero's 13 languages, Polyseed), .keys files, and the
// scanner object over cncrypto_scan_context. Called by createWith (api.js)
// with the module and the call helpers; every method follows api.js's rules
// (arguments checked in JavaScript first, EINVAL; every byte a call put in
// wasm memory zeroed before it returns or throws).

const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { fatal: false });

export const networks = Object.freeze({ MAINNET: 0, TESTNET: 1, STAGENET: 2, ANY: -1 });
export const addressKinds = Object.freeze({ STANDARD: 0, INTEGRATED: 1, SUBADDRESS: 2 });
// cncrypto_owned_output.flags (CNCRYPTO_OWNED_*).
export const ownedFlags = Object.freeze({ AMOUNT: 1, KEY_IMAGE: 2, ADDITIONAL_KEY: 4, SHORT_PAYMENT_ID: 8, LONG_PAYMENT_ID: 16 });
const networkNames = ['mainnet', 'testnet', 'stagenet'];
const kindNames = ['standard', 'integrated', 'subaddress'];
const RECORD = 200;  // CNCRYPTO_OWNED_OUTPUT_BYTES
const INFO = 120;  // CNCRYPTO_KEYS_FILE_INFO_BYTES (the first version of cncrypto_keys_file_info)
// cncrypto_keys_file_info.flags (CNCRYPTO_KEYS_FILE_*).
export const keysFileFlags = Object.freeze({ WATCH_ONLY: 1, MULTISIG: 2, NETWORK_IN_FILE: 4, ENCRYPTED_SECRET_KEYS: 8, SPEND_KEY_VERIFIED: 16 });

export function walletApi(m, h) {
  const { call, bytes, items, u64, fail, invalid, verdict, disposable, exported, CncryptoError, codes } = h;
  const K = 32;

  // A network or kind: its name ('mainnet', 'standard', ...) or the C value.
  function enumArg(fn, what, v, names, allowAny = false) {
    if (typeof v === 'string') {
      const i = names.indexOf(v.toLowerCase());
      if (i >= 0) return i;
      if (allowAny && v.toLowerCase() === 'any') return -1;
    } else if (Number.isInteger(v) && ((v >= 0 && v < names.length) || (allowAny && v === -1))) {
      return v;
    }
    invalid(fn, `${what} must be one of ${names.join(', ')}${allowAny ? ', any' : ''} (or its number), got ${String(v)}`);
  }
  const u32 = (fn, name, v) => {
    if (Number.isInteger(v) && v >= 0 && v <= 0xffffffff) return v;
    if (typeof v === 'bigint' && v >= 0n && v <= 0xffffffffn) return Number(v);
    invalid(fn, `${name} must be an integer in 0 .. 2^32 - 1`);
  };
  // Text in (a string, UTF-8 encoded, or its bytes), without a NUL: (pointer, length).
  function text(fn, name, v) {
    if (typeof v === 'string') return enc.encode(v);
    if (v instanceof Uint8Array) return v;
    invalid(fn, `${name} must be a string or a Uint8Array`);
  }
  // A short name passed NUL-terminated (a language): a string without NUL.
  function cName(fn, name, v) {
    if (typeof v !== 'string' || v.includes('\0')) invalid(fn, `${name} must be a string without NUL`);
    return enc.encode(`${v}\0`);
  }
  const readCString = (f, p, cap) => {
    const heap = m.HEAPU8;
    let end = p;
    while (end < p + cap && heap[end] !== 0) ++end;
    return dec.decode(heap.subarray(p, end));
  };
  // The two-call convention (docs/c_api.md): run(out, lenPtr) with *lenPtr the
  // capacity (in units of `unit` bytes: records for a scan); on ESIZE once more
  // with the size asked for. Returns [out, len] (len in units).
  function twoCall(fn, f, guess, run, unit = 1) {
    const lenPtr = f.out(4);
    let cap = guess;
    for (let attempt = 0; attempt < 2; ++attempt) {
      const out = f.out(Math.max(cap * unit, 1));
      m.HEAPU32[lenPtr >> 2] = cap;
      const rc = run(out, lenPtr);
      const len = m.HEAPU32[lenPtr >> 2];
      if (rc === 0) return [out, len];
      if (rc !== codes.ESIZE || attempt === 1) fail(fn, rc);
      cap = len;
    }
    return fail(fn, codes.EINTERNAL);
  }
  const u64At = (p) => m.HEAPU32[p >> 2] + m.HEAPU32[(p >> 2) + 1] * 2 ** 32;  // an exact number below 2^53
  const big64At = (p) => BigInt(m.HEAPU32[p >> 2]) | (BigInt(m.HEAPU32[(p >> 2) + 1]) << 32n);

  // ---- addresses ------------------------------------------------------------------------

  // { network: 'mainnet' | 'testnet' | 'stagenet', kind: 'standard' | 'integrated'
  // | 'subaddress', spendPublicKey, viewPublicKey, paymentId (8 bytes, integrated) or null }.
  function addressDecode(address, network = 'any') {
    const fn = 'addressDecode';
    if (typeof address !== 'string') invalid(fn, 'address must be a string');
    const net = enumArg(fn, 'network', network, networkNames, true);
    const s = enc.encode(address);
    return call((f) => {
      const p = f.in(s), netOut = f.out(4), kind = f.out(4), spend = f.out(K), view = f.out(K), pid = f.out(8);
      const rc = m._cncrypto_address_decode(p, s.length, net, netOut, kind, spend, view, pid);
      if (rc !== 0) fail(fn, rc);
      const k = m.HEAP32[kind >> 2];
      return {
        network: networkNames[m.HEAP32[netOut >> 2]], kind: kindNames[k],
        spendPublicKey: f.read(spend, K), viewPublicKey: f.read(view, K),
        paymentId: k === addressKinds.INTEGRATED ? f.read(pid, 8) : null,
      };
    });
  }
  // addressEncode(network, kind, spendPublicKey, viewPublicKey, paymentId?) or
  // addressEncode({ network, kind, spendPublicKey, viewPublicKey, paymentId }) (an
  // addressDecode result; kind defaults to 'standard', or 'integrated' with a paymentId).
  function addressEncode(network, kind, spendPublicKey, viewPublicKey, paymentId) {
    const fn = 'addressEncode';
    if (network !== null && typeof network === 'object') {
      ({ network, kind, spendPublicKey, viewPublicKey, paymentId } = network);
      if (kind === undefined) kind = paymentId ? 'integrated' : 'standard';
    }
    const net = enumArg(fn, 'network', network, networkNames);
    const k = enumArg(fn, 'kind', kind, kindNames);
    bytes(fn, 'spendPublicKey', spendPublicKey, K), bytes(fn, 'viewPublicKey', viewPublicKey, K);
    if (k === addressKinds.INTEGRATED) bytes(fn, 'paymentId', paymentId, 8);
    return call((f) => {
      const s = f.in(spendPublicKey), v = f.in(viewPublicKey), pid = k === addressKinds.INTEGRATED ? f.in(paymentId) : 0;
      const [out] = twoCall(fn, f, 107, (o, len) => m._cncrypto_address_encode(net, k, s, v, pid, o, len));
      return readCString(f, out, 107);
    });
  }
  function getSubaddressSecretKey(viewSecretKey, major, minor) {
    const fn = 'getSubaddressSecretKey';
    bytes(fn, 'viewSecretKey', viewSecretKey, K);
    const a = u32(fn, 'major', major), b = u32(fn, 'minor', minor);
    return call((f) => {
      const out = f.out(K);
      const rc = m._cncrypto_get_subaddress_secret_key(f.in(viewSecretKey), a, b, out);
      if (rc !== 0) fail(fn, rc);
      return f.read(out, K);
    });
  }
  // The subaddress (major, minor) of the wallet (a, B): { spendPublicKey: D, viewPublicKey: C }.
  function getSubaddress(viewSecretKey, spendPublicKey, major, minor) {
    const fn = 'getSubaddress';
    bytes(fn, 'viewSecretKey', viewSecretKey, K), bytes(fn, 'spendPublicKey', spendPublicKey, K);
    const a = u32(fn, 'major', major), b = u32(fn, 'minor', minor);
    return call((f) => {
      const D = f.out(K), C = f.out(K);
      const rc = m._cncrypto_get_subaddress(f.in(viewSecretKey), f.in(spendPublicKey), a, b, D, C);
      if (rc !== 0) fail(fn, rc);
      return { spendPublicKey: f.read(D, K), viewPublicKey: f.read(C, K) };
    });
  }
  // The address string of subaddress (major, minor) (the main address for (0, 0)).
  function subaddress(viewSecretKey, spendPublicKey, major, minor, network = 'mainnet') {
    const keys = getSubaddress(viewSecretKey, spendPublicKey, major, minor);
    const main = u32('subaddress', 'major', major) === 0 && u32('subaddress', 'minor', minor) === 0;
    return addressEncode(network, main ? 'standard' : 'subaddress', keys.spendPublicKey, keys.viewPublicKey);
  }

  // ---- RingCT amounts, transaction checks ---------------------------------------------

  function derivationToScalar(derivation, outputIndex) {
    const fn = 'derivationToScalar';
    bytes(fn, 'derivation', derivation, K);
    const i = u64(fn, 'outputIndex', outputIndex);
    return call((f) => {
      const out = f.out(K);
      const rc = m._cncrypto_derivation_to_scalar(f.in(derivation), i, out);
      if (rc !== 0) fail(fn, rc);
      return f.read(out, K);
    });
  }
  // { amount: bigint, mask } from an output's ecdhInfo (8 bytes: RingCT types
  // 4-6; 64: types 1-3). With commitment (its outPk), the result must open it:
  // EVERIFY otherwise (not our output, a wrong key).
  function ecdhDecode(amountKey, ecdhInfo, commitment) {
    const fn = 'ecdhDecode';
    bytes(fn, 'amountKey', amountKey, K), bytes(fn, 'ecdhInfo', ecdhInfo);
    if (commitment !== undefined && commitment !== null) bytes(fn, 'commitment', commitment, K);
    return call((f) => {
      const amount = f.out(8), mask = f.out(K);
      const rc = m._cncrypto_ecdh_decode(f.in(amountKey), f.in(ecdhInfo), ecdhInfo.length, commitment ? f.in(commitment) : 0,
        amount, mask);
      if (rc !== 0) fail(fn, rc);
      return { amount: big64At(amount), mask: f.read(mask, K) };
    });
  }
  // checkTxSemantics and checkTx: 'cncrypto/full' only (the wallet build throws EUNSUPPORTED).
  const checkTxSemantics = (blob) => {
    bytes('checkTxSemantics', 'blob', blob);
    const cfn = exported('checkTxSemantics', 'check_tx_semantics');
    return call((f) => verdict('checkTxSemantics', cfn(f.in(blob), blob.length)));
  };
  // ringMembers: (output key || commitment) per ring member, input by input:
  // one Uint8Array of n * 64 bytes or n 64-byte arrays.
  function checkTx(blob, ringMembers) {
    const fn = 'checkTx';
    bytes(fn, 'blob', blob);
    const r = items(fn, 'ringMembers', ringMembers, 64);
    const cfn = exported(fn, 'check_tx');
    return call((f) => verdict(fn, cfn(f.in(blob), blob.length, f.in(r), r.length / 64)));
  }

  // ---- transactions and blocks as Monero's JSON text, pruning ---------------------------

  // Monero 0.18's obj_to_json_str text (indented, no trailing newline) of a
  // complete transaction, a pruned one (its prefix and RingCT base: txPrune's
  // bytes, what monerod sends with prune=true) or a block; a string. EDECODE
  // when the blob is not one (a complete transaction is not a pruned one).
  function jsonText(fn, cfn, blob) {
    bytes(fn, 'blob', blob);
    return call((f) => {
      const p = f.in(blob);
      // about 2 to 3 bytes of text per blob byte (the C ABI's comment); a second call past that
      const [out, len] = twoCall(fn, f, blob.length * 3 + 1024, (o, n) => cfn(p, blob.length, o, n));
      return dec.decode(m.HEAPU8.subarray(out, out + len - 1));  // len counts the NUL
    });
  }
  const txToJson = (blob) => jsonText('txToJson', m._cncrypto_tx_to_json, blob);
  const prunedTxToJson = (blob) => jsonText('prunedTxToJson', m._cncrypto_pruned_tx_to_json, blob);
  const blockToJson = (blob) => jsonText('blockToJson', m._cncrypto_block_to_json, blob);
  // The pruned form of a complete transaction (its prefix and, v2, RingCT base:
  // the first unprunable_size bytes as Monero stores and sends it). EDECODE when
  // the blob is not a complete transaction.
  function txPrune(blob) {
    const fn = 'txPrune';
    bytes(fn, 'blob', blob);
    return call((f) => {
      const p = f.in(blob);
      const [out, len] = twoCall(fn, f, blob.length, (o, n) => m._cncrypto_tx_prune(p, blob.length, o, n));
      return f.read(out, len);
    });
  }

  // ---- seeds -----------------------------------------------------------------------------

  // The 25 words of a 32-byte key (language: a Monero or English name).
  function seedEncode(key, language = 'English') {
    const fn = 'seedEncode';
    bytes(fn, 'key', key, K);
    const lang = cName(fn, 'language', language);
    return call((f) => {
      const k = f.in(key), l = f.in(lang);
      const [out, len] = twoCall(fn, f, 512, (o, n) => m._cncrypto_seed_encode(k, l, o, n));
      return readCString(f, out, len);
    });
  }
  // { key (32 bytes, not reduced), language (Monero's name) } of 25 or 24 words;
  // language: null/'' to detect.
  function seedDecode(words, language = null) {
    const fn = 'seedDecode';
    const w = text(fn, 'words', words);
    const lang = language ? cName(fn, 'language', language) : null;
    return call((f) => {
      const key = f.out(K), found = f.out(32);
      const rc = m._cncrypto_seed_decode(f.in(w), w.length, lang ? f.in(lang) : 0, key, found);
      if (rc !== 0) fail(fn, rc);
      return { key: f.read(key, K), language: readCString(f, found, 32) };
    });
  }
  // A wallet's keys from 25/24 words (Monero; passphrase: the seed offset), 16
  // (Polyseed; birthday its Unix time) or 13 (MyMonero): { spendSecretKey,
  // viewSecretKey, birthday (a number, 0 but for Polyseed), language }.
  function seedRestore(words, { passphrase = null, language = null } = {}) {
    const fn = 'seedRestore';
    const w = text(fn, 'words', words);
    const pass = passphrase === null || passphrase === undefined ? null : text(fn, 'passphrase', passphrase);
    const lang = language ? cName(fn, 'language', language) : null;
    return call((f) => {
      const spend = f.out(K), view = f.out(K), birthday = f.out(8), found = f.out(32);
      const rc = m._cncrypto_seed_restore(f.in(w), w.length, pass ? f.in(pass) : 0, pass ? pass.length : 0,
        lang ? f.in(lang) : 0, spend, view, birthday, found);
      if (rc !== 0) fail(fn, rc);
      return { spendSecretKey: f.read(spend, K), viewSecretKey: f.read(view, K), birthday: u64At(birthday),
        language: readCString(f, found, 32) };
    });
  }
  // A new Polyseed: { secret (19 bytes), birthday (unixTime rounded down to its unit) }.
  function polyseedCreate(unixTime = Math.floor(Date.now() / 1000)) {
    const fn = 'polyseedCreate';
    const t = u64(fn, 'unixTime', unixTime);
    return call((f) => {
      const secret = f.out(19), birthday = f.out(8);
      const rc = m._cncrypto_polyseed_create(t, secret, birthday);
      if (rc !== 0) fail(fn, rc);
      return { secret: f.read(secret, 19), birthday: u64At(birthday) };
    });
  }
  // The 16 words of a Polyseed (language: an English or native Polyseed name).
  function polyseedEncode(secret, birthday, language = 'English') {
    const fn = 'polyseedEncode';
    bytes(fn, 'secret', secret, 19);
    const b = u64(fn, 'birthday', birthday);
    const lang = cName(fn, 'language', language);
    return call((f) => {
      const s = f.in(secret), l = f.in(lang);
      const [out, len] = twoCall(fn, f, 512, (o, n) => m._cncrypto_polyseed_encode(s, b, l, o, n));
      return readCString(f, out, len);
    });
  }

  // ---- .keys files -----------------------------------------------------------------------

  // Opens a wallet2 .keys file (its bytes) with the password (a string, as
  // UTF-8, or bytes): { spendSecretKey (all zero: watch-only), viewSecretKey,
  // spendPublicKey, viewPublicKey, network }. EVERIFY: a wrong password.
  // The arguments both readers check: (file pointer, length, password pointer, length, rounds) in f.
  function openArgs(fn, file, password, kdfRounds) {
    bytes(fn, 'file', file);
    const pw = text(fn, 'password', password);
    const rounds = u64(fn, 'kdfRounds', kdfRounds);
    return (f) => [f.in(file), file.length, f.in(pw), pw.length, rounds];
  }
  function keysFileRead(file, password, kdfRounds = 1) {
    const fn = 'keysFileRead';
    const args = openArgs(fn, file, password, kdfRounds);
    return call((f) => {
      const ss = f.out(K), vs = f.out(K), sp = f.out(K), vp = f.out(K), net = f.out(4);
      const rc = m._cncrypto_keys_file_read(...args(f), ss, vs, sp, vp, net);
      if (rc !== 0) fail(fn, rc);
      return { spendSecretKey: f.read(ss, K), viewSecretKey: f.read(vs, K), spendPublicKey: f.read(sp, K),
        viewPublicKey: f.read(vp, K), network: networkNames[m.HEAP32[net >> 2]] };
    });
  }
  // What a .keys file says besides the keys (cncrypto_keys_file_read_info with no
  // secret key asked for, so multisig wallets open too): { creationTimestamp (Unix
  // time, 0 when absent), network, cipher ('chacha20' | 'chacha8'), flags
  // (keysFileFlags bits) and watchOnly, multisig, networkInFile, encryptedSecretKeys,
  // spendKeyVerified, findingCount (oddities, never a refusal), spendPublicKey,
  // viewPublicKey, seedLanguage ('' when absent) }. Errors as keysFileRead.
  function keysFileReadInfo(file, password, kdfRounds = 1) {
    const fn = 'keysFileReadInfo';
    const args = openArgs(fn, file, password, kdfRounds);
    return call((f) => {
      const info = f.out(INFO);
      const rc = m._cncrypto_keys_file_read_info(...args(f), 0, 0, info, INFO);
      if (rc !== 0) fail(fn, rc);
      const flags = m.HEAPU32[(info + 16) >> 2];
      return {
        creationTimestamp: u64At(info), network: networkNames[m.HEAP32[(info + 8) >> 2]],
        cipher: m.HEAP32[(info + 12) >> 2] === 1 ? 'chacha8' : 'chacha20', flags,
        watchOnly: (flags & keysFileFlags.WATCH_ONLY) !== 0, multisig: (flags & keysFileFlags.MULTISIG) !== 0,
        networkInFile: (flags & keysFileFlags.NETWORK_IN_FILE) !== 0,
        encryptedSecretKeys: (flags & keysFileFlags.ENCRYPTED_SECRET_KEYS) !== 0,
        spendKeyVerified: (flags & keysFileFlags.SPEND_KEY_VERIFIED) !== 0,
        findingCount: m.HEAPU32[(info + 20) >> 2], spendPublicKey: f.read(info + 24, K), viewPublicKey: f.read(info + 56, K),
        seedLanguage: readCString(f, info + 88, 32),
      };
    });
  }
  // The same from a path (Node only: the module has no file system; a browser
  // reads the file itself and calls keysFileRead). A promise; EIO when unreadable.
  async function keysFileLoad(path, password, kdfRounds = 1) {
    const fn = 'keysFileLoad';
    if (typeof path !== 'string' && !(path instanceof URL)) invalid(fn, 'path must be a string or a URL');
    if (typeof process !== 'object' || !process.versions || !process.versions.node) {
      throw new CncryptoError(codes.EUNSUPPORTED, fn, 'no file system here: read the file and call keysFileRead');
    }
    let file;
    try {
      const { readFile } = await import('node:fs/promises');
      file = new Uint8Array(await readFile(path));
    } catch (e) {
      throw new CncryptoError(codes.EIO, fn, `cannot read ${String(path)}: ${e && e.code ? e.code : e}`);
    }
    try { return keysFileRead(file, password, kdfRounds); } catch (e) {
      if (e instanceof CncryptoError) e.function = fn;
      throw e;
    }
  }
  // A new .keys file (bytes) of the standard wallet (spend, view) that wallet2
  // opens with the password. options: network ('mainnet'), kdfRounds (1),
  // seedLanguage ('English'), creationTimestamp (0: none).
  function keysFileWrite(spendSecretKey, viewSecretKey, password,
    { network = 'mainnet', kdfRounds = 1, seedLanguage = null, creationTimestamp = 0 } = {}) {
    const fn = 'keysFileWrite';
    bytes(fn, 'spendSecretKey', spendSecretKey, K), bytes(fn, 'viewSecretKey', viewSecretKey, K);
    const pw = text(fn, 'password', password);
    const net = enumArg(fn, 'network', network, networkNames);
    const rounds = u64(fn, 'kdfRounds', kdfRounds), when = u64(fn, 'creationTimestamp', creationTimestamp);
    const lang = seedLanguage ? cName(fn, 'seedLanguage', seedLanguage) : null;
    return call((f) => {
      const ss = f.in(spendSecretKey), vs = f.in(viewSecretKey), p = f.in(pw), l = lang ? f.in(lang) : 0;
      const [out, len] = twoCall(fn, f, 2048, (o, n) => m._cncrypto_keys_file_write(ss, vs, net, p, pw.length, rounds, l, when, o, n));
      return f.read(out, len);
    });
  }

  // ---- scanning -------------------------------------------------------------------------------

  // One record (cncrypto_owned_output at p) as an object.
  function record(f, p) {
    const flags = m.HEAPU32[(p + 192) >> 2];
    const pidKind = flags & ownedFlags.SHORT_PAYMENT_ID ? 'short' : flags & ownedFlags.LONG_PAYMENT_ID ? 'long' : null;
    return {
      txIndex: u64At(p + 168),
      outputIndex: u64At(p + 176),
      major: m.HEAPU32[(p + 184) >> 2],
      minor: m.HEAPU32[(p + 188) >> 2],
      amount: flags & ownedFlags.AMOUNT ? big64At(p + 160) : null,
      keyImage: flags & ownedFlags.KEY_IMAGE ? f.read(p + 64, K) : null,
      txHash: f.read(p, K),
      outputKey: f.read(p + 32, K),
      mask: f.read(p + 96, K),
      paymentId: pidKind === 'short' ? f.read(p + 128, 8) : pidKind === 'long' ? f.read(p + 128, K) : null,
      paymentIdKind: pidKind,
      txPubKeyIndex: m.HEAPU32[(p + 196) >> 2],
      flags,
    };
  }
  // The blobs of a batch: one Uint8Array, or an array of them (back to back + lengths).
  function batch(fn, txBlobs) {
    const list = txBlobs instanceof Uint8Array ? [txBlobs] : txBlobs;
    if (!Array.isArray(list)) invalid(fn, 'txBlobs must be a Uint8Array or an array of them');
    let total = 0;
    list.forEach((b, i) => { total += bytes(fn, `txBlobs[${i}]`, b).length; });
    const all = new Uint8Array(total), lens = new Uint32Array(list.length);
    let at = 0;
    list.forEach((b, i) => { all.set(b, at); at += b.length; lens[i] = b.length; });
    return { all, lens: new Uint8Array(lens.buffer), count: list.length };
  }

  // A wallet's scanning context (cncrypto_scan_context): its keys live in wasm
  // memory until dispose(), which wipes and frees them.
  class Scanner {
    #ctx = 0;
    #watchOnly;
    constructor({ viewSecretKey, spendPublicKey, spendSecretKey = null, subaddresses = null } = {}) {
      const fn = 'scanner';
      bytes(fn, 'viewSecretKey', viewSecretKey, K), bytes(fn, 'spendPublicKey', spendPublicKey, K);
      if (spendSecretKey !== null && spendSecretKey !== undefined) bytes(fn, 'spendSecretKey', spendSecretKey, K);
      this.#watchOnly = !spendSecretKey;
      this.#ctx = call((f) => {
        const slot = f.out(4);
        const rc = m._cncrypto_scan_context_create(f.in(viewSecretKey), f.in(spendPublicKey),
          spendSecretKey ? f.in(spendSecretKey) : 0, slot);
        if (rc !== 0) fail(fn, rc);
        return m.HEAPU32[slot >> 2];
      });
      try {
        if (subaddresses !== null && subaddresses !== undefined) this.#addFromOption(subaddresses);
      } catch (e) {
        this.dispose();
        throw e;
      }
    }
    // subaddresses: { major, minor } (numbers: the ranges 0..major-1 x 0..minor-1,
    // Monero's lookahead; or [begin, end) pairs), or an array of [major, minor] pairs.
    #addFromOption(s) {
      if (Array.isArray(s)) { this.addSubaddresses(s); return; }
      if (typeof s !== 'object') invalid('scanner', 'subaddresses must be { major, minor } or an array of [major, minor]');
      const range = (v) => (Array.isArray(v) ? v : [0, v]);
      const [mb, me] = range(s.major ?? 1), [nb, ne] = range(s.minor ?? 1);
      this.addSubaddressRange(mb, me, nb, ne);
    }
    #live(fn) { if (this.#ctx === 0) invalid(fn, 'the scanner was disposed'); return this.#ctx; }
    get watchOnly() { return this.#watchOnly; }
    get disposed() { return this.#ctx === 0; }
    // Entries of the subaddress table ((0, 0) included).
    get subaddressCount() {
      const ctx = this.#live('scanner.subaddressCount');
      return call((f) => {
        const n = f.out(4);
        const rc = m._cncrypto_scan_context_subaddress_count(ctx, n);
        if (rc !== 0) fail('scanner.subaddressCount', rc);
        return m.HEAPU32[n >> 2];
      });
    }
    // Adds majorBegin <= major < majorEnd x minorBegin <= minor < minorEnd (about 20 µs per entry).
    addSubaddressRange(majorBegin, majorEnd, minorBegin, minorEnd) {
      const fn = 'scanner.addSubaddressRange';
      const a = [majorBegin, majorEnd, minorBegin, minorEnd].map((v, i) => u32(fn, ['majorBegin', 'majorEnd', 'minorBegin', 'minorEnd'][i], v));
      const rc = m._cncrypto_scan_context_add_subaddress_range(this.#live(fn), ...a);
      if (rc !== 0) fail(fn, rc);
      return this;
    }
    // pairs: [[major, minor], ...].
    addSubaddresses(pairs) {
      const fn = 'scanner.addSubaddresses';
      if (!Array.isArray(pairs)) invalid(fn, 'pairs must be an array of [major, minor]');
      const idx = new Uint32Array(pairs.length * 2);
      pairs.forEach((p, i) => {
        if (!Array.isArray(p) || p.length !== 2) invalid(fn, `pairs[${i}] must be [major, minor]`);
        idx[2 * i] = u32(fn, 'major', p[0]);
        idx[2 * i + 1] = u32(fn, 'minor', p[1]);
      });
      const ctx = this.#live(fn);
      call((f) => {
        const rc = m._cncrypto_scan_context_add_subaddresses(ctx, f.in(new Uint8Array(idx.buffer)), pairs.length);
        if (rc !== 0) fail(fn, rc);
      });
      return this;
    }
    // The wallet's outputs in txBlobs (one complete transaction blob or an array
    // of them, scanned as one batch: cncrypto_scan_txs), in transaction then
    // output order. EDECODE when any blob is not a complete transaction.
    scan(txBlobs) {
      const fn = 'scanner.scan';
      const { all, lens, count } = batch(fn, txBlobs);
      const ctx = this.#live(fn);
      if (count === 0) return [];
      return call((f) => {
        const pb = f.in(all), pl = f.in(lens);
        // room for a few records per transaction (a second scan only past that)
        const [out, n] = twoCall(fn, f, Math.min(count * 2 + 8, 4096),
          (o, cap) => m._cncrypto_scan_txs(ctx, pb, pl, count, 0, o, cap), RECORD);
        const found = [];
        for (let i = 0; i < n; ++i) found.push(record(f, out + i * RECORD));
        return found;
      });
    }
    // The same for pruned transactions (txPrune's form: the prefix and, v2, the
    // RingCT base, as monerod sends them with prune=true): the same records, but a
    // pruned blob's id cannot be computed, so txHashes gives the ids (n x 32 bytes,
    // one Uint8Array or an array; e.g. the block's tx_hashes) or, omitted, every
    // txHash is 32 zero bytes. EDECODE when any blob is not a pruned transaction
    // (a complete one included). cncrypto_scan_pruned_txs.
    scanPruned(prunedBlobs, txHashes = null) {
      const fn = 'scanner.scanPruned';
      const { all, lens, count } = batch(fn, prunedBlobs);
      const ids = txHashes === null || txHashes === undefined ? null : items(fn, 'txHashes', txHashes, K);
      if (ids && ids.length !== count * K) invalid(fn, `txHashes must be ${count} * 32 bytes for ${count} blobs`);
      const ctx = this.#live(fn);
      if (count === 0) return [];
      return call((f) => {
        const pb = f.in(all), pl = f.in(lens), pi = ids ? f.in(ids) : 0;
        const [out, n] = twoCall(fn, f, Math.min(count * 2 + 8, 4096),
          (o, cap) => m._cncrypto_scan_pruned_txs(ctx, pb, pl, count, pi, 0, o, cap), RECORD);
        const found = [];
        for (let i = 0; i < n; ++i) found.push(record(f, out + i * RECORD));
        return found;
      });
    }
    // Wipes the keys and frees the context; later calls throw EINVAL. Safe twice.
    dispose() {
      if (this.#ctx !== 0) m._cncrypto_scan_context_destroy(this.#ctx);
      this.#ctx = 0;
    }
  }
  disposable(Scanner);

  return {
    networks, addressKinds, ownedFlags,
    addressDecode, addressEncode, getSubaddressSecretKey, getSubaddress, subaddress,
    derivationToScalar, ecdhDecode, checkTxSemantics, checkTx,
    txToJson, prunedTxToJson, blockToJson, txPrune,
    seedEncode, seedDecode, seedRestore, polyseedCreate, polyseedEncode,
    keysFileRead, keysFileReadInfo, keysFileLoad, keysFileWrite, keysFileFlags,
    kdfRoundsMax: () => Number(m._cncrypto_kdf_rounds_max()),
    scanner: (options) => new Scanner(options),
    addressMaxBytes: () => m._cncrypto_address_max_bytes(),
    languageBytes: () => m._cncrypto_language_bytes(),
    polyseedSecretBytes: () => m._cncrypto_polyseed_secret_bytes(),
    ownedOutputBytes: () => m._cncrypto_owned_output_bytes(),
    paymentIdBytes: () => m._cncrypto_payment_id_bytes(),
  };
}
