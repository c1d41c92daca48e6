// Polyseed (mnemonics/polyseed.h) against ../shared/data/wallet/polyseed.json
// (46 vectors: 38 decode, 8 refused), plus round trips in every language,
// one-word changes, prefixes, accents and the Japanese separator.
#include "mnemonics/polyseed.h"

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "cryptonote/address.h"
#include "support/shared_data.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace ps = cncrypto::polyseed;
using nlohmann::json;

namespace {

json polyseed_json() {
  std::ifstream f(cncrypto::test::shared_path("data/wallet/polyseed.json"));
  if (!f) throw std::runtime_error("cannot open polyseed.json");
  return json::parse(f);
}

std::string hex(const void *p, std::size_t n) { return cncrypto::hex_encode(p, n); }

const std::map<std::string, ps::polyseed_error::kind> kStatus = {
    {"ERR_NUM_WORDS", ps::polyseed_error::kind::word_count},
    {"ERR_LANG", ps::polyseed_error::kind::language},
    {"ERR_MULT_LANG", ps::polyseed_error::kind::multiple_languages},
    {"ERR_CHECKSUM", ps::polyseed_error::kind::checksum},
};

std::vector<std::string> split_on(const std::string &s, const std::string &sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t at = s.find(sep, start);
    out.push_back(s.substr(start, at - start));
    if (at == std::string::npos) return out;
    start = at + sep.size();
  }
}

std::string join(const std::vector<std::string> &v, const std::string &sep) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(polyseed)

BOOST_AUTO_TEST_CASE(all_vectors, *cncrypto::test::needs_shared()) {
  const json j = polyseed_json();
  std::vector<std::string> names;
  for (const auto &l : j.at("languages")) names.push_back(l.at("english_name"));
  BOOST_TEST(ps::get_language_list() == names, boost::test_tools::per_element());
  std::vector<std::string> own;
  for (const auto &l : j.at("languages")) own.push_back(l.at("name"));
  BOOST_TEST(ps::get_language_list(false) == own, boost::test_tools::per_element());
  int ok = 0, refused = 0, keys = 0, encoded = 0;
  for (const auto &v : j.at("vectors")) {
    const std::string id = v.at("id");
    BOOST_TEST_CONTEXT("vector " << id) {
      const std::string phrase = v.at("phrase");
      std::string language;
      if (v.contains("explicit_language_index") && !v.at("explicit_language_index").is_null())
        language = names.at(v.at("explicit_language_index").get<std::size_t>());
      const std::string status = v.at("status");
      if (status != "OK") {
        try {
          ps::decode(phrase, language);
          BOOST_ERROR("accepted");
        } catch (const ps::polyseed_error &e) {
          BOOST_TEST((e.error_kind() == kStatus.at(status)), e.what());
          if (status == "ERR_LANG") BOOST_TEST(e.position() >= 1u);
        }
        ++refused;
        continue;
      }
      const ps::seed s = ps::decode(phrase, language);
      BOOST_TEST(s.language == v.at("language_english").get<std::string>());
      BOOST_TEST(s.birthday == v.at("birthday").get<std::uint64_t>());
      BOOST_TEST(s.features == v.at("features").get<std::uint32_t>());
      BOOST_TEST(hex(s.secret.data(), 32) == v.at("secret_19_padded").get<std::string>());
      std::uint8_t key[32];
      ps::keygen(s, key);
      BOOST_TEST(hex(key, 32) == v.at("polyseed_key_32").get<std::string>());
      const crypto::secret_key spend = ps::monero_spend_key(s);
      BOOST_TEST(hex(spend.data, 32) == v.at("spend_secret_key").get<std::string>());
      crypto::secret_key view;
      const crypto::hash h = crypto::cn_fast_hash(spend.data, 32);
      std::memcpy(view.data, h.data, 32);
      sc_reduce32(reinterpret_cast<unsigned char *>(view.data));
      BOOST_TEST(hex(view.data, 32) == v.at("view_secret_key").get<std::string>());
      cryptonote::account_public_address a;
      BOOST_REQUIRE(crypto::secret_key_to_public_key(spend, a.m_spend_public_key));
      BOOST_REQUIRE(crypto::secret_key_to_public_key(view, a.m_view_public_key));
      BOOST_TEST(hex(&a.m_spend_public_key, 32) == v.at("spend_public_key").get<std::string>());
      BOOST_TEST(hex(&a.m_view_public_key, 32) == v.at("view_public_key").get<std::string>());
      BOOST_TEST(cryptonote::get_account_address_as_str(cryptonote::MAINNET, false, a) ==
                 v.at("address_mainnet").get<std::string>());
      if (v.contains("thirdparty_address"))
        BOOST_TEST(v.at("thirdparty_address").get<std::string>() == v.at("address_mainnet").get<std::string>());
      ++keys;
      // Encoding gives tevador's canonical phrase, which decodes to the same seed.
      const std::string canonical = ps::encode(s, s.language);
      BOOST_TEST(canonical == v.at("canonical_phrase").get<std::string>());
      const ps::seed back = ps::decode(canonical, language);
      BOOST_TEST((back.secret == s.secret));
      BOOST_TEST(back.birthday == s.birthday);
      ++encoded;
      // The generated vectors: the secret is the 19 random bytes with 150 bits kept.
      if (v.contains("gen_random_19")) {
        std::string r = v.at("gen_random_19");
        const unsigned last = std::stoul(r.substr(36, 2), nullptr, 16) & 0x3F;
        char buf[3];
        std::snprintf(buf, sizeof buf, "%02x", last);
        BOOST_TEST(hex(s.secret.data(), 19) == r.substr(0, 36) + buf);
      }
      ++ok;
    }
  }
  BOOST_TEST(ok == 38);
  BOOST_TEST(refused == 8);
  BOOST_TEST_MESSAGE("polyseed.json: " << ok << " decoded (keys, addresses: " << keys << ", canonical phrases: "
                                       << encoded << "), " << refused << " refused with the expected status");
}

BOOST_AUTO_TEST_CASE(round_trips_and_one_word_changes) {
  std::mt19937_64 rng(16);
  std::size_t changes = 0;
  for (const std::string &lang : ps::get_language_list()) {
    for (int t = 0; t < 8; ++t) {
      ps::seed s = ps::create(1700000000u + 2629746u * static_cast<unsigned>(t), lang);
      BOOST_TEST((s.secret[18] & 0xC0) == 0);
      const std::string phrase = ps::encode(s, lang);
      const ps::seed back = ps::decode(phrase, lang);
      BOOST_TEST((back.secret == s.secret));
      BOOST_TEST(back.birthday == s.birthday);
      // Detection finds the language unless the phrase is also one of another
      // (Chinese (Simplified) and (Traditional) share characters).
      try {
        const ps::seed detected = ps::decode(phrase);
        BOOST_TEST(detected.language == lang);
      } catch (const ps::polyseed_error &e) {
        BOOST_TEST((e.error_kind() == ps::polyseed_error::kind::multiple_languages), e.what());
      }
      // Every one-word change is refused (one check word: distance 2).
      const std::string sep = lang == "Japanese" ? "\xE3\x80\x80" : " ";
      const std::vector<std::string> words = split_on(phrase, sep);
      BOOST_REQUIRE_EQUAL(words.size(), 16u);
      const std::vector<std::string> other = split_on(ps::encode(ps::create(1700000000u, lang), lang), sep);
      for (std::size_t pos = 0; pos < 16; ++pos) {
        std::vector<std::string> changed = words;
        changed[pos] = other[(pos + 1 + rng() % 15) % 16];
        if (changed[pos] == words[pos]) continue;
        ++changes;
        try {
          ps::decode(join(changed, sep), lang);
          BOOST_ERROR(lang << ": one-word change at " << pos + 1 << " accepted");
        } catch (const ps::polyseed_error &e) {
          BOOST_TEST((e.error_kind() == ps::polyseed_error::kind::checksum ||
                      e.error_kind() == ps::polyseed_error::kind::unsupported));
        }
      }
    }
  }
  BOOST_TEST_MESSAGE("polyseed one-word changes refused: " << changes);
}

BOOST_AUTO_TEST_CASE(prefixes_accents_and_separators, *cncrypto::test::needs_shared()) {
  const json j = polyseed_json();
  auto vec = [&](const std::string &id) {
    for (const auto &v : j.at("vectors"))
      if (v.at("id") == id) return v;
    throw std::runtime_error("no vector " + id);
  };
  // Four-letter prefixes, upper-case refused (tevador is case-sensitive).
  const ps::seed en = ps::decode(vec("tevador-en1").at("phrase").get<std::string>());
  BOOST_TEST(ps::decode("rave tail swea infa grie assi regu lamp duck vali some litt hars pupp airp lang").secret ==
             en.secret);
  BOOST_CHECK_THROW(ps::decode("Raven tail swear infant grief assist regular lamp duck valid someone little harsh "
                               "puppy airport language"),
                    ps::polyseed_error);
  // Japanese: the canonical phrase uses U+3000; ASCII spaces work too.
  const json jp = vec("serai-poly-7-Japanese");
  const std::string canonical = jp.at("canonical_phrase");
  BOOST_TEST(canonical.find("\xE3\x80\x80") != std::string::npos);
  const ps::seed a = ps::decode(canonical);
  const ps::seed b = ps::decode(join(split_on(canonical, "\xE3\x80\x80"), " "));
  BOOST_TEST((a.secret == b.secret));
  // Spanish without accents.
  const json es = vec("serai-poly-1-Spanish");
  std::string plain = es.at("canonical_phrase");
  for (const auto &[from, to] : std::vector<std::pair<std::string, std::string>>{
           {"\xC3\xA1", "a"}, {"\xC3\xA9", "e"}, {"\xC3\xAD", "i"}, {"\xC3\xB3", "o"}, {"\xC3\xBA", "u"}, {"\xC3\xB1", "n"}}) {
    for (std::size_t at; (at = plain.find(from)) != std::string::npos;) plain.replace(at, from.size(), to);
  }
  BOOST_TEST(hex(ps::decode(plain).secret.data(), 32) == es.at("secret_19_padded").get<std::string>());
  // Errors name the word and position.
  try {
    ps::decode("raven tail swear infant grief assist regular lamp duck valid someone xyzzy harsh puppy airport language");
    BOOST_FAIL("accepted");
  } catch (const ps::polyseed_error &e) {
    BOOST_TEST(e.position() == 12u);
    BOOST_TEST(std::string(e.what()).find("\"xyzzy\"") != std::string::npos, e.what());
  }
  BOOST_CHECK_THROW(ps::decode("raven tail", "Klingon"), ps::polyseed_error);
  BOOST_CHECK_THROW(ps::decode("\xFF"), ps::polyseed_error);
}

// The encoder's and the generator's argument refusals (polyseed.h: a seed
// with feature bits, a secret above 150 bits, an unknown language, a null key
// buffer), each a polyseed_error of its kind (invalid_argument for keygen).
BOOST_AUTO_TEST_CASE(argument_refusals) {
  const ps::seed good = ps::create(1700000000u, "English");
  const auto kind_of = [](auto &&call) {
    try {
      call();
    } catch (const ps::polyseed_error &e) {
      return e.error_kind();
    }
    BOOST_FAIL("no polyseed_error thrown");
    return ps::polyseed_error::kind::language;
  };
  BOOST_TEST((kind_of([&] { ps::encode(good, "Klingon"); }) == ps::polyseed_error::kind::bad_argument));
  BOOST_TEST((kind_of([&] { ps::create(1700000000u, "Klingon"); }) == ps::polyseed_error::kind::bad_argument));
  ps::seed featured = good;
  featured.features = 1;
  BOOST_TEST((kind_of([&] { ps::encode(featured, "English"); }) == ps::polyseed_error::kind::unsupported));
  ps::seed wide = good;
  wide.secret[18] |= 0x40;  // bit 150
  BOOST_TEST((kind_of([&] { ps::encode(wide, "English"); }) == ps::polyseed_error::kind::bad_argument));
  wide = good;
  wide.secret[19] = 1;  // a byte past the 19 of the secret
  BOOST_TEST((kind_of([&] { ps::encode(wide, "English"); }) == ps::polyseed_error::kind::bad_argument));
  BOOST_CHECK_NO_THROW(ps::encode(good, "English"));
  BOOST_CHECK_THROW(ps::keygen(good, nullptr), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
