// CryptoNight (docs/cryptonight.md): cn_slow_hash per variant with Monero 0.18's
// test names and parameters (its tests/performance_tests/cn_slow_hash.h: 43 bytes
// of data, height 0, loop_count 10), the same through each implementation by name
// (test_cn_slow_hash<ssse3, 0> and <portable, 0>, our software AES, are the
// like-for-like rows for Monero's Debian binary, built without AES-NI), the
// multi-hash API, and the memory-latency
// limit one hash is bound by (test_cn_latency_limit).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "common/cpu_features.h"
#include "crypto/hash.h"
#include "hash/cn_impl.h"
#include "performance_tests.h"
#include "test_data.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace perf {

// Monero's 43 bytes ("caveat emptor" three times, then 01 02 03 04).
inline const std::vector<std::uint8_t> &cn_perf_data() {
  static const std::vector<std::uint8_t> data = [] {
    static const char hex[] = "63617665617420656d70746f763617665617420656d70746f72263617665617420656d70746f7201020304";
    std::vector<std::uint8_t> d(43);
    for (std::size_t i = 0; i < d.size(); ++i) {
      auto nibble = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
      d[i] = static_cast<std::uint8_t>(nibble(hex[2 * i]) * 16 + nibble(hex[2 * i + 1]));
    }
    return d;
  }();
  return data;
}

// cn_slow_hash(data, 43, hash, variant) through the public API (the
// implementation the library chose): test_cn_slow_hash<variant>, Monero's name.
template <int variant>
class test_cn_slow_hash {
 public:
  static const std::size_t loop_count = 10;
  bool init() {
    // Known answer: the chosen implementation agrees with the portable one.
    std::uint8_t expected[32];
    crypto::cn::slow_hash_with(*crypto::cn::find_cn_implementation("portable"), cn_perf_data().data(), 43,
                               expected, variant, false, 0);
    test();
    return std::memcmp(expected, m_hash.data, 32) == 0;
  }
  bool test() {
    crypto::cn_slow_hash(cn_perf_data().data(), cn_perf_data().size(), m_hash, variant);
    return true;
  }

 private:
  crypto::hash m_hash{};
};

// The same through one implementation by name (test_cn_slow_hash<aesni, 2>).
template <int variant>
class test_cn_slow_hash_implementation {
 public:
  static const std::size_t loop_count = 10;
  explicit test_cn_slow_hash_implementation(const crypto::cn::cn_implementation *impl) : m_impl(impl) {}
  bool init() {
    std::uint8_t expected[32];
    crypto::cn::slow_hash_with(*crypto::cn::find_cn_implementation("portable"), cn_perf_data().data(), 43,
                               expected, variant, false, 0);
    test();
    return std::memcmp(expected, m_hash, 32) == 0;
  }
  bool test() {
    crypto::cn::slow_hash_with(*m_impl, cn_perf_data().data(), cn_perf_data().size(), m_hash, variant, false, 0);
    return true;
  }

 private:
  const crypto::cn::cn_implementation *m_impl;
  std::uint8_t m_hash[32] = {};
};

// The multi-hash rows and their single-hash peers, on `count` 43-byte inputs
// (Monero's data, the last byte 0..count-1). Heights: all 1806260 (one block
// template's nonces, a miner's case and xmrig's "double hash"; variant 4 then
// runs one program for all lanes, on vectors), or with distinct_heights
// 1806260 + i (a verifier's consecutive blocks: variant 4 runs each lane's
// program; the heights matter to variant 4 only).
//
// single_calls false, test_cn_slow_hash_many<variant, count[, distinct_heights]>:
// one cn_slow_hash_many call of the library's implementation; ns per item is
// the figure to set against test_cn_slow_hash<variant>. count 2 runs one group
// of two interleaved hashes, 4 one group of four (the default), 8 two groups.
//
// single_calls true, test_cn_slow_hash_loop<...>: the same hashes, one
// cn_slow_hash call each, one after another. Registered as the peer of the
// row above, so the harness interleaves the two batch by batch and the peer
// ratio (loop time / multi-hash time) is the multi-hash API's speed-up per
// core measured in adjacent batches (issue 16's >= 1.8x), not across rows
// run seconds apart.
template <int variant, std::size_t count, bool distinct_heights, bool single_calls>
class test_cn_slow_hash_count {
 public:
  static const std::size_t loop_count = 10;
  static const std::size_t items_per_call = count;
  bool init() {
    for (std::size_t i = 0; i < count; ++i) {
      m_data[i] = cn_perf_data();
      m_data[i][42] = static_cast<std::uint8_t>(i);
      m_inputs[i] = {m_data[i].data(), m_data[i].size(), 1806260 + (distinct_heights ? i : 0)};
    }
    test();
    // Known answer: the portable implementation, one hash at a time.
    for (std::size_t i = 0; i < count; ++i) {
      std::uint8_t expected[32];
      crypto::cn::slow_hash_with(*crypto::cn::find_cn_implementation("portable"), m_data[i].data(), m_data[i].size(),
                                 expected, variant, false, m_inputs[i].height);
      if (std::memcmp(expected, m_out[i].data, 32) != 0) return false;
    }
    return true;
  }
  bool test() {
    if constexpr (single_calls) {
      for (std::size_t i = 0; i < count; ++i) {
        crypto::cn_slow_hash(m_inputs[i].data, m_inputs[i].length, m_out[i], variant, m_inputs[i].height);
      }
    } else {
      cncrypto::cn_slow_hash_many(m_inputs, count, m_out, variant);
    }
    return true;
  }

 private:
  std::vector<std::uint8_t> m_data[count];
  cncrypto::cn_slow_hash_input m_inputs[count] = {};
  crypto::hash m_out[count] = {};
};
template <int variant, std::size_t count, bool distinct_heights = false>
using test_cn_slow_hash_many = test_cn_slow_hash_count<variant, count, distinct_heights, false>;
template <int variant, std::size_t count, bool distinct_heights = false>
using test_cn_slow_hash_loop = test_cn_slow_hash_count<variant, count, distinct_heights, true>;

#if defined(__x86_64__) && defined(__GNUC__)
// The memory-latency limit of one CryptoNight hash (issue 16): 524,288
// iterations of a dependent chain over a 2 MiB pad, each 2 loads and one AES
// round (AESENC), every address taken from the previous load, as in the
// scratchpad loop but without its stores, multiply and the explode/implode.
// A variant's single hash on the AES-NI path is judged against this row.
//
// The pad is allocated like the hash's scratchpad (2 MiB-aligned, huge pages
// asked for). Each next address is the loaded (or AES-rounded) value XORed
// with a mix of the load's counter, then masked to a 16-byte slot: the counter
// term (computed off the chain) keeps the address sequence random over the
// whole 2 MiB. Without it the sequence depends on the 17-bit slot index alone,
// so it falls into a cycle of a few hundred slots that stays in L1/L2 (the
// first version of this row did that: 43 cycles per iteration, about 3x too
// fast on an EPYC VM whose 2 MiB pointer chase takes ~14 ns per load).
class test_cn_latency_limit {
 public:
  static const std::size_t loop_count = 10;
  bool init() {
    m_pad = static_cast<std::uint8_t *>(std::aligned_alloc(pad_size, pad_size));
    if (m_pad == nullptr) return false;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(m_pad, pad_size, MADV_HUGEPAGE);  // as the hash's scratchpad (a hint)
#endif
    fill_random(m_pad, pad_size);
    return chase() != 0;
  }
  bool test() {
    m_sink ^= chase();
    return true;
  }
  ~test_cn_latency_limit() { std::free(m_pad); }
  test_cn_latency_limit() = default;
  test_cn_latency_limit(const test_cn_latency_limit &) = delete;
  test_cn_latency_limit &operator=(const test_cn_latency_limit &) = delete;

 private:
  static constexpr std::size_t pad_size = std::size_t{1} << 21;
  static constexpr std::uint64_t mask = 0x1FFFF0;  // 16-byte slot offset in 2 MiB, as the hash's

  // A 64-bit mix of the load counter (splitmix64's finaliser): independent of
  // the chain, so the out-of-order core computes it ahead.
  static std::uint64_t mix(std::uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
  }

  __attribute__((target("aes,sse4.1"))) std::uint64_t chase() {
    const __m128i key = _mm_set_epi64x(0x0123456789abcdefll, 0x1f2e3d4c5b6a7988ll);
    std::uint64_t offset = 0;
    for (std::uint64_t i = 0; i < 524288; ++i) {
      // Load 1 and the AES round; the address of load 2 comes from the round.
      const __m128i c = _mm_aesenc_si128(_mm_load_si128(reinterpret_cast<const __m128i *>(m_pad + offset)), key);
      offset = (static_cast<std::uint64_t>(_mm_cvtsi128_si64(c)) ^ mix(2 * i)) & mask;
      // Load 2; the next iteration's address comes from it.
      std::uint64_t v;
      std::memcpy(&v, m_pad + offset, 8);
      offset = (v ^ mix(2 * i + 1)) & mask;
    }
    return offset | 1;
  }

  std::uint8_t *m_pad = nullptr;
  std::uint64_t m_sink = 0;
};
//
// test_cn_latency_limit_lanes<N> is the same limit for the multi-hash path:
// N such chains over N separate 2 MiB pads (one 2 MiB-aligned allocation, as
// cn_slow_hash_many's scratchpads), interleaved in one thread; ns per item is
// per chain, the figure to set against test_cn_slow_hash_many<v, N> per item.
// It shows how many of the N chains' loads the memory system serves at once:
// N-fold overlap gives the single chain's time divided by N per chain.
//
// Write = true (test_cn_latency_limit_rw for N = 1, test_cn_latency_limit_rw_lanes<N>):
// the same chains, but each loaded 16-byte slot is written back (load 1's AES
// result, load 2's word + 1) as the hash writes every block it reads. The
// stores are off the chain; they make the lines dirty, and a cache that may
// drop clean lines on eviction (an L3 that is not inclusive of L2) keeps dirty
// ones, so on such CPUs this chase can be faster than the read-only one; where
// dirty lines cost write-backs it is slower. It is the hash's own access
// pattern, so the rw rows are the limits to set the hash rows against.
template <std::size_t N, bool Write = false>
class test_cn_latency_limit_lanes {
 public:
  static const std::size_t loop_count = 10;
  static const std::size_t items_per_call = N;
  bool init() {
    m_pad = static_cast<std::uint8_t *>(std::aligned_alloc(pad_size, N * pad_size));
    if (m_pad == nullptr) return false;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(m_pad, N * pad_size, MADV_HUGEPAGE);  // as the hash's scratchpad (a hint)
#endif
    fill_random(m_pad, N * pad_size);
    return chase() != 0;
  }
  bool test() {
    m_sink ^= chase();
    return true;
  }
  ~test_cn_latency_limit_lanes() { std::free(m_pad); }
  test_cn_latency_limit_lanes() = default;
  test_cn_latency_limit_lanes(const test_cn_latency_limit_lanes &) = delete;
  test_cn_latency_limit_lanes &operator=(const test_cn_latency_limit_lanes &) = delete;

 private:
  static constexpr std::size_t pad_size = std::size_t{1} << 21;
  static constexpr std::uint64_t mask = 0x1FFFF0;  // 16-byte slot offset in 2 MiB, as the hash's

  static std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser, off the chains
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
  }

  // N = 1 is test_cn_latency_limit's chase; chain k XORs k into its first
  // address of each iteration, so the chains differ even on equal pads.
  __attribute__((target("aes,sse4.1"))) std::uint64_t chase() {
    const __m128i key = _mm_set_epi64x(0x0123456789abcdefll, 0x1f2e3d4c5b6a7988ll);
    std::uint64_t offset[N] = {};
    for (std::uint64_t i = 0; i < 524288; ++i) {
      const std::uint64_t m0 = mix(2 * i), m1 = mix(2 * i + 1);
      std::uint64_t second[N];
      for (std::size_t k = 0; k < N; ++k) {
        const std::uint8_t *pad = m_pad + k * pad_size;
        const __m128i c = _mm_aesenc_si128(_mm_load_si128(reinterpret_cast<const __m128i *>(pad + offset[k])), key);
        if constexpr (Write) _mm_store_si128(reinterpret_cast<__m128i *>(m_pad + k * pad_size + offset[k]), c);
        second[k] = (static_cast<std::uint64_t>(_mm_cvtsi128_si64(c)) ^ m0 ^ k) & mask;
      }
      for (std::size_t k = 0; k < N; ++k) {
        std::uint64_t v;
        std::memcpy(&v, m_pad + k * pad_size + second[k], 8);
        if constexpr (Write) {
          const std::uint64_t w = v + 1;
          std::memcpy(m_pad + k * pad_size + second[k], &w, 8);
        }
        offset[k] = (v ^ m1) & mask;
      }
    }
    std::uint64_t r = 1;
    for (std::size_t k = 0; k < N; ++k) r ^= offset[k] << 1;
    return r;
  }

  std::uint8_t *m_pad = nullptr;
  std::uint64_t m_sink = 0;
};

// N single chains of test_cn_latency_limit_rw one after another over one 2 MiB
// pad, as N single hashes reuse one thread's scratchpad: the peer of
// test_cn_latency_limit_rw_lanes<N> (N pads), so its ratio is what the memory
// system gives N interleaved chains over single ones in adjacent batches, the
// ceiling for the ratio of test_cn_slow_hash_many<v, N> to its single-hash
// loop in the same run. It falls when the other tenants of a shared host
// load the memory system or the cache (N pads are N times the footprint),
// and the multi-hash ratios fall with it.
template <std::size_t N>
class test_cn_latency_limit_rw_loop {
 public:
  static const std::size_t loop_count = 10;
  static const std::size_t items_per_call = N;
  bool init() { return m_chain.init(); }
  bool test() {
    for (std::size_t k = 0; k < N; ++k) m_chain.test();
    return true;
  }

 private:
  test_cn_latency_limit_lanes<1, true> m_chain;
};
#endif

// Every CryptoNight implementation this CPU can run, in the library's order.
template <typename F>
void for_each_cn_implementation(F f) {
  std::size_t count = 0;
  const crypto::cn::cn_implementation *const *all = crypto::cn::cn_implementations(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (all[i]->available()) f(all[i]);
  }
}

template <int variant>
void register_cn_slow_hash_variant(registry &r) {
  const std::string v = std::to_string(variant);
  r.test<test_cn_slow_hash<variant>>("test_cn_slow_hash<" + v + ">");
  for_each_cn_implementation([&r, &v](const crypto::cn::cn_implementation *impl) {
    r.test<test_cn_slow_hash_implementation<variant>>(std::string("test_cn_slow_hash<") + impl->name + ", " + v + ">",
                                                      impl);
  });
  r.test<test_cn_slow_hash_many<variant, 2>>("test_cn_slow_hash_many<" + v + ", 2>");
  r.peer<test_cn_slow_hash_loop<variant, 2>>("test_cn_slow_hash_loop<" + v + ", 2>");
  r.test<test_cn_slow_hash_many<variant, 4>>("test_cn_slow_hash_many<" + v + ", 4>");
  r.peer<test_cn_slow_hash_loop<variant, 4>>("test_cn_slow_hash_loop<" + v + ", 4>");
  r.test<test_cn_slow_hash_many<variant, 8>>("test_cn_slow_hash_many<" + v + ", 8>");
  r.peer<test_cn_slow_hash_loop<variant, 8>>("test_cn_slow_hash_loop<" + v + ", 8>");
  if constexpr (variant == 4) {
    r.test<test_cn_slow_hash_many<4, 2, true>>("test_cn_slow_hash_many_heights<4, 2>");
    r.peer<test_cn_slow_hash_loop<4, 2, true>>("test_cn_slow_hash_loop_heights<4, 2>");
    r.test<test_cn_slow_hash_many<4, 4, true>>("test_cn_slow_hash_many_heights<4, 4>");
    r.peer<test_cn_slow_hash_loop<4, 4, true>>("test_cn_slow_hash_loop_heights<4, 4>");
  }
}

inline void register_cn_slow_hash_tests(registry &r) {
#if defined(__x86_64__) && defined(__GNUC__)
  const crypto::cpu_features &f = crypto::detected_cpu_features();
  if (f.aes && f.sse41) {
    TEST_PERFORMANCE0(r, test_cn_latency_limit);
    r.test<test_cn_latency_limit_lanes<1, true>>("test_cn_latency_limit_rw");
    r.test<test_cn_latency_limit_lanes<2>>("test_cn_latency_limit_lanes<2>");
    r.test<test_cn_latency_limit_lanes<4>>("test_cn_latency_limit_lanes<4>");
    r.test<test_cn_latency_limit_lanes<2, true>>("test_cn_latency_limit_rw_lanes<2>");
    r.test<test_cn_latency_limit_lanes<4, true>>("test_cn_latency_limit_rw_lanes<4>");
    r.peer<test_cn_latency_limit_rw_loop<4>>("test_cn_latency_limit_rw_loop<4>");
  }
#endif
  register_cn_slow_hash_variant<0>(r);
  register_cn_slow_hash_variant<1>(r);
  register_cn_slow_hash_variant<2>(r);
  register_cn_slow_hash_variant<4>(r);
}

}  // namespace perf
