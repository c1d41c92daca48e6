/* BLAKE2b (RFC 7693) under Monero master's names (src/crypto/blake2b.h in
 * Monero master; not in Monero 0.18): the one-shot hash, the streaming API with
 * the full parameter block (key, salt, personalisation, tree parameters),
 * Argon2's variable-length hash H' (blake2b_long) and Monero's personalised
 * hash (blake2b_monero, what Carrot uses). Same names, same signatures, same
 * return values, same results; cncrypto's own implementation (docs/blake2b.md).
 *
 * As in Monero, the functions other than blake2b_monero are macros for
 * crypto_blake2b_* (Monero's way to keep clear of libsodium's symbols): the
 * library exports crypto_blake2b, crypto_blake2b_init, ... and blake2b_monero.
 * C linkage, callable from C: they never throw, they return 0 on success and
 * -1 on failure, as Monero's do. Where Monero's code would read or write out of
 * bounds (a parameter block with digest_length above 64, an output pointer of
 * NULL in blake2b_long, a corrupt state) cncrypto returns -1 instead; those
 * cases are named below.
 *
 * Lengths are in bytes. Outputs: 1..64 bytes (BLAKE2B_OUTBYTES); keys: 1..64
 * bytes (BLAKE2B_KEYBYTES); salt and personalisation: 16 bytes each.
 *
 * Timing: constant time in the key and the data (no branch or memory index
 * depends on them); only the lengths and the parameter block's public fields
 * matter. The key is wiped from the stack and from the state after use.
 *
 * The compression function is chosen once per process among the compiled-in
 * implementations (portable, avx2, avx512), the best the CPU runs, or the one
 * named by the environment variable CNCRYPTO_BLAKE2B_IMPL; a name that is
 * unknown or that the CPU cannot run throws std::runtime_error on the first
 * use (from C that ends the process, as crypto/keccak.h's misuse does). */
#pragma once

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__cplusplus)
extern "C" {
#endif

enum blake2b_constant {
  BLAKE2B_BLOCKBYTES = 128,   /* one compression's input */
  BLAKE2B_OUTBYTES = 64,      /* the largest digest */
  BLAKE2B_KEYBYTES = 64,      /* the largest key */
  BLAKE2B_SALTBYTES = 16,
  BLAKE2B_PERSONALBYTES = 16
};

/* The 64-byte parameter block of RFC 7693 section 2.5 (BLAKE2 paper, section
 * 2.8), packed, in Monero's layout; the multi-byte fields are read
 * little-endian from their bytes (blake2b_init_param XORs the block, as eight
 * little-endian words, into the IV), so on a big-endian host fill leaf_length
 * and node_offset as little-endian byte strings. */
#pragma pack(push, 1)
typedef struct __blake2b_param {
  uint8_t digest_length;                   /* byte 0: 1..64 */
  uint8_t key_length;                      /* byte 1: 0..64 */
  uint8_t fanout;                          /* byte 2: 1 for sequential hashing */
  uint8_t depth;                           /* byte 3: 1 for sequential hashing */
  uint32_t leaf_length;                    /* bytes 4..7 */
  uint64_t node_offset;                    /* bytes 8..15 */
  uint8_t node_depth;                      /* byte 16 */
  uint8_t inner_length;                    /* byte 17 */
  uint8_t reserved[14];                    /* bytes 18..31 */
  uint8_t salt[BLAKE2B_SALTBYTES];         /* bytes 32..47 */
  uint8_t personal[BLAKE2B_PERSONALBYTES]; /* bytes 48..63 */
} blake2b_param;
#pragma pack(pop)

/* A hash in progress, Monero's fields:
 *   h         the chaining value (eight 64-bit words),
 *   t         the byte counter, 128 bits (t[0] low),
 *   f         the finalisation flags (f[0] set by blake2b_final and by a failed
 *             init: a state with f[0] != 0 refuses update and final),
 *   buf       input not yet compressed (the last block is compressed only by
 *             final, so buf holds 1..128 bytes once data arrived),
 *   buflen    bytes used in buf (0..128),
 *   outlen    the digest length set at init,
 *   last_node set it (non-zero) after init to flag the last node of a tree
 *             level: final then also sets f[1] (BLAKE2 paper, section 2.3). */
typedef struct __blake2b_state {
  uint64_t h[8];
  uint64_t t[2];
  uint64_t f[2];
  uint8_t buf[BLAKE2B_BLOCKBYTES];
  unsigned buflen;
  unsigned outlen;
  uint8_t last_node;
} blake2b_state;

#if defined(__cplusplus)
static_assert(CHAR_BIT == 8 && sizeof(blake2b_param) == 64, "blake2b_param must be the 64-byte block");
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(CHAR_BIT == 8 && sizeof(blake2b_param) == 64, "blake2b_param must be the 64-byte block");
#endif

/* Monero's names: the linked symbols are crypto_blake2b_*. */
#define blake2b_init crypto_blake2b_init
#define blake2b_init_key crypto_blake2b_init_key
#define blake2b_init_param crypto_blake2b_init_param
#define blake2b_update crypto_blake2b_update
#define blake2b_final crypto_blake2b_final
#define blake2b crypto_blake2b
#define blake2b_long crypto_blake2b_long

/* Starts an unkeyed hash with an outlen-byte digest (fanout 1, depth 1, no
 * salt or personalisation). Returns 0, or -1 when S is NULL or outlen is 0 or
 * above 64 (then S, when not NULL, is wiped and refuses update and final).
 * Source: Monero master blake2b_init; RFC 7693 section 3.3. */
int blake2b_init(blake2b_state *S, size_t outlen);

/* Starts a keyed hash (MAC) with an outlen-byte digest and key[0..keylen): the
 * key, padded with zeros to 128 bytes, is the first block. Returns 0, or -1
 * when S is NULL, outlen is 0 or above 64, key is NULL, or keylen is 0 or
 * above 64 (then S, when not NULL, is wiped and refuses update and final).
 * Secret: the key (constant time; wiped from the stack). Source: Monero master
 * blake2b_init_key; RFC 7693 section 3.3. */
int blake2b_init_key(blake2b_state *S, size_t outlen, const void *key, size_t keylen);

/* Starts a hash with the parameter block P (every field as given: salt,
 * personalisation, tree parameters; nothing is validated, as in Monero). The
 * digest length is P->digest_length. P->key_length only enters the parameter
 * block: to hash with a key, update with the key padded with zeros to 128
 * bytes next (what blake2b_init_key does). Returns 0, or -1 when S or P is
 * NULL. A digest_length of 0 gives a final that writes nothing; above 64 the
 * final returns -1 (Monero's reads past its 64-byte buffer there). Source:
 * Monero master blake2b_init_param; BLAKE2 paper section 2.8. */
int blake2b_init_param(blake2b_state *S, const blake2b_param *P);

/* Absorbs in[0..inlen). Returns 0 (at once when inlen is 0, whatever S and in
 * are), or -1 when S or in is NULL, after final or a failed init, or when S is
 * corrupt (buflen above 128; Monero would write out of bounds). Source: Monero
 * master blake2b_update. */
int blake2b_update(blake2b_state *S, const void *in, size_t inlen);

/* Writes the S->outlen-byte digest to out[0..S->outlen) (outlen is the space
 * at out and must be at least S->outlen; only S->outlen bytes are written), then
 * wipes the chaining value and the buffer of S and marks it final. Returns 0,
 * or -1 when S or out is NULL, outlen < S->outlen, S is already final or its
 * init failed, or S is corrupt (S->outlen above 64 or buflen above 128). A -1
 * for outlen < S->outlen leaves S usable. Source: Monero master blake2b_final;
 * RFC 7693 section 3.3. */
int blake2b_final(blake2b_state *S, void *out, size_t outlen);

/* out[0..outlen) = BLAKE2b-outlen of in[0..inlen), keyed with key[0..keylen)
 * when keylen > 0 (a non-NULL key with keylen 0 is unkeyed). Returns 0, or -1
 * when out is NULL, outlen is 0 or above 64, in is NULL with inlen > 0, key is
 * NULL with keylen > 0, or keylen is above 64; nothing is written then.
 * Secret: key and data (constant time). Source: Monero master blake2b; RFC 7693
 * section 3.3 and Appendix A. */
int blake2b(void *out, size_t outlen, const void *in, size_t inlen, const void *key, size_t keylen);

/* Argon2's variable-length hash H' (RFC 9106 section 3.3): out[0..outlen) for
 * any outlen 1 .. 2^32-1. For outlen <= 64, BLAKE2b-outlen(LE32(outlen) || in);
 * above, V1 = BLAKE2b-64(LE32(outlen) || in), V(i+1) = BLAKE2b-64(Vi), the
 * output the first 32 bytes of each Vi until at most 64 bytes remain, which
 * the last hash, BLAKE2b-remaining(V), gives whole. Returns 0, or -1 when
 * outlen is 0 or above 2^32-1, out is NULL (Monero writes through it when
 * outlen is above 64), or in is NULL with inlen > 0. Secret: the data (constant
 * time). Source: Monero master blake2b_long (Argon2's blake2b_long). */
int blake2b_long(void *out, size_t outlen, const void *in, size_t inlen);

/* Monero's personalised BLAKE2b (Carrot's hash): as blake2b, with the
 * personalisation "Monero" (6 ASCII bytes, then 10 zero bytes), and keyed
 * whenever key is not NULL. Returns 0, or -1 when out is NULL, outlen is 0 or
 * above 64, in is NULL with inlen > 0, key is NULL with keylen > 0, key is not
 * NULL with keylen 0, or keylen is above 64; nothing is written then. Monero
 * asserts keylen 0 or 32 in debug builds only: like its release builds,
 * cncrypto hashes keys of any length 1..64. Secret: key and data (constant
 * time). Source: Monero master blake2b_monero. */
int blake2b_monero(void *out, size_t outlen, const void *in, size_t inlen, const void *key, size_t keylen);

#if defined(__cplusplus)
}
#endif
