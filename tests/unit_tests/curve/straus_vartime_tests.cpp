// The variable-time dense Straus products of each backend (curve/ecmult.h:
// straus_pair_vartime_on, CLSAG's L and R pair; straus_dense_vartime_on, the loop
// behind ge_double_scalarmult_*_vartime and ge_triple_scalarmult_*_vartime; on ifma
// the 4-way kernels, X, Y, Z, T in four lanes) against the serial reference, and
// Monero's C calls on the active backend against the serial loop, compared by
// encoding (projective representatives may differ). Scalars 0, 1, L - 1, L,
// 2^255 - 1, 2^256 - 1 and random ones (reduced and full 256-bit); points: the
// identity, the small-order points, torsioned points P + T and random points;
// tables of every width the callers use (ge_base_odd w = 8, cached w = 5..8). The
// ifma cases are skipped (with a message) without AVX-512 IFMA.
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
#include <string>
#include <vector>

namespace ed = cncrypto::ed25519;
using bytes32 = std::array<unsigned char, 32>;

namespace {

using cncrypto::test::point_hex;

cncrypto::test::xorshift64 &rng() {
  static cncrypto::test::xorshift64 r{0x57a05a11ull};
  return r;
}

bytes32 random_bytes() { return cncrypto::test::random_bytes32(rng()); }

bytes32 from_hex(const char *h) { return cncrypto::test::pod_from_hex<bytes32>(h); }

std::vector<bytes32> edge_scalars() {
  std::vector<bytes32> s;
  bytes32 b{};
  s.push_back(b);  // 0
  b[0] = 1;
  s.push_back(b);  // 1
  s.push_back(from_hex("ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"));  // L - 1
  s.push_back(from_hex("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"));  // L
  bytes32 ones;
  ones.fill(0xff);
  ones[31] = 0x7f;
  s.push_back(ones);  // 2^255 - 1
  ones[31] = 0xff;
  s.push_back(ones);  // 2^256 - 1 (the NAF reaches position 256)
  return s;
}

bytes32 random_scalar(int i) {
  bytes32 r = random_bytes();
  if (i % 3 != 2) r[31] &= 15;  // mostly below 2^252 (signature scalars); some full 256-bit
  return r;
}

// The identity, the 7 other small-order points, torsioned and random points
// (curve_test_points.h).
std::vector<ed::ge_p3> test_points(std::size_t random_count) {
  return cncrypto::test::small_order_then_random_points(random_count, rng());
}


// A point with its cached odd multiples for width w (2^(w-2) entries).
struct table {
  std::vector<ed::ge_cached> odd;
  int w;
  table(const ed::ge_p3 &P, int width) : odd(std::size_t(1) << (width - 2)), w(width) {
    ed::odd_multiples_cached(odd.data(), P, static_cast<int>(odd.size()));
  }
};

ed::wnaf_term term_of(const bytes32 &s, const table &t) { return {s.data(), t.w, t.odd.data(), nullptr}; }
ed::wnaf_term term_of_g(const bytes32 &s) { return {s.data(), 8, nullptr, ed::ge_base_odd}; }

// backend's pair equals the serial one for CLSAG's shapes (L: s G + c_p P + c_c C,
// R: s Hp + c_p I + c_c D, I and D with a wider table) over the scalar triples.
void check_pair(const char *backend, const std::vector<std::array<bytes32, 3>> &scalars,
                const std::vector<ed::ge_p3> &points, int wide) {
  for (std::size_t k = 0; k < scalars.size(); ++k) {
    const std::size_t n = points.size();
    const table P(points[k % n], 5), C(points[(k + 1) % n], 5), H(points[(k + 3) % n], 5);
    const table I(points[(k + 5) % n], wide), D(points[(k + 7) % n], wide);
    const auto &s = scalars[k];
    const ed::wnaf_term a[3] = {term_of_g(s[0]), term_of(s[1], P), term_of(s[2], C)};
    const ed::wnaf_term b[3] = {term_of(s[0], H), term_of(s[1], I), term_of(s[2], D)};
    ed::ge_p2 ra_ref, rb_ref, ra, rb;
    BOOST_REQUIRE(ed::straus_pair_vartime_on("serial", ra_ref, a, rb_ref, b));
    BOOST_REQUIRE(ed::straus_pair_vartime_on(backend, ra, a, rb, b));
    BOOST_TEST(point_hex(ra) == point_hex(ra_ref), backend << " L, case " << k << " w " << wide);
    BOOST_TEST(point_hex(rb) == point_hex(rb_ref), backend << " R, case " << k << " w " << wide);
  }
}

std::vector<std::array<bytes32, 3>> scalar_triples(std::size_t random_count) {
  const std::vector<bytes32> edge = edge_scalars();
  std::vector<std::array<bytes32, 3>> t;
  // every edge scalar in every position, the others edge or random
  for (std::size_t i = 0; i < edge.size(); ++i)
    for (std::size_t j = 0; j < edge.size(); ++j) {
      t.push_back({edge[i], edge[j], edge[(i + j) % edge.size()]});
      t.push_back({edge[i], random_scalar(static_cast<int>(j)), edge[j]});
    }
  for (std::size_t i = 0; i < random_count; ++i)
    t.push_back({random_scalar(static_cast<int>(i)), random_scalar(static_cast<int>(i + 1)),
                 random_scalar(static_cast<int>(i + 2))});
  return t;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(straus_vartime)

BOOST_AUTO_TEST_CASE(ifma_pair_equals_serial, *boost::unit_test::precondition(cncrypto::test::skip_without_curve_backend{"ifma", "4-way Straus test"})) {
  const std::vector<ed::ge_p3> points = test_points(24);
  const auto scalars = scalar_triples(120);
  for (int wide = 5; wide <= 8; ++wide) check_pair("ifma", scalars, points, wide);
}

BOOST_AUTO_TEST_CASE(ifma_dense_equals_serial, *boost::unit_test::precondition(cncrypto::test::skip_without_curve_backend{"ifma", "4-way Straus test"})) {
  const std::vector<ed::ge_p3> points = test_points(24);
  const auto scalars = scalar_triples(200);
  for (std::size_t k = 0; k < scalars.size(); ++k) {
    const std::size_t n = points.size();
    const int w1 = 5 + static_cast<int>(k % 4), w2 = 5 + static_cast<int>((k / 4) % 4);
    const table A(points[k % n], w1), B(points[(k + 2) % n], w2), C(points[(k + 5) % n], 5);
    const auto &s = scalars[k];
    // n = 1, 2, 3 terms; G's affine table first, last or absent
    const ed::wnaf_term shapes[4][3] = {{term_of(s[0], A), term_of(s[1], B), term_of(s[2], C)},
                                        {term_of(s[0], A), term_of_g(s[1]), term_of(s[2], C)},
                                        {term_of_g(s[0]), term_of(s[1], B), term_of(s[2], C)},
                                        {term_of_g(s[0]), term_of_g(s[1]), term_of(s[2], A)}};
    for (const auto &terms : shapes)
      for (int count = 1; count <= 3; ++count) {
        ed::ge_p3 ref, got;
        BOOST_REQUIRE(ed::straus_dense_vartime_on("serial", ref, terms, count));
        BOOST_REQUIRE(ed::straus_dense_vartime_on("ifma", got, terms, count));
        BOOST_TEST(point_hex(got) == point_hex(ref), "case " << k << " terms " << count);
        // T Z = X Y and limbs within the serial tight bound
        ed::fe tz, xy;
        ed::fe_mul(tz, got.T, got.Z);
        ed::fe_mul(xy, got.X, got.Y);
        BOOST_TEST(ed::fe_equal(tz, xy) == 1, "T Z = X Y, case " << k);
        const std::uint64_t bound = (std::uint64_t(1) << 51) + (std::uint64_t(1) << 15);
        for (const auto *f : {&got.X, &got.Y, &got.Z, &got.T})
          for (int l = 0; l < 5; ++l) BOOST_TEST((*f)[l] < bound);
      }
  }
}

// The sparse Straus of the multiexps (straus_vartime): n terms with cached (w = 5) or
// affine (w = 6) tables, n = 0 .. 300, edge and random scalars, torsioned points.
BOOST_AUTO_TEST_CASE(ifma_sparse_equals_serial, *boost::unit_test::precondition(cncrypto::test::skip_without_curve_backend{"ifma", "4-way Straus test"})) {
  const std::vector<ed::ge_p3> points = test_points(40);
  const std::vector<bytes32> edge = edge_scalars();
  std::vector<bytes32> scalars;
  for (int i = 0; i < 300; ++i) scalars.push_back(i % 7 == 0 ? edge[static_cast<std::size_t>(i / 7) % edge.size()] : random_scalar(i));
  std::vector<ed::ge_p3> pts;
  for (std::size_t i = 0; i < scalars.size(); ++i) pts.push_back(points[i % points.size()]);
  std::vector<ed::ge_cached> cached(8 * pts.size());
  for (std::size_t i = 0; i < pts.size(); ++i) ed::odd_multiples_cached(&cached[8 * i], pts[i], 8);
  std::vector<ed::ge_precomp> affine(16 * pts.size());
  ed::odd_multiples_affine(affine.data(), pts.data(), pts.size());
  for (std::size_t n : {0, 1, 2, 3, 5, 8, 17, 64, 150, 300}) {
    for (int shape = 0; shape < 3; ++shape) {  // all cached, all affine, mixed
      std::vector<ed::straus_term> terms(n);
      for (std::size_t i = 0; i < n; ++i) {
        const bool use_affine = shape == 1 || (shape == 2 && i % 2 == 1);
        terms[i] = use_affine ? ed::straus_term{scalars[i].data(), nullptr, &affine[16 * i]}
                              : ed::straus_term{scalars[i].data(), &cached[8 * i], nullptr};
      }
      ed::ge_p3 ref, got;
      BOOST_REQUIRE(ed::straus_vartime_on("serial", ref, terms.data(), n));
      BOOST_REQUIRE(ed::straus_vartime_on("ifma", got, terms.data(), n));
      BOOST_TEST(point_hex(got) == point_hex(ref), "n " << n << " shape " << shape);
      ed::fe tz, xy;
      ed::fe_mul(tz, got.T, got.Z);
      ed::fe_mul(xy, got.X, got.Y);
      BOOST_TEST(ed::fe_equal(tz, xy) == 1, "T Z = X Y, n " << n);
      // all scalars zero: the identity
      std::vector<ed::straus_term> zero(terms);
      const bytes32 z{};
      for (auto &t : zero) t.scalar = z.data();
      BOOST_REQUIRE(ed::straus_vartime_on("ifma", got, zero.data(), n));
      ed::ge_p3 id;
      ed::ge_p3_0(&id);
      BOOST_TEST(point_hex(got) == point_hex(id));
    }
  }
  // the active backend's straus_vartime equals the serial one
  std::vector<ed::straus_term> terms(40);
  for (std::size_t i = 0; i < terms.size(); ++i) terms[i] = {scalars[i].data(), &cached[8 * i], nullptr};
  ed::ge_p3 ref;
  BOOST_REQUIRE(ed::straus_vartime_on("serial", ref, terms.data(), terms.size()));
  BOOST_TEST(point_hex(ed::straus_vartime(terms.data(), terms.size())) == point_hex(ref));
}

BOOST_AUTO_TEST_CASE(every_backend_pair_equals_serial) {
  const char *names[8];
  const std::size_t n = ed::curve_backend_names(names, 8);
  BOOST_REQUIRE(n >= 1);
  const std::vector<ed::ge_p3> points = test_points(8);
  const auto scalars = scalar_triples(10);
  for (std::size_t i = 0; i < n && i < 8; ++i) check_pair(names[i], scalars, points, 7);
  ed::ge_p2 ra, rb;
  const bytes32 one{1};
  const ed::wnaf_term a[3] = {term_of_g(one), term_of_g(one), term_of_g(one)};
  BOOST_TEST(!ed::straus_pair_vartime_on("no-such-backend", ra, a, rb, a));
}

// Monero's C calls, on the active backend (CNCRYPTO_CURVE_IMPL), equal the serial
// dense loop over the same terms.
BOOST_AUTO_TEST_CASE(c_calls_on_active_backend_equal_serial) {
  const std::vector<ed::ge_p3> points = test_points(12);
  const auto scalars = scalar_triples(60);
  for (std::size_t k = 0; k < scalars.size(); ++k) {
    const ed::ge_p3 &A = points[k % points.size()], &B = points[(k + 3) % points.size()],
                &C = points[(k + 6) % points.size()];
    ed::ge_dsmp Ai, Bi, Ci;
    ed::ge_dsm_precomp(Ai, &A);
    ed::ge_dsm_precomp(Bi, &B);
    ed::ge_dsm_precomp(Ci, &C);
    const auto &s = scalars[k];
    const ed::wnaf_term tA{s[0].data(), 5, Ai, nullptr}, tB{s[1].data(), 5, Bi, nullptr},
        tC{s[2].data(), 5, Ci, nullptr}, tG1{s[1].data(), 8, nullptr, ed::ge_base_odd},
        tG0{s[0].data(), 8, nullptr, ed::ge_base_odd};
    ed::ge_p3 ref;
    ed::ge_p2 r2;
    ed::ge_p3 r3;
    // a A + b G
    const ed::wnaf_term dbase[2] = {tA, tG1};
    BOOST_REQUIRE(ed::straus_dense_vartime_on("serial", ref, dbase, 2));
    ed::ge_double_scalarmult_base_vartime(&r2, s[0].data(), &A, s[1].data());
    BOOST_TEST(point_hex(r2) == point_hex(ref), "double_base " << k);
    ed::ge_double_scalarmult_base_vartime_p3(&r3, s[0].data(), &A, s[1].data());
    BOOST_TEST(point_hex(r3) == point_hex(ref), "double_base_p3 " << k);
    // a A + b B
    const ed::wnaf_term dpre[2] = {tA, tB};
    BOOST_REQUIRE(ed::straus_dense_vartime_on("serial", ref, dpre, 2));
    ed::ge_double_scalarmult_precomp_vartime(&r2, s[0].data(), &A, s[1].data(), Bi);
    BOOST_TEST(point_hex(r2) == point_hex(ref), "double_precomp " << k);
    ed::ge_double_scalarmult_precomp_vartime2(&r2, s[0].data(), Ai, s[1].data(), Bi);
    BOOST_TEST(point_hex(r2) == point_hex(ref), "double_precomp2 " << k);
    ed::ge_double_scalarmult_precomp_vartime2_p3(&r3, s[0].data(), Ai, s[1].data(), Bi);
    BOOST_TEST(point_hex(r3) == point_hex(ref), "double_precomp2_p3 " << k);
    // a G + b B + c C
    const ed::wnaf_term tbase[3] = {tG0, tB, tC};
    BOOST_REQUIRE(ed::straus_dense_vartime_on("serial", ref, tbase, 3));
    ed::ge_triple_scalarmult_base_vartime(&r2, s[0].data(), s[1].data(), Bi, s[2].data(), Ci);
    BOOST_TEST(point_hex(r2) == point_hex(ref), "triple_base " << k);
    // a A + b B + c C
    const ed::wnaf_term tpre[3] = {tA, tB, tC};
    BOOST_REQUIRE(ed::straus_dense_vartime_on("serial", ref, tpre, 3));
    ed::ge_triple_scalarmult_precomp_vartime(&r2, s[0].data(), Ai, s[1].data(), Bi, s[2].data(), Ci);
    BOOST_TEST(point_hex(r2) == point_hex(ref), "triple_precomp " << k);
  }
}

// The serial reference itself against independent single products (ge_scalarmult_p3,
// ge_scalarmult_base, additions), so the comparisons above are not circular.
BOOST_AUTO_TEST_CASE(serial_reference_equals_single_products) {
  const std::vector<ed::ge_p3> points = test_points(6);
  for (int k = 0; k < 30; ++k) {
    bytes32 a = random_scalar(0), b = random_scalar(1);
    const ed::ge_p3 &A = points[static_cast<std::size_t>(k) % points.size()];
    const table tA(A, 6);
    const ed::wnaf_term terms[2] = {term_of(a, tA), term_of_g(b)};
    ed::ge_p3 got, aA, bG;
    BOOST_REQUIRE(ed::straus_dense_vartime_on("serial", got, terms, 2));
    ed::ge_scalarmult_p3(&aA, a.data(), &A);
    ed::ge_scalarmult_base(&bG, b.data());
    ed::ge_p3 sum;
    ed::p3_add(&sum, &aA, &bG);
    BOOST_TEST(point_hex(got) == point_hex(sum), "case " << k);
  }
}

BOOST_AUTO_TEST_SUITE_END()
