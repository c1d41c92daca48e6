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

// A proof system for the cases: its proof type, prover and two verifiers.
template <class Proof, Proof (*Prove)(const std::vector<std::uint64_t> &, const rct::keyV &),
          bool (*VerifyOne)(const Proof &), bool (*VerifyMany)(const std::vector<Proof> &)>
struct range_proof_system {
  using proof = Proof;
  static proof prove(const std::vector<std::uint64_t> &v, const rct::keyV &gamma) { return Prove(v, gamma); }
  static bool verify(const proof &p) { return VerifyOne(p); }
  static bool verify(const std::vector<proof> &p) { return VerifyMany(p); }
};

using bulletproof_system =
    range_proof_system<rct::Bulletproof, rct::bulletproof_PROVE, rct::bulletproof_VERIFY, rct::bulletproof_VERIFY>;
template <bool a_verify, std::size_t n_amounts>
using test_bulletproof = range_proof_case<bulletproof_system, a_verify, n_amounts>;
template <bool batch, std::size_t start, std::size_t repeat, std::size_t mul, std::size_t add, std::size_t N>
using test_aggregated_bulletproof = aggregated_range_proof_case<bulletproof_system, batch, start, repeat, mul, add, N>;

// The rows of Monero 0.18's main.cpp for a range proof (single and aggregated),
// plus 16 amounts (the most a proof holds); bpp_tests.h uses them too.
#define CNCRYPTO_RANGE_PROOF_ROWS(r, single, aggregated)         \
  TEST_PERFORMANCE(r, single, true, 1);                            \
  TEST_PERFORMANCE(r, single, false, 1);                           \
  TEST_PERFORMANCE(r, single, true, 2);                            \
  TEST_PERFORMANCE(r, single, false, 2);                           \
  TEST_PERFORMANCE(r, single, true, 15);                           \
  TEST_PERFORMANCE(r, single, false, 15);                          \
  TEST_PERFORMANCE(r, single, true, 16);                           \
  TEST_PERFORMANCE(r, single, false, 16);                          \
  TEST_PERFORMANCE(r, aggregated, false, 2, 1, 1, 0, 4);           \
  TEST_PERFORMANCE(r, aggregated, true, 2, 1, 1, 0, 4);            \
  TEST_PERFORMANCE(r, aggregated, false, 8, 1, 1, 0, 4);           \
  TEST_PERFORMANCE(r, aggregated, true, 8, 1, 1, 0, 4);            \
  TEST_PERFORMANCE(r, aggregated, false, 1, 1, 2, 0, 4);           \
  TEST_PERFORMANCE(r, aggregated, true, 1, 1, 2, 0, 4);            \
  TEST_PERFORMANCE(r, aggregated, false, 1, 8, 1, 1, 4);           \
  TEST_PERFORMANCE(r, aggregated, true, 1, 8, 1, 1, 4);            \
  TEST_PERFORMANCE(r, aggregated, false, 2, 1, 1, 0, 64);          \
  TEST_PERFORMANCE(r, aggregated, true, 2, 1, 1, 0, 64)

// Bulletproofs (Monero's bulletproof.h).
inline void register_bp_tests(registry &r) {
  CNCRYPTO_RANGE_PROOF_ROWS(r, test_bulletproof, test_aggregated_bulletproof);
}

}  // namespace perf
