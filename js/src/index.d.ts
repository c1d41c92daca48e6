// Types of the npm package `cncrypto` ('cncrypto' and 'cncrypto/full' have the
// same API; docs/wasm.md). Every byte argument is a Uint8Array of the size
// named (32 for keys, hashes and derivations, 64 for a signature); a wrong
// type or size throws CncryptoError with code EINVAL. Indices are a number (a
// safe integer) or a bigint, 0 .. 2^64 - 1.

/** The C ABI's return codes (cncrypto.h). */
export declare const codes: Readonly<{
  OK: 0; EINVAL: -1; EDECODE: -2; EVERIFY: -3; ESIZE: -4; ENOMEM: -5; EUNSUPPORTED: -6; EINTERNAL: -7;
}>;
export type Code = (typeof codes)[keyof typeof codes];

/** The streaming algorithms of keccak(). */
export declare const algorithms: Readonly<{
  KECCAK_256: 0; SHA3_224: 1; SHA3_256: 2; SHA3_384: 3; SHA3_512: 4; SHAKE128: 5; SHAKE256: 6;
}>;
export type Algorithm = (typeof algorithms)[keyof typeof algorithms];

/** Every failure: the C ABI's code (codes.EINVAL ...), its name and the method. */
export declare class CncryptoError extends Error {
  readonly name: 'CncryptoError';
  readonly code: Code;
  readonly codeName: keyof typeof codes;
  readonly function: string;
  constructor(code: number, functionName: string, message: string);
}

export type Index = number | bigint;
/** n fixed-size items: one Uint8Array of n * size bytes, or n Uint8Arrays. */
export type Items = Uint8Array | readonly Uint8Array[];

export interface CreateOptions {
  /** Where the .wasm is, when not beside the package's dist/ (a URL, its bytes, or a compiled module). */
  wasm?: URL | string | ArrayBuffer | ArrayBufferView | WebAssembly.Module;
  /** Without `wasm`: the SIMD128 module (`true`) or the scalar-only one (`false`);
   * default: SIMD128 where the engine validates it (Node: also `CNCRYPTO_WASM=simd|scalar`). */
  simd?: boolean;
}

/** A streaming Keccak-256 / SHA-3 / SHAKE state (cncrypto_keccak_create). */
export interface KeccakState {
  update(data: Uint8Array): this;
  /** The digest; outLen is the algorithm's size (28/32/48/64), any for SHAKE (required). Once until reset(). */
  final(outLen?: number): Uint8Array;
  /** SHAKE only, after final(): the next outLen bytes. */
  squeeze(outLen: number): Uint8Array;
  reset(): this;
  /** Wipes and frees the state in wasm memory; later calls throw EINVAL. */
  dispose(): void;
}

export interface Cncrypto {
  readonly codes: typeof codes;
  readonly algorithms: typeof algorithms;

  // library
  version(): string;
  abiVersion(): number;
  abiCheck(headerAbiVersion: number): boolean;
  strerror(code: number): string;
  hashBytes(): number; keyBytes(): number; publicKeyBytes(): number; secretKeyBytes(): number;
  keyDerivationBytes(): number; keyImageBytes(): number; signatureBytes(): number; viewTagBytes(): number;
  sha3_224Bytes(): number; sha3_256Bytes(): number; sha3_384Bytes(): number; sha3_512Bytes(): number;
  keccakStatebytes(): number;
  /** Zeroes a JavaScript buffer (wasm memory is wiped after every call already). */
  memzero(buf: Uint8Array): void;
  randomBytes(n: number): Uint8Array;

  // hashing
  /** Keccak-256 (Monero's cn_fast_hash; not SHA3-256): 32 bytes. */
  cnFastHash(data: Uint8Array): Uint8Array;
  /** Monero's Merkle root of 32-byte hashes (at least one). */
  treeHash(hashes: Items): Uint8Array;
  /** CryptoNight, variant 0..5 (height for 4/5). 'cncrypto/full' only: the wallet build throws EUNSUPPORTED. */
  cnSlowHash(data: Uint8Array, variant?: number, height?: Index): Uint8Array;
  cnSlowHashFreeState(): void;
  /** RandomX: EUNSUPPORTED in both builds (no wasm32 librandomx). */
  rxSlowHash(seedHash: Uint8Array, data: Uint8Array): Uint8Array;
  sha3_224(data: Uint8Array): Uint8Array;
  sha3_256(data: Uint8Array): Uint8Array;
  sha3_384(data: Uint8Array): Uint8Array;
  sha3_512(data: Uint8Array): Uint8Array;
  shake128(data: Uint8Array, outLen: number): Uint8Array;
  shake256(data: Uint8Array, outLen: number): Uint8Array;
  keccak(algorithm?: Algorithm): KeccakState;

  // keys
  /** pub = sec*G; EDECODE for sec >= L. */
  secretKeyToPublicKey(sec: Uint8Array): Uint8Array;
  /** A fresh key pair; with recoveryKey, sec = recoveryKey mod L. */
  generateKeys(recoveryKey?: Uint8Array | null): { publicKey: Uint8Array; secretKey: Uint8Array };
  checkKey(key: Uint8Array): boolean;
  /** 8*sec*pub; EDECODE when pub does not decode. */
  generateKeyDerivation(pub: Uint8Array, sec: Uint8Array): Uint8Array;
  derivePublicKey(derivation: Uint8Array, outputIndex: Index, base: Uint8Array): Uint8Array;
  deriveSecretKey(derivation: Uint8Array, outputIndex: Index, base: Uint8Array): Uint8Array;
  deriveSubaddressPublicKey(outKey: Uint8Array, derivation: Uint8Array, outputIndex: Index): Uint8Array;
  /** The view tag, 0..255. */
  deriveViewTag(derivation: Uint8Array, outputIndex: Index): number;
  generateKeyImage(pub: Uint8Array, sec: Uint8Array): Uint8Array;
  /** 64 bytes (c || r). */
  generateSignature(prefixHash: Uint8Array, pub: Uint8Array, sec: Uint8Array): Uint8Array;
  checkSignature(prefixHash: Uint8Array, pub: Uint8Array, sig: Uint8Array): boolean;
  /** Monero's pre-RingCT ring signature: n * 64 bytes for a ring of n. */
  generateRingSignature(prefixHash: Uint8Array, image: Uint8Array, pubs: Items, sec: Uint8Array, secIndex: number): Uint8Array;
  checkRingSignature(prefixHash: Uint8Array, image: Uint8Array, pubs: Items, sigs: Items): boolean;
  /** Tx-key proof (version 2); B: the subaddress spend key, or null. */
  generateTxProof(prefixHash: Uint8Array, R: Uint8Array, A: Uint8Array, B: Uint8Array | null, D: Uint8Array, r: Uint8Array): Uint8Array;
  checkTxProof(prefixHash: Uint8Array, R: Uint8Array, A: Uint8Array, B: Uint8Array | null, D: Uint8Array, sig: Uint8Array, version?: number): boolean;

  // transactions and blocks
  txHash(blob: Uint8Array): Uint8Array;
  txPrefixHash(blob: Uint8Array): Uint8Array;
  blockId(blob: Uint8Array): Uint8Array;
  /** The PoW hash ('cncrypto/full', CryptoNight blocks; RandomX blocks: EUNSUPPORTED). */
  blockPowHash(blob: Uint8Array, seedHash?: Uint8Array | null): Uint8Array;
}

/** Loads the module (the wallet build for 'cncrypto', with proof of work for 'cncrypto/full'). */
export declare function create(options?: CreateOptions): Promise<Cncrypto>;
export default create;
