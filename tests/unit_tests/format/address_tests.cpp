// Address strings (spec 8.2).
//
// Expected values: ../shared/data/vectors/addresses.json (a real wallet from
// Monero's functional tests: standard, integrated and six subaddresses), and,
// for the tests that run without ../shared, the wallet's public keys and the
// addresses below, computed here with an independent Python implementation of
// spec 8.1/8.2 (big-integer base58, Keccak from pycryptodome); its mainnet
// results equal the shared file's standard and integrated addresses.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "cryptonote/address.h"
#include "cryptonote/base58.h"
#include "support/address_vectors.h"
#include "support/hex.h"
#include "support/shared_data.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstring>
#include <vector>
#include <ostream>

using namespace cryptonote;
using cncrypto::test::hex_of;
namespace base58 = cncrypto::base58;
using cncrypto::test::pod_from_hex;

namespace cryptonote {
// For Boost.Test messages only (public keys are public).
std::ostream &operator<<(std::ostream &os, const account_public_address &a) {
  return os << cncrypto::hex_encode(&a.m_spend_public_key, 32) << "/" << cncrypto::hex_encode(&a.m_view_public_key, 32);
}
}  // namespace cryptonote

namespace {

// The wallet of addresses.json (Monero tests/functional_tests/wallet.py).
const char *const spend_public_hex = "1b3bd040020d3712ab84992b773d0a965134eb2df0392fb84af95de8a17be2ab";
const char *const view_public_hex = "231c9bf8341c6a870d92e3fb98063a90a355fb8dbf74a8561b9d7f9273247e99";
const char *const payment_id_hex = "0123456789abcdef";

account_public_address wallet_address() {
  return {pod_from_hex<crypto::public_key>(spend_public_hex), pod_from_hex<crypto::public_key>(view_public_hex)};
}

struct network_case {
  network_type nettype;
  const char *standard;
  const char *integrated;
  const char *subaddress;  // the wallet's keys under the subaddress prefix (format test only)
};

// Python: base58(varint(prefix) || B || A [|| pid] || keccak[:4]).
const network_case network_cases[] = {
    {MAINNET,
     "42ey1afDFnn4886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfJJQAWDm",
     "4CMe2PUhs4J4886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfSbLRB61BQVATzerHGj",
     "83V7LxK3rDC4886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfJGYBqG7"},
    {TESTNET,
     "9tCWVqKUY9t4886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfJHdcNjL",
     "A3uBWe8y9RQ4886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfSbLRB61BQVATzqVmRT",
     "BZDEduWQcq44886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfJGZZq9N"},
    {STAGENET,
     "52s16RaAuPt4886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfJJ7cV2P",
     "5CZg7EPfWfQ4886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfSbLRB61BQVATzVkGLj",
     "73H5G7Q6Cc64886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfJL911Bd"},
};

// Expects parse_address(str) to fail with kind k; returns the message.
std::string parse_failure(const std::string &str, cncrypto::address_error::kind k) {
  try {
    (void)cncrypto::parse_address(str);
  } catch (const cncrypto::address_error &e) {
    BOOST_TEST(cncrypto::address_error_kind_name(e.error_kind()) == cncrypto::address_error_kind_name(k),
               "'" << str << "': " << e.what());
    return e.what();
  }
  BOOST_ERROR("parse_address('" << str << "') did not throw");
  return {};
}

}  // namespace

BOOST_AUTO_TEST_CASE(encode_every_network_and_type) {
  const account_public_address adr = wallet_address();
  const auto pid = pod_from_hex<crypto::hash8>(payment_id_hex);
  for (const network_case &c : network_cases) {
    BOOST_TEST(get_account_address_as_str(c.nettype, false, adr) == c.standard, cncrypto::network_name(c.nettype));
    BOOST_TEST(get_account_integrated_address_as_str(c.nettype, adr, pid) == c.integrated,
               cncrypto::network_name(c.nettype));
    BOOST_TEST(get_account_address_as_str(c.nettype, true, adr) == c.subaddress, cncrypto::network_name(c.nettype));
  }
}

BOOST_AUTO_TEST_CASE(decode_every_network_and_type) {
  const account_public_address adr = wallet_address();
  for (const network_case &c : network_cases) {
    const std::pair<const char *, cncrypto::address_type> strings[] = {
        {c.standard, cncrypto::address_type::standard},
        {c.integrated, cncrypto::address_type::integrated},
        {c.subaddress, cncrypto::address_type::subaddress}};
    for (const auto &[str, type] : strings) {
      const cncrypto::parsed_address info = cncrypto::parse_address(str);
      BOOST_TEST(info.nettype == c.nettype, str);
      BOOST_TEST(cncrypto::address_type_name(info.type()) == cncrypto::address_type_name(type), str);
      BOOST_TEST(info.address == adr, str);
      BOOST_TEST(info.has_payment_id == (type == cncrypto::address_type::integrated));
      BOOST_TEST(info.is_subaddress == (type == cncrypto::address_type::subaddress));
      if (info.has_payment_id) BOOST_TEST(hex_of(info.payment_id) == payment_id_hex);

      address_parse_info monero_style;
      BOOST_TEST(get_account_address_from_str(monero_style, c.nettype, str));
      BOOST_TEST(monero_style.address == adr);
      for (network_type other : {MAINNET, TESTNET, STAGENET}) {
        if (other == c.nettype) continue;
        BOOST_TEST(!get_account_address_from_str(monero_style, other, str));
        try {
          (void)cncrypto::parse_address(str, other);
          BOOST_ERROR("wrong network accepted");
        } catch (const cncrypto::address_error &e) {
          BOOST_TEST(cncrypto::address_error_kind_name(e.error_kind()) == std::string("wrong network"));
          BOOST_TEST(e.what() == std::string("this is a ") + cncrypto::network_name(c.nettype) + " address, not a " +
                                     cncrypto::network_name(other) + " one");
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(round_trip_many_keys) {
  // Key bytes are taken from valid points: multiples of the wallet keys are not
  // available without curve code, so reuse the two keys in every arrangement.
  const account_public_address adr = wallet_address();
  const account_public_address swapped{adr.m_view_public_key, adr.m_spend_public_key};
  crypto::hash8 pid{};
  for (int i = 0; i < 8; ++i) {
    std::memset(&pid, i * 0x25, sizeof pid);
    for (const account_public_address &a : {adr, swapped}) {
      for (network_type n : {MAINNET, TESTNET, STAGENET}) {
        const std::string s = get_account_integrated_address_as_str(n, a, pid);
        BOOST_TEST(s.size() == cncrypto::integrated_address_length);
        const cncrypto::parsed_address info = cncrypto::parse_address(s, n);
        BOOST_TEST(info.address == a);
        BOOST_TEST(std::memcmp(&info.payment_id, &pid, sizeof pid) == 0);
        for (bool sub : {false, true}) {
          const std::string t = get_account_address_as_str(n, sub, a);
          BOOST_TEST(t.size() == cncrypto::standard_address_length);
          BOOST_TEST(cncrypto::parse_address(t, n).is_subaddress == sub);
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(errors_name_the_problem) {
  const std::string good = network_cases[0].standard;

  // Bad character, with its position.
  std::string bad = good;
  bad[17] = '0';
  BOOST_TEST(parse_failure(bad, cncrypto::address_error::kind::bad_character) ==
             "invalid address: invalid base58 character '0' at offset 17");
  bad = good;
  bad[94] = 'l';
  try {
    (void)cncrypto::parse_address(bad);
  } catch (const cncrypto::address_error &e) {
    BOOST_TEST(e.position() == 94u);
  }

  // Bad length: truncated, extended, empty, and base58-impossible lengths.
  for (std::size_t len : {0u, 1u, 4u, 50u, 94u, 96u, 105u, 107u}) {
    const std::string s = (good + good).substr(0, len);
    const std::string msg = parse_failure(s, cncrypto::address_error::kind::bad_length);
    BOOST_TEST(msg.find("invalid address length " + std::to_string(len)) == 0, msg);
  }

  // Bad checksum: one changed character (a typo) in a 95-character address.
  bad = good;
  bad[40] = bad[40] == 'a' ? 'b' : 'a';
  BOOST_TEST(parse_failure(bad, cncrypto::address_error::kind::bad_checksum) ==
             "invalid address: address checksum mismatch (mistyped or corrupted address)");

  // Bad encoding: a final block whose value does not fit its size.
  bad = good.substr(0, 88) + "zzzzzzz";
  parse_failure(bad, cncrypto::address_error::kind::bad_encoding);

  // Unknown prefix: valid container, other tag (Bitcoin-like 0, Aeon-like 0xb2).
  std::string keys(64, '\0');
  const account_public_address adr = wallet_address();
  std::memcpy(&keys[0], &adr.m_spend_public_key, 32);
  std::memcpy(&keys[32], &adr.m_view_public_key, 32);
  BOOST_TEST(parse_failure(base58::encode_addr(0, keys), cncrypto::address_error::kind::unknown_prefix) ==
             "unknown address prefix 0 (not a Monero mainnet, testnet or stagenet address)");
  parse_failure(base58::encode_addr(0xb2, keys), cncrypto::address_error::kind::unknown_prefix);

  // Known prefix, wrong payload size: an integrated prefix over 64 bytes, a standard one over 72.
  BOOST_TEST(parse_failure(base58::encode_addr(19, keys), cncrypto::address_error::kind::bad_length) ==
             "invalid mainnet integrated address: 64 bytes of keys and payment id, expected 72");
  parse_failure(base58::encode_addr(18, keys + "12345678"), cncrypto::address_error::kind::bad_length);
  parse_failure(base58::encode_addr(42, keys.substr(0, 63)), cncrypto::address_error::kind::bad_length);

  // Bad key: y = 2^255 - 1 is not a canonical field element.
  std::string bad_keys = keys;
  std::memset(&bad_keys[32], 0xff, 31);
  bad_keys[63] = 0x7f;
  BOOST_TEST(parse_failure(base58::encode_addr(18, bad_keys), cncrypto::address_error::kind::bad_key) ==
             "invalid address: the view public key is not a valid point");

  address_parse_info info;
  BOOST_TEST(!get_account_address_from_str(info, MAINNET, bad));
  BOOST_CHECK_THROW((void)get_account_address_as_str(FAKECHAIN, false, adr), std::invalid_argument);
  BOOST_CHECK_THROW((void)cncrypto::parse_address(good, UNDEFINED), std::invalid_argument);
}

// Monero 0.18's get_account_address_from_str (cryptonote_basic_impl.cpp) reads a
// string of 2 * sizeof(public_address_outer_blob) = 132 characters as the old
// format: hex of {m_ver = 0, spend key, view key, check_sum = the byte sum of the
// 65 bytes before it}; m_ver > 0 or a wrong sum is refused, the keys are not
// checked and no network is read. The expected blob is built here from that
// description (the wallet's keys), not by the code under test.
BOOST_AUTO_TEST_CASE(old_hex_address_format_as_monero) {
  const account_public_address adr = wallet_address();
  std::vector<std::uint8_t> blob(66, 0);
  std::memcpy(&blob[1], &adr.m_spend_public_key, 32);
  std::memcpy(&blob[33], &adr.m_view_public_key, 32);
  auto with_sum = [](std::vector<std::uint8_t> b) {
    unsigned sum = 0;
    for (std::size_t i = 0; i < 65; ++i) sum += b[i];
    b[65] = static_cast<std::uint8_t>(sum & 0xff);
    return b;
  };
  auto hex = [](const std::vector<std::uint8_t> &b) { return cncrypto::hex_encode(b.data(), b.size()); };
  const std::string old = hex(with_sum(blob));
  BOOST_TEST_REQUIRE(old.size() == 132u);
  for (network_type n : {MAINNET, TESTNET, STAGENET}) {
    address_parse_info info;
    info.is_subaddress = info.has_payment_id = true;
    BOOST_TEST(get_account_address_from_str(info, n, old));
    BOOST_TEST(info.address == adr);
    BOOST_TEST(!info.is_subaddress);
    BOOST_TEST(!info.has_payment_id);
    // The strict variant refuses the format; base58 addresses it reads as before.
    BOOST_TEST(!cncrypto::get_account_address_from_str_strict(info, n, old));
  }
  address_parse_info info;
  std::string upper = old;
  for (char &c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  BOOST_TEST(get_account_address_from_str(info, MAINNET, upper));  // epee's hex reader takes either case
  std::vector<std::uint8_t> bad_sum = with_sum(blob);
  ++bad_sum[65];
  BOOST_TEST(!get_account_address_from_str(info, MAINNET, hex(bad_sum)));
  std::vector<std::uint8_t> version1 = blob;
  version1[0] = 1;
  BOOST_TEST(!get_account_address_from_str(info, MAINNET, hex(with_sum(version1))));
  BOOST_TEST(!get_account_address_from_str(info, MAINNET, old.substr(0, 131) + "g"));
  BOOST_TEST(!get_account_address_from_str(info, MAINNET, old.substr(0, 130)));  // 65 bytes: not the format
  // A view key that is not a point (y = 2^255 - 1): accepted, as Monero does not check it.
  std::vector<std::uint8_t> not_a_point = blob;
  std::memset(&not_a_point[33], 0xff, 31);
  not_a_point[64] = 0x7f;
  BOOST_TEST(get_account_address_from_str(info, MAINNET, hex(with_sum(not_a_point))));
  BOOST_TEST(!crypto::check_key(info.address.m_view_public_key));
  BOOST_CHECK_THROW((void)get_account_address_from_str(info, UNDEFINED, old), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(network_names) {
  network_type n = UNDEFINED;
  BOOST_TEST(cncrypto::network_from_name("stagenet", n));
  BOOST_TEST(n == STAGENET);
  BOOST_TEST(!cncrypto::network_from_name("Mainnet", n));
  BOOST_TEST(!cncrypto::network_from_name("fakechain", n));
  BOOST_TEST(cncrypto::get_address_prefixes(TESTNET).subaddress == 63u);
}

BOOST_AUTO_TEST_CASE(shared_wallet_addresses, *cncrypto::test::needs_shared()) {
  const nlohmann::json w = cncrypto::test::shared_wallet();
  BOOST_TEST(w.at("network").get<std::string>() == "mainnet");
  const account_public_address adr{pod_from_hex<crypto::public_key>(w.at("spend_public").get<std::string>()),
                                   pod_from_hex<crypto::public_key>(w.at("view_public").get<std::string>())};
  const std::string standard = w.at("standard_address").get<std::string>();
  const std::string integrated = w.at("integrated_address").get<std::string>();
  const auto pid = pod_from_hex<crypto::hash8>(w.at("integrated_payment_id").get<std::string>());

  BOOST_TEST(get_account_address_as_str(MAINNET, false, adr) == standard);
  BOOST_TEST(get_account_integrated_address_as_str(MAINNET, adr, pid) == integrated);
  const cncrypto::parsed_address si = cncrypto::parse_address(standard);
  BOOST_TEST(si.address == adr);
  BOOST_TEST(si.nettype == MAINNET);
  BOOST_TEST(!si.has_payment_id);
  BOOST_TEST(!si.is_subaddress);
  const cncrypto::parsed_address ii = cncrypto::parse_address(integrated);
  BOOST_TEST(ii.address == adr);
  BOOST_TEST(ii.has_payment_id);
  BOOST_TEST(hex_of(ii.payment_id) == w.at("integrated_payment_id").get<std::string>());

  const auto &subs = w.at("subaddresses");
  BOOST_TEST(subs.size() == 6u);
  for (const auto &s : subs) {
    const account_public_address sub{pod_from_hex<crypto::public_key>(s.at("D_spend_public").get<std::string>()),
                                     pod_from_hex<crypto::public_key>(s.at("C_view_public").get<std::string>())};
    const std::string str = s.at("address").get<std::string>();
    BOOST_TEST(get_account_address_as_str(MAINNET, true, sub) == str);
    const cncrypto::parsed_address info = cncrypto::parse_address(str, MAINNET);
    BOOST_TEST(info.is_subaddress);
    BOOST_TEST(info.address == sub);
  }
}

BOOST_AUTO_TEST_CASE(every_single_character_change_is_refused) {
  // Each of the 95 x 57 one-character substitutions of a valid address (and
  // every truncation) fails with an address_error; none is accepted and none
  // crashes. (Deterministic: the 4-byte checksum could in principle collide,
  // but for this address none does.)
  static const char alphabet[] = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  const std::string good = network_cases[1].integrated;
  std::size_t refused = 0;
  for (std::size_t i = 0; i < good.size(); ++i) {
    for (const char *c = alphabet; *c; ++c) {
      if (*c == good[i]) continue;
      std::string bad = good;
      bad[i] = *c;
      try {
        (void)cncrypto::parse_address(bad);
        BOOST_ERROR("accepted " << bad);
      } catch (const cncrypto::address_error &) {
        ++refused;
      }
    }
  }
  BOOST_TEST(refused == good.size() * 57);
  for (std::size_t len = 0; len < good.size(); ++len) {
    BOOST_CHECK_THROW((void)cncrypto::parse_address(good.substr(0, len)), cncrypto::address_error);
  }
}
