// CLSAG (ringct/clsag.h) with the name, parameters and fixture of Monero's
// tests/performance_tests/sig_clsag.h:
//   test_sig_clsag<N, T, w>: a ring of N random (key, commitment) pairs; the
//     members 0..w-1 are real inputs with random amounts a[u] (as scalars) and
//     masks; w pseudo-outputs C_offsets[u] = s1[u]*G + a[u]*H, T outputs that
//     balance them; one CLSAG per real input (signed at index u over its own
//     random message). The test verifies the w signatures
//     (verRctCLSAGSimple), then checks the balance
//     sum(C_offsets) - sum(Q) == identity; it fails if any check fails.
//   Monero does the balance check with rct::straus over scalars 1 and L-1;
//   here it is the same sum by point additions (a few microseconds of
//   Monero's ~5.8 ms for N = 16).
//   test_clsag_sign<N> (ours, no Monero counterpart): one proveRctCLSAGSimple
//     over a ring of N at index N/2.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "crypto/crypto-ops.h"
#include "performance_tests.h"
#include "ringct/clsag.h"
#include "ringct/rctOps.h"

namespace perf {
namespace clsag_detail {

inline rct::key random_scalar() { return rct::skGen(); }

// mask*G + amount*H (Monero's addKeys2(out, mask, amount, H)).
inline rct::key commit_scalar(const rct::key &mask, const rct::key &amount) {
  rct::key k;
  rct::addKeys2(k, mask, amount, rct::H);
  return k;
}

inline rct::key base_mult(const rct::key &s) { return rct::scalarmultBase(s); }

}  // namespace clsag_detail

// The fixture of Monero's sig_clsag.h and sig_mlsag.h: a ring of N random
// (key, commitment) pairs; members 0..w-1 are real inputs with random amounts
// a[u] (as scalars) and masks; w pseudo-outputs C_offsets[u] = s1[u]*G + a[u]*H,
// T outputs that balance them, one random message per real input.
template <std::size_t a_N, std::size_t a_T, std::size_t a_w>
class ring_fixture {
  static_assert(a_w >= 1 && a_w <= a_N && a_T >= 1, "Monero's fixture: 1 <= w <= N, T >= 1");

 protected:
  void make_ring() {
    using namespace clsag_detail;
    m_pubs.resize(a_N);
    for (auto &m : m_pubs) {
      m.dest = base_mult(random_scalar());
      m.mask = base_mult(random_scalar());
    }
    rct::key a_sum{}, s1_sum{}, b_sum{}, t_sum{};
    m_sks.resize(a_w);
    for (std::size_t u = 0; u < a_w; ++u) {
      m_sks[u].dest = random_scalar();
      m_pubs[u].dest = base_mult(m_sks[u].dest);
      const rct::key a = random_scalar();
      m_sks[u].mask = random_scalar();
      m_pubs[u].mask = commit_scalar(m_sks[u].mask, a);
      m_s1.push_back(random_scalar());
      m_offsets.push_back(commit_scalar(m_s1[u], a));
      sc_add(a_sum.bytes, a_sum.bytes, a.bytes);
      sc_add(s1_sum.bytes, s1_sum.bytes, m_s1[u].bytes);
      m_messages.push_back(random_scalar());
    }
    for (std::size_t j = 0; j + 1 < a_T; ++j) {
      const rct::key b = random_scalar(), t = random_scalar();
      m_outputs.push_back(commit_scalar(t, b));
      sc_add(b_sum.bytes, b_sum.bytes, b.bytes);
      sc_add(t_sum.bytes, t_sum.bytes, t.bytes);
    }
    rct::key b_last, t_last;
    sc_sub(b_last.bytes, a_sum.bytes, b_sum.bytes);
    sc_sub(t_last.bytes, s1_sum.bytes, t_sum.bytes);
    m_outputs.push_back(commit_scalar(t_last, b_last));
  }

  // Balance: sum(C_offsets) - sum(Q) == identity.
  bool balanced() const {
    ge_p3 acc, p;
    ge_p3_0(&acc);
    ge_cached c;
    ge_p1p1 t;
    for (const rct::key &k : m_offsets) {
      if (ge_frombytes_vartime(&p, k.bytes) != 0) return false;
      ge_p3_to_cached(&c, &p);
      ge_add(&t, &acc, &c);
      ge_p1p1_to_p3(&acc, &t);
    }
    for (const rct::key &k : m_outputs) {
      if (ge_frombytes_vartime(&p, k.bytes) != 0) return false;
      ge_p3_to_cached(&c, &p);
      ge_sub(&t, &acc, &c);
      ge_p1p1_to_p3(&acc, &t);
    }
    return ge_p3_is_point_at_infinity_vartime(&acc) != 0;
  }

  rct::ctkeyV m_pubs;
  std::vector<rct::ctkey> m_sks;
  rct::keyV m_s1, m_offsets, m_outputs, m_messages;
};

// Monero's sig_clsag.h / sig_mlsag.h test: one signature per real input in
// init; test() verifies the w signatures, then checks the balance. Scheme
// gives sig (the signature type), prove and verify (the CLSAG and the simple
// MLSAG functions take the same arguments).
template <typename Scheme, std::size_t a_N, std::size_t a_T, std::size_t a_w>
class ring_signature_test : ring_fixture<a_N, a_T, a_w> {
  using base = ring_fixture<a_N, a_T, a_w>;

 public:
  static const std::size_t loop_count = a_N <= 16 ? 1000 : (a_N <= 64 ? 200 : 50);

  bool init() {
    base::make_ring();
    for (std::size_t u = 0; u < a_w; ++u)
      m_sigs.push_back(Scheme::prove(base::m_messages[u], base::m_pubs, base::m_sks[u], base::m_s1[u],
                                     base::m_offsets[u], static_cast<unsigned>(u), hw::get_device("default")));
    return test();
  }

  bool test() {
    for (std::size_t u = 0; u < a_w; ++u)
      if (!Scheme::verify(base::m_messages[u], m_sigs[u], base::m_pubs, base::m_offsets[u])) return false;
    return base::balanced();
  }

 private:
  std::vector<typename Scheme::sig> m_sigs;
};

// A ring signature scheme for ring_signature_test.
template <typename Sig, auto Prove, auto Verify>
struct ring_scheme {
  using sig = Sig;
  static constexpr auto prove = Prove;
  static constexpr auto verify = Verify;
};

template <std::size_t a_N, std::size_t a_T, std::size_t a_w>
class test_sig_clsag
    : public ring_signature_test<ring_scheme<rct::clsag, rct::proveRctCLSAGSimple, rct::verRctCLSAGSimple>, a_N, a_T,
                                 a_w> {};

template <std::size_t a_N>
class test_clsag_sign {
 public:
  static const std::size_t loop_count = a_N <= 16 ? 200 : 20;

  bool init() {
    using namespace clsag_detail;
    m_message = random_scalar();
    m_pubs.resize(a_N);
    for (auto &m : m_pubs) {
      m.dest = base_mult(random_scalar());
      m.mask = base_mult(random_scalar());
    }
    m_sk.dest = random_scalar();
    m_sk.mask = random_scalar();
    const rct::key amount = random_scalar();
    m_pubs[a_N / 2] = {base_mult(m_sk.dest), commit_scalar(m_sk.mask, amount)};
    m_a = random_scalar();
    m_out = commit_scalar(m_a, amount);
    return test();
  }

  bool test() {
    const rct::clsag sig = rct::proveRctCLSAGSimple(m_message, m_pubs, m_sk, m_a, m_out, a_N / 2, hw::get_device("default"));
    return sig.s.size() == a_N;
  }

 private:
  rct::key m_message, m_a, m_out;
  rct::ctkeyV m_pubs;
  rct::ctkey m_sk;
};

// RingCT CLSAG (Monero's sig_clsag.h): ring N, T = 2 outputs, w = 2
// signatures verified per call, then the balance check; then signing alone.
// Monero's ring sizes of sig_clsag / sig_mlsag: Test<N, 2, 2>, N = 4 .. 256, named as
// TEST_PERFORMANCE names them ("test_sig_clsag<4, 2, 2>").
template <template <std::size_t, std::size_t, std::size_t> class Test>
void register_ring_sizes(registry &r, const std::string &name) {
  r.test<Test<4, 2, 2>>(name + "<4, 2, 2>");
  r.test<Test<8, 2, 2>>(name + "<8, 2, 2>");
  r.test<Test<16, 2, 2>>(name + "<16, 2, 2>");
  r.test<Test<32, 2, 2>>(name + "<32, 2, 2>");
  r.test<Test<64, 2, 2>>(name + "<64, 2, 2>");
  r.test<Test<128, 2, 2>>(name + "<128, 2, 2>");
  r.test<Test<256, 2, 2>>(name + "<256, 2, 2>");
}

inline void register_clsag_tests(registry &r) {
  register_ring_sizes<test_sig_clsag>(r, "test_sig_clsag");
  TEST_PERFORMANCE(r, test_clsag_sign, 16);
  TEST_PERFORMANCE(r, test_clsag_sign, 128);
}

}  // namespace perf
