// The one-point scalar multiplications of each backend (curve/ecmult.h:
// scalarmult_p3_on, scalarmult_base_on; on ifma the 4-way parallel kernels, one
// point's X, Y, Z, T in four lanes) and the single calls ge_scalarmult /
// ge_scalarmult_p3 / ge_scalarmult_base on the active backend, against the serial
// references scalarmult_p3_serial / scalarmult_base_serial, compared by
// encoding (the projective representatives may differ): random and edge scalars
// (0, 1, L - 1, L, L + 1, 2^255 - 1, top bit set, all-ones, every digit carrying)
// times the identity, the eight small-order points, torsioned points P + T and
// random points. The ifma cases are skipped (with a message) on a CPU without
// AVX-512 IFMA.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "curve/ecmult.h"
#include "curve/field.h"
#include "backend_precondition.h"
#include "curve_test_points.h"
#include "support/hex.h"
#include "support/points.h"
#include "support/xorshift.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace ed = cncrypto::ed25519;
using bytes32 = std::array<unsigned char, 32>;

namespace {

using cncrypto::test::extended_consistent;
using cncrypto::test::point_hex;

cncrypto::test::xorshift64 &rng() {
  static cncrypto::test::xorshift64 r{0x5ca1a2b0e4ull};
  return r;
}

bytes32 random_bytes() { return cncrypto::test::random_bytes32(rng()); }

bytes32 from_hex(const char *h) { return cncrypto::test::pod_from_hex<bytes32>(h); }

std::vector<bytes32> edge_and_random_scalars(std::size_t random_count) {
  std::vector<bytes32> s;
  bytes32 b{};
  s.push_back(b);  // 0
  b[0] = 1;
  s.push_back(b);  // 1
  b[0] = 2;
  s.push_back(b);  // 2
  s.push_back(from_hex("ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"));  // L - 1
  s.push_back(from_hex("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"));  // L
  s.push_back(from_hex("eed3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"));  // L + 1
  bytes32 ones;
  ones.fill(0xff);
  ones[31] = 0x7f;  // 2^255 - 1
  s.push_back(ones);
  ones[31] = 0xff;  // all 256 bits (top radix-16 digit dropped, as in ge_scalarmult)
  s.push_back(ones);
  bytes32 top{};
  top[31] = 0x80;  // 2^255 alone
  s.push_back(top);
  top[31] = 0x8f;  // top digit 8 + carry
  s.push_back(top);
  bytes32 eights;
  eights.fill(0x88);  // every radix-16 digit needs a carry
  s.push_back(eights);
  bytes32 sevens;
  sevens.fill(0x77);  // digits all 7 (no carry)
  s.push_back(sevens);
  for (std::size_t i = 0; i < random_count; ++i) {
    bytes32 r = random_bytes();
    if (i % 4 != 3) r[31] &= 127;  // every fourth with the top bit possibly set
    s.push_back(r);
  }
  return s;
}

// See curve_test_points.h.
std::vector<ed::ge_p3> test_points(std::size_t random_count) {
  return cncrypto::test::small_order_then_random_points(random_count, rng());
}

// Every limb within the serial code's tight bound (2^51 + 2^15), which its callers
// may rely on (e.g. additions without a carry before a multiplication).
bool tight(const ed::ge_p3 &p) {
  const std::uint64_t bound = (std::uint64_t(1) << 51) + (std::uint64_t(1) << 15);
  for (const auto *f : {&p.X, &p.Y, &p.Z, &p.T})
    for (int l = 0; l < 5; ++l)
      if ((*f)[l] >= bound) return false;
  return true;
}


// backend's one-point product equals the serial reference for every scalar and point.
void check_backend(const char *backend, const std::vector<bytes32> &scalars, const std::vector<ed::ge_p3> &points) {
  for (const bytes32 &a : scalars)
    for (std::size_t i = 0; i < points.size(); ++i) {
      ed::ge_p3 ref, got;
      ed::scalarmult_p3_serial(ref, a.data(), points[i]);
      BOOST_REQUIRE(ed::scalarmult_p3_on(backend, got, a.data(), points[i]));
      BOOST_TEST(point_hex(got) == point_hex(ref), backend << " point " << i << " a " << cncrypto::hex_encode(a.data(), 32));
      BOOST_TEST(extended_consistent(got), backend << " point " << i);
      BOOST_TEST(tight(got), backend << " point " << i);
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scalarmult_one)

BOOST_AUTO_TEST_CASE(ifma_4way_equals_serial, *boost::unit_test::precondition(cncrypto::test::skip_without_curve_backend{"ifma", "4-way kernel test"})) {
  check_backend("ifma", edge_and_random_scalars(40), test_points(16));
}

BOOST_AUTO_TEST_CASE(ifma_4way_many_random) {
  if (!cncrypto::test::curve_backend_runs("ifma")) {
    BOOST_TEST_MESSAGE("no ifma backend on this CPU: skipped");
    return;
  }
  // 500 random scalar/point pairs, each point torsioned or not.
  for (int k = 0; k < 500; ++k) {
    bytes32 a = random_bytes();
    if (k % 2 == 0) a[31] &= 127;
    const std::vector<ed::ge_p3> p = test_points(1);
    const ed::ge_p3 &q = p[8];
    ed::ge_p3 ref, got;
    ed::scalarmult_p3_serial(ref, a.data(), q);
    BOOST_REQUIRE(ed::scalarmult_p3_on("ifma", got, a.data(), q));
    BOOST_TEST(point_hex(got) == point_hex(ref), "k " << k << " a " << cncrypto::hex_encode(a.data(), 32));
  }
}

BOOST_AUTO_TEST_CASE(every_backend_equals_serial) {
  const char *names[8];
  const std::size_t n = ed::curve_backend_names(names, 8);
  BOOST_TEST(n >= 1);
  const std::vector<bytes32> s = edge_and_random_scalars(6);
  const std::vector<ed::ge_p3> p = test_points(4);
  for (std::size_t i = 0; i < n && i < 8; ++i) check_backend(names[i], s, p);
  ed::ge_p3 r;
  BOOST_TEST(!ed::scalarmult_p3_on("no-such-backend", r, s[0].data(), p[0]));
}

BOOST_AUTO_TEST_CASE(single_calls_on_active_backend_equal_serial) {
  BOOST_TEST_MESSAGE("curve backend: " << ed::curve_backend_name());
  const std::vector<bytes32> s = edge_and_random_scalars(8);
  const std::vector<ed::ge_p3> p = test_points(6);
  for (const bytes32 &a : s)
    for (std::size_t i = 0; i < p.size(); ++i) {
      ed::ge_p3 ref;
      ed::scalarmult_p3_serial(ref, a.data(), p[i]);
      ed::ge_p3 r3;
      ed::ge_scalarmult_p3(&r3, a.data(), &p[i]);
      BOOST_TEST(point_hex(r3) == point_hex(ref), "p3 point " << i);
      ed::ge_p2 r2;
      ed::ge_scalarmult(&r2, a.data(), &p[i]);
      unsigned char b2[32];
      ed::ge_tobytes(b2, &r2);
      BOOST_TEST(cncrypto::hex_encode(b2, 32) == point_hex(ref), "p2 point " << i);
      ed::ge_p3 alias = p[i];  // r may alias A
      ed::ge_scalarmult_p3(&alias, a.data(), &alias);
      BOOST_TEST(point_hex(alias) == point_hex(ref), "aliased point " << i);
    }
}

BOOST_AUTO_TEST_CASE(ifma_4way_base_equals_serial, *boost::unit_test::precondition(cncrypto::test::skip_without_curve_backend{"ifma", "4-way kernel test"})) {
  const std::vector<bytes32> s = edge_and_random_scalars(300);
  for (const bytes32 &a : s) {
    ed::ge_p3 ref, got;
    ed::scalarmult_base_serial(ref, a.data());
    BOOST_REQUIRE(ed::scalarmult_base_on("ifma", got, a.data()));
    BOOST_TEST(point_hex(got) == point_hex(ref), "a " << cncrypto::hex_encode(a.data(), 32));
    BOOST_TEST(extended_consistent(got));
    BOOST_TEST(tight(got));
  }
}

BOOST_AUTO_TEST_CASE(base_every_backend_and_single_call_equal_serial) {
  const char *names[8];
  const std::size_t n = ed::curve_backend_names(names, 8);
  for (const bytes32 &a : edge_and_random_scalars(20)) {
    ed::ge_p3 ref;
    ed::scalarmult_base_serial(ref, a.data());
    for (std::size_t i = 0; i < n && i < 8; ++i) {
      ed::ge_p3 got;
      BOOST_REQUIRE(ed::scalarmult_base_on(names[i], got, a.data()));
      BOOST_TEST(point_hex(got) == point_hex(ref), names[i]);
    }
    ed::ge_p3 single;
    ed::ge_scalarmult_base(&single, a.data());
    BOOST_TEST(point_hex(single) == point_hex(ref), "active " << ed::curve_backend_name());
  }
  ed::ge_p3 r;
  BOOST_TEST(!ed::scalarmult_base_on("no-such-backend", r, edge_and_random_scalars(0)[1].data()));
}

BOOST_AUTO_TEST_SUITE_END()
