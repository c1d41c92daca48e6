// cncrypto.h: Monero wallet .keys files (cryptonote/wallet_keys_file.h).
//
// The password and the file's plaintext stay in the library's wiped buffers;
// the copy of the password made here is a wiped_string (boundary.h).
#include <cstddef>
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
  if (const int rc = check_args(fn, need(password, password_len, "password"), need(a, "spend_secret_key"),
                                need(b, "view_secret_key"), need(c, "spend_public_key"), need(d, "view_public_key"));
      rc != CNCRYPTO_OK)
    return rc;
  return check_kdf_rounds(fn, kdf_rounds);
}

// Opens the file at path and returns use(the opened file); EIO with the path in
// the detail (a narrow catch of boundary.cpp's io row, to add the path; other
// errors go to guard).
template <typename Use>
int with_loaded_file(const char *fn, const char *path, const wiped_string &pass, uint64_t kdf_rounds, Use use) {
  try {
    // Made in place (a prvalue): wallet_keys_file has no move, and a copy
    // would be a second copy of the keys in memory.
    const cncrypto::wallet_keys_file f = cncrypto::load_keys_file(path, pass.s, kdf_rounds);
    return use(f);
  } catch (const cncrypto::keys_file_error &e) {
    if (e.error_kind() != cncrypto::keys_file_error::kind::io) throw;
    return fail_with(failure::io, fn, {e.what(), ": ", path});
  }
}

// Where a reader's file is: bytes in memory (the _read calls) or a path (the
// _load calls).
struct keys_source {
  const uint8_t *file;
  size_t file_len;
  const char *path;  // NULL: the bytes
};

// Opens the file from src (with_loaded_file for a path) and returns use(the
// opened file).
template <typename Use>
int with_opened_file(const char *fn, const keys_source &src, const wiped_string &pass, uint64_t kdf_rounds, Use use) {
  if (src.path != nullptr) return with_loaded_file(fn, src.path, pass, kdf_rounds, use);
  const cncrypto::wallet_keys_file f = cncrypto::load_keys_buf(
      std::string_view(reinterpret_cast<const char *>(src.file), src.file_len), pass.s, kdf_rounds);
  return use(f);
}

// cncrypto_keys_file_read and _load: the keys of the file at src.
int read_keys(const char *fn, const keys_source &src, const char *password, size_t password_len, uint64_t kdf_rounds,
              uint8_t *spend_secret_key, uint8_t *view_secret_key, uint8_t *spend_public_key,
              uint8_t *view_public_key, int *network) {
  if (const int rc = check_read_args(fn, password, password_len, kdf_rounds, spend_secret_key, view_secret_key,
                                     spend_public_key, view_public_key);
      rc != CNCRYPTO_OK)
    return rc;
  return guard(fn, [&] {
    const wiped_string pass(password, password_len);
    return with_opened_file(fn, src, pass, kdf_rounds, [&](const cncrypto::wallet_keys_file &f) {
      return put_keys(fn, f, spend_secret_key, view_secret_key, spend_public_key, view_public_key, network);
    });
  });
}

static_assert(sizeof(cncrypto_keys_file_info) == CNCRYPTO_KEYS_FILE_INFO_BYTES, "the documented size");
static_assert(offsetof(cncrypto_keys_file_info, network) == 8 && offsetof(cncrypto_keys_file_info, flags) == 16 &&
                  offsetof(cncrypto_keys_file_info, spend_public_key) == 24 &&
                  offsetof(cncrypto_keys_file_info, seed_language) == 88,
              "the documented offsets");

// The checks of the _info functions: the password, kdf_rounds, info and its size.
int check_info_args(const char *fn, const char *password, size_t password_len, uint64_t kdf_rounds,
                    const cncrypto_keys_file_info *info, size_t info_len) {
  if (const int rc = check_args(fn, need(password, password_len, "password"), need(info, "info")); rc != CNCRYPTO_OK)
    return rc;
  if (info_len < CNCRYPTO_KEYS_FILE_INFO_BYTES)
    return fail_with(failure::bad_argument, fn,
                     {"info_len ", num(info_len), " is below the first version's ", num(CNCRYPTO_KEYS_FILE_INFO_BYTES),
                      " bytes (pass sizeof(cncrypto_keys_file_info))"});
  return check_kdf_rounds(fn, kdf_rounds);
}

// The opened file's description into the caller's info (info_len bytes: this
// version's fields, zeros after them), and the secret keys the caller asks for.
int put_info(const char *fn, const cncrypto::wallet_keys_file &f, uint8_t *spend_secret_key, uint8_t *view_secret_key,
             cncrypto_keys_file_info *info, size_t info_len) {
  if (f.multisig && spend_secret_key != nullptr)
    return fail(failure::unsupported, fn,
                "keys file: a multisig wallet (its spend secret key is this participant's share, not the key of B): "
                "pass spend_secret_key NULL to read the rest");
  if (f.seed_language.size() >= sizeof info->seed_language)
    return fail_with(
        failure::decode, fn,
        {"keys file: seed_language of ", num(f.seed_language.size()), " bytes is no Monero language name"});
  cncrypto_keys_file_info r;
  std::memset(&r, 0, sizeof r);
  r.creation_timestamp = f.creation_timestamp;
  r.network = int32_t(f.nettype);
  r.cipher =
      f.cipher == cncrypto::keys_file_cipher::chacha20 ? CNCRYPTO_KEYS_FILE_CHACHA20 : CNCRYPTO_KEYS_FILE_CHACHA8;
  r.flags = (f.watch_only ? CNCRYPTO_KEYS_FILE_WATCH_ONLY : 0u) | (f.multisig ? CNCRYPTO_KEYS_FILE_MULTISIG : 0u) |
            (f.nettype_in_file ? CNCRYPTO_KEYS_FILE_NETWORK_IN_FILE : 0u) |
            (f.encrypted_secret_keys ? CNCRYPTO_KEYS_FILE_ENCRYPTED_SECRET_KEYS : 0u) |
            (f.spend_key_verified ? CNCRYPTO_KEYS_FILE_SPEND_KEY_VERIFIED : 0u);
  r.finding_count = f.findings.size() > UINT32_MAX ? UINT32_MAX : uint32_t(f.findings.size());
  std::memcpy(r.spend_public_key, f.keys.m_account_address.m_spend_public_key.data, 32);
  std::memcpy(r.view_public_key, f.keys.m_account_address.m_view_public_key.data, 32);
  std::memcpy(r.seed_language, f.seed_language.data(), f.seed_language.size());
  if (spend_secret_key != nullptr) out<crypto::secret_key>(spend_secret_key) = f.keys.m_spend_secret_key;
  if (view_secret_key != nullptr) out<crypto::secret_key>(view_secret_key) = f.keys.m_view_secret_key;
  std::memcpy(info, &r, sizeof r);
  if (info_len > sizeof r) std::memset(reinterpret_cast<uint8_t *>(info) + sizeof r, 0, info_len - sizeof r);
  return CNCRYPTO_OK;
}

// How much larger a .keys file of the same wallet can be than one just written:
// the JSON escapes bytes of key_data, and 72 of them are random (the masked
// secret keys, 64 bytes, and their 8-byte IV): each becomes at most 6
// characters (\u00XX) instead of 1; the length varint may grow by 1 byte.
constexpr std::size_t keys_file_slack = 72 * 5 + 8;

// cncrypto_keys_file_read_info and _load_info: the description of the file at src.
int read_info(const char *fn, const keys_source &src, const char *password, size_t password_len, uint64_t kdf_rounds,
              uint8_t *spend_secret_key, uint8_t *view_secret_key, cncrypto_keys_file_info *info, size_t info_len) {
  if (const int rc = check_info_args(fn, password, password_len, kdf_rounds, info, info_len); rc != CNCRYPTO_OK)
    return rc;
  return guard(fn, [&] {
    const wiped_string pass(password, password_len);
    return with_opened_file(fn, src, pass, kdf_rounds, [&](const cncrypto::wallet_keys_file &f) {
      return put_info(fn, f, spend_secret_key, view_secret_key, info, info_len);
    });
  });
}

}  // namespace

extern "C" {

uint64_t cncrypto_kdf_rounds_max(void) { return CNCRYPTO_KDF_ROUNDS_MAX; }

int cncrypto_keys_file_read(const uint8_t *file, size_t file_len, const char *password, size_t password_len,
                            uint64_t kdf_rounds, uint8_t spend_secret_key[32], uint8_t view_secret_key[32],
                            uint8_t spend_public_key[32], uint8_t view_public_key[32], int *network) {
  if (const int rc = check_args("keys_file_read", need(file, file_len, "file")); rc != CNCRYPTO_OK) return rc;
  return read_keys("keys_file_read", {file, file_len, nullptr}, password, password_len, kdf_rounds, spend_secret_key,
                   view_secret_key, spend_public_key, view_public_key, network);
}

int cncrypto_keys_file_load(const char *path, const char *password, size_t password_len, uint64_t kdf_rounds,
                            uint8_t spend_secret_key[32], uint8_t view_secret_key[32], uint8_t spend_public_key[32],
                            uint8_t view_public_key[32], int *network) {
  if (const int rc = check_args("keys_file_load", need(path, "path")); rc != CNCRYPTO_OK) return rc;
  return read_keys("keys_file_load", {nullptr, 0, path}, password, password_len, kdf_rounds, spend_secret_key,
                   view_secret_key, spend_public_key, view_public_key, network);
}

int cncrypto_keys_file_read_info(const uint8_t *file, size_t file_len, const char *password, size_t password_len,
                                 uint64_t kdf_rounds, uint8_t *spend_secret_key, uint8_t *view_secret_key,
                                 cncrypto_keys_file_info *info, size_t info_len) {
  if (const int rc = check_args("keys_file_read_info", need(file, file_len, "file")); rc != CNCRYPTO_OK) return rc;
  return read_info("keys_file_read_info", {file, file_len, nullptr}, password, password_len, kdf_rounds,
                   spend_secret_key, view_secret_key, info, info_len);
}

int cncrypto_keys_file_load_info(const char *path, const char *password, size_t password_len, uint64_t kdf_rounds,
                                 uint8_t *spend_secret_key, uint8_t *view_secret_key, cncrypto_keys_file_info *info,
                                 size_t info_len) {
  if (const int rc = check_args("keys_file_load_info", need(path, "path")); rc != CNCRYPTO_OK) return rc;
  return read_info("keys_file_load_info", {nullptr, 0, path}, password, password_len, kdf_rounds, spend_secret_key,
                   view_secret_key, info, info_len);
}

int cncrypto_keys_file_write(const uint8_t spend_secret_key[32], const uint8_t view_secret_key[32], int network,
                             const char *password, size_t password_len, uint64_t kdf_rounds, const char *seed_language,
                             uint64_t creation_timestamp, uint8_t *file, size_t *file_len) {
  if (const int rc = check_args("keys_file_write", need(spend_secret_key, "spend_secret_key"),
                                need(view_secret_key, "view_secret_key"), need(password, password_len, "password"),
                                need(file_len, "file_len"));
      rc != CNCRYPTO_OK)
    return rc;
  if (const int rc = check_args("keys_file_write", need(file, *file_len, "file")); rc != CNCRYPTO_OK) return rc;
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
    // Both keys passed sc_check above: secret_key_to_public_key returns true.
    (void)crypto::secret_key_to_public_key(keys.m_spend_secret_key, keys.m_account_address.m_spend_public_key);
    (void)crypto::secret_key_to_public_key(keys.m_view_secret_key, keys.m_account_address.m_view_public_key);
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
