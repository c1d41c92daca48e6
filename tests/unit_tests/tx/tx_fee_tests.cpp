// Weights and fees (cryptonote/tx_fee.h, docs/tx_rules.md).
//
// Sources of the expected values:
//   * sizes: ../shared/data/manifest.json ("size"; it has no weights);
//   * Monero's own weight assertions (tests/unit_tests/bulletproofs.cpp,
//     quoted in ../shared/data/README.md): the 1-in/2-out type 3 transaction
//     01e55ee9 weighs its size, the 1-in/4-out 12987213 more, and the pruned
//     weight of the six type 4 ones equals their full weight;
//   * the clawback amounts, worked by hand from Monero's formula (bp_base =
//     368 for Bulletproofs, 320 for Bulletproofs+; proof size
//     32 * (9 or 6 + 2 * (6 + log2 padded)); 4/5 of the difference), written
//     out next to each number;
//   * the 2021 fee levels [20000, 80000, 320000, 4000000] per byte and the
//     quantization mask 10000: the get_fee_estimate answer of a mainnet
//     Monero daemon at tail emission (block reward 0.6 XMR) and minimum
//     medians (300000), as in Monero's daemon RPC documentation example and
//     cuprate's recorded RPC data (test-utils/src/rpc/data/json.rs);
//   * wallet2's size estimate, worked by hand from estimate_rct_tx_size.
#include <boost/test/unit_test.hpp>

#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_fee.h"
#include "support/chain_data.h"
#include "support/shared_data.h"

#include <limits>
#include <typeinfo>
#include <stdexcept>
#include <string>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names

namespace {

std::vector<std::uint8_t> blob_of(const std::string &hash) {
  return cncrypto::test::read_data_file("txs/" + hash + ".bin");
}

transaction real_tx(const std::string &hash) {
  const auto blob = blob_of(hash);
  return parse_transaction(byte_span(blob.data(), blob.size()));
}

// The pruned form of a real v2 transaction: its first unprunable_size bytes.
transaction pruned_tx(const std::string &hash) {
  const auto blob = blob_of(hash);
  const transaction_hashes h = get_transaction_hashes_from_blob(byte_span(blob.data(), blob.size()));
  return parse_pruned_transaction(byte_span(blob.data(), h.unprunable_size));
}

const std::vector<std::uint64_t> fees_2021{20000, 80000, 320000, 4000000};

}  // namespace

BOOST_AUTO_TEST_SUITE(tx_weight)

// v1 and RingCT types 0-2 (no Bulletproof): weight == blob size == the manifest's size.
BOOST_AUTO_TEST_CASE(weight_is_size_without_bulletproofs, *cncrypto::test::needs_shared()) {
  std::size_t checked = 0;
  for (const auto &e : cncrypto::test::data_manifest().at("shared_txs")) {
    const transaction tx = real_tx(e.at("hash").get<std::string>());
    const std::uint64_t size = e.at("size").get<std::uint64_t>();
    BOOST_TEST_CONTEXT(e.at("hash").get<std::string>()) {
      BOOST_CHECK_EQUAL(get_transaction_blob_size(tx), size);
      if (tx.version == 1 || tx.rct_signatures.type <= rct::RCTTypeSimple) {
        BOOST_CHECK_EQUAL(get_transaction_weight(tx), size);
        BOOST_CHECK_EQUAL(get_transaction_weight(tx, size), size);
        ++checked;
      } else {
        BOOST_CHECK_GE(get_transaction_weight(tx), size);
      }
    }
  }
  BOOST_CHECK_GE(checked, 10u);  // 9 v1, 2 type 0, types 1 and 2
}

// Monero's bulletproofs.cpp weight tests and the clawback of every real
// Bulletproof / Bulletproof+ transaction with more than two outputs.
BOOST_AUTO_TEST_CASE(clawback_on_real_transactions, *cncrypto::test::needs_shared()) {
  struct row {
    const char *hash;
    std::uint64_t size;
    std::uint64_t clawback;
  };
  // padded 4, BP:  (368*4  - 32*(9 + 2*8))  * 4/5 = (1472 - 800) * 4/5 = 537
  // padded 16, BP: (368*16 - 32*(9 + 2*10)) * 4/5 = (5888 - 928) * 4/5 = 3968
  // padded 4, BP+: (320*4  - 32*(6 + 2*8))  * 4/5 = (1280 - 704) * 4/5 = 460
  // padded 16, BP+:(320*16 - 32*(6 + 2*10)) * 4/5 = (5120 - 832) * 4/5 = 3430
  const row rows[] = {
      {"01e55ee958ff3685fd5fc3207b5141788bcf44fde67560af3d4778f1ef83aa59", 1870, 0},     // type 3, 1/2 (weight_equal)
      {"129872136b8be88aa831e7c9dbe8549fb330a1180b044b5494d327c312b7c35e", 2194, 537},   // type 3, 1/4 (weight_more)
      {"a685d68ec1e5c1ca25b00fecb7dd87f879c68e61c9cf3046fc42785239123a6c", 2716, 0},     // type 3, 2/2
      {"10312fd4a2da881f8a5ab31d4492176d835f523f08c09a8cea7456f6bdedb6fa", 1774, 0},     // type 4, 1/2
      {"35dfb74549590014e343a0fd2c51779027fd162af9e7734692aee8f80b48806d", 2931, 537},   // type 4, 2/4
      {"6446ceb86bfff657e37dc8b1a55f365e14f935bd476b9f999b1a169d5b899f12", 1996, 537},   // type 4, 1/3
      {"9dc047a15ba14b7e51777b94424c7d544bfdee0ac046967f84f6edaaeb3b2c6d", 4336, 3968},  // type 4, 2/16
      {"7d51baf9a469991c21d516655d761dd2dac812b6245dcbb7f90f7618ed1d950c", 6828, 3968},  // type 4, 5/16
      {"200c32150598edfea93b69e10b96eb873717bc10500c4c65e4b5cc8818b66d34", 1966, 0},     // type 5, 2/2
      {"e89415b95564aa7e3587c91422756ba5303e727996e19c677630309a0d52a7ca", 1539, 0},     // type 6, 1/2
      {"3fd963b931b1ac20e3709ba0249143fe8cff4856200055336ba9330970e6306a", 1664, 460},   // type 6, 1/3
      {"2f650db5bafd37ce8982f37ee443f2ecf0a8f08f639591583aecb6cd74d5a80c", 1736, 460},   // type 6, 1/4
      {"c072513a1e96497ad7a99c2cc39182bcb4f820e42cce0f04718048424713d9b1", 2320, 3430},  // type 6, 1/10
  };
  for (const row &r : rows) {
    BOOST_TEST_CONTEXT(r.hash) {
      const transaction tx = real_tx(r.hash);
      BOOST_CHECK_EQUAL(get_transaction_blob_size(tx), r.size);
      BOOST_CHECK_EQUAL(get_transaction_weight(tx), r.size + r.clawback);
      BOOST_CHECK_EQUAL(get_transaction_weight(tx, r.size), r.size + r.clawback);
    }
  }
}

// get_pruned_transaction_weight == get_transaction_weight for every real type
// 4-6 transaction (Monero's weight_pruned for the type 4 ones).
BOOST_AUTO_TEST_CASE(pruned_weight_equals_full_weight, *cncrypto::test::needs_shared()) {
  std::size_t checked = 0;
  for (const auto &e : cncrypto::test::data_manifest().at("shared_txs")) {
    if (e.at("version").get<int>() != 2 || e.value("coinbase", false)) continue;
    const int type = e.at("rct_type").get<int>();
    const std::string hash = e.at("hash").get<std::string>();
    BOOST_TEST_CONTEXT(hash) {
      const transaction pruned = pruned_tx(hash);
      BOOST_REQUIRE(pruned.pruned);
      if (type < 4) {
        BOOST_CHECK_THROW(get_pruned_transaction_weight(pruned), std::invalid_argument);
        continue;
      }
      BOOST_CHECK_EQUAL(get_pruned_transaction_weight(pruned), get_transaction_weight(real_tx(hash)));
      BOOST_CHECK_THROW(get_transaction_weight(pruned), std::invalid_argument);
      ++checked;
    }
  }
  BOOST_CHECK_GE(checked, 17u);
}

BOOST_AUTO_TEST_CASE(clawback_formula) {
  transaction bpp;
  bpp.version = 2;
  bpp.rct_signatures.type = rct::RCTTypeBulletproofPlus;
  bpp.vout.resize(2);
  BOOST_CHECK_EQUAL(get_transaction_weight_clawback(bpp, 1), 0u);
  BOOST_CHECK_EQUAL(get_transaction_weight_clawback(bpp, 2), 0u);
  BOOST_CHECK_EQUAL(get_transaction_weight_clawback(bpp, 4), 460u);
  BOOST_CHECK_EQUAL(get_transaction_weight_clawback(bpp, 8), 1433u);  // (2560 - 32*(6+18)) * 4/5 = 1792*4/5
  BOOST_CHECK_EQUAL(get_transaction_weight_clawback(bpp, 16), 3430u);
  transaction bp = bpp;
  bp.rct_signatures.type = rct::RCTTypeBulletproof2;
  BOOST_CHECK_EQUAL(get_transaction_weight_clawback(bp, 4), 537u);
  BOOST_CHECK_EQUAL(get_transaction_weight_clawback(bp, 8), 1664u);  // (2944 - 32*(9+18)) * 4/5 = 2080*4/5
  BOOST_CHECK_EQUAL(get_transaction_weight_clawback(bp, 16), 3968u);
  // More than 16 outputs: refused (Monero's CHECK_AND_ASSERT_THROW), but only past the n_padded <= 2 shortcut.
  bp.vout.resize(17);
  BOOST_CHECK_THROW(get_transaction_weight_clawback(bp, 4), std::invalid_argument);
  BOOST_CHECK_EQUAL(get_transaction_weight_clawback(bp, 2), 0u);
}

// The weight functions' refusals on transactions they cannot weigh, each a
// std::invalid_argument naming the mistake (Monero's CHECK_AND_ASSERT_THROW).
BOOST_AUTO_TEST_CASE(weight_refusals, *cncrypto::test::needs_shared()) {
  auto refused = [](auto &&call, const std::string &expected) {
    try {
      call();
      BOOST_ERROR("accepted; expected: " << expected);
    } catch (const std::invalid_argument &e) {
      BOOST_TEST(std::string(e.what()).find(expected) != std::string::npos, e.what());
    }
  };
  const char *const t6 = "e89415b95564aa7e3587c91422756ba5303e727996e19c677630309a0d52a7ca";  // type 6, 1/2
  const transaction pruned = pruned_tx(t6), full = real_tx(t6);
  refused([&] { get_transaction_weight(pruned, 1000); }, "the transaction is pruned");
  refused([&] { get_pruned_transaction_weight(full); }, "the transaction is not pruned");
  transaction v1 = pruned;
  v1.version = 1;
  refused([&] { get_pruned_transaction_weight(v1); }, "version 1 transactions are not supported");
  transaction no_inputs = pruned;
  no_inputs.vin.clear();
  refused([&] { get_pruned_transaction_weight(no_inputs); }, "no inputs");
  transaction gen_input = pruned;
  gen_input.vin[0] = txin_gen{5};
  refused([&] { get_pruned_transaction_weight(gen_input); }, "input 0 is not a txin_to_key");
  // A clawback on top of a blob size near 2^64 (the 1/4 type 3 one has 537).
  const transaction four = real_tx("129872136b8be88aa831e7c9dbe8549fb330a1180b044b5494d327c312b7c35e");
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  BOOST_CHECK_EQUAL(get_transaction_weight(four, max - 537), max);
  refused([&] { get_transaction_weight(four, max - 536); }, "the weight overflows 64 bits");
}

// A malformed range proof (L and R counts that no proof of 1-16 amounts has,
// or that differ) counts no padded outputs, so no clawback: Monero's
// n_bulletproof(_plus)_max_amounts returns 0 for it and
// get_transaction_weight_clawback returns 0 for n_padded_outputs <= 2.
BOOST_AUTO_TEST_CASE(malformed_proofs_have_no_clawback, *cncrypto::test::needs_shared()) {
  // type 3, 1/4: clawback 537 (clawback_on_real_transactions)
  const transaction bp = real_tx("129872136b8be88aa831e7c9dbe8549fb330a1180b044b5494d327c312b7c35e");
  // type 6, 1/10: clawback 3430
  const transaction bpp = real_tx("c072513a1e96497ad7a99c2cc39182bcb4f820e42cce0f04718048424713d9b1");
  BOOST_REQUIRE_EQUAL(get_transaction_weight(bp, 1000), 1537u);
  BOOST_REQUIRE_EQUAL(get_transaction_weight(bpp, 1000), 4430u);
  auto weight_with = [](transaction tx, std::size_t l, std::size_t r) {
    auto set = [&](auto &proofs) {
      BOOST_REQUIRE(!proofs.empty());
      proofs[0].L.resize(l);
      proofs[0].R.resize(r);
    };
    if (tx.rct_signatures.type == rct::RCTTypeBulletproofPlus) {
      set(tx.rct_signatures.p.bulletproofs_plus);
    } else {
      set(tx.rct_signatures.p.bulletproofs);
    }
    return get_transaction_weight(tx, 1000);
  };
  for (const transaction *tx : {&bp, &bpp}) {
    BOOST_CHECK_EQUAL(weight_with(*tx, 5, 5), 1000u);    // fewer than 6 rounds
    BOOST_CHECK_EQUAL(weight_with(*tx, 8, 7), 1000u);    // L and R differ
    BOOST_CHECK_EQUAL(weight_with(*tx, 11, 11), 1000u);  // more than 16 amounts
  }
  // A second, malformed proof after a good one: the sum is 0 too.
  transaction two = bp;
  two.rct_signatures.p.bulletproofs.push_back(two.rct_signatures.p.bulletproofs[0]);
  two.rct_signatures.p.bulletproofs[1].L.resize(3);
  BOOST_CHECK_EQUAL(get_transaction_weight(two, 1000), 1000u);
  // Two good proofs of 4 amounts each: 8 padded amounts, (2944 - 32*(9+18)) * 4/5 = 1664 (clawback_formula).
  two.rct_signatures.p.bulletproofs[1] = two.rct_signatures.p.bulletproofs[0];
  BOOST_CHECK_EQUAL(get_transaction_weight(two, 1000), 2664u);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(tx_fees)

BOOST_AUTO_TEST_CASE(fee_of_a_transaction, *cncrypto::test::needs_shared()) {
  const transaction t6 = real_tx("e89415b95564aa7e3587c91422756ba5303e727996e19c677630309a0d52a7ca");
  std::uint64_t fee = 0;
  BOOST_CHECK(get_tx_fee(t6, fee));
  BOOST_CHECK_EQUAL(fee, t6.rct_signatures.txnFee);
  BOOST_CHECK_EQUAL(get_tx_fee(t6), t6.rct_signatures.txnFee);

  transaction v1 = real_tx("effcceb9a7e4464c7d13a0474f7822afb20b2e80e72031ec11f30a9276f24051");
  std::uint64_t in = 0, out = 0;
  for (const auto &v : v1.vin) in += boost::get<txin_to_key>(v).amount;
  for (const auto &o : v1.vout) out += o.amount;
  BOOST_CHECK(get_tx_fee(v1, fee));
  BOOST_CHECK_EQUAL(fee, in - out);

  std::string error;
  transaction over = v1;
  boost::get<txin_to_key>(over.vin[0]).amount = std::numeric_limits<std::uint64_t>::max();
  BOOST_CHECK(!get_tx_fee(over, fee, &error));
  BOOST_CHECK_NE(error.find("overflows"), std::string::npos);
  BOOST_CHECK_EQUAL(get_tx_fee(over), 0u);
  transaction spends = v1;
  spends.vout[0].amount += in;
  BOOST_CHECK(!get_tx_fee(spends, fee, &error));
  BOOST_CHECK_NE(error.find("more than its inputs"), std::string::npos);
  transaction cb;
  cb.vin.push_back(txin_gen{5});
  BOOST_CHECK(!get_tx_fee(cb, fee, &error));
  BOOST_CHECK_NE(error.find("txin_to_key"), std::string::npos);
}

// The daemon's 2021 fee levels and minimum fee at tail emission.
BOOST_AUTO_TEST_CASE(daemon_fee_levels) {
  BOOST_CHECK_EQUAL(get_fee_quantization_mask(), 10000u);
  const std::uint64_t tail_reward = 600000000000;  // 0.6 XMR
  std::vector<std::uint64_t> fees;
  get_dynamic_base_fee_estimate_2021_scaling(tail_reward, 300000, 300000, fees);
  BOOST_CHECK_EQUAL_COLLECTIONS(fees.begin(), fees.end(), fees_2021.begin(), fees_2021.end());
  // 0.95 * 0.6e12 * 3000 / 300000^2 = 19000 per byte; smaller medians are clamped.
  BOOST_CHECK_EQUAL(get_dynamic_base_fee(tail_reward, 300000), 19000u);
  BOOST_CHECK_EQUAL(get_dynamic_base_fee(tail_reward, 1000), 19000u);
  BOOST_CHECK_EQUAL(get_dynamic_base_fee(tail_reward, 600000), 4750u);
  BOOST_CHECK_EQUAL(get_dynamic_base_fee(1, 300000), 1u);
  // check_fee: needed = 1539 * 19000 = 29241000 -> 29250000 (quantized); accepted down to needed - needed/50.
  std::string error;
  BOOST_CHECK(check_fee(1539, 29250000, tail_reward, 300000, 300000, 16, &error));
  BOOST_CHECK(check_fee(1539, 29250000 - 585000, tail_reward, 300000, 300000, 16, &error));
  BOOST_CHECK(!check_fee(1539, 29250000 - 585001, tail_reward, 300000, 300000, 16, &error));
  BOOST_CHECK_NE(error.find("not enough"), std::string::npos);
  // From HF 10 the smaller of the median and the long-term median counts:
  // 0.95 * 0.6e12 * 3000 / 600000^2 = 4750 per byte at 600000.
  BOOST_CHECK(check_fee(1000, 4750000, tail_reward, 600000, 600000, 16, &error));
  BOOST_CHECK(!check_fee(1000, 4750000, tail_reward, 600000, 300000, 16, &error));
  BOOST_CHECK(check_fee(1000, 4750000, tail_reward, 600000, 300000, 9, &error));
  BOOST_CHECK(!check_fee(1000, 1, tail_reward, 300000, 300000, 7, &error));
}

// The fee each real type 6 transaction paid is exactly one of the four 2021
// levels times its weight (clawback included), rounded up to the mask:
// wallet2's calculate_fee_from_weight(get_base_fee(priority), weight, 10000).
// This checks the weights of the 3-, 4- and 10-output ones against what the
// sending wallets computed (e89415 at mainnet 2 777 777, the others from a
// mainnet pool at height 3 195 160).
BOOST_AUTO_TEST_CASE(real_fees_are_a_level_times_the_weight, *cncrypto::test::needs_shared()) {
  std::size_t checked = 0;
  for (const auto &e : cncrypto::test::data_manifest().at("shared_txs")) {
    if (e.at("version").get<int>() != 2 || e.at("rct_type").get<int>() != 6) continue;
    const transaction tx = real_tx(e.at("hash").get<std::string>());
    const std::uint64_t weight = get_transaction_weight(tx);
    bool matched = false;
    for (std::uint64_t level : fees_2021) {
      matched |= calculate_fee_from_weight(level, weight, get_fee_quantization_mask()) == tx.rct_signatures.txnFee;
    }
    BOOST_CHECK_MESSAGE(matched, e.at("hash").get<std::string>() << ": fee " << tx.rct_signatures.txnFee
                                                                 << " is no level times weight " << weight);
    ++checked;
  }
  BOOST_CHECK_EQUAL(checked, 8u);
}

BOOST_AUTO_TEST_CASE(round_money_up_cases) {
  BOOST_CHECK_EQUAL(round_money_up(12345, 2), 13000u);
  BOOST_CHECK_EQUAL(round_money_up(12000, 2), 12000u);
  BOOST_CHECK_EQUAL(round_money_up(12001, 2), 13000u);
  BOOST_CHECK_EQUAL(round_money_up(995, 2), 1000u);
  BOOST_CHECK_EQUAL(round_money_up(99, 2), 99u);
  BOOST_CHECK_EQUAL(round_money_up(0, 2), 0u);
  BOOST_CHECK_EQUAL(round_money_up(19, 1), 20u);
  BOOST_CHECK_EQUAL(round_money_up(19000, 2), 19000u);
  // Monero's failures: std::runtime_error with the texts of its CHECK_AND_ASSERT_THROW_MES
  // lines (cryptonote_format_utils.cpp round_money_up); the overflow text is the
  // rounded decimal text Monero's strtoull refuses: 18|446744073709551615 -> 19 and 18 zeros.
  const auto what_is = [](const char *text) {
    return [text](const std::runtime_error &e) { return typeid(e) == typeid(std::runtime_error) && e.what() == std::string(text); };
  };
  BOOST_CHECK_EXCEPTION(round_money_up(5, 0), std::runtime_error, what_is("significant_digits must not be 0"));
  BOOST_CHECK_EXCEPTION(round_money_up(std::numeric_limits<std::uint64_t>::max(), 2), std::runtime_error,
                        what_is("Failed to parse rounded amount: 19000000000000000000"));
  BOOST_CHECK_EXCEPTION(round_money_up(18446744073709551615u, 19), std::runtime_error,
                        what_is("Failed to parse rounded amount: 18446744073709551620"));
  BOOST_CHECK_EQUAL(round_money_up(18446744073709551615u, 20), 18446744073709551615u);  // no rounding
  BOOST_CHECK_EQUAL(round_money_up(9999999999999999999u, 1), 10000000000000000000u);   // a digit more, fits
}

// wallet2's estimate for e89415's shape: 1 input of ring 16, 2 outputs, BP+,
// CLSAG, view tags. By hand: 7 + (1+6+32+32) + 2*38 + extra + 1
// + ((2*7+6)*32+3) + (32*16+64) + 2 + 32 + 16 + 64 + 4 = 1492 + extra.
BOOST_AUTO_TEST_CASE(wallet_estimates, *cncrypto::test::needs_shared()) {
  const transaction t6 = real_tx("e89415b95564aa7e3587c91422756ba5303e727996e19c677630309a0d52a7ca");
  const std::size_t extra = t6.extra.size();
  const std::size_t est = estimate_rct_tx_size(1, 15, 2, extra, false, true, true, true);
  BOOST_CHECK_EQUAL(est, 1492 + extra);
  BOOST_TEST_MESSAGE("estimate " << est << ", real size " << get_transaction_blob_size(t6));
  BOOST_CHECK_EQUAL(estimate_tx_weight(true, 1, 15, 2, extra, false, true, true, true), est);
  // Three outputs: padded to 4, the BP+ clawback 460 on top; BP: 537.
  BOOST_CHECK_EQUAL(estimate_tx_weight(true, 1, 15, 3, extra, false, true, true, true),
                    estimate_rct_tx_size(1, 15, 3, extra, false, true, true, true) + 460);
  BOOST_CHECK_EQUAL(estimate_tx_weight(true, 2, 10, 3, extra, true, false, false, false),
                    estimate_rct_tx_size(2, 10, 3, extra, true, false, false, false) + 537);
  // MLSAG and Borromean terms: 2 inputs ring 11, 2 outputs, no view tags.
  // 7 + 2*(7+22+32) + 2*38 + 0 + 1 + 6176*2 + 2*(64*11+32) + 64 + 16 + 64 + 4 = 14178
  BOOST_CHECK_EQUAL(estimate_rct_tx_size(2, 10, 2, 0, false, false, false, false), 14178u);
  // Not RingCT: 80 bytes per ring member.
  BOOST_CHECK_EQUAL(estimate_tx_size(false, 2, 2, 3, 40, false, false, false, false), 2 * 3 * 80 + 40u);
  BOOST_CHECK_EQUAL(estimate_tx_weight(false, 2, 2, 3, 40, false, false, false, true), 2 * 3 * 80 + 40 + 3u);
  BOOST_CHECK_THROW(estimate_rct_tx_size(-1, 15, 2, 0, false, true, true, true), std::invalid_argument);

  // The fee: weight * base fee rounded up to the mask.
  BOOST_CHECK_EQUAL(calculate_fee_from_weight(20000, 1539, 10000), 30780000u);
  BOOST_CHECK_EQUAL(calculate_fee_from_weight(19000, 1539, 10000), 29250000u);
  BOOST_CHECK_EQUAL(calculate_fee_from_weight(1, 1, 10000), 10000u);
  BOOST_CHECK_EQUAL(calculate_fee_from_weight(7, 3, 1), 21u);
  BOOST_CHECK_THROW(calculate_fee_from_weight(1ull << 40, 1ull << 40, 10000), std::overflow_error);
  BOOST_CHECK_THROW(calculate_fee_from_weight(1, 1, 0), std::invalid_argument);
  BOOST_CHECK_EQUAL(calculate_fee(2000000000, 1024), 2000000000u);
  BOOST_CHECK_EQUAL(calculate_fee(2000000000, 1025), 4000000000u);
  BOOST_CHECK_EQUAL(calculate_fee(true, t6, 1539, 20000, 10000), 30780000u);
  BOOST_CHECK_EQUAL(calculate_fee(false, t6, 1539, 1000, 10000), 2000u);
  BOOST_CHECK_EQUAL(estimate_fee(true, true, 1, 15, 2, extra, false, true, true, true, 20000, 10000),
                    calculate_fee_from_weight(20000, est, 10000));
  BOOST_CHECK_EQUAL(estimate_fee(false, true, 1, 15, 2, extra, false, true, true, true, 1000, 1),
                    calculate_fee(1000, est));
}

BOOST_AUTO_TEST_CASE(priorities) {
  BOOST_CHECK_EQUAL(get_fee_algorithm(1), 0);
  BOOST_CHECK_EQUAL(get_fee_algorithm(3), 1);
  BOOST_CHECK_EQUAL(get_fee_algorithm(5), 2);
  BOOST_CHECK_EQUAL(get_fee_algorithm(7), 2);
  BOOST_CHECK_EQUAL(get_fee_algorithm(8), 3);
  BOOST_CHECK_EQUAL(get_fee_algorithm(16), 3);
  BOOST_CHECK_EQUAL(get_fee_multiplier(1, 3), 1u);
  BOOST_CHECK_EQUAL(get_fee_multiplier(2, 3), 5u);
  BOOST_CHECK_EQUAL(get_fee_multiplier(3, 3), 25u);
  BOOST_CHECK_EQUAL(get_fee_multiplier(4, 3), 1000u);
  BOOST_CHECK_EQUAL(get_fee_multiplier(0, 3), 5u);  // default priority 2 from algorithm 2
  BOOST_CHECK_EQUAL(get_fee_multiplier(0, 1), 1u);
  BOOST_CHECK_EQUAL(get_fee_multiplier(3, 1), 166u);
  BOOST_CHECK_EQUAL(get_fee_multiplier(4, 2), 166u);
  BOOST_CHECK_EQUAL(get_fee_multiplier(3, 0), 3u);
  BOOST_CHECK_THROW(get_fee_multiplier(4, 0), std::invalid_argument);
  BOOST_CHECK_THROW(get_fee_multiplier(5, 3), std::invalid_argument);
  BOOST_CHECK_THROW(get_fee_multiplier(1, 4), std::invalid_argument);
  BOOST_CHECK_THROW(get_fee_multiplier(1, -1), std::invalid_argument);
  // From HF 15 the priority picks one of the daemon's four levels.
  BOOST_CHECK_EQUAL(get_base_fee(0, 16, fees_2021), 20000u);
  BOOST_CHECK_EQUAL(get_base_fee(1, 16, fees_2021), 20000u);
  BOOST_CHECK_EQUAL(get_base_fee(2, 16, fees_2021), 80000u);
  BOOST_CHECK_EQUAL(get_base_fee(3, 15, fees_2021), 320000u);
  BOOST_CHECK_EQUAL(get_base_fee(4, 16, fees_2021), 4000000u);
  BOOST_CHECK_EQUAL(get_base_fee(9, 16, fees_2021), 4000000u);
  BOOST_CHECK_EQUAL(get_base_fee(2, 16, {20000}), FEE_PER_BYTE);
  // Before: the daemon's per-byte fee times the multiplier.
  BOOST_CHECK_EQUAL(get_base_fee(2, 14, {}, 240), 1200u);
  BOOST_CHECK_EQUAL(get_base_fee(4, 10, {}, 240), 240000u);
}

// The fee functions' refusals and edge cases; each expected value follows from
// Monero's formula (quoted in src/tx/tx_fee.cpp) as worked out beside it.
BOOST_AUTO_TEST_CASE(fee_edge_cases) {
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  // A v1 transaction whose output amounts overflow: refused, naming it.
  transaction v1;
  v1.version = 1;
  txin_to_key in{};
  in.amount = max;
  in.key_offsets = {1};
  v1.vin.push_back(in);
  v1.vout.resize(2);
  v1.vout[0].amount = max;
  v1.vout[1].amount = 1;
  std::uint64_t fee = 77;
  std::string error;
  BOOST_CHECK(!get_tx_fee(v1, fee, &error));
  BOOST_TEST(error == "the sum of the output amounts overflows 64 bits");
  BOOST_CHECK_EQUAL(fee, 77u);
  BOOST_CHECK_EQUAL(get_tx_fee(v1), 0u);
  v1.vout[1].amount = 0;
  BOOST_CHECK(get_tx_fee(v1, fee, &error));
  BOOST_CHECK_EQUAL(fee, 0u);

  // 2021 scaling: the medians must be positive; Mnw 1 makes Monero's divisor
  // 32 * 3000 * 1 / 300000 zero.
  std::vector<std::uint64_t> fees;
  BOOST_CHECK_THROW(get_dynamic_base_fee_estimate_2021_scaling(600000000000ull, 0, 300000, fees), std::invalid_argument);
  BOOST_CHECK_THROW(get_dynamic_base_fee_estimate_2021_scaling(600000000000ull, 300000, 0, fees), std::invalid_argument);
  try {
    get_dynamic_base_fee_estimate_2021_scaling(600000000000ull, 1, 1, fees);
    BOOST_ERROR("Mnw 1 accepted");
  } catch (const std::invalid_argument &e) {
    BOOST_TEST(std::string(e.what()).find("Mnw too small") != std::string::npos, e.what());
  }
  // Mnw 4: divisor 32 * 3000 * 4 / 300000 = 1, accepted.
  BOOST_CHECK_NO_THROW(get_dynamic_base_fee_estimate_2021_scaling(600000000000ull, 4, 4, fees));
  BOOST_CHECK_EQUAL(fees.size(), 4u);

  // check_fee: a needed fee (weight * per-byte fee, rounded up to the mask)
  // that does not fit 64 bits is refused, not wrapped. Per byte at tail
  // emission and median 300000: 600000000000 * 3000 / 300000 / 300000 = 20000,
  // less 1/20 = 19000.
  BOOST_CHECK(check_fee(1539, 29250000, 600000000000ull, 300000, 300000, 16, &error));
  BOOST_CHECK(!check_fee(max, max, 600000000000ull, 300000, 300000, 16, &error));
  BOOST_TEST(error == "check_fee: the needed fee overflows 64 bits");

  // Negative counts are refused by every estimate.
  BOOST_CHECK_THROW(estimate_rct_tx_size(1, -1, 2, 0, false, true, true, true), std::invalid_argument);
  BOOST_CHECK_THROW(estimate_rct_tx_size(1, 15, -2, 0, false, true, true, true), std::invalid_argument);
  BOOST_CHECK_THROW(estimate_tx_size(false, -1, 2, 2, 0, false, false, false, false), std::invalid_argument);
  BOOST_CHECK_THROW(estimate_tx_size(false, 1, -1, 2, 0, false, false, false, false), std::invalid_argument);
  BOOST_CHECK_THROW(estimate_tx_size(false, 1, 2, -1, 0, false, false, false, false), std::invalid_argument);
  // wallet2 adds the clawback only above 2 outputs: with 2 (or 1) the weight is the size.
  BOOST_CHECK_EQUAL(estimate_tx_weight(true, 2, 10, 2, 44, true, false, false, false),
                    estimate_rct_tx_size(2, 10, 2, 44, true, false, false, false));
  BOOST_CHECK_EQUAL(estimate_tx_weight(true, 1, 15, 1, 44, false, true, true, true),
                    estimate_rct_tx_size(1, 15, 1, 44, false, true, true, true));

  // calculate_fee_from_weight: weight 0 costs 0; a product that fits but
  // cannot be rounded up to the mask is an overflow_error.
  BOOST_CHECK_EQUAL(calculate_fee_from_weight(20000, 0, 10000), 0u);
  BOOST_CHECK_EQUAL(calculate_fee_from_weight(1, max, 1), max);
  BOOST_CHECK_THROW(calculate_fee_from_weight(1, max, 2), std::overflow_error);
  BOOST_CHECK_THROW(calculate_fee(max, 2048), std::overflow_error);
}

BOOST_AUTO_TEST_SUITE_END()
