// Bulletproofs (the original, RingCT types 3-5) with the names, parameters and
// semantics of Monero's tests/performance_tests/bulletproof.h, and the two case
// templates both proof systems use (bpp_tests.h has the Bulletproofs+ ones):
// range_proof_case<System, verify, amounts> proves (verify = false) or verifies
// (true) one proof of `amounts` amounts of 749327532984 with random masks;
// aggregated_range_proof_case<System, batch, start, repeat, mul, add, N> verifies
// N groups of `repeat` proofs (the amount count starts at `start` and becomes
// count * mul + add after each group), in one batch (batch = true) or one by one.
// Loop counts as Monero's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "performance_tests.h"
#include "ringct/bulletproofs.h"
#include "ringct/rctOps.h"

namespace perf {

template <class System, bool a_verify, std::size_t n_amounts>
class range_proof_case {
 public:
  static const std::size_t approx_loop_count = 100 / n_amounts;
  static const std::size_t loop_count = (approx_loop_count >= 10 ? approx_loop_count : 10) / (a_verify ? 1 : 5);

  bool init() {
    m_proof = System::prove(std::vector<std::uint64_t>(n_amounts, 749327532984), rct::skvGen(n_amounts));
    return System::verify(m_proof);
  }
  bool test() {
    if (a_verify) return System::verify(m_proof);
    const auto p = System::prove(std::vector<std::uint64_t>(n_amounts, 749327532984), rct::skvGen(n_amounts));
    return p.V.size() == n_amounts;
  }

 private:
  typename System::proof m_proof;
};

template <class System, bool batch, std::size_t start, std::size_t repeat, std::size_t mul, std::size_t add,
          std::size_t N>
class aggregated_range_proof_case {
 public:
  static const std::size_t loop_count = 500 / (N * repeat);

  bool init() {
    std::size_t o = start;
    for (std::size_t n = 0; n < N; ++n) {
      for (std::size_t i = 0; i < repeat; ++i)
        m_proofs.push_back(System::prove(std::vector<std::uint64_t>(o, 749327532984), rct::skvGen(o)));
      o = o * mul + add;
    }
    return true;
  }
  bool test() {
    if (batch) return System::verify(m_proofs);
    for (const auto &proof : m_proofs)
      if (!System::verify(proof)) return false;
    return true;
  }

 private:
  std::vector<typename System::proof> m_proofs;
};

struct bulletproof_system {
  using proof = rct::Bulletproof;
  static proof prove(const std::vector<std::uint64_t> &v, const rct::keyV &gamma) {
    return rct::bulletproof_PROVE(v, gamma);
  }
  static bool verify(const proof &p) { return rct::bulletproof_VERIFY(p); }
  static bool verify(const std::vector<proof> &p) { return rct::bulletproof_VERIFY(p); }
};

template <bool a_verify, std::size_t n_amounts>
using test_bulletproof = range_proof_case<bulletproof_system, a_verify, n_amounts>;
template <bool batch, std::size_t start, std::size_t repeat, std::size_t mul, std::size_t add, std::size_t N>
using test_aggregated_bulletproof = aggregated_range_proof_case<bulletproof_system, batch, start, repeat, mul, add, N>;

// Bulletproofs (Monero's bulletproof.h, same parameters as Monero 0.18's
// main.cpp, plus 16 amounts, the most a proof holds).
inline void register_bp_tests(registry &r) {
  TEST_PERFORMANCE(r, test_bulletproof, true, 1);
  TEST_PERFORMANCE(r, test_bulletproof, false, 1);
  TEST_PERFORMANCE(r, test_bulletproof, true, 2);
  TEST_PERFORMANCE(r, test_bulletproof, false, 2);
  TEST_PERFORMANCE(r, test_bulletproof, true, 15);
  TEST_PERFORMANCE(r, test_bulletproof, false, 15);
  TEST_PERFORMANCE(r, test_bulletproof, true, 16);
  TEST_PERFORMANCE(r, test_bulletproof, false, 16);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof, false, 2, 1, 1, 0, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof, true, 2, 1, 1, 0, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof, false, 8, 1, 1, 0, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof, true, 8, 1, 1, 0, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof, false, 1, 1, 2, 0, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof, true, 1, 1, 2, 0, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof, false, 1, 8, 1, 1, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof, true, 1, 8, 1, 1, 4);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof, false, 2, 1, 1, 0, 64);
  TEST_PERFORMANCE(r, test_aggregated_bulletproof, true, 2, 1, 1, 0, 64);
}

}  // namespace perf
