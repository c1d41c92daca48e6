// Fast-Keccak tests (docs/performance-keccak.md): cn_fast_hash through each
// Keccak-f[1600] implementation by name, and the batch APIs of
// crypto/hash_batch.h. Each init() checks a known answer first.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "crypto/hash.h"
#include "crypto/hash_batch.h"
#include "hash/keccak_permutation.h"
#include "hash/sponge_core.h"
#include "hash_tests.h"
#include "performance_tests.h"
#include "test_data.h"

namespace perf {

// Keccak-f[1600] on 8 independent states stored one after the other ([8][25])
// through a named implementation's permute_x8_lanes, with a test-only
// transpose into the lane-interleaved layout and back
// (test_keccakf_x8<avx512>): cycles/call / 8 is the cost per lane,
// and / (8 * 136) the cycles per byte per lane at the Keccak-256 rate.
class test_keccakf_x8_implementation {
 public:
  static const std::size_t loop_count = 20000;

  explicit test_keccakf_x8_implementation(const crypto::keccak_permutation *permutation)
      : m_permutation(permutation) {}
  bool init() {
    // Known answer: lane 0 of Keccak-f[1600] of the zero state, in every slot.
    std::uint64_t zero[8][25] = {};
    permute(zero);
    fill_random(m_states, sizeof m_states);
    for (const auto &state : zero) {
      if (state[0] != 0xF1258F7940E1DDE7ull) return false;
    }
    return true;
  }
  bool test() {
    permute(m_states);
    return true;
  }

 private:
  void permute(std::uint64_t (*states)[25]) {
    alignas(64) std::uint64_t lanes[25 * 8];
    for (int i = 0; i < 25; ++i) {
      for (int k = 0; k < 8; ++k) lanes[8 * i + k] = states[k][i];
    }
    m_permutation->permute_x8_lanes(lanes);
    for (int i = 0; i < 25; ++i) {
      for (int k = 0; k < 8; ++k) states[k][i] = lanes[8 * i + k];
    }
  }

  const crypto::keccak_permutation *m_permutation;
  std::uint64_t m_states[8][25] = {};
};

// The same through permute_x8_lanes alone (test_keccakf_x8_lanes<avx512>): the
// permutation without the transposes in and out of the [8][25] layout.
class test_keccakf_x8_lanes_implementation {
 public:
  static const std::size_t loop_count = 20000;

  explicit test_keccakf_x8_lanes_implementation(const crypto::keccak_permutation *permutation)
      : m_permutation(permutation) {}
  bool init() {
    // Known answer: lane 0 of Keccak-f[1600] of the zero state, in every slot.
    alignas(64) std::uint64_t zero[25 * 8] = {};
    m_permutation->permute_x8_lanes(zero);
    fill_random(m_lanes, sizeof m_lanes);
    for (int k = 0; k < 8; ++k) {
      if (zero[k] != 0xF1258F7940E1DDE7ull) return false;
    }
    return true;
  }
  bool test() {
    m_permutation->permute_x8_lanes(m_lanes);
    return true;
  }

 private:
  const crypto::keccak_permutation *m_permutation;
  alignas(64) std::uint64_t m_lanes[25 * 8] = {};
};

// cn_fast_hash of `bytes` bytes through a named implementation
// (test_cn_fast_hash<avx512, 32>, ...): the library's one sponge
// (crypto/sponge_core.h) on that permutation, as cn_fast_hash runs it.
template <std::size_t bytes>
class test_cn_fast_hash_implementation {
 public:
  static const std::size_t loop_count = hash_loop_count(bytes);
  static const std::size_t bytes_per_call = bytes;

  explicit test_cn_fast_hash_implementation(const crypto::keccak_permutation *permutation)
      : m_permutation(permutation) {}
  bool init() {
    hash("abc", 3);
    return equals_hex(m_hash.data(), 32, keccak_256_abc);
  }
  bool test() {
    hash(m_data.data(), bytes);
    return true;
  }

 private:
  void hash(const void *data, std::size_t size) {
    std::uint64_t st[25] = {};
    const std::size_t position =
        crypto::sponge::absorb(*m_permutation, st, 0, 136, static_cast<const std::uint8_t *>(data), size);
    crypto::sponge::pad_and_permute(*m_permutation, st, position, 136, 0x01);
    m_permutation->extract_bytes(st, m_hash.data(), 0, 32);
  }

  const crypto::keccak_permutation *m_permutation;
  std::vector<unsigned char> m_data = random_bytes(bytes);
  std::array<std::uint8_t, 32> m_hash{};
};

// cn_fast_hash_batch_contiguous of `messages` messages of `bytes` bytes each
// per call (test_cn_fast_hash_batch<8, 32>: 8 hashes of 32 bytes).
template <std::size_t messages, std::size_t bytes>
class test_cn_fast_hash_batch {
 public:
  static const std::size_t loop_count = hash_loop_count(messages * bytes);
  static const std::size_t bytes_per_call = messages * bytes;
  static const std::size_t items_per_call = messages;

  bool init() {
    crypto::hash abc[2];
    cncrypto::cn_fast_hash_batch_contiguous("abcabc", 3, 2, abc);
    return equals_hex(abc[1].data, 32, keccak_256_abc);
  }
  bool test() {
    cncrypto::cn_fast_hash_batch_contiguous(m_data.data(), bytes, messages, m_out.data());
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(messages * bytes);
  std::vector<crypto::hash> m_out = std::vector<crypto::hash>(messages);
};

// derive_view_tags for `count` (derivation, output index) pairs per call; the
// per-tag time is the time per call / count.
template <std::size_t count>
class test_derive_view_tag_batch {
 public:
  static const std::size_t loop_count = count <= 8 ? 20000 : 200;
  static const std::size_t items_per_call = count;

  bool init() {
    // Known answer: the first derive_view_tag line of Monero's own vectors
    // (../shared/vectors/monero_crypto.txt): derivation e1a381d2..., index 0 -> 0x51.
    static const std::uint8_t derivation[1][32] = {
        {0xe1, 0xa3, 0x81, 0xd2, 0x79, 0x88, 0xca, 0x94, 0x44, 0xdb, 0x09, 0xdb, 0x19, 0x5c, 0xff, 0xc2,
         0xa8, 0x79, 0x53, 0x81, 0x2f, 0x0d, 0x4b, 0xe5, 0xb9, 0x30, 0x70, 0x19, 0xa2, 0x3d, 0x9b, 0x2d}};
    const std::size_t index = 0;
    std::uint8_t tag = 0;
    cncrypto::derive_view_tags(derivation, &index, 1, &tag);
    for (std::size_t i = 0; i < count; ++i) m_indexes[i] = i % 16;  // typical: small output indexes
    return tag == 0x51;
  }
  bool test() {
    cncrypto::derive_view_tags(reinterpret_cast<const std::uint8_t(*)[32]>(m_derivations.data()), m_indexes.data(),
                             count, m_tags.data());
    return true;
  }

 private:
  std::vector<unsigned char> m_derivations = random_bytes(32 * count);
  std::vector<std::size_t> m_indexes = std::vector<std::size_t>(count);
  std::vector<std::uint8_t> m_tags = std::vector<std::uint8_t>(count);
};

// 8 states at once by implementation: permute_x8, then the lane-interleaved
// layout (permute_x8_lanes, no transposes).
inline void register_keccakf_x8_tests(registry &r) {
  for_each_keccak_permutation([&r](const crypto::keccak_permutation *permutation) {
    r.test<test_keccakf_x8_implementation>(std::string("test_keccakf_x8<") + permutation->name + ">", permutation);
  });
  for_each_keccak_permutation([&r](const crypto::keccak_permutation *permutation) {
    r.test<test_keccakf_x8_lanes_implementation>(std::string("test_keccakf_x8_lanes<") + permutation->name + ">",
                                                 permutation);
  });
}

// cn_fast_hash through each implementation by name (test_cn_fast_hash<avx512, 32>).
inline void register_cn_fast_hash_implementation_tests(registry &r) {
  for_each_keccak_permutation([&r](const crypto::keccak_permutation *permutation) {
    const std::string name = permutation->name;
    r.test<test_cn_fast_hash_implementation<32>>("test_cn_fast_hash<" + name + ", 32>", permutation);
    r.test<test_cn_fast_hash_implementation<16384>>("test_cn_fast_hash<" + name + ", 16384>", permutation);
  });
}

}  // namespace perf
