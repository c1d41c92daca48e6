// Bad input to the builder: every case returns false with a message naming
// the problem, and leaves nothing half-built (tx empty, tx_key and the
// additional keys wiped and cleared).
#include <boost/test/unit_test.hpp>

#include "cryptonote/tx_extra.h"
#include "tx_test_chain.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>

using namespace cryptonote;
using namespace txtest;

namespace {

struct bad_input_fixture {
  fake_chain chain;
  wallet alice, bob;
  funded cb;
  std::vector<tx_source_entry> sources;
  std::vector<tx_destination_entry> dests;
  boost::optional<account_public_address> change;
  std::vector<std::uint8_t> extra;
  account_keys sender;
  cncrypto::subaddress_map subs;

  bad_input_fixture() : cb(mine_to(chain, alice)) {
    sources.push_back(chain.source(cb.tx, 2, cb.gidx[2], 4));  // 9e10
    dests.push_back(bob.dest(1000000000ull));
    dests.push_back(bob.dest(2000000000ull, 1, 1));  // two destinations of bob's: additional keys
    change = alice.addr();
    dests.push_back(alice.dest(3000000000ull));
    sender = alice.keys();
    subs = alice.subs;
  }

  // Builds, expects failure with a message containing `expected`.
  void expect_failure(const std::string &expected) {
    transaction tx;
    tx.version = 1;
    tx.vout.resize(1);  // must be reset on failure
    crypto::secret_key tx_key;
    std::vector<crypto::secret_key> additional(2);
    std::string error;
    const bool ok = construct_tx_and_get_tx_key(sender, subs, sources, dests, change, extra, tx, 0, tx_key, additional,
                                                false, {rct::RangeProofBorromean, 0}, true, &error);
    BOOST_CHECK(!ok);
    BOOST_CHECK_MESSAGE(error.find(expected) != std::string::npos,
                        "error '" << error << "' does not mention '" << expected << "'");
    BOOST_CHECK(tx.vin.empty() && tx.vout.empty() && tx.signatures.empty() && tx.extra.empty());
    BOOST_CHECK(tx_key == crypto::null_skey);
    BOOST_CHECK(additional.empty());
    // Without an error pointer: still false.
    transaction tx2;
    BOOST_CHECK(!construct_tx_and_get_tx_key(sender, subs, sources, dests, change, extra, tx2, 0, tx_key, additional,
                                             false, {rct::RangeProofBorromean, 0}, true));
  }
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(builder_bad_input, bad_input_fixture)

BOOST_AUTO_TEST_CASE(baseline_builds) {
  transaction tx;
  crypto::secret_key k;
  std::vector<crypto::secret_key> a;
  std::string error;
  BOOST_CHECK_MESSAGE(construct_tx_and_get_tx_key(sender, subs, sources, dests, change, extra, tx, 0, k, a, false,
                                                  {rct::RangeProofBorromean, 0}, true, &error),
                      error);
}

BOOST_AUTO_TEST_CASE(empty_destinations) {
  dests.clear();
  expect_failure("no destinations");
}

BOOST_AUTO_TEST_CASE(empty_sources) {
  sources.clear();
  expect_failure("no sources");
}

BOOST_AUTO_TEST_CASE(destination_amounts_overflow_64_bits) {
  sources.push_back(chain.source(cb.tx, 5, cb.gidx[5], 4));
  dests[0].amount = std::numeric_limits<std::uint64_t>::max() - 10;
  expect_failure("sum of the destination amounts overflows 64 bits");
}

BOOST_AUTO_TEST_CASE(source_amounts_overflow_64_bits) {
  sources.push_back(chain.source(cb.tx, 5, cb.gidx[5], 4));
  sources[1].amount = std::numeric_limits<std::uint64_t>::max();
  expect_failure("sum of the source amounts overflows 64 bits");
}

BOOST_AUTO_TEST_CASE(outputs_exceed_inputs) {
  dests[2].amount = 90000000000ull;
  expect_failure("outputs (93000000000) exceed inputs (90000000000)");
}

BOOST_AUTO_TEST_CASE(real_index_outside_the_ring) {
  sources[0].real_output = 4;
  expect_failure("source 0: real_output 4 is outside its ring of 4 members");
}

BOOST_AUTO_TEST_CASE(empty_ring) {
  sources[0].outputs.clear();
  expect_failure("source 0: empty ring");
}

BOOST_AUTO_TEST_CASE(real_index_pointing_at_a_decoy) {
  sources[0].real_output = (sources[0].real_output + 1) % 4;
  expect_failure("source 0: the real ring member");
}

BOOST_AUTO_TEST_CASE(mismatched_real_key) {
  const crypto::public_key other = fake_chain::random_point();
  std::memcpy(sources[0].outputs[sources[0].real_output].second.dest.bytes, &other, 32);
  expect_failure("is not an output of the sender");
}

BOOST_AUTO_TEST_CASE(wrong_output_index_in_tx) {
  sources[0].real_output_in_tx_index = 3;
  expect_failure("output index 3");
}

BOOST_AUTO_TEST_CASE(unsorted_ring) {
  std::swap(sources[0].outputs[0].first, sources[0].outputs[1].first);
  expect_failure("strictly increasing");
}

BOOST_AUTO_TEST_CASE(same_output_spent_twice) {
  sources.push_back(sources[0]);
  expect_failure("spend the same output (same key image)");
}

BOOST_AUTO_TEST_CASE(unknown_subaddress) {
  // An output received at (1, 2) cannot be spent with a table that lacks (1, 2).
  wallet bank;
  funded f = mine_to(chain, bank);
  std::vector<tx_source_entry> s{chain.source(f.tx, 5, f.gidx[5], 2)};
  std::vector<tx_destination_entry> d{alice.dest(5000000000000ull, 1, 2)};
  transaction t;
  std::string error;
  BOOST_REQUIRE_MESSAGE(construct_tx(bank.keys(), s, d, boost::none, {}, t, 0, &error), error);
  const std::vector<std::uint64_t> g = chain.add_tx(t);
  sources = {chain.source(t, 0, g[0], 3)};
  subs = cncrypto::make_subaddress_map(alice.keys(), 1, 1);  // (0, 0) only
  expect_failure("a subaddress missing from the subaddress table");
}

BOOST_AUTO_TEST_CASE(too_large_extra) {
  // Five 255-byte nonces (each 258 bytes with tag and length) exceed 1060 bytes.
  for (int i = 0; i < 5; ++i) {
    blobdata nonce(255, static_cast<std::uint8_t>(0x40 + i));
    BOOST_REQUIRE(add_extra_nonce_to_tx_extra(extra, nonce));
  }
  expect_failure("more than the 1060 bytes allowed");
}

BOOST_AUTO_TEST_CASE(extra_that_does_not_parse) {
  extra = {0x05, 0x01};
  expect_failure("extra does not parse");
}

BOOST_AUTO_TEST_CASE(short_payment_id_with_two_recipient_addresses) {
  blobdata nonce;
  set_encrypted_payment_id_to_tx_extra_nonce(nonce, crypto::hash8{{1, 2, 3, 4, 5, 6, 7, 8}});
  BOOST_REQUIRE(add_extra_nonce_to_tx_extra(extra, nonce));
  expect_failure("needs exactly one destination address");
}

// Version 1 outputs carry their amount in the clear; one of 0 could never be
// spent, and the daemon-side check refuses it. Monero refuses it too
// ("Destination with wrong amount: 0"). With RingCT, 0 is allowed (rct_tx_tests).
BOOST_AUTO_TEST_CASE(zero_amount_destination) {
  dests[1].amount = 0;
  expect_failure("amount 0 (a version 1 output must carry a non-zero amount)");
}

// The change output is no exception (Monero's wallet pads with a zero change only for RingCT).
BOOST_AUTO_TEST_CASE(zero_amount_change_destination) {
  dests[2].amount = 0;  // alice's: the change address
  expect_failure("amount 0 (a version 1 output must carry a non-zero amount)");
}

BOOST_AUTO_TEST_CASE(invalid_destination_view_key) {
  crypto::public_key bad{};
  bad.data[0] = 2;  // y = 2 has no x on the curve
  BOOST_REQUIRE(!crypto::check_key(bad));
  dests[0].addr.m_view_public_key = bad;
  expect_failure("is not a valid point");
}

// One destination plus change: the dummy payment id is the first step to use
// the view key, R = r*D the first to use a subaddress's spend key; the message
// still names the destination (caller's order).
BOOST_AUTO_TEST_CASE(invalid_view_key_single_destination) {
  crypto::public_key bad{};
  bad.data[0] = 2;
  BOOST_REQUIRE(!crypto::check_key(bad));
  dests.erase(dests.begin() + 1);  // bob main + alice change
  dests[0].addr.m_view_public_key = bad;
  expect_failure("destination 0: the view public key 0200");
}

BOOST_AUTO_TEST_CASE(invalid_spend_key_single_subaddress_destination) {
  crypto::public_key bad{};
  bad.data[0] = 2;
  dests.erase(dests.begin());  // bob (1, 1) + alice change: R = r*D
  dests[0].addr.m_spend_public_key = bad;
  expect_failure("destination 0: the spend public key 0200");
}

BOOST_AUTO_TEST_CASE(invalid_ring_member) {
  crypto::public_key bad{};
  bad.data[0] = 2;
  const std::size_t decoy = (sources[0].real_output + 1) % 4;
  std::memcpy(sources[0].outputs[decoy].second.dest.bytes, &bad, 32);
  expect_failure("input 0: cannot sign");
}

BOOST_AUTO_TEST_CASE(ringct_source_in_version_1) {
  sources[0].rct = true;
  expect_failure("only a version 2 (RingCT) transaction can spend it");
}

BOOST_AUTO_TEST_CASE(ringct_not_built_yet) {
  transaction tx;
  crypto::secret_key k;
  std::vector<crypto::secret_key> a;
  std::string error;
  BOOST_CHECK(!construct_tx_and_get_tx_key(sender, subs, sources, dests, change, extra, tx, 0, k, a, true,
                                           {rct::RangeProofPaddedBulletproof, 4}, true, &error));
  BOOST_CHECK(error.find("RingCT") != std::string::npos);
  BOOST_CHECK(k == crypto::null_skey);
}

BOOST_AUTO_TEST_CASE(watch_only_sender) {
  sender.m_spend_secret_key = crypto::secret_key();
  expect_failure("watch-only");
}

BOOST_AUTO_TEST_CASE(wrong_number_of_additional_keys_with_tx_key) {
  // construct_tx_with_tx_key with caller-chosen keys: one additional key per destination is required here.
  transaction tx;
  crypto::secret_key r;
  crypto::public_key R;
  crypto::generate_keys(R, r);
  std::string error;
  BOOST_CHECK(!construct_tx_with_tx_key(sender, subs, sources, dests, change, extra, tx, 0, r, {}, false,
                                        {rct::RangeProofBorromean, 0}, true, false, &error));
  BOOST_CHECK_MESSAGE(error.find("need one additional tx key each: 3 expected, 0 given") != std::string::npos, error);
  BOOST_CHECK(tx.vin.empty() && tx.vout.empty());
}

// The caller's extra keeps its fields but the tx public key and, when the
// builder writes its own, the additional keys (Monero's construct_tx_with_tx_key:
// remove_field_from_tx_extra of tx_extra_pub_key, and of
// tx_extra_additional_pub_keys when additional keys are needed; the other
// fields are written back as parsed).
BOOST_AUTO_TEST_CASE(caller_extra_fields_kept_stale_keys_replaced) {
  tx_extra_pub_key stale;
  std::memset(&stale.pub_key, 0x11, sizeof stale.pub_key);
  tx_extra_merge_mining_tag mm;
  mm.depth = 3;
  std::memset(&mm.merkle_root, 0x22, sizeof mm.merkle_root);
  tx_extra_additional_pub_keys stale_additional;
  stale_additional.data.resize(5);
  tx_extra_mysterious_minergate mg;
  mg.data = {0x6d, 0x67, 0x01, 0x02};
  for (const tx_extra_field &f : std::vector<tx_extra_field>{stale, mm, stale_additional, mg}) cncrypto::write_tx_extra_field(extra, f);
  transaction tx;
  crypto::secret_key k;
  std::vector<crypto::secret_key> a;
  std::string error;
  BOOST_REQUIRE_MESSAGE(construct_tx_and_get_tx_key(sender, subs, sources, dests, change, extra, tx, 0, k, a, false,
                                                    {rct::RangeProofBorromean, 0}, true, &error),
                        error);
  std::vector<tx_extra_field> fields;
  BOOST_REQUIRE(parse_tx_extra(tx.extra, fields));
  std::size_t pub_keys = 0, additional = 0, merge = 0, minergate = 0;
  for (const tx_extra_field &f : fields) {
    if (const auto *pk = boost::get<tx_extra_pub_key>(&f)) {
      ++pub_keys;
      BOOST_TEST(std::memcmp(&pk->pub_key, &stale.pub_key, 32) != 0);
    } else if (const auto *ak = boost::get<tx_extra_additional_pub_keys>(&f)) {
      ++additional;
      BOOST_TEST(ak->data.size() == dests.size());
    } else if (const auto *m = boost::get<tx_extra_merge_mining_tag>(&f)) {
      ++merge;
      BOOST_TEST(m->depth == 3u);
      BOOST_TEST(std::memcmp(&m->merkle_root, &mm.merkle_root, 32) == 0);
    } else if (const auto *g = boost::get<tx_extra_mysterious_minergate>(&f)) {
      ++minergate;
      BOOST_TEST((g->data == mg.data));
    }
  }
  BOOST_TEST(pub_keys == 1u);
  BOOST_TEST(additional == 1u);
  BOOST_TEST(merge == 1u);
  BOOST_TEST(minergate == 1u);
}

// A padding field in the caller's extra: the builder appends the tx public key
// after it, and padding is only zeros to the end (Monero's sort_tx_extra then
// fails the same way): refused, naming tx_extra.
BOOST_AUTO_TEST_CASE(padding_in_caller_extra) {
  extra = {0x00, 0x00};
  expect_failure("does not parse");
}

// The dummy payment id is encrypted for the change address when every other
// destination carries 0 (Monero's get_destination_view_key_pub): a change
// address whose view key is no point is refused there, naming it.
BOOST_AUTO_TEST_CASE(invalid_change_view_key_for_the_dummy_payment_id) {
  crypto::public_key bad{};
  bad.data[0] = 2;
  BOOST_REQUIRE(!crypto::check_key(bad));
  dests = {bob.dest(0)};
  change->m_view_public_key = bad;
  expect_failure("dummy payment id: the view public key 0200");
}

BOOST_AUTO_TEST_SUITE_END()
