// cncrypto.h: Monero wallet .keys files (cryptonote/wallet_keys_file.h).
//
// The password and the file's plaintext stay in the library's wiped buffers;
// the copy of the password made here is a wiped_string (boundary.h).
#include <cstring>
#include <string>
#include <string_view>

#include "boundary.h"
#include "crypto/crypto-ops.h"  // sc_check
#include "cryptonote/wallet_keys_file.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

namespace {

// The keys of an opened file into the caller's buffers. A multisig wallet's
// spend secret is its share, not a key of B: not given out as one.
int put_keys(const cncrypto::wallet_keys_file &f, uint8_t spend_secret_key[32], uint8_t view_secret_key[32],
             uint8_t spend_public_key[32], uint8_t view_public_key[32], int *network) {
  if (f.multisig) return CNCRYPTO_EUNSUPPORTED;
  out<crypto::secret_key>(spend_secret_key) = f.keys.m_spend_secret_key;
  out<crypto::secret_key>(view_secret_key) = f.keys.m_view_secret_key;
  out<crypto::public_key>(spend_public_key) = f.keys.m_account_address.m_spend_public_key;
  out<crypto::public_key>(view_public_key) = f.keys.m_account_address.m_view_public_key;
  if (network != nullptr) *network = int(f.nettype);
  return CNCRYPTO_OK;
}

bool bad_outputs(const uint8_t *a, const uint8_t *b, const uint8_t *c, const uint8_t *d) {
  return bad(a) || bad(b) || bad(c) || bad(d);
}

// How much larger a .keys file of the same wallet can be than one just written:
// the JSON escapes bytes of key_data, and 72 of them are random (the masked
// secret keys, 64 bytes, and their 8-byte IV): each becomes at most 6
// characters (\u00XX) instead of 1; the length varint may grow by 1 byte.
constexpr std::size_t keys_file_slack = 72 * 5 + 8;

}  // namespace

extern "C" {

int cncrypto_keys_file_read(const uint8_t *file, size_t file_len, const char *password, size_t password_len,
                            uint64_t kdf_rounds, uint8_t spend_secret_key[32], uint8_t view_secret_key[32],
                            uint8_t spend_public_key[32], uint8_t view_public_key[32], int *network) {
  if (bad(file, file_len) || bad(password, password_len) || kdf_rounds == 0 ||
      bad_outputs(spend_secret_key, view_secret_key, spend_public_key, view_public_key))
    return CNCRYPTO_EINVAL;
  return guard([&] {
    const wiped_string pass(password, password_len);
    const cncrypto::wallet_keys_file f = cncrypto::load_keys_buf(
        std::string_view(reinterpret_cast<const char *>(file), file_len), pass.s, kdf_rounds);
    return put_keys(f, spend_secret_key, view_secret_key, spend_public_key, view_public_key, network);
  });
}

int cncrypto_keys_file_load(const char *path, const char *password, size_t password_len, uint64_t kdf_rounds,
                            uint8_t spend_secret_key[32], uint8_t view_secret_key[32], uint8_t spend_public_key[32],
                            uint8_t view_public_key[32], int *network) {
  if (bad(path) || bad(password, password_len) || kdf_rounds == 0 ||
      bad_outputs(spend_secret_key, view_secret_key, spend_public_key, view_public_key))
    return CNCRYPTO_EINVAL;
  return guard([&] {
    const wiped_string pass(password, password_len);
    const cncrypto::wallet_keys_file f = cncrypto::load_keys_file(path, pass.s, kdf_rounds);
    return put_keys(f, spend_secret_key, view_secret_key, spend_public_key, view_public_key, network);
  });
}

int cncrypto_keys_file_write(const uint8_t spend_secret_key[32], const uint8_t view_secret_key[32], int network,
                             const char *password, size_t password_len, uint64_t kdf_rounds,
                             const char *seed_language, uint64_t creation_timestamp, uint8_t *file,
                             size_t *file_len) {
  if (bad(spend_secret_key) || bad(view_secret_key) || network < CNCRYPTO_MAINNET || network > CNCRYPTO_STAGENET ||
      bad(password, password_len) || kdf_rounds == 0 || bad(file_len) || bad(file, *file_len))
    return CNCRYPTO_EINVAL;
  if (sc_check(spend_secret_key) != 0 || sc_check(view_secret_key) != 0) return CNCRYPTO_EDECODE;
  return guard([&] {
    cryptonote::account_keys keys;
    keys.m_spend_secret_key = in<crypto::secret_key>(spend_secret_key);
    keys.m_view_secret_key = in<crypto::secret_key>(view_secret_key);
    if (!crypto::secret_key_to_public_key(keys.m_spend_secret_key, keys.m_account_address.m_spend_public_key) ||
        !crypto::secret_key_to_public_key(keys.m_view_secret_key, keys.m_account_address.m_view_public_key))
      return from_bool(false, failure::decode);
    const wiped_string pass(password, password_len);
    const std::string bytes =
        cncrypto::store_keys_buf(keys, cryptonote::network_type(network), pass.s, kdf_rounds,
                                 seed_language != nullptr ? seed_language : "English", creation_timestamp);
    if (*file_len < bytes.size()) {
      *file_len = bytes.size() + keys_file_slack;  // another call's random bytes may escape longer
      return CNCRYPTO_ESIZE;
    }
    std::memcpy(file, bytes.data(), bytes.size());
    *file_len = bytes.size();
    return CNCRYPTO_OK;
  });
}

}  // extern "C"
