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
#include "mnemonics/electrum-words.h"
#include "support/shared_data.h"
#include "wallet/wallet_test_util.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>

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
        BOOST_CHECK_THROW(restore_wallet_from_seed(words), std::invalid_argument);
        ++refused;
        continue;
      }
      const restored_wallet w = restore_wallet_from_seed(words);
      BOOST_CHECK_EQUAL(w.language, v.at("language").get<std::string>());
      if (kind == "seed13") {
        BOOST_CHECK(w.kind == seed_kind::mymonero_13);
        check_keys(w.keys, v.at("mymonero_keys"));
        // No seed offset for 13 words.
        try {
          restore_wallet_from_seed(words, "offset");
          BOOST_ERROR("a passphrase with 13 words was accepted");
        } catch (const std::invalid_argument &e) {
          BOOST_TEST(std::string(e.what()).find("13-word MyMonero seed has no passphrase") != std::string::npos,
                     e.what());
        }
        ++n13;
        continue;
      }
      BOOST_CHECK(w.kind == (kind == "seed24" ? seed_kind::monero_24 : seed_kind::monero_25));
      check_keys(w.keys, v);
      // The language given by its English name: the same keys.
      const restored_wallet hinted = restore_wallet_from_seed(words, {}, v.at("language_english").get<std::string>());
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
    const restored_wallet w = restore_wallet_from_seed(" \r\n" + words + "\n");
    BOOST_CHECK(w.kind == seed_kind::mymonero_13);
    check_keys(w.keys, v.at("mymonero_keys"));
  }
  // A count no seed has is refused, naming it.
  try {
    restore_wallet_from_seed("abbey abbey abbey");
    BOOST_ERROR("3 words accepted");
  } catch (const crypto::ElectrumWords::seed_error &e) {
    BOOST_CHECK(e.error_kind() == crypto::ElectrumWords::seed_error::kind::word_count);
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
  const std::string words = crypto::ElectrumWords::encode_seed(&shown, sizeof shown, "English");
  const restored_wallet w = restore_wallet_from_seed(words, passphrase);
  BOOST_CHECK(w.kind == seed_kind::monero_25);
  BOOST_CHECK_EQUAL(hex_of(w.keys.m_spend_secret_key), wallet.at("spend_secret_key").get<std::string>());
  BOOST_CHECK_EQUAL(hex_of(w.keys.m_view_secret_key), wallet.at("view_secret_key").get<std::string>());
  BOOST_CHECK_EQUAL(get_account_address_as_str(MAINNET, false, w.keys.m_account_address),
                    wallet.at("address").get<std::string>());
  // Without the offset the same words are another wallet: the shown key itself.
  const restored_wallet plain = restore_wallet_from_seed(words);
  BOOST_CHECK_EQUAL(hex_of(plain.keys.m_spend_secret_key), vec->at("encrypted_key").get<std::string>());
}

// A new seed restores the keys it was made with (with its passphrase only);
// a language that Monero does not generate is refused.
BOOST_AUTO_TEST_CASE(new_seed_round_trip) {
  const std::pair<const char *, const char *> languages[] = {{"English", "English"}, {"Deutsch", "German"}, {"Japanese", "Japanese"}};
  for (const auto &[language, english] : languages) {
    for (const std::string passphrase : {"", "correct horse"}) {
      BOOST_TEST_CONTEXT(language << " passphrase \"" << passphrase << "\"") {
        const new_wallet n = generate_wallet_with_seed(language, passphrase);
        const restored_wallet r = restore_wallet_from_seed(n.words, passphrase);
        BOOST_CHECK(r.kind == seed_kind::monero_25);
        BOOST_CHECK(r.keys.m_spend_secret_key == n.keys.m_spend_secret_key);
        BOOST_CHECK(r.keys.m_view_secret_key == n.keys.m_view_secret_key);
        BOOST_CHECK(r.keys.m_account_address == n.keys.m_account_address);
        BOOST_CHECK_EQUAL(crypto::ElectrumWords::get_english_name_for(r.language), english);
        const restored_wallet other = restore_wallet_from_seed(n.words, passphrase.empty() ? "x" : "");
        BOOST_CHECK(!(other.keys.m_spend_secret_key == n.keys.m_spend_secret_key));
      }
    }
  }
  BOOST_CHECK_THROW(generate_wallet_with_seed("English (old)"), crypto::ElectrumWords::seed_error);
  BOOST_CHECK_THROW(generate_wallet_with_seed("Klingon"), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
