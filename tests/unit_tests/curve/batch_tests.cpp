// Batched scalar multiplications and encodings (curve/ecmult.h: scalarmult_batch,
// scalarmult_batch_vartime, scalarmult_base_batch, scalarmult_each_batch, p3_tobytes_batch) against the single calls they batch
// (the serial code of ge_scalarmult_p3 and ge_scalarmult_base: scalarmult_p3_serial,
// scalarmult_base_serial; ge_p3_tobytes), on random and edge inputs:
// the identity, the eight small-order points, torsioned points P + T, scalars 0, 1,
// L - 1, L, L + 1, >= L, a[31] = 127, all-ones. Expected values: the single-call
// code (itself checked against Monero's vectors and libsodium in ed25519_tests.cpp).
// Batch sizes cover the empty batch, fewer than one vector of lanes, whole vectors
// and tails (any vector backend works 8 or 4 lanes at a time).
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "curve/ecmult.h"
#include "curve/field.h"
#include "curve_test_points.h"
#include "support/hex.h"
#include "support/points.h"
#include "support/xorshift.h"

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace ed = cncrypto::ed25519;
using bytes32 = std::array<unsigned char, 32>;

namespace {

using cncrypto::test::extended_consistent;
using cncrypto::test::point_hex;

// Test inputs from a fixed-seed generator (support/xorshift.h): reproducible runs.
bytes32 random_bytes() {
  static cncrypto::test::xorshift64 rng;
  return cncrypto::test::random_bytes32(rng);
}

bytes32 from_hex(const char *h) { return cncrypto::test::pod_from_hex<bytes32>(h); }

ed::ge_p3 add(const ed::ge_p3 &a, const ed::ge_p3 &b) {
  ed::ge_p3 r;
  ed::p3_add(&r, &a, &b);
  return r;
}

// Scalars: edge values first, then random ones (a[31] <= 127, as ge_scalarmult
// requires, and a few with the top bit set: the batch must agree there too).
std::vector<bytes32> scalars(std::size_t random_count) {
  std::vector<bytes32> s;
  bytes32 zero{};
  s.push_back(zero);
  bytes32 one{};
  one[0] = 1;
  s.push_back(one);
  s.push_back(from_hex("ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"));  // L - 1
  s.push_back(from_hex("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"));  // L
  s.push_back(from_hex("eed3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"));  // L + 1
  bytes32 top = random_bytes();
  top[31] = 127;
  s.push_back(top);
  bytes32 ones;
  ones.fill(0xff);
  ones[31] = 0x7f;  // 2^255 - 1
  s.push_back(ones);
  ones[31] = 0xff;  // all 256 bits set (top radix-16 digit dropped, as in ge_scalarmult)
  s.push_back(ones);
  bytes32 eights;
  eights.fill(0x88);  // every radix-16 digit needs a carry
  s.push_back(eights);
  for (std::size_t i = 0; i < random_count; ++i) {
    bytes32 r = random_bytes();
    if (i % 4 != 3) r[31] &= 127;
    s.push_back(r);
  }
  return s;
}

// n points: small-order ones, torsioned ones (s G + k T8), random s G.
std::vector<ed::ge_p3> points(std::size_t n) {
  const std::vector<ed::ge_p3> t = ed::from_face(cncrypto::test::small_order_points());
  std::vector<ed::ge_p3> p;
  for (std::size_t i = 0; i < n; ++i) {
    if (i < 8) {
      p.push_back(t[i]);
      continue;
    }
    bytes32 s = random_bytes();
    s[31] &= 15;
    ed::ge_p3 q;
    ed::ge_scalarmult_base(&q, s.data());
    p.push_back(i % 3 == 0 ? add(q, t[i % 8]) : q);
  }
  return p;
}

const std::size_t kSizes[] = {0, 1, 3, 7, 8, 9, 15, 16, 17, 29};

// The backends to check: "" for the active one (what CNCRYPTO_CURVE_IMPL chose), then
// every compiled-in backend this CPU runs, each through the *_on entry points.
std::vector<std::string> backends() {
  std::vector<std::string> b{""};
  const char *names[8];
  const std::size_t n = ed::curve_backend_names(names, 8);
  for (std::size_t i = 0; i < n && i < 8; ++i) b.emplace_back(names[i]);
  return b;
}

// vartime: scalarmult_batch_vartime (public scalar and points), which must give the
// same points.
void scalarmult_batch(const std::string &backend, ed::ge_p3 *out, const unsigned char *a, const ed::ge_p3 *p,
                      std::size_t n, bool vartime = false) {
  if (backend.empty() && vartime)
    ed::scalarmult_batch_vartime(out, a, p, n);
  else if (backend.empty())
    ed::scalarmult_batch(out, a, p, n);
  else
    BOOST_REQUIRE(vartime ? ed::scalarmult_batch_vartime_on(backend.c_str(), out, a, p, n)
                          : ed::scalarmult_batch_on(backend.c_str(), out, a, p, n));
}

void scalarmult_base_batch(const std::string &backend, ed::ge_p3 *out, const unsigned char (*s)[32], std::size_t n) {
  if (backend.empty())
    ed::scalarmult_base_batch(out, s, n);
  else
    BOOST_REQUIRE(ed::scalarmult_base_batch_on(backend.c_str(), out, s, n));
}

void scalarmult_each_batch(const std::string &backend, ed::ge_p3 *out, const unsigned char (*a)[32], const ed::ge_p3 *p,
                           std::size_t n) {
  if (backend.empty())
    ed::scalarmult_each_batch(out, a, p, n);
  else
    BOOST_REQUIRE(ed::scalarmult_each_batch_on(backend.c_str(), out, a, p, n));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(batch)

BOOST_AUTO_TEST_CASE(active_backend_is_the_forced_one) {
  const char *forced = std::getenv("CNCRYPTO_CURVE_IMPL");
  const std::string active = ed::curve_backend_name();
  BOOST_TEST_MESSAGE("curve backend: " << active);
  if (forced != nullptr && *forced != '\0') BOOST_TEST(active == forced);
  const std::vector<std::string> b = backends();
  BOOST_TEST(b.at(1) == "serial");  // the reference always runs
  BOOST_TEST(!ed::scalarmult_batch_on("no-such-backend", nullptr, nullptr, nullptr, 0));
}

BOOST_AUTO_TEST_CASE(scalarmult_batch_equals_single_calls) {
  std::vector<bytes32> as = scalars(12);
  // 1 + 3L (the leaf preparation's torsion clearing: 30 zero radix-16 digits).
  as.push_back(from_hex("c87be1164f29370883d6e6e89bed9c3e00000000000000000000000000000030"));
  for (const bool vartime : {false, true})
  for (const std::string &backend : backends())
  for (const std::size_t n : kSizes) {
    const std::vector<ed::ge_p3> p = points(n);
    for (const bytes32 &a : as) {
      std::vector<ed::ge_p3> out(n + 1);
      ed::ge_p3 sentinel;
      ed::ge_p3_0(&sentinel);
      sentinel.X[0] = 12345;
      out[n] = sentinel;
      scalarmult_batch(backend, out.data(), a.data(), p.data(), n, vartime);
      BOOST_TEST(std::memcmp(&out[n], &sentinel, sizeof sentinel) == 0);  // nothing past n written
      for (std::size_t i = 0; i < n; ++i) {
        ed::ge_p3 single;
        ed::scalarmult_p3_serial(single, a.data(), p[i]);
        BOOST_TEST(point_hex(out[i]) == point_hex(single), backend << (vartime ? " vartime" : "") << " n " << n
                                                                   << " i " << i << " a "
                                                                   << cncrypto::hex_encode(a.data(), 32));
        BOOST_TEST(extended_consistent(out[i]));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(scalarmult_batch_same_point_in_every_lane) {
  // One torsioned point in all 19 positions, so each vector lane and the tail see it.
  const ed::ge_p3 q = add(points(10)[9], ed::from_face(cncrypto::test::small_order_points()[1]));
  const std::vector<ed::ge_p3> p(19, q);
  for (const std::string &backend : backends())
    for (const bytes32 &a : scalars(4)) {
      ed::ge_p3 single;
      ed::scalarmult_p3_serial(single, a.data(), q);
      for (const bool vartime : {false, true}) {
        std::vector<ed::ge_p3> out(p.size());
        scalarmult_batch(backend, out.data(), a.data(), p.data(), p.size(), vartime);
        for (std::size_t i = 0; i < p.size(); ++i)
          BOOST_TEST(point_hex(out[i]) == point_hex(single), backend << " vartime " << vartime << " i " << i);
      }
    }
}

BOOST_AUTO_TEST_CASE(scalarmult_base_batch_equals_single_calls) {
  const std::vector<bytes32> s = scalars(40);
  for (const std::string &backend : backends())
  for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(8), std::size_t(9), s.size()}) {
    std::vector<ed::ge_p3> out(n);
    scalarmult_base_batch(backend, out.data(), reinterpret_cast<const unsigned char(*)[32]>(s.data()), n);
    for (std::size_t i = 0; i < n; ++i) {
      ed::ge_p3 single;
      ed::scalarmult_base_serial(single, s[i].data());
      BOOST_TEST(point_hex(out[i]) == point_hex(single), backend << " n " << n << " i " << i);
      BOOST_TEST(extended_consistent(out[i]));
    }
  }
}

BOOST_AUTO_TEST_CASE(scalarmult_each_batch_equals_single_calls) {
  // Every edge scalar against every kind of point (small-order, torsioned, random),
  // paired so that each lane and the tail see edge scalars and edge points; a
  // sentinel past n must stay unwritten.
  const std::vector<bytes32> base = scalars(30);
  BOOST_TEST(!ed::scalarmult_each_batch_on("no-such-backend", nullptr, nullptr, nullptr, 0));
  for (const std::string &backend : backends())
    for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(7), std::size_t(8),
                                std::size_t(9), std::size_t(17), std::size_t(29), std::size_t(39)})
      for (std::size_t shift : {std::size_t(0), std::size_t(5)}) {
        const std::vector<ed::ge_p3> p = points(n);
        std::vector<bytes32> a(n);
        for (std::size_t i = 0; i < n; ++i) a[i] = base[(i + shift) % base.size()];
        std::vector<ed::ge_p3> out(n + 1);
        ed::ge_p3 sentinel;
        ed::ge_p3_0(&sentinel);
        sentinel.X[0] = 12345;
        out[n] = sentinel;
        scalarmult_each_batch(backend, out.data(), reinterpret_cast<const unsigned char(*)[32]>(a.data()), p.data(),
                              n);
        BOOST_TEST(std::memcmp(&out[n], &sentinel, sizeof sentinel) == 0);
        for (std::size_t i = 0; i < n; ++i) {
          ed::ge_p3 single;
          ed::scalarmult_p3_serial(single, a[i].data(), p[i]);
          BOOST_TEST(point_hex(out[i]) == point_hex(single), backend << " n " << n << " i " << i << " a "
                                                         << cncrypto::hex_encode(a[i].data(), 32));
          BOOST_TEST(extended_consistent(out[i]));
        }
      }
}

BOOST_AUTO_TEST_CASE(p3_tobytes_batch_equals_single_calls) {
  // 300 points: more than one chunk of 256; the small-order points, products with
  // non-trivial Z, and a point with Z = 0 (not valid, but encoded as ge_p3_tobytes does).
  std::vector<ed::ge_p3> p = points(300);
  const bytes32 a = random_bytes();
  for (std::size_t i = 8; i < p.size(); i += 2) ed::ge_scalarmult_p3(&p[i], a.data(), &p[i]);
  ed::fe_1(p[100].X);
  ed::fe_1(p[100].Y);
  ed::fe_0(p[100].Z);
  for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(255), std::size_t(256), p.size()}) {
    std::vector<bytes32> out(n + 1);
    out[n].fill(0xa5);
    ed::p3_tobytes_batch(reinterpret_cast<unsigned char(*)[32]>(out.data()), p.data(), n);
    bytes32 untouched;
    untouched.fill(0xa5);
    BOOST_TEST((out[n] == untouched));
    for (std::size_t i = 0; i < n; ++i) {
      bytes32 single;
      ed::ge_p3_tobytes(single.data(), &p[i]);
      BOOST_TEST((out[i] == single), "n " << n << " i " << i);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
