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

#include <array>
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "crypto/crypto-ops.h"
#include "curve/ecmult.h"
#include "performance_tests.h"
#include "test_data.h"

namespace perf {

// count points s_i G (public keys), their encodings, a reduced scalar, count scalars.
struct curve_batch_inputs {
  std::vector<ge_p3> points;
  std::vector<std::array<unsigned char, 32>> encodings, scalars;
  std::array<unsigned char, 32> a{};

  explicit curve_batch_inputs(std::size_t count) : points(count), encodings(count), scalars(count) {
    fill_random(a.data(), 32, 41);
    sc_reduce32(a.data());
    for (std::size_t i = 0; i < count; ++i) {
      fill_random(scalars[i].data(), 32, 100 + i);
      sc_reduce32(scalars[i].data());
      ge_scalarmult_base(&points[i], scalars[i].data());
      ge_p3_tobytes(encodings[i].data(), &points[i]);
    }
  }
};

inline bool same_point(const ge_p3 &x, const ge_p3 &y) {
  unsigned char ex[32], ey[32];
  ge_p3_tobytes(ex, &x);
  ge_p3_tobytes(ey, &y);
  return std::memcmp(ex, ey, 32) == 0;
}

// scalarmult_batch of count points on one backend, per point.
template <std::size_t count>
class test_scalarmult_batch {
 public:
  static const std::size_t loop_count = count <= 8 ? 2000 : 200;
  static const std::size_t items_per_call = count;

  explicit test_scalarmult_batch(const char *backend) : m_backend(backend) {}
  bool init() {
    if (!test()) return false;
    ge_p3 single;
    ge_scalarmult_p3(&single, m_in.a.data(), &m_in.points[count - 1]);  // the last one: the tail, if any
    return same_point(single, m_out[count - 1]);
  }
  bool test() {
    return cncrypto::ed25519::scalarmult_batch_on(m_backend, m_out.data(), m_in.a.data(), m_in.points.data(), count);
  }

 private:
  const char *m_backend;
  curve_batch_inputs m_in{count};
  std::vector<ge_p3> m_out = std::vector<ge_p3>(count);
};

// scalarmult_base_batch of count scalars on one backend, per scalar.
template <std::size_t count>
class test_scalarmult_base_batch {
 public:
  static const std::size_t loop_count = count <= 8 ? 5000 : 500;
  static const std::size_t items_per_call = count;

  explicit test_scalarmult_base_batch(const char *backend) : m_backend(backend) {}
  bool init() { return test() && same_point(m_in.points[count - 1], m_out[count - 1]); }
  bool test() {
    return cncrypto::ed25519::scalarmult_base_batch_on(
        m_backend, m_out.data(), reinterpret_cast<const unsigned char(*)[32]>(m_in.scalars.data()), count);
  }

 private:
  const char *m_backend;
  curve_batch_inputs m_in{count};
  std::vector<ge_p3> m_out = std::vector<ge_p3>(count);
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
    ge_scalarmult_p3(&m_out, m_in.a.data(), &m_in.points[0]);
    return true;
  }

 private:
  curve_batch_inputs m_in{1};
  ge_p3 m_out{};
};

class test_ge_scalarmult_base {
 public:
  static const std::size_t loop_count = 20000;
  bool init() { return true; }
  bool test() {
    ge_scalarmult_base(&m_out, m_in.scalars[0].data());
    return true;
  }

 private:
  curve_batch_inputs m_in{1};
  ge_p3 m_out{};
};

// The curve work of count key derivations 8 a P_i (decode each P_i, scalarmult_batch,
// three doublings, p3_tobytes_batch), per derivation.
template <std::size_t count>
class test_derivation_core {
 public:
  static const std::size_t loop_count = count <= 8 ? 2000 : 200;
  static const std::size_t items_per_call = count;

  explicit test_derivation_core(const char *backend) : m_backend(backend) {}
  bool init() {
    if (!test()) return false;
    ge_p3 p;
    ge_p2 r;
    ge_p1p1 t;
    if (ge_frombytes_vartime(&p, m_in.encodings[count - 1].data()) != 0) return false;
    ge_scalarmult(&r, m_in.a.data(), &p);
    ge_mul8(&t, &r);
    ge_p1p1_to_p2(&r, &t);
    std::array<unsigned char, 32> single;
    ge_tobytes(single.data(), &r);
    return single == m_out[count - 1];
  }
  bool test() {
    for (std::size_t i = 0; i < count; ++i)
      if (ge_frombytes_vartime(&m_points[i], m_in.encodings[i].data()) != 0) return false;
    if (!cncrypto::ed25519::scalarmult_batch_on(m_backend, m_prod.data(), m_in.a.data(), m_points.data(), count))
      return false;
    for (std::size_t i = 0; i < count; ++i) {
      ge_p1p1 t;
      for (int d = 0; d < 3; ++d) {
        ge_p3_dbl(&t, &m_prod[i]);
        ge_p1p1_to_p3(&m_prod[i], &t);
      }
    }
    cncrypto::ed25519::p3_tobytes_batch(reinterpret_cast<unsigned char(*)[32]>(m_out.data()), m_prod.data(), count);
    return true;
  }

 private:
  const char *m_backend;
  curve_batch_inputs m_in{count};
  std::vector<ge_p3> m_points = std::vector<ge_p3>(count), m_prod = std::vector<ge_p3>(count);
  std::vector<std::array<unsigned char, 32>> m_out = std::vector<std::array<unsigned char, 32>>(count);
};

inline void register_curve_batch_tests(registry &r) {
  const char *names[8];
  const std::size_t n = cncrypto::ed25519::curve_backend_names(names, 8);
  TEST_PERFORMANCE0(r, test_ge_scalarmult_p3);
  for (std::size_t i = 0; i < n && i < 8; ++i) {
    const std::string b = names[i];
    r.test<test_scalarmult_batch<8>>("test_scalarmult_batch<" + b + ", 8>", names[i]);
    r.test<test_scalarmult_batch<64>>("test_scalarmult_batch<" + b + ", 64>", names[i]);
    r.test<test_scalarmult_batch<256>>("test_scalarmult_batch<" + b + ", 256>", names[i]);
  }
  TEST_PERFORMANCE0(r, test_ge_scalarmult_base);
  for (std::size_t i = 0; i < n && i < 8; ++i) {
    const std::string b = names[i];
    r.test<test_scalarmult_base_batch<8>>("test_scalarmult_base_batch<" + b + ", 8>", names[i]);
    r.test<test_scalarmult_base_batch<64>>("test_scalarmult_base_batch<" + b + ", 64>", names[i]);
    r.test<test_scalarmult_base_batch<256>>("test_scalarmult_base_batch<" + b + ", 256>", names[i]);
  }
  TEST_PERFORMANCE(r, test_p3_tobytes_batch, 8);
  TEST_PERFORMANCE(r, test_p3_tobytes_batch, 64);
  TEST_PERFORMANCE(r, test_p3_tobytes_batch, 256);
  for (std::size_t i = 0; i < n && i < 8; ++i) {
    const std::string b = names[i];
    r.test<test_derivation_core<8>>("test_derivation_core<" + b + ", 8>", names[i]);
    r.test<test_derivation_core<256>>("test_derivation_core<" + b + ", 256>", names[i]);
  }
}

}  // namespace perf
