// Batched leaf preparation (fcmp_pp/curve_trees.h, cncrypto::outputs_to_leaves;
// issue 34 point 3): the single calls of fcmp_pp.cpp for many outputs at once,
// with the point work on the curve backend's batch entries and the inversions
// shared. docs/fcmp_pp.md, "Batched leaf preparation".
#include "fcmp_pp/curve_trees.h"

#include "crypto/cn_fast_hash_batch.h"
#include "curve/ecmult.h"
#include "curve/field.h"
#include "key_helpers.h"

#include <cstring>

namespace cncrypto {

namespace {

namespace ed = cncrypto::ed25519;
using crypto::keys_detail::u8;

// Outputs per group: 3 points each (O', I, C'), 6 Weierstrass denominators each.
constexpr std::size_t kGroup = 32;

// Slots of an output's points.
enum : std::size_t { kO = 0, kI = 1, kC = 2 };

struct group_work {
  ge_p3 point[3 * kGroup];        // O', I, C' (projective)
  bool have[3 * kGroup];          // point[] holds a point to convert
  ge_p3 mul_in[2 * kGroup];       // legacy O and C, decoded
  ge_p3 mul_out[2 * kGroup];      // (1/8) of them
  std::size_t mul_slot[2 * kGroup];
  bool c_undecodable[kGroup];     // a legacy C that does not decode (reported after O)
  fe den[6 * kGroup];             // Z of each point, then 1 - y and (1 - y) x
  fe inv[6 * kGroup];
  fe one_plus_y[3 * kGroup];
  std::size_t den_slot[3 * kGroup];
  ed::fe_elem prefix[6 * kGroup], value[6 * kGroup];
  unsigned char zero[6 * kGroup];
};

bool is_identity_bytes(const unsigned char *b) {
  return std::memcmp(b, &fcmp_pp::EC_I, 32) == 0;
}

// Encoding of the affine point (x, y), as ge_tobytes gives it.
void encode_affine(unsigned char out[32], const fe x, const fe y) {
  ed::fe_tobytes(out, y);
  out[31] = static_cast<unsigned char>(out[31] ^ (ed::fe_isnegative(x) << 7));
}

void fail(output_leaf &leaf, leaf_status status) {
  std::memset(&leaf, 0, sizeof leaf);
  leaf.status = status;
}

void leaves_group(const fcmp_pp::OutputPair *outputs, std::size_t n, output_leaf *out, group_work &w) {
  // 1. Decode: a legacy pair's O and C go to the torsion clearing; a Carrot pair's
  //    bytes are its tuple's O' and C', decoded only for the conversion.
  std::size_t n_mul = 0;
  for (std::size_t j = 0; j < n; ++j) {
    std::memset(&out[j], 0, sizeof out[j]);
    w.c_undecodable[j] = false;
    for (std::size_t s = 0; s < 3; ++s) w.have[3 * j + s] = false;
    const unsigned char *O = u8(fcmp_pp::output_pubkey_cref(outputs[j]).data);
    const unsigned char *C = u8(fcmp_pp::commitment_cref(outputs[j]).data);
    if (!fcmp_pp::output_checked_for_torsion(outputs[j])) {
      if (ge_frombytes_vartime(&w.mul_in[n_mul], O) != 0) {
        fail(out[j], leaf_status::bad_output_key);
        continue;
      }
      w.mul_slot[n_mul++] = 3 * j + kO;
      if (ge_frombytes_vartime(&w.mul_in[n_mul], C) != 0)
        w.c_undecodable[j] = true;  // output_to_tuple looks at O' first
      else
        w.mul_slot[n_mul++] = 3 * j + kC;
    } else {
      if (is_identity_bytes(O)) {
        fail(out[j], leaf_status::bad_output_key);
        continue;
      }
      if (is_identity_bytes(C)) {
        fail(out[j], leaf_status::bad_commitment);
        continue;
      }
      std::memcpy(out[j].tuple.O, O, 32);
      std::memcpy(out[j].tuple.C, C, 32);
      const bool o_ok = ge_frombytes_vartime(&w.point[3 * j + kO], O) == 0;
      const bool c_ok = ge_frombytes_vartime(&w.point[3 * j + kC], C) == 0;
      w.have[3 * j + kO] = o_ok && c_ok;
      w.have[3 * j + kC] = o_ok && c_ok;
      out[j].status = o_ok && c_ok ? leaf_status::ok : leaf_status::no_ed_derivatives;
    }
    w.have[3 * j + kI] = true;
  }

  // 2. Torsion: P' = 8 ((1/8) P), clear_torsion_vartime's formula, as one batch.
  ed::scalarmult_batch(w.mul_out, u8(&fcmp_pp::EC_INV_EIGHT), w.mul_in, n_mul);
  for (std::size_t k = 0; k < n_mul; ++k) {
    ge_p2 p;
    ge_p1p1 t;
    ge_p3_to_p2(&p, &w.mul_out[k]);
    ge_mul8(&t, &p);
    ge_p1p1_to_p3(&w.point[w.mul_slot[k]], &t);
    w.have[w.mul_slot[k]] = true;
  }

  // 3. Key-image generators I from the chain's O bytes: the biased ones' Keccak
  //    hashes in one multi-lane batch, then 8 map(h); the unbiased one by one.
  const void *msg[kGroup];
  std::size_t len[kGroup], idx[kGroup], n_biased = 0;
  crypto::hash h[kGroup];
  for (std::size_t j = 0; j < n; ++j) {
    if (!w.have[3 * j + kI]) continue;
    const crypto::public_key &O = fcmp_pp::output_pubkey_cref(outputs[j]);
    if (fcmp_pp::use_biased_hash_to_point(outputs[j])) {
      msg[n_biased] = O.data;
      len[n_biased] = sizeof O.data;
      idx[n_biased++] = j;
    } else {
      crypto::keys_detail::unbiased_hash_to_ec_p3(u8(O.data), sizeof O.data, w.point[3 * j + kI]);
    }
  }
  cn_fast_hash_batch(msg, len, n_biased, h);
  for (std::size_t k = 0; k < n_biased; ++k) crypto::keys_detail::map_times8_p3(u8(h[k].data), w.point[3 * idx[k] + kI]);

  // 4. Affine coordinates of every point with one inversion of all the Z.
  std::size_t n_den = 0;
  for (std::size_t s = 0; s < 3 * n; ++s) {
    if (!w.have[s]) continue;
    std::memcpy(w.den[n_den], w.point[s].Z, sizeof(fe));
    w.den_slot[n_den++] = s;
  }
  ed::fe_batch_invert_with(w.inv, w.den, n_den, w.prefix, w.value, w.zero);
  for (std::size_t k = 0; k < n_den; ++k) {  // point[s] becomes (x, y, 1, x y)
    ge_p3 &p = w.point[w.den_slot[k]];
    ed::fe_mul(p.X, p.X, w.inv[k]);
    ed::fe_mul(p.Y, p.Y, w.inv[k]);
    ed::fe_1(p.Z);
  }

  // 5. The tuples' O', I and C' bytes; output_to_tuple's and
  //    point_to_ed_derivatives' identity checks, in their order.
  for (std::size_t j = 0; j < n; ++j) {
    if (!w.have[3 * j + kI]) continue;
    output_leaf &leaf = out[j];
    encode_affine(leaf.tuple.I, w.point[3 * j + kI].X, w.point[3 * j + kI].Y);
    if (!fcmp_pp::output_checked_for_torsion(outputs[j])) {
      encode_affine(leaf.tuple.O, w.point[3 * j + kO].X, w.point[3 * j + kO].Y);
      if (is_identity_bytes(leaf.tuple.O)) {  // a small-order O
        fail(leaf, leaf_status::bad_output_key);
        w.have[3 * j + kI] = w.have[3 * j + kO] = w.have[3 * j + kC] = false;
        continue;
      }
      if (!w.c_undecodable[j]) encode_affine(leaf.tuple.C, w.point[3 * j + kC].X, w.point[3 * j + kC].Y);
      if (w.c_undecodable[j] || is_identity_bytes(leaf.tuple.C)) {
        fail(leaf, leaf_status::bad_commitment);
        w.have[3 * j + kI] = w.have[3 * j + kO] = w.have[3 * j + kC] = false;
        continue;
      }
      leaf.status = leaf_status::ok;
    }
    if (leaf.status == leaf_status::ok && is_identity_bytes(leaf.tuple.I)) leaf.status = leaf_status::no_ed_derivatives;
  }

  // 6. Weierstrass coordinates of the outputs still ok: (1 + y, 1 - y, (1 - y) x)
  //    as point_to_ed_derivatives gives them, one inversion of every 1 - y and
  //    (1 - y) x (zero-safe: a zero fails its own output), then
  //    ed_derivatives_to_wei_x_y's formulas.
  std::size_t n_pts = 0;
  for (std::size_t j = 0; j < n; ++j) {
    if (out[j].status != leaf_status::ok) continue;
    for (std::size_t s = 0; s < 3; ++s) {
      const ge_p3 &p = w.point[3 * j + s];
      fe one;
      ed::fe_1(one);
      ed::fe_add(w.one_plus_y[n_pts], one, p.Y);
      ed::fe_sub(w.den[2 * n_pts], one, p.Y);
      ed::fe_mul(w.den[2 * n_pts + 1], w.den[2 * n_pts], p.X);
      w.den_slot[n_pts++] = 3 * j + s;
    }
  }
  ed::fe_batch_invert_with(w.inv, w.den, 2 * n_pts, w.prefix, w.value, w.zero);
  for (std::size_t k = 0; k < n_pts; k += 3) {
    output_leaf &leaf = out[w.den_slot[k] / 3];
    bool any_zero = false;
    for (std::size_t m = 0; m < 6; ++m) any_zero |= w.zero[2 * k + m] != 0;
    if (any_zero) {
      leaf.status = leaf_status::no_wei;
      continue;
    }
    crypto::ec_coord *coords[6] = {&leaf.O_x, &leaf.O_y, &leaf.I_x, &leaf.I_y, &leaf.C_x, &leaf.C_y};
    for (std::size_t s = 0; s < 3; ++s)
      fe_ed_derivatives_to_wei_x_y(to_bytes(*coords[2 * s]), to_bytes(*coords[2 * s + 1]), w.inv[2 * (k + s)],
                                   w.one_plus_y[k + s], w.inv[2 * (k + s) + 1]);
  }
}

}  // namespace

void outputs_to_leaves(const fcmp_pp::OutputPair *outputs, std::size_t n, output_leaf *out) {
  group_work w;
  for (std::size_t i = 0; i < n; i += kGroup) leaves_group(outputs + i, n - i < kGroup ? n - i : kGroup, out + i, w);
}

}  // namespace cncrypto
