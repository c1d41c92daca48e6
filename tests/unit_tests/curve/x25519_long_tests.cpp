// RFC 7748 section 5.2's iterated X25519 after 1,000,000 iterations (about 30 s:
// label "long", x25519_tests.cpp checks 1 and 1,000). Expected value: the RFC's.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/cncrypto_x25519.h"

#include <array>
#include <cstring>

BOOST_AUTO_TEST_CASE(x25519_rfc7748_iterated_1000000) {
  std::array<unsigned char, 32> k{}, u{}, r{};
  k[0] = 9;
  u[0] = 9;
  for (int i = 0; i < 1000000; ++i) {
    cncrypto::x25519(r.data(), k.data(), u.data());
    u = k;
    k = r;
  }
  BOOST_TEST(cncrypto::hex_encode(k.data(), k.size()) ==
             "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424");
}
