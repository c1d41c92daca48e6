// Types of the npm package `cncrypto` ('cncrypto' and 'cncrypto/full' have the
// same API; docs/wasm.md). Every byte argument is a Uint8Array of the size
// named (32 for keys, hashes and derivations, 64 for a signature); a wrong
// type or size throws CncryptoError with code EINVAL. Indices are a number (a
// safe integer) or a bigint, 0 .. 2^64 - 1.

/** The C ABI's return codes (cncrypto.h). */
export declare const codes: Readonly<{
  OK: 0; EINVAL: -1; EDECODE: -2; EVERIFY: -3; ESIZE: -4; ENOMEM: -5; EUNSUPPORTED: -6; EINTERNAL: -7; EIO: -8;
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
  /** The C ABI's detail text (cncrypto_last_error) when the module has it, else ''. */
  readonly detail: string;
  constructor(code: number, functionName: string, message: string);
}

/** Networks (CNCRYPTO_MAINNET ...; ANY: decode from the prefix). */
export declare const networks: Readonly<{ MAINNET: 0; TESTNET: 1; STAGENET: 2; ANY: -1 }>;
/** Address kinds (CNCRYPTO_ADDRESS_*). */
export declare const addressKinds: Readonly<{ STANDARD: 0; INTEGRATED: 1; SUBADDRESS: 2 }>;
/** OwnedOutput.flags (CNCRYPTO_OWNED_*). */
export declare const ownedFlags: Readonly<{ AMOUNT: 1; KEY_IMAGE: 2; ADDITIONAL_KEY: 4; SHORT_PAYMENT_ID: 8; LONG_PAYMENT_ID: 16 }>;
/** KeysFileInfo.flags (CNCRYPTO_KEYS_FILE_*). */
export declare const keysFileFlags: Readonly<{ WATCH_ONLY: 1; MULTISIG: 2; NETWORK_IN_FILE: 4; ENCRYPTED_SECRET_KEYS: 8; SPEND_KEY_VERIFIED: 16 }>;
export type NetworkName = 'mainnet' | 'testnet' | 'stagenet';
/** A network by name or number. */
export type Network = NetworkName | 0 | 1 | 2;
export type AddressKindName = 'standard' | 'integrated' | 'subaddress';
export type AddressKind = AddressKindName | 0 | 1 | 2;

export interface Address {
  network: NetworkName;
  kind: AddressKindName;
  spendPublicKey: Uint8Array;
  viewPublicKey: Uint8Array;
  /** 8 bytes for an integrated address, else null. */
  paymentId: Uint8Array | null;
}

/** Keys of a seed or a .keys file. Secrets: wipe them with memzero when done. */
export interface RestoredKeys {
  spendSecretKey: Uint8Array;
  viewSecretKey: Uint8Array;
  /** Unix time of a Polyseed's birthday; 0 for the other seeds. */
  birthday: number;
  /** The language found (Monero's or Polyseed's name). */
  language: string;
}
export interface KeysFileKeys {
  /** All zero for a watch-only wallet. */
  spendSecretKey: Uint8Array;
  viewSecretKey: Uint8Array;
  spendPublicKey: Uint8Array;
  viewPublicKey: Uint8Array;
  network: NetworkName;
}
/** What a .keys file says besides the secret keys (cncrypto_keys_file_info). */
export interface KeysFileInfo {
  /** Unix time; 0 when the file has none. */
  creationTimestamp: number;
  network: NetworkName;
  cipher: 'chacha20' | 'chacha8';
  flags: number;
  watchOnly: boolean;
  multisig: boolean;
  networkInFile: boolean;
  encryptedSecretKeys: boolean;
  spendKeyVerified: boolean;
  /** Oddities found (unknown or duplicate fields, ...), never a refusal. */
  findingCount: number;
  spendPublicKey: Uint8Array;
  viewPublicKey: Uint8Array;
  /** Monero's name ('English', 'Deutsch', ...); '' when absent. */
  seedLanguage: string;
}
export interface KeysFileWriteOptions {
  network?: Network;
  kdfRounds?: Index;
  /** The seed language stored in the file (default English). */
  seedLanguage?: string | null;
  /** Unix time; 0 for none. */
  creationTimestamp?: Index;
}

/** One output of the wallet (cncrypto_owned_output). */
export interface OwnedOutput {
  /** The transaction's position in the scanned batch. */
  txIndex: number;
  /** Its position in the transaction's vout. */
  outputIndex: number;
  /** The subaddress it was sent to ((0, 0): the main address). */
  major: number;
  minor: number;
  /** Atomic units (clear, or decoded and proven to open its commitment); null when not known. */
  amount: bigint | null;
  /** x*Hp(P), when the scanner has the spend secret key; else null. */
  keyImage: Uint8Array | null;
  txHash: Uint8Array;
  /** The one-time public key P. */
  outputKey: Uint8Array;
  /** The RingCT commitment mask (secret: needed to spend); zero without RingCT. */
  mask: Uint8Array;
  /** The decrypted short payment id (8 bytes) or a long one (32), else null. */
  paymentId: Uint8Array | null;
  paymentIdKind: 'short' | 'long' | null;
  /** Which tx public key found it (an additional key's index with ownedFlags.ADDITIONAL_KEY). */
  txPubKeyIndex: number;
  flags: number;
}

/**
 * Subaddresses for a scanner: { major, minor } (numbers n: 0 .. n-1, Monero's
 * lookahead is { major: 50, minor: 200 }; or [begin, end) pairs), or a list of
 * [major, minor] pairs. (0, 0) is always in the table.
 */
export type Subaddresses = { major?: number | [number, number]; minor?: number | [number, number] } | ReadonlyArray<readonly [number, number]>;

export interface ScannerOptions {
  viewSecretKey: Uint8Array;
  spendPublicKey: Uint8Array;
  /** Given: key images of the owned outputs. Omitted: a watch-only scan. */
  spendSecretKey?: Uint8Array | null;
  subaddresses?: Subaddresses | null;
}

/** A wallet's scan context (cncrypto_scan_context): keys in wasm memory until dispose(). */
export interface Scanner {
  readonly watchOnly: boolean;
  readonly disposed: boolean;
  /** Entries of the subaddress table ((0, 0) included). */
  readonly subaddressCount: number;
  addSubaddressRange(majorBegin: number, majorEnd: number, minorBegin: number, minorEnd: number): this;
  addSubaddresses(pairs: ReadonlyArray<readonly [number, number]>): this;
  /** The wallet's outputs in one blob or a batch of complete transaction blobs (EDECODE if any is not one). */
  scan(txBlobs: Uint8Array | readonly Uint8Array[]): OwnedOutput[];
  /** The same for pruned transactions (txPrune's form); txHashes: their ids (n x 32 bytes), else every txHash is zero. */
  scanPruned(prunedBlobs: Uint8Array | readonly Uint8Array[], txHashes?: Items | null): OwnedOutput[];
  /** Wipes the keys and frees the context; later calls throw EINVAL. */
  dispose(): void;
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
  /** A second state with the input absorbed so far (cncrypto_keccak_copy); dispose both. */
  copy(): KeccakState;
  /** Wipes and frees the state in wasm memory; later calls throw EINVAL. */
  dispose(): void;
}

/** A RandomX cache, dataset or VM (cncrypto_rx_*): never made by the WebAssembly builds (EUNSUPPORTED). */
export interface RxHandle {
  readonly disposed: boolean;
  /** A VM's RandomX hash of data: 32 bytes (EINVAL on a cache or dataset). */
  hash(data: Uint8Array): Uint8Array;
  /** Drops the handle; a VM keeps its cache or dataset alive. Safe twice. */
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
  /** RandomX's handles: EUNSUPPORTED in both builds (after the C ABI's argument checks: EINVAL first). */
  rxCache(key: Uint8Array): RxHandle;
  rxDataset(cache: RxHandle, threads?: number): RxHandle;
  rxVm(source: { cache: RxHandle; dataset?: null } | { cache?: null; dataset: RxHandle }): RxHandle;
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
  /**
   * The derivations 8*sec*pubs[i] in one call (pubs: 32-byte keys, as an array or
   * back to back in one Uint8Array), each equal to generateKeyDerivation(pubs[i], sec),
   * faster per key (batched curve arithmetic, one inversion). A key that does not
   * decode: EDECODE with `.index` of the first one, or `null` in its place with
   * `skipInvalid`. Constant time in sec.
   */
  generateKeyDerivations(pubs: Uint8Array | Uint8Array[], sec: Uint8Array,
    options?: { skipInvalid?: boolean }): (Uint8Array | null)[];
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
  /** cncrypto_check_tx_semantics: false for EVERIFY (range proofs, balance, key-image rules). */
  checkTxSemantics(blob: Uint8Array): boolean;
  /** The semantics and every ring signature; ringMembers: (output key || commitment), 64 bytes each, input by input. */
  checkTx(blob: Uint8Array, ringMembers: Items): boolean;
  /** Monero 0.18's JSON text (obj_to_json_str: indented, no trailing newline) of a complete transaction; EDECODE otherwise. */
  txToJson(blob: Uint8Array): string;
  /** The same for a pruned transaction (txPrune's bytes; a complete one is EDECODE). */
  prunedTxToJson(blob: Uint8Array): string;
  /** The same for a block. */
  blockToJson(blob: Uint8Array): string;
  /** The pruned form of a complete transaction: its prefix and (v2) RingCT base, as monerod sends with prune=true. */
  txPrune(blob: Uint8Array): Uint8Array;

  // addresses
  readonly networks: typeof networks;
  readonly addressKinds: typeof addressKinds;
  readonly ownedFlags: typeof ownedFlags;
  /** EDECODE for a bad string or another network than the one asked for (default: any). */
  addressDecode(address: string, network?: Network | 'any' | -1): Address;
  addressEncode(network: Network, kind: AddressKind, spendPublicKey: Uint8Array, viewPublicKey: Uint8Array, paymentId?: Uint8Array | null): string;
  addressEncode(address: Omit<Address, 'kind' | 'network'> & { network: Network; kind?: AddressKind }): string;
  getSubaddressSecretKey(viewSecretKey: Uint8Array, major: number, minor: number): Uint8Array;
  /** The subaddress keys D (spend) and C (view); the main keys for (0, 0). */
  getSubaddress(viewSecretKey: Uint8Array, spendPublicKey: Uint8Array, major: number, minor: number): { spendPublicKey: Uint8Array; viewPublicKey: Uint8Array };
  /** The subaddress string (the standard address for (0, 0)). */
  subaddress(viewSecretKey: Uint8Array, spendPublicKey: Uint8Array, major: number, minor: number, network?: Network): string;
  addressMaxBytes(): number; languageBytes(): number; polyseedSecretBytes(): number; ownedOutputBytes(): number; paymentIdBytes(): number;

  // RingCT amounts
  /** Hs(derivation || varint(index)): the amount key. */
  derivationToScalar(derivation: Uint8Array, outputIndex: Index): Uint8Array;
  /** ecdhInfo of 8 bytes (types 4-6) or 64 (types 1-3); with commitment, EVERIFY unless the result opens it. */
  ecdhDecode(amountKey: Uint8Array, ecdhInfo: Uint8Array, commitment?: Uint8Array | null): { amount: bigint; mask: Uint8Array };

  // seeds
  /** 25 words (language: a Monero or English name, default English). */
  seedEncode(key: Uint8Array, language?: string): string;
  /** 25 or 24 words; language null to detect. The key is not reduced. */
  seedDecode(words: string | Uint8Array, language?: string | null): { key: Uint8Array; language: string };
  /** 25/24 words (passphrase: Monero's seed offset), 16 (Polyseed) or 13 (MyMonero). */
  seedRestore(words: string | Uint8Array, options?: { passphrase?: string | Uint8Array | null; language?: string | null }): RestoredKeys;
  /** 150 random bits and the birthday (unixTime rounded down; default now). */
  polyseedCreate(unixTime?: Index): { secret: Uint8Array; birthday: number };
  /** 16 words (an English or native Polyseed language name). */
  polyseedEncode(secret: Uint8Array, birthday: Index, language?: string): string;

  // .keys files
  /** EVERIFY for a wrong password; EDECODE for a file that is not a .keys file. */
  keysFileRead(file: Uint8Array, password: string | Uint8Array, kdfRounds?: Index): KeysFileKeys;
  /** The file's description (no secret key; multisig wallets open too); errors as keysFileRead. */
  keysFileReadInfo(file: Uint8Array, password: string | Uint8Array, kdfRounds?: Index): KeysFileInfo;
  readonly keysFileFlags: typeof keysFileFlags;
  /** CNCRYPTO_KDF_ROUNDS_MAX (1,000,000): kdfRounds above it are EINVAL. */
  kdfRoundsMax(): number;
  /** Node only (EUNSUPPORTED elsewhere); EIO when the file cannot be read. */
  keysFileLoad(path: string | URL, password: string | Uint8Array, kdfRounds?: Index): Promise<KeysFileKeys>;
  /** A .keys file wallet2 opens with the password. */
  keysFileWrite(spendSecretKey: Uint8Array, viewSecretKey: Uint8Array, password: string | Uint8Array, options?: KeysFileWriteOptions): Uint8Array;

  // scanning
  scanner(options: ScannerOptions): Scanner;
}

/** Loads the module (the wallet build for 'cncrypto', with proof of work for 'cncrypto/full'). */
export declare function create(options?: CreateOptions): Promise<Cncrypto>;
export default create;
