// The hard-fork rules (cryptonote/tx_rules.h, docs/tx_rules.md): every rule
// from both sides, a transaction accepted at fork N-1 and refused at N (or the
// reverse for a rule that allows something from N), on real transactions of
// ../shared/data (their forks follow from their type and ring size: a type
// can only have been mined at the forks that allow it) and on copies of them
// changed in the one field a rule looks at. The rules do not verify
// signatures, so a changed copy tests exactly that rule.
//
// Expected outcomes come from Monero v0.18's check_tx_outputs,
// check_tx_inputs, check_output_types and tx_memory_pool::add_tx (the
// conditions are quoted in src/tx/tx_rules.cpp and docs/tx_rules.md).
#include <boost/test/unit_test.hpp>

#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_rules.h"
#include "cryptonote/tx_verification.h"
#include "support/chain_data.h"
#include "support/shared_data.h"

#include <algorithm>
#include <cstring>
#include <string>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names

namespace {

transaction real_tx(const std::string &hash) {
  const auto blob = cncrypto::test::read_data_file("txs/" + hash + ".bin");
  return parse_transaction(byte_span(blob.data(), blob.size()));
}

// Real transactions (../shared/data/README.md).
const char *const v1_hf3 = "effcceb9a7e4464c7d13a0474f7822afb20b2e80e72031ec11f30a9276f24051";   // v1, 2/4, ring 3
const char *const full_t1 = "140564273396a16135ba0867ded6b7981fdc28bda45c62f993dc51ff26cfb2e5";  // type 1, 1/2, ring 3
const char *const simple_t2 = "c69861bf16c5f382c2003b2b6b93d82989c385e7d33ff03e7a61f60014109147"; // type 2, 2/2, ring 5
const char *const bp_t3 = "a685d68ec1e5c1ca25b00fecb7dd87f879c68e61c9cf3046fc42785239123a6c";   // type 3, 2/2, ring 11
const char *const bp2_t4 = "10312fd4a2da881f8a5ab31d4492176d835f523f08c09a8cea7456f6bdedb6fa";  // type 4, 1/2, ring 11
const char *const bp2_t4_2in = "40452499ae6e3fe2d28fed0d6e221e5d8be3e70ffffadf9ba3b9ed3d3be83c2c";  // type 4, 2/2
const char *const clsag_t5 = "200c32150598edfea93b69e10b96eb873717bc10500c4c65e4b5cc8818b66d34"; // type 5, 2/2, ring 11
const char *const bpp_t6 = "e89415b95564aa7e3587c91422756ba5303e727996e19c677630309a0d52a7ca";   // type 6, 1/2, ring 16 (HF 16)
const char *const bpp_t6_10 = "c072513a1e96497ad7a99c2cc39182bcb4f820e42cce0f04718048424713d9b1";  // type 6, 1/10

// Options with a given weight: the changed copies do not serialize (their
// signatures no longer match the rings), so their weight is given as
// Monero's add_tx receives it.
tx_hf_options weighing(std::uint64_t weight, bool kept_by_block = false) {
  tx_hf_options o;
  o.tx_weight = weight;
  o.kept_by_block = kept_by_block;
  return o;
}

// The rule a check breaks (none when it passes), with the message in the
// test log for a failure.
tx_rule rule_at(const transaction &tx, std::uint8_t hf, const tx_hf_options &options = weighing(2000)) {
  std::string error;
  tx_rule rule = tx_rule::none;
  const bool ok = check_tx_hf_rules(tx, hf, options, &error, &rule);
  BOOST_TEST_MESSAGE("hf " << int(hf) << ": " << (ok ? "accepted" : error));
  BOOST_CHECK_EQUAL(ok, rule == tx_rule::none);
  BOOST_CHECK_EQUAL(ok, error.empty());
  return rule;
}

#define CHECK_RULE(tx, hf, expected) BOOST_CHECK_EQUAL(tx_rule_name(rule_at(tx, hf)), tx_rule_name(expected))

// The rule broken at each fork of a list ({fork, rule} pairs).
void expect(const transaction &tx, std::initializer_list<std::pair<int, tx_rule>> forks,
            const tx_hf_options &options = weighing(2000)) {
  for (const auto &[hf, rule] : forks) {
    BOOST_TEST_CONTEXT("hard fork " << hf) {
      BOOST_CHECK_EQUAL(tx_rule_name(rule_at(tx, static_cast<std::uint8_t>(hf), options)), tx_rule_name(rule));
    }
  }
}
#define CHECK_RULE_OPT(tx, hf, options, expected) \
  BOOST_CHECK_EQUAL(tx_rule_name(rule_at(tx, hf, options)), tx_rule_name(expected))

void set_ring_size(transaction &tx, std::size_t input, std::size_t size) {
  auto &offsets = boost::get<txin_to_key>(tx.vin[input]).key_offsets;
  offsets.resize(size, 1);
}

// Inputs in strictly descending key image order (as builders sort them).
void sort_inputs(transaction &tx) {
  std::sort(tx.vin.begin(), tx.vin.end(), [](const txin_v &a, const txin_v &b) {
    return std::memcmp(&boost::get<txin_to_key>(a).k_image, &boost::get<txin_to_key>(b).k_image,
                       sizeof(crypto::key_image)) > 0;
  });
}

// Every output as txout_to_tagged_key (tag 0) or as txout_to_key.
void retarget(transaction &tx, bool tagged) {
  for (auto &o : tx.vout) {
    crypto::public_key key{};
    if (const auto *t = boost::get<txout_to_key>(&o.target)) key = t->key;
    if (const auto *t = boost::get<txout_to_tagged_key>(&o.target)) key = t->key;
    if (tagged) {
      txout_to_tagged_key t;
      t.key = key;
      t.view_tag.data = 0;
      o.target = t;
    } else {
      o.target = txout_to_key{key};
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(tx_hf_rules)

// Each real transaction passes at the forks its type and ring size allow.
BOOST_AUTO_TEST_CASE(real_transactions_pass_at_their_forks, *cncrypto::test::needs_shared()) {
  const transaction v1 = real_tx(v1_hf3), t1 = real_tx(full_t1), t2 = real_tx(simple_t2), t3 = real_tx(bp_t3),
                    t4 = real_tx(bp2_t4), t5 = real_tx(clsag_t5), t6 = real_tx(bpp_t6), t6b = real_tx(bpp_t6_10);
  for (std::uint8_t hf : {2, 3, 4, 5}) CHECK_RULE(v1, hf, tx_rule::none);
  for (std::uint8_t hf : {4, 5}) CHECK_RULE(t1, hf, tx_rule::none);
  for (std::uint8_t hf : {4, 5, 6}) CHECK_RULE(t2, hf, tx_rule::none);
  for (std::uint8_t hf : {8, 9, 10}) CHECK_RULE(t3, hf, tx_rule::none);
  for (std::uint8_t hf : {10, 11, 12, 13}) CHECK_RULE(t4, hf, tx_rule::none);
  for (std::uint8_t hf : {13, 14, 15}) CHECK_RULE(t5, hf, tx_rule::none);
  for (std::uint8_t hf : {15, 16}) {
    CHECK_RULE(t6, hf, tx_rule::none);
    CHECK_RULE(t6b, hf, tx_rule::none);
  }
}

// The RingCT type ladder (check_tx_outputs), each bound from both sides.
BOOST_AUTO_TEST_CASE(rct_type_per_fork, *cncrypto::test::needs_shared()) {
  const transaction t1 = real_tx(full_t1), t2 = real_tx(simple_t2), t3 = real_tx(bp_t3), t4 = real_tx(bp2_t4),
                    t5 = real_tx(clsag_t5), t6 = real_tx(bpp_t6);
  // v2 from HF 4 (versions: max 1 up to HF 3).
  CHECK_RULE(t1, 3, tx_rule::version);
  // Borromean (types 1, 2) refused after HF 8: a type 2 tx with 11-member rings passes at 8, not at 9.
  transaction t2r = t2;
  for (std::size_t i = 0; i < t2r.vin.size(); ++i) set_ring_size(t2r, i, 11);
  sort_inputs(t2r);
  expect(t2r, {{8, tx_rule::none}, {9, tx_rule::rct_type}});
  // Bulletproofs (type 3) from HF 8, refused from HF 11.
  expect(t3, {{7, tx_rule::rct_type}, {8, tx_rule::none}, {10, tx_rule::none}, {11, tx_rule::rct_type}});
  // Bulletproof2 (type 4) from HF 10, refused from HF 14 (MLSAG).
  expect(t4, {{9, tx_rule::rct_type}, {10, tx_rule::none}, {13, tx_rule::none}, {14, tx_rule::rct_type}});
  // CLSAG (type 5) from HF 13, refused from HF 16 (its proofs are Bulletproofs).
  expect(t5, {{12, tx_rule::rct_type}, {13, tx_rule::none}, {15, tx_rule::none}, {16, tx_rule::rct_type}});
  // Bulletproofs+ (type 6) from HF 15 (at 14 the untagged copy fails only on its type).
  transaction t6u = t6;
  retarget(t6u, false);
  expect(t6u, {{14, tx_rule::rct_type}, {15, tx_rule::none}});
  // Bulletproof+ data in another type is refused before HF 15.
  transaction t5p = t5;
  t5p.rct_signatures.p.bulletproofs_plus.resize(1);
  CHECK_RULE(t5p, 14, tx_rule::range_proof);
  // Bulletproof data in a type 2 before HF 8.
  transaction t2p = t2;
  t2p.rct_signatures.p.bulletproofs.resize(1);
  CHECK_RULE(t2p, 6, tx_rule::range_proof);
  CHECK_RULE(t2, 6, tx_rule::none);
  // Type 0 on a non-coinbase: refused whatever the fork.
  transaction t0 = t4;
  t0.rct_signatures.type = rct::RCTTypeNull;
  expect(t0, {{10, tx_rule::rct_type}, {14, tx_rule::rct_type}});
}

// Ring sizes (check_tx_inputs): minimum 3/5/7/11/16, exactly 11 at HF 8-9,
// at most 11 at 10-14, 11 or 16 at 15, 16 from 16, constant from 12.
BOOST_AUTO_TEST_CASE(ring_size_per_fork, *cncrypto::test::needs_shared()) {
  const transaction v1 = real_tx(v1_hf3), t2 = real_tx(simple_t2), t3 = real_tx(bp_t3), t4 = real_tx(bp2_t4_2in),
                    t6 = real_tx(bpp_t6);
  // v1 ring 3 (mixin 2): HF 2-5 accept, HF 6 (minimum 5) refuses.
  expect(v1, {{5, tx_rule::none}, {6, tx_rule::ring_size}});
  transaction v1_2 = v1;
  for (std::size_t i = 0; i < v1_2.vin.size(); ++i) set_ring_size(v1_2, i, 2);
  expect(v1_2, {{1, tx_rule::none}, {2, tx_rule::ring_size}});
  // Unmixable inputs (at most min_mixin outputs of their amount on the chain)
  // allow smaller rings and version 1 after HF 6.
  tx_hf_options few = weighing(2000);
  few.outputs_of_amount = [](std::uint64_t) { return std::uint64_t{3}; };
  CHECK_RULE_OPT(v1, 6, few, tx_rule::none);
  tx_hf_options many = weighing(2000);
  many.outputs_of_amount = [](std::uint64_t) { return std::uint64_t{1000}; };
  CHECK_RULE_OPT(v1, 6, many, tx_rule::ring_size);
  // Type 2 ring 5: HF 6 accepts (minimum 5), HF 7 (minimum 7) refuses.
  expect(t2, {{6, tx_rule::none}, {7, tx_rule::ring_size}});
  // Exactly 11 at HF 8 and 9, at most 11 from 10.
  transaction t3_12 = t3, t3_10 = t3;
  for (std::size_t i = 0; i < t3.vin.size(); ++i) {
    set_ring_size(t3_12, i, 12);
    set_ring_size(t3_10, i, 10);
  }
  expect(t3_12, {{8, tx_rule::ring_size}, {9, tx_rule::ring_size}, {10, tx_rule::ring_size}});
  expect(t3_10, {{8, tx_rule::ring_size}, {10, tx_rule::ring_size}});
  // Rings of different sizes: Monero looks at the smallest only before HF 12.
  transaction t4_mixed = t4;
  set_ring_size(t4_mixed, 1, 12);
  expect(t4_mixed, {{11, tx_rule::none}, {12, tx_rule::ring_size}});
  // HF 15: 16, or 11 for the grace period; 12 refused. HF 16: 16 only.
  transaction t6_11 = t6, t6_12 = t6, t6_17 = t6;
  set_ring_size(t6_11, 0, 11);
  set_ring_size(t6_12, 0, 12);
  set_ring_size(t6_17, 0, 17);
  expect(t6_11, {{15, tx_rule::none}, {16, tx_rule::ring_size}});
  CHECK_RULE(t6_12, 15, tx_rule::ring_size);
  expect(t6_17, {{15, tx_rule::ring_size}, {16, tx_rule::ring_size}});
}

// At least two outputs for v2 from HF 12.
BOOST_AUTO_TEST_CASE(two_outputs_from_hf12, *cncrypto::test::needs_shared()) {
  transaction t4 = real_tx(bp2_t4);
  t4.vout.resize(1);
  expect(t4, {{11, tx_rule::none}, {12, tx_rule::too_few_outputs}});
}

// Output types: txout_to_key before 15, either (one kind) at 15, tagged from 16.
BOOST_AUTO_TEST_CASE(output_types_per_fork, *cncrypto::test::needs_shared()) {
  const transaction t6 = real_tx(bpp_t6);  // tagged
  transaction untagged = t6, mixed = t6;
  retarget(untagged, false);
  mixed.vout[1].target = txout_to_key{boost::get<txout_to_tagged_key>(mixed.vout[1].target).key};
  expect(t6, {{15, tx_rule::none}, {16, tx_rule::none}});
  expect(untagged, {{15, tx_rule::none}, {16, tx_rule::output_type}});
  CHECK_RULE(mixed, 15, tx_rule::output_type);
  BOOST_CHECK(!check_output_types(mixed, 15));
  BOOST_CHECK(check_output_types(untagged, 14));
  BOOST_CHECK(!check_output_types(t6, 14));
  // Tagged outputs before HF 15 (a type 4 copy, so that only the outputs change).
  transaction t4 = real_tx(bp2_t4);
  CHECK_RULE(t4, 13, tx_rule::none);
  retarget(t4, true);
  CHECK_RULE(t4, 13, tx_rule::output_type);
}

// Output amounts: d * 10^k for v1 from HF 2, 0 for v2 from HF 3; keys that
// are points from HF 4.
BOOST_AUTO_TEST_CASE(output_amounts_and_keys, *cncrypto::test::needs_shared()) {
  transaction v1 = real_tx(v1_hf3);
  BOOST_CHECK(is_valid_decomposed_amount(v1.vout[0].amount));
  transaction dust = v1;
  dust.vout[0].amount = 1234;  // the fee changes; it stays non-zero
  expect(dust, {{1, tx_rule::none}, {2, tx_rule::output_amount}});
  for (std::uint64_t a : {1ull, 9ull, 10ull, 300ull, 9000000000000000000ull, 10000000000000000000ull}) {
    BOOST_CHECK(is_valid_decomposed_amount(a));
  }
  for (std::uint64_t a : {0ull, 11ull, 12ull, 1234ull, 18446744073709551615ull}) BOOST_CHECK(!is_valid_decomposed_amount(a));

  transaction t1 = real_tx(full_t1);
  t1.vout[0].amount = 5;
  CHECK_RULE(t1, 2, tx_rule::version);  // HF 2: the amount is not checked, the version is refused
  CHECK_RULE(t1, 4, tx_rule::output_amount);

  // A key that is not a point: refused from HF 4.
  transaction bad_key = v1;
  crypto::public_key k{};
  for (unsigned b = 2; b < 256; ++b) {
    std::memset(&k, 0, sizeof k);
    k.data[0] = static_cast<char>(b);
    if (!crypto::check_key(k)) break;
  }
  BOOST_REQUIRE(!crypto::check_key(k));
  boost::get<txout_to_key>(bad_key.vout[0].target).key = k;
  expect(bad_key, {{3, tx_rule::none}, {4, tx_rule::output_key}});
}

// Transaction versions: v1 only up to HF 3, v2 required from HF 6.
BOOST_AUTO_TEST_CASE(versions_per_fork, *cncrypto::test::needs_shared()) {
  const transaction v1 = real_tx(v1_hf3), t1 = real_tx(full_t1);
  expect(t1, {{3, tx_rule::version}, {4, tx_rule::none}});
  // v1 with big rings so that only the version matters.
  transaction v1_7 = v1;
  for (std::size_t i = 0; i < v1_7.vin.size(); ++i) set_ring_size(v1_7, i, 7);
  expect(v1_7, {{5, tx_rule::none}, {6, tx_rule::version}});
}

// No repeated ring member (a relative key offset 0 after the first) from HF 6:
// Monero v0.18's core::check_tx_inputs_ring_members_diff ("version >= 6"),
// checked before the other fork rules (here: before the version rule of HF 6).
BOOST_AUTO_TEST_CASE(ring_members_from_hf6, *cncrypto::test::needs_shared()) {
  transaction v1 = real_tx(v1_hf3);
  for (std::size_t i = 0; i < v1.vin.size(); ++i) set_ring_size(v1, i, 7);
  boost::get<txin_to_key>(v1.vin[v1.vin.size() - 1]).key_offsets[3] = 0;
  expect(v1, {{1, tx_rule::none}, {5, tx_rule::none}, {6, tx_rule::ring_members}, {16, tx_rule::ring_members}});
  std::string error;
  BOOST_CHECK(!check_tx_hf_rules(v1, 6, weighing(2000), &error));
  BOOST_CHECK_NE(error.find("input " + std::to_string(v1.vin.size() - 1) + ": ring member 3 repeats the one before it"),
                 std::string::npos);
  // The first offset is absolute: 0 there is output 0, not a repeat.
  transaction first = real_tx(bpp_t6);
  boost::get<txin_to_key>(first.vin[0]).key_offsets[0] = 0;
  CHECK_RULE(first, 16, tx_rule::none);
  boost::get<txin_to_key>(first.vin[0]).key_offsets[15] = 0;
  CHECK_RULE(first, 16, tx_rule::ring_members);
}

// Key images in strictly descending order from HF 7.
BOOST_AUTO_TEST_CASE(sorted_key_images_from_hf7, *cncrypto::test::needs_shared()) {
  transaction t2 = real_tx(simple_t2);
  for (std::size_t i = 0; i < t2.vin.size(); ++i) set_ring_size(t2, i, 7);
  sort_inputs(t2);
  CHECK_RULE(t2, 7, tx_rule::none);
  std::swap(t2.vin[0], t2.vin[1]);
  expect(t2, {{6, tx_rule::none}, {7, tx_rule::unsorted_inputs}});
  transaction same = real_tx(simple_t2);
  for (std::size_t i = 0; i < same.vin.size(); ++i) set_ring_size(same, i, 7);
  boost::get<txin_to_key>(same.vin[1]).k_image = boost::get<txin_to_key>(same.vin[0]).k_image;
  CHECK_RULE(same, 7, tx_rule::unsorted_inputs);  // equal is not strictly descending
}

// The pool's rules: tx_extra size, weight limit, zero v1 fee.
BOOST_AUTO_TEST_CASE(pool_limits, *cncrypto::test::needs_shared()) {
  const transaction t6 = real_tx(bpp_t6);
  const tx_hf_options computed;  // the weight from the transaction's own bytes
  transaction extra = t6;
  extra.extra.resize(MAX_TX_EXTRA_SIZE);
  CHECK_RULE_OPT(extra, 16, computed, tx_rule::none);
  extra.extra.resize(MAX_TX_EXTRA_SIZE + 1);
  CHECK_RULE_OPT(extra, 16, computed, tx_rule::extra_size);
  tx_hf_options in_block;
  in_block.kept_by_block = true;
  CHECK_RULE_OPT(extra, 16, in_block, tx_rule::none);

  BOOST_CHECK_EQUAL(get_transaction_weight_limit(1), 20000u - 600u);
  BOOST_CHECK_EQUAL(get_transaction_weight_limit(4), 60000u - 600u);
  BOOST_CHECK_EQUAL(get_transaction_weight_limit(7), 300000u - 600u);
  BOOST_CHECK_EQUAL(get_transaction_weight_limit(8), 149400u);
  BOOST_CHECK_EQUAL(get_transaction_weight_limit(16), 149400u);
  // A transaction of weight 149400 + 1: refused by the pool, and in blocks from HF 8 only.
  transaction heavy = t6;
  heavy.extra.clear();
  const std::size_t base = tx_to_blob(heavy).size();
  heavy.extra.resize(149401 - base + 3);  // the extra's length varint grows by 2 bytes
  while (tx_to_blob(heavy).size() > 149401) heavy.extra.pop_back();
  BOOST_REQUIRE_EQUAL(tx_to_blob(heavy).size(), 149401u);
  CHECK_RULE_OPT(heavy, 16, in_block, tx_rule::weight);
  heavy.extra.pop_back();
  CHECK_RULE_OPT(heavy, 16, in_block, tx_rule::none);
  transaction t2 = real_tx(simple_t2);  // HF 6: in a block the weight limit does not apply before HF 8
  t2.extra.resize(300000);
  CHECK_RULE_OPT(t2, 6, in_block, tx_rule::none);
  CHECK_RULE_OPT(t2, 6, computed, tx_rule::weight);

  transaction free_v1 = real_tx(v1_hf3);
  std::uint64_t in = 0, out = 0;
  for (const auto &v : free_v1.vin) in += boost::get<txin_to_key>(v).amount;
  for (const auto &o : free_v1.vout) out += o.amount;
  BOOST_REQUIRE_GT(in, out);
  CHECK_RULE_OPT(free_v1, 3, computed, tx_rule::none);
  free_v1.vout[0].amount += in - out;  // no fee left (the amount may now be dust: checked at HF 1)
  CHECK_RULE_OPT(free_v1, 1, computed, tx_rule::fee);
  CHECK_RULE_OPT(free_v1, 1, in_block, tx_rule::none);
}

BOOST_AUTO_TEST_CASE(bad_input, *cncrypto::test::needs_shared()) {
  // A coinbase is refused (validate_miner_transaction's job), not crashed on.
  transaction cb;
  cb.version = 2;
  cb.vin.push_back(txin_gen{10});
  cb.vout.resize(2);
  retarget(cb, true);
  CHECK_RULE(cb, 16, tx_rule::input_type);
  transaction empty_ring = real_tx(bpp_t6);
  boost::get<txin_to_key>(empty_ring.vin[0]).key_offsets.clear();
  CHECK_RULE(empty_ring, 16, tx_rule::input_type);
  transaction none;
  CHECK_RULE(none, 16, tx_rule::input_type);
  CHECK_RULE(real_tx(bpp_t6), 0, tx_rule::version);
  // Later forks apply the HF 16 rules.
  CHECK_RULE(real_tx(bpp_t6), 17, tx_rule::none);
  // Null out-parameters are fine.
  BOOST_CHECK(!check_tx_hf_rules(none, 16));
  BOOST_CHECK_EQUAL(std::string(tx_rule_name(tx_rule::extra_size)), "extra_size");
}

// Spend-time unlocking (Blockchain::is_tx_spendtime_unlocked).
BOOST_AUTO_TEST_CASE(unlock_time) {
  // Heights: the next block (chain_height) may spend an output locked to it.
  BOOST_CHECK(is_tx_spendtime_unlocked(0, 0, 0, 16));
  BOOST_CHECK(is_tx_spendtime_unlocked(100, 100, 0, 16));
  BOOST_CHECK(!is_tx_spendtime_unlocked(101, 100, 0, 16));
  BOOST_CHECK(!is_tx_spendtime_unlocked(CRYPTONOTE_MAX_BLOCK_NUMBER - 1, 100, 0, 16));
  // Times: current + 120 s from HF 2, + 60 s at HF 1.
  const std::uint64_t t = 1700000000;
  BOOST_CHECK(is_tx_spendtime_unlocked(t + 120, 1, t, 2));
  BOOST_CHECK(!is_tx_spendtime_unlocked(t + 121, 1, t, 2));
  BOOST_CHECK(is_tx_spendtime_unlocked(t + 60, 1, t, 1));
  BOOST_CHECK(!is_tx_spendtime_unlocked(t + 61, 1, t, 1));
  BOOST_CHECK(!is_tx_spendtime_unlocked(~0ull, 1, ~0ull - 200, 16));
}

// Monero's check_tx_outputs from HF 4: an output whose key cannot be taken
// (get_output_public_key fails: txout_to_script, txout_to_scripthash) is
// refused before its key is checked; before HF 4 check_output_types refuses
// it (txout_to_key is required before HF 15). Both are output_type, with
// different messages.
BOOST_AUTO_TEST_CASE(script_output_refused, *cncrypto::test::needs_shared()) {
  transaction script = real_tx(v1_hf3);
  script.vout[0].target = txout_to_script{};
  std::string error;
  tx_rule rule = tx_rule::none;
  BOOST_TEST(!check_tx_hf_rules(script, 4, weighing(2000), &error, &rule));
  BOOST_TEST(tx_rule_name(rule) == tx_rule_name(tx_rule::output_type));
  BOOST_TEST(error.find("output 0: neither txout_to_key nor txout_to_tagged_key") != std::string::npos, error);
  BOOST_TEST(!check_tx_hf_rules(script, 3, weighing(2000), &error, &rule));
  BOOST_TEST(tx_rule_name(rule) == tx_rule_name(tx_rule::output_type));
  BOOST_TEST(error.find("txout_to_key is required before hard fork 15") != std::string::npos, error);
}

// Every rule has its name (tx_rules.h); a value outside the enum is "unknown".
BOOST_AUTO_TEST_CASE(rule_names) {
  BOOST_TEST(std::string(tx_rule_name(tx_rule::none)) == "none");
  BOOST_TEST(std::string(tx_rule_name(tx_rule::ring_members)) == "ring_members");
  BOOST_TEST(std::string(tx_rule_name(static_cast<tx_rule>(200))) == "unknown");
}

// Monero's check_tx_inputs below the minimum ring size: allowed only when an
// input is unmixable (too few outputs of its amount on chain) and at most one
// input is mixable beside them. The real v1 transaction has 2 inputs of ring
// 3, below HF 6's minimum 5.
BOOST_AUTO_TEST_CASE(unmixable_inputs, *cncrypto::test::needs_shared()) {
  transaction tx = real_tx(v1_hf3);
  BOOST_REQUIRE_EQUAL(tx.vin.size(), 2u);
  const std::uint64_t unmixable = boost::get<txin_to_key>(tx.vin[0]).amount;
  tx_hf_options options = weighing(2000);
  options.outputs_of_amount = [&](std::uint64_t amount) -> std::uint64_t { return amount == unmixable ? 0 : 1000; };
  CHECK_RULE_OPT(tx, 6, options, tx_rule::none);  // one unmixable, one mixable
  CHECK_RULE(tx, 6, tx_rule::ring_size);         // no table: every input mixable
  // A third input, mixable: more than one mixable beside the unmixable one.
  tx.vin.push_back(tx.vin[1]);
  std::string error;
  tx_rule rule = tx_rule::none;
  BOOST_CHECK(!check_tx_hf_rules(tx, 6, options, &error, &rule));
  BOOST_CHECK_EQUAL(tx_rule_name(rule), tx_rule_name(tx_rule::ring_size));
  BOOST_TEST(error.find("more than one input is mixable") != std::string::npos, error);
  // A version 1 transaction at HF 12 (RingCT era): its ring of 3 is refused
  // first, the output-count rule being for version 2 only.
  CHECK_RULE(real_tx(v1_hf3), 12, tx_rule::ring_size);
}

// Inputs and types that no fork accepts, and weights that cannot be computed:
// refused with their rule, not crashed on.
BOOST_AUTO_TEST_CASE(unsupported_inputs_and_types, *cncrypto::test::needs_shared()) {
  std::string error;
  tx_rule rule = tx_rule::none;
  transaction script_in = real_tx(bpp_t6);
  script_in.vin[0] = txin_to_script{};
  BOOST_CHECK(!check_tx_hf_rules(script_in, 16, weighing(2000), &error, &rule));
  BOOST_CHECK_EQUAL(tx_rule_name(rule), tx_rule_name(tx_rule::input_type));
  BOOST_TEST(error == "input 0: not a txin_to_key", error);

  transaction type7 = real_tx(bpp_t6);
  type7.rct_signatures.type = 7;
  BOOST_CHECK(!check_tx_hf_rules(type7, 16, weighing(2000), &error, &rule));
  BOOST_CHECK_EQUAL(tx_rule_name(rule), tx_rule_name(tx_rule::rct_type));
  BOOST_TEST(error == "unsupported RingCT type 7", error);

  // A pruned transaction has no weight of its own (get_transaction_weight
  // refuses it): the pool rule says so when none is given.
  const auto blob = cncrypto::test::read_data_file(std::string("txs/") + bpp_t6 + ".bin");
  const transaction_hashes h = get_transaction_hashes_from_blob(byte_span(blob.data(), blob.size()));
  const transaction pruned = parse_pruned_transaction(byte_span(blob.data(), h.unprunable_size));
  BOOST_CHECK(!check_tx_hf_rules(pruned, 16, tx_hf_options{}, &error, &rule));
  BOOST_CHECK_EQUAL(tx_rule_name(rule), tx_rule_name(tx_rule::weight));
  BOOST_TEST(error.find("the weight cannot be computed: ") == 0u, error);
  BOOST_TEST(error.find("pruned") != std::string::npos, error);
  CHECK_RULE(pruned, 16, tx_rule::none);  // with its weight given

  // check_output_types at HF 15: a script output is neither kind.
  transaction script_out = real_tx(bpp_t6);
  BOOST_CHECK(check_output_types(script_out, 15));
  script_out.vout[1].target = txout_to_script{};
  BOOST_CHECK(!check_output_types(script_out, 15));
}

// Input amounts that overflow 64 bits wrap to the sum of the outputs here (0):
// the pool's zero-fee rule must not read that as "no fee". The overflow is
// check_tx_semantics_v1's refusal (Monero's check_inputs_overflow).
BOOST_AUTO_TEST_CASE(overflowing_amounts_are_not_a_zero_fee, *cncrypto::test::needs_shared()) {
  transaction tx = real_tx(v1_hf3);
  for (auto &v : tx.vin) boost::get<txin_to_key>(v).amount = std::uint64_t{1} << 63;
  for (auto &o : tx.vout) o.amount = 0;
  CHECK_RULE(tx, 1, tx_rule::none);
  std::string error;
  BOOST_CHECK(!check_tx_semantics_v1(tx, &error));
  BOOST_TEST(error.find("the sum of the input amounts overflows 64 bits") != std::string::npos, error);
  // Without the overflow the same zero sums are a zero fee.
  for (auto &v : tx.vin) boost::get<txin_to_key>(v).amount = 0;
  CHECK_RULE(tx, 1, tx_rule::fee);
}

// A time lock near 2^64: current time + 120 s saturates instead of wrapping
// (an output locked to the last second is spendable once the clock is there).
BOOST_AUTO_TEST_CASE(unlock_time_saturates) {
  const std::uint64_t max = ~0ull;
  BOOST_CHECK(is_tx_spendtime_unlocked(max, 1, max - 10, 16));
  BOOST_CHECK(is_tx_spendtime_unlocked(max, 1, max - 120, 16));
  BOOST_CHECK(!is_tx_spendtime_unlocked(max, 1, max - 121, 16));
  BOOST_CHECK(is_tx_spendtime_unlocked(max, 1, max - 60, 1));
}

BOOST_AUTO_TEST_SUITE_END()
