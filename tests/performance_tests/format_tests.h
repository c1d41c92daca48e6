// CryptoNote formats (src/cryptonote): parsing a real transaction, its hash,
// and a real block's id. The blobs come from ../shared/data (real mainnet
// objects, named by their hash / id); register_format_tests registers these
// tests only when that directory is there. init() checks the hash / id against the file name.
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
#include "support/shared_dir.h"
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
    return !m_blob.empty() && hash_is(cryptonote::get_transaction_hash(cncrypto::parse_transaction(m_blob)), m_hash);
  }
  bool test() { return cncrypto::parse_transaction(m_blob).version > 0; }

 private:
  cryptonote::blobdata m_blob;
  std::string m_hash;
};

namespace detail {
// The hash of an object parsed once in init() (checked against the hash / id
// the file is named by), computed per call: kind says how to parse and hash.
template <typename kind>
class test_parsed_hash {
 public:
  static const std::size_t loop_count = 10000;

  test_parsed_hash(std::string path, std::string hash) : m_blob(read_blob(path)), m_hash(std::move(hash)) {}
  bool init() {
    if (m_blob.empty()) return false;
    m_object = kind::parse(m_blob);
    return hash_is(kind::hash(m_object), m_hash);
  }
  bool test() {
    m_result = kind::hash(m_object);
    return true;
  }

 private:
  cryptonote::blobdata m_blob;
  std::string m_hash;
  typename kind::object m_object;
  crypto::hash m_result;
};

struct transaction_hash_kind {
  using object = cryptonote::transaction;
  static object parse(const cryptonote::blobdata &blob) { return cncrypto::parse_transaction(blob); }
  static crypto::hash hash(const object &tx) { return cryptonote::get_transaction_hash(tx); }
};
struct block_id_kind {
  using object = cryptonote::block;
  static object parse(const cryptonote::blobdata &blob) { return cncrypto::parse_block(blob); }
  static crypto::hash hash(const object &block) { return cryptonote::get_block_hash(block); }
};
}  // namespace detail

// The transaction hash (v2: cn_fast_hash of the prefix, base and prunable
// hashes) of a parsed transaction.
using test_tx_hash = detail::test_parsed_hash<detail::transaction_hash_kind>;
// The block id (hashing blob with the miner tx hash and tx tree root) of a parsed block.
using test_block_id = detail::test_parsed_hash<detail::block_id_kind>;

// CryptoNote formats, on real mainnet objects from the shared directory's data/
// (named by hash / id): a RingCT (Bulletproofs+) transaction of 1 input (ring
// 16) and 2 outputs, and a block. Left out, with a note, when absent.
inline void register_format_tests(registry &r) {
  // Found as the unit tests find it (support/shared_dir.h).
  const std::filesystem::path dir = cncrypto::test::shared_dir();
  const bool present = !dir.empty();
  const std::string data = (dir / "data").string() + "/";
  const std::string tx_hash = "e89415b95564aa7e3587c91422756ba5303e727996e19c677630309a0d52a7ca";
  const std::string block_id = "7d3113f562eac36f14afa08c22ae20bbbf8cffa31a4466d24850732cb96f80e9";
  const std::string tx_file = data + "txs/" + tx_hash + ".bin", block_file = data + "blocks/" + block_id + ".bin";
  if (present && std::filesystem::exists(tx_file) && std::filesystem::exists(block_file)) {
    r.test<test_parse_tx>("test_parse_tx", tx_file, tx_hash);
    r.test<test_tx_hash>("test_tx_hash", tx_file, tx_hash);
    r.test<test_block_id>("test_block_id", block_file, block_id);
  } else {
    std::cerr << "performance_tests: note: " << (present ? tx_file + " or " + block_file : std::string("the shared data"))
              << " not found ($CNCRYPTO_SHARED_DIR, else " CNCRYPTO_SHARED_DIR
                 ", holding vectors/ and data/); test_parse_tx, test_tx_hash and test_block_id left out\n";
  }
}

}  // namespace perf
