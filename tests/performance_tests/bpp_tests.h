// Bulletproofs+ with the names, parameters and semantics of Monero's
// tests/performance_tests/bulletproof_plus.h: test_bulletproof_plus<verify,
// amounts> proves (verify = false) or verifies (true) one proof of `amounts`
// amounts of 749327532984 with random masks; test_aggregated_bulletproof_plus<
// batch, start, repeat, mul, add, N> verifies N groups of `repeat` proofs (the
// amount count starts at `start` and becomes count * mul + add after each
// group), in one batch (batch = true) or one by one. Loop counts as Monero's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "performance_tests.h"
#include "ringct/bulletproofs_plus.h"
#include "ringct/rctOps.h"

namespace perf {

template <bool a_verify, std::size_t n_amounts>
class test_bulletproof_plus {
 public:
  static const std::size_t approx_loop_count = 100 / n_amounts;
  static const std::size_t loop_count = (approx_loop_count >= 10 ? approx_loop_count : 10) / (a_verify ? 1 : 5);

  bool init() {
    m_proof = rct::bulletproof_plus_PROVE(std::vector<std::uint64_t>(n_amounts, 749327532984), rct::skvGen(n_amounts));
    return rct::bulletproof_plus_VERIFY(m_proof);
  }
  bool test() {
    if (a_verify) return rct::bulletproof_plus_VERIFY(m_proof);
    const rct::BulletproofPlus p =
        rct::bulletproof_plus_PROVE(std::vector<std::uint64_t>(n_amounts, 749327532984), rct::skvGen(n_amounts));
    return p.V.size() == n_amounts;
  }

 private:
  rct::BulletproofPlus m_proof;
};

template <bool batch, std::size_t start, std::size_t repeat, std::size_t mul, std::size_t add, std::size_t N>
class test_aggregated_bulletproof_plus {
 public:
  static const std::size_t loop_count = 500 / (N * repeat);

  bool init() {
    std::size_t o = start;
    for (std::size_t n = 0; n < N; ++n) {
      for (std::size_t i = 0; i < repeat; ++i)
        m_proofs.push_back(rct::bulletproof_plus_PROVE(std::vector<std::uint64_t>(o, 749327532984), rct::skvGen(o)));
      o = o * mul + add;
    }
    return true;
  }
  bool test() {
    if (batch) return rct::bulletproof_plus_VERIFY(m_proofs);
    for (const rct::BulletproofPlus &proof : m_proofs)
      if (!rct::bulletproof_plus_VERIFY(proof)) return false;
    return true;
  }

 private:
  std::vector<rct::BulletproofPlus> m_proofs;
};

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
