// Keys from a seed and new seeds; see cryptonote/wallet_seed.h.
#include "cryptonote/wallet_seed.h"

#include "crypto/crypto-ops.h"
#include "crypto/hash.h"
#include "crypto/random.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "mnemonics/cncrypto_seed.h"
#include "mnemonics/electrum-words.h"
#include "mnemonics/polyseed.h"

#include <sodium.h>

#include <cstring>
#include <stdexcept>

namespace cncrypto {

namespace {

using cryptonote::account_base;
using cryptonote::account_keys;
using cryptonote::decrypt_key;
using cryptonote::encrypt_key;

// Words split as electrum-words splits them (ASCII white space) and, as
// Polyseed's NFKD does, at the ideographic space U+3000 (Japanese Polyseed
// phrases). Public: only the count is used.
std::size_t count_words(std::string_view words) {
  std::size_t n = 0;
  bool in_word = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const char c = words[i];
    bool space = c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
    if (words.substr(i, 3) == "\xE3\x80\x80") {
      space = true;
      i += 2;
    }
    if (!space && !in_word) ++n;
    in_word = !space;
  }
  return n;
}

// sc_reduce32(keccak(data[0..32)) into out.
void reduced_hash(const std::uint8_t *data, std::size_t size, crypto::secret_key &out) {
  crypto::hash h;
  crypto::cn_fast_hash(data, size, h);
  std::memcpy(static_cast<void *>(&out), h.data, sizeof out);
  sodium_memzero(&h, sizeof h);
  sc_reduce32(reinterpret_cast<unsigned char *>(&out));
}

void set_public_keys(account_keys &keys) {
  // Both secrets are reduced, so neither call can refuse.
  [[maybe_unused]] const bool s =
      crypto::secret_key_to_public_key(keys.m_spend_secret_key, keys.m_account_address.m_spend_public_key);
  [[maybe_unused]] const bool v =
      crypto::secret_key_to_public_key(keys.m_view_secret_key, keys.m_account_address.m_view_public_key);
}

// The Polyseed list named by language: a Polyseed name as it is, else the
// Polyseed language with the English name of the Monero language (ASCII case
// ignored: "Español" -> "Spanish", "简体中文 (中国)" -> "Chinese (Simplified)"),
// else language unchanged (polyseed::decode refuses it).
std::string polyseed_language(std::string_view language) {
  if (language.empty()) return {};
  const std::string given(language);
  const auto lower = [](std::string t) {
    for (char &c : t) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    return t;
  };
  for (const bool english : {false, true}) {
    for (const std::string &name : cncrypto::polyseed::get_language_list(english)) {
      if (name == given) return name;
    }
  }
  std::string english = crypto::ElectrumWords::get_english_name_for(given);
  if (crypto::ElectrumWords::is_valid_language(given) && english == "<language not found>") english = given;
  for (const std::string &name : cncrypto::polyseed::get_language_list(true)) {
    if (lower(name) == lower(english)) return name;
  }
  return given;
}

// The word counts restore_wallet_from_seed takes, for its refusal of others.
[[noreturn]] void refuse_count(std::size_t n) {
  const std::string msg = std::to_string(n) + (n == 1 ? " word" : " words") +
                          ": a seed has 25 or 24 words (Monero), 16 (Polyseed) or 13 (MyMonero)";
  throw cncrypto::seed_error(cncrypto::seed_error::kind::word_count, 0, msg);
}

}  // namespace

restored_wallet restore_wallet_from_seed(std::string_view words, const std::string &passphrase,
                                         std::string_view language) {
  restored_wallet out;
  const std::size_t n = count_words(words);
  if (n != 25 && n != 24 && n != 16 && n != 13) refuse_count(n);
  if (n == 13) {
    if (!passphrase.empty()) {
      throw std::invalid_argument("a 13-word MyMonero seed has no passphrase (seed offset): give none");
    }
    cncrypto::secret_buffer seed(16);
    out.language = cncrypto::decode_seed(words, seed.data(), seed.size(), language);
    out.kind = seed_kind::mymonero_13;
    reduced_hash(seed.data(), seed.size(), out.keys.m_spend_secret_key);
    cncrypto::secret_buffer inner(32);  // keccak(seed), unreduced
    crypto::cn_fast_hash(seed.data(), seed.size(), reinterpret_cast<char *>(inner.data()));
    reduced_hash(inner.data(), inner.size(), out.keys.m_view_secret_key);
    set_public_keys(out.keys);
    return out;
  }
  if (n == cncrypto::polyseed::num_words) {
    if (!passphrase.empty()) {
      throw std::invalid_argument(
          "a 16-word Polyseed takes no seed-offset passphrase (encrypted Polyseeds are not supported): give none");
    }
    const cncrypto::polyseed::seed s = cncrypto::polyseed::decode(words, polyseed_language(language));
    out.kind = seed_kind::polyseed_16;
    out.language = s.language;
    out.birthday = s.birthday;
    out.keys.m_spend_secret_key = cncrypto::polyseed::monero_spend_key(s);
    reduced_hash(reinterpret_cast<const std::uint8_t *>(out.keys.m_spend_secret_key.data), 32,
                 out.keys.m_view_secret_key);
    set_public_keys(out.keys);
    return out;
  }
  // 25 or 24 words (decode_seed_key refuses every other count, naming it).
  crypto::secret_key seed_key = cncrypto::decode_seed_key(words, &out.language, language);
  out.kind = n == 24 ? seed_kind::monero_24 : seed_kind::monero_25;
  if (!passphrase.empty()) seed_key = decrypt_key(seed_key, passphrase);
  account_base account;
  account.generate(seed_key, true, false);
  out.keys = account.get_keys();
  return out;
}

new_wallet::~new_wallet() {
  if (!words.empty()) sodium_memzero(&words[0], words.size());
}

new_wallet generate_wallet_with_seed(std::string_view language, const std::string &passphrase) {
  new_wallet out;
  account_base account;
  account.generate();
  out.keys = account.get_keys();
  const crypto::secret_key shown =
      passphrase.empty() ? out.keys.m_spend_secret_key : encrypt_key(out.keys.m_spend_secret_key, passphrase);
  out.words = cncrypto::encode_seed(&shown, sizeof shown, language);
  return out;
}

}  // namespace cncrypto
