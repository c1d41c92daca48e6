// Constant-time check of the seed code that is meant to be constant time, under
// valgrind memcheck (label "ct"), the method of ct_keys.cpp:
//   * cncrypto::polyseed::keygen and monero_spend_key (PBKDF2-HMAC-SHA256 of
//     the secret, then sc_reduce32), with the secret, birthday and features
//     marked secret;
//   * cncrypto::bytes_to_words (both forms) in every language, with
//     the key marked secret: the words are chosen by masked scans of the list;
//     only the words' lengths are declassified (the output string's length);
//   * NOT checked, because not constant time: decoding seeds (words_to_bytes,
//     polyseed::decode look secret words up in the lists) and polyseed::encode
//     (reads its list at secret indices); mnemonics/electrum-words.h and
//     mnemonics/polyseed.h say so.
//
// Without valgrind the functional checks run and the program returns 77
// (ctest: skipped).
#include "mnemonics/cncrypto_seed.h"
#include "mnemonics/electrum-words.h"
#include "mnemonics/polyseed.h"
#include "support/ct_valgrind.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using namespace cncrypto::test::ct;

int main() {
  if (!setup("ct_seeds", false)) return 1;
  cncrypto::polyseed::seed s;
  for (std::size_t i = 0; i < 19; ++i) s.secret[i] = static_cast<std::uint8_t>(0x5A ^ (i * 29));
  s.secret[18] &= 0x3F;
  s.birthday = cncrypto::polyseed::birthday_epoch + 7 * cncrypto::polyseed::birthday_step;
  std::uint8_t key[32], again[32];
  cncrypto::polyseed::keygen(s, again);  // reference, public run
  secret(s.secret);
  secret(s.birthday);
  secret(s.features);
  cncrypto::polyseed::keygen(s, key);
  expect_tainted(key, "polyseed key");
  crypto::secret_key spend = cncrypto::polyseed::monero_spend_key(s);
  expect_tainted(spend, "polyseed spend key");
  declassify(key);
  expect(std::memcmp(key, again, 32) == 0, "keygen is deterministic");

  // Electrum-style encoding, 32 and 16 bytes, every language.
  std::vector<std::string> languages;
  crypto::ElectrumWords::get_language_list(languages);
  for (const std::string &language : languages) {
    crypto::secret_key k;
    for (std::size_t i = 0; i < 32; ++i) k.data[i] = static_cast<char>(i * 37 + language.size());
    std::string reference, error;
    expect(cncrypto::bytes_to_words(k, reference, language, &error), "bytes_to_words (public run)");
    secret(k);
    std::string words;
    expect(cncrypto::bytes_to_words(k, words, language, &error), "bytes_to_words");
    expect_tainted(words[0], "first byte of the seed words");
    std::string half;
    expect(cncrypto::bytes_to_words(k.data, 16, half, language, &error), "bytes_to_words 16");
    cncrypto::test::ct::declassify_bytes(words.data(), words.size());
    expect(words == reference, "bytes_to_words is deterministic");
  }
  return finish();
}
