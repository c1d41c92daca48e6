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
int put_keys(const char *fn, const cncrypto::wallet_keys_file &f, uint8_t spend_secret_key[32],
             uint8_t view_secret_key[32], uint8_t spend_public_key[32], uint8_t view_public_key[32], int *network) {
  if (f.multisig)
    return fail(failure::unsupported, fn,
                "keys file: a multisig wallet (its spend secret key is this participant's share, not the key of B)");
  out<crypto::secret_key>(spend_secret_key) = f.keys.m_spend_secret_key;
  out<crypto::secret_key>(view_secret_key) = f.keys.m_view_secret_key;
  out<crypto::public_key>(spend_public_key) = f.keys.m_account_address.m_spend_public_key;
  out<crypto::public_key>(view_public_key) = f.keys.m_account_address.m_view_public_key;
  if (network != nullptr) *network = int(f.nettype);
  return CNCRYPTO_OK;
}

// kdf_rounds in 1 .. CNCRYPTO_KDF_ROUNDS_MAX (EINVAL with the detail). The
// limit is cnutil's --kdf-rounds range: one round is a CryptoNight hash (10 to
// 20 ms here), a call cannot be interrupted, and 10^9 rounds would run for
// months (cncrypto.h).
int check_kdf_rounds(const char *fn, uint64_t kdf_rounds) {
  if (kdf_rounds == 0) return fail(failure::bad_argument, fn, "kdf_rounds must be >= 1 (wallet2's default is 1)");
  if (kdf_rounds > CNCRYPTO_KDF_ROUNDS_MAX)
    return fail_with(failure::bad_argument, fn,
                     {"kdf_rounds ", num(kdf_rounds), " above the limit ", num(CNCRYPTO_KDF_ROUNDS_MAX),
                      " (one call cannot be interrupted)"});
  return CNCRYPTO_OK;
}

// The checks every reader makes: the password, kdf_rounds, the four outputs.
int check_read_args(const char *fn, const char *password, size_t password_len, uint64_t kdf_rounds, const uint8_t *a,
                    const uint8_t *b, const uint8_t *c, const uint8_t *d) {
  if (const int rc =
          check_args(fn, {need(password, password_len, "password"), need(a, "spend_secret_key"),
                          need(b, "view_secret_key"), need(c, "spend_public_key"), need(d, "view_public_key")});
      rc != CNCRYPTO_OK)
    return rc;
  return check_kdf_rounds(fn, kdf_rounds);
}

// How much larger a .keys file of the same wallet can be than one just written:
// the JSON escapes bytes of key_data, and 72 of them are random (the masked
// secret keys, 64 bytes, and their 8-byte IV): each becomes at most 6
// characters (\u00XX) instead of 1; the length varint may grow by 1 byte.
constexpr std::size_t keys_file_slack = 72 * 5 + 8;

}  // namespace

extern "C" {

uint64_t cncrypto_kdf_rounds_max(void) { return CNCRYPTO_KDF_ROUNDS_MAX; }

int cncrypto_keys_file_read(const uint8_t *file, size_t file_len, const char *password, size_t password_len,
                            uint64_t kdf_rounds, uint8_t spend_secret_key[32], uint8_t view_secret_key[32],
                            uint8_t spend_public_key[32], uint8_t view_public_key[32], int *network) {
  if (const int rc = check_args("keys_file_read", {need(file, file_len, "file")}); rc != CNCRYPTO_OK) return rc;
  if (const int rc = check_read_args("keys_file_read", password, password_len, kdf_rounds, spend_secret_key,
                                     view_secret_key, spend_public_key, view_public_key);
      rc != CNCRYPTO_OK)
    return rc;
  return guard("keys_file_read", [&] {
    const wiped_string pass(password, password_len);
    const cncrypto::wallet_keys_file f =
        cncrypto::load_keys_buf(std::string_view(reinterpret_cast<const char *>(file), file_len), pass.s, kdf_rounds);
    return put_keys("keys_file_read", f, spend_secret_key, view_secret_key, spend_public_key, view_public_key, network);
  });
}

int cncrypto_keys_file_load(const char *path, const char *password, size_t password_len, uint64_t kdf_rounds,
                            uint8_t spend_secret_key[32], uint8_t view_secret_key[32], uint8_t spend_public_key[32],
                            uint8_t view_public_key[32], int *network) {
  if (const int rc = check_args("keys_file_load", {need(path, "path")}); rc != CNCRYPTO_OK) return rc;
  if (const int rc = check_read_args("keys_file_load", password, password_len, kdf_rounds, spend_secret_key,
                                     view_secret_key, spend_public_key, view_public_key);
      rc != CNCRYPTO_OK)
    return rc;
  return guard("keys_file_load", [&] {
    const wiped_string pass(password, password_len);
    cncrypto::wallet_keys_file f;
    try {
      f = cncrypto::load_keys_file(path, pass.s, kdf_rounds);
    } catch (const cncrypto::keys_file_error &e) {  // EIO, as boundary.cpp's row, with the path
      if (e.error_kind() != cncrypto::keys_file_error::kind::io) throw;
      return fail_with(failure::io, "keys_file_load", {e.what(), ": ", path});
    }
    return put_keys("keys_file_load", f, spend_secret_key, view_secret_key, spend_public_key, view_public_key, network);
  });
}

int cncrypto_keys_file_write(const uint8_t spend_secret_key[32], const uint8_t view_secret_key[32], int network,
                             const char *password, size_t password_len, uint64_t kdf_rounds, const char *seed_language,
                             uint64_t creation_timestamp, uint8_t *file, size_t *file_len) {
  if (const int rc = check_args("keys_file_write",
                                {need(spend_secret_key, "spend_secret_key"), need(view_secret_key, "view_secret_key"),
                                 need(password, password_len, "password"), need(file_len, "file_len")});
      rc != CNCRYPTO_OK)
    return rc;
  if (const int rc = check_args("keys_file_write", {need(file, *file_len, "file")}); rc != CNCRYPTO_OK) return rc;
  if (network < CNCRYPTO_MAINNET || network > CNCRYPTO_STAGENET)
    return fail(failure::bad_argument, "keys_file_write",
                "network is not 0..2 (CNCRYPTO_MAINNET .. CNCRYPTO_STAGENET)");
  if (const int rc = check_kdf_rounds("keys_file_write", kdf_rounds); rc != CNCRYPTO_OK) return rc;
  if (sc_check(spend_secret_key) != 0)
    return fail(failure::decode, "keys_file_write", "spend_secret_key is not a reduced scalar (>= L)");
  if (sc_check(view_secret_key) != 0)
    return fail(failure::decode, "keys_file_write", "view_secret_key is not a reduced scalar (>= L)");
  return guard("keys_file_write", [&] {
    cryptonote::account_keys keys;
    keys.m_spend_secret_key = in<crypto::secret_key>(spend_secret_key);
    keys.m_view_secret_key = in<crypto::secret_key>(view_secret_key);
    if (!crypto::secret_key_to_public_key(keys.m_spend_secret_key, keys.m_account_address.m_spend_public_key) ||
        !crypto::secret_key_to_public_key(keys.m_view_secret_key, keys.m_account_address.m_view_public_key))
      return fail(failure::decode, "keys_file_write", "a secret key is not a reduced scalar (>= L)");
    const wiped_string pass(password, password_len);
    const std::string bytes =
        cncrypto::store_keys_buf(keys, cryptonote::network_type(network), pass.s, kdf_rounds,
                                 seed_language != nullptr ? seed_language : "English", creation_timestamp);
    if (*file_len < bytes.size()) {
      const std::size_t given = *file_len;
      *file_len = bytes.size() + keys_file_slack;  // another call's random bytes may escape longer
      return fail_size("keys_file_write", "file", "bytes (an upper bound: random IVs)", *file_len, given);
    }
    std::memcpy(file, bytes.data(), bytes.size());
    *file_len = bytes.size();
    return CNCRYPTO_OK;
  });
}

}  // extern "C"
