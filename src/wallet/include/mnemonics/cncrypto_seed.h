// cncrypto's own forms of Monero's Electrum-style seeds (namespace cncrypto;
// Monero's names are in mnemonics/electrum-words.h, namespace
// crypto::ElectrumWords, whose top comment gives the rules both follow: word
// splitting, prefixes, case, language detection, checksum, timing).
//
// What these add: errors that say which word is wrong and why (seed_error),
// decoding in one given language, and std::string forms that return the message.
//
// Bad input: encode_seed, decode_seed and decode_seed_key throw
// cncrypto::seed_error, whose message names the offending word and its 1-based
// position (wrong word count, unknown word, mixed languages, wrong checksum word,
// a triplet that encodes no 32-bit value, invalid UTF-8, unknown language). The
// message therefore contains one word of the seed: show it to the user who typed
// it, do not log it. words_to_bytes and bytes_to_words here return false instead
// and, when given a non-null error pointer, store the same message there.
//
// Strings: std::string and std::string_view. The library wipes every copy of
// seed words, indices and bytes it makes; the caller owns and should wipe the
// strings it passes in and receives (or use Monero's epee::wipeable_string forms).
#pragma once

#include "common/positioned_error.h"
#include "crypto/crypto.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace cncrypto {

// A refused seed or argument. position() is the 1-based index of the offending
// word (the first word of a bad triplet), or 0 when no single word is at fault
// (word count, unknown language, bad length). The message contains the
// offending word: it is part of the seed.
enum class seed_error_kind {
  word_count,       // not 25/24 (13/12 for 16 bytes) words
  unknown_word,     // matches no word of the language(s) tried
  mixed_languages,  // a word of another language than the rest
  bad_checksum,     // every word matches, the checksum word does not
  bad_triplet,      // three words that encode a value >= 2^32 (Monero: "mumble mumble")
  bad_utf8,         // a word is not valid UTF-8
  unknown_language, // a language name that is not Monero's (native or English)
  bad_length,       // a byte length that is not a positive multiple of 4
};
class seed_error : public cncrypto::positioned_error<seed_error_kind> {
 public:
  using kind = seed_error_kind;
  using positioned_error::positioned_error;
};

// Monero's bytes_to_words (constant time in src), throwing seed_error (kind
// bad_length or unknown_language) instead of returning false. src: len bytes, len
// a positive multiple of 4 (null only with len 0, which is refused);
// language: Monero's or the English name of one of the 12 languages that encode.
// Returns the len*3/4 + 1 words separated by single spaces.
std::string encode_seed(const void *src, std::size_t len, std::string_view language);

// Monero's words_to_bytes into dst[0..len), throwing seed_error instead of
// returning false (std::invalid_argument for a null dst). language: empty to
// detect it as Monero does, or a Monero or English language name (English (old)
// included) to decode in that language only (then 25 x "pluma" is Spanish).
// Returns Monero's name of the language used. dst is written only on success.
// Not constant time.
std::string decode_seed(std::string_view words, void *dst, std::size_t len, std::string_view language = {});

// A 25- or 24-word seed as a 32-byte key (not reduced), throwing seed_error.
// *language_name (if not null) receives Monero's name of the language. Not
// constant time.
crypto::secret_key decode_seed_key(std::string_view words, std::string *language_name = nullptr,
                                   std::string_view language = {});

// Monero's words_to_bytes (crypto::ElectrumWords, same results) on std::string:
// on failure false, dst and language_name unchanged, and *error (if error is not
// null) receives seed_error's message. Not constant time.
bool words_to_bytes(const std::string &words, std::string &dst, std::size_t len, bool duplicate,
                    std::string &language_name, std::string *error = nullptr);
bool words_to_bytes(const std::string &words, crypto::secret_key &dst, std::string &language_name,
                    std::string *error = nullptr);

// Monero's bytes_to_words (crypto::ElectrumWords, same words) into a
// std::string: on failure false, words unchanged, message in *error. Constant
// time in src.
bool bytes_to_words(const char *src, std::size_t len, std::string &words, const std::string &language_name,
                    std::string *error = nullptr);
bool bytes_to_words(const crypto::secret_key &src, std::string &words, const std::string &language_name,
                    std::string *error = nullptr);

}  // namespace cncrypto
