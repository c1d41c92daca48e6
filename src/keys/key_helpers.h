// Private to the key layer: the helpers the key operations share (keys.cpp,
// signatures.cpp, ring_signatures.cpp, tx_proofs.cpp). Defined in
// key_helpers.cpp. Not part of any interface.
#pragma once

#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "curve/types.h"

#include <cstddef>
#include <cstdint>

namespace crypto::keys_detail {

inline unsigned char *u8(void *p) { return static_cast<unsigned char *>(p); }
inline const unsigned char *u8(const void *p) { return static_cast<const unsigned char *>(p); }

// Throws std::invalid_argument("<function>: <argument> is not a reduced scalar
// (>= L); ...") unless the 32-byte secret scalar is canonical (< L). Only this
// one bit of the secret is revealed (deliberately declassified); constant time
// otherwise.
void require_canonical(const secret_key &sec, const char *function, const char *argument);

// Whether 8*computed != 8*expected, i.e. the point `computed` (derived from a
// secret) differs from the public point `expected` by more than a torsion
// component. Such a difference means a signature or proof can never verify; a
// torsion-only difference still verifies for some challenges (Monero's release
// build signs it), so it is accepted. Compared in constant time; only the one
// resulting bit is declassified (a mismatch is a caller bug reported by an
// exception, and a match reveals nothing that is not public already).
bool differ_beyond_torsion(const cncrypto::ed25519::ge_p2 &computed, const cncrypto::ed25519::ge_p3 &expected);

// out = the scalar Monero's ge_scalarmult effectively multiplies by for the
// 32-byte secret s, reduced mod L: s mod L, except when the radix-16 recoding's
// top digit e63 exceeds 8 (only s >= L with a large top byte), where Monero's
// table select adds the identity and the result is (s - e63*16^63) mod L.
// Used before every constant-time variable-base multiplication by a secret key
// (derivations, key images; single and batch). Constant time in s.
void monero_scalarmult_scalar(unsigned char out[32], const unsigned char s[32]);

// 8*hash_to_point(cn_fast_hash(key)) as a ge_p3 (Monero's hash_to_ec before
// encoding). Public input, variable time.
void hash_to_ec_p3(const public_key &key, cncrypto::ed25519::ge_p3 &res);

// 8*map(s) as a ge_p3, map being Monero's ge_fromfe_frombytes_vartime (the 32
// bytes s read as an integer mod p): the step every hash to the curve ends with
// (hash_to_ec_p3, unbiased_hash_to_ec, the batched leaves). Public input,
// variable time.
void map_times8_p3(const unsigned char s[32], cncrypto::ed25519::ge_p3 &res);

// unbiased_hash_to_ec before its encoding (defined in hash_to_ec.cpp).
// Public input, variable time.
void unbiased_hash_to_ec_p3(const unsigned char *preimage, std::size_t length, cncrypto::ed25519::ge_p3 &res);

}  // namespace crypto::keys_detail
