// Monero master's FCMP++ curve functions, one call each (issue 34 point 2): torsion
// clearing, the Weierstrass conversion, the key-image generators, the output tuple
// and the X25519 conversion. Monero master's performance_tests has no rows for
// them; the names are test_<function>. Inputs: an output key with a torsion
// component (k*G + T8, as a pre-FCMP++ output may have) and a torsion-free
// commitment, both built in init(), which checks that clearing the key's torsion
// gives the clean point back.
//
// Leaf preparation (issue 34 point 3), per output, single against batched, on the
// active curve backend (CNCRYPTO_CURVE_IMPL): test_outputs_to_leaves<kind, N> is
// one cncrypto::outputs_to_leaves call for N outputs, reported per output; its
// peer test_outputs_to_leaves_loop<kind, N>, run interleaved with it batch by
// batch, prepares the same N outputs by the single calls a leaf takes
// (cncrypto::output_to_pre_leaf_tuple, then fcmp_pp::ed_derivatives_to_wei_x_y of
// its three triples): the peer ratio is the batch's gain per output. kind: legacy (torsion clearing of O and C,
// biased generator) or carrot (unbiased generator, no clearing). The outputs are
// random torsion-free keys, as honest chain outputs are; init() checks that the
// batch equals the single calls on every one.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "crypto/crypto.h"
#include "curve/face.h"
#include "curve/group.h"
#include "fcmp_pp/curve_trees.h"
#include "fcmp_pp/fcmp_pp_crypto.h"
#include "performance_tests.h"
#include "test_data.h"

namespace perf {

// A random point k*G plus the order-8 point T8 (torsioned), k*G itself, the
// legacy output pair (torsioned key, clean commitment) and the outputs of a row.
struct fcmp_state {
  crypto::public_key torsioned, clean;
  ge_p3 torsioned_p3;
  fcmp_pp::OutputPair legacy_pair;
  crypto::ec_point point;
  crypto::ec_coord x, y;

  bool make() {
    crypto::secret_key k;
    crypto::generate_keys(clean, k);
    static const unsigned char t8[32] = {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b,
                                         0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39,
                                         0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a};
    ge_p3 a, b;
    if (ge_frombytes_vartime(&a, to_bytes(clean)) != 0 || ge_frombytes_vartime(&b, t8) != 0) return false;
    cncrypto::ed25519::ge_p3 t;
    const cncrypto::ed25519::ge_p3 ia = cncrypto::ed25519::from_face(a), ib = cncrypto::ed25519::from_face(b);
    cncrypto::ed25519::p3_add(&t, &ia, &ib);
    torsioned_p3 = cncrypto::ed25519::to_face(t);
    ge_p3_tobytes(to_bytes(torsioned), &torsioned_p3);
    legacy_pair = fcmp_pp::LegacyOutputPair{{torsioned, clean}};
    // Clearing the torsion gives k*G back.
    return fcmp_pp::clear_torsion_vartime(torsioned_p3) == static_cast<const crypto::ec_point &>(clean);
  }
};

// One row: `calls` calls of run(state) per loop (Monero's loop_count).
template <bool (*run)(fcmp_state &), std::size_t calls>
class fcmp_row {
 public:
  static const std::size_t loop_count = calls;
  bool init() { return m_state.make(); }
  bool test() { return run(m_state); }

 private:
  fcmp_state m_state;
};

// The rows' calls (bytes in where curve_trees.cpp passes chain bytes).
inline bool run_mul8_is_identity(fcmp_state &s) { return !fcmp_pp::mul8_is_identity_vartime(s.torsioned_p3); }
inline bool run_clear_torsion(fcmp_state &s) {
  s.point = fcmp_pp::clear_torsion_vartime(s.torsioned_p3);
  return true;
}
inline bool run_get_valid_torsion_cleared(fcmp_state &s) {
  return fcmp_pp::get_valid_torsion_cleared_point_vartime(s.torsioned, s.point);
}
inline bool run_point_to_wei_x_y(fcmp_state &s) { return fcmp_pp::point_to_wei_x_y(s.clean, s.x, s.y); }
inline bool run_unbiased_hash_to_ec(fcmp_state &s) {
  crypto::unbiased_hash_to_ec(to_bytes(s.clean), 32, s.point);
  return true;
}
template <bool biased>
inline bool run_derive_key_image_generator(fcmp_state &s) {
  crypto::derive_key_image_generator(s.torsioned, biased, s.point);
  return true;
}
// A legacy output: two decodings and torsion clearings, the biased generator.
inline bool run_output_to_tuple(fcmp_state &s) {
  const OutputTuple t = fcmp_pp::curve_trees::output_to_tuple(s.legacy_pair);
  return std::memcmp(t.C, s.clean.data, 32) == 0;
}
inline bool run_edwards_to_x25519(fcmp_state &s) {
  return edwards_bytes_to_x25519_vartime(to_bytes(s.x), to_bytes(s.clean)) == 0;
}

// count random outputs of one kind (legacy or Carrot v1).
inline std::vector<fcmp_pp::OutputPair> leaf_outputs(bool carrot, std::size_t count) {
  std::vector<fcmp_pp::OutputPair> v;
  for (std::size_t i = 0; i < count; ++i) {
    crypto::public_key O, C;
    crypto::secret_key k;
    crypto::generate_keys(O, k);
    crypto::generate_keys(C, k);
    crypto::ec_point c;
    std::memcpy(&c, &C, 32);
    if (carrot)
      v.push_back(fcmp_pp::CarrotOutputPairV1{{O, c}});
    else
      v.push_back(fcmp_pp::LegacyOutputPair{{O, c}});
  }
  return v;
}

// One output's leaf by the single calls; false when one fails.
inline bool leaf_single(const fcmp_pp::OutputPair &pair, cncrypto::output_leaf &l) {
  const cncrypto::pre_leaf_tuple plt = cncrypto::output_to_pre_leaf_tuple(pair);
  l.tuple = fcmp_pp::curve_trees::output_to_tuple(pair);
  return fcmp_pp::ed_derivatives_to_wei_x_y(plt.O_derivatives, l.O_x, l.O_y) &&
         fcmp_pp::ed_derivatives_to_wei_x_y(plt.I_derivatives, l.I_x, l.I_y) &&
         fcmp_pp::ed_derivatives_to_wei_x_y(plt.C_derivatives, l.C_x, l.C_y);
}

template <bool carrot, std::size_t count>
class test_outputs_to_leaves {
 public:
  static const std::size_t loop_count = count <= 16 ? 400 : count <= 128 ? 50 : 20;
  static const std::size_t items_per_call = count;
  bool init() {
    test();
    for (std::size_t i = 0; i < count; ++i) {
      cncrypto::output_leaf l{};
      if (!leaf_single(m_outputs[i], l) || m_leaves[i].status != cncrypto::leaf_status::ok) return false;
      l.status = cncrypto::leaf_status::ok;
      if (std::memcmp(&l, &m_leaves[i], sizeof l) != 0) return false;
    }
    return true;
  }
  bool test() {
    cncrypto::outputs_to_leaves(m_outputs.data(), count, m_leaves.data());
    return true;
  }

 private:
  std::vector<fcmp_pp::OutputPair> m_outputs = leaf_outputs(carrot, count);
  std::vector<cncrypto::output_leaf> m_leaves = std::vector<cncrypto::output_leaf>(count);
};

// Its peer: the same count outputs by the single calls, one output after the
// other (output_to_pre_leaf_tuple, which computes the tuple, then the three
// ed_derivatives_to_wei_x_y).
template <bool carrot, std::size_t count>
class test_outputs_to_leaves_loop {
 public:
  static const std::size_t loop_count = test_outputs_to_leaves<carrot, count>::loop_count;
  static const std::size_t items_per_call = count;
  bool init() { return true; }
  bool test() {
    bool ok = true;
    for (const fcmp_pp::OutputPair &pair : m_outputs) {
      const cncrypto::pre_leaf_tuple plt = cncrypto::output_to_pre_leaf_tuple(pair);
      ok &= fcmp_pp::ed_derivatives_to_wei_x_y(plt.O_derivatives, m_leaf.O_x, m_leaf.O_y) &&
            fcmp_pp::ed_derivatives_to_wei_x_y(plt.I_derivatives, m_leaf.I_x, m_leaf.I_y) &&
            fcmp_pp::ed_derivatives_to_wei_x_y(plt.C_derivatives, m_leaf.C_x, m_leaf.C_y);
    }
    return ok;
  }

 private:
  std::vector<fcmp_pp::OutputPair> m_outputs = leaf_outputs(carrot, count);
  cncrypto::output_leaf m_leaf{};
};

// test_outputs_to_leaves<kind, N> with its single-call peer, for each N.
template <bool carrot, std::size_t... counts>
void leaf_rows(registry &r, const std::string &kind) {
  ((r.test<test_outputs_to_leaves<carrot, counts>>("test_outputs_to_leaves<" + kind + ", " + std::to_string(counts) +
                                                   ">"),
    r.peer<test_outputs_to_leaves_loop<carrot, counts>>("test_outputs_to_leaves_loop<" + kind + ", " +
                                                        std::to_string(counts) + ">")),
   ...);
}

inline void register_fcmp_pp_tests(registry &r) {
  r.test<fcmp_row<run_mul8_is_identity, 100000>>("test_mul8_is_identity_vartime");
  r.test<fcmp_row<run_clear_torsion, 10000>>("test_clear_torsion_vartime");
  r.test<fcmp_row<run_get_valid_torsion_cleared, 10000>>("test_get_valid_torsion_cleared_point_vartime");
  r.test<fcmp_row<run_point_to_wei_x_y, 10000>>("test_point_to_wei_x_y");
  r.test<fcmp_row<run_unbiased_hash_to_ec, 10000>>("test_unbiased_hash_to_ec");
  r.test<fcmp_row<run_derive_key_image_generator<true>, 10000>>("test_derive_key_image_generator<true>");
  r.test<fcmp_row<run_derive_key_image_generator<false>, 10000>>("test_derive_key_image_generator<false>");
  r.test<fcmp_row<run_output_to_tuple, 2000>>("test_output_to_tuple");
  r.test<fcmp_row<run_edwards_to_x25519, 10000>>("test_edwards_bytes_to_x25519_vartime");
  leaf_rows<false, 16, 128, 512>(r, "legacy");
  leaf_rows<true, 16, 128, 512>(r, "carrot");
}

}  // namespace perf
