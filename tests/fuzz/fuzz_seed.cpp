// Fuzz target: mnemonic seeds (mnemonics/electrum-words.h, mnemonics/polyseed.h)
// on arbitrary text.
// Oracles (Electrum, 25 words for 32 bytes and 13 for 16): text that decodes
// (words_to_bytes) in a language bytes_to_words writes is written back to a seed
// that decodes to the same bytes in the same language; that seed with one data
// word replaced by another word of the list decodes to other bytes or not at all
// (never to the original bytes; Monero's checksum word is one of the words, so
// a change it does not see gives other bytes), and with the checksum word
// replaced by a word of another prefix it is refused. Polyseed: a phrase that
// decodes is encoded back to a phrase that decodes to the same seed, and that
// phrase with any one word replaced by another list word is refused (the check
// word detects every single-word change).
#include "fuzz_check.h"
#include "mnemonics/cncrypto_seed.h"
#include "mnemonics/electrum-words.h"
#include "mnemonics/polyseed.h"
#include "polyseed_refuses.h"

#include <cstdint>
#include <cstring>
#include <exception>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> split(const std::string &s) {
  std::vector<std::string> words;
  std::istringstream in(s);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string join(const std::vector<std::string> &words, const char *sep) {
  std::string s;
  for (std::size_t i = 0; i < words.size(); ++i) s += (i ? sep : "") + words[i];
  return s;
}

void check_electrum(const std::string &text, std::size_t len, std::uint8_t pick) {
  std::string bytes, language;
  if (!cncrypto::words_to_bytes(text, bytes, len, false, language)) return;
  FUZZ_CHECK(bytes.size() == len);
  std::string seed;
  if (!cncrypto::bytes_to_words(bytes.data(), bytes.size(), seed, language)) {
    FUZZ_CHECK(language == "EnglishOld");  // the one language only read, never written
    return;
  }
  std::string again, language2;
  FUZZ_CHECK(cncrypto::words_to_bytes(seed, again, len, false, language2));
  FUZZ_CHECK(again == bytes && language2 == language);

  // Another word for data word p: the seed of bytes with p's 4-byte group changed
  // (every 4 bytes are 3 words) gives a different word at p.
  const std::vector<std::string> words = split(seed);
  const std::size_t data_words = len / 4 * 3;
  FUZZ_CHECK(words.size() == data_words + 1);
  const std::size_t p = pick % data_words;
  std::string changed_bytes = bytes;
  for (std::size_t k = 0; k < 4; ++k) changed_bytes[p / 3 * 4 + k] = static_cast<char>(changed_bytes[p / 3 * 4 + k] ^ (0x5a + k));
  std::string other_seed;
  FUZZ_CHECK(cncrypto::bytes_to_words(changed_bytes.data(), len, other_seed, language));
  const std::vector<std::string> other = split(other_seed);
  for (std::size_t q = p / 3 * 3; q < p / 3 * 3 + 3; ++q) {
    if (other[q] == words[q]) continue;
    std::vector<std::string> mutated = words;
    mutated[q] = other[q];
    std::string out, lang;
    if (cncrypto::words_to_bytes(join(mutated, " "), out, len, false, lang)) FUZZ_CHECK(out != bytes);
    // The checksum word replaced by a data word of another prefix: refused.
    mutated = words;
    const std::string &check = words.back();
    for (std::size_t r = 0; r < data_words; ++r) {
      if (words[r].compare(0, 3, check, 0, 3) == 0) continue;
      mutated.back() = words[r];
      FUZZ_CHECK(!cncrypto::words_to_bytes(join(mutated, " "), out, len, false, lang));
      break;
    }
    break;
  }
}

void check_polyseed(const std::string &text, std::uint8_t pick) {
  namespace ps = cncrypto::polyseed;
  ps::seed s;
  try {
    s = ps::decode(text);
  } catch (const ps::polyseed_error &) {
    return;
  }
  const std::string phrase = ps::encode(s, s.language);
  const ps::seed t = ps::decode(phrase, s.language);
  FUZZ_CHECK(t.secret == s.secret && t.birthday == s.birthday && t.features == s.features);
  // One word replaced by the word at the same place in another seed's phrase.
  ps::seed u = s;
  u.secret[pick % ps::secret_size] ^= 0x01;
  const std::vector<std::string> a = split(phrase), b = split(ps::encode(u, s.language));
  if (a.size() != ps::num_words || b.size() != ps::num_words) return;  // Japanese: U+3000 separators
  for (std::size_t k = 0; k < ps::num_words; ++k) {
    const std::size_t q = (pick + k) % ps::num_words;
    if (a[q] == b[q]) continue;
    std::vector<std::string> mutated = a;
    mutated[q] = b[q];
    FUZZ_CHECK(polyseed_refuses(join(mutated, " "), s.language));
    break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const std::uint8_t pick = size ? data[0] : 0;
  const std::string text(reinterpret_cast<const char *>(data), size);
  check_electrum(text, 32, pick);
  check_electrum(text, 16, pick);
  crypto::secret_key key;
  std::string language;
  (void)cncrypto::words_to_bytes(text, key, language);
  check_polyseed(text, pick);
  return 0;
}
