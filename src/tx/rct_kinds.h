// Private to the tx layer: which proofs a RingCT type uses, and how many
// amounts a range proof covers, as Monero's rct::is_rct_bulletproof,
// is_rct_bulletproof_plus, is_rct_borromean, is_rct_clsag and
// n_bulletproof(_plus)_max_amounts (rctTypes.cpp, v0.18). The ringct layer
// gains the public versions with issue 17's RingCT branch; until then the tx
// rules (tx_rules.cpp), the weights (tx_fee.cpp) and the checks
// (tx_verification.cpp) share these. Not installed, not a layer interface.
#pragma once

#include "ringct/rctTypes.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace cryptonote::rct_kinds {

// Monero's is_rct_bulletproof: types 3, 4 and 5 (the original Bulletproofs; CLSAG included).
inline bool bulletproof(std::uint8_t type) {
  return type == rct::RCTTypeBulletproof || type == rct::RCTTypeBulletproof2 || type == rct::RCTTypeCLSAG;
}
// is_rct_bulletproof_plus: type 6.
inline bool bulletproof_plus(std::uint8_t type) { return type == rct::RCTTypeBulletproofPlus; }
// is_rct_borromean: types 1 and 2.
inline bool borromean(std::uint8_t type) { return type == rct::RCTTypeFull || type == rct::RCTTypeSimple; }
// is_rct_clsag: types 5 and 6.
inline bool clsag(std::uint8_t type) { return type == rct::RCTTypeCLSAG || type == rct::RCTTypeBulletproofPlus; }

// Amounts one proof with this many L (= R) entries can cover: 2^(L - 6) for
// 6 <= L <= 10, else 0 (Monero's n_bulletproof_max_amounts for one proof; the
// same for Bulletproofs+). A proof of a single amount has 6 rounds.
inline std::size_t max_amounts(std::size_t l_size, std::size_t r_size) {
  if (l_size < 6 || l_size != r_size || l_size > 10) return 0;
  return std::size_t{1} << (l_size - 6);
}

// The sum over the proofs, 0 when one of them is malformed (as Monero).
template <class Proof>
std::size_t max_amounts(const std::vector<Proof> &proofs) {
  std::size_t n = 0;
  for (const Proof &proof : proofs) {
    const std::size_t n2 = max_amounts(proof.L.size(), proof.R.size());
    if (n2 == 0 || n2 >= std::numeric_limits<std::uint32_t>::max() - n) return 0;
    n += n2;
  }
  return n;
}

}  // namespace cryptonote::rct_kinds
