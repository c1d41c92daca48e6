// Peers of the batch tests in hash_batch_tests.h: the same work done with one
// single-message cn_fast_hash call per item, so the peers table shows what the
// multi-lane batch APIs buy.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "crypto/hash.h"
#include "hash_batch_tests.h"
#include "performance_tests.h"
#include "test_data.h"

namespace perf {

// The same work as test_cn_fast_hash_batch<count, bytes>, one cn_fast_hash call per message.
template <std::size_t count, std::size_t bytes>
class test_cn_fast_hash_loop {
 public:
  static const std::size_t loop_count = test_cn_fast_hash_batch<count, bytes>::loop_count;
  static const std::size_t bytes_per_call = count * bytes;
  static const std::size_t items_per_call = count;

  bool init() { return true; }
  bool test() {
    for (std::size_t i = 0; i < count; ++i) crypto::cn_fast_hash(m_data.data() + i * bytes, bytes, m_out[i]);
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(count * bytes);
  std::vector<crypto::hash> m_out = std::vector<crypto::hash>(count);
};

// The same work as test_derive_view_tag_batch<count>, one 41-byte cn_fast_hash per tag.
template <std::size_t count>
class test_derive_view_tag_loop {
 public:
  static const std::size_t loop_count = test_derive_view_tag_batch<count>::loop_count;
  static const std::size_t items_per_call = count;

  test_derive_view_tag_loop() {
    fill_random(m_inputs.data(), m_inputs.size() * 41, 31);
    for (auto &input : m_inputs) std::memcpy(input.data(), "view_tag", 8);
  }
  bool init() { return true; }
  bool test() {
    for (std::size_t i = 0; i < count; ++i) {
      m_tags[i] = static_cast<std::uint8_t>(crypto::cn_fast_hash(m_inputs[i].data(), 41).data[0]);
    }
    return true;
  }

 private:
  std::vector<std::array<unsigned char, 41>> m_inputs = std::vector<std::array<unsigned char, 41>>(count);
  std::vector<std::uint8_t> m_tags = std::vector<std::uint8_t>(count);
};

// Batch hashing (crypto/hash_batch.h): messages per call, bytes per message.
// Each has a peer doing the same work with one single-message call per item
// (test_*_loop), so the peers table shows what batching buys.
inline void register_batch_tests(registry &r) {
  TEST_PERFORMANCE(r, test_cn_fast_hash_batch, 8, 32);
  PEER_PERFORMANCE(r, test_cn_fast_hash_loop, 8, 32);
  TEST_PERFORMANCE(r, test_cn_fast_hash_batch, 64, 32);
  PEER_PERFORMANCE(r, test_cn_fast_hash_loop, 64, 32);
  TEST_PERFORMANCE(r, test_cn_fast_hash_batch, 64, 64);
  PEER_PERFORMANCE(r, test_cn_fast_hash_loop, 64, 64);
  TEST_PERFORMANCE(r, test_cn_fast_hash_batch, 8, 16384);
  PEER_PERFORMANCE(r, test_cn_fast_hash_loop, 8, 16384);
  TEST_PERFORMANCE(r, test_derive_view_tag_batch, 8);
  PEER_PERFORMANCE(r, test_derive_view_tag_loop, 8);
  TEST_PERFORMANCE(r, test_derive_view_tag_batch, 64);
  PEER_PERFORMANCE(r, test_derive_view_tag_loop, 64);
  TEST_PERFORMANCE(r, test_derive_view_tag_batch, 1024);
  PEER_PERFORMANCE(r, test_derive_view_tag_loop, 1024);
}

}  // namespace perf
