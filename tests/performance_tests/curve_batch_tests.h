// Batched scalar multiplications of the curve layer (curve/ecmult.h) on each
// backend this machine runs: test_scalarmult_batch<ifma, 64> is scalarmult_batch of
// 64 points by one scalar forced onto the ifma backend, reported per point (ns per
// item); test_scalarmult_base_batch<backend, N> the same for N scalars times G;
// test_p3_tobytes_batch<N> N encodings with one shared inversion. Their baselines
// are the single calls, one point at a time: test_ge_scalarmult_p3,
// test_ge_scalarmult_base and test_ge_tobytes. test_derivation_core<backend, N> is
// the curve part of N key derivations (decode, a P, times 8, encode: what
// generate_key_derivation does per transaction public key, without the key layer's
// wrapping), to be read against Monero's test_generate_key_derivation.
// docs/measurements/curve_backends.md records the figures.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "crypto/crypto-ops.h"
#include "curve/ecmult.h"
#include "performance_tests.h"
#include "test_data.h"

namespace perf {

// count points s_i G (public keys), their encodings, a reduced scalar, count scalars.
struct curve_batch_inputs {
  std::vector<cncrypto::ed25519::ge_p3> points;
  std::vector<std::array<unsigned char, 32>> encodings, scalars;
  std::array<unsigned char, 32> a{};

  explicit curve_batch_inputs(std::size_t count) : points(count), encodings(count), scalars(count) {
    fill_random(a.data(), 32, 41);
    sc_reduce32(a.data());
    for (std::size_t i = 0; i < count; ++i) {
      fill_random(scalars[i].data(), 32, 100 + i);
      sc_reduce32(scalars[i].data());
      cncrypto::ed25519::ge_scalarmult_base(&points[i], scalars[i].data());
      cncrypto::ed25519::ge_p3_tobytes(encodings[i].data(), &points[i]);
    }
  }
};

inline bool same_point(const cncrypto::ed25519::ge_p3 &x, const cncrypto::ed25519::ge_p3 &y) {
  unsigned char ex[32], ey[32];
  cncrypto::ed25519::ge_p3_tobytes(ex, &x);
  cncrypto::ed25519::ge_p3_tobytes(ey, &y);
  return std::memcmp(ex, ey, 32) == 0;
}

// The per-backend batch rows, one class: kind is what a call does with count inputs
// on the named backend (ns per item):
//   batch_variable  scalarmult_batch (a P_i)
//   batch_base      scalarmult_base_batch (s_i G)
//   batch_derive    decode each P_i, scalarmult_batch, three doublings, p3_tobytes_batch:
//                   the curve work of count key derivations 8 a P_i
// init() checks the last item (the tail, if any) against the single calls.
enum curve_batch_kind { batch_variable, batch_base, batch_derive };

template <curve_batch_kind kind, std::size_t count>
class test_curve_batch {
 public:
  static const std::size_t loop_count = (kind == batch_base ? 5 : 2) * (count <= 8 ? 1000 : 100);
  static const std::size_t items_per_call = count;

  explicit test_curve_batch(const char *backend) : m_backend(backend) {}
  bool init() {
    if (!test()) return false;
    const std::size_t last = count - 1;
    if constexpr (kind == batch_base) return same_point(m_in.points[last], m_out[last]);
    cncrypto::ed25519::ge_p3 single;
    cncrypto::ed25519::ge_scalarmult_p3(&single, m_in.a.data(), &m_in.points[last]);
    if constexpr (kind == batch_variable) return same_point(single, m_out[last]);
    cncrypto::ed25519::ge_p1p1 t;
    cncrypto::ed25519::ge_p2 r;
    cncrypto::ed25519::ge_p3_to_p2(&r, &single);
    cncrypto::ed25519::ge_mul8(&t, &r);
    cncrypto::ed25519::ge_p1p1_to_p2(&r, &t);
    std::array<unsigned char, 32> expected;
    cncrypto::ed25519::ge_tobytes(expected.data(), &r);
    return expected == m_enc[last];
  }
  bool test() {
    namespace ed = cncrypto::ed25519;
    if constexpr (kind == batch_base) {
      return ed::scalarmult_base_batch_on(m_backend, m_out.data(),
                                          reinterpret_cast<const unsigned char(*)[32]>(m_in.scalars.data()), count);
    } else if constexpr (kind == batch_variable) {
      return ed::scalarmult_batch_on(m_backend, m_out.data(), m_in.a.data(), m_in.points.data(), count);
    } else {
      for (std::size_t i = 0; i < count; ++i)
        if (cncrypto::ed25519::ge_frombytes_vartime(&m_points[i], m_in.encodings[i].data()) != 0) return false;
      if (!ed::scalarmult_batch_on(m_backend, m_out.data(), m_in.a.data(), m_points.data(), count)) return false;
      for (cncrypto::ed25519::ge_p3 &p : m_out) {
        cncrypto::ed25519::ge_p1p1 t;
        for (int d = 0; d < 3; ++d) {
          cncrypto::ed25519::ge_p3_dbl(&t, &p);
          cncrypto::ed25519::ge_p1p1_to_p3(&p, &t);
        }
      }
      ed::p3_tobytes_batch(reinterpret_cast<unsigned char(*)[32]>(m_enc.data()), m_out.data(), count);
      return true;
    }
  }

 private:
  const char *m_backend;
  curve_batch_inputs m_in{count};
  std::vector<cncrypto::ed25519::ge_p3> m_out = std::vector<cncrypto::ed25519::ge_p3>(count), m_points = std::vector<cncrypto::ed25519::ge_p3>(count);
  std::vector<std::array<unsigned char, 32>> m_enc = std::vector<std::array<unsigned char, 32>>(count);
};

// p3_tobytes_batch of count points, per point.
template <std::size_t count>
class test_p3_tobytes_batch {
 public:
  static const std::size_t loop_count = 2000;
  static const std::size_t items_per_call = count;

  bool init() {
    test();
    for (std::size_t i = 0; i < count; ++i)
      if (m_out[i] != m_in.encodings[i]) return false;
    return true;
  }
  bool test() {
    cncrypto::ed25519::p3_tobytes_batch(reinterpret_cast<unsigned char(*)[32]>(m_out.data()), m_in.points.data(),
                                        count);
    return true;
  }

 private:
  curve_batch_inputs m_in{count};
  std::vector<std::array<unsigned char, 32>> m_out = std::vector<std::array<unsigned char, 32>>(count);
};

// The single calls the batches replace, per point.
class test_ge_scalarmult_p3 {
 public:
  static const std::size_t loop_count = 10000;
  bool init() { return true; }
  bool test() {
    cncrypto::ed25519::ge_scalarmult_p3(&m_out, m_in.a.data(), &m_in.points[0]);
    return true;
  }

 private:
  curve_batch_inputs m_in{1};
  cncrypto::ed25519::ge_p3 m_out{};
};

class test_ge_scalarmult_base {
 public:
  static const std::size_t loop_count = 20000;
  bool init() { return true; }
  bool test() {
    cncrypto::ed25519::ge_scalarmult_base(&m_out, m_in.scalars[0].data());
    return true;
  }

 private:
  curve_batch_inputs m_in{1};
  cncrypto::ed25519::ge_p3 m_out{};
};

inline void register_curve_batch_tests(registry &r) {
  const char *names[8];
  const std::size_t n = std::min<std::size_t>(cncrypto::ed25519::curve_backend_names(names, 8), 8);
  auto per_backend = [&](auto kind, const char *row, auto... counts) {
    for (std::size_t i = 0; i < n; ++i)
      (r.test<test_curve_batch<decltype(kind)::value, decltype(counts)::value>>(
           std::string(row) + "<" + names[i] + ", " + std::to_string(decltype(counts)::value) + ">", names[i]),
       ...);
  };
  using variable = std::integral_constant<curve_batch_kind, batch_variable>;
  using base = std::integral_constant<curve_batch_kind, batch_base>;
  using derive = std::integral_constant<curve_batch_kind, batch_derive>;
  using n8 = std::integral_constant<std::size_t, 8>;
  using n64 = std::integral_constant<std::size_t, 64>;
  using n256 = std::integral_constant<std::size_t, 256>;
  TEST_PERFORMANCE0(r, test_ge_scalarmult_p3);
  per_backend(variable{}, "test_scalarmult_batch", n8{}, n64{}, n256{});
  TEST_PERFORMANCE0(r, test_ge_scalarmult_base);
  per_backend(base{}, "test_scalarmult_base_batch", n8{}, n64{}, n256{});
  TEST_PERFORMANCE(r, test_p3_tobytes_batch, 8);
  TEST_PERFORMANCE(r, test_p3_tobytes_batch, 64);
  TEST_PERFORMANCE(r, test_p3_tobytes_batch, 256);
  per_backend(derive{}, "test_derivation_core", n8{}, n256{});
}

}  // namespace perf
