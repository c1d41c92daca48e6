// Borromean range proofs and MLSAG (ringct/borromean.h, ringct/mlsag.h) with
// the names, parameters and fixtures of Monero 0.18's performance tests:
//   test_range_proof<verify> (range_proof.h): proveRange of 84932483243793 in
//     init; test() verifies it (verRange) or proves again (proveRange).
//   test_ringct_mlsag<ring, verify> (rct_mlsag.h): a 2-row key matrix of
//     ring columns (random keys), real column 2, dsRows = 1, message = the
//     identity's bytes; test() verifies (MLSAG_Ver) or signs (MLSAG_Gen).
//   test_sig_mlsag<N, T, w> (sig_mlsag.h): the fixture of test_sig_clsag
//     (clsag_tests.h) with one verRctMGSimple per real input, then the
//     balance check.
#pragma once

#include <cstddef>

#include "clsag_tests.h"
#include "performance_tests.h"
#include "ringct/borromean.h"
#include "ringct/mlsag.h"
#include "ringct/rctOps.h"

namespace perf {

template <bool a_verify>
class test_range_proof {
 public:
  static const std::size_t loop_count = 50;

  bool init() { return prove() && rct::verRange(m_C, m_sig); }
  bool test() { return a_verify ? rct::verRange(m_C, m_sig) : prove(); }

 private:
  bool prove() {
    rct::key mask;
    m_sig = rct::proveRange(m_C, mask, 84932483243793ull);
    return true;
  }
  rct::key m_C;
  rct::rangeSig m_sig;
};

template <std::size_t a_ring, bool a_verify>
class test_ringct_mlsag {
  static_assert(a_ring > 2, "Monero's fixture signs at column 2");

 public:
  static const std::size_t loop_count = 100;
  static constexpr std::size_t rows = 2;  // one spend key and one commitment row

  bool init() {
    m_P.assign(a_ring, rct::keyV(rows));
    m_sk.resize(rows);
    for (std::size_t i = 0; i < a_ring; ++i)
      for (std::size_t j = 0; j < rows; ++j) {
        const rct::key x = rct::skGen();
        m_P[i][j] = rct::scalarmultBase(x);
        if (i == kIndex) m_sk[j] = x;
      }
    m_sig = rct::MLSAG_Gen(rct::I, m_P, m_sk, kIndex, rows - 1, hw::get_device("default"));
    return rct::MLSAG_Ver(rct::I, m_P, m_sig, rows - 1);
  }

  bool test() {
    if (a_verify) return rct::MLSAG_Ver(rct::I, m_P, m_sig, rows - 1);
    m_sig = rct::MLSAG_Gen(rct::I, m_P, m_sk, kIndex, rows - 1, hw::get_device("default"));
    return true;
  }

 private:
  static constexpr unsigned kIndex = 2;
  rct::keyM m_P;
  rct::keyV m_sk;
  rct::mgSig m_sig;
};

template <std::size_t a_N, std::size_t a_T, std::size_t a_w>
class test_sig_mlsag
    : public ring_signature_test<ring_scheme<rct::mgSig, rct::proveRctMGSimple, rct::verRctMGSimple>, a_N, a_T, a_w> {};

// Monero 0.18's rows (main.cpp): range proofs, MLSAG of ring 11, and the
// simple-MLSAG fixture for rings of 4..256.
inline void register_mlsag_tests(registry &r) {
  TEST_PERFORMANCE(r, test_range_proof, true);
  TEST_PERFORMANCE(r, test_range_proof, false);
  TEST_PERFORMANCE(r, test_ringct_mlsag, 11, false);
  TEST_PERFORMANCE(r, test_ringct_mlsag, 11, true);
  register_ring_sizes<test_sig_mlsag>(r, "test_sig_mlsag");
}

}  // namespace perf
