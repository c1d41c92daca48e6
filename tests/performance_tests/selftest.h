// Tests that always fail, registered only when the environment variable
// CNCRYPTO_PERF_SELFTEST_FAIL is "init" or "test": they prove (in ctest
// perf_failure_exit) that a failing test makes the harness exit non-zero.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <string>

#include "performance_tests.h"

namespace perf {

// init() returns false.
class test_selftest_fail_init {
 public:
  static const std::size_t loop_count = 10;
  bool init() { return false; }
  bool test() { return true; }
};

// test() returns false on its third call.
class test_selftest_fail_test {
 public:
  static const std::size_t loop_count = 10;
  bool init() { return true; }
  bool test() { return ++m_calls < 3; }

 private:
  std::size_t m_calls = 0;
};

// Hidden tests that always fail (ctest perf_failure_exit).
inline void register_selftests(registry &r) {
  if (const char *fail = std::getenv("CNCRYPTO_PERF_SELFTEST_FAIL")) {
    if (std::string(fail) == "init") TEST_PERFORMANCE0(r, test_selftest_fail_init);
    if (std::string(fail) == "test") TEST_PERFORMANCE0(r, test_selftest_fail_test);
  }
}

}  // namespace perf
