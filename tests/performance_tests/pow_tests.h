// Proof of work (docs/pow.md): Monero's test_check_hash rows, and RandomX
// through our wrapper (rx_slow_hash) against a direct librandomx call in the
// same run (peer), so the wrapper's cost shows as their ratio.
// register_pow_tests registers them (one line in main.cpp).
#pragma once

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "crypto/hash.h"
#include "crypto/rx-slow-hash.h"
#include "cryptonote/difficulty.h"
#include "performance_tests.h"

#if CNCRYPTO_PERF_RANDOMX
#include <randomx.h>

#include "hash/randomx.h"
#endif

namespace perf {

// Monero's tests/performance_tests/check_hash.h, same parameters and work:
// the hash is floor((2^256 - 1) / hash_target), the difficulty is
// difficulty_high:difficulty_low, and each call is one check_hash_128 (the
// function Monero's row times, whatever the difficulty's size).
template <std::uint64_t hash_target_high, std::uint64_t hash_target_low, std::uint64_t difficulty_high,
          std::uint64_t difficulty_low>
class test_check_hash {
 public:
  static const std::size_t loop_count = 100000;

  bool init() {
    using u128 = cryptonote::difficulty_type::native_type;
    const u128 target = (static_cast<u128>(hash_target_high) << 64) | hash_target_low;
    if (target == 0) return false;
    m_difficulty = cryptonote::difficulty_type((static_cast<u128>(difficulty_high) << 64) | difficulty_low);
    // floor((2^256 - 1) / target) by binary long division (init only).
    std::uint64_t q[4] = {0, 0, 0, 0};
    u128 r = 0;
    for (int bit = 255; bit >= 0; --bit) {
      const bool carry = (r >> 127) != 0;
      r = (r << 1) | 1;  // every bit of 2^256 - 1 is 1
      if (carry || r >= target) {
        r -= target;
        q[bit / 64] |= std::uint64_t(1) << (bit % 64);
      }
    }
    for (int i = 0; i < 4; ++i) {
      for (int b = 0; b < 8; ++b) m_hash.data[8 * i + b] = static_cast<char>(q[i] >> (8 * b));
    }
    // The hash meets exactly the difficulties up to its target.
    return cryptonote::check_hash(m_hash, cryptonote::difficulty_type(target));
  }
  bool test() {
    m_result ^= cryptonote::check_hash_128(m_hash, m_difficulty);
    return true;
  }

 private:
  crypto::hash m_hash{};
  cryptonote::difficulty_type m_difficulty;
  bool m_result = false;
};

#if CNCRYPTO_PERF_RANDOMX
namespace detail {
// Monero's RPC calc_pow example (../shared/data/pow/blocks_pow.json): seed
// d432f499... and a 76-byte hashing blob in the shape of a real one.
inline const char *rx_seed_hex() { return "d432f499205150873b2572b5f033c9c6e4b7c6f3394bd2dd93822cd7085e7307"; }
inline std::string rx_bytes(const char *hex) {
  std::string out;
  for (const char *p = hex; p[0] && p[1]; p += 2) out.push_back(static_cast<char>(std::stoi(std::string(p, 2), nullptr, 16)));
  return out;
}
inline std::string rx_blob() {
  std::string blob(76, '\0');
  for (std::size_t i = 0; i < blob.size(); ++i) blob[i] = static_cast<char>(i * 37 + 11);
  return blob;
}
}  // namespace detail

// One RandomX hash in light mode through rx_slow_hash (cache keyed by the
// seed, per-thread VM); the seed is main, as in a daemon.
class test_rx_slow_hash {
 public:
  static const std::size_t loop_count = 40;

  bool init() {
    m_seed = detail::rx_bytes(detail::rx_seed_hex());
    m_blob = detail::rx_blob();
    rx_set_main_seedhash(m_seed.data(), 1);
    rx_slow_hash(m_seed.data(), m_blob.data(), m_blob.size(), m_hash);  // builds the cache
    return true;
  }
  bool test() {
    m_blob[39] = static_cast<char>(m_blob[39] + 1);  // the nonce, as a verifier sees new blobs
    rx_slow_hash(m_seed.data(), m_blob.data(), m_blob.size(), m_hash);
    return true;
  }

 private:
  std::string m_seed, m_blob;
  char m_hash[32];
};

// The same hash by a direct librandomx call: its own light VM, with the
// flags the wrapper uses (crypto::rx_light_vm_flags: randomx_get_flags()
// less MONERO_RANDOMX_UMASK, secure JIT), on the cache the
// wrapper holds for the seed (crypto::rx_light_cache). With a cache of its
// own the pair measured where the two 256 MiB caches landed: on the
// 2026-12-04 VM the first allocated hashed 11-17% slower, whichever side
// used it (docs/measurements/pow.md).
class peer_rx_direct {
 public:
  static const std::size_t loop_count = 40;

  peer_rx_direct() = default;
  peer_rx_direct(const peer_rx_direct &) = delete;
  peer_rx_direct &operator=(const peer_rx_direct &) = delete;
  ~peer_rx_direct() {
    if (m_vm) randomx_destroy_vm(m_vm);
  }
  bool init() {
    const std::string seed = detail::rx_bytes(detail::rx_seed_hex());
    m_blob = detail::rx_blob();
    m_cache = crypto::rx_light_cache(seed.data(), seed.size());
    m_vm = randomx_create_vm(static_cast<randomx_flags>(crypto::rx_light_vm_flags()), m_cache.get(), nullptr);
    if (!m_vm) return false;
    // Same answer as the wrapper.
    char ours[32], direct[32];
    rx_slow_hash(seed.data(), m_blob.data(), m_blob.size(), ours);
    randomx_calculate_hash(m_vm, m_blob.data(), m_blob.size(), direct);
    return std::memcmp(ours, direct, 32) == 0;
  }
  bool test() {
    m_blob[39] = static_cast<char>(m_blob[39] + 1);
    randomx_calculate_hash(m_vm, m_blob.data(), m_blob.size(), m_hash);
    return true;
  }

 private:
  std::shared_ptr<randomx_cache> m_cache;
  randomx_vm *m_vm = nullptr;
  std::string m_blob;
  char m_hash[32];
};
#endif

#define POW_CHECK_HASH(a, b, c, d) \
  r.test<test_check_hash<a, b, c, d>>("test_check_hash<" #a ", " #b ", " #c ", " #d ">")

inline void register_pow_tests(registry &r) {
  // Monero 0.18's rows (tests/performance_tests/main.cpp), same names.
  POW_CHECK_HASH(0, 1, 0, 1);
  POW_CHECK_HASH(0, 0xffffffffffffffff, 0, 0xffffffffffffffff);
  POW_CHECK_HASH(0, 0xffffffffffffffff, 0, 1);
  POW_CHECK_HASH(1, 0, 1, 0);
  POW_CHECK_HASH(1, 0, 0, 1);
  POW_CHECK_HASH(0xffffffffffffffff, 0xffffffffffffffff, 0, 1);
  POW_CHECK_HASH(0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff);
#if CNCRYPTO_PERF_RANDOMX
  r.test<test_rx_slow_hash>("test_rx_slow_hash");
  r.peer<peer_rx_direct>("peer_rx_direct");
#endif
}
#undef POW_CHECK_HASH

}  // namespace perf
