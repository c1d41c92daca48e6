// Shared by the curve tests that compare a backend's kernels with the serial code
// (batch_tests.cpp, scalarmult_one_tests.cpp, straus_vartime_tests.cpp): the test
// points and a check of the extended coordinates. Variable time, public test
// inputs only.
#pragma once

#include "crypto/crypto-ops.h"
#include "curve/face.h"
#include "curve/field.h"
#include "curve/ops.h"
#include "support/points.h"
#include "support/xorshift.h"

#include <cstddef>
#include <vector>

namespace cncrypto::test {

// The identity and the seven other small-order points, then random_count points
// s G (s < 2^252 from rng), every other one torsioned (s G + k T8, k = 1..7 in
// turn): 8 + random_count points.
inline std::vector<cncrypto::ed25519::ge_p3> small_order_then_random_points(std::size_t random_count, xorshift64 &rng) {
  std::vector<cncrypto::ed25519::ge_p3> p = cncrypto::ed25519::from_face(small_order_points());
  for (std::size_t i = 0; i < random_count; ++i) {
    auto s = random_bytes32(rng);
    s[31] &= 15;
    cncrypto::ed25519::ge_p3 q;
    cncrypto::ed25519::ge_scalarmult_base(&q, s.data());
    if (i % 2 == 0) cncrypto::ed25519::p3_add(&q, &q, &p[1 + i % 7]);
    p.push_back(q);
  }
  return p;
}

// T Z = X Y: p is a valid extended point, not only a valid projective one.
inline bool extended_consistent(const cncrypto::ed25519::ge_p3 &p) {
  cncrypto::ed25519::fe tz, xy;
  cncrypto::ed25519::fe_mul(tz, p.T, p.Z);
  cncrypto::ed25519::fe_mul(xy, p.X, p.Y);
  return cncrypto::ed25519::fe_equal(tz, xy) == 1;
}

}  // namespace cncrypto::test
