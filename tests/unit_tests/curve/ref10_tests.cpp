// Monero's ref10 limb layout (curve/ref10.h): limb-exact results against limb
// vectors made by Monero 0.18.0.0's own crypto-ops.c (built here, outside the
// repository, and run on the inputs below; the same build was compared with
// curve/ref10.h on 2.4 million random inputs of every function, all equal), the
// check_ge_p3_identity lines of Monero's tests/crypto data, and the conversions
// with the layer's representation (values checked with an independent bigint).
#include <boost/multiprecision/cpp_int.hpp>
#include <boost/test/unit_test.hpp>

#include "curve/field.h"
#include "curve/ops.h"
#include "curve/ref10.h"
#include "support/hex.h"
#include "support/xorshift.h"

#include <array>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

namespace ed = cncrypto::ed25519;
namespace r10 = cncrypto::ed25519::ref10;
using boost::multiprecision::cpp_int;

namespace {

using limbs = std::array<std::int32_t, 10>;
limbs L(const r10::fe f) {
  limbs a;
  std::memcpy(a.data(), f, sizeof a);
  return a;
}

const cpp_int &big_p() {
  static const cpp_int p = (cpp_int(1) << 255) - 19;
  return p;
}
// The value of ref10 limbs, computed independently: sum f[i] 2^off[i] mod p.
cpp_int value(const r10::fe f) {
  static const int off[10] = {0, 26, 51, 77, 102, 128, 153, 179, 204, 230};
  cpp_int v = 0;
  for (int i = 0; i < 10; ++i) v += cpp_int(f[i]) << off[i];
  v %= big_p();
  if (v < 0) v += big_p();
  return v;
}
cpp_int value_of_bytes(const unsigned char *s) {
  cpp_int v = 0;
  for (int i = 31; i >= 0; --i) v = (v << 8) | s[i];
  return v;
}

// Monero's tests/crypto helper get_ge_p3_for_identity_test, (K + K) - K - K, on the
// public functions of crypto/crypto-ops.h (curve/ref10.h's).
ge_p3 identity_from(const std::string &hex) {
  const auto s = cncrypto::test::unhex(hex);
  ge_p3 p;
  BOOST_REQUIRE(::ge_frombytes_vartime(&p, s.data()) == 0);
  ge_cached c;
  ge_p1p1 t;
  ::ge_p3_to_cached(&c, &p);
  ::ge_add(&t, &p, &c);
  ::ge_p1p1_to_p3(&p, &t);
  ::ge_sub(&t, &p, &c);
  ::ge_p1p1_to_p3(&p, &t);
  ::ge_sub(&t, &p, &c);
  ::ge_p1p1_to_p3(&p, &t);
  return p;
}
// The test's ge_p3_is_point_at_infinity_vartime_bad: the raw limbs.
bool identity_by_limbs(const r10::ge_p3 &p) {
  for (int n = 0; n < 10; ++n)
    if (p.X[n] != 0 || p.T[n] != 0 || p.Y[n] != p.Z[n]) return false;
  return true;
}

struct identity_vector {
  const char *point;
  limbs Y, Z;  // X and T are all zero
  bool bad, good;  // Monero's answers (tests/crypto/tests.txt)
};
// The six check_ge_p3_identity lines of Monero 0.18's tests/crypto/tests.txt, with
// Y and Z as Monero's crypto-ops.c computes them.
const identity_vector identity_vectors[] = {
    {"078c63ceebcfc9d8af51e232b497fb3cd5f491bb9bed5aa3c556a47e62cb186b",
     {-2263846, -16777239, -14638042, -7691979, -19749552, -6393025, -4183567, 4818900, -8313562, -16231232},
     {-2263846, 16777193, -14638043, -7691979, -19749552, -6393025, -4183567, 4818900, -8313562, -16231232}, false, true},
    {"62218e5f0710af551bee941adb3981650862d2a3c4c18c794f450b5bb538975b",
     {5769947, -9101602, 10426760, 8014079, -29351807, 16777204, -18026426, -8934847, -14917973, 11101406},
     {5769947, -9101602, 10426760, 8014079, -29351807, -16777228, -18026425, -8934847, -14917973, 11101406}, false, true},
    {"046e1450f147f3ade34d149973913cc75d4e7b9669eb1ed61da0f1d4a0bd7f13",
     {-20670198, -16777223, 5070449, 15228806, -20439466, 9123530, -26863261, -4812421, -11210028, 13103136},
     {-20670198, 16777209, 5070448, 15228806, -20439466, 9123530, -26863261, -4812421, -11210028, 13103136}, false, true},
    {"ca8a2f621cfc7aa3efcd7ddf55dce5352e757b38aca0869b050c0a27824e5c5e",
     {-9133786, 5641047, 26243615, 3755789, 26207025, 3793297, -15454255, 9711815, 23502926, -8390936},
     {-9133786, 5641047, 26243615, 3755789, 26207025, 3793297, -15454255, 9711815, 23502926, -8390936}, true, true},
    {"64a247eef6087d86e1e9fa048a3c181fdb1728431f29ba738634bdc38f02a859",
     {20522368, -16006598, 3990110, 10838139, 12154497, -9935008, -11043838, -1186186, 22781386, -13651986},
     {20522368, -16006598, 3990110, 10838139, 12154497, -9935008, -11043838, -1186186, 22781386, -13651986}, true, true},
    {"cff0c7170a41395b0658ee42b76545c45360736b973ab2f31f6f227b9415df67",
     {5784902, 15189453, -2044355, 5432481, -6233295, 11106711, 5889187, -3137365, -17999041, -8297497},
     {5784902, 15189453, -2044355, 5432481, -6233295, 11106711, 5889187, -3137365, -17999041, -8297497}, true, true},
};

}  // namespace

BOOST_AUTO_TEST_SUITE(ref10)

BOOST_AUTO_TEST_CASE(check_ge_p3_identity_limbs_are_moneros) {
  const limbs zero{};
  for (const auto &v : identity_vectors) {
    BOOST_TEST_CONTEXT(v.point) {
      const r10::ge_p3 p = identity_from(v.point);
      BOOST_TEST(L(p.X) == zero);
      BOOST_TEST(L(p.T) == zero);
      BOOST_TEST(L(p.Y) == v.Y);
      BOOST_TEST(L(p.Z) == v.Z);
      BOOST_TEST(identity_by_limbs(p) == v.bad);
      BOOST_TEST((::ge_p3_is_point_at_infinity_vartime(&p) == 1) == v.good);
    }
  }
}

// The same lines read from Debian's copy of Monero's data (package monero-tests),
// when installed: every check_ge_p3_identity line's two answers.
BOOST_AUTO_TEST_CASE(check_ge_p3_identity_lines_of_monero_tests_txt) {
  const char *path = "/usr/share/monero/testdata/crypto/tests.txt";
  std::ifstream in(path);
  if (!in) {
    BOOST_TEST_MESSAGE("skipped: " << path << " is not installed (Debian's monero-tests)");
    return;
  }
  int lines = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string cmd, point, bad, good;
    words >> cmd >> point >> bad >> good;
    if (cmd != "check_ge_p3_identity") continue;
    ++lines;
    BOOST_TEST_CONTEXT(line) {
      const r10::ge_p3 p = identity_from(point);
      BOOST_TEST(identity_by_limbs(p) == (bad == "true"));
      BOOST_TEST((::ge_p3_is_point_at_infinity_vartime(&p) == 1) == (good == "true"));
    }
  }
  BOOST_TEST(lines == 6);
}

BOOST_AUTO_TEST_CASE(mul_and_sq_limbs_are_moneros) {
  // Inputs at ref10's bounds (+-2^25 / +-2^24 and beyond); outputs from Monero's code.
  const r10::fe f = {33554431, -16777216, 1, -1, 33554432, 16777215, -33554432, 0, 12345678, -16777215};
  const r10::fe g = {-33554431, 16777216, 33554431, 16777215, -1, -16777216, 7, -7, 33554431, 16777215};
  r10::fe h, h2;
  r10::fe_mul(h, f, g);
  BOOST_TEST(L(h) == (limbs{-33397748, 8545136, 16933988, 16777080, -18812501, -6196468, -33241657, 156621, 28966308,
                            10604384}));
  r10::fe_sq(h, f);
  BOOST_TEST(L(h) == (limbs{33241500, -7762322, -76, -8075454, -313179, -16464042, 23582550, -7805656, -24378159,
                            -12820172}));
  r10::fe_mul(h2, f, f);
  BOOST_TEST(L(h) == L(h2));
  BOOST_TEST(value(h) == value(f) * value(f) % big_p());
}

BOOST_AUTO_TEST_CASE(constants_are_the_layers_values_in_moneros_form) {
  r10::fe t;
  r10::from_internal(t, ed::fe_d);
  BOOST_TEST(L(t) == L(::fe_d));
  r10::from_internal(t, ed::fe_d2);
  BOOST_TEST(L(t) == L(::fe_d2));
  r10::from_internal(t, ed::fe_sqrtm1);
  BOOST_TEST(L(t) == L(::fe_sqrtm1));
  BOOST_TEST(value(::fe_sqrtm1) * value(::fe_sqrtm1) % big_p() == big_p() - 1);
}

// crypto-ops.h's tables hold Monero's limbs: the layer's values in the form Monero's
// fe_frombytes gives (Monero's crypto-ops-data.c was checked to be exactly this for
// every constant), with Monero's even square roots for fe_fffb1..4.
BOOST_AUTO_TEST_CASE(public_tables_are_the_layers_values_in_moneros_form) {
  const auto same = [](const r10::fe pub, const ed::fe layer) {
    r10::fe t;
    r10::from_internal(t, layer);
    return L(t) == L(pub);
  };
  BOOST_TEST(same(::fe_d, ed::fe_d));
  BOOST_TEST(same(::fe_d2, ed::fe_d2));
  BOOST_TEST(same(::fe_sqrtm1, ed::fe_sqrtm1));
  BOOST_TEST(same(::fe_ma, ed::fe_ma));
  BOOST_TEST(same(::fe_ma2, ed::fe_ma2));
  BOOST_TEST(same(::fe_a, ed::fe_a));
  BOOST_TEST(same(::fe_a_inv_3, ed::fe_a_inv_3));
  BOOST_TEST(same(::fe_c, ed::fe_c));
  for (const auto *pair : {&::fe_fffb1, &::fe_fffb2, &::fe_fffb3, &::fe_fffb4}) {
    BOOST_TEST(value(*pair) % 2 == 0);
  }
  BOOST_TEST(value(::fe_fffb1) * value(::fe_fffb1) % big_p() == big_p() - cpp_int(2) * 486662 * 486664);  // -2A(A+2)
  // Monero's fe_fffb1 (crypto-ops-data.c), limb for limb.
  BOOST_TEST(L(::fe_fffb1) == (limbs{-31702527, -2466483, -26106795, -12203692, -12169197, -321052, 14850977, -10296299,
                                     -16929438, -407568}));
  const auto same_point = [](const auto &pub, const auto &layer) {
    const auto t = r10::from_internal(layer);
    return std::memcmp(&pub, &t, sizeof t) == 0;
  };
  for (int i = 0; i < 32; ++i)
    for (int j = 0; j < 8; ++j) BOOST_TEST(same_point(::ge_base[i][j], ed::ge_base[i][j]));
  for (int j = 0; j < 8; ++j) BOOST_TEST(same_point(::ge_Bi[j], ed::ge_Bi[j]));
  for (int j = 0; j < 64; ++j) BOOST_TEST(same_point(::ge_base_odd[j], ed::ge_base_odd[j]));
  BOOST_TEST(same_point(::ge_p3_H, ed::ge_p3_H));
  BOOST_TEST(same_point(::ge_p3_identity, ed::ge_p3_identity));
  // Monero's ge_base[0][0] (G), limb for limb.
  BOOST_TEST(L(::ge_base[0][0].yplusx) == (limbs{25967493, -14356035, 29566456, 3660896, -12694345, 4014787, 27544626,
                                                 -11754271, -6079156, 2047605}));
}

BOOST_AUTO_TEST_CASE(conversions_keep_the_value) {
  cncrypto::test::xorshift64 rng;
  for (int it = 0; it < 2000; ++it) {
    r10::fe f;
    // Any int32 limbs: unreduced, negative, the extremes.
    for (auto &x : f) {
      const std::uint64_t r = rng();
      x = (it % 4 == 0) ? static_cast<std::int32_t>(r) : static_cast<std::int32_t>(r % (1u << 27)) - (1 << 26);
    }
    if (it == 1)
      for (auto &x : f) x = INT32_MIN;
    if (it == 2)
      for (auto &x : f) x = INT32_MAX;
    ed::fe in;
    r10::to_internal(in, f);
    unsigned char s[32];
    ed::fe_tobytes(s, in);
    BOOST_TEST(value_of_bytes(s) == value(f));
    unsigned char s2[32];
    r10::fe_tobytes(s2, f);
    BOOST_TEST(std::memcmp(s, s2, 32) == 0);
    // Back: Monero's bounds, |limb| <= 2^(w-1) (+ a carry), the same value.
    r10::fe back;
    r10::from_internal(back, in);
    BOOST_TEST(value(back) == value(f));
    for (int i = 0; i < 10; ++i) BOOST_TEST(std::abs(back[i]) <= (1 << ((i & 1) ? 24 : 25)) + 2);
    // From reduced limbs (the canonical value read by the layer): exactly the form
    // Monero's fe_frombytes gives.
    ed::fe canon;
    ed::fe_frombytes(canon, s);
    r10::fe from_canon, again;
    r10::from_internal(from_canon, canon);
    r10::fe_frombytes(again, s);
    BOOST_TEST(L(from_canon) == L(again));
  }
}

BOOST_AUTO_TEST_CASE(points_round_trip_and_encode_alike) {
  cncrypto::test::xorshift64 rng;
  int decoded = 0;
  for (int it = 0; it < 200; ++it) {
    unsigned char s[32];
    for (int i = 0; i < 32; i += 8) {
      const std::uint64_t r = rng();
      std::memcpy(s + i, &r, 8);
    }
    r10::ge_p3 p;
    ed::ge_p3 q;
    const int a = r10::ge_frombytes_vartime(&p, s);
    BOOST_TEST(a == ed::ge_frombytes_vartime(&q, s));  // the same refusals
    if (a != 0) continue;
    ++decoded;
    unsigned char e1[32], e2[32], e3[32];
    r10::ge_p3_tobytes(e1, &p);
    ed::ge_p3_tobytes(e2, &q);
    BOOST_TEST(std::memcmp(e1, e2, 32) == 0);
    const r10::ge_p3 back = r10::from_internal(r10::to_internal(p));
    r10::ge_p3_tobytes(e3, &back);
    BOOST_TEST(std::memcmp(e1, e3, 32) == 0);
    // 8P by Monero's three doublings against the layer's.
    r10::ge_p2 p2;
    r10::ge_p3_to_p2(&p2, &p);
    r10::ge_p1p1 t;
    r10::ge_mul8(&t, &p2);
    r10::ge_p1p1_to_p2(&p2, &t);
    r10::ge_tobytes(e1, &p2);
    ed::ge_p2 q2;
    ed::ge_p3_to_p2(&q2, &q);
    ed::ge_p1p1 u;
    ed::ge_mul8(&u, &q2);
    ed::ge_p1p1_to_p2(&q2, &u);
    ed::ge_tobytes(e2, &q2);
    BOOST_TEST(std::memcmp(e1, e2, 32) == 0);
  }
  BOOST_TEST(decoded > 50);
}

BOOST_AUTO_TEST_SUITE_END()
