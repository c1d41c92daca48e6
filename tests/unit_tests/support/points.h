// Building points in tests (public keys, torsioned keys, small-order points, P + T)
// with Monero's C group API (crypto/crypto-ops.h), written once for every module.
// Variable time, for public test inputs only. A 32-byte argument or result is a
// point encoding (crypto::public_key, crypto::key_image, rct::key or raw bytes).
#pragma once

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "support/xorshift.h"
#if __has_include("curve/ops.h")
#include "curve/ops.h"
#endif

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

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

// An encoding of a point of order 8 (8 times it is the identity, no smaller multiple
// is: small_order_points() below walks its eight multiples). The same point as in
// ed25519_tests.cpp, clsag_tests.cpp and tx_check_tests.cpp.
inline constexpr char kOrder8Hex[] = "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05";

// The eight small-order points k T8 for k = 0..7 (the identity first), T8 the point
// of kOrder8Hex.
inline std::vector<ge_p3> small_order_points() {
  std::vector<ge_p3> t(1);
  ge_p3_0(&t[0]);
  unsigned char t8_bytes[32];
  BOOST_REQUIRE(cncrypto::hex_decode_fixed(kOrder8Hex, t8_bytes, 32));
  const ge_p3 t8 = decode_point(t8_bytes);
  for (int k = 1; k < 8; ++k) t.push_back(add_points(t.back(), t8));
  return t;
}

// The encoding of p as 64 lowercase hex digits (test messages and comparisons:
// projective representatives of one point differ, their encodings do not).
inline std::string point_hex(const ge_p3 &p) {
  unsigned char b[32];
  ge_p3_tobytes(b, &p);
  return cncrypto::hex_encode(b, 32);
}
inline std::string point_hex(const ge_p2 &p) {
  unsigned char b[32];
  ge_tobytes(b, &p);
  return cncrypto::hex_encode(b, 32);
}
#if __has_include("curve/ops.h")
// The same for the curve layer's own types (curve/types.h), in the tests that see
// the layer interface.
inline std::string point_hex(const cncrypto::ed25519::ge_p3 &p) {
  unsigned char b[32];
  cncrypto::ed25519::ge_p3_tobytes(b, &p);
  return cncrypto::hex_encode(b, 32);
}
inline std::string point_hex(const cncrypto::ed25519::ge_p2 &p) {
  unsigned char b[32];
  cncrypto::ed25519::ge_tobytes(b, &p);
  return cncrypto::hex_encode(b, 32);
}
#endif

// 32 bytes from the test's own generator, its words little-endian (reproducible
// inputs for a fixed seed).
inline std::array<unsigned char, 32> random_bytes32(xorshift64 &rng) {
  std::array<unsigned char, 32> b;
  for (std::size_t i = 0; i < 32; i += 8) {
    const std::uint64_t w = rng();
    for (std::size_t j = 0; j < 8; ++j) b[i + j] = static_cast<unsigned char>(w >> (8 * j));
  }
  return b;
}

}  // namespace cncrypto::test
