// Monero's helpers and overloads of cryptonote_basic/cryptonote_format_utils.h
// (src/tx/monero_format_utils.cpp) and its boost::optional / boost::variant
// forms.
//
// Expected values: hand-built transactions (amounts chosen so the sums are
// known, 2^64 - 1 + 2 wrapping to 1 as Monero's unchecked sum does), the
// returning forms of the same functions (get_transaction_hash,
// get_tx_tree_hash, calculate_block_hash), and for short_hash_str the hash's
// hex digits cut by hand (Monero: first 8, "....", last 8).
#include <boost/test/unit_test.hpp>

#include "cryptonote_basic/cryptonote_format_utils.h"
#include "cryptonote_core/cryptonote_tx_utils.h"
#include "device/device_default.hpp"

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

using namespace cryptonote;

namespace {
crypto::public_key key_of(unsigned char b) {
  crypto::public_key k;
  for (auto &c : k.data) c = static_cast<char>(b);
  return k;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(monero_format_utils)

BOOST_AUTO_TEST_CASE(set_tx_out_and_output_key) {
  crypto::view_tag vt;
  vt.data = 0x5a;
  tx_out tagged, plain;
  set_tx_out(9, key_of(3), true, vt, tagged);
  set_tx_out(8, key_of(4), false, vt, plain);
  BOOST_TEST(tagged.amount == 9u);
  BOOST_TEST((tagged.target.type() == typeid(txout_to_tagged_key)));
  BOOST_TEST(tagged.target.which() == 3);
  BOOST_TEST((plain.target.type() == typeid(txout_to_key)));
  crypto::public_key k;
  BOOST_TEST((get_output_public_key(tagged, k) && k == key_of(3)));
  BOOST_TEST((get_output_public_key(plain, k) && k == key_of(4)));
  const boost::optional<crypto::view_tag> t = get_output_view_tag(tagged);
  BOOST_TEST((t && t->data == 0x5a));
  BOOST_TEST(!get_output_view_tag(plain));
  tx_out script;
  script.target = txout_to_script{};
  BOOST_TEST(!get_output_public_key(script, k));
}

BOOST_AUTO_TEST_CASE(money_amounts) {
  transaction tx;
  txin_to_key a{}, b{};
  a.amount = std::numeric_limits<std::uint64_t>::max();
  b.amount = 2;
  tx.vin.push_back(a);
  tx.vin.push_back(b);
  tx.vout.push_back({5, txout_to_key{key_of(1)}});
  tx.vout.push_back({7, txout_to_key{key_of(2)}});
  std::uint64_t money = 0;
  BOOST_TEST(get_inputs_money_amount(tx, money));
  BOOST_TEST(money == 1u);  // wraps mod 2^64, as Monero's sum
  BOOST_TEST(get_outs_money_amount(tx) == 12u);
  BOOST_TEST(check_inputs_types_supported(tx));
  tx.vin.push_back(txin_gen{3});
  BOOST_TEST(!get_inputs_money_amount(tx, money));
  BOOST_TEST(!check_inputs_types_supported(tx));
}

BOOST_AUTO_TEST_CASE(hash_overloads) {
  transaction tx;
  tx.version = 1;
  tx.vin.push_back(txin_gen{10});
  tx.vout.push_back({1, txout_to_key{key_of(7)}});
  crypto::hash h1, h2, h3;
  std::size_t size = 0, size2 = 0;
  BOOST_TEST(get_transaction_hash(tx, h1));
  BOOST_TEST(get_transaction_hash(tx, h2, size));
  BOOST_TEST(get_transaction_hash(tx, h3, &size2));
  BOOST_TEST((h1 == get_transaction_hash(tx) && h2 == h1 && h3 == h1));
  BOOST_TEST(size == tx_to_blob(tx).size());
  BOOST_TEST(size2 == size);

  block b;
  b.major_version = 1;
  b.miner_tx = tx;
  crypto::hash bh;
  BOOST_TEST(get_block_hash(b, bh));
  BOOST_TEST((bh == get_block_hash(b)));

  const std::vector<crypto::hash> ids{h1, bh, crypto::null_hash};
  crypto::hash root;
  get_tx_tree_hash(ids, root);
  BOOST_TEST((root == get_tx_tree_hash(ids)));
  BOOST_CHECK_THROW(get_tx_tree_hash(std::vector<crypto::hash>{}, root), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(short_hash) {
  crypto::hash h;
  for (int i = 0; i < 32; ++i) h.data[i] = static_cast<char>(i);
  BOOST_TEST(short_hash_str(h) == "00010203....1c1d1e1f");
}

// A device that says it is a Ledger: cncrypto computes in software only.
struct fake_ledger : hw::core::device_default {
  device_type get_type() const override { return device_type::LEDGER; }
};

BOOST_AUTO_TEST_CASE(prefix_hash_device_forms) {
  transaction tx;
  tx.version = 2;
  tx.unlock_time = 10;
  txin_gen in;
  in.height = 3;
  tx.vin.push_back(in);
  tx_out out;
  set_tx_out(5, key_of(9), false, crypto::view_tag{}, out);
  tx.vout.push_back(out);
  const crypto::hash expected = get_transaction_prefix_hash(tx);
  crypto::hash h{};
  get_transaction_prefix_hash(tx, h, hw::get_device("default"));
  BOOST_TEST((h == expected));
  BOOST_TEST((get_transaction_prefix_hash(tx, hw::get_device("default")) == expected));
  fake_ledger ledger;
  BOOST_CHECK_THROW(get_transaction_prefix_hash(tx, ledger), std::invalid_argument);
}

// Monero's text form: parse_amount, round_money_up, print_money. Expected
// values by Monero's rule (digits past the significant ones become 0, a
// non-zero one bumps the kept part), worked out by hand.
BOOST_AUTO_TEST_CASE(round_money_up_text) {
  BOOST_TEST(round_money_up(std::string("1.2345"), 2) == "1.300000000000");
  BOOST_TEST(round_money_up(std::string("1.2"), 2) == "1.200000000000");  // already 2 digits
  BOOST_TEST(round_money_up(std::string("9.99"), 2) == "10.000000000000");
  BOOST_TEST(round_money_up(std::string("0.000012345"), 3) == "0.000012400000");
  BOOST_TEST(round_money_up(std::string("0"), 1) == "0.000000000000");
  BOOST_CHECK_EXCEPTION(round_money_up(std::string("1.2.3"), 2), std::runtime_error, [](const std::runtime_error &e) {
    return std::string(e.what()) == "Failed to parse amount: 1.2.3";
  });
  BOOST_CHECK_EXCEPTION(round_money_up(std::string("1"), 0), std::runtime_error, [](const std::runtime_error &e) {
    return std::string(e.what()) == "significant_digits must not be 0";  // the integer form's, Monero's text
  });
}

BOOST_AUTO_TEST_SUITE_END()
