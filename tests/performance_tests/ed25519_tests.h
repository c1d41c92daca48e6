// ed25519 group operations (crypto/crypto-ops.h). Names follow Monero's:
// test_ge_frombytes_vartime, test_ge_tobytes, and test_crypto_ops<op> for the
// operations of Monero's crypto_ops.h test (op_scalarmultBase is RingCT's
// scalarmultBase: reduce the scalar, fixed-base multiply, encode;
// op_scalarmultKey is scalarmultKey: decode, variable-base multiply, encode).
// libsodium's ed25519 multiplications are the peers of the two scalarmults.
// The group-law ops (op_ge_add_raw, op_ge_add_p3_p3) and the precomputed
// double and triple products (op_ge_dsm_precomp .. op_ge_double_scalarmult_
// precomp_vartime2) call crypto/crypto-ops.h, the RingCT ops (op_addKeys ..
// op_zeroCommitCached) ringct/rctOps.h, each with the arguments of Monero's
// crypto_ops.h test.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>

#include "crypto/crypto-ops.h"
#include "curve_batch_tests.h"
#include "peers.h"
#include "performance_tests.h"
#include "ringct/rctOps.h"
#include "test_data.h"

namespace perf {

// A canonical scalar (reduced mod L, non-zero) and the point seed * G.
struct ed25519_inputs {
  std::array<unsigned char, 32> scalar0{}, scalar1{}, point0{};
  ge_p3 p3_0{};

  bool make() {
    fill_random(scalar0.data(), 32, 11);
    fill_random(scalar1.data(), 32, 12);
    sc_reduce32(scalar0.data());
    sc_reduce32(scalar1.data());
    std::array<unsigned char, 32> seed{};
    fill_random(seed.data(), 32, 13);
    sc_reduce32(seed.data());
    ge_p3 p;
    ge_scalarmult_base(&p, seed.data());
    ge_p3_tobytes(point0.data(), &p);
    return ge_frombytes_vartime(&p3_0, point0.data()) == 0;
  }
};

// Monero's crypto_ops.h fixture for the RingCT operations: three random scalars,
// three points s*G, their decoded forms, their precomputed tables, and point 0
// in cached form.
struct rct_inputs {
  rct::key scalar0{}, scalar1{}, scalar2{}, point0{}, point1{}, point2{};
  ge_p3 p3_0{}, p3_1{}, p3_2{};
  ge_cached cached0{};
  ge_dsmp precomp0, precomp1, precomp2;

  bool make() {
    rct::key *scalars[3] = {&scalar0, &scalar1, &scalar2}, *points[3] = {&point0, &point1, &point2};
    for (int i = 0; i < 3; ++i) {
      fill_random(scalars[i]->bytes, 32, 21 + i);
      sc_reduce32(scalars[i]->bytes);
      rct::key seed;
      fill_random(seed.bytes, 32, 31 + i);
      *points[i] = rct::scalarmultBase(seed);
    }
    ge_p3 *p3s[3] = {&p3_0, &p3_1, &p3_2};
    for (int i = 0; i < 3; ++i) {
      if (ge_frombytes_vartime(p3s[i], points[i]->bytes) != 0) return false;
    }
    ge_p3_to_cached(&cached0, &p3_0);
    rct::precomp(precomp0, point0);
    rct::precomp(precomp1, point1);
    rct::precomp(precomp2, point2);
    return true;
  }
};

// The init() of the tests on ed25519_inputs.
class ed25519_test_base {
 public:
  bool init() { return m_in.make(); }

 protected:
  ed25519_inputs m_in;
};

class test_ge_frombytes_vartime : public ed25519_test_base {
 public:
  static const std::size_t loop_count = 100000;

  bool test() {
    ge_p3 p;
    return ge_frombytes_vartime(&p, m_in.point0.data()) == 0;
  }
};

class test_ge_tobytes : public ed25519_test_base {
 public:
  static const std::size_t loop_count = 100000;

  bool test() {
    ge_p3_tobytes(m_out.data(), &m_in.p3_0);
    return true;
  }

 private:
  std::array<unsigned char, 32> m_out{};
};

enum test_op {
  op_sc_add,
  op_sc_sub,
  op_sc_mul,
  op_scalarmultBase,
  op_scalarmultKey,
  op_ge_double_scalarmult_base_vartime,
  // The group law: one addition of a cached point (result left in P1P1 form),
  // and the same with the conversions around it (P3 to cached, P1P1 to P3),
  // accumulating into a running sum.
  op_ge_add_raw,
  op_ge_add_p3_p3,
  // Products on precomputed tables (ge_dsmp: 8 cached odd multiples).
  op_ge_dsm_precomp,
  op_ge_triple_scalarmult_base_vartime,
  op_ge_double_scalarmult_precomp_vartime,
  op_ge_triple_scalarmult_precomp_vartime,
  op_ge_double_scalarmult_precomp_vartime2,
  // RingCT (ringct/rctOps.h), as Monero's crypto_ops.h test calls them.
  op_addKeys,
  op_scalarmultH,
  op_scalarmult8,
  op_scalarmult8_p3,
  op_addKeys2,
  op_addKeys3,
  op_addKeys3_2,
  op_addKeys_aGbBcC,
  op_addKeys_aAbBcC,
  op_isInMainSubgroup,
  op_zeroCommitUncached,
  // zeroCommit(9000): an amount Monero 0.18 finds in its table of precomputed
  // commitments to round amounts; ours has no table and computes G + 9000 H
  // as for any amount, so this row shows what the table saves.
  op_zeroCommitCached,
};

// The operations that take tens of nanoseconds get Monero's larger loop count.
constexpr bool fast_op(test_op op) {
  return op == op_sc_add || op == op_sc_sub || op == op_sc_mul || op == op_ge_add_raw || op == op_ge_add_p3_p3;
}

template <test_op op>
class test_crypto_ops {
 public:
  static const std::size_t loop_count = fast_op(op) ? 1000000 : 10000;

  bool init() {
    if (!m_in.make() || !m_rct.make()) return false;
    m_sum = m_rct.p3_1;
    if (op == op_scalarmultBase || op == op_scalarmultKey) {
      // Cross-check with libsodium: scalar0 * G and scalar0 * point0.
      std::array<unsigned char, 32> ours{}, theirs{};
      if (!test()) return false;
      ours = m_out;
      const bool ok = op == op_scalarmultBase
                          ? cncrypto::peers::libsodium::scalarmult_base(theirs.data(), m_in.scalar0.data())
                          : cncrypto::peers::libsodium::scalarmult(theirs.data(), m_in.scalar0.data(),
                                                                   m_in.point0.data());
      return ok && ours == theirs;
    }
    return true;
  }

  bool test() {
    switch (op) {
      case op_sc_add: sc_add(m_out.data(), m_in.scalar0.data(), m_in.scalar1.data()); return true;
      case op_sc_sub: sc_sub(m_out.data(), m_in.scalar0.data(), m_in.scalar1.data()); return true;
      case op_sc_mul: sc_mul(m_out.data(), m_in.scalar0.data(), m_in.scalar1.data()); return true;
      case op_scalarmultBase: {
        std::array<unsigned char, 32> reduced = m_in.scalar0;
        sc_reduce32(reduced.data());
        ge_p3 p;
        ge_scalarmult_base(&p, reduced.data());
        ge_p3_tobytes(m_out.data(), &p);
        return true;
      }
      case op_scalarmultKey: {
        ge_p3 a;
        if (ge_frombytes_vartime(&a, m_in.point0.data()) != 0) return false;
        ge_p2 r;
        ge_scalarmult(&r, m_in.scalar0.data(), &a);
        ge_tobytes(m_out.data(), &r);
        return true;
      }
      case op_ge_double_scalarmult_base_vartime: {
        ge_p2 r;
        ge_double_scalarmult_base_vartime(&r, m_in.scalar0.data(), &m_in.p3_0, m_in.scalar1.data());
        return true;
      }
      case op_ge_add_raw: ge_add(&m_p1p1, &m_rct.p3_1, &m_rct.cached0); return true;
      case op_ge_add_p3_p3: {
        ge_cached c;
        ge_p3_to_cached(&c, &m_rct.p3_0);
        ge_add(&m_p1p1, &m_sum, &c);
        ge_p1p1_to_p3(&m_sum, &m_p1p1);
        return true;
      }
      case op_ge_dsm_precomp: ge_dsm_precomp(m_dsmp, &m_rct.p3_0); return true;
      case op_ge_triple_scalarmult_base_vartime:
        ge_triple_scalarmult_base_vartime(&m_p2, m_rct.scalar0.bytes, m_rct.scalar1.bytes, m_rct.precomp1,
                                          m_rct.scalar2.bytes, m_rct.precomp2);
        return true;
      case op_ge_double_scalarmult_precomp_vartime:
        ge_double_scalarmult_precomp_vartime(&m_p2, m_rct.scalar0.bytes, &m_rct.p3_0, m_rct.scalar1.bytes,
                                             m_rct.precomp0);
        return true;
      case op_ge_triple_scalarmult_precomp_vartime:
        ge_triple_scalarmult_precomp_vartime(&m_p2, m_rct.scalar0.bytes, m_rct.precomp0, m_rct.scalar1.bytes,
                                             m_rct.precomp1, m_rct.scalar2.bytes, m_rct.precomp2);
        return true;
      case op_ge_double_scalarmult_precomp_vartime2:
        ge_double_scalarmult_precomp_vartime2(&m_p2, m_rct.scalar0.bytes, m_rct.precomp0, m_rct.scalar1.bytes,
                                              m_rct.precomp1);
        return true;
      case op_addKeys: rct::addKeys(m_key, m_rct.point0, m_rct.point1); return true;
      case op_scalarmultH: m_key = rct::scalarmultH(m_rct.scalar0); return true;
      case op_scalarmult8: m_key = rct::scalarmult8(m_rct.point0); return true;
      case op_scalarmult8_p3: rct::scalarmult8(m_sum, m_rct.point0); return true;
      case op_addKeys2: rct::addKeys2(m_key, m_rct.scalar0, m_rct.scalar1, m_rct.point0); return true;
      case op_addKeys3: rct::addKeys3(m_key, m_rct.scalar0, m_rct.point0, m_rct.scalar1, m_rct.precomp1); return true;
      case op_addKeys3_2:
        rct::addKeys3(m_key, m_rct.scalar0, m_rct.precomp0, m_rct.scalar1, m_rct.precomp1);
        return true;
      case op_addKeys_aGbBcC:
        rct::addKeys_aGbBcC(m_key, m_rct.scalar0, m_rct.scalar1, m_rct.precomp1, m_rct.scalar2, m_rct.precomp2);
        return true;
      case op_addKeys_aAbBcC:
        rct::addKeys_aAbBcC(m_key, m_rct.scalar0, m_rct.precomp0, m_rct.scalar1, m_rct.precomp1, m_rct.scalar2,
                            m_rct.precomp2);
        return true;
      case op_isInMainSubgroup: return rct::isInMainSubgroup(m_rct.point0);
      case op_zeroCommitUncached: m_key = rct::zeroCommit(9001); return true;
      case op_zeroCommitCached: m_key = rct::zeroCommit(9000); return true;
    }
    return false;
  }

 private:
  ed25519_inputs m_in;
  rct_inputs m_rct;
  rct::key m_key{};
  std::array<unsigned char, 32> m_out{};
  ge_p3 m_sum{};  // op_ge_add_p3_p3's running sum (starts at point 1), op_scalarmult8_p3's output
  ge_p1p1 m_p1p1{};
  ge_p2 m_p2{};
  ge_dsmp m_dsmp;
};

// libsodium's fixed-base and variable-base multiplication (peers of
// test_crypto_ops<op_scalarmultBase> / <op_scalarmultKey>). Note that
// crypto_scalarmult_ed25519_noclamp also checks that the point is in the
// prime-order subgroup, which ours (like Monero's scalarmultKey) does not.
namespace detail {
// A peer multiplying the canonical scalar of ed25519_inputs by G (base) or by
// the point seed * G; test() fails when the library refuses the inputs.
template <typename lib, bool base>
class peer_ed25519_scalarmult : public ed25519_test_base {
 public:
  static const std::size_t loop_count = 10000;
  static constexpr bool available = lib::available;

  bool test() {
    if constexpr (base) {
      return lib::scalarmult_base(m_out.data(), m_in.scalar0.data());
    } else {
      return lib::scalarmult(m_out.data(), m_in.scalar0.data(), m_in.point0.data());
    }
  }

 private:
  std::array<unsigned char, 32> m_out{};
};
}  // namespace detail

template <typename lib>
using peer_scalarmult_base = detail::peer_ed25519_scalarmult<lib, true>;
template <typename lib>
using peer_scalarmult = detail::peer_ed25519_scalarmult<lib, false>;

// ed25519 group operations; libsodium does the two multiplications too. Then
// RingCT arithmetic (ringct/rctOps.h), Monero's crypto_ops.h names.
inline void register_ed25519_tests(registry &r) {
  using cncrypto::peers::libsodium;
  TEST_PERFORMANCE0(r, test_ge_frombytes_vartime);
  TEST_PERFORMANCE0(r, test_ge_tobytes);
  TEST_PERFORMANCE(r, test_crypto_ops, op_sc_add);
  TEST_PERFORMANCE(r, test_crypto_ops, op_sc_sub);
  TEST_PERFORMANCE(r, test_crypto_ops, op_sc_mul);
  TEST_PERFORMANCE(r, test_crypto_ops, op_scalarmultBase);
  PEER_PERFORMANCE(r, peer_scalarmult_base, libsodium);
  TEST_PERFORMANCE(r, test_crypto_ops, op_scalarmultKey);
  PEER_PERFORMANCE(r, peer_scalarmult, libsodium);
  TEST_PERFORMANCE(r, test_crypto_ops, op_ge_double_scalarmult_base_vartime);
  TEST_PERFORMANCE(r, test_crypto_ops, op_ge_add_raw);
  TEST_PERFORMANCE(r, test_crypto_ops, op_ge_add_p3_p3);
  TEST_PERFORMANCE(r, test_crypto_ops, op_ge_dsm_precomp);
  TEST_PERFORMANCE(r, test_crypto_ops, op_ge_triple_scalarmult_base_vartime);
  TEST_PERFORMANCE(r, test_crypto_ops, op_ge_double_scalarmult_precomp_vartime);
  TEST_PERFORMANCE(r, test_crypto_ops, op_ge_triple_scalarmult_precomp_vartime);
  TEST_PERFORMANCE(r, test_crypto_ops, op_ge_double_scalarmult_precomp_vartime2);
  TEST_PERFORMANCE(r, test_crypto_ops, op_addKeys);
  TEST_PERFORMANCE(r, test_crypto_ops, op_scalarmultH);
  TEST_PERFORMANCE(r, test_crypto_ops, op_scalarmult8);
  TEST_PERFORMANCE(r, test_crypto_ops, op_scalarmult8_p3);
  TEST_PERFORMANCE(r, test_crypto_ops, op_addKeys2);
  TEST_PERFORMANCE(r, test_crypto_ops, op_addKeys3);
  TEST_PERFORMANCE(r, test_crypto_ops, op_addKeys3_2);
  TEST_PERFORMANCE(r, test_crypto_ops, op_addKeys_aGbBcC);
  TEST_PERFORMANCE(r, test_crypto_ops, op_addKeys_aAbBcC);
  TEST_PERFORMANCE(r, test_crypto_ops, op_isInMainSubgroup);
  TEST_PERFORMANCE(r, test_crypto_ops, op_zeroCommitUncached);
  TEST_PERFORMANCE(r, test_crypto_ops, op_zeroCommitCached);
  register_curve_batch_tests(r);  // curve_batch_tests.h: the batch entry points per backend
}

}  // namespace perf
