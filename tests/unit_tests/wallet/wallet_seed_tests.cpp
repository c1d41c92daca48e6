// Keys from a seed and new seeds (cryptonote/wallet_seed.h), against
// ../shared/data/wallet:
//   * seeds.json: every valid 25- and 24-word vector gives its spend and view
//     keys (Monero's words_to_bytes and account_base::generate, as recorded
//     there), every 13-word one its "mymonero_keys" (MyMonero's rule), and
//     every invalid one is refused;
//   * kdf.json's encrypt_key vector and wallet_files.json's wallet_00fd416a:
//     the 25 words of encrypt_key(b, "a") restored with the seed offset "a"
//     give that wallet's keys and address (Monero: decrypt_key, then generate);
//   * new seeds round trip (the words restore the keys they were made with,
//     with the same passphrase only).
#include "cryptonote/wallet_seed.h"

#include "common/hex.h"
#include "cryptonote/address.h"
#include "mnemonics/cncrypto_seed.h"
#include "mnemonics/electrum-words.h"
#include "mnemonics/polyseed.h"
#include "support/shared_data.h"
#include "wallet/wallet_test_util.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace cryptonote;
using namespace wallet_test;
using nlohmann::json;

namespace {

json load_json(const std::string &relative) {
  std::ifstream f(cncrypto::test::shared_path(relative));
  if (!f) throw std::runtime_error("cannot open " + relative);
  return json::parse(f);
}

void check_keys(const account_keys &k, const json &expected) {
  BOOST_CHECK_EQUAL(hex_of(k.m_spend_secret_key), expected.at("spend_secret_key").get<std::string>());
  BOOST_CHECK_EQUAL(hex_of(k.m_view_secret_key), expected.at("view_secret_key").get<std::string>());
  BOOST_CHECK_EQUAL(hex_of(k.m_account_address.m_spend_public_key), expected.at("spend_public_key").get<std::string>());
  BOOST_CHECK_EQUAL(hex_of(k.m_account_address.m_view_public_key), expected.at("view_public_key").get<std::string>());
  BOOST_CHECK_EQUAL(get_account_address_as_str(MAINNET, false, k.m_account_address),
                    expected.at("address_mainnet").get<std::string>());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(wallet_seed)

BOOST_AUTO_TEST_CASE(seed_vectors, *cncrypto::test::needs_shared()) {
  const json seeds = load_json("data/wallet/seeds.json");
  std::size_t n25 = 0, n24 = 0, n13 = 0, refused = 0;
  for (const json &v : seeds.at("vectors")) {
    const std::string id = v.at("id").get<std::string>(), kind = v.at("kind").get<std::string>();
    const std::string words = v.at("words").get<std::string>();
    BOOST_TEST_CONTEXT(id) {
      if (kind == "invalid") {
        BOOST_CHECK_THROW(cncrypto::restore_wallet_from_seed(words), std::invalid_argument);
        ++refused;
        continue;
      }
      const cncrypto::restored_wallet w = cncrypto::restore_wallet_from_seed(words);
      BOOST_CHECK_EQUAL(w.language, v.at("language").get<std::string>());
      if (kind == "seed13") {
        BOOST_CHECK(w.kind == cncrypto::seed_kind::mymonero_13);
        check_keys(w.keys, v.at("mymonero_keys"));
        // No seed offset for 13 words.
        try {
          cncrypto::restore_wallet_from_seed(words, "offset");
          BOOST_ERROR("a passphrase with 13 words was accepted");
        } catch (const std::invalid_argument &e) {
          BOOST_TEST(std::string(e.what()).find("13-word MyMonero seed has no passphrase") != std::string::npos,
                     e.what());
        }
        ++n13;
        continue;
      }
      BOOST_CHECK(w.kind == (kind == "seed24" ? cncrypto::seed_kind::monero_24 : cncrypto::seed_kind::monero_25));
      check_keys(w.keys, v);
      // The language given by its English name: the same keys.
      const cncrypto::restored_wallet hinted =
          cncrypto::restore_wallet_from_seed(words, {}, v.at("language_english").get<std::string>());
      BOOST_CHECK(hinted.keys.m_spend_secret_key == w.keys.m_spend_secret_key);
      ++(kind == "seed24" ? n24 : n25);
    }
  }
  BOOST_TEST(n25 == 102u);
  BOOST_TEST(n24 == 5u);
  BOOST_TEST(n13 == 3u);
  BOOST_TEST(refused == 78u);
  // Words separated by any ASCII white space (as Monero's split): a 13-word
  // seed on separate lines and tabs is still counted as 13 words.
  for (const json &v : seeds.at("vectors")) {
    if (v.at("kind").get<std::string>() != "seed13") continue;
    std::string words = v.at("words").get<std::string>();
    const char seps[] = {'\t', '\n', '\v', '\f', '\r'};
    std::size_t k = 0;
    for (char &c : words) {
      if (c == ' ') c = seps[k++ % sizeof seps];
    }
    const cncrypto::restored_wallet w = cncrypto::restore_wallet_from_seed(" \r\n" + words + "\n");
    BOOST_CHECK(w.kind == cncrypto::seed_kind::mymonero_13);
    check_keys(w.keys, v.at("mymonero_keys"));
  }
  // A count no seed has is refused, naming it.
  try {
    cncrypto::restore_wallet_from_seed("abbey abbey abbey");
    BOOST_ERROR("3 words accepted");
  } catch (const cncrypto::seed_error &e) {
    BOOST_CHECK(e.error_kind() == cncrypto::seed_error::kind::word_count);
  }
}

BOOST_AUTO_TEST_CASE(seed_offset_passphrase, *cncrypto::test::needs_shared()) {
  const json kdf = load_json("data/wallet/kdf.json");
  const json wallet = load_json("data/wallet/wallet_files.json").at("wallets").at("wallet_00fd416a");
  const json *vec = nullptr;
  for (const json &v : kdf.at("encrypt_key")) {
    if (v.at("label").get<std::string>() == "wallet_00fd416a spend key") vec = &v;
  }
  BOOST_REQUIRE(vec != nullptr);
  BOOST_REQUIRE_EQUAL(vec->at("key").get<std::string>(), wallet.at("spend_secret_key").get<std::string>());
  const std::string passphrase = vec->at("passphrase_utf8").get<std::string>();
  // The words shown for that wallet with the offset: encrypt_key(b, p).
  const crypto::secret_key shown = secret_from_hex(vec->at("encrypted_key").get<std::string>());
  const std::string words = cncrypto::encode_seed(&shown, sizeof shown, "English");
  const cncrypto::restored_wallet w = cncrypto::restore_wallet_from_seed(words, passphrase);
  BOOST_CHECK(w.kind == cncrypto::seed_kind::monero_25);
  BOOST_CHECK_EQUAL(hex_of(w.keys.m_spend_secret_key), wallet.at("spend_secret_key").get<std::string>());
  BOOST_CHECK_EQUAL(hex_of(w.keys.m_view_secret_key), wallet.at("view_secret_key").get<std::string>());
  BOOST_CHECK_EQUAL(get_account_address_as_str(MAINNET, false, w.keys.m_account_address),
                    wallet.at("address").get<std::string>());
  // Without the offset the same words are another wallet: the shown key itself.
  const cncrypto::restored_wallet plain = cncrypto::restore_wallet_from_seed(words);
  BOOST_CHECK_EQUAL(hex_of(plain.keys.m_spend_secret_key), vec->at("encrypted_key").get<std::string>());
}

// A new seed restores the keys it was made with (with its passphrase only);
// a language that Monero does not generate is refused.
BOOST_AUTO_TEST_CASE(new_seed_round_trip) {
  const std::pair<const char *, const char *> languages[] = {{"English", "English"}, {"Deutsch", "German"}, {"Japanese", "Japanese"}};
  for (const auto &[language, english] : languages) {
    for (const std::string passphrase : {"", "correct horse"}) {
      BOOST_TEST_CONTEXT(language << " passphrase \"" << passphrase << "\"") {
        const cncrypto::new_wallet n = cncrypto::generate_wallet_with_seed(language, passphrase);
        const cncrypto::restored_wallet r = cncrypto::restore_wallet_from_seed(n.words, passphrase);
        BOOST_CHECK(r.kind == cncrypto::seed_kind::monero_25);
        BOOST_CHECK(r.keys.m_spend_secret_key == n.keys.m_spend_secret_key);
        BOOST_CHECK(r.keys.m_view_secret_key == n.keys.m_view_secret_key);
        BOOST_CHECK(r.keys.m_account_address == n.keys.m_account_address);
        BOOST_CHECK_EQUAL(crypto::ElectrumWords::get_english_name_for(r.language), english);
        const cncrypto::restored_wallet other =
            cncrypto::restore_wallet_from_seed(n.words, passphrase.empty() ? "x" : "");
        BOOST_CHECK(!(other.keys.m_spend_secret_key == n.keys.m_spend_secret_key));
      }
    }
  }
  BOOST_CHECK_THROW(cncrypto::generate_wallet_with_seed("English (old)"), cncrypto::seed_error);
  BOOST_CHECK_THROW(cncrypto::generate_wallet_with_seed("Klingon"), std::invalid_argument);
}

// 16 words restore as a Polyseed (issue 39): every OK vector of polyseed.json
// (tevador/polyseed's decoder) gives its keys, address, birthday and language;
// the refused ones throw polyseed_error; a passphrase is refused; a wrong word's
// message_without_input() names its position but not the word.
BOOST_AUTO_TEST_CASE(polyseed_restore, *cncrypto::test::needs_shared()) {
  const json poly = load_json("data/wallet/polyseed.json");
  std::size_t ok = 0, refused = 0;
  for (const json &v : poly.at("vectors")) {
    const std::string phrase = v.at("phrase").get<std::string>();
    std::string language;
    if (v.contains("explicit_language_index") && !v.at("explicit_language_index").is_null()) {
      language = poly.at("languages").at(v.at("explicit_language_index").get<std::size_t>()).at("english_name");
    }
    BOOST_TEST_CONTEXT(v.at("id").get<std::string>()) {
      if (v.at("status").get<std::string>() != "OK") {
        BOOST_CHECK_THROW(cncrypto::restore_wallet_from_seed(phrase, {}, language), std::invalid_argument);
        ++refused;
        continue;
      }
      const cncrypto::restored_wallet w = cncrypto::restore_wallet_from_seed(phrase, {}, language);
      BOOST_CHECK(w.kind == cncrypto::seed_kind::polyseed_16);
      BOOST_CHECK_EQUAL(w.language, v.at("language_english").get<std::string>());
      BOOST_CHECK_EQUAL(w.birthday, v.at("birthday").get<std::uint64_t>());
      check_keys(w.keys, v);
      BOOST_CHECK_THROW(cncrypto::restore_wallet_from_seed(phrase, "offset", language), std::invalid_argument);
      ++ok;
    }
  }
  BOOST_TEST(ok == 38u);
  BOOST_TEST(refused == 8u);
  try {
    cncrypto::restore_wallet_from_seed(
        "raven tail swxar infant grief assist regular lamp duck valid someone little harsh "
        "puppy airport language");
    BOOST_ERROR("a wrong word accepted");
  } catch (const cncrypto::polyseed::polyseed_error &e) {
    BOOST_CHECK_EQUAL(e.position(), 3u);
    BOOST_TEST(std::string(e.what()).find("\"swxar\"") != std::string::npos, e.what());
    BOOST_CHECK_EQUAL(std::string(e.message_without_input()),
                      "polyseed: word 3 is not in the English Polyseed list (a word, or its first 4 or more letters)");
  }
}

// The Electrum seed errors without the seed's words (message_without_input),
// and the word counts restore takes, named in the refusal of any other.
BOOST_AUTO_TEST_CASE(messages_without_words) {
  const cncrypto::new_wallet n = cncrypto::generate_wallet_with_seed("English");
  std::vector<std::string> words;
  for (std::size_t at = 0; at < n.words.size();) {
    const std::size_t end = std::min(n.words.find(' ', at), n.words.size());
    words.push_back(n.words.substr(at, end - at));
    at = end + 1;
  }
  BOOST_REQUIRE_EQUAL(words.size(), 25u);
  const auto join = [](const std::vector<std::string> &w) {
    std::string out;
    for (const std::string &x : w) out += (out.empty() ? "" : " ") + x;
    return out;
  };
  // An unknown word, a changed checksum word, a word of another language.
  std::vector<std::string> changed = words;
  changed[10] = "xyzzy";
  std::vector<std::string> checksum = words;
  checksum[24] = words[24] == "abbey" ? "zoom" : "abbey";  // a whole word with another prefix
  for (const std::vector<std::string> &w : {changed, checksum}) {
    try {
      cncrypto::restore_wallet_from_seed(join(w));
      BOOST_ERROR("accepted");
    } catch (const cncrypto::seed_error &e) {
      const std::string without = e.message_without_input();
      BOOST_TEST(without != std::string(e.what()), without);
      for (const std::string &x : w) {
        BOOST_TEST(without.find("\"" + x + "\"") == std::string::npos, without);
      }
      BOOST_TEST(without.find(std::to_string(e.position())) != std::string::npos, without);
    }
  }
  try {
    cncrypto::restore_wallet_from_seed("abbey abbey abbey abbey abbey");
    BOOST_ERROR("5 words accepted");
  } catch (const cncrypto::seed_error &e) {
    BOOST_CHECK_EQUAL(std::string(e.what()), "5 words: a seed has 25 or 24 words (Monero), 16 (Polyseed) or 13 (MyMonero)");
    BOOST_CHECK_EQUAL(std::string(e.message_without_input()), std::string(e.what()));
  }
}

BOOST_AUTO_TEST_SUITE_END()
