// The C ABI's boundary (issue 35, docs/c_api.md): rows that call libcncrypto_c.so
// through cncrypto.h, each beside the C++ row it wraps, measured on the same
// inputs: test_capi_cn_fast_hash<32> against test_cn_fast_hash<32>,
// test_capi_generate_key_derivation against test_generate_key_derivation. The
// difference is the boundary: the pointer checks, the guard, the call through
// the shared library's PLT. Built when the C ABI is (CNCRYPTO_PERF_C_API).
#pragma once

#include <cstddef>
#include <cstring>
#include <vector>

#include "cncrypto.h"
#include "hash_tests.h"
#include "key_tests.h"
#include "performance_tests.h"

namespace perf {

template <std::size_t bytes>
class test_capi_cn_fast_hash {
 public:
  static const std::size_t loop_count = test_cn_fast_hash<bytes>::loop_count;
  static const std::size_t bytes_per_call = bytes;

  bool init() {
    return cncrypto_cn_fast_hash(reinterpret_cast<const uint8_t *>("abc"), 3, m_hash) == CNCRYPTO_OK &&
           equals_hex(m_hash, 32, keccak_256_abc);
  }
  bool test() { return cncrypto_cn_fast_hash(m_data.data(), bytes, m_hash) == CNCRYPTO_OK; }

 private:
  std::vector<unsigned char> m_data = random_bytes(bytes);
  uint8_t m_hash[32] = {};
};

class test_capi_generate_key_derivation : public key_test_base {
 public:
  static const std::size_t loop_count = test_generate_key_derivation::loop_count;

  bool init() {
    if (!key_test_base::init()) return false;
    // The C ABI gives the C++ library's derivation.
    uint8_t d[32];
    return cncrypto_generate_key_derivation(bytes_of(m_in.tx_pub), bytes_of(m_in.view_sec), d) == CNCRYPTO_OK &&
           std::memcmp(d, &m_in.derivation, 32) == 0;
  }
  bool test() {
    uint8_t d[32];
    return cncrypto_generate_key_derivation(bytes_of(m_in.tx_pub), bytes_of(m_in.view_sec), d) == CNCRYPTO_OK;
  }

 private:
  template <typename T>
  static const uint8_t *bytes_of(const T &key) {
    return reinterpret_cast<const uint8_t *>(&key);
  }
};

// Side by side with their C++ rows:
//   performance_tests --filter '^test_(capi_)?(cn_fast_hash<32>|generate_key_derivation)$'
inline void register_capi_tests(registry &r) {
  TEST_PERFORMANCE(r, test_capi_cn_fast_hash, 32);
  TEST_PERFORMANCE0(r, test_capi_generate_key_derivation);
}

}  // namespace perf
