// Monero's test_equality<f, equal>: one 32-byte comparison per call, with the
// C library's memcmp (memcmp32: what our public key types' operator== does) or
// libsodium's constant-time crypto_verify_32 (verify32), on two fixed arrays
// (0, 1, ..., 31 against itself when equal, else against 1, 2, ..., 32);
// test() checks the comparison's answer.
#pragma once

#include <sodium/crypto_verify_32.h>

#include <cstddef>
#include <cstring>

#include "performance_tests.h"

namespace perf {

struct memcmp32 {
  static int call(const unsigned char *a, const unsigned char *b) { return std::memcmp(a, b, 32); }
};

struct verify32 {
  static int call(const unsigned char *a, const unsigned char *b) { return crypto_verify_32(a, b); }
};

template <typename f, bool equal>
class test_equality {
 public:
  static const std::size_t loop_count = 1000000;

  bool init() {
    for (int i = 0; i < 32; ++i) {
      m_a[i] = static_cast<unsigned char>(i);
      m_b[i] = static_cast<unsigned char>(equal ? i : i + 1);
    }
    return test();
  }
  bool test() { return (f::call(m_a, m_b) == 0) == equal; }

 private:
  unsigned char m_a[32];
  unsigned char m_b[32];
};

// Monero's rows (its main.cpp lists <verify32, false> twice and no
// <verify32, true>; the name is registered once here).
inline void register_equality_tests(registry &r) {
  TEST_PERFORMANCE(r, test_equality, memcmp32, true);
  TEST_PERFORMANCE(r, test_equality, memcmp32, false);
  TEST_PERFORMANCE(r, test_equality, verify32, false);
}

}  // namespace perf
