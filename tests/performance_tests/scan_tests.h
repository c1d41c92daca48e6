// Batched derivations and wallet scanning (crypto/crypto_batch.h,
// cncrypto::scan_transactions; docs/scanning.md), reported per item (per key,
// per output, per transaction). Each batch row has a peer doing the same work
// with the single calls one item at a time (test_*_loop), so the peers table
// shows what batching buys; compare_monero.py sets them against Monero 0.18's
// per-call rows (test_generate_key_derivation, test_derive_public_key,
// test_generate_key_image, test_out_can_be_to_acc<true, false>).
//
// test_scan_transactions<N>: N transactions of 2 outputs with view tags, none
// owned (the common case of a wallet sync). test_scan_range<N, threads>: a
// synthetic block range, N transactions of 2 tagged outputs, 1% of them paying
// the wallet's main address (clear amounts: version 1 outputs, so the owned
// cost is the key image, not RingCT decoding); its peer test_scan_range_loop<N>
// is the same range through the per-call functions, as Monero's wallet2 does
// it: generate_key_derivation per transaction, then per output
// out_can_be_to_acc (the view tag), is_out_to_acc_precomp and, for an owned
// output, generate_key_image_helper_precomp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "crypto/crypto.h"
#include "crypto/crypto_batch.h"
#include "cryptonote/account.h"
#include "cryptonote/subaddress.h"
#include "cryptonote/tx_extra.h"
#include "cryptonote/wallet_scan.h"
#include "performance_tests.h"
#include "wallet_tests.h"

namespace perf {

// count random points (public keys) and one random secret.
struct random_keys {
  std::vector<crypto::public_key> points;
  crypto::secret_key secret;
  explicit random_keys(std::size_t count) : points(count) {
    for (auto &p : points) p = cryptonote::keypair::generate(hw::get_device("default")).pub;
    secret = cryptonote::keypair::generate(hw::get_device("default")).sec;
  }
};

// One batch row and its single-call peer on the same inputs: Op holds the
// inputs of `count` items and does them with the batch API (batch()) or one
// single call per item (loop()).
template <class Op, std::size_t count, bool batched, std::size_t calls = (count <= 16 ? 2000 : 100)>
class batch_row {
 public:
  static const std::size_t loop_count = calls;
  static const std::size_t items_per_call = count;
  bool init() { return m_op.batch(); }
  bool test() { return batched ? m_op.batch() : m_op.loop(); }

 private:
  Op m_op;
};

// Derivations: one view key, count tx public keys.
template <std::size_t count>
struct derivations_op {
  random_keys in{count};
  std::vector<crypto::key_derivation> out = std::vector<crypto::key_derivation>(count);
  std::vector<std::uint8_t> ok = std::vector<std::uint8_t>(count);
  bool batch() { return cncrypto::generate_key_derivations(in.points.data(), count, in.secret, out.data(), ok.data()) == 0; }
  bool loop() {
    bool all = true;
    for (std::size_t i = 0; i < count; ++i) all &= crypto::generate_key_derivation(in.points[i], in.secret, out[i]);
    return all;
  }
};

// One-time keys: count (derivation, output index, base): random derivations,
// indexes 0 and 1 (2-output transactions), one base (the wallet's spend key),
// as scanning does.
template <std::size_t count>
struct derive_op {
  random_keys keys{1};
  std::vector<crypto::key_derivation> derivations = std::vector<crypto::key_derivation>(count);
  std::vector<std::size_t> indexes = std::vector<std::size_t>(count);
  std::vector<crypto::public_key> bases = std::vector<crypto::public_key>(count, keys.points[0]);
  std::vector<crypto::public_key> out = std::vector<crypto::public_key>(count);
  std::vector<std::uint8_t> ok = std::vector<std::uint8_t>(count);
  derive_op() {
    fill_random(derivations.data(), count * 32, 77);
    for (std::size_t i = 0; i < count; ++i) indexes[i] = i % 2;
  }
  bool batch() {
    return cncrypto::derive_public_keys(derivations.data(), indexes.data(), bases.data(), count, out.data(),
                                      ok.data()) == 0;
  }
  bool loop() {
    bool all = true;
    for (std::size_t i = 0; i < count; ++i) all &= crypto::derive_public_key(derivations[i], indexes[i], bases[i], out[i]);
    return all;
  }
};

// Key images: count (one-time key, its secret).
template <std::size_t count>
struct images_op {
  random_keys pubs{count};
  std::vector<crypto::secret_key> secs = std::vector<crypto::secret_key>(count, pubs.secret);
  std::vector<crypto::key_image> out = std::vector<crypto::key_image>(count);
  bool batch() {
    cncrypto::generate_key_images(pubs.points.data(), secs.data(), count, out.data());
    return true;
  }
  bool loop() {
    for (std::size_t i = 0; i < count; ++i) crypto::generate_key_image(pubs.points[i], secs[i], out[i]);
    return true;
  }
};

template <std::size_t n> using test_generate_key_derivations = batch_row<derivations_op<n>, n, true>;
template <std::size_t n> using test_generate_key_derivations_loop = batch_row<derivations_op<n>, n, false>;
template <std::size_t n> using test_derive_public_keys = batch_row<derive_op<n>, n, true>;
template <std::size_t n> using test_derive_public_keys_loop = batch_row<derive_op<n>, n, false>;
template <std::size_t n> using test_generate_key_images = batch_row<images_op<n>, n, true>;
template <std::size_t n> using test_generate_key_images_loop = batch_row<images_op<n>, n, false>;

// A synthetic range: `count` version-1 transactions of 2 tagged outputs each,
// every hundredth (i % 100 == 0) paying bob's main address, the others a
// stranger; bob's table has 50 subaddresses.
struct scan_range_fixture {
  cryptonote::account_base bob;
  cncrypto::subaddress_map subaddresses;
  std::vector<cryptonote::transaction> txs;
  std::size_t owned_outputs = 0;

  bool build(std::size_t count, std::size_t owned_every) {
    bob.generate();
    subaddresses = cncrypto::make_subaddress_map(bob.get_keys(), 1, 50);
    cryptonote::account_base other;
    other.generate();
    txs.assign(count, cryptonote::transaction());
    owned_outputs = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const bool owned = owned_every != 0 && i % owned_every == 0;
      const cryptonote::keypair txkey = cryptonote::keypair::generate(hw::get_device("default"));
      cryptonote::transaction &tx = txs[i];
      tx.version = 1;
      const auto &to = owned ? bob.get_keys().m_account_address : other.get_keys().m_account_address;
      if (!add_outputs_to(tx, to, txkey.sec, {1000 + i, 2000 + i}, true)) return false;
      cryptonote::add_tx_pub_key_to_extra(tx.extra, txkey.pub);
      owned_outputs += owned ? 2 : 0;
    }
    return true;
  }
  std::size_t found(const std::vector<cncrypto::scanned_transaction> &r) const {
    std::size_t n = 0;
    for (const auto &t : r) n += t.result.outputs.size();
    return n;
  }
};

// Scanning: count transactions (the fixture above), owned_every = 0: none
// owned. batch(): scan_transactions on `threads` threads; loop(): the per-call
// functions (Monero's wallet2 loop, see the top of this file), or
// scan_transaction per transaction (per_tx_scanner).
template <std::size_t count, std::size_t owned_every, unsigned threads, bool per_tx_scanner>
struct scan_op {
  scan_range_fixture m;
  bool built = m.build(count, owned_every);
  std::size_t expected = owned_every == 0 ? 0 : m.owned_outputs;
  bool batch() {
    return built && m.found(cncrypto::scan_transactions(m.txs.data(), m.txs.size(), m.bob.get_keys(), m.subaddresses,
                                                        threads)) == expected;
  }
  bool loop() {
    std::size_t n = 0;
    for (const auto &tx : m.txs)
      n += per_tx_scanner ? cncrypto::scan_transaction(tx, m.bob.get_keys(), m.subaddresses).outputs.size()
                          : per_call_scan(tx);
    return n == expected;
  }
  // Monero's loop for one transaction: the number of owned outputs (each
  // with its key image), or a huge number on a failure.
  std::size_t per_call_scan(const cryptonote::transaction &tx) const {
    const cryptonote::account_keys &keys = m.bob.get_keys();
    const std::size_t failure = ~std::size_t{0} / 2;
    crypto::key_derivation d;
    if (!crypto::generate_key_derivation(cryptonote::get_tx_pub_key_from_extra(tx), keys.m_view_secret_key, d))
      return failure;
    std::size_t found = 0;
    for (std::size_t k = 0; k < tx.vout.size(); ++k) {
      crypto::public_key P;
      if (!cryptonote::get_output_public_key(tx.vout[k], P)) return failure;
      const auto tag = cryptonote::get_output_view_tag(tx.vout[k]);
      if (!cryptonote::out_can_be_to_acc(tag, d, k)) continue;
      const auto received = cryptonote::is_out_to_acc_precomp(m.subaddresses, P, d, {}, k, hw::get_device("default"), tag);
      if (!received) continue;
      cryptonote::keypair eph;
      crypto::key_image ki;
      if (!cryptonote::generate_key_image_helper_precomp(keys, P, received->derivation, k, received->index, eph, ki, hw::get_device("default")))
        return failure;
      ++found;
    }
    return found;
  }
};

template <std::size_t count>
using test_scan_transactions = batch_row<scan_op<count, 0, 1, true>, count, true, (count <= 16 ? 1000 : 50)>;
template <std::size_t count>
using test_scan_transactions_loop = batch_row<scan_op<count, 0, 1, true>, count, false, (count <= 16 ? 1000 : 50)>;
template <std::size_t count, unsigned threads>
using test_scan_range = batch_row<scan_op<count, 100, threads, false>, count, true, 4>;
template <std::size_t count>
using test_scan_range_loop = batch_row<scan_op<count, 100, 1, false>, count, false, 4>;

inline void register_scan_tests(registry &r) {
  TEST_PERFORMANCE(r, test_generate_key_derivations, 16);
  PEER_PERFORMANCE(r, test_generate_key_derivations_loop, 16);
  TEST_PERFORMANCE(r, test_generate_key_derivations, 256);
  PEER_PERFORMANCE(r, test_generate_key_derivations_loop, 256);
  TEST_PERFORMANCE(r, test_derive_public_keys, 16);
  PEER_PERFORMANCE(r, test_derive_public_keys_loop, 16);
  TEST_PERFORMANCE(r, test_derive_public_keys, 256);
  PEER_PERFORMANCE(r, test_derive_public_keys_loop, 256);
  TEST_PERFORMANCE(r, test_generate_key_images, 16);
  PEER_PERFORMANCE(r, test_generate_key_images_loop, 16);
  TEST_PERFORMANCE(r, test_generate_key_images, 256);
  PEER_PERFORMANCE(r, test_generate_key_images_loop, 256);
  TEST_PERFORMANCE(r, test_scan_transactions, 16);
  PEER_PERFORMANCE(r, test_scan_transactions_loop, 16);
  TEST_PERFORMANCE(r, test_scan_transactions, 256);
  PEER_PERFORMANCE(r, test_scan_transactions_loop, 256);
  TEST_PERFORMANCE(r, test_scan_range, 10000, 1);
  PEER_PERFORMANCE(r, test_scan_range_loop, 10000);
  TEST_PERFORMANCE(r, test_scan_range, 10000, 2);
}

}  // namespace perf
