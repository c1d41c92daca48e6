// construct_miner_tx, get_block_reward, decompose_amount_into_digits and the
// key-offset conversions.
//
// Expected values: spec cryptonote_format.md 10.1 (the hard fork 1 coinbase of
// Monero's performance fixtures: reward (2^64-1) >> 20 = 17 592 186 044 415 in
// six outputs 186 044 415, 2e9, 9e10, 5e11, 7e12, 1e13); the penalised
// rewards were computed with Python integers as
// base * (2M - W) * W // M // M (Monero's formula).
#include <boost/test/unit_test.hpp>

#include "cryptonote/serialization.h"
#include "tx_test_chain.h"

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names
using namespace txtest;

BOOST_AUTO_TEST_SUITE(coinbase)

BOOST_AUTO_TEST_CASE(hard_fork_1_fixture_coinbase) {
  wallet bob;
  transaction tx;
  std::string error;
  BOOST_REQUIRE_MESSAGE(construct_miner_tx(0, 0, 0, 2, 0, bob.addr(), tx, {}, 999, 1, &error), error);
  const std::uint64_t expected[] = {186044415ull,    2000000000ull,    90000000000ull,
                                    500000000000ull, 7000000000000ull, 10000000000000ull};
  BOOST_REQUIRE_EQUAL(tx.vout.size(), 6u);
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < 6; ++i) {
    BOOST_CHECK_EQUAL(tx.vout[i].amount, expected[i]);
    BOOST_CHECK((tx.vout[i].target.type() == typeid(txout_to_key)));
    sum += tx.vout[i].amount;
  }
  BOOST_CHECK_EQUAL(sum, 17592186044415ull);
  BOOST_CHECK_EQUAL(tx.version, 1u);
  BOOST_CHECK_EQUAL(tx.unlock_time, 60u);
  BOOST_REQUIRE_EQUAL(tx.vin.size(), 1u);
  BOOST_CHECK_EQUAL(boost::get<txin_gen>(tx.vin[0]).height, 0u);
  // Every output is Bob's main address (output k at index k).
  const std::vector<found_output> found = scan(tx, bob);
  BOOST_REQUIRE_EQUAL(found.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) {
    BOOST_CHECK_EQUAL(found[i].index, i);
    BOOST_CHECK(found[i].subaddr == (subaddress_index{0, 0}));
  }
  // It serializes and parses back.
  const blobdata blob = tx_to_blob(tx);
  BOOST_CHECK(tx_to_blob(parse_transaction(blob)) == blob);
}

BOOST_AUTO_TEST_CASE(later_hard_forks) {
  wallet bob;
  transaction tx;
  // hf 4+: version 2, no dust split (one output per digit); hf 15: view tags.
  BOOST_REQUIRE(construct_miner_tx(10, 0, 0, 2, 0, bob.addr(), tx, {}, 999, 15));
  BOOST_CHECK_EQUAL(tx.version, 2u);
  BOOST_CHECK_EQUAL(tx.unlock_time, 70u);
  for (const tx_out &o : tx.vout) BOOST_CHECK((o.target.type() == typeid(txout_to_tagged_key)));
  BOOST_CHECK_EQUAL(scan(tx, bob).size(), tx.vout.size());
  // max_outs = 1 merges everything into one output at height 0 / hf >= 4.
  BOOST_REQUIRE(construct_miner_tx(0, 0, 0, 2, 0, bob.addr(), tx, {}, 1, 1));
  BOOST_REQUIRE_EQUAL(tx.vout.size(), 1u);
  BOOST_CHECK_EQUAL(tx.vout[0].amount, 17592186044415ull);
  // ... but is refused at height > 0 before hf 4.
  std::string error;
  BOOST_CHECK(!construct_miner_tx(5, 0, 0, 2, 0, bob.addr(), tx, {}, 1, 1, &error));
  BOOST_CHECK_NE(error.find("max_outs"), std::string::npos);
  BOOST_CHECK(tx.vout.empty());
  // An extra nonce goes into extra after R.
  BOOST_REQUIRE(construct_miner_tx(1, 0, 0, 2, 0, bob.addr(), tx, blobdata{1, 2, 3}, 999, 1));
  blobdata nonce;
  BOOST_REQUIRE(cncrypto::get_extra_nonce_from_extra(tx.extra, nonce));
  BOOST_CHECK(nonce == (blobdata{1, 2, 3}));
  // A block more than twice the median is refused.
  BOOST_CHECK(!construct_miner_tx(1, 0, 0, 40001, 0, bob.addr(), tx, {}, 999, 1, &error));
  BOOST_CHECK_NE(error.find("too big"), std::string::npos);
}

BOOST_AUTO_TEST_CASE(block_reward) {
  std::uint64_t r = 0;
  BOOST_REQUIRE(get_block_reward(0, 0, 0, r, 1));
  BOOST_CHECK_EQUAL(r, 17592186044415ull);
  // Version 2+: 2-minute blocks, emission factor 19.
  BOOST_REQUIRE(get_block_reward(0, 0, 0, r, 2));
  BOOST_CHECK_EQUAL(r, 35184372088831ull);
  // Tail emission: 0.6 XMR per 2-minute block.
  BOOST_REQUIRE(get_block_reward(0, 0, 18446744073709551615ull - 1000, r, 16));
  BOOST_CHECK_EQUAL(r, 600000000000ull);
  // Penalty: median 300000 (zone v5), weight 400000 and 599999.
  BOOST_REQUIRE(get_block_reward(300000, 400000, 0, r, 16));
  BOOST_CHECK_EQUAL(r, 31274997412294ull);
  BOOST_REQUIRE(get_block_reward(300000, 599999, 0, r, 16));
  BOOST_CHECK_EQUAL(r, 234562089ull);
  BOOST_CHECK(!get_block_reward(300000, 600001, 0, r, 16));
  // Penalty with a large base: already generated 10^18, median 1000000, weight 1500000.
  BOOST_REQUIRE(get_block_reward(1000000, 1500000, 1000000000000000000ull, r, 12));
  BOOST_CHECK_EQUAL(r, 24957767592014ull);
}

BOOST_AUTO_TEST_CASE(decompose_amount) {
  std::vector<std::uint64_t> chunks, dust;
  auto run = [&](std::uint64_t amount, std::uint64_t threshold) {
    chunks.clear();
    dust.clear();
    decompose_amount_into_digits(
        amount, threshold, [&](std::uint64_t c) { chunks.push_back(c); }, [&](std::uint64_t d) { dust.push_back(d); });
  };
  run(17592186044415ull, 2000000000ull);
  BOOST_CHECK(dust == (std::vector<std::uint64_t>{186044415ull}));
  BOOST_CHECK(chunks == (std::vector<std::uint64_t>{2000000000ull, 90000000000ull, 500000000000ull, 7000000000000ull,
                                                    10000000000000ull}));
  run(1020304, 0);
  BOOST_CHECK(dust.empty());
  BOOST_CHECK(chunks == (std::vector<std::uint64_t>{4, 300, 20000, 1000000}));
  run(0, 10);
  BOOST_CHECK(dust.empty() && chunks.empty());
  run(999, 1000);
  BOOST_CHECK(dust == (std::vector<std::uint64_t>{999}));
  BOOST_CHECK(chunks.empty());
  run(18446744073709551615ull, 0);  // 20 digits, two of them 0: the top one is 10^19
  BOOST_REQUIRE_EQUAL(chunks.size(), 18u);
  BOOST_CHECK_EQUAL(chunks.back(), 10000000000000000000ull);
}

BOOST_AUTO_TEST_CASE(key_offsets) {
  const std::vector<std::uint64_t> abs{7, 3, 100, 4};
  const std::vector<std::uint64_t> rel = absolute_output_offsets_to_relative(abs);
  BOOST_CHECK(rel == (std::vector<std::uint64_t>{3, 1, 3, 93}));
  BOOST_CHECK(relative_output_offsets_to_absolute(rel) == (std::vector<std::uint64_t>{3, 4, 7, 100}));
  BOOST_CHECK_THROW(absolute_output_offsets_to_relative({5, 9, 5}), std::invalid_argument);
  BOOST_CHECK_THROW(relative_output_offsets_to_absolute({1ull << 63, 1ull << 63}), std::invalid_argument);
  BOOST_CHECK(absolute_output_offsets_to_relative({}).empty());
}

// The miner transaction's refusals, each naming the mistake, with tx left empty.
BOOST_AUTO_TEST_CASE(miner_tx_refusals) {
  wallet bob;
  transaction tx;
  std::string error;
  auto refused = [&](const std::string &expected) {
    BOOST_TEST(tx.vin.empty());
    BOOST_TEST(tx.vout.empty());
    BOOST_TEST(error.find(expected) != std::string::npos, error);
  };
  // An extra nonce is one tx_extra field: at most 255 bytes.
  BOOST_CHECK(construct_miner_tx(1, 0, 0, 2, 0, bob.addr(), tx, blobdata(255, 'n'), 999, 16, &error));
  BOOST_CHECK(!construct_miner_tx(1, 0, 0, 2, 0, bob.addr(), tx, blobdata(256, 'n'), 999, 16, &error));
  refused("extra nonce of 256 bytes is longer than 255");
  BOOST_CHECK(!construct_miner_tx(1, 0, 0, 2, 0, bob.addr(), tx, {}, 0, 16, &error));
  refused("max_outs must be at least 1");
  // Keys of the miner's address that are not points (y = 2 has no x).
  crypto::public_key bad{};
  bad.data[0] = 2;
  BOOST_REQUIRE(!crypto::check_key(bad));
  account_public_address bad_view = bob.addr();
  bad_view.m_view_public_key = bad;
  BOOST_CHECK(!construct_miner_tx(1, 0, 0, 2, 0, bad_view, tx, {}, 999, 16, &error));
  refused("the miner's view public key 0200");
  account_public_address bad_spend = bob.addr();
  bad_spend.m_spend_public_key = bad;
  BOOST_CHECK(!construct_miner_tx(1, 0, 0, 2, 0, bad_spend, tx, {}, 999, 16, &error));
  refused("the miner's spend public key 0200");
  refused("is not a valid point");
}

// Hard forks 2 and 3 drop the reward's digits below 10^8 (Monero:
// BASE_REWARD_CLAMP_THRESHOLD); hard fork 4 keeps them. The v2 reward of an
// empty chain is (2^64-1) >> 19 = 35 184 372 088 831 (block_reward above).
BOOST_AUTO_TEST_CASE(reward_clamped_at_hard_forks_2_and_3) {
  wallet bob;
  const std::uint64_t fee = 123456789;  // its low digits go too
  for (const std::uint8_t hf : {2, 3, 4}) {
    BOOST_TEST_CONTEXT("hard fork " << int(hf)) {
      transaction tx;
      std::string error;
      BOOST_REQUIRE_MESSAGE(construct_miner_tx(5, 0, 0, 2, fee, bob.addr(), tx, {}, 999, hf, &error), error);
      std::uint64_t sum = 0;
      for (const tx_out &o : tx.vout) sum += o.amount;
      const std::uint64_t full = 35184372088831ull + fee;
      BOOST_CHECK_EQUAL(sum, hf < 4 ? full - full % 100000000ull : full);
      BOOST_CHECK_EQUAL(tx.version, hf < 4 ? 1u : 2u);
    }
  }
}

// Monero asserts median and block weight below 2^32 (get_block_reward's
// 128-bit product is of two 32-bit halves); here a median of 2^32 or more
// with a penalised block is refused, not overflowed.
BOOST_AUTO_TEST_CASE(block_reward_weights_above_32_bits) {
  std::uint64_t r = 0;
  const std::size_t m = std::size_t{1} << 32;
  BOOST_CHECK(get_block_reward(m, m, 0, r, 16));  // not penalised: the base reward
  BOOST_CHECK_EQUAL(r, 35184372088831ull);
  r = 7;
  BOOST_CHECK(!get_block_reward(m, m + 1, 0, r, 16));
  BOOST_CHECK_EQUAL(r, 7u);
}

// The constructor with the address text keeps it (informational, Monero's
// tx_destination_entry(std::string, ...)).
BOOST_AUTO_TEST_CASE(destination_entry_with_text) {
  wallet bob;
  const tx_destination_entry d("bob's address", 42, bob.addr(0, 1), true);
  BOOST_CHECK_EQUAL(d.original, "bob's address");
  BOOST_CHECK_EQUAL(d.amount, 42u);
  BOOST_CHECK(d.addr == bob.addr(0, 1));
  BOOST_CHECK(d.is_subaddress);
}

BOOST_AUTO_TEST_SUITE_END()
