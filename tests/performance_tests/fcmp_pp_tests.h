// Monero master's FCMP++ curve functions, one call each (issue 34 point 2): torsion
// clearing, the Weierstrass conversion, the key-image generators, the output tuple
// and the X25519 conversion. Monero master's performance_tests has no rows for
// them; the names are test_<function>. Inputs: an output key with a torsion
// component (k*G + T8, as a pre-FCMP++ output may have) and a torsion-free
// commitment, both built in init(), which checks a property of each function
// first. Batched leaf preparation (issue 34 point 3) is not here.
#pragma once

#include <cstddef>
#include <cstring>

#include "crypto/crypto.h"
#include "crypto/generators.h"
#include "fcmp_pp/curve_trees.h"
#include "fcmp_pp/fcmp_pp_crypto.h"
#include "performance_tests.h"
#include "test_data.h"

namespace perf {

// A random point k*G plus the order-8 point T8 (torsioned), and k*G itself.
struct fcmp_inputs {
  crypto::public_key torsioned, clean;
  ge_p3 torsioned_p3;

  bool make() {
    crypto::secret_key k;
    crypto::generate_keys(clean, k);
    static const unsigned char t8[32] = {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b,
                                         0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39,
                                         0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a};
    ge_p3 a, b;
    if (ge_frombytes_vartime(&a, to_bytes(clean)) != 0 || ge_frombytes_vartime(&b, t8) != 0) return false;
    ge_cached bc;
    ge_p3_to_cached(&bc, &b);
    ge_p1p1 s;
    ge_add(&s, &a, &bc);
    ge_p1p1_to_p3(&torsioned_p3, &s);
    ge_p3_tobytes(to_bytes(torsioned), &torsioned_p3);
    // Clearing the torsion gives k*G back.
    return fcmp_pp::clear_torsion_vartime(torsioned_p3) == static_cast<const crypto::ec_point &>(clean);
  }
};

class fcmp_test_base {
 public:
  bool init() { return m_in.make(); }

 protected:
  fcmp_inputs m_in;
};

class test_mul8_is_identity_vartime : public fcmp_test_base {
 public:
  static const std::size_t loop_count = 100000;
  bool test() { return !fcmp_pp::mul8_is_identity_vartime(m_in.torsioned_p3); }
};

class test_clear_torsion_vartime : public fcmp_test_base {
 public:
  static const std::size_t loop_count = 10000;
  bool test() {
    m_out = fcmp_pp::clear_torsion_vartime(m_in.torsioned_p3);
    return true;
  }

 private:
  crypto::ec_point m_out;
};

// Decoding included (bytes in, as curve_trees.cpp calls it on chain bytes).
class test_get_valid_torsion_cleared_point_vartime : public fcmp_test_base {
 public:
  static const std::size_t loop_count = 10000;
  bool test() { return fcmp_pp::get_valid_torsion_cleared_point_vartime(m_in.torsioned, m_out); }

 private:
  crypto::ec_point m_out;
};

class test_point_to_wei_x_y : public fcmp_test_base {
 public:
  static const std::size_t loop_count = 10000;
  bool test() { return fcmp_pp::point_to_wei_x_y(m_in.clean, m_x, m_y); }

 private:
  crypto::ec_coord m_x, m_y;
};

class test_unbiased_hash_to_ec : public fcmp_test_base {
 public:
  static const std::size_t loop_count = 10000;
  bool test() {
    crypto::unbiased_hash_to_ec(reinterpret_cast<const unsigned char *>(m_in.clean.data), 32, m_out);
    return true;
  }

 private:
  crypto::ec_point m_out;
};

template <bool biased>
class test_derive_key_image_generator : public fcmp_test_base {
 public:
  static const std::size_t loop_count = 10000;
  bool test() {
    crypto::derive_key_image_generator(m_in.torsioned, biased, m_out);
    return true;
  }

 private:
  crypto::ec_point m_out;
};

// A legacy output (torsioned key, clean commitment): two decodings and torsion
// clearings, and the biased key-image generator.
class test_output_to_tuple : public fcmp_test_base {
 public:
  static const std::size_t loop_count = 2000;
  bool init() {
    if (!fcmp_test_base::init()) return false;
    m_pair = fcmp_pp::LegacyOutputPair{{m_in.torsioned, m_in.clean}};
    return true;
  }
  bool test() {
    const OutputTuple t = fcmp_pp::curve_trees::output_to_tuple(m_pair);
    return std::memcmp(t.C, m_in.clean.data, 32) == 0;
  }

 private:
  fcmp_pp::OutputPair m_pair;
};

class test_edwards_bytes_to_x25519_vartime : public fcmp_test_base {
 public:
  static const std::size_t loop_count = 10000;
  bool test() { return edwards_bytes_to_x25519_vartime(m_u, to_bytes(m_in.clean)) == 0; }

 private:
  unsigned char m_u[32];
};

inline void register_fcmp_pp_tests(registry &r) {
  TEST_PERFORMANCE0(r, test_mul8_is_identity_vartime);
  TEST_PERFORMANCE0(r, test_clear_torsion_vartime);
  TEST_PERFORMANCE0(r, test_get_valid_torsion_cleared_point_vartime);
  TEST_PERFORMANCE0(r, test_point_to_wei_x_y);
  TEST_PERFORMANCE0(r, test_unbiased_hash_to_ec);
  TEST_PERFORMANCE(r, test_derive_key_image_generator, true);
  TEST_PERFORMANCE(r, test_derive_key_image_generator, false);
  TEST_PERFORMANCE0(r, test_output_to_tuple);
  TEST_PERFORMANCE0(r, test_edwards_bytes_to_x25519_vartime);
}

}  // namespace perf
