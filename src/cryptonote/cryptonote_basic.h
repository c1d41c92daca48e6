// CryptoNote transactions and blocks as data (spec cryptonote_format.md
// sections 3-7; Monero src/cryptonote_basic/cryptonote_basic.h). Names follow
// Monero. Parsing and serialization are in cryptonote/serialization.h, ids in
// cryptonote/cryptonote_format_utils.h, tx_extra fields in cryptonote/tx_extra.h.
#pragma once

#include "crypto/hash.h"
#include "cryptonote/rct_types.h"

#include <cstdint>
#include <cstring>
#include <variant>
#include <vector>

namespace cryptonote {

// 32-byte curve points and 64-byte (c, r) signatures as raw bytes. They have
// the size and layout of Monero's crypto::public_key, crypto::key_image and
// crypto::signature (copy with std::memcpy); they are defined here so the
// formats layer does not depend on the key-operations layer.
struct public_key {
  unsigned char data[32];
};
struct key_image {
  unsigned char data[32];
};
struct signature {
  unsigned char c[32];
  unsigned char r[32];
};
static_assert(sizeof(public_key) == 32 && sizeof(key_image) == 32 && sizeof(signature) == 64,
              "wire sizes of keys, key images and signatures");
inline bool operator==(const public_key &a, const public_key &b) { return std::memcmp(&a, &b, sizeof a) == 0; }
inline bool operator!=(const public_key &a, const public_key &b) { return !(a == b); }
inline bool operator==(const key_image &a, const key_image &b) { return std::memcmp(&a, &b, sizeof a) == 0; }
inline bool operator!=(const key_image &a, const key_image &b) { return !(a == b); }
inline bool operator==(const signature &a, const signature &b) { return std::memcmp(&a, &b, sizeof a) == 0; }
inline bool operator!=(const signature &a, const signature &b) { return !(a == b); }

// A view tag (first byte of H_k("view_tag" || derivation || varint(i))).
struct view_tag {
  std::uint8_t data;
};

// ---- inputs (txin_v; wire tags ff, 00, 01, 02) ----

struct txout_to_script {  // output tag 00 (never used on chain)
  std::vector<public_key> keys;
  std::vector<std::uint8_t> script;
};
struct txout_to_scripthash {  // output tag 01 (never used on chain)
  crypto::hash hash;
};
struct txout_to_key {  // output tag 02
  public_key key;
};
struct txout_to_tagged_key {  // output tag 03 (from hard fork 15)
  public_key key;
  cryptonote::view_tag view_tag;
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
  key_image k_image;
};

using txin_v = std::variant<txin_gen, txin_to_script, txin_to_scripthash, txin_to_key>;
using txout_target_v = std::variant<txout_to_script, txout_to_scripthash, txout_to_key, txout_to_tagged_key>;

// Wire tags of the variants.
constexpr std::uint8_t txin_gen_tag = 0xff, txin_to_script_tag = 0x00, txin_to_scripthash_tag = 0x01,
                       txin_to_key_tag = 0x02;
constexpr std::uint8_t txout_to_script_tag = 0x00, txout_to_scripthash_tag = 0x01, txout_to_key_tag = 0x02,
                       txout_to_tagged_key_tag = 0x03;

struct tx_out {
  std::uint64_t amount = 0;
  txout_target_v target;
};

// Highest transaction version accepted (CURRENT_TRANSACTION_VERSION).
constexpr std::uint64_t current_transaction_version = 2;
// Limit on the total number of key offsets over all inputs (1 000 000 / 32).
constexpr std::uint64_t max_total_key_offsets = 1000000 / 32;
// CRYPTONOTE_MAX_TX_PER_BLOCK.
constexpr std::uint64_t max_tx_per_block = 0x10000000;

struct transaction_prefix {
  std::uint64_t version = 1;
  std::uint64_t unlock_time = 0;  // block height if < 500 000 000, else unix time
  std::vector<txin_v> vin;
  std::vector<tx_out> vout;
  std::vector<std::uint8_t> extra;  // raw tx_extra; see tx_extra.h for its fields
};

struct transaction : transaction_prefix {
  // v1: one vector per input, one (c, r) per ring member; empty for txin_gen.
  std::vector<std::vector<signature>> signatures;
  // v2: RingCT data (absent on the wire when vin is empty).
  rct::rctSig rct_signatures;
  // True when parsed from a pruned blob (v1: prefix only; v2: prefix || rct
  // base); the signatures / prunable part are then empty and not written.
  bool pruned = false;
};

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
