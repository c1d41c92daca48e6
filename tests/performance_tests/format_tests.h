// CryptoNote formats (src/cryptonote): parsing a real transaction, its hash,
// and a real block's id. The blobs come from ../shared/data (real mainnet
// objects, named by their hash / id); main.cpp registers these tests only when
// that directory is there. init() checks the hash / id against the file name.
#pragma once

#include <cstddef>
#include <fstream>
#include <iterator>
#include <string>

#include "crypto/hash.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "test_data.h"

namespace perf {

inline cryptonote::blobdata read_blob(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return cryptonote::blobdata(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline bool hash_is(const crypto::hash &h, const std::string &hex) { return equals_hex(h.data, 32, hex.c_str()); }

// Parses one transaction blob (parse_transaction: prefix, RingCT base and prunable parts).
class test_parse_tx {
 public:
  static const std::size_t loop_count = 10000;

  test_parse_tx(std::string path, std::string hash) : m_blob(read_blob(path)), m_hash(std::move(hash)) {}
  bool init() {
    return !m_blob.empty() && hash_is(cryptonote::get_transaction_hash(cryptonote::parse_transaction(m_blob)), m_hash);
  }
  bool test() { return cryptonote::parse_transaction(m_blob).version > 0; }

 private:
  cryptonote::blobdata m_blob;
  std::string m_hash;
};

// The transaction hash (v2: cn_fast_hash of the prefix, base and prunable
// hashes) of a parsed transaction.
class test_tx_hash {
 public:
  static const std::size_t loop_count = 10000;

  test_tx_hash(std::string path, std::string hash) : m_blob(read_blob(path)), m_hash(std::move(hash)) {}
  bool init() {
    if (m_blob.empty()) return false;
    m_tx = cryptonote::parse_transaction(m_blob);
    return hash_is(cryptonote::get_transaction_hash(m_tx), m_hash);
  }
  bool test() {
    m_result = cryptonote::get_transaction_hash(m_tx);
    return true;
  }

 private:
  cryptonote::blobdata m_blob;
  std::string m_hash;
  cryptonote::transaction m_tx;
  crypto::hash m_result;
};

// The block id (hashing blob with the miner tx hash and tx tree root) of a parsed block.
class test_block_id {
 public:
  static const std::size_t loop_count = 10000;

  test_block_id(std::string path, std::string id) : m_blob(read_blob(path)), m_id(std::move(id)) {}
  bool init() {
    if (m_blob.empty()) return false;
    m_block = cryptonote::parse_block(m_blob);
    return hash_is(cryptonote::get_block_hash(m_block), m_id);
  }
  bool test() {
    m_result = cryptonote::get_block_hash(m_block);
    return true;
  }

 private:
  cryptonote::blobdata m_blob;
  std::string m_id;
  cryptonote::block m_block;
  crypto::hash m_result;
};

}  // namespace perf
