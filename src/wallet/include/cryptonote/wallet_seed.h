// A wallet's keys from its mnemonic seed, and a new seed, as Monero's wallets
// do it (simplewallet / wallet2 restore and new; spec wallet.md section 2,
// "Keys from a seed", "MyMonero 13-word seeds", "Seed-offset passphrase").
//
//   25 or 24 words (Monero):  seed key k = words_to_bytes(words); with a
//       passphrase p, k = decrypt_key(k, p) (cryptonote_format_utils.h);
//       spend b = sc_reduce32(k), view a = sc_reduce32(keccak(b))
//       (account_base::generate(k, recover = true)).
//   13 words (MyMonero, 16 bytes s): b = sc_reduce32(keccak(s)),
//       a = sc_reduce32(keccak(keccak(s))) (the inner hash unreduced). Not
//       Monero's rule (Monero's own wallets refuse 13 words); it is the rule
//       of mymonero-core-js and monero-python, so these wallets are not
//       deterministic in Monero's sense (a != keccak(b)). No passphrase.
//
// Secrets: the words, the passphrase, the seed bytes and the keys. Every copy
// made here is wiped (seed bytes in locked memory); the caller owns the
// strings it passes and receives. Timing: as the parts: decoding words is not
// constant time (electrum-words.h), the passphrase's cn_slow_hash is not (by
// design), the rest (reduction, hashing, public keys) is.
#pragma once

#include "cryptonote/account.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace cryptonote {

enum class seed_kind {
  monero_25,     // 24 words + checksum word
  monero_24,     // 24 words, no checksum (older wallets)
  mymonero_13,   // 12 words + checksum word, 16 bytes, MyMonero key rule
};

struct restored_wallet {
  account_keys keys;     // b, a and (B, A)
  std::string language;  // Monero's name of the seed's language ("English", "Deutsch", ...)
  seed_kind kind = seed_kind::monero_25;
};

// Restores keys from a 25-, 24- or 13-word seed. language: empty to detect it
// as Monero does, else a Monero or English language name. passphrase: empty
// for none (Monero's seed offset; refused with a 13-word seed, which has none).
// Throws crypto::ElectrumWords::seed_error (mnemonics/electrum-words.h) for a
// refused seed: wrong word count (any count but 25, 24, 13; the message says
// which counts are accepted), unknown word, checksum, mixed languages (the
// message names the word and its position); std::invalid_argument for a
// passphrase with a 13-word seed.
restored_wallet restore_wallet_from_seed(std::string_view words, const std::string &passphrase = {},
                                         std::string_view language = {});

// A new random wallet (account_base::generate(): b uniform in [1, l),
// a = sc_reduce32(keccak(b))) and its 25-word seed in language (Monero or
// English name; std::invalid_argument-derived seed_error for one Monero does
// not generate, such as English (old)). With a passphrase the words are
// bytes_to_words(encrypt_key(b, passphrase)), as wallet2::get_seed shows them,
// and restoring them needs the same passphrase.
struct new_wallet {
  account_keys keys;
  std::string words;  // secret: the seed

  new_wallet() = default;
  new_wallet(const new_wallet &) = default;
  new_wallet(new_wallet &&) = default;
  new_wallet &operator=(const new_wallet &) = default;
  new_wallet &operator=(new_wallet &&) = default;
  ~new_wallet();  // wipes words
};
new_wallet generate_wallet_with_seed(std::string_view language = "English", const std::string &passphrase = {});

}  // namespace cryptonote
