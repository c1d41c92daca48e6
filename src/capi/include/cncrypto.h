/* cncrypto.h: the C ABI of cncrypto (libcncrypto_c), for C programs and for the
 * foreign-function interfaces of other languages (Go's cgo, Rust's bindgen,
 * Python's ctypes/cffi, Dart's ffi, JNA, Swift, WASM).
 *
 * C99; includes nothing but <stddef.h> and <stdint.h>. Reference with every
 * function's Monero counterpart: docs/c_api.md.
 *
 * Conventions (libsodium's and libsecp256k1's):
 *   - Every symbol and macro starts with cncrypto_ / CNCRYPTO_. The shared
 *     library exports exactly the functions declared here (checked by ctest
 *     against src/capi/cncrypto_c.symbols).
 *   - A function returns int: CNCRYPTO_OK (0) on success, a negative code from
 *     the list below otherwise (cncrypto_strerror names it). The codes are
 *     stable: a value never changes meaning. The exceptions are the size
 *     functions (size_t), cncrypto_version and cncrypto_strerror (const char *)
 *     and cncrypto_abi_version (unsigned).
 *   - A verification returns CNCRYPTO_OK or CNCRYPTO_EVERIFY, never a bool; it
 *     is marked CNCRYPTO_WARN_UNUSED_RESULT.
 *   - Nothing crosses the boundary but a return code: no C++ exception, abort,
 *     exit or signal for any bytes in any argument. A NULL pointer with a
 *     non-zero length, or a NULL fixed-size buffer, is CNCRYPTO_EINVAL.
 *   - Buffers belong to the caller; a fixed-size argument is written uint8_t x[N]
 *     and must hold N bytes (the sizes are CNCRYPTO_*_BYTES macros and
 *     cncrypto_*_bytes() functions for FFIs that cannot read macros). A length
 *     follows its pointer. On an error the outputs are not written, except where a
 *     function says otherwise. Outputs must not overlap inputs unless stated.
 *   - Keys and hashes are bytes in Monero's order (the 32 bytes Monero
 *     stores, prints in hex and puts on the chain).
 *   - State lives in opaque handles (Keccak/SHA-3 streaming), each with
 *     _create/_destroy and a _statebytes + caller-memory _init form that needs
 *     no malloc.
 *   - No initialisation call is needed; every function may be called from any
 *     thread at any time, on distinct outputs (a handle from one thread at a
 *     time). "Thread safety" below says so per function.
 *   - "Constant time" says which inputs a function's time and memory accesses do
 *     not depend on; "variable time" functions take public inputs only.
 *   - Secrets are read from and written to caller buffers only, never kept,
 *     never printed; cncrypto_memzero wipes a buffer.
 */
#ifndef CNCRYPTO_H
#define CNCRYPTO_H

#include <stddef.h>
#include <stdint.h>

/* ---- version --------------------------------------------------------------- */

/* The ABI version this header describes; the shared library's SONAME is
 * libcncrypto_c.so.<CNCRYPTO_ABI_VERSION>. It changes only when a function's
 * signature or meaning changes incompatibly (adding functions does not). */
#define CNCRYPTO_ABI_VERSION 1
/* The release of cncrypto this header comes with. */
#define CNCRYPTO_VERSION_STRING "0.1.0"

/* ---- export and attribute macros -------------------------------------------- */

#if defined(_WIN32) && defined(CNCRYPTO_C_BUILDING_SHARED)
#define CNCRYPTO_API __declspec(dllexport)
#elif defined(_WIN32) && !defined(CNCRYPTO_C_STATIC)
#define CNCRYPTO_API __declspec(dllimport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#define CNCRYPTO_API __attribute__((visibility("default")))
#else
#define CNCRYPTO_API
#endif

#if defined(__GNUC__) && (__GNUC__ > 3 || (__GNUC__ == 3 && __GNUC_MINOR__ >= 4))
#define CNCRYPTO_WARN_UNUSED_RESULT __attribute__((warn_unused_result))
#else
#define CNCRYPTO_WARN_UNUSED_RESULT
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- return codes ------------------------------------------------------------ */

#define CNCRYPTO_OK 0
#define CNCRYPTO_EINVAL (-1)      /* a bad argument: NULL pointer, bad length, unknown variant or algorithm */
#define CNCRYPTO_EDECODE (-2)     /* bytes that do not decode to the required object (point, scalar, tx, block) */
#define CNCRYPTO_EVERIFY (-3)     /* a check that fails (signature, key) */
#define CNCRYPTO_ESIZE (-4)       /* an output buffer too small; the needed size is written back */
#define CNCRYPTO_ENOMEM (-5)      /* memory could not be had */
#define CNCRYPTO_EUNSUPPORTED (-6) /* not available in this build or on this system (e.g. RandomX without librandomx) */
#define CNCRYPTO_EINTERNAL (-7)   /* anything else: a bug of the library, please report it */

/* ---- sizes (bytes) ---------------------------------------------------------------- */

#define CNCRYPTO_HASH_BYTES 32           /* cn_fast_hash, tx hash, block id, PoW hash */
#define CNCRYPTO_KEY_BYTES 32            /* public or secret key */
#define CNCRYPTO_PUBLIC_KEY_BYTES 32
#define CNCRYPTO_SECRET_KEY_BYTES 32
#define CNCRYPTO_KEY_DERIVATION_BYTES 32
#define CNCRYPTO_KEY_IMAGE_BYTES 32
#define CNCRYPTO_SIGNATURE_BYTES 64      /* c || r */
#define CNCRYPTO_VIEW_TAG_BYTES 1
#define CNCRYPTO_SHA3_224_BYTES 28
#define CNCRYPTO_SHA3_256_BYTES 32
#define CNCRYPTO_SHA3_384_BYTES 48
#define CNCRYPTO_SHA3_512_BYTES 64

/* The same values, for FFIs that cannot read macros. Thread safe, constant. */
CNCRYPTO_API size_t cncrypto_hash_bytes(void);
CNCRYPTO_API size_t cncrypto_key_bytes(void);
CNCRYPTO_API size_t cncrypto_public_key_bytes(void);
CNCRYPTO_API size_t cncrypto_secret_key_bytes(void);
CNCRYPTO_API size_t cncrypto_key_derivation_bytes(void);
CNCRYPTO_API size_t cncrypto_key_image_bytes(void);
CNCRYPTO_API size_t cncrypto_signature_bytes(void);
CNCRYPTO_API size_t cncrypto_view_tag_bytes(void);
CNCRYPTO_API size_t cncrypto_sha3_224_bytes(void);
CNCRYPTO_API size_t cncrypto_sha3_256_bytes(void);
CNCRYPTO_API size_t cncrypto_sha3_384_bytes(void);
CNCRYPTO_API size_t cncrypto_sha3_512_bytes(void);

/* ---- library ---------------------------------------------------------------------- */

/* The library's release, e.g. "0.1.0" (a static string). Thread safe. */
CNCRYPTO_API const char *cncrypto_version(void);
/* The ABI version the library implements (its CNCRYPTO_ABI_VERSION). Thread safe. */
CNCRYPTO_API unsigned cncrypto_abi_version(void);
/* CNCRYPTO_OK when a program compiled against a header of ABI version
 * header_abi_version can use this library, CNCRYPTO_EUNSUPPORTED otherwise.
 * Call it as CNCRYPTO_ABI_CHECK() once at start-up. Thread safe. */
CNCRYPTO_API int cncrypto_abi_check(unsigned header_abi_version) CNCRYPTO_WARN_UNUSED_RESULT;
#define CNCRYPTO_ABI_CHECK() cncrypto_abi_check(CNCRYPTO_ABI_VERSION)
/* A static English sentence for a return code ("unknown error code" for a value
 * that is none). Never NULL. Thread safe. */
CNCRYPTO_API const char *cncrypto_strerror(int code);

/* Wipes buf[0 .. len) with writes the compiler may not remove (sodium_memzero).
 * buf may be NULL when len is 0; else CNCRYPTO_EINVAL. Thread safe (distinct
 * buffers). Constant time in the contents. Mirrors Monero's memwipe. */
CNCRYPTO_API int cncrypto_memzero(void *buf, size_t len);
/* Fills buf[0 .. len) with bytes from the operating system's CSPRNG (libsodium's
 * randombytes_buf). buf may be NULL when len is 0; else CNCRYPTO_EINVAL.
 * Thread safe. Mirrors Monero's crypto::generate_random_bytes_thread_safe. */
CNCRYPTO_API int cncrypto_random_bytes(uint8_t *buf, size_t len);

/* ---- hashing ------------------------------------------------------------------------ */

/* hash = Keccak-256(data[0 .. len)) with the original Keccak padding: Monero's
 * cn_fast_hash. NOT SHA3-256. data may be NULL when len is 0. Errors: EINVAL.
 * Thread safe. Constant time in the data. Mirrors Monero's cn_fast_hash. */
CNCRYPTO_API int cncrypto_cn_fast_hash(const uint8_t *data, size_t len, uint8_t hash[32]);

/* root = Monero's Merkle root of count 32-byte hashes (hashes holds count * 32
 * bytes). Errors: EINVAL (NULL, count 0, count * 32 overflows), ENOMEM. Thread
 * safe. Variable time in count only. Mirrors Monero's tree_hash (which only
 * asserts count > 0). */
CNCRYPTO_API int cncrypto_tree_hash(const uint8_t *hashes, size_t count, uint8_t root[32]);

/* hash = CryptoNight(data[0 .. len)) with Monero's variant numbers: 0 (original),
 * 1 (v7, needs len >= 43), 2 (v8), 3 (computed as 2), 4 (CryptoNight-R: the
 * program comes from height), 5 (computed as 4). height is read only by 4 and 5.
 * Errors: EINVAL (NULL, variant outside 0..5, variant 1 with len < 43: Monero
 * exits there), ENOMEM (the 2 MiB scratchpad). Thread safe (one scratchpad per
 * thread, kept until the thread exits or cncrypto_cn_slow_hash_free_state).
 * Variable time (proof-of-work inputs are public). Mirrors Monero's
 * cn_slow_hash(data, length, hash, variant, 0, height). */
CNCRYPTO_API int cncrypto_cn_slow_hash(const uint8_t *data, size_t len, int variant, uint64_t height,
                                       uint8_t hash[32]);
/* Frees the calling thread's CryptoNight scratchpad (a later call allocates it
 * again). Always CNCRYPTO_OK. Mirrors Monero's cn_slow_hash_free_state. */
CNCRYPTO_API int cncrypto_cn_slow_hash_free_state(void);

/* SHA3-224/256/384/512 (FIPS 202 section 6.1) of data[0 .. len): 28/32/48/64
 * bytes. SHAKE128/SHAKE256 (section 6.2): out_len bytes of output (any length,
 * 0 allowed). data may be NULL when len is 0, out when out_len is 0. Errors:
 * EINVAL. Thread safe. Constant time in the data. (Monero has no SHA-3; these
 * are cncrypto::sha3_* / shake*.) */
CNCRYPTO_API int cncrypto_sha3_224(const uint8_t *data, size_t len, uint8_t out[28]);
CNCRYPTO_API int cncrypto_sha3_256(const uint8_t *data, size_t len, uint8_t out[32]);
CNCRYPTO_API int cncrypto_sha3_384(const uint8_t *data, size_t len, uint8_t out[48]);
CNCRYPTO_API int cncrypto_sha3_512(const uint8_t *data, size_t len, uint8_t out[64]);
CNCRYPTO_API int cncrypto_shake128(const uint8_t *data, size_t len, uint8_t *out, size_t out_len);
CNCRYPTO_API int cncrypto_shake256(const uint8_t *data, size_t len, uint8_t *out, size_t out_len);

/* ---- streaming Keccak / SHA-3 / SHAKE ------------------------------------------------ */

/* The algorithms of a streaming state. */
#define CNCRYPTO_KECCAK_256 0 /* Keccak-256 = cn_fast_hash: 32-byte digest */
#define CNCRYPTO_SHA3_224 1   /* 28 */
#define CNCRYPTO_SHA3_256 2   /* 32 */
#define CNCRYPTO_SHA3_384 3   /* 48 */
#define CNCRYPTO_SHA3_512 4   /* 64 */
#define CNCRYPTO_SHAKE128 5   /* any length, then cncrypto_keccak_squeeze for more */
#define CNCRYPTO_SHAKE256 6   /* any length, then cncrypto_keccak_squeeze for more */

/* An opaque streaming state. Two ways to have one:
 *   - cncrypto_keccak_create(algorithm, &state) ... cncrypto_keccak_destroy(state);
 *   - caller memory (no malloc): a buffer of cncrypto_keccak_statebytes() bytes,
 *     any alignment, passed as (cncrypto_keccak_state *) to cncrypto_keccak_init,
 *     wiped by cncrypto_keccak_clear. Do not copy or move it while in use.
 * A state is used by one thread at a time; different states are independent.
 * Update and final are constant time in the data. Misuse (a state never
 * initialised, update after final, a fixed-length final of the wrong size,
 * squeeze before final or on a non-SHAKE state) is CNCRYPTO_EINVAL and leaves
 * the state unchanged. Mirrors cncrypto::keccak_hasher (Monero's
 * keccak_init/update/finish for Keccak-256). */
typedef struct cncrypto_keccak_state cncrypto_keccak_state;

/* Bytes of caller memory a state needs (a constant of the library). */
CNCRYPTO_API size_t cncrypto_keccak_statebytes(void);
/* Initialises state_len bytes at state for algorithm. Errors: EINVAL (NULL,
 * unknown algorithm), ESIZE (state_len < cncrypto_keccak_statebytes()). */
CNCRYPTO_API int cncrypto_keccak_init(cncrypto_keccak_state *state, size_t state_len, int algorithm);
/* Allocates and initialises a state; *state is set (NULL on error). Errors:
 * EINVAL, ENOMEM. */
CNCRYPTO_API int cncrypto_keccak_create(int algorithm, cncrypto_keccak_state **state);
/* Wipes and frees a state from cncrypto_keccak_create. NULL does nothing (OK);
 * a caller-memory state is EINVAL (use cncrypto_keccak_clear). */
CNCRYPTO_API int cncrypto_keccak_destroy(cncrypto_keccak_state *state);
/* Wipes a caller-memory state (statebytes bytes); it must be initialised again
 * before use. On a created state it wipes the hashing state (destroy still frees it). */
CNCRYPTO_API int cncrypto_keccak_clear(cncrypto_keccak_state *state);
/* Absorbs data[0 .. len) (data may be NULL when len is 0). */
CNCRYPTO_API int cncrypto_keccak_update(cncrypto_keccak_state *state, const uint8_t *data, size_t len);
/* Pads and writes the digest: out_len must be the algorithm's digest size
 * (28/32/48/64), any length for SHAKE. Once per state (until reset). */
CNCRYPTO_API int cncrypto_keccak_final(cncrypto_keccak_state *state, uint8_t *out, size_t out_len);
/* SHAKE only, after final: the next out_len bytes of output. */
CNCRYPTO_API int cncrypto_keccak_squeeze(cncrypto_keccak_state *state, uint8_t *out, size_t out_len);
/* Back to the empty-input state, same algorithm. */
CNCRYPTO_API int cncrypto_keccak_reset(cncrypto_keccak_state *state);

/* ---- keys ---------------------------------------------------------------------------- */

/* pub = sec*G. Errors: EINVAL (NULL), EDECODE (sec is not a canonical scalar,
 * sec >= L: Monero returns false). Constant time in sec. Thread safe. Mirrors
 * Monero's crypto::secret_key_to_public_key. */
CNCRYPTO_API int cncrypto_secret_key_to_public_key(const uint8_t sec[32], uint8_t pub[32]);

/* A new key pair: with recovery_key NULL, sec is a fresh uniformly random scalar
 * in [1, L); otherwise sec = recovery_key mod L (any 32 bytes). pub = sec*G.
 * Errors: EINVAL (NULL pub or sec), EINTERNAL (no randomness). Constant time in
 * the secrets. Thread safe. Mirrors Monero's crypto::generate_keys(pub, sec,
 * recovery_key, recover = recovery_key != NULL) (its return value, the
 * unreduced seed, is not given back). */
CNCRYPTO_API int cncrypto_generate_keys(uint8_t pub[32], uint8_t sec[32], const uint8_t *recovery_key);

/* CNCRYPTO_OK iff key decodes to a curve point (no subgroup check, as Monero),
 * else CNCRYPTO_EVERIFY. Errors: EINVAL. Variable time (public key). Thread
 * safe. Mirrors Monero's crypto::check_key. */
CNCRYPTO_API int cncrypto_check_key(const uint8_t key[32]) CNCRYPTO_WARN_UNUSED_RESULT;

/* derivation = 8*(sec*pub). Errors: EINVAL (NULL), EDECODE (pub does not
 * decode: Monero returns false). Constant time in sec (pub is public); the
 * derivation is secret. Thread safe. Mirrors Monero's
 * crypto::generate_key_derivation (sec >= L as Monero's release build). */
CNCRYPTO_API int cncrypto_generate_key_derivation(const uint8_t pub[32], const uint8_t sec[32],
                                                  uint8_t derivation[32]);

/* out = base + Hs(derivation || varint(output_index))*G, the one-time output
 * key. Errors: EINVAL (NULL, output_index > SIZE_MAX), EDECODE (base does not
 * decode). Constant time in the derivation. Thread safe. Mirrors Monero's
 * crypto::derive_public_key. */
CNCRYPTO_API int cncrypto_derive_public_key(const uint8_t derivation[32], uint64_t output_index,
                                            const uint8_t base[32], uint8_t out[32]);

/* out = base + Hs(derivation || varint(output_index)) mod L, the one-time
 * secret key. base may be any 32 bytes (base >= L as Monero's release build);
 * out may be base. Errors: EINVAL. Constant time in all inputs. Thread safe.
 * Mirrors Monero's crypto::derive_secret_key. */
CNCRYPTO_API int cncrypto_derive_secret_key(const uint8_t derivation[32], uint64_t output_index,
                                            const uint8_t base[32], uint8_t out[32]);

/* out = out_key - Hs(derivation || varint(output_index))*G, the spend key of the
 * (sub)address an output was sent to. Errors: EINVAL, EDECODE (out_key does not
 * decode). Constant time in the derivation. Thread safe. Mirrors Monero's
 * crypto::derive_subaddress_public_key (same argument order: the key first). */
CNCRYPTO_API int cncrypto_derive_subaddress_public_key(const uint8_t out_key[32], const uint8_t derivation[32],
                                                       uint64_t output_index, uint8_t out[32]);

/* *view_tag = first byte of cn_fast_hash("view_tag" || derivation ||
 * varint(output_index)). view_tag points to 1 byte. Errors: EINVAL. Constant
 * time in the derivation. Thread safe. Mirrors Monero's crypto::derive_view_tag. */
CNCRYPTO_API int cncrypto_derive_view_tag(const uint8_t derivation[32], uint64_t output_index, uint8_t *view_tag);

/* key_image = sec*hash_to_ec(pub). pub is only hashed (any 32 bytes). Errors:
 * EINVAL. Constant time in sec. Thread safe. Mirrors Monero's
 * crypto::generate_key_image (sec >= L as Monero's release build). */
CNCRYPTO_API int cncrypto_generate_key_image(const uint8_t pub[32], const uint8_t sec[32], uint8_t key_image[32]);

/* sig = Monero's Schnorr signature (c || r) of prefix_hash under pub = sec*G,
 * with a fresh random nonce. pub is not checked against sec (a wrong pub gives a
 * signature that does not verify). Errors: EINVAL (NULL), EDECODE (sec >= L; a
 * debug Monero asserts, its release build signs with it), EINTERNAL (no
 * randomness). Constant time in sec and the nonce. Thread safe. Mirrors Monero's
 * crypto::generate_signature. */
CNCRYPTO_API int cncrypto_generate_signature(const uint8_t prefix_hash[32], const uint8_t pub[32],
                                             const uint8_t sec[32], uint8_t sig[64]);

/* CNCRYPTO_OK iff sig is a valid signature of prefix_hash under pub, else
 * CNCRYPTO_EVERIFY (also when pub does not decode or a scalar is not
 * canonical). Errors: EINVAL (NULL). Variable time (public inputs). Thread safe.
 * Mirrors Monero's crypto::check_signature. */
CNCRYPTO_API int cncrypto_check_signature(const uint8_t prefix_hash[32], const uint8_t pub[32],
                                          const uint8_t sig[64]) CNCRYPTO_WARN_UNUSED_RESULT;

/* Monero's pre-RingCT (CryptoNote) ring signature: sigs (pubs_count * 64 bytes)
 * signs prefix_hash with the ring pubs (pubs_count * 32 bytes, the real key at
 * sec_index, whose secret is sec) and image = sec*hash_to_ec(pubs[sec_index]).
 * Errors: EINVAL (NULL, pubs_count 0 or too large, sec_index >= pubs_count, or
 * the key at sec_index or image is not sec's: Monero's debug build asserts, its
 * release build gives a signature that never verifies), EDECODE (sec >= L, or
 * image or a ring key does not decode: Monero aborts), EINTERNAL (no
 * randomness). Constant time in sec and the nonce; sec_index is public (as in
 * Monero). Thread safe. Mirrors Monero's crypto::generate_ring_signature. */
CNCRYPTO_API int cncrypto_generate_ring_signature(const uint8_t prefix_hash[32], const uint8_t image[32],
                                                  const uint8_t *pubs, size_t pubs_count, const uint8_t sec[32],
                                                  size_t sec_index, uint8_t *sigs);

/* CNCRYPTO_OK iff sigs (pubs_count * 64 bytes) is a valid ring signature of
 * prefix_hash by the ring pubs (pubs_count * 32 bytes) with key image image,
 * else CNCRYPTO_EVERIFY (also when image or a ring key does not decode).
 * Errors: EINVAL (NULL, pubs_count 0 or too large). Variable time (public
 * inputs). Thread safe. Mirrors Monero's crypto::check_ring_signature. */
CNCRYPTO_API int cncrypto_check_ring_signature(const uint8_t prefix_hash[32], const uint8_t image[32],
                                               const uint8_t *pubs, size_t pubs_count,
                                               const uint8_t *sigs) CNCRYPTO_WARN_UNUSED_RESULT;

/* A transaction-key proof (version 2, InProofV2/OutProofV2): proves knowledge of
 * r with R = r*G (B NULL) or R = r*B (B the subaddress spend key, 32 bytes) and
 * D = r*A. Errors: EINVAL (NULL, or the statement is false: R is not r*G or r*B,
 * D is not r*A; Monero's debug build asserts, its release build gives a proof
 * that never verifies), EDECODE (R, A, B or D does not decode, r >= L),
 * EINTERNAL (no randomness). Constant time in r and the nonce. Thread safe.
 * Mirrors Monero's crypto::generate_tx_proof. */
CNCRYPTO_API int cncrypto_generate_tx_proof(const uint8_t prefix_hash[32], const uint8_t R[32], const uint8_t A[32],
                                            const uint8_t *B, const uint8_t D[32], const uint8_t r[32],
                                            uint8_t sig[64]);

/* CNCRYPTO_OK iff sig is a valid transaction-key proof of version 1 or 2 for
 * (prefix_hash, R, A, B or NULL, D), else CNCRYPTO_EVERIFY (also for another
 * version, or a key that does not decode). Errors: EINVAL (NULL). Variable time
 * (public inputs). Thread safe. Mirrors Monero's crypto::check_tx_proof. */
CNCRYPTO_API int cncrypto_check_tx_proof(const uint8_t prefix_hash[32], const uint8_t R[32], const uint8_t A[32],
                                         const uint8_t *B, const uint8_t D[32], const uint8_t sig[64],
                                         int version) CNCRYPTO_WARN_UNUSED_RESULT;

/* ---- transactions and blocks ---------------------------------------------------------- */

/* hash = the id of the complete (not pruned) transaction blob[0 .. len).
 * Errors: EINVAL (NULL blob with len > 0), EDECODE (the blob does not parse as a
 * complete transaction, or its id cannot be computed: Monero's
 * parse_and_validate_tx_from_blob returns false). Variable time. Thread safe.
 * Mirrors Monero's parse_and_validate_tx_from_blob(blob, tx, hash). */
CNCRYPTO_API int cncrypto_tx_hash(const uint8_t *blob, size_t len, uint8_t hash[32]);

/* hash = the prefix hash of the transaction blob[0 .. len) (what its
 * signatures sign). Errors as cncrypto_tx_hash. Mirrors Monero's
 * parse_and_validate_tx_from_blob(blob, tx, hash, prefix_hash). */
CNCRYPTO_API int cncrypto_tx_prefix_hash(const uint8_t *blob, size_t len, uint8_t hash[32]);

/* id = the id of the block blob[0 .. len), with Monero's block 202612
 * exception. Errors: EINVAL, EDECODE (the blob does not parse; or a block
 * that is not block 202612 but would get its id: Monero's parse returns true
 * there with the null hash). Variable time. Thread safe. Mirrors Monero's
 * parse_and_validate_block_from_blob(blob, b, &id). */
CNCRYPTO_API int cncrypto_block_id(const uint8_t *blob, size_t len, uint8_t id[32]);

/* hash = the proof-of-work hash of the block blob[0 .. len) at the height in its
 * miner transaction: CryptoNight v0/v1/v2/R or RandomX by its major version, as
 * Monero's get_block_longhash (block 202612 included). seed_hash (32 bytes, the
 * id of block rx_seedheight(height)) is needed by RandomX blocks (major >= 12)
 * and ignored otherwise; NULL for a CryptoNight block. Errors: EINVAL (NULL,
 * RandomX block without seed_hash), EDECODE (the blob does not parse or is not
 * the canonical serialization of its block, a major version Monero never had,
 * no height in the miner tx), EUNSUPPORTED (RandomX and the library was built
 * without librandomx), ENOMEM. Variable time. Thread safe (RandomX light mode:
 * 256 MiB per seed in use, kept by the library). Mirrors Monero's
 * get_block_longhash through cncrypto::get_block_pow_from_blob. */
CNCRYPTO_API int cncrypto_block_pow_hash(const uint8_t *blob, size_t len, const uint8_t *seed_hash,
                                         uint8_t hash[32]);

/* hash = RandomX(key = seed_hash, data[0 .. len)) in light mode. Errors:
 * EINVAL, EUNSUPPORTED (no librandomx), ENOMEM. Thread safe. Variable time.
 * Mirrors Monero's rx_slow_hash (master's signature). */
CNCRYPTO_API int cncrypto_rx_slow_hash(const uint8_t seed_hash[32], const uint8_t *data, size_t len,
                                       uint8_t hash[32]);

#ifdef __cplusplus
}
#endif

#endif /* CNCRYPTO_H */
