// Monero master's FCMP++ curve functions in Monero's idiom, compiled against the
// installed package with Monero's include paths only (scripts/test-consumer.sh):
// crypto/generators.h, crypto.h's unbiased_hash_to_ec / derive_key_image_generator /
// ec_coord / to_bytes, crypto-ops.h included in extern "C" as Monero's C++ does
// (edwards_bytes_to_x25519_vartime), fcmp_pp/fcmp_pp_crypto.h, fcmp_pp_types.h
// and curve_trees.h's output_to_tuple, as curve_trees.cpp calls them.
// Expected values: lines of ../shared/vectors/monero_master_crypto.txt (computed
// by Monero master 0aa9c51's code): "generator T/U/V", "unbiased_hash_to_ec x",
// "derive_key_image_generator 0d57...ffc3 true/false", the first
// "get_valid_torsion_cleared_point_vartime" line with torsion, "... 0100..00 false",
// the first "point_to_wei_x_y" and "edwards_bytes_to_x25519_vartime" lines, and
// the first "output_to_tuple legacy/carrot_v1" lines and a "throws" one (also
// through cncrypto::outputs_to_leaves, the batched form).
#include <cstring>
#include <stdexcept>

extern "C"
{
#include "crypto/crypto-ops.h"
}
#include "check.h"
#include "crypto/crypto.h"
#include "crypto/generators.h"
#include "fcmp_pp/curve_trees.h"
#include "fcmp_pp/fcmp_pp_crypto.h"
#include "fcmp_pp/fcmp_pp_types.h"

using monero_idiom::check;
using monero_idiom::from_hex;

namespace {
template <typename T>
bool same(const T &a, const char *hex) {
  T b;
  from_hex(hex, b);
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}
}  // namespace

int main() {
  const char *program = "fcmp_pp_names";
  using namespace crypto;

  // Monero master's hard-coded T, U, V (not what its documented derivation gives).
  check(program, "get_T", same(get_T(), "61b736ce93b62a3d3778ab204da85d3b4cdc07250f5da7e3df2629928134d526"));
  check(program, "get_U", same(get_U(), "506b23f6d6e530997abcacc6fd347734b14c2bd79bea00eeb04857e8eadd1a8a"));
  check(program, "get_V", same(get_V(), "6935f413f83109138a7a14b409552d3b76d88fca81bb5927e9a1e130cdfe29f9"));
  // T + 0 through the cached form, as Monero's callers add the generators.
  ge_p3 identity;
  ge_p3_0(&identity);
  const ge_cached T_cached = get_T_cached();
  ge_p1p1 sum;
  ge_add(&sum, &identity, &T_cached);
  ge_p3 T_p3;
  ge_p1p1_to_p3(&T_p3, &sum);
  public_key T_bytes;
  ge_p3_tobytes(to_bytes(T_bytes), &T_p3);
  check(program, "get_T_cached", T_bytes == get_T());

  ec_point p;
  unbiased_hash_to_ec(nullptr, 0, p);
  check(program, "unbiased_hash_to_ec of nothing",
        same(p, "b8996f37f48a9db775d0bb2f83a5b4559c16963b711451770c65f03769529801"));
  public_key O;
  from_hex("0d57ba8e290784992ea3b45f05352a66edb4a3663c4233022f79710deb9dffc3", O);
  derive_key_image_generator(O, true, p);
  check(program, "derive_key_image_generator biased",
        same(p, "07c0029607cb35507f013dae5f9ddb1e79608fe739d8119711a79d1d847607ce"));
  derive_key_image_generator(O, false, p);
  check(program, "derive_key_image_generator unbiased",
        same(p, "940f36276ce2e043ed5b96ba81961e296ef99fcff6b3f9246ad7f3f25c382f82"));

  ec_point torsioned, cleared;
  from_hex("9ae17bd5b3ab76908e6098d0bbaa320ffab6fb7303698aca3b14d617f7d1f047", torsioned);
  check(program, "get_valid_torsion_cleared_point_vartime",
        fcmp_pp::get_valid_torsion_cleared_point_vartime(torsioned, cleared) &&
            same(cleared, "c44b20ea0ba366f95d83dfec79573559106bf0ee75b76ae7709af5a8d0ff34ce"));
  check(program, "get_valid_torsion_cleared_point_vartime of the identity",
        !fcmp_pp::get_valid_torsion_cleared_point_vartime(fcmp_pp::EC_I, cleared));
  ge_p3 P;
  check(program, "mul8_is_identity_vartime",
        ge_frombytes_vartime(&P, to_bytes(torsioned)) == 0 && !fcmp_pp::mul8_is_identity_vartime(P));

  ec_coord wei_x, wei_y;
  check(program, "point_to_wei_x_y",
        fcmp_pp::point_to_wei_x_y(O, wei_x, wei_y) &&
            same(wei_x, "c1289daca1dc2e3cced320a7492fd8f77dfdbd35d14884538b703e0b1248741e") &&
            same(wei_y, "0d33e116b8c6184acf5a6407c71c40272ae1ad713631ae90a14c1477cb7e4c1a"));
  // The same through Monero master's crypto-ops.h steps (fcmp_pp_crypto.cpp's
  // way): derivatives, fe_batch_invert of (1-y, (1-y)x), fe_ed_derivatives_to_wei_x_y.
  fcmp_pp::EdDerivatives d;
  fe batch[2], inv[2];
  ec_coord wx2, wy2;
  bool derived = fcmp_pp::point_to_ed_derivatives(O, d);
  std::memcpy(batch[0], d.one_minus_y, sizeof(fe));
  std::memcpy(batch[1], d.one_minus_y_mul_x, sizeof(fe));
  derived = derived && fe_batch_invert(inv, batch, 2) == 0;
  if (derived) fe_ed_derivatives_to_wei_x_y(to_bytes(wx2), to_bytes(wy2), inv[0], d.one_plus_y, inv[1]);
  check(program, "fe_batch_invert + fe_ed_derivatives_to_wei_x_y", derived && std::memcmp(&wx2, &wei_x, 32) == 0 && std::memcmp(&wy2, &wei_y, 32) == 0);
  fe_0(batch[1]);
  check(program, "fe_batch_invert refuses a zero", fe_batch_invert(inv, batch, 2) != 0);
  check(program, "fe_equals", fe_equals(fe_a, fe_a) == 1 && fe_equals(fe_a, fe_c) == 0);
  ec_coord x25519;
  check(program, "edwards_bytes_to_x25519_vartime",
        edwards_bytes_to_x25519_vartime(to_bytes(x25519), to_bytes(O)) == 0 &&
            same(x25519, "5d04f001f7318491232976fc9e842d4dd352138b269ed9a8e0c59360679dc973"));
  check(program, "edwards_bytes_to_x25519_vartime of the identity",
        edwards_bytes_to_x25519_vartime(to_bytes(x25519), to_bytes(fcmp_pp::EC_I)) != 0);

  // curve_trees.cpp's way: an OutputPair variant, then the tuple.
  public_key output_pubkey;
  ec_point commitment;
  from_hex("f4a2ad0501f7ec5666b53f172bdcb9777a1d05ea7f4d2d59d65cfd422868d07a", output_pubkey);
  from_hex("9d1f320673dd621cb7356d60297fdafd357a4012555eeec48eaba9b545b0bf22", commitment);
  const fcmp_pp::OutputPair legacy{fcmp_pp::LegacyOutputPair{{output_pubkey, commitment}}};
  const fcmp_pp::OutputTuple legacy_tuple = fcmp_pp::curve_trees::output_to_tuple(legacy);
  const fcmp_pp::OutputTuple expected_legacy = fcmp_pp::output_tuple_from_bytes(
      output_pubkey, [] { ec_point i; from_hex("131cc889d7166c96a60191400ad896b2fbca9fcd9ebd1e9234856ca3312ed823", i); return i; }(),
      commitment);
  check(program, "output_to_tuple legacy", legacy_tuple == expected_legacy);
  fcmp_pp::CarrotOutputPairV1 carrot;
  carrot.output_pubkey = output_pubkey;
  carrot.commitment = commitment;
  const fcmp_pp::OutputTuple carrot_tuple = fcmp_pp::curve_trees::output_to_tuple(carrot);
  check(program, "output_to_tuple carrot_v1",
        same(carrot_tuple.I, "e8e74181d2873acd4395bd9d4850dd3d331add9ea4f555934ca539ba9fad1bf5") &&
            std::memcmp(carrot_tuple.O, &output_pubkey, 32) == 0 && !fcmp_pp::use_biased_hash_to_point(carrot));
  bool threw = false;
  try {
    fcmp_pp::curve_trees::output_to_tuple(fcmp_pp::LegacyOutputPair{{public_key{fcmp_pp::EC_I}, commitment}});
  } catch (const std::runtime_error &) {
    threw = true;
  }
  check(program, "output_to_tuple of the identity throws", threw);
  // cncrypto's batched form (fcmp_pp/curve_trees.h): the same tuples, the bad
  // output failing only its own entry.
  const fcmp_pp::OutputPair pairs[3] = {legacy, fcmp_pp::LegacyOutputPair{{public_key{fcmp_pp::EC_I}, commitment}},
                                        carrot};
  cncrypto::output_leaf leaves[3];
  cncrypto::outputs_to_leaves(pairs, 3, leaves);
  check(program, "outputs_to_leaves",
        leaves[0].status == cncrypto::leaf_status::ok && leaves[0].tuple == expected_legacy &&
            leaves[1].status == cncrypto::leaf_status::bad_output_key &&
            leaves[2].status == cncrypto::leaf_status::ok && leaves[2].tuple == carrot_tuple);
  return 0;
}
