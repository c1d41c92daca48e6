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
 *     functions (size_t), cncrypto_version, cncrypto_strerror and
 *     cncrypto_last_error (const char *), cncrypto_abi_version (unsigned) and
 *     cncrypto_kdf_rounds_max (uint64_t).
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
 *   - Variable-size outputs use one two-call convention, (out, size_t *out_len):
 *     on entry *out_len is the capacity of out (in bytes; in records for a
 *     record array, then named out_count); out may be NULL when *out_len is 0.
 *     When the output does not fit, the function stores the size it needs in
 *     *out_len, writes nothing to out and returns CNCRYPTO_ESIZE; on success it
 *     stores the size written. So: call with (NULL, &n = 0), allocate n, call
 *     again. The needed size is exact, except for an output with random bytes
 *     in it (cncrypto_keys_file_write), where it is an upper bound that is
 *     always enough. Strings (addresses, seed words) are UTF-8 and written with
 *     a terminating NUL, which the sizes count. out_len NULL is CNCRYPTO_EINVAL.
 *     Strings read from the caller are (pointer, length) pairs, NUL not needed
 *     (and refused inside); short names (language, path) are NUL-terminated.
 *   - Keys and hashes are bytes in Monero's order (the 32 bytes Monero
 *     stores, prints in hex and puts on the chain).
 *   - State lives in opaque handles: Keccak/SHA-3 streaming and the scan
 *     context (a wallet's keys and subaddress table), each with _create/_destroy
 *     and a _statebytes + caller-memory _init form that needs no malloc of its
 *     own (wiped by _clear); RandomX's cache, dataset and VM, heap only
 *     (librandomx allocates them).
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
#define CNCRYPTO_EIO (-8)         /* a file could not be read (cncrypto_keys_file_load) */

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
#define CNCRYPTO_PAYMENT_ID_BYTES 8      /* an integrated address's (short) payment id */
#define CNCRYPTO_ADDRESS_MAX_BYTES 107   /* an address string and its NUL: 95 or 106 characters + 1 */
#define CNCRYPTO_LANGUAGE_BYTES 32       /* a seed language name read back (UTF-8, NUL-terminated) */
#define CNCRYPTO_POLYSEED_SECRET_BYTES 19 /* a Polyseed's 150-bit secret (byte 18: 6 bits) */
#define CNCRYPTO_OWNED_OUTPUT_BYTES 200  /* sizeof(cncrypto_owned_output) */
#define CNCRYPTO_KEYS_FILE_INFO_BYTES 120 /* sizeof(cncrypto_keys_file_info), its first version */

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
CNCRYPTO_API size_t cncrypto_payment_id_bytes(void);
CNCRYPTO_API size_t cncrypto_address_max_bytes(void);
CNCRYPTO_API size_t cncrypto_language_bytes(void);
CNCRYPTO_API size_t cncrypto_polyseed_secret_bytes(void);
CNCRYPTO_API size_t cncrypto_owned_output_bytes(void);
CNCRYPTO_API size_t cncrypto_keys_file_info_bytes(void);

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

/* Why the calling thread's last failing cncrypto_ call failed: a NUL-terminated
 * UTF-8 English text "<function>: <reason>" (the function's name without
 * cncrypto_), e.g. "address_decode: invalid address: address checksum mismatch
 * ...", "tree_hash: count must be >= 1 (Monero asserts it)",
 * "keys_file_read: kdf_rounds 1000000000 above the limit 1000000",
 * "seed_decode: word 7 is not in the English word list". It names the argument,
 * position, field, limit or sizes; it never holds secret bytes, keys,
 * passwords or seed words (a seed word is named by its position only); an
 * address error may quote one character of the (public) address. Meant for
 * people and logs; the return code is the contract (the texts may change).
 * Lifetime and clearing, as libgit2's git_error_last:
 *   - every call that returns a negative code (ESIZE included) sets it; a
 *     successful call leaves it as it was: read it right after a call returned
 *     a negative code;
 *   - "" (never NULL) before the thread's first failure and after
 *     cncrypto_last_error_clear();
 *   - the pointer is to the thread's own buffer (thread-local, no allocation):
 *     valid until the thread exits, its text rewritten by the thread's next
 *     failing call: copy it before calling cncrypto_ again. Other threads'
 *     calls never change it.
 * Thread safe (per thread). Functions that return no int code (sizes,
 * cncrypto_version, cncrypto_strerror, cncrypto_abi_version) never set it. */
CNCRYPTO_API const char *cncrypto_last_error(void);
/* Sets the calling thread's detail to "". Always CNCRYPTO_OK. */
CNCRYPTO_API int cncrypto_last_error_clear(void);

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
/* Copies the whole state of src (its algorithm, the data absorbed, finalised or
 * not, the SHAKE output position) into dst, which must be initialised already
 * (by cncrypto_keccak_init or _create, any algorithm: its state is replaced;
 * a created dst stays one for cncrypto_keccak_destroy, caller memory stays
 * caller memory). The two then go on independently (hashlib's copy(): hash a
 * common prefix once). src == dst does nothing. Errors: EINVAL (src NULL or
 * not initialised, dst NULL or not initialised). Thread safety: src is only
 * read, dst written: no other thread may use dst meanwhile, nor write src. */
CNCRYPTO_API int cncrypto_keccak_copy(const cncrypto_keccak_state *src, cncrypto_keccak_state *dst);
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

/* The batch form: derivations[i] = 8*(sec*pubs[i]) for count keys (pubs and
 * derivations: count x 32 bytes, not overlapping; NULL only with count 0),
 * each exactly cncrypto_generate_key_derivation's result, several times
 * faster per key than single calls (one shared recoding of sec, batched
 * multiplications, one field inversion for all encodings) and one call for
 * bindings that pay a cost per call (Python's GIL hand-off). ok: NULL, or
 * count bytes: ok[i] = 1, or 0 when pubs[i] does not decode (derivations[i] is
 * then zero, the other entries computed; the call returns CNCRYPTO_OK). With
 * ok NULL such a key is CNCRYPTO_EDECODE naming the first one (derivations
 * all zero: no partial result). Errors: EINVAL (NULL with count > 0, count *
 * 32 overflowing), EDECODE, ENOMEM. Constant time in sec and the derivations
 * (which keys decode is public). Thread safe. cncrypto extension
 * (cncrypto::generate_key_derivations; the per-entry result is Monero's
 * crypto::generate_key_derivation). */
CNCRYPTO_API int cncrypto_generate_key_derivations(const uint8_t *pubs, size_t count, const uint8_t sec[32],
                                                   uint8_t *derivations, uint8_t *ok);

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

/* Monero 0.18's JSON text of the complete transaction blob[0 .. len), byte for
 * byte (what monerod's get_transactions "as_json", print_tx and cn_deserialize
 * print: indented, no trailing newline), UTF-8 (ASCII) and NUL-terminated, by
 * the two-call convention: the size needed and written counts the NUL (about
 * 2 to 3 bytes per blob byte; a 1.9 kB transaction gives 4.9 kB). A call that
 * returns ESIZE parses and renders again on the second call. Errors: EINVAL
 * (NULL blob with len > 0, out_len NULL, out NULL with *out_len > 0), EDECODE
 * (the blob is not a complete transaction: Monero's
 * parse_and_validate_tx_from_blob refuses it; or Monero's serializer refuses
 * the object: obj_to_json_str returns ""), ESIZE, ENOMEM. Variable time
 * (public data). Thread safe. Mirrors Monero's parse_and_validate_tx_from_blob
 * then cryptonote::obj_to_json_str(tx). */
CNCRYPTO_API int cncrypto_tx_to_json(const uint8_t *blob, size_t len, char *out, size_t *out_len);

/* The same for a pruned transaction blob (the prefix, then for v2 the RingCT
 * base: what monerod sends with prune=true; cncrypto_tx_prune makes one): the
 * text without the prunable part, as Monero's object after
 * parse_and_validate_tx_base_from_blob ("rct_signatures" is the last field of a
 * v2 transaction; a v1 one has "signatures": [ ]). The blob must end with the
 * base (a complete transaction is EDECODE: use cncrypto_tx_to_json). Errors as
 * cncrypto_tx_to_json. */
CNCRYPTO_API int cncrypto_pruned_tx_to_json(const uint8_t *blob, size_t len, char *out, size_t *out_len);

/* The same for the block blob[0 .. len) (monerod's get_block "json" field).
 * Errors as cncrypto_tx_to_json (EDECODE: Monero's
 * parse_and_validate_block_from_blob refuses it, or obj_to_json_str returns "").
 * Mirrors parse_and_validate_block_from_blob then obj_to_json_str(block). */
CNCRYPTO_API int cncrypto_block_to_json(const uint8_t *blob, size_t len, char *out, size_t *out_len);

/* The pruned form of the complete transaction blob[0 .. len): its prefix and
 * (v2) RingCT base, as Monero stores and sends a pruned transaction (the
 * prunable part: signatures, range proofs, pseudo outputs), by the two-call
 * convention in bytes (no NUL: binary). Errors: EINVAL, EDECODE (not a
 * complete transaction), ESIZE, ENOMEM. Variable time. Thread safe. Mirrors
 * Monero's pruning (BlockchainLMDB's split of a transaction at
 * unprunable_size; the bytes are the parsed object's serialization). */
CNCRYPTO_API int cncrypto_tx_prune(const uint8_t *blob, size_t len, uint8_t *out, size_t *out_len);

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

/* CNCRYPTO_OK iff the complete transaction blob[0 .. len) passes every check of
 * Monero's daemon that needs no chain data: for version 1, the structure,
 * amounts, output keys and key images (unique, in the prime-order subgroup);
 * for version 2 (RingCT types 1-6), the structure, the key images and their
 * order, the range proofs and the balance (rct::verRctSemanticsSimple /
 * verRct(rv, true)). Else CNCRYPTO_EVERIFY (also a coinbase, or a version other
 * than 1 and 2). Errors: EINVAL, EDECODE (not a complete transaction), ENOMEM.
 * Variable time (public data). Thread safe. Mirrors Monero's
 * core::check_tx_semantic with the key-image rules of check_tx_inputs, through
 * cncrypto::check_tx_semantics_v1 / _v2. */
CNCRYPTO_API int cncrypto_check_tx_semantics(const uint8_t *blob, size_t len) CNCRYPTO_WARN_UNUSED_RESULT;

/* CNCRYPTO_OK iff the transaction passes cncrypto_check_tx_semantics and every
 * input's ring signature (v1: check_ring_signature; v2: the CLSAGs or MLSAGs
 * over the pre-MLSAG hash) with the ring members given, else
 * CNCRYPTO_EVERIFY. ring_members: member_count entries of 64 bytes, output key
 * || commitment (the commitment of a pre-RingCT or coinbase output of amount a
 * is zeroCommit(a) = G + a*H; ignored for a version 1 transaction), input by
 * input, each input's members in the order of its absolute key offsets (what a
 * daemon's get_outs returns); member_count must be the sum of the inputs' ring
 * sizes. Chain state (spent key images, unlock times, the hard-fork rules) is
 * the caller's. Errors: EINVAL (NULL, member_count not the transaction's),
 * EDECODE (not a complete transaction), ENOMEM. Variable time (public data).
 * Thread safe. Mirrors Monero's check_tx_semantic + Blockchain::check_tx_inputs
 * (ring signatures), through cncrypto::check_tx_v1 / _v2. */
CNCRYPTO_API int cncrypto_check_tx(const uint8_t *blob, size_t len, const uint8_t *ring_members,
                                   size_t member_count) CNCRYPTO_WARN_UNUSED_RESULT;

/* hash = RandomX(key = seed_hash, data[0 .. len)) in light mode. Errors:
 * EINVAL, EUNSUPPORTED (no librandomx), ENOMEM. Thread safe. Variable time.
 * Mirrors Monero's rx_slow_hash (master's signature). */
CNCRYPTO_API int cncrypto_rx_slow_hash(const uint8_t seed_hash[32], const uint8_t *data, size_t len,
                                       uint8_t hash[32]);

/* RandomX handles: a cache (light mode, 256 MiB) for a key, a dataset (fast
 * mode, 2 GiB) made from a cache, and VMs that hash on either, for callers
 * that hash many blobs under one key (miners, pools, verifiers) and want to
 * own the memory and its lifetime. Mirrors librandomx's randomx_alloc_cache /
 * randomx_init_cache, randomx_alloc_dataset / randomx_init_dataset,
 * randomx_create_vm, randomx_calculate_hash (what Monero's rx-slow-hash.c
 * keeps inside), through cncrypto::rx (crypto/rx-handles.h).
 *   - Heap only (no _statebytes + caller-memory form): librandomx allocates
 *     the cache, the dataset, a VM's 2 MiB scratchpad and its executable JIT
 *     pages itself; its API takes no caller memory.
 *   - A VM keeps its cache or dataset alive, a dataset its cache: the handles
 *     may be destroyed in any order; the memory goes with its last user. One
 *     cache per key is alive in the process (shared with
 *     cncrypto_rx_slow_hash's store when both use the key).
 *   - Thread safety: _create and _destroy from any thread; a cache or dataset
 *     is read-only once made (any number of VMs on any threads, but not
 *     destroyed while another thread creates a VM from it); a VM is used by
 *     one thread at a time (cncrypto_rx_hash is not safe on one VM from two
 *     threads; one VM per thread).
 *   - A build without proof of work (-DCNCRYPTO_WITH_POW=OFF) or without
 *     librandomx (WebAssembly): every _create returns CNCRYPTO_EUNSUPPORTED
 *     after its argument checks, so no VM exists there to give cncrypto_rx_hash.
 *   - Variable time (keys and blobs are public). Flags as
 *     cncrypto_rx_slow_hash's VMs (JIT in W^X mode, hardware AES, large pages
 *     when the system has free ones); none changes a hash. */
typedef struct cncrypto_rx_cache cncrypto_rx_cache;
typedef struct cncrypto_rx_dataset cncrypto_rx_dataset;
typedef struct cncrypto_rx_vm cncrypto_rx_vm;

/* *cache = the cache of key[0 .. key_len) (a Monero seed: the 32-byte id of
 * the block at the seed height; any length for RandomX's own test keys), an
 * Argon2d fill of 256 MiB (about a second; more under load). *cache is NULL
 * on error. Errors: EINVAL (cache NULL, key NULL with key_len > 0),
 * EUNSUPPORTED, ENOMEM (the memory cannot be had). */
CNCRYPTO_API int cncrypto_rx_cache_create(const uint8_t *key, size_t key_len, cncrypto_rx_cache **cache);
/* Drops the handle (NULL does nothing). Always CNCRYPTO_OK. */
CNCRYPTO_API int cncrypto_rx_cache_destroy(cncrypto_rx_cache *cache);

/* *dataset = the fast-mode dataset of cache (2 GiB + the cache's 256 MiB),
 * filled by `threads` threads (0 or 1: the calling thread; at most 256): tens
 * of seconds per core. Errors: EINVAL (NULL, threads > 256), EUNSUPPORTED,
 * ENOMEM (the 2 GiB cannot be had, or a thread cannot be started). */
CNCRYPTO_API int cncrypto_rx_dataset_create(const cncrypto_rx_cache *cache, unsigned threads,
                                            cncrypto_rx_dataset **dataset);
/* Drops the handle (NULL does nothing). Always CNCRYPTO_OK. */
CNCRYPTO_API int cncrypto_rx_dataset_destroy(cncrypto_rx_dataset *dataset);

/* *vm = a light VM over cache (dataset NULL; tens of ms a hash) or a fast VM
 * over dataset (cache NULL; 1-2 ms a hash on a desktop core). Exactly one of
 * the two. Errors: EINVAL (vm NULL, both or neither given), EUNSUPPORTED,
 * ENOMEM. */
CNCRYPTO_API int cncrypto_rx_vm_create(const cncrypto_rx_cache *cache, const cncrypto_rx_dataset *dataset,
                                       cncrypto_rx_vm **vm);
/* Frees the VM (NULL does nothing). Always CNCRYPTO_OK. */
CNCRYPTO_API int cncrypto_rx_vm_destroy(cncrypto_rx_vm *vm);

/* hash = RandomX(the VM's key, data[0 .. len)) (data may be NULL when len is
 * 0). Light and fast VMs give the same hash. Errors: EINVAL (NULL).
 * Not thread safe on one VM (one VM per thread). Variable time. Mirrors
 * librandomx's randomx_calculate_hash (= Monero's rx_slow_hash for a 32-byte
 * seed). */
CNCRYPTO_API int cncrypto_rx_hash(cncrypto_rx_vm *vm, const uint8_t *data, size_t len, uint8_t hash[32]);

/* ---- addresses ------------------------------------------------------------------------- */

/* Networks and address kinds (Monero's network_type; the three address strings). */
#define CNCRYPTO_MAINNET 0
#define CNCRYPTO_TESTNET 1
#define CNCRYPTO_STAGENET 2
#define CNCRYPTO_ANY_NETWORK (-1) /* cncrypto_address_decode: find the network from the prefix */
#define CNCRYPTO_ADDRESS_STANDARD 0   /* 95 characters: spend || view */
#define CNCRYPTO_ADDRESS_INTEGRATED 1 /* 106 characters: spend || view || 8-byte payment id */
#define CNCRYPTO_ADDRESS_SUBADDRESS 2 /* 95 characters: D || C of a subaddress */

/* Decodes the base58 address address[0 .. address_len) (no NUL needed): its
 * network (CNCRYPTO_MAINNET/TESTNET/STAGENET), kind (CNCRYPTO_ADDRESS_*), spend
 * and view public keys and, for an integrated address, its payment id (8 bytes;
 * zeroed for the other kinds). network: the one the address must belong to, or
 * CNCRYPTO_ANY_NETWORK. Both keys must pass check_key. Errors: EINVAL (NULL,
 * network not one of the four values), EDECODE (not base58, wrong length, bad
 * checksum, unknown prefix, another network than the one asked for, a key that
 * is not a point). Variable time (public data). Thread safe. Mirrors Monero's
 * cryptonote::get_account_address_from_str (through cncrypto::parse_address),
 * which also accepts the pre-2015 132-hex-digit form: refused here (EDECODE). */
CNCRYPTO_API int cncrypto_address_decode(const char *address, size_t address_len, int network, int *network_out,
                                         int *kind, uint8_t spend_public_key[32], uint8_t view_public_key[32],
                                         uint8_t payment_id[8]);

/* The address string of (spend_public_key, view_public_key) on network, of kind
 * CNCRYPTO_ADDRESS_STANDARD, _SUBADDRESS or _INTEGRATED (payment_id: 8 bytes for
 * an integrated address, else ignored, may be NULL), NUL-terminated, by the
 * two-call convention (*out_len: 96 or 107 with the NUL; at most
 * CNCRYPTO_ADDRESS_MAX_BYTES). The keys are not checked (as Monero). Errors:
 * EINVAL (NULL, unknown network or kind, integrated without payment_id), ESIZE.
 * Variable time. Thread safe. Mirrors Monero's get_account_address_as_str and
 * get_account_integrated_address_as_str. */
CNCRYPTO_API int cncrypto_address_encode(int network, int kind, const uint8_t spend_public_key[32],
                                         const uint8_t view_public_key[32], const uint8_t *payment_id, char *out,
                                         size_t *out_len);

/* m = Hs("SubAddr\0" || view_secret_key || LE32(major) || LE32(minor)), the
 * secret scalar of subaddress (major, minor). Errors: EINVAL. Constant time in
 * view_secret_key. Thread safe. Mirrors Monero's
 * hw::device::get_subaddress_secret_key. */
CNCRYPTO_API int cncrypto_get_subaddress_secret_key(const uint8_t view_secret_key[32], uint32_t major,
                                                    uint32_t minor, uint8_t m[32]);

/* The subaddress (major, minor) of the wallet with view secret key a and spend
 * public key B: spend D = B + m*G and view C = a*D; for (0, 0) the main address
 * (B, a*G). Either output may be NULL (not computed). Errors: EINVAL (NULL
 * inputs, both outputs NULL), EDECODE (B is not a point; a >= L). Constant time
 * in a (B and the index are public). Thread safe. Mirrors Monero's
 * hw::device::get_subaddress_spend_public_key and get_subaddress. */
CNCRYPTO_API int cncrypto_get_subaddress(const uint8_t view_secret_key[32], const uint8_t spend_public_key[32],
                                         uint32_t major, uint32_t minor, uint8_t subaddress_spend_public_key[32],
                                         uint8_t subaddress_view_public_key[32]);

/* ---- wallet scanning --------------------------------------------------------------------- */

/* One output that belongs to the scanning wallet: a fixed 200-byte record
 * (CNCRYPTO_OWNED_OUTPUT_BYTES; all fields at natural alignment, no padding),
 * filled by cncrypto_scan_tx / cncrypto_scan_txs. */
typedef struct cncrypto_owned_output {
  uint8_t tx_hash[32];        /* offset 0: the transaction's id */
  uint8_t output_key[32];     /* 32: the one-time public key P */
  uint8_t key_image[32];      /* 64: x*Hp(P) when CNCRYPTO_OWNED_KEY_IMAGE, else zero */
  uint8_t mask[32];           /* 96: RingCT commitment mask (secret: needed to spend), zero without RingCT */
  uint8_t payment_id[32];     /* 128: the tx's payment id (decrypted short id: 8 bytes then zeros), see flags */
  uint64_t amount;            /* 160: atomic units, when CNCRYPTO_OWNED_AMOUNT, else 0 */
  uint64_t tx_index;          /* 168: the transaction's position in the batch (0 for cncrypto_scan_tx) */
  uint64_t output_index;      /* 176: the output's position in the transaction's vout */
  uint32_t major;             /* 184: the subaddress index the output was sent to ((0, 0): main address) */
  uint32_t minor;             /* 188 */
  uint32_t flags;             /* 192: CNCRYPTO_OWNED_* bits */
  uint32_t tx_pub_key_index;  /* 196: which tx public key (flags & ADDITIONAL_KEY: the additional key's index) */
} cncrypto_owned_output;

#define CNCRYPTO_OWNED_AMOUNT 1u          /* amount (and mask) known: clear, or decoded and opening outPk */
#define CNCRYPTO_OWNED_KEY_IMAGE 2u       /* key_image computed (the context has the spend secret key) */
#define CNCRYPTO_OWNED_ADDITIONAL_KEY 4u  /* recognised with an additional tx public key */
#define CNCRYPTO_OWNED_SHORT_PAYMENT_ID 8u /* payment_id[0 .. 8) is the decrypted short id (all zero: none) */
#define CNCRYPTO_OWNED_LONG_PAYMENT_ID 16u /* payment_id is a long (unencrypted, deprecated) id */

/* A wallet's scanning state: its keys and its subaddress table (spend public
 * key -> (major, minor)). Two ways to have one:
 *   - cncrypto_scan_context_create(...) ... cncrypto_scan_context_destroy: on
 *     the heap, the table grows as subaddresses are added (up to 2^24 entries);
 *   - caller memory: cncrypto_scan_context_statebytes(capacity, &n) bytes,
 *     aligned to CNCRYPTO_SCAN_CONTEXT_ALIGN, passed as (cncrypto_scan_context *)
 *     to cncrypto_scan_context_init, wiped by cncrypto_scan_context_clear. Its
 *     table holds at most `capacity` entries, the main address's included (an
 *     add that would exceed it is CNCRYPTO_ESIZE, the table unchanged); the
 *     context allocates nothing of its own; scans search its sorted table in
 *     place (binary search: as fast as the heap form, whatever the table's
 *     size; docs/c_api.md). Do not copy or move it while in use.
 * The same functions (add, count, scan) take either form. Scans only read it:
 * one context may be used by several threads at once for scanning, but not
 * while subaddresses are added. */
typedef struct cncrypto_scan_context cncrypto_scan_context;

/* The alignment a caller-memory scan context needs (bytes); the function gives
 * it to FFIs that cannot read macros (thread safe, constant). */
#define CNCRYPTO_SCAN_CONTEXT_ALIGN 8
CNCRYPTO_API size_t cncrypto_scan_context_align(void);

/* A context for the wallet (view_secret_key a, spend_public_key B), its table
 * holding (0, 0) -> B. spend_secret_key: NULL for a watch-only scan (no key
 * images), else b, which must give B. *ctx is set (NULL on error). Errors:
 * EINVAL (NULL, spend_secret_key not B's secret), EDECODE (a or b >= L, B not a
 * point), ENOMEM. Constant time in the secrets. Mirrors
 * cryptonote::account_base::create_from_keys / create_from_viewkey. */
CNCRYPTO_API int cncrypto_scan_context_create(const uint8_t view_secret_key[32],
                                              const uint8_t spend_public_key[32],
                                              const uint8_t *spend_secret_key, cncrypto_scan_context **ctx);
/* Wipes the keys and frees a context from cncrypto_scan_context_create. NULL
 * does nothing (OK). Errors: EINVAL (a caller-memory context: use
 * cncrypto_scan_context_clear; or a cleared one). A context already destroyed
 * is freed memory: passing it again is undefined, not detected. Not while
 * another thread uses the context. Mirrors nothing in Monero (cncrypto
 * extension). */
CNCRYPTO_API int cncrypto_scan_context_destroy(cncrypto_scan_context *ctx);
/* *bytes = the caller memory a context whose table holds up to capacity
 * entries needs: 160 + 40 * capacity (the keys, then 40 bytes per entry).
 * Errors: EINVAL (bytes NULL, capacity 0 or above 2^24). Thread safe; no
 * secret. cncrypto extension (the _statebytes convention, libsodium's
 * crypto_*_statebytes). */
CNCRYPTO_API int cncrypto_scan_context_statebytes(size_t capacity, size_t *bytes);
/* Initialises a context in the caller's ctx_len bytes at ctx (aligned to
 * CNCRYPTO_SCAN_CONTEXT_ALIGN) for the wallet, as cncrypto_scan_context_create:
 * the same keys, checks and errors, the table holding (0, 0) -> B. Its
 * capacity is (ctx_len - 160) / 40 entries (at most 2^24). No allocation
 * outlives the call. Errors: EINVAL (NULL, ctx misaligned, ctx a live context
 * from cncrypto_scan_context_create: the library keeps their addresses, so
 * this is detected without reading ctx; the keys as _create), EDECODE (as
 * _create), ESIZE (ctx_len below
 * cncrypto_scan_context_statebytes(1) = 200), ENOMEM. On error nothing is
 * written to ctx. ctx_len must be the buffer's true size. Constant time in the
 * secrets. Not while another thread uses the same memory. cncrypto extension
 * (as cncrypto_scan_context_create). */
CNCRYPTO_API int cncrypto_scan_context_init(cncrypto_scan_context *ctx, size_t ctx_len,
                                            const uint8_t view_secret_key[32], const uint8_t spend_public_key[32],
                                            const uint8_t *spend_secret_key);
/* Wipes a caller-memory context (its header and the whole table _init laid
 * out: 160 + 40 * capacity bytes); it must be initialised again before use. A
 * cleared context again is OK. Errors: EINVAL (NULL, a context from _create:
 * use _destroy). Constant time (a wipe of public length). Not while another
 * thread uses the context. cncrypto extension. */
CNCRYPTO_API int cncrypto_scan_context_clear(cncrypto_scan_context *ctx);
/* Adds every subaddress (major, minor) with major_begin <= major < major_end and
 * minor_begin <= minor < minor_end (Monero's default lookahead: 0..50 x 0..200).
 * Errors: EINVAL (NULL, a range with end < begin, more than 2^24 entries in
 * the table), ESIZE (a caller-memory context's capacity exceeded: entries
 * already in the table do not count twice; decided from the indexes before
 * any key is derived, so it fails fast), ENOMEM; on error the table is
 * unchanged. About 20 us per entry.
 * Constant time in the view key. Mirrors wallet2::expand_subaddresses. */
CNCRYPTO_API int cncrypto_scan_context_add_subaddress_range(cncrypto_scan_context *ctx, uint32_t major_begin,
                                                            uint32_t major_end, uint32_t minor_begin,
                                                            uint32_t minor_end);
/* Adds count subaddresses listed as (major, minor) pairs: indexes holds 2*count
 * uint32_t. Errors: EINVAL (NULL with count > 0, table over 2^24), ESIZE (a
 * caller-memory context's capacity exceeded), ENOMEM. */
CNCRYPTO_API int cncrypto_scan_context_add_subaddresses(cncrypto_scan_context *ctx, const uint32_t *indexes,
                                                        size_t count);
/* *count = the number of entries of the table ((0, 0) included). Errors:
 * EINVAL (NULL, not a live context: cleared or never initialised). Thread
 * safe with scans. */
CNCRYPTO_API int cncrypto_scan_context_subaddress_count(const cncrypto_scan_context *ctx, size_t *count);

/* Finds the outputs of the complete transaction blob[0 .. len) that belong to
 * the context's wallet (any subaddress of its table) and writes one record per
 * output, in output order, by the two-call convention in records: *out_count is
 * the capacity of out; on CNCRYPTO_ESIZE it holds the number found (a second
 * call scans again: pass room for a few, e.g. 16, to scan once). 0 records is
 * success. An owned RingCT output whose amount does not open its commitment is
 * reported without CNCRYPTO_OWNED_AMOUNT (never with an unproven amount).
 * Errors: EINVAL (NULL), EDECODE (the blob is not a complete transaction),
 * ESIZE, ENOMEM. Constant time in the keys, derivations and amounts; variable
 * time in the public transaction and in which outputs are ours. Thread safe
 * (see the context). Mirrors the output loop of Monero's
 * wallet2::process_new_transaction, through cncrypto::scan_transactions. */
CNCRYPTO_API int cncrypto_scan_tx(const cncrypto_scan_context *ctx, const uint8_t *blob, size_t len,
                                  cncrypto_owned_output *out, size_t *out_count);

/* The same for count transactions at once, batched across them (one batch of
 * derivations and of view tags per 256 transactions: several times faster than
 * count calls of cncrypto_scan_tx). blobs holds the count blobs back to back,
 * lens[i] the size of blob i. threads: 0 or 1 scans on the calling thread, n
 * on up to n threads of the library's (same result). Records come in
 * transaction order, tx_index = i. Errors: EINVAL (NULL, count > 0 with lens
 * NULL, the lengths' sum overflows, threads > 256), EDECODE (a blob that is not
 * a complete transaction; nothing written), ESIZE, ENOMEM. Mirrors
 * cncrypto::scan_transactions (a cncrypto extension of Monero's scanning). */
CNCRYPTO_API int cncrypto_scan_txs(const cncrypto_scan_context *ctx, const uint8_t *blobs, const size_t *lens,
                                   size_t count, unsigned threads, cncrypto_owned_output *out, size_t *out_count);

/* The same for count pruned transactions (each its prefix and, for v2, its
 * RingCT base: what monerod's get_blocks.bin / get_transactions send with
 * prune=true; cncrypto_tx_prune makes one from a complete blob): the outputs,
 * the view tags, the tx public keys, ecdhInfo and outPk are all in that part,
 * so the records are those of the complete transaction (amounts decoded and
 * checked against outPk, key images), except tx_hash: a pruned transaction's
 * id needs its prunable hash, which the blob lacks, so the caller passes the
 * ids (tx_hashes: count x 32 bytes, e.g. the block's tx_hashes or the daemon's
 * tx_hash fields), or NULL: tx_hash is then all zero. A blob must be exactly a
 * pruned transaction (a complete one is EDECODE: cncrypto_scan_txs).
 * Errors: as cncrypto_scan_txs (EINVAL also for count * 32 overflowing).
 * Nothing verifies that tx_hashes are the blobs' ids. Thread safe (see the
 * context). Mirrors Monero's wallet2 scanning of pruned blocks (process_new_transaction
 * on parse_and_validate_tx_base_from_blob's object), through
 * cncrypto::scan_transactions with tx_hashes. */
CNCRYPTO_API int cncrypto_scan_pruned_txs(const cncrypto_scan_context *ctx, const uint8_t *blobs, const size_t *lens,
                                          size_t count, const uint8_t *tx_hashes, unsigned threads,
                                          cncrypto_owned_output *out, size_t *out_count);

/* ---- RingCT amounts ------------------------------------------------------------------------- */

/* s = Hs(derivation || varint(output_index)), the output's amount key (the
 * "shared secret" of RingCT's ecdhInfo) and one-time key scalar. Errors: EINVAL
 * (NULL, output_index > SIZE_MAX). Constant time in the derivation. Thread
 * safe. Mirrors Monero's crypto::derivation_to_scalar. */
CNCRYPTO_API int cncrypto_derivation_to_scalar(const uint8_t derivation[32], uint64_t output_index,
                                               uint8_t scalar[32]);

/* Decrypts an output's RingCT amount from its ecdhInfo with the amount key
 * (cncrypto_derivation_to_scalar). ecdh_info_len says the encoding: 8 (the
 * compact v2 form of types 4-6 (Bulletproof2, CLSAG, BulletproofPlus): the
 * 8-byte encrypted amount; mask = Hs("commitment_mask" || amount_key)) or 64
 * (the v1 form of types 1-3: the 32-byte encrypted mask, then the 32-byte
 * encrypted amount). commitment: NULL, or the output's outPk (32 bytes), then
 * the result must open it (mask*G + amount*H == commitment). Errors: EINVAL
 * (NULL, another length), EDECODE (a v1 amount above 64 bits), EVERIFY (the
 * commitment is not opened: a wrong key, or not our output). Constant time in
 * the amount key, amount and mask (only the verdict is revealed). Thread safe.
 * Mirrors Monero's rct::ecdhDecode (+ h2d and the commitment check of
 * rct::decodeRct / decodeRctSimple). */
CNCRYPTO_API int cncrypto_ecdh_decode(const uint8_t amount_key[32], const uint8_t *ecdh_info, size_t ecdh_info_len,
                                      const uint8_t *commitment, uint64_t *amount, uint8_t mask[32]);

/* ---- seeds ------------------------------------------------------------------------------- */

/* The 25-word Electrum-style seed of the 32-byte key (Monero's 24 words + checksum
 * word) in language (a Monero or English language name: "English", "Deutsch" /
 * "German", "日本語" / "Japanese", ...; NUL-terminated), words separated by one
 * space, NUL-terminated, by the two-call convention. Errors: EINVAL (NULL, a
 * language Monero has not or does not write, e.g. "English (old)"), ESIZE.
 * Constant time in key (not in the word list's bytes). Thread safe. Mirrors
 * Monero's crypto::ElectrumWords::bytes_to_words. */
CNCRYPTO_API int cncrypto_seed_encode(const uint8_t key[32], const char *language, char *words, size_t *words_len);

/* The 32-byte key of a 25- or 24-word Electrum-style seed words[0 .. words_len)
 * (UTF-8; prefixes, case and the checksum as Monero). language: NULL or "" to
 * detect it, else a Monero or English name to decode in that one only.
 * language_out: NULL, or CNCRYPTO_LANGUAGE_BYTES for Monero's name of the
 * language found. The key is not reduced (the spend key is sc_reduce32(key)).
 * Errors: EINVAL (NULL, unknown language name), EDECODE (wrong word count,
 * unknown word, mixed languages, bad checksum word). Not constant time in the
 * words. Thread safe. Mirrors Monero's crypto::ElectrumWords::words_to_bytes. */
CNCRYPTO_API int cncrypto_seed_decode(const char *words, size_t words_len, const char *language, uint8_t key[32],
                                      char *language_out);

/* A wallet's keys from its seed, as Monero's and Polyseed wallets restore:
 * 25 or 24 words (Monero; with a passphrase, Monero's seed offset), 16 words
 * (Polyseed; *birthday = its Unix time), 13 words (MyMonero's rule). spend =
 * the spend secret key, view = the view secret key (for 25/24/16 words
 * sc_reduce32(cn_fast_hash(spend))). passphrase: NULL or a string of
 * passphrase_len bytes (none: length 0; refused with 16 and 13 words).
 * language as cncrypto_seed_decode (Polyseed: a Polyseed language name).
 * birthday: NULL, or set (0 but for Polyseed). language_out as
 * cncrypto_seed_decode. Errors: EINVAL (NULL, unknown language, a passphrase
 * with 16 or 13 words), EDECODE (word count, unknown word, checksum, ...),
 * EUNSUPPORTED (an encrypted Polyseed or one with feature bits). Not constant
 * time in the words. Thread safe. Mirrors wallet2's restore through
 * cncrypto::restore_wallet_from_seed. */
CNCRYPTO_API int cncrypto_seed_restore(const char *words, size_t words_len, const char *passphrase,
                                       size_t passphrase_len, const char *language, uint8_t spend_secret_key[32],
                                       uint8_t view_secret_key[32], uint64_t *birthday, char *language_out);

/* A new Polyseed: 150 random bits (secret, CNCRYPTO_POLYSEED_SECRET_BYTES) and
 * the birthday of unix_time (rounded down to its 1/12-year unit; *birthday the
 * rounded time). Errors: EINVAL, EINTERNAL (no randomness). Thread safe.
 * Mirrors tevador's polyseed_create. */
CNCRYPTO_API int cncrypto_polyseed_create(uint64_t unix_time, uint8_t secret[19], uint64_t *birthday);
/* The 16 words of the Polyseed (secret, birthday) in language (an English or
 * native Polyseed language name), NUL-terminated, by the two-call convention.
 * birthday is taken in 1/12-year units from 2021-11-01 modulo 1024 units, as
 * tevador's (a time before that is unit 0). Errors: EINVAL (NULL, unknown
 * language, secret's byte 18 above 6 bits), ESIZE. Not constant time in the
 * word lookup. Thread safe. Mirrors tevador's polyseed_encode. The wallet's
 * keys: cncrypto_seed_restore of the words. */
CNCRYPTO_API int cncrypto_polyseed_encode(const uint8_t secret[19], uint64_t birthday, const char *language,
                                          char *words, size_t *words_len);

/* ---- .keys files ---------------------------------------------------------------------- */

/* The largest kdf_rounds the .keys file functions take (the limit of cnutil's
 * --kdf-rounds; wallet2's default is 1; Monero has none). Why a limit: the KDF runs
 * kdf_rounds CryptoNight hashes (10 to 20 ms each), one call cannot be
 * interrupted, and 10^6 rounds already take hours; a value above it is
 * almost certainly a mistake (or hostile input) that would hang the caller
 * for days to years. Above it: CNCRYPTO_EINVAL, with the limit in
 * cncrypto_last_error(). cncrypto_kdf_rounds_max() returns it. */
#define CNCRYPTO_KDF_ROUNDS_MAX 1000000
CNCRYPTO_API uint64_t cncrypto_kdf_rounds_max(void);

/* Opens Monero's wallet .keys file file[0 .. file_len) with the password
 * (password_len raw bytes) and kdf_rounds (wallet2's default 1): the spend and
 * view secret keys (spend all zero for a watch-only wallet), the public keys
 * and the network (CNCRYPTO_MAINNET/TESTNET/STAGENET; mainnet when the file
 * names none). network may be NULL. Errors: EINVAL (NULL, kdf_rounds 0 or
 * above CNCRYPTO_KDF_ROUNDS_MAX),
 * EVERIFY (wrong password: nothing decrypts to the file's JSON, as wallet2's
 * "invalid password"), EDECODE (a file that is not a .keys file: cut, bad
 * layout, malformed JSON or keys, secret keys that do not give the public
 * keys), EUNSUPPORTED (hardware-wallet and multisig files), ENOMEM. Not
 * constant time in the password (the KDF is cn_slow_hash by design). Thread
 * safe. Mirrors wallet2::load_keys_buf through cncrypto::load_keys_buf. */
CNCRYPTO_API int cncrypto_keys_file_read(const uint8_t *file, size_t file_len, const char *password,
                                         size_t password_len, uint64_t kdf_rounds, uint8_t spend_secret_key[32],
                                         uint8_t view_secret_key[32], uint8_t spend_public_key[32],
                                         uint8_t view_public_key[32], int *network);
/* The same from the file at path (NUL-terminated). Errors: as
 * cncrypto_keys_file_read, and EIO (the file cannot be read). */
CNCRYPTO_API int cncrypto_keys_file_load(const char *path, const char *password, size_t password_len,
                                         uint64_t kdf_rounds, uint8_t spend_secret_key[32],
                                         uint8_t view_secret_key[32], uint8_t spend_public_key[32],
                                         uint8_t view_public_key[32], int *network);
/* What a .keys file says besides the keys (cnutil keys shows the same): a
 * fixed 120-byte record (CNCRYPTO_KEYS_FILE_INFO_BYTES; natural alignment, no
 * padding), filled by cncrypto_keys_file_read_info / _load_info. Versioned by
 * size, as Linux's openat2: the caller passes sizeof of the struct its header
 * has (info_len); a later version only appends fields, a library writes the
 * fields it knows and zeros the rest of info_len, and refuses an info_len
 * below the first version's 120 bytes. No secret is in it. */
typedef struct cncrypto_keys_file_info {
  uint64_t creation_timestamp; /* offset 0: "m_creation_timestamp" (Unix time; 0 when absent) */
  int32_t network;             /* 8: CNCRYPTO_MAINNET/TESTNET/STAGENET (mainnet when the file names none) */
  int32_t cipher;              /* 12: CNCRYPTO_KEYS_FILE_CHACHA20 or _CHACHA8 (what decrypted it: the format) */
  uint32_t flags;              /* 16: CNCRYPTO_KEYS_FILE_* bits */
  uint32_t finding_count;      /* 20: oddities found (unknown or duplicate fields, ...), never a refusal */
  uint8_t spend_public_key[32]; /* 24: B */
  uint8_t view_public_key[32];  /* 56: A */
  char seed_language[32];       /* 88: "seed_language", Monero's name ("English", "Deutsch", ...), NUL-terminated; "" when absent */
} cncrypto_keys_file_info;

#define CNCRYPTO_KEYS_FILE_CHACHA20 0 /* what wallet2 writes */
#define CNCRYPTO_KEYS_FILE_CHACHA8 1  /* older wallets' cipher, which wallet2 still opens */
#define CNCRYPTO_KEYS_FILE_WATCH_ONLY 1u             /* "watch_only": no spend secret key (it reads as zeros) */
#define CNCRYPTO_KEYS_FILE_MULTISIG 2u               /* "multisig": the spend secret key is a signer's share */
#define CNCRYPTO_KEYS_FILE_NETWORK_IN_FILE 4u        /* the file has "nettype" (else network is mainnet by default) */
#define CNCRYPTO_KEYS_FILE_ENCRYPTED_SECRET_KEYS 8u  /* "encrypted_secret_keys": the keys were masked inside */
#define CNCRYPTO_KEYS_FILE_SPEND_KEY_VERIFIED 16u    /* spend secret * G == B checked (always for a standard wallet) */

/* Opens the .keys file file[0 .. file_len) as cncrypto_keys_file_read, and
 * writes its description to info (info_len bytes: sizeof(cncrypto_keys_file_info)),
 * the secret keys to spend_secret_key and view_secret_key (32 bytes each; either
 * may be NULL when not wanted). Unlike cncrypto_keys_file_read it opens multisig
 * wallets too, when spend_secret_key is NULL (their spend secret is a signer's
 * share: with a non-NULL spend_secret_key EUNSUPPORTED, as read). Errors: as
 * cncrypto_keys_file_read, and EINVAL (info NULL, info_len < 120). Thread safe.
 * Not constant time in the password. Mirrors wallet2::load_keys_buf through
 * cncrypto::load_keys_buf. */
CNCRYPTO_API int cncrypto_keys_file_read_info(const uint8_t *file, size_t file_len, const char *password,
                                              size_t password_len, uint64_t kdf_rounds, uint8_t *spend_secret_key,
                                              uint8_t *view_secret_key, cncrypto_keys_file_info *info,
                                              size_t info_len);
/* The same from the file at path (NUL-terminated); also EIO, with the path in
 * cncrypto_last_error(). */
CNCRYPTO_API int cncrypto_keys_file_load_info(const char *path, const char *password, size_t password_len,
                                              uint64_t kdf_rounds, uint8_t *spend_secret_key,
                                              uint8_t *view_secret_key, cncrypto_keys_file_info *info,
                                              size_t info_len);

/* A new .keys file (its bytes, by the two-call convention; the IVs are random,
 * so on ESIZE the size is an upper bound) of the standard wallet (spend, view)
 * on network, that wallet2 opens with the password: seed_language NULL for
 * "English", creation_timestamp (Unix time, 0 for none). Errors: EINVAL (NULL,
 * unknown network, kdf_rounds 0 or above CNCRYPTO_KDF_ROUNDS_MAX, an unknown
 * language), EDECODE (a secret key >=
 * L), ESIZE, ENOMEM. Thread safe. Mirrors wallet2::store_keys through
 * cncrypto::store_keys_buf. */
CNCRYPTO_API int cncrypto_keys_file_write(const uint8_t spend_secret_key[32], const uint8_t view_secret_key[32],
                                          int network, const char *password, size_t password_len,
                                          uint64_t kdf_rounds, const char *seed_language,
                                          uint64_t creation_timestamp, uint8_t *file, size_t *file_len);

#ifdef __cplusplus
}
#endif

#endif /* CNCRYPTO_H */
