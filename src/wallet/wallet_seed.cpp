// Keys from a seed and new seeds; see cryptonote/wallet_seed.h.
#include "cryptonote/wallet_seed.h"

#include "crypto/crypto-ops.h"
#include "crypto/hash.h"
#include "crypto/random.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "mnemonics/electrum-words.h"

#include <sodium.h>

#include <cstring>
#include <stdexcept>

namespace cryptonote {

namespace {

// Words split as electrum-words splits them (ASCII white space). Public: only
// the count is used.
std::size_t count_words(std::string_view words) {
  std::size_t n = 0;
  bool in_word = false;
  for (const char c : words) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
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

}  // namespace

restored_wallet restore_wallet_from_seed(std::string_view words, const std::string &passphrase,
                                         std::string_view language) {
  restored_wallet out;
  const std::size_t n = count_words(words);
  if (n == 13) {
    if (!passphrase.empty()) {
      throw std::invalid_argument("a 13-word MyMonero seed has no passphrase (seed offset): give none");
    }
    crypto::secret_buffer seed(16);
    out.language = crypto::ElectrumWords::decode_seed(words, seed.data(), seed.size(), language);
    out.kind = seed_kind::mymonero_13;
    reduced_hash(seed.data(), seed.size(), out.keys.m_spend_secret_key);
    crypto::secret_buffer inner(32);  // keccak(seed), unreduced
    crypto::cn_fast_hash(seed.data(), seed.size(), reinterpret_cast<char *>(inner.data()));
    reduced_hash(inner.data(), inner.size(), out.keys.m_view_secret_key);
    set_public_keys(out.keys);
    return out;
  }
  // 25 or 24 words (decode_seed_key refuses every other count, naming it).
  crypto::secret_key seed_key = crypto::ElectrumWords::decode_seed_key(words, &out.language, language);
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
  out.words = crypto::ElectrumWords::encode_seed(&shown, sizeof shown, language);
  return out;
}

}  // namespace cryptonote
