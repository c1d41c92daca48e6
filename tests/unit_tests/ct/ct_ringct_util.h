// Public test data for the RingCT constant-time programs (ct_clsag, ct_mlsag,
// ct_borromean): random scalars and points declassified at once, so that only
// what a program marks secret() is checked.
#pragma once

#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "ringct/rctTypes.h"
#include "support/ct_valgrind.h"

namespace cncrypto::test::ct {

// A random reduced scalar (libsodium's bytes, marked secret by the custom
// randombytes, declassified here).
inline rct::key public_scalar() {
  rct::key k;
  crypto::random32_unbiased(k.bytes);
  declassify(k);
  return k;
}

// s*G, declassified.
inline rct::key base_mult(const rct::key &s) {
  ge_p3 p;
  ge_scalarmult_base(&p, s.bytes);
  rct::key k;
  ge_p3_tobytes(k.bytes, &p);
  declassify(k);
  return k;
}

}  // namespace cncrypto::test::ct
