// cncrypto.h: mnemonic seeds (mnemonics/cncrypto_seed.h, mnemonics/polyseed.h,
// cryptonote/wallet_seed.h).
//
// The words are secrets: every std::string copy made here is wiped before it
// goes (the library wipes its own).
#include <cstring>
#include <string>
#include <string_view>

#include "boundary.h"
#include "cryptonote/wallet_seed.h"
#include "mnemonics/cncrypto_seed.h"
#include "mnemonics/polyseed.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

static_assert(CNCRYPTO_POLYSEED_SECRET_BYTES == cncrypto::polyseed::secret_size);

namespace {

// A NUL-terminated language name, or "" (detect) for NULL.
std::string_view language_of(const char *language) { return language != nullptr ? language : std::string_view(); }

// The name found into language_out (CNCRYPTO_LANGUAGE_BYTES, NULL: not wanted).
// Every Monero and Polyseed name fits (c_api_tests checks them all).
int put_language(const char *fn, const std::string &name, char *language_out) {
  if (language_out == nullptr) return CNCRYPTO_OK;
  std::size_t cap = CNCRYPTO_LANGUAGE_BYTES;
  const int rc = put_string(fn, "language_out", name, language_out, &cap);
  return rc == CNCRYPTO_OK ? rc : fail(failure::internal, fn, "internal error: a language name longer than 31 bytes");
}

}  // namespace

extern "C" {

int cncrypto_seed_encode(const uint8_t key[32], const char *language, char *words, size_t *words_len) {
  if (const int rc =
          check_args("seed_encode", need(key, "key"), need(language, "language"), need(words_len, "words_len"));
      rc != CNCRYPTO_OK)
    return rc;
  if (const int rc = check_args("seed_encode", need(words, *words_len, "words")); rc != CNCRYPTO_OK) return rc;
  return guard("seed_encode", [&] {
    const wiped_string w(cncrypto::encode_seed(key, 32, language));
    return put_string("seed_encode", "words", w.s, words, words_len);
  });
}

int cncrypto_seed_decode(const char *words, size_t words_len, const char *language, uint8_t key[32],
                         char *language_out) {
  if (const int rc = check_args("seed_decode", need(words, words_len, "words"), need(key, "key")); rc != CNCRYPTO_OK)
    return rc;
  return guard("seed_decode", [&] {
    crypto::secret_key k;
    const std::string found =
        cncrypto::decode_seed(std::string_view(words, words_len), k.data, sizeof k.data, language_of(language));
    if (const int rc = put_language("seed_decode", found, language_out); rc != CNCRYPTO_OK) return rc;
    out<crypto::secret_key>(key) = k;
    return CNCRYPTO_OK;
  });
}

int cncrypto_seed_restore(const char *words, size_t words_len, const char *passphrase, size_t passphrase_len,
                          const char *language, uint8_t spend_secret_key[32], uint8_t view_secret_key[32],
                          uint64_t *birthday, char *language_out) {
  if (const int rc =
          check_args("seed_restore", need(words, words_len, "words"), need(passphrase, passphrase_len, "passphrase"),
                     need(spend_secret_key, "spend_secret_key"), need(view_secret_key, "view_secret_key"));
      rc != CNCRYPTO_OK)
    return rc;
  return guard("seed_restore", [&] {
    const wiped_string pass(passphrase, passphrase_len);
    const cncrypto::restored_wallet w =
        cncrypto::restore_wallet_from_seed(std::string_view(words, words_len), pass.s, language_of(language));
    if (const int rc = put_language("seed_restore", w.language, language_out); rc != CNCRYPTO_OK) return rc;
    out<crypto::secret_key>(spend_secret_key) = w.keys.m_spend_secret_key;
    out<crypto::secret_key>(view_secret_key) = w.keys.m_view_secret_key;
    if (birthday != nullptr) *birthday = w.birthday;
    return CNCRYPTO_OK;
  });
}

int cncrypto_polyseed_create(uint64_t unix_time, uint8_t secret[19], uint64_t *birthday) {
  if (const int rc = check_args("polyseed_create", need(secret, "secret"), need(birthday, "birthday"));
      rc != CNCRYPTO_OK)
    return rc;
  return guard("polyseed_create", [&] {
    const cncrypto::polyseed::seed s = cncrypto::polyseed::create(unix_time);
    std::memcpy(secret, s.secret.data(), cncrypto::polyseed::secret_size);
    *birthday = s.birthday;
    return CNCRYPTO_OK;
  });
}

int cncrypto_polyseed_encode(const uint8_t secret[19], uint64_t birthday, const char *language, char *words,
                             size_t *words_len) {
  if (const int rc = check_args("polyseed_encode", need(secret, "secret"), need(language, "language"),
                                need(words_len, "words_len"));
      rc != CNCRYPTO_OK)
    return rc;
  if (const int rc = check_args("polyseed_encode", need(words, *words_len, "words")); rc != CNCRYPTO_OK) return rc;
  return guard("polyseed_encode", [&] {
    cncrypto::polyseed::seed s;  // wipes its secret
    std::memcpy(s.secret.data(), secret, cncrypto::polyseed::secret_size);
    s.birthday = birthday;
    const wiped_string w(cncrypto::polyseed::encode(s, language));
    return put_string("polyseed_encode", "words", w.s, words, words_len);
  });
}

}  // extern "C"
