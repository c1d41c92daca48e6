/* Monero's HMAC-Keccak (src/crypto/hmac-keccak.h in Monero): HMAC (RFC 2104)
 * over Keccak-256 (cn_fast_hash: rate B = 136 bytes, digest L = 32 bytes,
 * padding 0x01; NOT HMAC-SHA3-256, whose padding differs). Same names, same
 * signatures, same results. Monero's wallet uses it to derive keys of its
 * encrypted caches and multisig messages.
 *
 * HMAC(K, m) = H((K0 ^ opad) || H((K0 ^ ipad) || m)), K0 = K padded with zeros
 * to 136 bytes, or H(K) padded when K is longer than 136 bytes; ipad = 0x36..,
 * opad = 0x5c.. (RFC 2104 section 2).
 *
 * Timing: constant time in the key and the data; only the lengths matter.
 * Misuse: a NULL pointer with a non-zero length throws std::invalid_argument
 * naming the function (C linkage, implemented in C++: from C that ends the
 * process, as crypto/keccak.h's functions do); Monero's behaviour there is
 * undefined. The state holds key material: hmac_keccak_finish wipes it. */
#pragma once

#include "crypto/keccak.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Two Keccak-256 contexts: inner (K0 ^ ipad || m ...) and outer (K0 ^ opad). */
typedef struct {
  KECCAK_CTX inner;
  KECCAK_CTX outer;
} hmac_keccak_state;

/* Starts an HMAC with key[0..keylen) (any length; key may be NULL when keylen
 * is 0). Source: Monero hmac_keccak_init. */
void hmac_keccak_init(hmac_keccak_state *S, const uint8_t *_key, size_t keylen);

/* Absorbs data[0..datalen) (data may be NULL when datalen is 0). Source:
 * Monero hmac_keccak_update. */
void hmac_keccak_update(hmac_keccak_state *S, const uint8_t *data, size_t datalen);

/* Writes the 32-byte MAC to digest and wipes S (start again with
 * hmac_keccak_init). Source: Monero hmac_keccak_finish. */
void hmac_keccak_finish(hmac_keccak_state *S, uint8_t *digest);

/* out[0..32) = HMAC-Keccak-256(key[0..keylen), in[0..inlen)) in one call.
 * Source: Monero hmac_keccak_hash. */
void hmac_keccak_hash(uint8_t *out, const uint8_t *key, size_t keylen, const uint8_t *in, size_t inlen);

#ifdef __cplusplus
}
#endif
