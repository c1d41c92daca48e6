// Fuzz target: mnemonic seeds (mnemonics/electrum-words.h, mnemonics/polyseed.h)
// read back after edits that keep their meaning, and after edits that change it.
// An input gives the kind (first byte mod 3: Electrum 25 words for 32 bytes,
// Electrum 13 words for 16 bytes, Polyseed), the language (first byte / 3), the
// secret (the next 32 bytes; for Polyseed 150 bits of them and a birthday) and
// one edit byte per word (the bytes after those, cycled). The phrase is written
// by bytes_to_words / polyseed::encode, then edited word by word.
// Meaning-preserving edits, from each format's rules (the headers' top comments):
//   * both: runs of ASCII white space between words, before and after them;
//   * Electrum: ASCII letters upper-cased (matching ignores case), a word of
//     more than 4 characters cut to its first 4, letters appended to a word of
//     at least 4 (words are matched by their first 3 or 4 characters, or 1 in
//     Chinese, whose words are single characters, in every language tried);
//   * Polyseed: U+3000 as a separator, ASCII letters in their full-width form
//     (U+FF41..), accented letters decomposed (both NFKD-equivalent), a word of
//     a Latin-script language cut to 4 or more characters, Spanish and French
//     accents dropped.
// Oracle: the phrase decodes to the secret; the edited phrase decodes to the
// unedited phrase's bytes (Polyseed:
// secret and birthday) in its language; Polyseed without the language given:
// the same, or refused as matching several languages (cut words shared by
// Spanish and Portuguese). Meaning-changing edits: Electrum with two different
// words swapped decodes to other bytes or not at all (distinct words of a list
// have distinct prefixes, so the word indices change); Polyseed with one ASCII
// letter upper-cased is refused (its lists are lower case, matching is
// case-sensitive). Never a crash or another exception. An Electrum phrase that
// language detection places in an earlier language (Monero's order, by
// prefixes) is only checked to decode with its language given.
#include "fuzz_check.h"
#include "mnemonics/cncrypto_seed.h"
#include "mnemonics/electrum-words.h"
#include "mnemonics/polyseed.h"
#include "polyseed_refuses.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

// Splits a phrase written by the library: words separated by one ASCII space
// or one U+3000 (Japanese Polyseed).
std::vector<std::string> split_words(const std::string &s) {
  std::vector<std::string> words(1);
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == ' ') {
      words.emplace_back();
    } else if (s.compare(i, 3, "\xe3\x80\x80") == 0) {
      words.emplace_back();
      i += 2;
    } else {
      words.back() += s[i];
    }
  }
  return words;
}

// The UTF-8 code points of w, each as a string.
std::vector<std::string> code_points(const std::string &w) {
  std::vector<std::string> cps;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if ((static_cast<unsigned char>(w[i]) & 0xc0) != 0x80 || cps.empty()) {
      cps.emplace_back(1, w[i]);
    } else {
      cps.back() += w[i];
    }
  }
  return cps;
}

std::string join_cps(const std::vector<std::string> &cps) {
  std::string s;
  for (const std::string &c : cps) s += c;
  return s;
}

// Accented lower-case letters of the Latin-script lists with their base letter
// and combining mark (Unicode's canonical decompositions, UTF-8).
struct accent {
  const char *composed, *base, *mark;
};
const accent accents[] = {
    {"\xc3\xa0", "a", "\xcc\x80"}, {"\xc3\xa1", "a", "\xcc\x81"}, {"\xc3\xa2", "a", "\xcc\x82"},
    {"\xc3\xa3", "a", "\xcc\x83"}, {"\xc3\xa4", "a", "\xcc\x88"}, {"\xc3\xa7", "c", "\xcc\xa7"},
    {"\xc3\xa8", "e", "\xcc\x80"}, {"\xc3\xa9", "e", "\xcc\x81"}, {"\xc3\xaa", "e", "\xcc\x82"},
    {"\xc3\xab", "e", "\xcc\x88"}, {"\xc3\xac", "i", "\xcc\x80"}, {"\xc3\xad", "i", "\xcc\x81"},
    {"\xc3\xae", "i", "\xcc\x82"}, {"\xc3\xaf", "i", "\xcc\x88"}, {"\xc3\xb1", "n", "\xcc\x83"},
    {"\xc3\xb2", "o", "\xcc\x80"}, {"\xc3\xb3", "o", "\xcc\x81"}, {"\xc3\xb4", "o", "\xcc\x82"},
    {"\xc3\xb5", "o", "\xcc\x83"}, {"\xc3\xb6", "o", "\xcc\x88"}, {"\xc3\xb9", "u", "\xcc\x80"},
    {"\xc3\xba", "u", "\xcc\x81"}, {"\xc3\xbb", "u", "\xcc\x82"}, {"\xc3\xbc", "u", "\xcc\x88"},
    {"\xc3\xbd", "y", "\xcc\x81"}};

const char *const white[] = {" ", "\t", "\n", "\r", "\v", "\f", "  ", " \t\r\n"};

// Word separators and the text around them, from the edit bytes.
std::string assemble(const std::vector<std::string> &words, const std::vector<std::uint8_t> &edits, bool ideographic) {
  std::string s = edits.empty() ? "" : white[edits[0] % 8];
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::uint8_t e = edits.empty() ? 0 : edits[i % edits.size()];
    if (i) s += (ideographic && (e & 0x80)) ? "\xe3\x80\x80" : (e & 0x40) ? white[e % 8] : " ";
    s += words[i];
  }
  if (!edits.empty() && (edits.back() & 0x20)) s += white[edits.back() % 8];
  return s;
}

std::uint8_t edit_of(const std::vector<std::uint8_t> &edits, std::size_t i) {
  return edits.empty() ? 0 : edits[i % edits.size()];
}

void check_electrum(const std::uint8_t secret[32], std::size_t len, const std::string &language,
                    const std::vector<std::uint8_t> &edits) {
  const std::string bytes(reinterpret_cast<const char *>(secret), len);
  std::string phrase;
  FUZZ_CHECK(cncrypto::bytes_to_words(bytes.data(), len, phrase, language));
  std::string original, lang0;
  if (!cncrypto::words_to_bytes(phrase, original, len, false, lang0) ||
      crypto::ElectrumWords::get_english_name_for(lang0) != language) {
    // Detection tries the languages in Monero's order by their prefixes and
    // takes the first whose checksum fits: a phrase whose every word starts with
    // a word prefix of an earlier language can decode there (13 Italian words
    // whose first 3 letters are all English prefixes decode as English) or fail
    // there (a 4-byte group that encodes no value in English), as in Monero's
    // find_seed_language. Given its language, it decodes to its bytes; the edit
    // oracles below assume detection finds the phrase's own language.
    std::string given(len, '\0');
    cncrypto::decode_seed(phrase, given.data(), len, language);
    FUZZ_CHECK(given == bytes);
    return;
  }
  FUZZ_CHECK(original == bytes);
  const std::vector<std::string> words = split_words(phrase);
  FUZZ_CHECK(words.size() == len / 4 * 3 + 1);

  std::vector<std::string> edited(words.size());
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::uint8_t e = edit_of(edits, i);
    std::vector<std::string> cps = code_points(words[i]);
    if ((e & 0x01) && cps.size() > 4) cps.resize(4);
    if ((e & 0x02) && cps.size() >= 4) cps.push_back(std::string(1, static_cast<char>('a' + e % 26)));
    std::string w = join_cps(cps);
    if (e & 0x04) {
      for (char &c : w) {
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
      }
    }
    edited[i] = w;
  }
  std::string out, lang;
  const std::string text = assemble(edited, edits, false);
  FUZZ_CHECK(cncrypto::words_to_bytes(text, out, len, false, lang));
  FUZZ_CHECK(out == original && lang == lang0);

  // Two different words swapped: other bytes (or refused), never the original's.
  const std::size_t i = edit_of(edits, 0) % words.size(), j = edit_of(edits, 1) % words.size();
  if (words[i] == words[j]) return;
  std::vector<std::string> swapped = words;
  std::swap(swapped[i], swapped[j]);
  out.clear();
  if (cncrypto::words_to_bytes(assemble(swapped, {}, false), out, len, false, lang) && lang == lang0) {
    FUZZ_CHECK(out != original);
  }
}

bool latin_script(const std::string &language) {
  return language == "English" || language == "Spanish" || language == "French" || language == "Italian" ||
         language == "Czech" || language == "Portuguese";
}

void check_polyseed(const std::uint8_t secret[32], const std::string &language, const std::vector<std::uint8_t> &edits) {
  namespace ps = cncrypto::polyseed;
  ps::seed s;
  std::memcpy(s.secret.data(), secret, ps::secret_size);
  s.secret[ps::secret_size - 1] &= 0x3f;
  s.birthday = ps::birthday_epoch + ((std::uint64_t(secret[20]) << 8 | secret[21]) % 1024) * ps::birthday_step;
  const std::string phrase = ps::encode(s, language);
  const ps::seed original = ps::decode(phrase, language);
  FUZZ_CHECK(original.secret == s.secret && original.birthday == s.birthday);
  const std::vector<std::string> words = split_words(phrase);
  FUZZ_CHECK(words.size() == ps::num_words);
  const bool latin = latin_script(language), unaccented = language == "Spanish" || language == "French";

  std::vector<std::string> edited(words.size());
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::uint8_t e = edit_of(edits, i);
    std::vector<std::string> cps = code_points(words[i]);
    if (latin && (e & 0x01) && cps.size() > 4) cps.resize(4 + e / 2 % (cps.size() - 4));
    for (std::string &c : cps) {
      if ((e & 0x04) && c.size() == 1 && c[0] >= 'a' && c[0] <= 'z') {
        c = "\xef\xbd" + std::string(1, static_cast<char>(0x81 + (c[0] - 'a')));  // U+FF41 + (c - 'a')
        continue;
      }
      for (const accent &a : accents) {
        if (c != a.composed) continue;
        if (unaccented && (e & 0x08)) {
          c = a.base;
        } else if (e & 0x02) {
          c = std::string(a.base) + a.mark;
        }
        break;
      }
    }
    edited[i] = join_cps(cps);
  }
  const std::string text = assemble(edited, edits, true);
  const ps::seed again = ps::decode(text, language);
  FUZZ_CHECK(again.secret == original.secret && again.birthday == original.birthday && again.language == language);
  try {
    const ps::seed detected = ps::decode(text);
    FUZZ_CHECK(detected.secret == original.secret && detected.birthday == original.birthday &&
               detected.language == language);
  } catch (const ps::polyseed_error &e) {
    FUZZ_CHECK(e.error_kind() == ps::polyseed_error_kind::multiple_languages);
  }

  // One ASCII letter upper-cased: refused.
  if (!latin) return;
  std::vector<std::string> upper = words;
  std::string &w = upper[edit_of(edits, 0) % upper.size()];
  for (char &c : w) {
    if (c >= 'a' && c <= 'z') {
      c = static_cast<char>(c - 'a' + 'A');
      FUZZ_CHECK(polyseed_refuses(assemble(upper, {}, false), language));
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  if (size == 0) return 0;
  std::uint8_t secret[32] = {};
  std::memcpy(secret, data + 1, size - 1 < 32 ? size - 1 : 32);
  const std::vector<std::uint8_t> edits(data + (size < 33 ? size : 33), data + size);
  const unsigned kind = data[0] % 3, which = data[0] / 3;
  if (kind < 2) {
    static const std::vector<std::string> languages = [] {
      std::vector<std::string> v;
      crypto::ElectrumWords::get_language_list(v, true);
      return v;
    }();
    check_electrum(secret, kind == 0 ? 32 : 16, languages[which % languages.size()], edits);
  } else {
    static const std::vector<std::string> languages = cncrypto::polyseed::get_language_list(true);
    check_polyseed(secret, languages[which % languages.size()], edits);
  }
  return 0;
}
