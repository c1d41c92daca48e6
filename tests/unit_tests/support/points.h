// Building points in tests (public keys, torsioned keys, small-order points, P + T)
// with Monero's C group API (crypto/crypto-ops.h), written once for every module.
// Variable time, for public test inputs only. A 32-byte argument or result is a
// point encoding (crypto::public_key, crypto::key_image, rct::key or raw bytes).
#pragma once

#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"

#include <boost/test/unit_test.hpp>

#include <cstring>

namespace cncrypto::test {

// The point of a 32-byte encoding; fails the test case (BOOST_REQUIRE) when it is
// not the encoding of a point.
inline ge_p3 decode_point(const void *encoding) {
  ge_p3 p;
  BOOST_REQUIRE(ge_frombytes_vartime(&p, static_cast<const unsigned char *>(encoding)) == 0);
  return p;
}

// s*G through the key API (crypto::secret_key_to_public_key); fails the test case
// (BOOST_REQUIRE) when s is refused (s >= L).
inline crypto::public_key public_of(const crypto::secret_key &s) {
  crypto::public_key p;
  BOOST_REQUIRE(crypto::secret_key_to_public_key(s, p));
  return p;
}

// a + b.
inline ge_p3 add_points(const ge_p3 &a, const ge_p3 &b) {
  ge_cached bc;
  ge_p3_to_cached(&bc, &b);
  ge_p1p1 s;
  ge_add(&s, &a, &bc);
  ge_p3 r;
  ge_p1p1_to_p3(&r, &s);
  return r;
}

// The 32-byte encoding of p, as the POD type T (sizeof(T) == 32).
template <typename T>
T encode_point(const ge_p3 &p) {
  static_assert(sizeof(T) == 32, "32-byte encodings only");
  unsigned char bytes[32];
  ge_p3_tobytes(bytes, &p);
  T out;
  std::memcpy(static_cast<void *>(&out), bytes, 32);
  return out;
}

// 8*p, by three doublings through add_points.
inline ge_p3 mul8(const ge_p3 &p) {
  ge_p3 r = p;
  for (int i = 0; i < 3; ++i) r = add_points(r, r);
  return r;
}

}  // namespace cncrypto::test
