// The block hashing blob (the bytes a block's proof of work is computed over),
// built here from its parts as Monero defines it, for the fuzz targets that
// check get_block_hashing_blob and the PoW against it (fuzz_pow,
// fuzz_block_pow): the header bytes, then the tree hash of the miner
// transaction's id and the other transaction ids, then varint(1 + count).
#pragma once

#include "common/varint.h"
#include "crypto/hash.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"

#include <cstdint>
#include <vector>

inline cryptonote::blobdata hashing_blob_from_parts(const cryptonote::block &b) {
  std::vector<crypto::hash> ids{cryptonote::get_transaction_hash(b.miner_tx)};
  ids.insert(ids.end(), b.tx_hashes.begin(), b.tx_hashes.end());
  crypto::hash root;
  crypto::tree_hash(ids.data(), ids.size(), root);
  cryptonote::blobdata blob = cncrypto::block_header_to_blob(b);
  blob.insert(blob.end(), root.data, root.data + 32);
  std::uint8_t count[10];
  blob.insert(blob.end(), count, count + cncrypto::write_varint(count, ids.size()));
  return blob;
}
