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

class test_sc_reduce32 {
 public:
  static const std::size_t loop_count = 1000000;

  bool init() {
    fill_random(m_data.data(), m_data.size());
    m_data[31] |= 0xF0;  // >= L, so the reduction has work to do
    return true;
  }
  bool test() {
    std::array<unsigned char, 32> reduced = m_data;
    sc_reduce32(reduced.data());
    return reduced[31] < 0x10;  // canonical scalars are < 2^253
  }

 private:
  std::array<unsigned char, 32> m_data{};
};

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
class test_sc_reduce {
 public:
  static const std::size_t loop_count = 1000000;

  bool init() {
    fill_random(m_data.data(), m_data.size());
    return true;
  }
  bool test() {
    std::array<unsigned char, 64> reduced = m_data;
    sc_reduce(reduced.data());
    return reduced[31] < 0x10;
  }

 private:
  std::array<unsigned char, 64> m_data{};
};

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
