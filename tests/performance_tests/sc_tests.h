// Scalar arithmetic mod L (crypto/ed25519/sc.h). test_sc_reduce32 and
// test_sc_check are Monero's tests of the same name: each call works on a fresh
// copy of one random 32-byte value, as Monero's do.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>

#include "crypto/ed25519/sc.h"
#include "performance_tests.h"
#include "test_data.h"

namespace perf {

// sc_reduce32 / sc_reduce on a fresh copy of `size` random bytes per call
// (the 32-byte value made >= L, so the reduction has work to do); test() checks
// the result is below 2^253, as a canonical scalar is.
template <std::size_t size, void (*reduce)(unsigned char *)>
class test_sc_reduce_copy {
 public:
  static const std::size_t loop_count = 1000000;

  bool init() {
    fill_random(m_data.data(), m_data.size());
    if (size == 32) m_data[31] |= 0xF0;
    return true;
  }
  bool test() {
    std::array<unsigned char, size> reduced = m_data;
    reduce(reduced.data());
    return reduced[31] < 0x10;
  }

 private:
  std::array<unsigned char, size> m_data{};
};

using test_sc_reduce32 = test_sc_reduce_copy<32, sc_reduce32>;

class test_sc_check {
 public:
  static const std::size_t loop_count = 1000000;

  bool init() {
    fill_random(m_data.data(), m_data.size());
    sc_reduce32(m_data.data());
    return sc_check(m_data.data()) == 0;
  }
  bool test() { return sc_check(m_data.data()) == 0; }

 private:
  std::array<unsigned char, 32> m_data{};
};

// sc_reduce: 64 bytes (a 512-bit hash) to a scalar, as hash_to_scalar of a
// 64-byte hash does.
using test_sc_reduce = test_sc_reduce_copy<64, sc_reduce>;

// sc_muladd: s = c + a*b mod L, the signing step.
class test_sc_muladd {
 public:
  static const std::size_t loop_count = 1000000;

  bool init() {
    fill_random(m_a.data(), 32, 1);
    fill_random(m_b.data(), 32, 2);
    fill_random(m_c.data(), 32, 3);
    return true;
  }
  bool test() {
    sc_muladd(m_s.data(), m_a.data(), m_b.data(), m_c.data());
    return m_s[31] < 0x10;
  }

 private:
  std::array<unsigned char, 32> m_a{}, m_b{}, m_c{}, m_s{};
};

// Scalars mod L
inline void register_sc_tests(registry &r) {
  TEST_PERFORMANCE0(r, test_sc_reduce32);
  TEST_PERFORMANCE0(r, test_sc_check);
  TEST_PERFORMANCE0(r, test_sc_reduce);
  TEST_PERFORMANCE0(r, test_sc_muladd);
}

}  // namespace perf
