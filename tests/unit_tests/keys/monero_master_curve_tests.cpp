// Monero master's new curve functions (issue 34 point 2), through Monero master's
// names and public headers: crypto/generators.h, crypto/crypto.h's
// unbiased_hash_to_ec and derive_key_image_generator (and cncrypto's
// biased_hash_to_ec), fcmp_pp/fcmp_pp_crypto.h, fcmp_pp/fcmp_pp_types.h,
// fcmp_pp/curve_trees.h (output_to_tuple, cncrypto::output_to_pre_leaf_tuple) and
// crypto-ops.h's edwards_bytes_to_x25519_vartime.
// Expected values: every line of those kinds in
// ../shared/vectors/monero_master_crypto.txt, computed by Monero master's own
// code at 0aa9c51 (release build) and recomputed independently in Python
// (README_master.md). The per-kind counts are README_master.md's table, so a
// kind that stopped being read fails. Skipped, with a message, without ../shared.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "crypto/generators.h"
#include "fcmp_pp/curve_trees.h"
#include "fcmp_pp/fcmp_pp_crypto.h"
#include "fcmp_pp/fcmp_pp_types.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

using namespace cncrypto::test;

namespace {

template <typename T>
T as(const std::string &field) {
  const auto v = hex_field(field);
  if (v.size() != sizeof(T)) throw std::runtime_error("field of the wrong size: " + field);
  T out;
  std::memcpy(&out, v.data(), sizeof(T));
  return out;
}

template <typename T>
std::string hex(const T &v) {
  return cncrypto::hex_encode(reinterpret_cast<const unsigned char *>(&v), sizeof(T));
}

std::string fe_hex(const fe f) {
  unsigned char b[32];
  fe_tobytes(b, f);
  return cncrypto::hex_encode(b, 32);
}

std::string p3_hex(const ge_p3 &p) {
  unsigned char b[32];
  ge_p3_tobytes(b, &p);
  return cncrypto::hex_encode(b, 32);
}

// A line's point, decoded; the mul8/clear_torsion lines hold decodable points only.
ge_p3 decoded(const std::string &field) {
  const auto p = as<crypto::ec_point>(field);
  ge_p3 r;
  if (ge_frombytes_vartime(&r, to_bytes(p)) != 0) throw std::runtime_error("point does not decode: " + field);
  return r;
}

struct generator_fns {
  crypto::public_key (*bytes)();
  ge_p3 (*p3)();
  ge_cached (*cached)();
};

const std::map<std::string, generator_fns> &generators() {
  static const std::map<std::string, generator_fns> m = {
      {"G", {crypto::get_G, crypto::get_G_p3, crypto::get_G_cached}},
      {"H", {crypto::get_H, crypto::get_H_p3, crypto::get_H_cached}},
      {"T", {crypto::get_T, crypto::get_T_p3, crypto::get_T_cached}},
      {"U", {crypto::get_U, crypto::get_U_p3, crypto::get_U_cached}},
      {"V", {crypto::get_V, crypto::get_V_p3, crypto::get_V_cached}}};
  return m;
}

std::string derivatives_hex(const fcmp_pp::EdDerivatives &d) {
  return fe_hex(d.one_plus_y) + " " + fe_hex(d.one_minus_y) + " " + fe_hex(d.one_minus_y_mul_x);
}

// "true WX WY" or "false" from ed_derivatives_to_wei_x_y.
std::string wei(const fcmp_pp::EdDerivatives &d) {
  crypto::ec_coord x, y;
  if (!fcmp_pp::ed_derivatives_to_wei_x_y(d, x, y)) return "false";
  return "true " + hex(x) + " " + hex(y);
}

fcmp_pp::OutputPair output_pair(const std::string &type, const std::string &o, const std::string &c) {
  const auto O = as<crypto::public_key>(o);
  const auto C = as<crypto::ec_point>(c);
  if (type == "legacy") return fcmp_pp::LegacyOutputPair{{O, C}};
  if (type == "carrot_v1") return fcmp_pp::CarrotOutputPairV1{{O, C}};
  throw std::runtime_error("unknown output type " + type);
}

// The fields after `first`, joined by spaces (the expected answer of a line).
std::string tail(const std::vector<std::string> &f, std::size_t first) {
  std::string s;
  for (std::size_t i = first; i < f.size(); ++i) s += (i > first ? " " : "") + f[i];
  return s;
}

// One line's answer, computed through Monero master's names, in the line's format.
std::string answer(const std::vector<std::string> &f) {
  const std::string &kind = f[0];
  if (kind == "generator") return hex(generators().at(f[1]).bytes());
  if (kind == "generator_p3") return p3_hex(generators().at(f[1]).p3());
  if (kind == "generator_cached") {  // identity + cached, encoded (the README's definition)
    const ge_cached c = generators().at(f[1]).cached();
    ge_p3 id;
    ge_p3_0(&id);
    ge_p1p1 sum;
    ge_add(&sum, &id, &c);
    ge_p3 r;
    ge_p1p1_to_p3(&r, &sum);
    return p3_hex(r);
  }
  if (kind == "generator_reproduced") return hex(cncrypto::reproduce_generator(f[1].at(0)));
  if (kind == "generator_from_seed") {
    const auto seed = hex_field(f[1]);
    return hex(cncrypto::generator_from_seed(seed.empty() ? nullptr : seed.data(), seed.size()));
  }
  if (kind == "biased_hash_to_ec") {
    crypto::ec_point p;
    cncrypto::biased_hash_to_ec(as<crypto::public_key>(f[1]), p);
    return hex(p);
  }
  if (kind == "unbiased_hash_to_ec") {
    const auto data = hex_field(f[1]);
    crypto::ec_point p;
    crypto::unbiased_hash_to_ec(data.empty() ? nullptr : data.data(), data.size(), p);
    return hex(p);
  }
  if (kind == "derive_key_image_generator") {
    crypto::ec_point p;
    crypto::derive_key_image_generator(as<crypto::public_key>(f[1]), bool_field(f[2]), p);
    return hex(p);
  }
  if (kind == "mul8_is_identity_vartime") return fcmp_pp::mul8_is_identity_vartime(decoded(f[1])) ? "true" : "false";
  if (kind == "clear_torsion_vartime") return hex(fcmp_pp::clear_torsion_vartime(decoded(f[1])));
  if (kind == "get_valid_torsion_cleared_point_vartime") {
    crypto::ec_point out;
    if (!fcmp_pp::get_valid_torsion_cleared_point_vartime(as<crypto::ec_point>(f[1]), out)) return "false";
    return "true " + hex(out);
  }
  if (kind == "point_to_ed_derivatives") {
    fcmp_pp::EdDerivatives d;
    if (!fcmp_pp::point_to_ed_derivatives(as<crypto::ec_point>(f[1]), d)) return "false";
    return "true " + derivatives_hex(d);
  }
  if (kind == "ed_derivatives_to_wei_x_y") {
    fcmp_pp::EdDerivatives d;
    fe *parts[3] = {&d.one_plus_y, &d.one_minus_y, &d.one_minus_y_mul_x};
    for (int i = 0; i < 3; ++i) {
      const auto b = as<crypto::ec_coord>(f[1 + i]);
      if (fe_frombytes_vartime(*parts[i], to_bytes(b)) != 0) throw std::runtime_error("non-canonical fe " + f[1 + i]);
    }
    return wei(d);
  }
  if (kind == "point_to_wei_x_y") {
    crypto::ec_coord x, y;
    if (!fcmp_pp::point_to_wei_x_y(as<crypto::ec_point>(f[1]), x, y)) return "false";
    return "true " + hex(x) + " " + hex(y);
  }
  if (kind == "edwards_bytes_to_x25519_vartime") {
    const auto p = as<crypto::ec_point>(f[1]);
    unsigned char u[32];
    if (edwards_bytes_to_x25519_vartime(u, to_bytes(p)) != 0) return "false";
    return "true " + cncrypto::hex_encode(u, 32);
  }
  const fcmp_pp::OutputPair pair = output_pair(f[1], f[2], f[3]);
  try {
    if (kind == "output_to_tuple") {
      const OutputTuple t = fcmp_pp::curve_trees::output_to_tuple(pair);
      return hex(t.O) + " " + hex(t.I) + " " + hex(t.C);
    }
    const cncrypto::pre_leaf_tuple plt = cncrypto::output_to_pre_leaf_tuple(pair);
    if (kind == "output_to_pre_leaf_tuple")
      return derivatives_hex(plt.O_derivatives) + " " + derivatives_hex(plt.I_derivatives) + " " +
             derivatives_hex(plt.C_derivatives);
    if (kind == "output_to_leaf_wei") {  // the three conversions; one failure answers "false"
      std::string out;
      for (const auto *d : {&plt.O_derivatives, &plt.I_derivatives, &plt.C_derivatives}) {
        const std::string w = wei(*d);
        if (w == "false") return "false";
        out += (out.empty() ? "" : " ") + w.substr(5);
      }
      return out;
    }
  } catch (const std::runtime_error &) {
    return "throws";
  }
  throw std::logic_error("unhandled kind " + kind);
}

// Per kind: the first field of a line's expected answer, and README_master.md's
// count of lines and of false/throws answers.
struct kind_info {
  std::size_t answer_field, lines, failing;
};

const std::map<std::string, kind_info> &kinds() {
  static const std::map<std::string, kind_info> m = {
      {"generator", {2, 5, 0}}, {"generator_p3", {2, 5, 0}}, {"generator_cached", {2, 5, 0}},
      {"generator_reproduced", {2, 5, 0}}, {"generator_from_seed", {2, 12, 0}},
      {"biased_hash_to_ec", {2, 148, 0}}, {"unbiased_hash_to_ec", {2, 209, 0}},
      {"derive_key_image_generator", {3, 196, 0}}, {"mul8_is_identity_vartime", {2, 107, 99}},
      {"clear_torsion_vartime", {2, 107, 0}}, {"get_valid_torsion_cleared_point_vartime", {2, 156, 57}},
      {"point_to_ed_derivatives", {2, 156, 50}}, {"ed_derivatives_to_wei_x_y", {4, 107, 10}},
      {"point_to_wei_x_y", {2, 156, 51}}, {"edwards_bytes_to_x25519_vartime", {2, 156, 50}},
      {"output_to_tuple", {4, 216, 45}}, {"output_to_pre_leaf_tuple", {4, 216, 72}},
      {"output_to_leaf_wei", {4, 216, 74}}};  // 74: false 2, throws 72
  return m;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(monero_master_curve)

BOOST_AUTO_TEST_CASE(every_line, *needs_shared()) {
  const auto path = shared_path("vectors/monero_master_crypto.txt");
  std::map<std::string, std::size_t> seen, failures;
  for (const auto &line : read_vector_file(path)) {
    const auto &f = line.fields;
    const auto kind = kinds().find(f[0]);
    if (kind == kinds().end()) continue;  // another module's kind (BLAKE2b, HMAC, merge mining)
    ++seen[f[0]];
    const std::string expected = tail(f, kind->second.answer_field);
    BOOST_TEST_CONTEXT(path.filename().string() << " line " << line.line_number << ": " << f[0]) {
      const std::string got = answer(f);
      BOOST_TEST(got == expected);
      if (got == "throws" || got.rfind("false", 0) == 0) ++failures[f[0]];
    }
  }
  BOOST_TEST(seen.size() == kinds().size());
  for (const auto &[name, info] : kinds()) {
    BOOST_TEST(seen[name] == info.lines, name);
    BOOST_TEST(failures[name] == info.failing, name);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(monero_master_curve_no_vectors)

// The documented derivation: G and H reproduce the constants, T, U, V do not
// (Monero master's constants are what get_T/U/V give; README_master.md).
BOOST_AUTO_TEST_CASE(reproduced_generators) {
  BOOST_TEST(cncrypto::reproduce_generator('G') == crypto::get_G());
  BOOST_TEST(cncrypto::reproduce_generator('H') == crypto::get_H());
  BOOST_TEST(cncrypto::reproduce_generator('T') != crypto::get_T());
  BOOST_TEST(cncrypto::reproduce_generator('U') != crypto::get_U());
  BOOST_TEST(cncrypto::reproduce_generator('V') != crypto::get_V());
  BOOST_CHECK_THROW(cncrypto::reproduce_generator('X'), std::invalid_argument);
  // G's 0.18 encoding, and H as rct::H's bytes (Monero's ringct constant).
  BOOST_TEST(hex(crypto::get_G()) == "5866666666666666666666666666666666666666666666666666666666666666");
  BOOST_TEST(p3_hex(crypto::get_H_p3()) == p3_hex(ge_p3_H));
}

// ge_p3_to_x25519 on the identity fails; on G gives RFC 7748's base point u = 9.
BOOST_AUTO_TEST_CASE(x25519_of_p3) {
  unsigned char u[32];
  ge_p3 id;
  ge_p3_0(&id);
  BOOST_TEST(ge_p3_to_x25519(u, &id) == -1);
  const ge_p3 g = crypto::get_G_p3();
  BOOST_TEST(ge_p3_to_x25519(u, &g) == 0);
  BOOST_TEST(cncrypto::hex_encode(u, 32) == "0900000000000000000000000000000000000000000000000000000000000000");
}

// The types: variant helpers and equality (Monero master's fcmp_pp_types.cpp semantics).
BOOST_AUTO_TEST_CASE(output_pair_types) {
  const auto O = crypto::get_T(), O2 = crypto::get_U();
  const crypto::ec_point C = crypto::get_V();
  const fcmp_pp::OutputPair legacy = fcmp_pp::LegacyOutputPair{{O, C}};
  const fcmp_pp::OutputPair carrot = fcmp_pp::CarrotOutputPairV1{{O, C}};
  BOOST_TEST(fcmp_pp::use_biased_hash_to_point(legacy));
  BOOST_TEST(!fcmp_pp::use_biased_hash_to_point(carrot));
  BOOST_TEST(!fcmp_pp::output_checked_for_torsion(legacy));
  BOOST_TEST(fcmp_pp::output_checked_for_torsion(carrot));
  BOOST_TEST(fcmp_pp::output_pubkey_cref(carrot) == O);
  BOOST_TEST(fcmp_pp::commitment_cref(legacy) == C);
  BOOST_TEST(!(legacy == carrot));  // same bytes, other kind
  BOOST_TEST((fcmp_pp::UnifiedOutput{7, legacy} == fcmp_pp::UnifiedOutput{7, legacy}));
  BOOST_TEST(!(fcmp_pp::UnifiedOutput{7, legacy} == fcmp_pp::UnifiedOutput{7, fcmp_pp::LegacyOutputPair{{O2, C}}}));
  const OutputTuple a = fcmp_pp::output_tuple_from_bytes(O, C, O2);
  OutputTuple b = a;
  BOOST_TEST((a == b));
  b.I[31] ^= 1;
  BOOST_TEST(!(a == b));
}

BOOST_AUTO_TEST_SUITE_END()
