// Seed-offset passphrase: cryptonote::encrypt_key / decrypt_key
// (cryptonote/cryptonote_format_utils.h; Monero cryptonote_format_utils.cpp).
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "wipeable_string.h"

#include <sodium.h>

namespace cryptonote {

namespace {

// key = key op cn_slow_hash_v0(passphrase) mod l; the hash is wiped.
template <typename Op>
crypto::secret_key offset_key(crypto::secret_key key, const epee::wipeable_string &passphrase, Op op) {
  crypto::hash hash;
  crypto::cn_slow_hash(passphrase.data(), passphrase.size(), hash);
  auto *k = reinterpret_cast<unsigned char *>(key.data);
  op(k, k, reinterpret_cast<const unsigned char *>(hash.data));
  sodium_memzero(&hash, sizeof hash);
  return key;
}

}  // namespace

crypto::secret_key encrypt_key(crypto::secret_key key, const epee::wipeable_string &passphrase) {
  return offset_key(key, passphrase, ::sc_add);
}

crypto::secret_key decrypt_key(crypto::secret_key key, const epee::wipeable_string &passphrase) {
  return offset_key(key, passphrase, ::sc_sub);
}

}  // namespace cryptonote
