#include "cryptonote/subaddress.h"

#include "common/ct_declassify.h"
#include "format/subaddress_scalar.h"
#include "ringct/rctOps.h"

#include <sodium/utils.h>

#include <cstring>
#include <stdexcept>

namespace cncrypto {

using cryptonote::account_public_address;
using cryptonote::subaddress_index;

namespace {

// config::HASH_KEY_SUBADDRESS with its terminating NUL (spec 8.3, 12).
constexpr char hash_key_subaddress[] = "SubAddr";
static_assert(sizeof(hash_key_subaddress) == 8);

// config::HASH_KEY_ENCRYPTED_PAYMENT_ID (spec 4, 12).
constexpr unsigned char hash_key_encrypted_payment_id = 0x8d;

void store_le32(unsigned char *out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out[i] = static_cast<unsigned char>(v >> (8 * i));
}

// Runs f (an rct operation on `key`); its std::invalid_argument for a key
// that does not decode becomes one naming which key is bad.
template <class F>
void with_point(const crypto::public_key &key, const char *what, F &&f) {
  try {
    f(rct::pk2rct(key));
  } catch (const std::invalid_argument &) {
    throw std::invalid_argument(std::string(what) + " is not a valid ed25519 point");
  }
}

}  // namespace

crypto::secret_key get_subaddress_secret_key(const crypto::secret_key &view_secret, const subaddress_index &index) {
  tools::scrubbed<crypto::ec_scalar> m;
  detail::subaddress_secret_scalar(view_secret, index, m);
  return crypto::secret_key(m);
}

crypto::public_key get_subaddress_spend_public_key(const crypto::public_key &spend_public,
                                                   const crypto::secret_key &view_secret,
                                                   const subaddress_index &index) {
  if (index.is_zero()) return spend_public;
  // D = m*G + B (rct::addKeys1: constant time in m).
  tools::scrubbed<crypto::ec_scalar> ms;
  detail::subaddress_secret_scalar(view_secret, index, ms);
  rct::key m;
  std::memcpy(m.bytes, ms.data, 32);
  rct::key D;
  with_point(spend_public, "the spend public key", [&](const rct::key &B) { rct::addKeys1(D, m, B); });
  sodium_memzero(&m, sizeof m);
  crypto::public_key out = rct::rct2pk(D);
  // D is public (it is the subaddress's spend key); get_subaddress decodes it
  // in variable time. For the valgrind constant-time check (ct_wallet).
  CNCRYPTO_DECLASSIFY(&out, sizeof out);
  return out;
}

account_public_address get_subaddress(const account_public_address &main, const crypto::secret_key &view_secret,
                                      const subaddress_index &index) {
  if (index.is_zero()) return main;
  account_public_address sub;
  sub.m_spend_public_key = get_subaddress_spend_public_key(main.m_spend_public_key, view_secret, index);
  // C = a*D (rct::scalarmultKey: constant time in a).
  rct::key a = rct::sk2rct(view_secret);
  with_point(sub.m_spend_public_key, "the subaddress spend public key",
             [&](const rct::key &D) { sub.m_view_public_key = rct::rct2pk(rct::scalarmultKey(D, a)); });
  sodium_memzero(&a, sizeof a);
  return sub;
}

void encrypt_payment_id(crypto::hash8 &payment_id, const crypto::key_derivation &derivation) {
  unsigned char data[sizeof(crypto::key_derivation) + 1];
  std::memcpy(data, &derivation, sizeof(crypto::key_derivation));
  data[sizeof(crypto::key_derivation)] = hash_key_encrypted_payment_id;
  crypto::hash key;
  crypto::cn_fast_hash(data, sizeof data, key);
  for (std::size_t i = 0; i < sizeof(payment_id.data); ++i) payment_id.data[i] ^= key.data[i];
  sodium_memzero(data, sizeof data);
  sodium_memzero(&key, sizeof key);
}

bool encrypt_payment_id(crypto::hash8 &payment_id, const crypto::public_key &public_key,
                        const crypto::secret_key &secret_key) {
  crypto::key_derivation derivation;
  if (!crypto::generate_key_derivation(public_key, secret_key, derivation)) return false;
  encrypt_payment_id(payment_id, derivation);
  sodium_memzero(&derivation, sizeof derivation);
  return true;
}

bool decrypt_payment_id(crypto::hash8 &payment_id, const crypto::public_key &public_key,
                        const crypto::secret_key &secret_key) {
  // XOR with the same key stream: decryption is encryption.
  return encrypt_payment_id(payment_id, public_key, secret_key);
}

}  // namespace cncrypto

namespace cncrypto::detail {

void subaddress_secret_scalar(const crypto::secret_key &view_secret, const cryptonote::subaddress_index &index,
                              tools::scrubbed<crypto::ec_scalar> &m) {
  unsigned char data[sizeof(hash_key_subaddress) + 32 + 4 + 4];
  std::memcpy(data, hash_key_subaddress, sizeof(hash_key_subaddress));
  std::memcpy(data + sizeof(hash_key_subaddress), view_secret.data, 32);
  store_le32(data + sizeof(hash_key_subaddress) + 32, index.major);
  store_le32(data + sizeof(hash_key_subaddress) + 32 + 4, index.minor);
  crypto::hash_to_scalar(data, sizeof data, m);
  sodium_memzero(data, sizeof data);
}

}  // namespace cncrypto::detail
