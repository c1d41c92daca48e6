// Monero master's FCMP++ point helpers, types and output tuples
// (fcmp_pp/fcmp_pp_crypto.h, fcmp_pp/fcmp_pp_types.h, fcmp_pp/curve_trees.h).
// Behaviour from ../shared/vectors/README_master.md (Monero master 0aa9c51,
// release build); the code is ours, on crypto-ops.h's field and group functions.
#include "fcmp_pp/curve_trees.h"
#include "fcmp_pp/fcmp_pp_crypto.h"
#include "fcmp_pp/fcmp_pp_types.h"

#include "curve/face.h"
#include "curve/field.h"
#include "key_helpers.h"
#include "curve/ops.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace fcmp_pp {

using crypto::keys_detail::u8;

bool mul8_is_identity_vartime(const ge_p3 &point_face) {
  const ed::ge_p3 point = ed::from_face(point_face);
  ed::ge_p2 p;
  ed::ge_p3_to_p2(&p, &point);
  ed::ge_p3 p8;
  ed::mul8_p3(p8, p);
  return ed::ge_p3_is_point_at_infinity_vartime(&p8) != 0;
}

namespace {

crypto::ec_point clear_torsion(const ed::ge_p3 &point) {
  // (1/8)*point (vartime: the point is public), then times 8.
  static const unsigned char zero[32] = {0};
  ed::ge_p2 inv8;
  ed::ge_double_scalarmult_base_vartime(&inv8, to_bytes(EC_INV_EIGHT), &point, zero);
  ed::ge_p3 cleared;
  ed::mul8_p3(cleared, inv8);
  crypto::ec_point out;
  ed::ge_p3_tobytes(to_bytes(out), &cleared);
  return out;
}

}  // namespace

crypto::ec_point clear_torsion_vartime(const ge_p3 &point) { return clear_torsion(ed::from_face(point)); }

bool get_valid_torsion_cleared_point_vartime(const crypto::ec_point &point, crypto::ec_point &torsion_cleared_out) {
  ed::ge_p3 p;
  if (ed::ge_frombytes_vartime(&p, to_bytes(point)) != 0) return false;
  torsion_cleared_out = clear_torsion(p);
  return torsion_cleared_out != EC_I;
}

bool point_to_ed_derivatives(const crypto::ec_point &torsion_free_point, EdDerivatives &ed_derivatives) {
  if (torsion_free_point == EC_I) return false;
  // On the layer's types (Z = 1: X and Y are the affine x and y), then into
  // crypto-ops.h's fe (Monero's layout; the values of Monero master's, the limbs
  // in the canonical form: curve/face.h).
  ed::ge_p3 p;
  if (ed::ge_frombytes_vartime(&p, to_bytes(torsion_free_point)) != 0) return false;
  ed::fe one, plus, minus, minus_x;
  ed::fe_1(one);
  ed::fe_add(plus, one, p.Y);
  ed::fe_sub(minus, one, p.Y);
  ed::fe_mul(minus_x, minus, p.X);
  ed::ref10::from_internal(ed_derivatives.one_plus_y, plus);
  ed::ref10::from_internal(ed_derivatives.one_minus_y, minus);
  ed::ref10::from_internal(ed_derivatives.one_minus_y_mul_x, minus_x);
  return true;
}

bool ed_derivatives_to_wei_x_y(const EdDerivatives &ed_derivatives, crypto::ec_coord &wei_x, crypto::ec_coord &wei_y) {
  // 1/B and 1/C by one batch inversion on the layer's types (false when either is
  // zero, as Monero master's fcmp_pp_crypto.cpp with crypto-ops.h's fe_batch_invert),
  // with stack scratch (curve/field.h) so that the conversion does not allocate;
  // then crypto-ops.h's formulas.
  ed::fe in[2], inv[2];
  ed::ref10::to_internal(in[0], ed_derivatives.one_minus_y);
  ed::ref10::to_internal(in[1], ed_derivatives.one_minus_y_mul_x);
  ed::fe_elem prefix[2], value[2];
  unsigned char zero[2];
  ed::fe_batch_invert_with(inv, in, 2, prefix, value, zero);
  if (zero[0] | zero[1]) return false;
  fe inv_face[2];
  ed::ref10::from_internal(inv_face[0], inv[0]);
  ed::ref10::from_internal(inv_face[1], inv[1]);
  fe_ed_derivatives_to_wei_x_y(to_bytes(wei_x), to_bytes(wei_y), inv_face[0], ed_derivatives.one_plus_y, inv_face[1]);
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
