// Batched exponentiations, decodings and hash-to-point maps (curve/ecmult.h:
// fe_pow22523_batch, frombytes_batch_vartime, fromfe_frombytes_batch_vartime)
// against the single calls they batch (fe_pow22523, ge_frombytes_vartime,
// ge_fromfe_frombytes_vartime, themselves checked against Monero's vectors in
// ed25519_tests.cpp), on the active curve backend: scripts/test.sh reruns
// curve_tests once per backend (CNCRYPTO_CURVE_IMPL). Inputs: 0, 1, p - 1, p,
// values >= p, the small-order points, undecodable bytes (y >= p, no x, x = 0 with
// the sign bit) and random bytes; batch sizes 0 to 17, 31-33 and 300, so every
// position of a vector of lanes and every tail length is covered.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "curve/ecmult.h"
#include "curve/field.h"
#include "support/hex.h"
#include "support/points.h"
#include "support/xorshift.h"

#include <array>
#include <cstring>
#include <string>
#include <vector>

namespace ed = cncrypto::ed25519;
using bytes32 = std::array<unsigned char, 32>;

namespace {

bytes32 from_hex(const char *h) { return cncrypto::test::pod_from_hex<bytes32>(h); }

// Edge byte strings first, then random ones (about half of which decode).
std::vector<bytes32> inputs(std::size_t n) {
  static const char *const edges[] = {
      "0000000000000000000000000000000000000000000000000000000000000000",
      "0100000000000000000000000000000000000000000000000000000000000000",  // identity
      "0100000000000000000000000000000000000000000000000000000000000080",  // identity, sign bit
      "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // p - 1: order 2
      "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",  // order 2, sign bit
      "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // p
      "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // p + 1
      "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
      "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",  // order 8
      "0000000000000000000000000000000000000000000000000000000000000080",  // order 4
      "5866666666666666666666666666666666666666666666666666666666666666",  // G
      "0200000000000000000000000000000000000000000000000000000000000000",  // y = 2: no x
  };
  std::vector<bytes32> v;
  for (const char *e : edges) v.push_back(from_hex(e));
  static cncrypto::test::xorshift64 rng;
  while (v.size() < n) v.push_back(cncrypto::test::random_bytes32(rng));
  v.resize(n);
  return v;
}

std::string fe_hex(const ed::fe f) {
  unsigned char b[32];
  ed::fe_tobytes(b, f);
  return cncrypto::hex_encode(b, 32);
}

// The encoding and the T and Z a decoding gives (the same field values).
std::string decoded_hex(const ed::ge_p3 &p) { return cncrypto::test::point_hex(p) + " T=" + fe_hex(p.T) + " Z=" + fe_hex(p.Z); }

const std::size_t kSizes[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 31, 32, 33, 300};

}  // namespace

BOOST_AUTO_TEST_SUITE(decode_batch)

BOOST_AUTO_TEST_CASE(pow22523_batch_equals_single) {
  BOOST_TEST_MESSAGE("curve backend: " << ed::curve_backend_name());
  for (std::size_t n : kSizes) {
    const std::vector<bytes32> in = inputs(n);
    std::vector<ed::fe> f(n), got(n), aliased(n);
    for (std::size_t i = 0; i < n; ++i) {
      ed::fe_frombytes_modp(f[i], in[i].data());
      // Loose limbs too (a product's output), as the decoders pass them.
      if (i % 3 == 1) ed::fe_mul(f[i], f[i], f[i]);
      ed::fe_copy(aliased[i], f[i]);
    }
    ed::fe_pow22523_batch(got.data(), f.data(), n);
    ed::fe_pow22523_batch(aliased.data(), aliased.data(), n);  // out may alias in
    for (std::size_t i = 0; i < n; ++i) {
      ed::fe want;
      ed::fe_pow22523(want, f[i]);
      BOOST_TEST(fe_hex(got[i]) == fe_hex(want), "n = " << n << ", i = " << i);
      BOOST_TEST(fe_hex(aliased[i]) == fe_hex(want), "aliased, n = " << n << ", i = " << i);
    }
  }
}

BOOST_AUTO_TEST_CASE(frombytes_batch_equals_single) {
  std::size_t decoded = 0, refused = 0;
  for (std::size_t n : kSizes) {
    const std::vector<bytes32> in = inputs(n);
    std::vector<const unsigned char *> ptr(n);
    for (std::size_t i = 0; i < n; ++i) ptr[i] = in[i].data();
    std::vector<ed::ge_p3> got(n);
    std::vector<int> res(n, 7);
    ed::frombytes_batch_vartime(got.data(), res.data(), ptr.data(), n);
    for (std::size_t i = 0; i < n; ++i) {
      ed::ge_p3 want;
      const int want_res = ed::ge_frombytes_vartime(&want, in[i].data());
      BOOST_TEST(res[i] == want_res, "n = " << n << ", i = " << i);
      if (want_res == 0 && res[i] == 0) {
        ++decoded;
        BOOST_TEST(decoded_hex(got[i]) == decoded_hex(want), "n = " << n << ", i = " << i);
      } else {
        ++refused;
      }
    }
  }
  BOOST_TEST(decoded > 100u);
  BOOST_TEST(refused > 100u);
}

BOOST_AUTO_TEST_CASE(fromfe_frombytes_batch_equals_single) {
  for (std::size_t n : kSizes) {
    const std::vector<bytes32> in = inputs(n);
    std::vector<const unsigned char *> ptr(n);
    for (std::size_t i = 0; i < n; ++i) ptr[i] = in[i].data();
    std::vector<ed::ge_p2> got(n);
    ed::fromfe_frombytes_batch_vartime(got.data(), ptr.data(), n);
    for (std::size_t i = 0; i < n; ++i) {
      ed::ge_p2 want;
      ed::ge_fromfe_frombytes_vartime(&want, in[i].data());
      BOOST_TEST(cncrypto::test::point_hex(got[i]) == cncrypto::test::point_hex(want), "n = " << n << ", i = " << i);
      BOOST_TEST(fe_hex(got[i].Z) == fe_hex(want.Z), "n = " << n << ", i = " << i);
    }
  }
}

// frombytes_vartime_and_scalarmult_base (the decoding's exponentiation interleaved
// with the fixed-base kernel on backends that have scalarmult_base_one_side) against
// ge_frombytes_vartime and ge_scalarmult_base called one after the other: the same
// return value, the same decoded coordinates, and when it decodes the same a G
// (compared as encodings; the scalars random, with 0, 1 and L - 1 first).
BOOST_AUTO_TEST_CASE(frombytes_and_scalarmult_base_equals_separate_calls) {
  const std::vector<bytes32> in = inputs(300);
  static const char *const scalar_edges[] = {
      "0000000000000000000000000000000000000000000000000000000000000000",
      "0100000000000000000000000000000000000000000000000000000000000000",
      "ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010",  // L - 1
  };
  cncrypto::test::xorshift64 rng;
  rng.state = 0x5eed;
  std::size_t decoded = 0, refused = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    bytes32 a = i < 3 ? from_hex(scalar_edges[i]) : cncrypto::test::random_bytes32(rng);
    a[31] &= 0x7f;  // ge_scalarmult_base's precondition: a[31] <= 127
    ed::ge_p3 want_p, want_ag, got_p, got_ag;
    const int want = ed::ge_frombytes_vartime(&want_p, in[i].data());
    ed::ge_scalarmult_base(&want_ag, a.data());
    const int got = ed::frombytes_vartime_and_scalarmult_base(got_p, in[i].data(), got_ag, a.data());
    BOOST_TEST(got == want, "i = " << i);
    if (want != 0 || got != 0) {
      ++refused;
      continue;
    }
    ++decoded;
    BOOST_TEST(decoded_hex(got_p) == decoded_hex(want_p), "i = " << i);
    BOOST_TEST(cncrypto::test::point_hex(got_ag) == cncrypto::test::point_hex(want_ag), "i = " << i);
  }
  BOOST_TEST(decoded > 100u);
  BOOST_TEST(refused > 100u);
}

BOOST_AUTO_TEST_SUITE_END()
