// Test support for the transaction builder and checks: wallets, a fake
// chain of outputs indexed per amount (version 1 global indices), sources
// with decoys around the real output, and a scan of a transaction for a wallet.
#pragma once

#include "crypto/crypto.h"
#include "cryptonote/account.h"
#include "cryptonote/cryptonote_basic.h"
#include "cryptonote/cryptonote_tx_utils.h"
#include "cryptonote/tx_extra.h"
#include "cryptonote/tx_verification.h"
#include "cryptonote/wallet_scan.h"

#include <sodium.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <cstring>
#include <string>
#include <vector>

namespace txtest {

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names

// A wallet with subaddresses (0..1, 0..2) in its table.
struct wallet {
  account_base acc;
  cncrypto::subaddress_map subs;

  wallet() {
    acc.generate();
    subs = cncrypto::make_subaddress_map(acc.get_keys(), 2, 3);
  }
  const account_keys &keys() const { return acc.get_keys(); }
  account_public_address addr(std::uint32_t major = 0, std::uint32_t minor = 0) const {
    return cncrypto::get_subaddress(acc.get_keys(), {major, minor});
  }
  tx_destination_entry dest(std::uint64_t amount, std::uint32_t major = 0, std::uint32_t minor = 0) const {
    return tx_destination_entry(amount, addr(major, minor), major != 0 || minor != 0);
  }
};

inline crypto::public_key output_key(const tx_out &out) {
  crypto::public_key key;
  if (!get_output_public_key(out, key)) throw std::logic_error("output without a key");
  return key;
}

// An output the scan found.
struct found_output {
  std::size_t index = 0;  // in the transaction
  subaddress_index subaddr;
  std::uint64_t amount = 0;
  crypto::key_image key_image{};
  crypto::public_key key{};
};

// Every output of tx that belongs to w (any subaddress in its table), with
// its key image: the wallet's scanner (scan_transaction, wallet_scan.h). A
// transaction the builder made must scan without problems.
inline std::vector<found_output> scan(const transaction &tx, const wallet &w) {
  const cncrypto::scan_result r = cncrypto::scan_transaction(tx, w.keys(), w.subs);
  if (!r.problems.empty()) throw std::logic_error("scan_transaction: " + r.problems.front());
  std::vector<found_output> found;
  for (const cncrypto::owned_output &o : r.outputs) {
    if (!o.amount_decoded || !o.key_image_known) throw std::logic_error("owned output without amount or key image");
    found_output f;
    f.index = o.output_index;
    f.subaddr = o.received_index;
    f.amount = o.amount;
    f.key = o.out_key;
    f.key_image = o.key_image;
    found.push_back(f);
  }
  return found;
}

// The global indices of a ring of ring_size spending the output at global index
// gidx of the list outputs (one amount): the real member at a random position
// (stored in real_position), the decoys below it spread over [0, gidx) and those
// above it appended to outputs now (new_decoy() makes one).
template <typename Outputs, typename NewDecoy>
std::vector<std::uint64_t> ring_indices(Outputs &outputs, std::uint64_t gidx, std::size_t ring_size,
                                        std::size_t &real_position, NewDecoy new_decoy) {
  const std::size_t below = std::min<std::size_t>(randombytes_uniform(static_cast<std::uint32_t>(ring_size)), gidx);
  std::vector<std::uint64_t> idx;
  for (std::size_t i = 0; i < below; ++i) idx.push_back(gidx * i / below);
  idx.push_back(gidx);
  for (std::size_t i = below + 1; i < ring_size; ++i) {
    idx.push_back(outputs.size());
    outputs.push_back(new_decoy());
  }
  real_position = below;
  return idx;
}

// A source spending output k of tx with the real member at real_position of its
// ring, without the ring (src.outputs) yet.
inline tx_source_entry source_without_ring(const transaction &tx, std::size_t k, std::uint64_t amount,
                                           std::size_t real_position) {
  tx_source_entry src;
  src.amount = amount;
  src.real_output = real_position;
  src.real_out_tx_key = get_tx_pub_key_from_extra(tx);
  src.real_out_additional_tx_keys = get_additional_tx_pub_keys_from_extra(tx);
  src.real_output_in_tx_index = k;
  return src;
}

// Outputs per amount; version 1 global indices count outputs of one amount.
struct fake_chain {
  std::map<std::uint64_t, std::vector<crypto::public_key>> by_amount;

  static crypto::public_key random_point() {
    crypto::public_key pub;
    crypto::secret_key sec;
    crypto::generate_keys(pub, sec);
    return pub;
  }
  // The first use of an amount puts 40 decoys there.
  std::vector<crypto::public_key> &outputs_of(std::uint64_t amount) {
    auto &v = by_amount[amount];
    if (v.empty()) {
      for (int i = 0; i < 40; ++i) v.push_back(random_point());
    }
    return v;
  }
  // Records tx's outputs; returns their global indices.
  std::vector<std::uint64_t> add_tx(const transaction &tx) {
    std::vector<std::uint64_t> idx;
    for (const tx_out &out : tx.vout) {
      auto &v = outputs_of(out.amount);
      idx.push_back(v.size());
      v.push_back(output_key(out));
    }
    return idx;
  }
  bool lookup(std::uint64_t amount, std::uint64_t index, crypto::public_key &key) const {
    auto it = by_amount.find(amount);
    if (it == by_amount.end() || index >= it->second.size()) return false;
    key = it->second[index];
    return true;
  }
  output_key_lookup lookup_fn() const {
    return [this](std::uint64_t a, std::uint64_t i, crypto::public_key &k) { return lookup(a, i, k); };
  }

  // A source spending output k of tx (recorded at global index gidx) with a
  // ring of ring_size: the real member at a random position, decoys below
  // it from the pre-existing ones and above it appended now.
  tx_source_entry source(const transaction &tx, std::size_t k, std::uint64_t gidx, std::size_t ring_size) {
    const std::uint64_t amount = tx.vout[k].amount;
    auto &v = outputs_of(amount);
    std::size_t real_position = 0;
    const auto idx = ring_indices(v, gidx, ring_size, real_position, random_point);
    tx_source_entry src = source_without_ring(tx, k, amount, real_position);
    for (std::uint64_t i : idx) {
      rct::ctkey ct{};
      std::memcpy(ct.dest.bytes, &v[i], 32);
      ct.mask.bytes[0] = 1;  // identity (pre-RingCT outputs)
      src.outputs.emplace_back(i, ct);
    }
    return src;
  }
};

// A coinbase paying w at its main address (amounts per spec 10.1 when
// height 0: 186044415, 2e9, 9e10, 5e11, 7e12, 1e13), recorded on chain.
struct funded {
  transaction tx;
  std::vector<std::uint64_t> gidx;
};
inline funded mine_to(fake_chain &chain, const wallet &w) {
  funded f;
  std::string error;
  if (!construct_miner_tx(0, 0, 0, 2, 0, w.addr(), f.tx, {}, 999, 1, &error)) {
    throw std::runtime_error("construct_miner_tx: " + error);
  }
  f.gidx = chain.add_tx(f.tx);
  return f;
}

}  // namespace txtest
