// CryptoNote transactions and blocks as data (spec cryptonote_format.md
// sections 3-7; Monero src/cryptonote_basic/cryptonote_basic.h). Names follow
// Monero. Parsing and serialization are in cryptonote/serialization.h, ids in
// cryptonote/cryptonote_format_utils.h, tx_extra fields in cryptonote/tx_extra.h.
#pragma once

#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "ringct/rctTypes.h"

#include <boost/variant.hpp>

#include <cstdint>
#include <cstring>
#include <vector>

namespace cryptonote {

// The wire key types are Monero's crypto:: types (crypto/crypto.h), as in
// Monero's cryptonote_basic.h: an output's key is a crypto::public_key that goes
// straight into crypto::derive_public_key, an input's key image a
// crypto::key_image, a ring signature member a crypto::signature (c || r), an
// output's view tag a crypto::view_tag. Sizes on the wire: 32, 32, 64 and 1
// bytes, written as their raw bytes. The aliases keep the unqualified names
// valid inside namespace cryptonote.
using public_key = crypto::public_key;
using key_image = crypto::key_image;
using signature = crypto::signature;
using view_tag = crypto::view_tag;
static_assert(sizeof(public_key) == 32 && sizeof(key_image) == 32 && sizeof(signature) == 64 &&
                  sizeof(view_tag) == 1,
              "wire sizes of keys, key images, signatures and view tags");

// ---- inputs (txin_v; wire tags ff, 00, 01, 02) ----

struct txout_to_script {  // output tag 00 (never used on chain)
  std::vector<public_key> keys;
  std::vector<std::uint8_t> script;
};
struct txout_to_scripthash {  // output tag 01 (never used on chain)
  crypto::hash hash;
};
struct txout_to_key {  // output tag 02
  crypto::public_key key;
};
struct txout_to_tagged_key {  // output tag 03 (from hard fork 15)
  crypto::public_key key;
  crypto::view_tag view_tag;
};

struct txin_gen {  // input tag ff: coinbase
  std::uint64_t height = 0;
};
struct txin_to_script {  // input tag 00 (never used on chain)
  crypto::hash prev;
  std::uint64_t prevout = 0;
  std::vector<std::uint8_t> sigset;
};
struct txin_to_scripthash {  // input tag 01 (never used on chain)
  crypto::hash prev;
  std::uint64_t prevout = 0;
  txout_to_script script;
  std::vector<std::uint8_t> sigset;
};
struct txin_to_key {  // input tag 02
  std::uint64_t amount = 0;
  std::vector<std::uint64_t> key_offsets;  // relative: first absolute, then differences
  crypto::key_image k_image;
};

// Monero's types: boost::variant (Boost's header-only Variant, a public
// dependency), so that Monero's code works unchanged on them:
// boost::get<txin_to_key>(in) (throws boost::bad_get on another type),
// boost::get<txin_to_key>(&in) (nullptr on another type),
// boost::apply_visitor, in.which() (the index of the type in the lists below,
// not the wire tag) and in.type() == typeid(txin_gen). Default-constructed, a
// txin_v holds a txin_gen and a txout_target_v a txout_to_script.
typedef boost::variant<txin_gen, txin_to_script, txin_to_scripthash, txin_to_key> txin_v;
typedef boost::variant<txout_to_script, txout_to_scripthash, txout_to_key, txout_to_tagged_key> txout_target_v;

struct tx_out {
  std::uint64_t amount = 0;
  txout_target_v target;
};

struct transaction_prefix {
  std::uint64_t version = 1;
  std::uint64_t unlock_time = 0;  // block height if < 500 000 000, else unix time
  std::vector<txin_v> vin;
  std::vector<tx_out> vout;
  std::vector<std::uint8_t> extra;  // raw tx_extra; see tx_extra.h for its fields
};

struct transaction : transaction_prefix {
  // v1: one vector per input, one (c, r) per ring member; empty for txin_gen.
  std::vector<std::vector<crypto::signature>> signatures;
  // v2: RingCT data (absent on the wire when vin is empty).
  rct::rctSig rct_signatures;
  // True when parsed from a pruned blob (v1: prefix only; v2: prefix || rct
  // base); the signatures / prunable part are then empty and not written.
  bool pruned = false;
};

// Monero's is_coinbase (cryptonote_basic_impl.h): true when tx has exactly
// one input and it is a txin_gen, the shape of a miner transaction. Monero's
// parser (expand_transaction_1) skips its RingCT checks for such a
// transaction (docs/formats.md "Coinbase transactions"). Never throws.
inline bool is_coinbase(const transaction &tx) {
  return tx.vin.size() == 1 && boost::get<txin_gen>(&tx.vin[0]) != nullptr;
}

// ---- blocks ----

struct block_header {
  std::uint8_t major_version = 0;  // varint on the wire, at most 255
  std::uint8_t minor_version = 0;  // varint on the wire, at most 255
  std::uint64_t timestamp = 0;
  crypto::hash prev_id{};
  std::uint32_t nonce = 0;  // 4 bytes LE on the wire
};

struct block : block_header {
  transaction miner_tx;
  std::vector<crypto::hash> tx_hashes;  // ids of the other transactions, in order
};

}  // namespace cryptonote

// cncrypto's own constants (namespace cncrypto: Monero spells them as macros
// of cryptonote_config.h, CURRENT_TRANSACTION_VERSION and
// CRYPTONOTE_MAX_TX_PER_BLOCK, or as literals in its serializers).
namespace cncrypto {

// Wire tags of the variants (Monero's VARIANT_TAG values of binary_archive).
constexpr std::uint8_t txin_gen_tag = 0xff, txin_to_script_tag = 0x00, txin_to_scripthash_tag = 0x01,
                       txin_to_key_tag = 0x02;
constexpr std::uint8_t txout_to_script_tag = 0x00, txout_to_scripthash_tag = 0x01, txout_to_key_tag = 0x02,
                       txout_to_tagged_key_tag = 0x03;

// Highest transaction version accepted (CURRENT_TRANSACTION_VERSION).
constexpr std::uint64_t current_transaction_version = 2;
// Limit on the total number of key offsets over all inputs (1 000 000 / 32,
// Monero's max_total_key_offsets() of cryptonote_format_utils.cpp in master).
constexpr std::uint64_t max_total_key_offsets = 1000000 / 32;
// CRYPTONOTE_MAX_TX_PER_BLOCK.
constexpr std::uint64_t max_tx_per_block = 0x10000000;

}  // namespace cncrypto
