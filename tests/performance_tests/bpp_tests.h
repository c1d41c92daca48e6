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

using bulletproof_plus_system = range_proof_system<rct::BulletproofPlus, rct::bulletproof_plus_PROVE,
                                                   rct::bulletproof_plus_VERIFY, rct::bulletproof_plus_VERIFY>;

template <bool a_verify, std::size_t n_amounts>
using test_bulletproof_plus = range_proof_case<bulletproof_plus_system, a_verify, n_amounts>;
template <bool batch, std::size_t start, std::size_t repeat, std::size_t mul, std::size_t add, std::size_t N>
using test_aggregated_bulletproof_plus =
    aggregated_range_proof_case<bulletproof_plus_system, batch, start, repeat, mul, add, N>;

// Bulletproofs+ (Monero's bulletproof_plus.h, same parameters as Monero 0.18's
// main.cpp, plus 16 amounts, the most a proof holds).
inline void register_bpp_tests(registry &r) {
  CNCRYPTO_RANGE_PROOF_ROWS(r, test_bulletproof_plus, test_aggregated_bulletproof_plus);
}

}  // namespace perf
