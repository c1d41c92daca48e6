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
//   16 words (Polyseed, mnemonics/polyseed.h): b = sc_reduce32(polyseed
//       keygen), a = sc_reduce32(keccak(b)), the birthday from the words. No
//       passphrase (encrypted Polyseeds are not supported).
//
// Secrets: the words, the passphrase, the seed bytes and the keys. Every copy
// made here is wiped (seed bytes in locked memory); the caller owns the
// strings it passes and receives. Timing: as the parts: decoding words is not
// constant time (electrum-words.h), the passphrase's cn_slow_hash is not (by
// design), the rest (reduction, hashing, public keys) is.
#pragma once

#include "cryptonote/account.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

// Everything here is cncrypto's own (Monero restores and creates wallets in
// simplewallet and tools::wallet2), so it is in namespace cncrypto.
namespace cncrypto {

enum class seed_kind {
  monero_25,     // 24 words + checksum word
  monero_24,     // 24 words, no checksum (older wallets)
  mymonero_13,   // 12 words + checksum word, 16 bytes, MyMonero key rule
  polyseed_16,   // Polyseed (cncrypto::polyseed): 16 words with a birthday
};

struct restored_wallet {
  cryptonote::account_keys keys;  // b, a and (B, A)
  std::string language;  // Monero's name of the seed's language ("English", "Deutsch", ...);
                         // for a Polyseed the English name of its Polyseed list ("English", "Korean", ...)
  seed_kind kind = seed_kind::monero_25;
  std::uint64_t birthday = 0;  // Polyseed: the wallet's birthday (Unix time); 0 for the other kinds
};

// Restores keys from a 25-, 24-, 13- or 16-word (Polyseed) seed. language:
// empty to detect it as Monero does (Polyseed: as tevador's decoder does),
// else a Monero or English language name (Polyseed: a name of
// cncrypto::polyseed::get_language_list). passphrase: empty for none (Monero's
// seed offset; refused with a 13- or 16-word seed, which have none).
// Throws cncrypto::seed_error (mnemonics/cncrypto_seed.h) for a
// refused Electrum seed: wrong word count (any count but 25, 24, 16, 13; the
// message says which counts are accepted), unknown word, checksum, mixed
// languages (the message names the word and its position);
// cncrypto::polyseed::polyseed_error for a refused 16-word phrase;
// std::invalid_argument for a passphrase with a 13- or 16-word seed. Both error
// classes also give message_without_input() (no word of the seed).
restored_wallet restore_wallet_from_seed(std::string_view words, const std::string &passphrase = {},
                                         std::string_view language = {});

// A new random wallet (account_base::generate(): b uniform in [1, l),
// a = sc_reduce32(keccak(b))) and its 25-word seed in language (Monero or
// English name; std::invalid_argument-derived seed_error for one Monero does
// not generate, such as English (old)). With a passphrase the words are
// bytes_to_words(encrypt_key(b, passphrase)), as wallet2::get_seed shows them,
// and restoring them needs the same passphrase.
struct new_wallet {
  cryptonote::account_keys keys;
  std::string words;  // secret: the seed

  new_wallet() = default;
  new_wallet(const new_wallet &) = default;
  new_wallet(new_wallet &&) = default;
  new_wallet &operator=(const new_wallet &) = default;
  new_wallet &operator=(new_wallet &&) = default;
  ~new_wallet();  // wipes words
};
new_wallet generate_wallet_with_seed(std::string_view language = "English", const std::string &passphrase = {});

}  // namespace cncrypto
