// Batched derivations and wallet scanning (crypto/crypto_batch.h,
// cryptonote::scan_transactions; docs/scanning.md), reported per item (per key,
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
    for (auto &p : points) p = cryptonote::keypair::generate().pub;
    secret = cryptonote::keypair::generate().sec;
  }
};

template <std::size_t count>
class test_generate_key_derivations {
 public:
  static const std::size_t loop_count = count <= 16 ? 2000 : 100;
  static const std::size_t items_per_call = count;
  bool init() {
    return crypto::generate_key_derivations(m_in.points.data(), count, m_in.secret, m_out.data(), m_ok.data()) == 0;
  }
  bool test() {
    return crypto::generate_key_derivations(m_in.points.data(), count, m_in.secret, m_out.data(), m_ok.data()) == 0;
  }

 private:
  random_keys m_in{count};
  std::vector<crypto::key_derivation> m_out = std::vector<crypto::key_derivation>(count);
  std::vector<std::uint8_t> m_ok = std::vector<std::uint8_t>(count);
};

template <std::size_t count>
class test_generate_key_derivations_loop {
 public:
  static const std::size_t loop_count = test_generate_key_derivations<count>::loop_count;
  static const std::size_t items_per_call = count;
  bool init() { return true; }
  bool test() {
    bool ok = true;
    for (std::size_t i = 0; i < count; ++i) ok &= crypto::generate_key_derivation(m_in.points[i], m_in.secret, m_out[i]);
    return ok;
  }

 private:
  random_keys m_in{count};
  std::vector<crypto::key_derivation> m_out = std::vector<crypto::key_derivation>(count);
};

// count (derivation, output index, base): random derivations, indexes 0 and 1
// (2-output transactions), one base (the wallet's spend key), as scanning does.
template <std::size_t count>
struct derive_inputs {
  random_keys keys{1};
  std::vector<crypto::key_derivation> derivations = std::vector<crypto::key_derivation>(count);
  std::vector<std::size_t> indexes = std::vector<std::size_t>(count);
  std::vector<crypto::public_key> bases = std::vector<crypto::public_key>(count);
  std::vector<crypto::public_key> out = std::vector<crypto::public_key>(count);
  std::vector<std::uint8_t> ok = std::vector<std::uint8_t>(count);
  derive_inputs() {
    fill_random(derivations.data(), count * 32, 77);
    for (std::size_t i = 0; i < count; ++i) {
      indexes[i] = i % 2;
      bases[i] = keys.points[0];
    }
  }
};

template <std::size_t count>
class test_derive_public_keys {
 public:
  static const std::size_t loop_count = count <= 16 ? 2000 : 100;
  static const std::size_t items_per_call = count;
  bool init() { return test(); }
  bool test() {
    return crypto::derive_public_keys(m.derivations.data(), m.indexes.data(), m.bases.data(), count, m.out.data(),
                                      m.ok.data()) == 0;
  }

 private:
  derive_inputs<count> m;
};

template <std::size_t count>
class test_derive_public_keys_loop {
 public:
  static const std::size_t loop_count = test_derive_public_keys<count>::loop_count;
  static const std::size_t items_per_call = count;
  bool init() { return true; }
  bool test() {
    bool ok = true;
    for (std::size_t i = 0; i < count; ++i)
      ok &= crypto::derive_public_key(m.derivations[i], m.indexes[i], m.bases[i], m.out[i]);
    return ok;
  }

 private:
  derive_inputs<count> m;
};

template <std::size_t count>
struct image_inputs {
  random_keys pubs{count};
  std::vector<crypto::secret_key> secs = std::vector<crypto::secret_key>(count);
  std::vector<crypto::key_image> out = std::vector<crypto::key_image>(count);
  image_inputs() {
    for (auto &s : secs) s = cryptonote::keypair::generate().sec;
  }
};

template <std::size_t count>
class test_generate_key_images {
 public:
  static const std::size_t loop_count = count <= 16 ? 2000 : 100;
  static const std::size_t items_per_call = count;
  bool init() { return true; }
  bool test() {
    crypto::generate_key_images(m.pubs.points.data(), m.secs.data(), count, m.out.data());
    return true;
  }

 private:
  image_inputs<count> m;
};

template <std::size_t count>
class test_generate_key_images_loop {
 public:
  static const std::size_t loop_count = test_generate_key_images<count>::loop_count;
  static const std::size_t items_per_call = count;
  bool init() { return true; }
  bool test() {
    for (std::size_t i = 0; i < count; ++i) crypto::generate_key_image(m.pubs.points[i], m.secs[i], m.out[i]);
    return true;
  }

 private:
  image_inputs<count> m;
};

// A synthetic range: `count` version-1 transactions of 2 tagged outputs each,
// every hundredth (i % 100 == 0) paying bob's main address, the others a
// stranger; bob's table has 50 subaddresses.
struct scan_range_fixture {
  cryptonote::account_base bob;
  cryptonote::subaddress_map subaddresses;
  std::vector<cryptonote::transaction> txs;
  std::size_t owned_outputs = 0;

  bool build(std::size_t count, std::size_t owned_every) {
    bob.generate();
    subaddresses = cryptonote::make_subaddress_map(bob.get_keys(), 1, 50);
    cryptonote::account_base other;
    other.generate();
    txs.assign(count, cryptonote::transaction());
    owned_outputs = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const bool owned = owned_every != 0 && i % owned_every == 0;
      const cryptonote::keypair txkey = cryptonote::keypair::generate();
      cryptonote::transaction &tx = txs[i];
      tx.version = 1;
      const auto &to = owned ? bob.get_keys().m_account_address : other.get_keys().m_account_address;
      if (!add_outputs_to(tx, to, txkey.sec, {1000 + i, 2000 + i}, true)) return false;
      cryptonote::add_tx_pub_key_to_extra(tx.extra, txkey.pub);
      owned_outputs += owned ? 2 : 0;
    }
    return true;
  }
  std::size_t found(const std::vector<cryptonote::scanned_transaction> &r) const {
    std::size_t n = 0;
    for (const auto &t : r) n += t.result.outputs.size();
    return n;
  }
};

template <std::size_t count>
class test_scan_transactions {
 public:
  static const std::size_t loop_count = count <= 16 ? 1000 : 50;
  static const std::size_t items_per_call = count;
  bool init() { return m.build(count, 0) && test(); }
  bool test() {
    return m.found(cryptonote::scan_transactions(m.txs, m.bob.get_keys(), m.subaddresses)) == 0;
  }

 private:
  scan_range_fixture m;
};

// The same transactions, one scan_transaction call each.
template <std::size_t count>
class test_scan_transactions_loop {
 public:
  static const std::size_t loop_count = test_scan_transactions<count>::loop_count;
  static const std::size_t items_per_call = count;
  bool init() { return m.build(count, 0); }
  bool test() {
    std::size_t n = 0;
    for (const auto &tx : m.txs) n += cryptonote::scan_transaction(tx, m.bob.get_keys(), m.subaddresses).outputs.size();
    return n == 0;
  }

 private:
  scan_range_fixture m;
};

template <std::size_t count, unsigned threads>
class test_scan_range {
 public:
  static const std::size_t loop_count = 4;
  static const std::size_t items_per_call = count;
  bool init() { return m.build(count, 100) && test(); }
  bool test() {
    return m.found(cryptonote::scan_transactions(m.txs.data(), m.txs.size(), m.bob.get_keys(), m.subaddresses,
                                                 threads)) == m.owned_outputs;
  }

 private:
  scan_range_fixture m;
};

// The range through the per-call functions (Monero's wallet2 loop).
template <std::size_t count>
class test_scan_range_loop {
 public:
  static const std::size_t loop_count = 4;
  static const std::size_t items_per_call = count;
  bool init() { return m.build(count, 100) && test(); }
  bool test() {
    const cryptonote::account_keys &keys = m.bob.get_keys();
    std::size_t found = 0;
    for (const auto &tx : m.txs) {
      const crypto::public_key R = cryptonote::get_tx_pub_key_from_extra(tx);
      crypto::key_derivation d;
      if (!crypto::generate_key_derivation(R, keys.m_view_secret_key, d)) return false;
      for (std::size_t k = 0; k < tx.vout.size(); ++k) {
        crypto::public_key P;
        if (!cryptonote::get_output_public_key(tx.vout[k], P)) return false;
        const auto tag = cryptonote::get_output_view_tag(tx.vout[k]);
        if (!cryptonote::out_can_be_to_acc(tag, d, k)) continue;
        const auto received = cryptonote::is_out_to_acc_precomp(m.subaddresses, P, d, {}, k, tag);
        if (!received) continue;
        cryptonote::keypair eph;
        crypto::key_image ki;
        if (!cryptonote::generate_key_image_helper_precomp(keys, P, received->derivation, k, received->index, eph,
                                                           ki))
          return false;
        ++found;
      }
    }
    return found == m.owned_outputs;
  }

 private:
  scan_range_fixture m;
};

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
