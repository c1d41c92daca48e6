// Polyseed: 16-word seeds with an embedded wallet birthday (Feather, Cake,
// Stack and other wallets; Monero's own wallet2 support exists only as an
// unreleased commit). cncrypto's own implementation, exact against
// ../shared/data/wallet/polyseed.json (decoded with tevador/polyseed@a0925fd).
// There is no Debian package of a Polyseed library.
//
// Format (../shared/spec/wallet.md section 5; tevador/polyseed's README):
//   * 16 words from 2048-word lists (11 bits each) in 10 languages: English,
//     Japanese, Korean, Spanish, French, Italian, Czech, Portuguese, Chinese
//     (Simplified), Chinese (Traditional).
//   * word 1 is the check word; words 2-16 each hold 10 bits of the 150-bit
//     secret (the secret's bytes read most significant bit first; the 19th byte
//     holds only 6 bits, in its low bits) followed by 1 bit of
//     features(5) || birthday(10) (most significant first: words 2-6 the
//     features, 7-16 the birthday).
//   * The 16 word values, as coefficients of a polynomial over GF(2^11)
//     (x^11 + x^2 + 1), have a root at x = 2 (word 1 is the constant term): a
//     Reed-Solomon code with one check word, so every single-word error is
//     detected. A coin flag is XORed into word 2 after the check word is
//     computed; Monero's flag is 0.
//   * birthday = 1635768000 + units * 2629746 (1/12 of a Gregorian year),
//     units 0..1023.
//   * key = PBKDF2-HMAC-SHA256(secret zero-padded to 32 bytes, salt =
//     "POLYSEED key" 00 ff ff ff || le32(coin) || le32(units) || le32(features)
//     || 00 00 00 00, 10000 iterations, 32 bytes). A Monero wallet's spend key
//     is sc_reduce32(key), its view key sc_reduce32(keccak(spend)), as for a
//     25-word seed.
//
// Decoding: the phrase is put in Unicode NFKD (utf8proc), so the ideographic
// space U+3000 becomes a space, and split on ASCII white space; it must have 16
// words. A word matches a list word if it equals it or, in the Latin-script
// languages (English, Spanish, French, Italian, Czech, Portuguese), if it has at
// least 4 characters and the list word starts with it ("swea" = "swear";
// "ravexxx", "infantile" and "tab" match nothing). Spanish and French also match
// without accents (combining marks are ignored on both sides). Matching is
// case-sensitive (the lists are lower case), as tevador's. Without a language
// given, the phrase must match in exactly one language (a phrase of 4-letter
// prefixes shared by Spanish and Portuguese is ambiguous). Then the check word
// is verified and the features must be 0: user feature bits and encrypted
// (passphrase-protected) Polyseeds are refused as unsupported.
//
// Timing: the check-word arithmetic, bit unpacking and PBKDF2 are constant time
// in the secret; the word look-ups (a binary search over secret words; encoding
// reads the lists at secret indices) are not, like every mnemonic decoder's.
// Every copy of the words, indices and secret the library makes is wiped.
#pragma once

#include "common/positioned_error.h"
#include "crypto/crypto.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cncrypto {
namespace polyseed {

inline constexpr std::size_t num_words = 16;
inline constexpr std::size_t secret_size = 19;         // 150 bits
inline constexpr std::uint64_t birthday_epoch = 1635768000;  // 1 November 2021 12:00 UTC
inline constexpr std::uint64_t birthday_step = 2629746;      // seconds per birthday unit
inline constexpr std::uint32_t coin_monero = 0;

// A refused phrase. error_kind() names tevador's status (POLYSEED_ERR_*);
// position() is the 1-based offending word, 0 when no single word is at fault.
// The message contains the offending word: it is part of the seed.
enum class polyseed_error_kind {
  word_count,          // ERR_NUM_WORDS: not 16 words
  language,            // ERR_LANG: a word matches no list word (of the language given)
  multiple_languages,  // ERR_MULT_LANG: the phrase matches more than one language
  checksum,            // ERR_CHECKSUM
  unsupported,         // ERR_UNSUPPORTED: feature bits set (user features, encrypted seed)
  bad_utf8,            // not valid UTF-8
  bad_argument,        // unknown language name, birthday or secret out of range
};
class polyseed_error : public cncrypto::positioned_error<polyseed_error_kind> {
 public:
  using kind = polyseed_error_kind;
  using positioned_error::positioned_error;
};

// A decoded Polyseed. secret: the 150-bit secret in bytes 0..18 (byte 18 holds
// 6 bits, its top 2 bits are zero), bytes 19..31 zero. Wiped when destroyed.
struct seed {
  std::array<std::uint8_t, 32> secret{};
  std::uint64_t birthday = birthday_epoch;  // unix time, birthday_epoch + units * birthday_step
  std::uint32_t features = 0;
  std::string language;  // English name of the language decoded or encoded in
  seed() = default;
  seed(const seed &) = default;
  seed &operator=(const seed &) = default;
  ~seed();
};

// The languages, in tevador's order: English names ("English", "Japanese",
// ..., "Chinese (Traditional)") or, with english = false, their own names
// ("English", "日本語", "한국어", "español", ...).
std::vector<std::string> get_language_list(bool english = true);

// Decodes a 16-word phrase. language: empty to detect it, or a name from
// get_language_list (English or own name). Throws polyseed_error. Not constant
// time in the words (see above). Source: tevador polyseed_decode /
// polyseed_decode_explicit with POLYSEED_MONERO.
seed decode(std::string_view phrase, std::string_view language = {});

// The phrase of s in language (its words in Unicode NFC, separated by a space,
// U+3000 for Japanese). s.birthday is rounded down to its unit; features must
// be 0. Throws polyseed_error (bad_argument / unsupported). Source: tevador
// polyseed_encode.
std::string encode(const seed &s, std::string_view language);

// A new seed: 150 random bits (libsodium), the birthday of unix_time (rounded
// down; before 2021-11-01 counts as unit 0, after the 1023rd unit wraps as in
// tevador's birthday_encode), features 0. Source: tevador polyseed_create.
seed create(std::uint64_t unix_time, std::string_view language = "English");

// The 32-byte Polyseed key for coin (Monero: 0). Constant time in the secret.
// Source: tevador polyseed_keygen.
void keygen(const seed &s, std::uint8_t key[32], std::uint32_t coin = coin_monero);

// A Monero wallet's spend secret key from s: sc_reduce32(keygen(s, 0)). The
// view key is sc_reduce32(cn_fast_hash(spend)), as for any Monero seed
// (cryptonote::account_base::generate with recover). Source: Monero commit
// 007ca85b5 (wallet2 Polyseed support, unreleased).
crypto::secret_key monero_spend_key(const seed &s);

}  // namespace polyseed
}  // namespace cncrypto
