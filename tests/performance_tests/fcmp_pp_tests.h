// Monero master's FCMP++ curve functions, one call each (issue 34 point 2): torsion
// clearing, the Weierstrass conversion, the key-image generators, the output tuple
// and the X25519 conversion. Monero master's performance_tests has no rows for
// them; the names are test_<function>. Inputs: an output key with a torsion
// component (k*G + T8, as a pre-FCMP++ output may have) and a torsion-free
// commitment, both built in init(), which checks that clearing the key's torsion
// gives the clean point back. Batched leaf preparation (issue 34 point 3) is not here.
#pragma once

#include <cstddef>
#include <cstring>

#include "crypto/crypto.h"
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
    cncrypto::ed25519::p3_add(&torsioned_p3, &a, &b);
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
}

}  // namespace perf
