// Monero master's FCMP++ point helpers, types and output tuples
// (fcmp_pp/fcmp_pp_crypto.h, fcmp_pp/fcmp_pp_types.h, fcmp_pp/curve_trees.h).
// Behaviour from ../shared/vectors/README_master.md (Monero master 0aa9c51,
// release build); the code is ours, on crypto-ops.h's field and group functions.
#include "fcmp_pp/curve_trees.h"
#include "fcmp_pp/fcmp_pp_crypto.h"
#include "fcmp_pp/fcmp_pp_types.h"

#include "key_helpers.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace fcmp_pp {

using crypto::keys_detail::u8;

namespace {

// 486662/3 mod p and Monero's fe_c (a square root of -(486662 + 2)), canonical bytes.
const unsigned char a_mont_third_bytes[32] = {
    0x51, 0x24, 0xad, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa,
    0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0x2a};
const unsigned char fe_c_bytes[32] = {
    0xe7, 0x81, 0xba, 0x00, 0x55, 0xfb, 0x91, 0x33, 0x7d, 0xe5, 0x82, 0xb4, 0x2e, 0x2c, 0x5e, 0x3a,
    0x81, 0xb0, 0x03, 0xfc, 0x23, 0xf7, 0x84, 0x2d, 0x44, 0xf9, 0x5f, 0x9f, 0x0b, 0x12, 0xd9, 0x70};

// r = 8*p as a ge_p3.
void times8(ge_p3 &r, const ge_p2 &p) {
  ge_p1p1 t;
  ge_mul8(&t, &p);
  ge_p1p1_to_p3(&r, &t);
}

}  // namespace

bool mul8_is_identity_vartime(const ge_p3 &point) {
  ge_p2 p;
  ge_p3_to_p2(&p, &point);
  ge_p3 p8;
  times8(p8, p);
  return ge_p3_is_point_at_infinity_vartime(&p8) != 0;
}

crypto::ec_point clear_torsion_vartime(const ge_p3 &point) {
  // (1/8)*point (vartime: the point is public), then times 8.
  static const unsigned char zero[32] = {0};
  ge_p2 inv8;
  ge_double_scalarmult_base_vartime(&inv8, to_bytes(EC_INV_EIGHT), &point, zero);
  ge_p3 cleared;
  times8(cleared, inv8);
  crypto::ec_point out;
  ge_p3_tobytes(to_bytes(out), &cleared);
  return out;
}

bool get_valid_torsion_cleared_point_vartime(const crypto::ec_point &point, crypto::ec_point &torsion_cleared_out) {
  ge_p3 p;
  if (ge_frombytes_vartime(&p, to_bytes(point)) != 0) return false;
  torsion_cleared_out = clear_torsion_vartime(p);
  return torsion_cleared_out != EC_I;
}

bool point_to_ed_derivatives(const crypto::ec_point &torsion_free_point, EdDerivatives &ed_derivatives) {
  if (torsion_free_point == EC_I) return false;
  ge_p3 p;  // Z = 1: X and Y are the affine x and y
  if (ge_frombytes_vartime(&p, to_bytes(torsion_free_point)) != 0) return false;
  fe one;
  fe_1(one);
  fe_add(ed_derivatives.one_plus_y, one, p.Y);
  fe_sub(ed_derivatives.one_minus_y, one, p.Y);
  fe_mul(ed_derivatives.one_minus_y_mul_x, ed_derivatives.one_minus_y, p.X);
  return true;
}

bool ed_derivatives_to_wei_x_y(const EdDerivatives &ed_derivatives, crypto::ec_coord &wei_x, crypto::ec_coord &wei_y) {
  const EdDerivatives &d = ed_derivatives;
  // 1/B and 1/C from one inversion of B*C (Montgomery's trick for two).
  fe bc, inv_bc, inv_b, inv_c;
  fe_mul(bc, d.one_minus_y, d.one_minus_y_mul_x);
  if (!fe_isnonzero(bc)) return false;
  fe_invert(inv_bc, bc);
  fe_mul(inv_b, inv_bc, d.one_minus_y_mul_x);
  fe_mul(inv_c, inv_bc, d.one_minus_y);
  fe a_third, c, x, y;
  fe_frombytes_vartime(a_third, a_mont_third_bytes);  // canonical constants: cannot fail
  fe_frombytes_vartime(c, fe_c_bytes);
  fe_mul(x, d.one_plus_y, inv_b);
  fe_add(x, x, a_third);
  fe_mul(y, d.one_plus_y, inv_c);
  fe_mul(y, y, c);
  fe_tobytes(to_bytes(wei_x), x);
  fe_tobytes(to_bytes(wei_y), y);
  return true;
}

bool point_to_wei_x_y(const crypto::ec_point &torsion_free_point, crypto::ec_coord &wei_x, crypto::ec_coord &wei_y) {
  EdDerivatives d;
  return point_to_ed_derivatives(torsion_free_point, d) && ed_derivatives_to_wei_x_y(d, wei_x, wei_y);
}

// ---- types ----------------------------------------------------------------

OutputTuple output_tuple_from_bytes(const crypto::ec_point &O, const crypto::ec_point &I, const crypto::ec_point &C) {
  OutputTuple t;
  std::memcpy(t.O, &O, sizeof t.O);
  std::memcpy(t.I, &I, sizeof t.I);
  std::memcpy(t.C, &C, sizeof t.C);
  return t;
}

const crypto::public_key &output_pubkey_cref(const OutputPair &output_pair) {
  return std::visit([](const auto &o) -> const crypto::public_key & { return o.output_pubkey; }, output_pair);
}

const crypto::ec_point &commitment_cref(const OutputPair &output_pair) {
  return std::visit([](const auto &o) -> const crypto::ec_point & { return o.commitment; }, output_pair);
}

bool output_checked_for_torsion(const OutputPair &output_pair) {
  return std::holds_alternative<CarrotOutputPairV1>(output_pair);
}

bool use_biased_hash_to_point(const OutputPair &output_pair) {
  return std::holds_alternative<LegacyOutputPair>(output_pair);
}

// ---- output tuples ----------------------------------------------------------

namespace curve_trees {

OutputTuple output_to_tuple(const OutputPair &output_pair) {
  const crypto::public_key &output_pubkey = output_pubkey_cref(output_pair);
  const crypto::ec_point &commitment = commitment_cref(output_pair);
  crypto::ec_point O = output_pubkey, C = commitment;
  if (!output_checked_for_torsion(output_pair)) {
    if (!get_valid_torsion_cleared_point_vartime(output_pubkey, O))
      throw std::runtime_error("fcmp_pp::curve_trees::output_to_tuple: output key does not decode or has small order");
    if (!get_valid_torsion_cleared_point_vartime(commitment, C))
      throw std::runtime_error("fcmp_pp::curve_trees::output_to_tuple: commitment does not decode or has small order");
  }
  if (O == EC_I) throw std::runtime_error("fcmp_pp::curve_trees::output_to_tuple: output key is the identity");
  if (C == EC_I) throw std::runtime_error("fcmp_pp::curve_trees::output_to_tuple: commitment is the identity");
  crypto::ec_point I;
  crypto::derive_key_image_generator(output_pubkey, use_biased_hash_to_point(output_pair), I);
  return output_tuple_from_bytes(O, I, C);
}

}  // namespace curve_trees
}  // namespace fcmp_pp

namespace cncrypto {

pre_leaf_tuple output_to_pre_leaf_tuple(const fcmp_pp::OutputPair &output_pair) {
  const fcmp_pp::OutputTuple t = fcmp_pp::curve_trees::output_to_tuple(output_pair);
  struct {
    const std::uint8_t *bytes;
    fcmp_pp::EdDerivatives *out;
    const char *what;
  } parts[3];
  pre_leaf_tuple r;
  parts[0] = {t.O, &r.O_derivatives, "O"};
  parts[1] = {t.I, &r.I_derivatives, "I"};
  parts[2] = {t.C, &r.C_derivatives, "C"};
  for (const auto &part : parts) {
    crypto::ec_point p;
    std::memcpy(&p, part.bytes, sizeof p);
    if (!fcmp_pp::point_to_ed_derivatives(p, *part.out))
      throw std::runtime_error(std::string("cncrypto::output_to_pre_leaf_tuple: no ed derivatives for ") + part.what +
                               " (identity or undecodable)");
  }
  return r;
}

}  // namespace cncrypto
