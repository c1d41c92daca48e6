// Monero's multi-scalar API of ringct/multiexp.h: the Straus and Pippenger caches,
// Bos-Coster, get_pippenger_c and the errors.
//
// Expected values: for points of the prime-order subgroup and scalars < L, the sum
// of libsodium's scalar multiplications and additions (crypto_scalarmult_ed25519_noclamp,
// crypto_core_ed25519_add: code independent of ours); for points with a torsion
// component, zero scalars, identity points and full 256-bit scalars, the plain
// double-and-add sum (rct_test::naive_sum). get_pippenger_c: the table of Monero's
// src/ringct/multiexp.cc (v0.18.0.0).
#include <boost/test/unit_test.hpp>

#include "crypto/crypto-ops.h"
#include "ringct/multiexp.h"
#include "ringct/rctOps.h"
#include "rct_test_util.h"

#include <sodium.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

using rct_test::hex_key;
using rct_test::naive_sum;

namespace {

// A random point of the prime-order subgroup (s G, s from libsodium).
ge_p3 subgroup_point() {
  ge_p3 p;
  const rct::key s = rct::skGen();
  ge_scalarmult_base(&p, s.bytes);
  return p;
}

// s G plus the point of order 4 that the 32 zero bytes decode to: a point with a
// torsion component, in projective form (Z != 1).
ge_p3 torsion_point() {
  ge_p3 t, r;
  const unsigned char zero[32] = {0};
  BOOST_TEST_REQUIRE(ge_frombytes_vartime(&t, zero) == 0);
  const rct::key s = rct::skGen();
  ge_double_scalarmult_base_vartime_p3(&r, rct::identity().bytes, &t, s.bytes);
  return r;
}

// sum s_i P_i by libsodium, for P_i of the prime-order subgroup and s_i < L (zero
// scalars skipped: libsodium refuses a product that is the identity).
rct::key sodium_sum(const std::vector<rct::MultiexpData> &data) {
  rct::key acc = rct::identity();
  bool any = false;
  for (const auto &d : data) {
    if (d.scalar == rct::zero()) continue;
    unsigned char p[32], term[32];
    ge_p3_tobytes(p, &d.point);
    BOOST_TEST_REQUIRE(crypto_scalarmult_ed25519_noclamp(term, d.scalar.bytes, p) == 0);
    if (any) {
      BOOST_TEST_REQUIRE(crypto_core_ed25519_add(acc.bytes, acc.bytes, term) == 0);
    } else {
      std::memcpy(acc.bytes, term, 32);
      any = true;
    }
  }
  return acc;
}

std::vector<rct::MultiexpData> first_terms(const std::vector<rct::MultiexpData> &points, std::size_t n) {
  std::vector<rct::MultiexpData> data;
  for (std::size_t i = 0; i < n; ++i) data.emplace_back(rct::skGen(), points[i].point);
  return data;
}

std::string hex_p3(const ge_p3 &p) {
  rct::key k;
  ge_p3_tobytes(k.bytes, &p);
  return hex_key(k);
}

// A predicate for BOOST_CHECK_EXCEPTION: the message contains want.
auto mentions(const std::string &want) {
  return [want](const std::runtime_error &e) { return std::string(e.what()).find(want) != std::string::npos; };
}

}  // namespace

BOOST_AUTO_TEST_SUITE(multiexp_monero_api)

BOOST_AUTO_TEST_CASE(cached_and_uncached_products_equal_libsodium) {
  constexpr std::size_t N = 70;
  std::vector<rct::MultiexpData> P(N);
  for (auto &p : P) {
    p.scalar = rct::zero();
    p.point = subgroup_point();
  }
  const auto straus_cache = rct::straus_init_cache(P);
  const auto pippenger_cache = rct::pippenger_init_cache(P);
  for (std::size_t n : {1u, 2u, 13u, 14u, 40u, 70u}) {
    const std::vector<rct::MultiexpData> data = first_terms(P, n);
    const std::string want = hex_key(sodium_sum(data));
    BOOST_TEST(hex_key(rct::straus(data)) == want, "straus n=" << n);
    BOOST_TEST(hex_key(rct::straus(data, straus_cache)) == want, "straus cached n=" << n);
    BOOST_TEST(hex_key(rct::straus(data, straus_cache, 7)) == want, "straus cached STEP=7 n=" << n);
    BOOST_TEST(hex_p3(rct::straus_p3(data, straus_cache)) == want, "straus_p3 cached n=" << n);
    BOOST_TEST(hex_key(rct::pippenger(data)) == want, "pippenger n=" << n);
    BOOST_TEST(hex_key(rct::pippenger(data, pippenger_cache)) == want, "pippenger cached n=" << n);
    BOOST_TEST(hex_key(rct::pippenger(data, pippenger_cache, n / 2)) == want, "pippenger half cached n=" << n);
    BOOST_TEST(hex_p3(rct::pippenger_p3(data, pippenger_cache)) == want, "pippenger_p3 cached n=" << n);
    for (std::size_t c = 1; c <= 9; ++c)
      BOOST_TEST(hex_key(rct::pippenger(data, pippenger_cache, 0, c)) == want, "pippenger n=" << n << " c=" << c);
    BOOST_TEST(hex_key(rct::bos_coster_heap_conv_robust(data)) == want, "bos_coster_heap_conv_robust n=" << n);
    if (n >= 2) BOOST_TEST(hex_key(rct::bos_coster_heap_conv(data)) == want, "bos_coster_heap_conv n=" << n);
  }
}

BOOST_AUTO_TEST_CASE(partial_caches) {
  // straus_init_cache of the first N points, pippenger_init_cache of a slice.
  constexpr std::size_t N = 30;
  std::vector<rct::MultiexpData> P(N);
  for (auto &p : P) p = {rct::zero(), subgroup_point()};
  const auto straus_cache = rct::straus_init_cache(P, 12);
  const std::vector<rct::MultiexpData> data = first_terms(P, 12);
  BOOST_TEST(hex_key(rct::straus(data, straus_cache)) == hex_key(sodium_sum(data)));
  // Per point: Monero's ge_p3 and, in the curve layer's form (the same sizes), the
  // point again and its 16 affine odd multiples.
  BOOST_TEST(rct::straus_get_cache_size(straus_cache) == 12 * (2 * sizeof(ge_p3) + 16 * sizeof(ge_precomp)));

  // Cache of P[10 .. 20), used for terms on P[10 .. 25): 10 cached, 5 converted.
  const auto pippenger_cache = rct::pippenger_init_cache(P, 10, 10);
  BOOST_TEST(rct::pippenger_get_cache_size(pippenger_cache) == 10 * sizeof(ge_precomp));
  const std::vector<rct::MultiexpData> tail(P.begin() + 10, P.begin() + 25);
  const std::vector<rct::MultiexpData> terms = first_terms(tail, tail.size());
  BOOST_TEST(hex_key(rct::pippenger(terms, pippenger_cache)) == hex_key(sodium_sum(terms)));
  BOOST_TEST(hex_key(rct::pippenger(terms, pippenger_cache, 3, 4)) == hex_key(sodium_sum(terms)));
  // start_offset alone: to the end.
  BOOST_TEST(rct::pippenger_get_cache_size(rct::pippenger_init_cache(P, 25)) == 5 * sizeof(ge_precomp));
  BOOST_TEST(rct::straus_get_cache_size(nullptr) == 0u);
  BOOST_TEST(rct::pippenger_get_cache_size(nullptr) == 0u);
}

BOOST_AUTO_TEST_CASE(cached_straus_reads_the_cache_points) {
  // As in Monero, a cached Straus product takes the cache's points, not data's.
  std::vector<rct::MultiexpData> P(4), data(3);
  for (auto &p : P) p = {rct::zero(), subgroup_point()};
  const auto cache = rct::straus_init_cache(P);
  std::vector<rct::MultiexpData> expect;
  for (std::size_t i = 0; i < data.size(); ++i) {
    data[i] = {rct::skGen(), subgroup_point()};
    expect.push_back({data[i].scalar, P[i].point});
  }
  BOOST_TEST(hex_key(rct::straus(data, cache)) == hex_key(sodium_sum(expect)));
}

BOOST_AUTO_TEST_CASE(torsion_points_and_full_scalars) {
  // Points with an order-4 component, some decoded (Z = 1); scalars any 256 bits,
  // zero and one; identity points. Straus and Pippenger take the scalars as
  // integers: the double-and-add sum.
  std::vector<rct::MultiexpData> data;
  for (std::size_t i = 0; i < 40; ++i) {
    rct::key s;
    randombytes_buf(s.bytes, 32);
    if (i == 3) s = rct::zero();
    if (i == 4) s = rct::identity();
    ge_p3 p = i % 5 == 2 ? ge_p3_identity : torsion_point();
    if (i % 2 == 0) {
      rct::key b;
      ge_p3_tobytes(b.bytes, &p);
      data.emplace_back(s, b);
    } else {
      data.emplace_back(s, p);
    }
  }
  const std::string want = hex_key(naive_sum(data));
  const auto sc = rct::straus_init_cache(data);
  const auto pc = rct::pippenger_init_cache(data);
  BOOST_TEST(hex_key(rct::straus(data, sc)) == want);
  BOOST_TEST(hex_key(rct::pippenger(data, pc)) == want);
  for (std::size_t c = 1; c <= 9; ++c) BOOST_TEST(hex_key(rct::pippenger(data, pc, 17, c)) == want, "c=" << c);

  // Bos-Coster with scalars < L: the exact sum, torsion included.
  for (auto &d : data) sc_reduce32(d.scalar.bytes);
  BOOST_TEST(hex_key(rct::bos_coster_heap_conv_robust(data)) == hex_key(naive_sum(data)));
  BOOST_TEST(hex_key(rct::bos_coster_heap_conv(data)) == hex_key(naive_sum(data)));
}

BOOST_AUTO_TEST_CASE(bos_coster_edge_cases) {
  const ge_p3 A = subgroup_point(), B = torsion_point();
  const rct::key l_minus_1 = [] {
    rct::key k = rct::L;
    k.bytes[0] -= 1;
    return k;
  }();
  rct::key two_252 = rct::zero();
  two_252.bytes[31] = 0x10;
  const std::vector<std::vector<rct::MultiexpData>> cases = {
      {},                                                          // nothing: the identity
      {{rct::zero(), ge_p3_identity}},                             // Monero's bos_coster_empty
      {{rct::identity(), A}},                                      // one term
      {{rct::zero(), A}, {rct::skGen(), A}},                       // a zero scalar beside a nonzero one
      {{rct::skGen(), ge_p3_identity}, {rct::skGen(), B}},         // an identity point
      {{rct::identity(), A}, {l_minus_1, B}},                      // scalars far apart
      {{two_252, A}, {rct::identity(), B}, {rct::EIGHT, A}},       // 2^252 against small ones
      {{l_minus_1, A}, {l_minus_1, B}, {l_minus_1, A}},            // equal scalars
      {{rct::zero(), A}, {rct::zero(), B}},                        // only zeros
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string want = hex_key(naive_sum(cases[i]));
    BOOST_TEST(hex_key(rct::bos_coster_heap_conv_robust(cases[i])) == want, "case " << i);
    if (cases[i].size() >= 2) BOOST_TEST(hex_key(rct::bos_coster_heap_conv(cases[i])) == want, "case " << i);
  }
  BOOST_TEST(hex_key(rct::bos_coster_heap_conv_robust({})) == hex_key(rct::identity()));
}

BOOST_AUTO_TEST_CASE(get_pippenger_c_is_monero_table) {
  const std::size_t table[][2] = {{0, 2},    {1, 2},    {13, 2},   {14, 3},   {29, 3},   {30, 4},
                                  {83, 4},   {84, 5},   {185, 5},  {186, 6},  {465, 6},  {466, 7},
                                  {1180, 7}, {1181, 8}, {2295, 8}, {2296, 9}, {100000, 9}};
  for (const auto &row : table) BOOST_TEST(rct::get_pippenger_c(row[0]) == row[1], "N=" << row[0]);
}

BOOST_AUTO_TEST_CASE(misuse_throws_runtime_error) {
  std::vector<rct::MultiexpData> P(5);
  for (auto &p : P) p = {rct::skGen(), subgroup_point()};
  const auto sc = rct::straus_init_cache(P, 3);
  const auto pc = rct::pippenger_init_cache(P, 0, 3);
  BOOST_CHECK_EXCEPTION(rct::straus(P, sc), std::runtime_error, mentions("cache is too small"));
  BOOST_CHECK_EXCEPTION(rct::straus_init_cache(P, 6), std::runtime_error, mentions("straus_init_cache"));
  BOOST_CHECK_EXCEPTION(rct::pippenger_init_cache(P, 6), std::runtime_error, mentions("pippenger_init_cache"));
  BOOST_CHECK_EXCEPTION(rct::pippenger_init_cache(P, 2, 4), std::runtime_error, mentions("pippenger_init_cache"));
  BOOST_CHECK_EXCEPTION(rct::pippenger(P, pc, 4), std::runtime_error, mentions("cache is too small"));
  BOOST_CHECK_EXCEPTION(rct::pippenger(P, nullptr, 0, 10), std::runtime_error, mentions("c is too large"));
  BOOST_CHECK_EXCEPTION(rct::bos_coster_heap_conv({P[0]}), std::runtime_error, mentions("bos_coster_heap_conv"));
  BOOST_CHECK_EXCEPTION(rct::bos_coster_heap_conv({}), std::runtime_error, mentions("bos_coster_heap_conv"));
  rct::key undecodable;
  std::memset(undecodable.bytes, 0xff, 32);  // y >= p
  BOOST_CHECK_EXCEPTION(rct::MultiexpData(rct::identity(), undecodable), std::runtime_error,
                        mentions("does not decode"));
  // A cache larger than data is fine; an empty product is the identity.
  BOOST_TEST(hex_key(rct::pippenger({P[0]}, pc)) == hex_key(sodium_sum({P[0]})));
  BOOST_TEST(hex_key(rct::straus({}, sc)) == hex_key(rct::identity()));
  BOOST_TEST(hex_key(rct::pippenger({}, pc)) == hex_key(rct::identity()));
}

BOOST_AUTO_TEST_SUITE_END()
