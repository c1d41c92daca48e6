// Accounts (cryptonote/account.h): view secret derived from the spend secret,
// keys and address strings, the subaddress lookup table.
//
// Expected values:
//   * the "python" wallet: spend recovery key 01 02 .. 20 (32 bytes), computed
//     with an independent Python implementation (/usr/bin/python3, Keccak-256
//     from pycryptodome, textbook big-integer ed25519 arithmetic):
//     b = key mod L, a = Hs(b) = cn_fast_hash(b) mod L, B = b*G, A = a*G;
//   * ../shared/data/vectors/addresses.json: a real mainnet wallet (spend and
//     view secrets, public keys, standard/integrated address, six subaddresses
//     with D and C) from Monero's functional tests, "view_secret ==
//     sc_reduce32(keccak(spend_secret))" noted there;
//   * ../shared/data/vectors/owned_output_clsag_tx.json: the wallet keys of a
//     real transaction (monero-oxide vectors), whose view key also follows the rule.
#include <boost/test/unit_test.hpp>

#include "cryptonote/account.h"
#include "cryptonote/address.h"
#include "device/device_default.hpp"
#include "support/shared_data.h"
#include "wallet/wallet_test_util.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <set>
#include <string>

using namespace cryptonote;
using namespace wallet_test;

namespace {

nlohmann::json load_shared_json(const std::string &relative) {
  std::ifstream in(cncrypto::test::shared_path(relative));
  BOOST_REQUIRE_MESSAGE(in, "cannot open ../shared/" << relative);
  return nlohmann::json::parse(in);
}

// The Python-computed wallet (see the file comment).
const char *const py_recovery = "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20";
const char *const py_spend = "275a174ad03fe2575cd01bc64f1a51e61012131415161718191a1b1c1d1e1f00";
const char *const py_view = "fd715b9ef8fb1073d4280437399a0d47b8941e756ad69560670d31eb47ef1f08";
const char *const py_B = "ce92350b547b6cf028df0618bf9aba55f949930059308d83ebd727e13472ed99";
const char *const py_A = "2af11bf7d0ccd19b5de75b29525e364ad691ff7cfe1d5d92ee1dfedf15303e37";

}  // namespace

BOOST_AUTO_TEST_SUITE(account)

BOOST_AUTO_TEST_CASE(view_secret_from_spend_secret_python) {
  BOOST_TEST(hex_of(cncrypto::derive_view_secret_key(secret_from_hex(py_spend))) == py_view);
  // A different spend key gives a different view key (the hash is really taken).
  BOOST_TEST(hex_of(cncrypto::derive_view_secret_key(secret_from_hex(py_view))) != py_view);
}

BOOST_AUTO_TEST_CASE(recover_from_recovery_key_python) {
  account_base acc;
  const crypto::secret_key seed = acc.generate(secret_from_hex(py_recovery), true);
  BOOST_TEST(hex_of(seed) == py_recovery);  // returned before reduction (Monero's mnemonic seed)
  const account_keys &k = acc.get_keys();
  BOOST_TEST(hex_of(k.m_spend_secret_key) == py_spend);
  BOOST_TEST(hex_of(k.m_view_secret_key) == py_view);
  BOOST_TEST(hex_of(k.m_account_address.m_spend_public_key) == py_B);
  BOOST_TEST(hex_of(k.m_account_address.m_view_public_key) == py_A);
  BOOST_TEST(!cncrypto::is_watch_only(acc.get_keys()));
}

BOOST_AUTO_TEST_CASE(shared_wallet_keys_and_addresses, *cncrypto::test::needs_shared()) {
  const auto v = load_shared_json("data/vectors/addresses.json").at("wallet");
  account_base acc;
  acc.generate(secret_from_hex(v.at("spend_secret")), true);
  const account_keys &k = acc.get_keys();
  BOOST_TEST(hex_of(k.m_view_secret_key) == v.at("view_secret").get<std::string>());
  BOOST_TEST(hex_of(k.m_account_address.m_spend_public_key) == v.at("spend_public").get<std::string>());
  BOOST_TEST(hex_of(k.m_account_address.m_view_public_key) == v.at("view_public").get<std::string>());
  BOOST_TEST(acc.get_public_address_str(MAINNET) == v.at("standard_address").get<std::string>());
  const auto pid = pod_from_hex<crypto::hash8>(v.at("integrated_payment_id"));
  BOOST_TEST(acc.get_public_integrated_address_str(pid, MAINNET) == v.at("integrated_address").get<std::string>());
  for (const auto &s : v.at("subaddresses")) {
    const subaddress_index index{s.at("major").get<std::uint32_t>(), s.at("minor").get<std::uint32_t>()};
    const account_public_address sub = cncrypto::get_subaddress(acc.get_keys(), index);
    BOOST_TEST(hex_of(sub.m_spend_public_key) == s.at("D_spend_public").get<std::string>());
    BOOST_TEST(hex_of(sub.m_view_public_key) == s.at("C_view_public").get<std::string>());
  }
}

BOOST_AUTO_TEST_CASE(owned_output_wallet_follows_the_rule, *cncrypto::test::needs_shared()) {
  const auto v = load_shared_json("data/vectors/owned_output_clsag_tx.json");
  const crypto::secret_key b = secret_from_hex(v.at("wallet_spend_secret"));
  BOOST_TEST(hex_of(cncrypto::derive_view_secret_key(b)) == v.at("wallet_view_secret").get<std::string>());
}

BOOST_AUTO_TEST_CASE(random_generation) {
  account_base one, two;
  one.generate();
  two.generate();
  const account_keys &k = one.get_keys();
  BOOST_TEST(hex_of(k.m_spend_secret_key) != hex_of(two.get_keys().m_spend_secret_key));
  BOOST_TEST(hex_of(k.m_view_secret_key) == hex_of(cncrypto::derive_view_secret_key(k.m_spend_secret_key)));
  BOOST_TEST(hex_of(public_of(k.m_spend_secret_key)) == hex_of(k.m_account_address.m_spend_public_key));
  BOOST_TEST(hex_of(public_of(k.m_view_secret_key)) == hex_of(k.m_account_address.m_view_public_key));

  // two_random: the view key is independent of the spend key.
  account_base three;
  three.generate(crypto::secret_key(), false, true);
  const account_keys &k3 = three.get_keys();
  BOOST_TEST(hex_of(k3.m_view_secret_key) != hex_of(cncrypto::derive_view_secret_key(k3.m_spend_secret_key)));
  BOOST_TEST(hex_of(public_of(k3.m_view_secret_key)) == hex_of(k3.m_account_address.m_view_public_key));

  const keypair kp = keypair::generate(hw::get_device("default"));
  BOOST_TEST(hex_of(public_of(kp.sec)) == hex_of(kp.pub));
  // As Monero's, generate asks the device for the keys (hw::device::generate_keys).
  struct counting_device : hw::core::device_default {
    int calls = 0;
    crypto::secret_key generate_keys(crypto::public_key &pub, crypto::secret_key &sec,
                                     const crypto::secret_key &recovery_key, bool recover) override {
      ++calls;
      return device_default::generate_keys(pub, sec, recovery_key, recover);
    }
  } counting;
  const keypair kp2 = keypair::generate(counting);
  BOOST_TEST(counting.calls == 1);
  BOOST_TEST(hex_of(public_of(kp2.sec)) == hex_of(kp2.pub));
}

BOOST_AUTO_TEST_CASE(create_from_keys_checks_the_pairs) {
  const crypto::secret_key b = secret_from_hex(py_spend), a = secret_from_hex(py_view);
  const account_public_address adr{pod_from_hex<crypto::public_key>(py_B), pod_from_hex<crypto::public_key>(py_A)};
  account_base acc;
  acc.create_from_keys(adr, b, a);
  BOOST_TEST((acc.get_keys().m_account_address == adr));

  auto expect_error = [](auto &&f, const std::string &message) {
    try {
      f();
      BOOST_ERROR("no exception, expected: " << message);
    } catch (const std::invalid_argument &e) {
      BOOST_TEST(e.what() == message);
    }
  };
  account_base other;
  expect_error([&] { other.create_from_keys(adr, a, a); },
               "spend secret key does not match the address's spend public key");
  expect_error([&] { other.create_from_keys(adr, b, b); },
               "view secret key does not match the address's view public key");
  crypto::secret_key big;
  std::memset(big.data, 0xff, sizeof big.data);
  expect_error([&] { other.create_from_keys(adr, big, a); }, "spend secret key is not a reduced scalar (>= L)");

  account_base watch;
  watch.create_from_viewkey(adr, a);
  BOOST_TEST(cncrypto::is_watch_only(watch.get_keys()));
  BOOST_TEST(hex_of(watch.get_keys().m_spend_secret_key) == std::string(64, '0'));
  acc.forget_spend_key();
  BOOST_TEST(cncrypto::is_watch_only(acc.get_keys()));
}

BOOST_AUTO_TEST_CASE(subaddress_table_round_trip) {
  account_base acc;
  acc.generate(secret_from_hex(py_recovery), true);
  const account_keys &k = acc.get_keys();
  const cncrypto::subaddress_map map = cncrypto::make_subaddress_map(k, 3, 50);
  BOOST_TEST(map.size() == 150u);
  std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
  for (const auto &entry : map) {
    const subaddress_index &i = entry.second;
    seen.insert({i.major, i.minor});
    // Every key is the subaddress spend key of its index, computed by subaddress.h.
    BOOST_TEST(hex_of(entry.first) == hex_of(cncrypto::get_subaddress(acc.get_keys(), i).m_spend_public_key));
  }
  BOOST_TEST(seen.size() == 150u);
  BOOST_TEST(map.at(k.m_account_address.m_spend_public_key).is_zero());
  // The batch form for one major index agrees with the table.
  const auto keys = cncrypto::get_subaddress_spend_public_keys(k, 2, 10, 20);
  BOOST_REQUIRE(keys.size() == 10u);
  for (std::uint32_t j = 0; j < 10; ++j) BOOST_TEST((map.at(keys[j]) == subaddress_index{2, 10 + j}));
  BOOST_TEST(hex_of(cncrypto::get_subaddress_spend_public_keys(k, 0, 0, 1).at(0)) == py_B);
  BOOST_TEST(cncrypto::get_subaddress_spend_public_keys(k, 5, 7, 7).empty());

  // add_subaddresses extends a table and keeps what is there.
  cncrypto::subaddress_map grown = map;
  cncrypto::add_subaddresses(grown, k, 4, 50);
  BOOST_TEST(grown.size() == 200u);
  cncrypto::add_subaddresses(grown, k, 0, 10);  // nothing to add
  BOOST_TEST(grown.size() == 200u);
}

BOOST_AUTO_TEST_CASE(subaddress_table_misuse) {
  account_base acc;
  acc.generate();
  cncrypto::subaddress_map map;
  BOOST_CHECK_THROW(cncrypto::add_subaddresses(map, acc.get_keys(), 1u << 13, 1u << 12), std::invalid_argument);
  BOOST_TEST(map.empty());
  BOOST_CHECK_THROW(cncrypto::get_subaddress_spend_public_keys(acc.get_keys(), 0, 5, 4), std::invalid_argument);
  account_keys bad = acc.get_keys();
  std::memset(&bad.m_account_address.m_spend_public_key, 0xff, 32);
  bad.m_account_address.m_spend_public_key.data[31] = 0x7f;  // y >= p: no point
  try {
    cncrypto::add_subaddresses(map, bad, 1, 2);
    BOOST_ERROR("no exception");
  } catch (const std::invalid_argument &e) {
    BOOST_TEST(e.what() == std::string("the account's spend public key is not a valid ed25519 point"));
  }
}

BOOST_AUTO_TEST_SUITE_END()
