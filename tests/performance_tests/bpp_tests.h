// Bulletproofs+ with the names, parameters and semantics of Monero's
// tests/performance_tests/bulletproof_plus.h: test_bulletproof_plus<verify,
// amounts> and test_aggregated_bulletproof_plus<batch, start, repeat, mul, add,
// N>, the case templates of bp_tests.h over Bulletproofs+. Loop counts as Monero's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "bp_tests.h"  // the case templates
#include "performance_tests.h"
#include "ringct/bulletproofs_plus.h"
#include "ringct/rctOps.h"

namespace perf {

struct bulletproof_plus_system {
  using proof = rct::BulletproofPlus;
  static proof prove(const std::vector<std::uint64_t> &v, const rct::keyV &gamma) {
    return rct::bulletproof_plus_PROVE(v, gamma);
  }
  static bool verify(const proof &p) { return rct::bulletproof_plus_VERIFY(p); }
  static bool verify(const std::vector<proof> &p) { return rct::bulletproof_plus_VERIFY(p); }
};

template <bool a_verify, std::size_t n_amounts>
using test_bulletproof_plus = range_proof_case<bulletproof_plus_system, a_verify, n_amounts>;
template <bool batch, std::size_t start, std::size_t repeat, std::size_t mul, std::size_t add, std::size_t N>
using test_aggregated_bulletproof_plus =
    aggregated_range_proof_case<bulletproof_plus_system, batch, start, repeat, mul, add, N>;

// Bulletproofs+ (Monero's bulletproof_plus.h, same parameters as Monero 0.18's
// main.cpp, plus 16 amounts, the most a proof holds).
inline void register_bpp_tests(registry &r) {
  TEST_PERFORMANCE(r, test_bulletproof_plus, true, 1);
  TEST_PERFORMANCE(r, test_bulletproof_plus, false, 1);
  TEST_PERFORMANCE(r, test_bulletproof_plus, true, 2);
  TEST_PERFORMANCE(r, test_bulletproof_plus, false, 2);
  TEST_PERFORMANCE(r, test_bulletproof_plus, true, 15);
  TEST_PERFORMANCE(r, test_bulletproof_plus, false, 15);
  TEST_PERFORMANCE(r, test_bulletproof_plus, true, 16);
  TEST_PERFORMANCE(r, test_bulletproof_plus, false, 16);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof_plus, false, 2, 1, 1, 0, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof_plus, true, 2, 1, 1, 0, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof_plus, false, 8, 1, 1, 0, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof_plus, true, 8, 1, 1, 0, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof_plus, false, 1, 1, 2, 0, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof_plus, true, 1, 1, 2, 0, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof_plus, false, 1, 8, 1, 1, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof_plus, true, 1, 8, 1, 1, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof_plus, false, 2, 1, 1, 0, 64);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof_plus, true, 2, 1, 1, 0, 64);
}

}  // namespace perf
