// Monero's Electrum-style mnemonic seeds (mnemonics/electrum-words.h):
// 32 bytes <-> 24 words + 1 checksum word, 16 bytes <-> 12 + 1 (the legacy and
// MyMonero form), in the 13 languages of Monero's src/mnemonics.
//
// Names and behaviour follow Monero's crypto::ElectrumWords (v0.18), so a seed
// decodes here to exactly the bytes Monero's words_to_bytes returns, language
// detection and quirks included (../shared/spec/wallet.md section 2):
//
//   * Words are split on ASCII white space (space, \t, \n, \v, \f, \r; runs count
//     as one; leading and trailing white space is ignored). U+3000 is not a
//     separator.
//   * With a checksum word (25 words, 13 for 16 bytes) every word is matched by
//     its first prefix_len UTF-8 characters only (3 for English and Japanese, 1
//     for Chinese, 4 otherwise), so trailing letters are ignored; without one
//     (24 or 12 words) every word must be a whole list word.
//   * Matching ignores case: both sides are lowered code point by code point
//     (simple Unicode lowercasing of Latin, Greek, Cyrillic and full-width
//     letters; see electrum-words.cpp). There is no Unicode normalisation, as in
//     Monero: a decomposed "u" + U+0308 is not "ü". Monero lowers with the C
//     library's towlower, so what it accepts depends on the process locale; we
//     accept a superset of it and never depend on the locale.
//   * Without a language given, languages are tried in Monero's order (Chinese
//     (simplified), English, Dutch, French, Spanish, German, Italian,
//     Portuguese, Japanese, Russian, Esperanto, Lojban, English (old)); the
//     first in which every word matches and the checksum verifies wins. So
//     25 x "pluma" is an English seed (plu- = "plus"), not a Spanish one.
//   * The checksum word is words[crc32(concatenated prefixes) mod 24] (mod 12 for
//     13 words), the prefixes spelled as in the word list (German keeps its
//     capitals); CRC-32 is IEEE/zlib (boost::crc_32_type).
//   * English (old) can be decoded, never produced; its 292 duplicate 4-letter
//     prefixes make a 25-word English (old) seed decode, as in Monero, to other
//     bytes than the same 24 words without the checksum (the prefix keeps the
//     later word).
//
// Invalid UTF-8 anywhere in a word is refused (Monero only examines the prefix
// of each word of a 25-word seed).
//
// Strings: Monero's functions here take and return epee::wipeable_string
// (wipeable_string.h), as Monero's; a std::string argument converts to it. The
// library wipes (sodium_memzero) every copy of seed words, indices and bytes it
// makes.
//
// Bad input: Monero's functions here return false and say nothing more, as
// Monero's. cncrypto's own forms (mnemonics/cncrypto_seed.h, namespace
// cncrypto: encode_seed, decode_seed, decode_seed_key throwing
// cncrypto::seed_error, and std::string forms of words_to_bytes/bytes_to_words
// that return the message) say which word is wrong and why.
//
// Timing: encoding (bytes_to_words, encode_seed) is constant time in the bytes:
// the word indices come from multiplications (division by the constant 1626),
// each word is taken from the list by a masked scan of the whole list, the
// CRC-32 runs bit by bit over fixed-size prefix slots with masks, and the
// checksum word is picked by a masked scan; only the words' lengths (the length
// of the output string) are made public. Checked under valgrind (ct_seeds).
// About 80 us of CPU per 25-word seed, Monero's table look-up being a few us.
// Decoding (words_to_bytes, decode_seed) is NOT constant time: the typed words
// are split at their spaces, looked up by binary search in the lists, and
// decoding stops at the first word that does not match; the checksum word is
// chosen by a secret index. Monero's decoder is no different; a seed is meant to
// be typed on the machine that owns it, not processed next to an attacker who
// can time it.
#pragma once

#include "crypto/crypto.h"
#include "wipeable_string.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace crypto {
namespace ElectrumWords {

// Words of a 32-byte seed without its checksum word (Monero's seed_length).
const int seed_length = 24;

// Monero's name of the decode-only English (old) list.
const std::string old_language_name = "EnglishOld";

// Decodes a seed into len bytes (len a positive multiple of 4: 32 for a key,
// 16 for a legacy/MyMonero seed). Accepts len*3/4 words (no checksum, whole
// words) or len*3/4 + 1 (checksum, prefixes). On success dst holds exactly len
// bytes (its old content is replaced), language_name Monero's name of the
// detected language ("English", "Deutsch", "EnglishOld", ...), and true is
// returned; on failure false is returned, dst and language_name are unchanged.
// duplicate: Monero's flag for doubling an "Electrum 12-word seed"; Monero's
// condition for it (len*3/32 / 2 words) can never hold once the word count is
// accepted, so it has no effect there and none here.
// Differences from Monero: Monero also accepts len*3/8 words and then returns
// len/2 bytes (which its secret_key overload refuses), and treats len = 0 as
// "any length"; both are refused here.
// Not constant time (see the top of this file). Mirrors Monero's words_to_bytes.
bool words_to_bytes(const epee::wipeable_string &words, epee::wipeable_string &dst, size_t len, bool duplicate,
                    std::string &language_name);

// Decodes a 25- or 24-word seed into a 32-byte secret key (the seed bytes as
// they are: not reduced; the wallet's spend key is sc_reduce32 of them). 13 and
// 12 words are refused, as by Monero. Returns false with dst and language_name
// unchanged on failure. Not constant time. Mirrors Monero's words_to_bytes.
bool words_to_bytes(const epee::wipeable_string &words, crypto::secret_key &dst, std::string &language_name);

// Encodes len bytes (a positive multiple of 4) as len*3/4 words plus the
// checksum word, separated by single ASCII spaces, in language_name (Monero's
// name or the English name of one of the 12 languages of get_language_list;
// English (old) is refused). Any bytes are accepted (no reduction). On success
// words holds the seed (old content replaced) and true is returned; on failure
// false, words unchanged. Constant time in src (only the words' lengths are
// revealed, see the top of this file). Mirrors Monero's bytes_to_words.
bool bytes_to_words(const char *src, size_t len, epee::wipeable_string &words, const std::string &language_name);

// bytes_to_words of the 32 bytes of src: 25 words. Mirrors Monero's
// bytes_to_words(const secret_key&, wipeable_string&, const std::string&).
bool bytes_to_words(const crypto::secret_key &src, epee::wipeable_string &words, const std::string &language_name);

// The languages bytes_to_words accepts, in Monero's order (German, English,
// Spanish, French, Italian, Dutch, Portuguese, Russian, Japanese, Chinese
// (simplified), Esperanto, Lojban): their own names ("Deutsch", "English",
// "Español", ...) or, with english = true, their English names. languages is
// replaced. Mirrors Monero's get_language_list.
void get_language_list(std::vector<std::string> &languages, bool english = false);

// true unless seed has exactly seed_length + 1 = 25 words (split as above):
// Monero's test for a seed from before the checksum word. Public data only
// (counts words). Mirrors Monero's get_is_old_style_seed.
bool get_is_old_style_seed(const epee::wipeable_string &seed);

// The English name of a language given by its Monero name ("Deutsch" ->
// "German", "EnglishOld" -> "English (old)"), or "<language not found>" as
// Monero returns for anything else (an English name such as "German" included).
// Mirrors Monero's get_english_name_for.
std::string get_english_name_for(const std::string &name);

// true iff language is the Monero name or English name of one of the 12
// languages bytes_to_words accepts. Mirrors Monero's is_valid_language.
bool is_valid_language(const std::string &language);

}  // namespace ElectrumWords
}  // namespace crypto
