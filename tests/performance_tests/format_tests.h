// CryptoNote formats (src/cryptonote): parsing a real transaction, its hash,
// and a real block's id. The blobs come from ../shared/data (real mainnet
// objects, named by their hash / id); main.cpp registers these tests only when
// that directory is there. init() checks the hash / id against the file name.
#pragma once

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "crypto/hash.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "performance_tests.h"
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

// CryptoNote formats, on real mainnet objects from ../shared/data (named by
// hash / id): a RingCT (Bulletproofs+) transaction of 1 input (ring 16) and 2
// outputs, and a block. Left out, with a note, when that directory is absent.
inline void register_format_tests(registry &r) {
  const std::string data = CNCRYPTO_SHARED_DIR "/data/";
  const std::string tx_hash = "e89415b95564aa7e3587c91422756ba5303e727996e19c677630309a0d52a7ca";
  const std::string block_id = "7d3113f562eac36f14afa08c22ae20bbbf8cffa31a4466d24850732cb96f80e9";
  const std::string tx_file = data + "txs/" + tx_hash + ".bin", block_file = data + "blocks/" + block_id + ".bin";
  if (std::filesystem::exists(tx_file) && std::filesystem::exists(block_file)) {
    r.test<test_parse_tx>("test_parse_tx", tx_file, tx_hash);
    r.test<test_tx_hash>("test_tx_hash", tx_file, tx_hash);
    r.test<test_block_id>("test_block_id", block_file, block_id);
  } else {
    std::cerr << "performance_tests: note: " << data
              << " not found; test_parse_tx, test_tx_hash and test_block_id left out\n";
  }
}

}  // namespace perf
