// Subaddress keys (spec 8.3) and encrypted payment ids (spec 4, 9.2).
//
// Subaddress (major i, minor j) of a wallet with view secret a and spend
// public key B:
//   m = Hs("SubAddr\0" || a || LE32(i) || LE32(j))   (48 bytes hashed)
//   D = B + m*G      subaddress spend public key
//   C = a*D          subaddress view public key
// Index (0, 0) is the main address (B, A) itself.
//
// Encrypted payment id: the 8-byte payment id XOR the first 8 bytes of
// Keccak(derivation || 0x8d), derivation = 8*r*A (sender) = 8*a*R (receiver).
//
// The functions are cncrypto's own, in namespace cncrypto (subaddress_index is
// Monero's, in cryptonote). They mirror Monero's hw::device_default
// get_subaddress_secret_key, get_subaddress_spend_public_key, get_subaddress
// and encrypt_payment_id (src/device/device_default.cpp).
#pragma once

#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "cryptonote/address.h"

#include <cstdint>

namespace cryptonote {

// Monero's cryptonote::subaddress_index.
struct subaddress_index {
  std::uint32_t major = 0;
  std::uint32_t minor = 0;
  bool is_zero() const { return major == 0 && minor == 0; }
};
inline bool operator==(const subaddress_index &a, const subaddress_index &b) {
  return a.major == b.major && a.minor == b.minor;
}

}  // namespace cryptonote

// cncrypto's own free functions: Monero has these only as members of
// hw::device (device_default), so a Monero program may declare free functions
// of the same names in namespace cryptonote without meeting these.
namespace cncrypto {

// m = Hs("SubAddr\0" || view_secret || LE32(major) || LE32(minor)): the scalar
// added to the spend secret key for this subaddress (32 bytes, reduced).
// Constant time in view_secret (the hash input buffer is wiped). Also defined
// for (0, 0), where wallets do not use it. Monero: get_subaddress_secret_key.
crypto::secret_key get_subaddress_secret_key(const crypto::secret_key &view_secret,
                                             const cryptonote::subaddress_index &index);

// D = spend_public + m*G for the index; spend_public itself for (0, 0).
// Throws std::invalid_argument when spend_public is not a valid point.
// Variable time in spend_public only (public); m is handled in constant time.
// Monero: get_subaddress_spend_public_key.
crypto::public_key get_subaddress_spend_public_key(const crypto::public_key &spend_public,
                                                   const crypto::secret_key &view_secret,
                                                   const cryptonote::subaddress_index &index);

// The subaddress (D, C = view_secret*D) of the wallet whose main address is
// main (B, A) and whose view secret key is view_secret; main itself for (0, 0).
// view_secret is not checked against main.m_view_public_key (callers that take
// keys from users should). Throws std::invalid_argument when B is not a valid
// point. Monero: hw::device::get_subaddress.
cryptonote::account_public_address get_subaddress(const cryptonote::account_public_address &main,
                                                  const crypto::secret_key &view_secret,
                                                  const cryptonote::subaddress_index &index);

// XORs payment_id with the first 8 bytes of cn_fast_hash(derivation || 0x8d).
// Encryption and decryption are the same operation. Constant time.
void encrypt_payment_id(crypto::hash8 &payment_id, const crypto::key_derivation &derivation);

// Computes derivation = 8*secret_key*public_key and encrypts (or decrypts)
// payment_id in place: the sender passes (recipient view public key A, tx
// secret key r), the receiver (tx public key R, view secret key a). Returns
// false, leaving payment_id unchanged, when public_key is not a valid point.
// Monero: hw::device::encrypt_payment_id / decrypt_payment_id.
bool encrypt_payment_id(crypto::hash8 &payment_id, const crypto::public_key &public_key,
                        const crypto::secret_key &secret_key);
bool decrypt_payment_id(crypto::hash8 &payment_id, const crypto::public_key &public_key,
                        const crypto::secret_key &secret_key);

}  // namespace cncrypto
