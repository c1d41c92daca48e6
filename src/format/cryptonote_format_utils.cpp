#include "cryptonote/cryptonote_format_utils.h"

#include "cryptonote/serialization.h"
#include "ringct/rctSerialization.h"
#include "common/varint.h"

#include <atomic>
#include <cstring>
#include <stdexcept>
#include <string>

namespace cryptonote {

using namespace cncrypto;  // cncrypto's reader, writer and types used by the helpers below

namespace {

// Mainnet block 202612 (spec 7.4): H_k of its whole blob, and the id it was
// accepted with (computed by the old tree hash over its first 512 leaves).
constexpr std::uint8_t block_202612_blob_hash[32] = {
    0x3a, 0x8a, 0x2b, 0x3a, 0x29, 0xb5, 0x0f, 0xc8, 0x6f, 0xf7, 0x3d, 0xd0, 0x87, 0xea, 0x43, 0xc6,
    0xf0, 0xd6, 0xb8, 0xf9, 0x36, 0xc8, 0x49, 0x19, 0x4d, 0x5c, 0x84, 0xc7, 0x37, 0x90, 0x39, 0x66};
constexpr std::uint8_t block_202612_id[32] = {
    0xbb, 0xd6, 0x04, 0xd2, 0xba, 0x11, 0xba, 0x27, 0x93, 0x5e, 0x00, 0x6e, 0xd3, 0x9c, 0x9b, 0xfd,
    0xd9, 0x9b, 0x76, 0xbf, 0x4a, 0x50, 0x65, 0x4b, 0xc1, 0xe1, 0xe6, 0x12, 0x17, 0x96, 0x26, 0x98};
constexpr std::uint64_t block_202612_height = 202612;

// What get_hash_stats reports (Monero's four counters of the same meaning).
// Nothing is ever cached here, so the two *_cached counters stay 0.
std::atomic<std::uint64_t> tx_hashes_calculated{0};
std::atomic<std::uint64_t> tx_hashes_cached{0};
std::atomic<std::uint64_t> block_hashes_calculated{0};
std::atomic<std::uint64_t> block_hashes_cached{0};

crypto::hash hash_of(const blobdata &b) { return crypto::cn_fast_hash(b.data(), b.size()); }

crypto::hash hash_of_three(const crypto::hash &a, const crypto::hash &b, const crypto::hash &c) {
  unsigned char buf[3 * sizeof(crypto::hash)];
  std::memcpy(buf, &a, sizeof a);
  std::memcpy(buf + 32, &b, sizeof b);
  std::memcpy(buf + 64, &c, sizeof c);
  return crypto::cn_fast_hash(buf, sizeof buf);
}

}  // namespace

crypto::hash get_blob_hash(byte_span blob) { return crypto::cn_fast_hash(blob.data, blob.size); }
void get_blob_hash(byte_span blob, crypto::hash &res) { res = get_blob_hash(blob); }

}  // namespace cryptonote

namespace cncrypto {

using namespace cryptonote;

crypto::hash get_object_hash_of_blob(byte_span blob) {
  blobdata buf;
  buf.reserve(blob.size + cncrypto::max_varint_size);
  binary_writer w(buf);
  w.write_varint(blob.size);
  w.write_bytes(blob.data, blob.size);
  return hash_of(buf);
}

}  // namespace cncrypto

namespace cryptonote {

crypto::hash get_transaction_prefix_hash(const transaction_prefix &tx) { return hash_of(tx_prefix_to_blob(tx)); }
void get_transaction_prefix_hash(const transaction_prefix &tx, crypto::hash &h) { h = get_transaction_prefix_hash(tx); }

}  // namespace cryptonote

namespace cncrypto {

using namespace cryptonote;

transaction_hashes get_transaction_hashes(const transaction &tx) {
  if (tx.pruned) throw std::invalid_argument("get_transaction_hashes: the transaction is pruned; use get_pruned_transaction_hash");
  const transaction_blobs parts = serialize_transaction_parts(tx);
  transaction_hashes h;
  h.prefix_hash = hash_of(parts.prefix);
  h.prefix_size = parts.prefix.size();
  h.blob_size = parts.prefix.size() + parts.signatures.size() + parts.rct_base.size() + parts.rct_prunable.size();
  if (tx.version == 1) {
    blobdata whole = parts.prefix;
    whole.insert(whole.end(), parts.signatures.begin(), parts.signatures.end());
    h.hash = hash_of(whole);
    h.unprunable_size = parts.prefix.size();
    return h;
  }
  h.rct_base_hash = hash_of(parts.rct_base);
  h.rct_prunable_hash = parts.rct_prunable.empty() ? crypto::null_hash : hash_of(parts.rct_prunable);
  h.unprunable_size = parts.prefix.size() + parts.rct_base.size();
  h.hash = hash_of_three(h.prefix_hash, h.rct_base_hash, h.rct_prunable_hash);
  return h;
}

transaction_hashes get_transaction_hashes_from_blob(byte_span blob) {
  transaction_layout layout;
  const transaction tx = parse_transaction(blob, &layout);
  if (!layout.canonical) {
    // A final varint cut off by the end of the blob: Monero hashes the object
    // (its re-serialization); the sizes stay those of the received bytes, as
    // Monero's blob_size, prefix_size and unprunable_size are positions in
    // the archive it read.
    transaction_hashes h = get_transaction_hashes(tx);
    h.prefix_size = layout.prefix_size;
    h.unprunable_size = layout.unprunable_size();
    h.blob_size = blob.size;
    return h;
  }
  transaction_hashes h;
  const std::uint8_t *p = blob.data;
  h.prefix_hash = crypto::cn_fast_hash(p, layout.prefix_size);
  h.prefix_size = layout.prefix_size;
  h.blob_size = blob.size;
  h.unprunable_size = layout.unprunable_size();
  if (tx.version == 1) {
    h.hash = crypto::cn_fast_hash(p, blob.size);
    return h;
  }
  h.rct_base_hash = crypto::cn_fast_hash(p + layout.prefix_size, layout.rct_base_size);
  h.rct_prunable_hash = layout.rct_prunable_size == 0
                            ? crypto::null_hash
                            : crypto::cn_fast_hash(p + layout.prefix_size + layout.rct_base_size, layout.rct_prunable_size);
  h.hash = hash_of_three(h.prefix_hash, h.rct_base_hash, h.rct_prunable_hash);
  return h;
}

}  // namespace cncrypto

namespace cryptonote {

crypto::hash get_transaction_hash(const transaction &tx) {
  crypto::hash res;
  if (!get_transaction_hash(tx, res, nullptr)) throw std::runtime_error("Failed to calculate transaction hash");
  return res;
}

bool get_transaction_hash(const transaction &t, crypto::hash &res, std::size_t *blob_size) {
  ++tx_hashes_calculated;
  return calculate_transaction_hash(t, res, blob_size);
}

bool get_transaction_hash(const transaction &t, crypto::hash &res) { return get_transaction_hash(t, res, nullptr); }

bool get_transaction_hash(const transaction &t, crypto::hash &res, std::size_t &blob_size) {
  return get_transaction_hash(t, res, &blob_size);
}

bool calculate_transaction_hash(const transaction &tx, crypto::hash &res, std::size_t *blob_size) {
  try {
    const transaction_hashes h = get_transaction_hashes(tx);
    res = h.hash;
    if (blob_size) *blob_size = h.blob_size;
    return true;
  } catch (const std::invalid_argument &) {
    res = crypto::null_hash;
    return false;
  }
}

bool calculate_transaction_prunable_hash(const transaction &t, const blobdata_ref *blob, crypto::hash &res) {
  if (t.version == 1) return false;
  try {
    if (blob != nullptr) {
      // The bytes after the unprunable part, whose length is that of the
      // object's own prefix and RingCT base (Monero: the length its last binary
      // read or write of t recorded, the same for a canonical blob).
      const transaction_blobs parts = serialize_transaction_parts(t);
      const std::size_t unprunable = parts.prefix.size() + parts.rct_base.size();
      if (unprunable > blob->size()) return false;
      res = crypto::cn_fast_hash(blob->data() + unprunable, blob->size() - unprunable);
      return true;
    }
    if (t.pruned) return false;  // no prunable data to write (Monero's serializer fails on the empty proofs)
    // The prunable bytes as written, empty for type 0 and for no inputs: H_k("") then.
    res = hash_of(serialize_transaction_parts(t).rct_prunable);
    return true;
  } catch (const std::invalid_argument &) {
    return false;
  }
}

crypto::hash get_transaction_prunable_hash(const transaction &tx, const blobdata_ref *blob) {
  ++tx_hashes_calculated;
  crypto::hash res;
  if (!calculate_transaction_prunable_hash(tx, blob, res)) throw std::runtime_error("Failed to calculate tx prunable hash");
  return res;
}

crypto::hash get_pruned_transaction_hash(const transaction &tx, const crypto::hash &prunable_hash) {
  if (tx.version < 2) throw std::invalid_argument("get_pruned_transaction_hash: only v2 transactions have a pruned hash");
  // The prefix and the RingCT base only (the parts a pruned tx keeps): no
  // copy of the transaction, no prunable bytes written.
  const crypto::hash prefix_hash = hash_of(tx_prefix_to_blob(tx));
  blobdata base;
  if (!tx.vin.empty()) rct::serialize_rctsig_base(base, tx.rct_signatures, tx.vin.size(), tx.vout.size());
  const crypto::hash base_hash = hash_of(base);
  const bool null_type = tx.vin.empty() || tx.rct_signatures.type == rct::RCTTypeNull;
  return hash_of_three(prefix_hash, base_hash, null_type ? crypto::null_hash : prunable_hash);
}

std::uint64_t get_block_height(const block &b) {
  if (!is_coinbase(b.miner_tx)) {
    throw std::invalid_argument("get_block_height: the miner transaction must have exactly one txin_gen input");
  }
  return boost::get<txin_gen>(b.miner_tx.vin[0]).height;
}

crypto::hash get_tx_tree_hash(const std::vector<crypto::hash> &ids) {
  if (ids.empty()) throw std::invalid_argument("get_tx_tree_hash: no hashes (a block always has its miner tx)");
  crypto::hash root;
  crypto::tree_hash(ids.data(), ids.size(), root);
  return root;
}

crypto::hash get_tx_tree_hash(const block &b) {
  std::vector<crypto::hash> ids;
  ids.reserve(b.tx_hashes.size() + 1);
  ++tx_hashes_calculated;  // Monero's get_transaction_hash(miner_tx); here std::invalid_argument when inconsistent
  ids.push_back(get_transaction_hashes(b.miner_tx).hash);
  ids.insert(ids.end(), b.tx_hashes.begin(), b.tx_hashes.end());
  return get_tx_tree_hash(ids);
}

blobdata get_block_hashing_blob(const block &b) {
  blobdata out = block_header_to_blob(b);
  const crypto::hash root = get_tx_tree_hash(b);
  binary_writer w(out);
  w.write_pod(root);
  w.write_varint(b.tx_hashes.size() + 1);
  return out;
}

bool calculate_block_hash(const block &b, crypto::hash &res, const blobdata_ref *blob) {
  res = get_object_hash_of_blob(get_block_hashing_blob(b));
  const bool single_gen = is_coinbase(b.miner_tx);
  if (single_gen && boost::get<txin_gen>(b.miner_tx.vin[0]).height != block_202612_height) return true;

  // Mainnet block 202612 exception (spec 7.4).
  const crypto::hash blob_hash = blob ? crypto::cn_fast_hash(blob->data(), blob->size()) : hash_of(block_to_blob(b));
  if (std::memcmp(&blob_hash, block_202612_blob_hash, 32) == 0) {
    std::memcpy(&res, block_202612_id, 32);
    return true;
  }
  if (std::memcmp(&res, block_202612_id, 32) == 0) {
    res = crypto::null_hash;
    return false;
  }
  return true;
}

bool parse_and_validate_block_from_blob(byte_span blob, block &b, crypto::hash *block_hash) {
  if (!parse_and_validate_block_from_blob(blob, b, static_cast<std::string *>(nullptr))) return false;
  if (block_hash) {
    const blobdata_ref received(reinterpret_cast<const char *>(blob.data), blob.size);
    (void)calculate_block_hash(b, *block_hash, &received);  // unchecked, as in Monero (see the header)
    ++block_hashes_calculated;
  }
  return true;
}

bool parse_and_validate_block_from_blob(byte_span blob, block &b, crypto::hash &block_hash) {
  return parse_and_validate_block_from_blob(blob, b, &block_hash);
}

bool parse_and_validate_tx_from_blob(byte_span blob, transaction &tx, crypto::hash &tx_hash) {
  if (!parse_and_validate_tx_from_blob(blob, tx, static_cast<std::string *>(nullptr))) return false;
  return get_transaction_hash(tx, tx_hash);
}

bool parse_and_validate_tx_from_blob(byte_span blob, transaction &tx, crypto::hash &tx_hash,
                                     crypto::hash &tx_prefix_hash) {
  if (!parse_and_validate_tx_from_blob(blob, tx, tx_hash)) return false;
  tx_prefix_hash = get_transaction_prefix_hash(tx);
  return true;
}

bool get_block_hash(const block &b, crypto::hash &res) {
  ++block_hashes_calculated;
  return calculate_block_hash(b, res);
}

crypto::hash get_block_hash(const block &b) {
  crypto::hash res;
  (void)get_block_hash(b, res);  // refused: res is null_hash, returned as Monero does
  return res;
}

}  // namespace cryptonote

namespace cncrypto {

using namespace cryptonote;

block generate_genesis_block(byte_span genesis_tx, std::uint32_t nonce) {
  block bl;
  bl.miner_tx = parse_transaction(genesis_tx);
  bl.major_version = 1;
  bl.minor_version = 0;
  bl.timestamp = 0;
  bl.prev_id = crypto::null_hash;
  bl.nonce = nonce;
  return bl;
}

}  // namespace cncrypto

namespace cryptonote {

void get_hash_stats(std::uint64_t &tx_hashes_calculated_out, std::uint64_t &tx_hashes_cached_out,
                    std::uint64_t &block_hashes_calculated_out, std::uint64_t &block_hashes_cached_out) {
  tx_hashes_calculated_out = tx_hashes_calculated;
  tx_hashes_cached_out = tx_hashes_cached;
  block_hashes_calculated_out = block_hashes_calculated;
  block_hashes_cached_out = block_hashes_cached;
}

bool is_v1_tx(const blobdata_ref &tx_blob) {
  std::uint64_t version = 0;
  const char *begin = tx_blob.data();
  const char *end = begin + tx_blob.size();
  const int read = tools::read_varint(begin, end, version);
  if (read <= 0) throw std::runtime_error("Internal error getting transaction version");
  return version <= 1;
}

bool is_v1_tx(const blobdata &tx_blob) { return is_v1_tx(blobdata_ref(tx_blob.data(), tx_blob.size())); }

bool check_outs_valid(const transaction &tx) {
  for (const tx_out &out : tx.vout) {
    const crypto::public_key *key = nullptr;
    if (const auto *k = boost::get<txout_to_key>(&out.target)) key = &k->key;
    if (const auto *k = boost::get<txout_to_tagged_key>(&out.target)) key = &k->key;
    const bool bad = key == nullptr || (tx.version == 1 && out.amount == 0);
    if (bad) {
      // Monero names the transaction's id in its log message here, so it
      // throws when the id cannot be computed (a pruned transaction).
      crypto::hash id;
      if (!get_transaction_hash(tx, id)) throw std::runtime_error("Failed to calculate transaction hash");
      return false;
    }
    if (!crypto::check_key(*key)) return false;
  }
  return true;
}

bool check_inputs_overflow(const transaction &tx) {
  std::uint64_t money = 0;
  for (const auto &in : tx.vin) {
    const auto *k = boost::get<txin_to_key>(&in);
    if (k == nullptr) return false;
    if (money + k->amount < money) return false;
    money += k->amount;
  }
  return true;
}

bool check_outs_overflow(const transaction &tx) {
  std::uint64_t money = 0;
  for (const auto &o : tx.vout) {
    if (money + o.amount < money) return false;
    money += o.amount;
  }
  return true;
}

bool check_money_overflow(const transaction &tx) { return check_inputs_overflow(tx) && check_outs_overflow(tx); }

}  // namespace cryptonote
