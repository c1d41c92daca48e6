// The version 1 transaction builder and the ring-signature check, with the
// names, parameters and fixtures of Monero's tests/performance_tests
// (construct_tx.h, check_tx_signature.h, multi_tx_test_base.h; spec
// cryptonote_format.md 10.1):
//   multi_tx_test_base<ring>: `ring` random miner accounts, each paid by a hard
//     fork 1 coinbase (construct_miner_tx(0, 0, 0, 2, 0, addr)); ONE source
//     whose ring is output 0 of every coinbase (global indices 0..ring-1,
//     amount 186 044 415), the real member at ring / 2. Monero's first template
//     parameter is this ring size (not an input count).
//   test_construct_tx<ring, outs, false>: outs destinations to one random
//     address, 186044415 / outs each (the remainder is the fee), built with
//     construct_tx_and_get_tx_key (version 1, no change address, empty extra;
//     with <= 2 outputs a dummy encrypted payment id is added).
//   test_check_tx_signature<ring, outs, false>: the same source paying
//     186044415 - outs + 1 and outs - 1 outputs of 1 (construct_tx); the test
//     is check_ring_signature of input 0 over the prefix hash.
//   With RingCT (Monero's template parameters rct = true, range_proof_type,
//   bp_version): the same fixtures built with that RCTConfig, as Monero's
//   (its defaults Borromean/2: type 1 with the one source; PaddedBulletproof
//   or MultiOutputBulletproof with 2: type 4) and, beside them, type 6
//   ({RangeProofPaddedBulletproof, 4}, which Monero's binary does not have).
//   The ring members' commitments are zeroCommitVartime(amount), as Monero's
//   fixture; test_check_tx_signature's test() is rct::verRct for type 1 and
//   rct::verRctSimple otherwise, as Monero's.
//   test_check_tx_signature_aggregated_bulletproofs: see its comment.
// Each init() checks what it prepared (the tx passes check_tx_v1 or check_tx_v2 first).
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#include "crypto/crypto.h"
#include "cryptonote/account.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/cryptonote_tx_utils.h"
#include "cryptonote/tx_extra.h"
#include "cryptonote/tx_verification.h"
#include "performance_tests.h"
#include "ringct/rctOps.h"
#include "ringct/rctSigs.h"

namespace perf {

template <std::size_t ring_size>
class multi_tx_test_base {
  static_assert(ring_size > 0, "ring_size must be at least 1");

 public:
  static const std::size_t real_source_idx = ring_size / 2;

  bool init() {
    std::vector<cryptonote::tx_source_entry::output_entry> output_entries;
    for (std::size_t i = 0; i < ring_size; ++i) {
      m_miners[i].generate();
      if (!cryptonote::construct_miner_tx(0, 0, 0, 2, 0, m_miners[i].get_keys().m_account_address, m_miner_txs[i])) {
        return false;
      }
      const auto *out = boost::get<cryptonote::txout_to_key>(&m_miner_txs[i].vout[0].target);
      if (out == nullptr) return false;
      const rct::ctkey ct{rct::pk2rct(out->key), rct::zeroCommitVartime(m_miner_txs[i].vout[0].amount)};
      output_entries.emplace_back(i, ct);
      m_ring.push_back(ct);
      m_public_keys[i] = out->key;
      m_public_key_ptrs[i] = &m_public_keys[i];
    }
    m_source_amount = m_miner_txs[0].vout[0].amount;

    cryptonote::tx_source_entry source_entry;
    source_entry.amount = m_source_amount;
    source_entry.real_out_tx_key = cryptonote::get_tx_pub_key_from_extra(m_miner_txs[real_source_idx]);
    source_entry.real_output_in_tx_index = 0;
    source_entry.outputs.swap(output_entries);
    source_entry.real_output = real_source_idx;
    source_entry.mask.bytes[0] = 1;
    source_entry.rct = false;
    m_sources.push_back(source_entry);
    return m_source_amount == 186044415u;
  }

 protected:
  cryptonote::account_base m_miners[ring_size];
  cryptonote::transaction m_miner_txs[ring_size];
  crypto::public_key m_public_keys[ring_size];
  const crypto::public_key *m_public_key_ptrs[ring_size];
  std::uint64_t m_source_amount = 0;
  std::vector<cryptonote::tx_source_entry> m_sources;
  rct::ctkeyV m_ring;  // the source's ring as (key, commitment), for check_tx_v2
};

// The daemon-side check of what a fixture built: version 1 or RingCT type 6.
template <std::size_t ring_size>
bool check_built(const cryptonote::transaction &tx, const crypto::public_key *keys, const rct::ctkeyV &ring) {
  std::string error;
  if (tx.version == 2) return cncrypto::check_tx_v2(tx, {ring}, &error);
  std::vector<std::vector<crypto::public_key>> rings{std::vector<crypto::public_key>(keys, keys + ring_size)};
  return cncrypto::check_tx_v1(tx, rings, &error);
}

template <std::size_t ring_size, std::size_t out_count, bool rct, rct::RangeProofType range_proof_type = rct::RangeProofBorromean,
          int bp_version = 2>
class test_construct_tx : private multi_tx_test_base<ring_size> {
  using base = multi_tx_test_base<ring_size>;

 public:
  static const std::size_t loop_count =
      rct ? (ring_size >= 100 || out_count >= 10 ? 10 : 50)
          : out_count >= 1000 ? 5 : ring_size >= 100 || out_count >= 100 ? 50 : ring_size >= 10 ? 300 : 1000;

  bool init() {
    if (!base::init()) return false;
    m_alice.generate();
    for (std::size_t i = 0; i < out_count; ++i) {
      m_destinations.emplace_back(this->m_source_amount / out_count, m_alice.get_keys().m_account_address, false);
    }
    m_subaddresses[this->m_miners[this->real_source_idx].get_keys().m_account_address.m_spend_public_key] = {0, 0};
    // What test() builds must pass the daemon-side check.
    if (!test()) return false;
    return check_built<ring_size>(m_tx, this->m_public_keys, this->m_ring) && m_tx.vout.size() == out_count;
  }

  bool test() {
    crypto::secret_key tx_key;
    std::vector<crypto::secret_key> additional_tx_keys;
    return cryptonote::construct_tx_and_get_tx_key(
        this->m_miners[this->real_source_idx].get_keys(), m_subaddresses, this->m_sources, m_destinations, boost::none,
        std::vector<std::uint8_t>(), m_tx, 0, tx_key, additional_tx_keys, rct, {range_proof_type, bp_version});
  }

 private:
  cryptonote::account_base m_alice;
  std::vector<cryptonote::tx_destination_entry> m_destinations;
  std::unordered_map<crypto::public_key, cryptonote::subaddress_index> m_subaddresses;
  cryptonote::transaction m_tx;
};

template <std::size_t ring_size, std::size_t out_count, bool rct, rct::RangeProofType range_proof_type = rct::RangeProofBorromean,
          int bp_version = 2>
class test_check_tx_signature : private multi_tx_test_base<ring_size> {
  static_assert(out_count >= 1, "at least one output");
  using base = multi_tx_test_base<ring_size>;

 public:
  static const std::size_t loop_count =
      rct ? (ring_size <= 2 ? 50 : 10) : ring_size >= 100 ? 50 : ring_size >= 10 ? 500 : 2000;

  bool init() {
    if (!base::init()) return false;
    m_alice.generate();
    std::vector<cryptonote::tx_destination_entry> destinations;
    destinations.emplace_back(this->m_source_amount - out_count + 1, m_alice.get_keys().m_account_address, false);
    for (std::size_t i = 1; i < out_count; ++i) {
      destinations.emplace_back(1, m_alice.get_keys().m_account_address, false);
    }
    // Monero's fixture: construct_tx_and_get_tx_key with the real miner's main address.
    std::unordered_map<crypto::public_key, cryptonote::subaddress_index> subaddresses;
    subaddresses[this->m_miners[this->real_source_idx].get_keys().m_account_address.m_spend_public_key] = {0, 0};
    crypto::secret_key tx_key;
    std::vector<crypto::secret_key> additional_tx_keys;
    if (!cryptonote::construct_tx_and_get_tx_key(this->m_miners[this->real_source_idx].get_keys(), subaddresses,
                                                 this->m_sources, destinations, boost::none,
                                                 std::vector<std::uint8_t>(), m_tx, 0, tx_key, additional_tx_keys, rct,
                                                 {range_proof_type, bp_version})) {
      return false;
    }
    m_tx_prefix_hash = cryptonote::get_transaction_prefix_hash(m_tx);
    return check_built<ring_size>(m_tx, this->m_public_keys, this->m_ring) && test();
  }

  bool test() {
    if (rct) {
      // Monero's test(): verRct (semantics and signature) for type 1, verRctSimple otherwise.
      if (m_tx.rct_signatures.type == rct::RCTTypeFull) {
        return rct::verRct(m_tx.rct_signatures, true) && rct::verRct(m_tx.rct_signatures, false);
      }
      return rct::verRctSimple(m_tx.rct_signatures);
    }
    const auto &txin = boost::get<cryptonote::txin_to_key>(m_tx.vin[0]);
    return crypto::check_ring_signature(m_tx_prefix_hash, txin.k_image, this->m_public_key_ptrs, ring_size,
                                        m_tx.signatures[0].data());
  }

 private:
  cryptonote::account_base m_alice;
  cryptonote::transaction m_tx;
  crypto::hash m_tx_prefix_hash{};
};

// Monero's test_check_tx_signature_aggregated_bulletproofs<ring, outs,
// num_txes, extra_outs>: num_txes transactions of the test_check_tx_signature
// fixture built with {RangeProofPaddedBulletproof, 2} (type 4: one Bulletproof,
// MLSAG) and, when extra_outs > 0, one more with extra_outs outputs built with
// {RangeProofMultiOutputBulletproof, 2}; test() runs verRctNonSemanticsSimple
// on each (the MLSAGs) and one batched verRctSemanticsSimple over all (the
// Bulletproofs in one multi-exponentiation, the balances). Setup is kept cheap:
// the num_txes transactions are one built transaction copied (the verifier
// does the same work for each copy: nothing is cached or deduplicated).
template <std::size_t ring_size, std::size_t out_count, std::size_t num_txes, std::size_t extra_outs = 0>
class test_check_tx_signature_aggregated_bulletproofs : private multi_tx_test_base<ring_size> {
  static_assert(out_count >= 1 && num_txes >= 1, "at least one output and one transaction");
  using base = multi_tx_test_base<ring_size>;

 public:
  static const std::size_t loop_count = ring_size > 10 ? 2 : 10;

  bool init() {
    if (!base::init()) return false;
    m_alice.generate();
    cryptonote::transaction tx;
    if (!build(out_count, {rct::RangeProofPaddedBulletproof, 2}, tx)) return false;
    m_txes.assign(num_txes, tx);
    if (extra_outs > 0) {
      if (!build(extra_outs, {rct::RangeProofMultiOutputBulletproof, 2}, tx)) return false;
      m_txes.push_back(tx);
    }
    return test();
  }

  bool test() {
    std::vector<const rct::rctSig *> rvv;
    rvv.reserve(m_txes.size());
    for (const cryptonote::transaction &tx : m_txes) {
      if (!rct::verRctNonSemanticsSimple(tx.rct_signatures)) return false;
      rvv.push_back(&tx.rct_signatures);
    }
    return rct::verRctSemanticsSimple(rvv);
  }

 private:
  // The test_check_tx_signature fixture's payment: outs outputs, zero fee.
  bool build(std::size_t outs, const rct::RCTConfig &config, cryptonote::transaction &tx) {
    std::vector<cryptonote::tx_destination_entry> destinations;
    destinations.emplace_back(this->m_source_amount - outs + 1, m_alice.get_keys().m_account_address, false);
    for (std::size_t i = 1; i < outs; ++i) destinations.emplace_back(1, m_alice.get_keys().m_account_address, false);
    std::unordered_map<crypto::public_key, cryptonote::subaddress_index> subaddresses;
    subaddresses[this->m_miners[this->real_source_idx].get_keys().m_account_address.m_spend_public_key] = {0, 0};
    crypto::secret_key tx_key;
    std::vector<crypto::secret_key> additional_tx_keys;
    return cryptonote::construct_tx_and_get_tx_key(this->m_miners[this->real_source_idx].get_keys(), subaddresses,
                                                   this->m_sources, destinations, boost::none,
                                                   std::vector<std::uint8_t>(), tx, 0, tx_key, additional_tx_keys,
                                                   true, config) &&
           check_built<ring_size>(tx, this->m_public_keys, this->m_ring);
  }

  cryptonote::account_base m_alice;
  std::vector<cryptonote::transaction> m_txes;
};

// (ring size of the single input, outputs) of a registered transaction test.
template <std::size_t ring, std::size_t outs>
struct tx_shape {};

// Registers test<ring, outs, ringct, range_proof_type, bp_version> for each
// shape, named as Monero's binary prints the instance: name + "<ring, outs" +
// suffix, e.g. suffix ", false>", ", true>" (Monero's default arguments:
// Borromean, so type 1 with the fixture's one input) or ", true,
// rct::RangeProofPaddedBulletproof, 2>".
template <template <std::size_t, std::size_t, bool, rct::RangeProofType, int> class test, bool ringct,
          rct::RangeProofType range_proof_type, int bp_version, std::size_t... rings, std::size_t... outs>
void register_tx_tests(registry &r, const char *name, const char *suffix, tx_shape<rings, outs>...) {
  const auto one = [&r, name, suffix](auto ring, auto out) {
    constexpr std::size_t n = decltype(ring)::value, m = decltype(out)::value;
    r.test<test<n, m, ringct, range_proof_type, bp_version>>(std::string(name) + "<" + std::to_string(n) + ", " +
                                                              std::to_string(m) + suffix);
  };
  (one(std::integral_constant<std::size_t, rings>{}, std::integral_constant<std::size_t, outs>{}), ...);
}

// Monero's RingCT instances of test_construct_tx and test_check_tx_signature
// (its main.cpp shapes) for one RCTConfig.
template <rct::RangeProofType type, int bp>
void register_rct_construct(registry &r, const char *suffix) {
  register_tx_tests<test_construct_tx, true, type, bp>(r, "test_construct_tx", suffix, tx_shape<2, 1>{},
                                                       tx_shape<2, 2>{}, tx_shape<2, 10>{}, tx_shape<10, 1>{},
                                                       tx_shape<10, 2>{}, tx_shape<10, 10>{}, tx_shape<100, 1>{},
                                                       tx_shape<100, 2>{}, tx_shape<100, 10>{});
}
template <rct::RangeProofType type, int bp>
void register_rct_check(registry &r, const char *suffix) {
  register_tx_tests<test_check_tx_signature, true, type, bp>(r, "test_check_tx_signature", suffix, tx_shape<2, 2>{},
                                                             tx_shape<10, 2>{}, tx_shape<100, 2>{}, tx_shape<2, 10>{});
}

// Transactions, version 1 (Monero's construct_tx.h and check_tx_signature.h
// with the fixtures of spec 10.1), then RingCT with Monero 0.18's own template
// arguments (types 1 and 4, like for like with its binary), then type 6
// (Bulletproofs+, CLSAG: what Monero's wallet makes today; Monero's binary has
// no such instance), then the aggregated Bulletproof check.
inline void register_construct_tests(registry &r) {
  using rct::RangeProofBorromean;
  using rct::RangeProofMultiOutputBulletproof;
  using rct::RangeProofPaddedBulletproof;
  // Version 1: every shape of Monero 0.18's main.cpp, in its order.
  register_tx_tests<test_construct_tx, false, RangeProofBorromean, 2>(
      r, "test_construct_tx", ", false>", tx_shape<1, 1>{}, tx_shape<1, 2>{}, tx_shape<1, 10>{}, tx_shape<1, 100>{},
      tx_shape<1, 1000>{}, tx_shape<2, 1>{}, tx_shape<2, 2>{}, tx_shape<2, 10>{}, tx_shape<2, 100>{},
      tx_shape<10, 1>{}, tx_shape<10, 2>{}, tx_shape<10, 10>{}, tx_shape<10, 100>{}, tx_shape<100, 1>{},
      tx_shape<100, 2>{}, tx_shape<100, 10>{}, tx_shape<100, 100>{});
  register_tx_tests<test_check_tx_signature, false, RangeProofBorromean, 2>(
      r, "test_check_tx_signature", ", false>", tx_shape<1, 2>{}, tx_shape<2, 2>{}, tx_shape<10, 2>{},
      tx_shape<100, 2>{}, tx_shape<2, 10>{});
  register_rct_construct<RangeProofBorromean, 2>(r, ", true>");
  register_rct_construct<RangeProofPaddedBulletproof, 2>(r, ", true, rct::RangeProofPaddedBulletproof, 2>");
  register_rct_construct<RangeProofPaddedBulletproof, 4>(r, ", true, rct::RangeProofPaddedBulletproof, 4>");
  register_rct_check<RangeProofBorromean, 2>(r, ", true, rct::RangeProofBorromean>");
  register_rct_check<RangeProofMultiOutputBulletproof, 2>(r, ", true, rct::RangeProofMultiOutputBulletproof, 2>");
  register_rct_check<RangeProofPaddedBulletproof, 2>(r, ", true, rct::RangeProofPaddedBulletproof, 2>");
  register_rct_check<RangeProofPaddedBulletproof, 4>(r, ", true, rct::RangeProofPaddedBulletproof, 4>");
  r.test<test_check_tx_signature_aggregated_bulletproofs<2, 2, 64>>("test_check_tx_signature_aggregated_bulletproofs<2, 2, 64>");
  r.test<test_check_tx_signature_aggregated_bulletproofs<10, 2, 64>>("test_check_tx_signature_aggregated_bulletproofs<10, 2, 64>");
  r.test<test_check_tx_signature_aggregated_bulletproofs<100, 2, 64>>("test_check_tx_signature_aggregated_bulletproofs<100, 2, 64>");
  r.test<test_check_tx_signature_aggregated_bulletproofs<2, 10, 64>>("test_check_tx_signature_aggregated_bulletproofs<2, 10, 64>");
  r.test<test_check_tx_signature_aggregated_bulletproofs<2, 2, 62, 4>>("test_check_tx_signature_aggregated_bulletproofs<2, 2, 62, 4>");
  r.test<test_check_tx_signature_aggregated_bulletproofs<10, 2, 62, 4>>("test_check_tx_signature_aggregated_bulletproofs<10, 2, 62, 4>");
  r.test<test_check_tx_signature_aggregated_bulletproofs<2, 2, 56, 16>>("test_check_tx_signature_aggregated_bulletproofs<2, 2, 56, 16>");
  r.test<test_check_tx_signature_aggregated_bulletproofs<10, 2, 56, 16>>("test_check_tx_signature_aggregated_bulletproofs<10, 2, 56, 16>");
}

}  // namespace perf
