// Batched leaf preparation (fcmp_pp/curve_trees.h, cncrypto::outputs_to_leaves;
// issue 34 point 3): the single calls of fcmp_pp.cpp for many outputs at once,
// with the point work on the curve backend's batch entries and the inversions
// shared. docs/fcmp_pp.md, "Batched leaf preparation".
#include "fcmp_pp/curve_trees.h"

#include "crypto/blake2b.h"
#include "crypto/cn_fast_hash_batch.h"
#include "curve/ecmult.h"
#include "curve/field.h"
#include "curve/group.h"
#include "curve/ops.h"
#include "key_helpers.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace cncrypto {

namespace {

namespace ed = cncrypto::ed25519;
using crypto::keys_detail::u8;

// Outputs per group: 3 points each (O', I, C'), 6 Weierstrass denominators each.
constexpr std::size_t kGroup = 16;

// 1 + 3L, little-endian: 1 mod L and 0 mod 8, so (1 + 3L) P is P's prime-order
// component (what 8 ((1/8 mod L) P) is: P's torsion part T has order dividing 8,
// and (1 + 3L) T = T + 15 T = 16 T = 0). Below 2^254: ge_scalarmult_p3's
// radix-16 digits give the integer.
constexpr unsigned char kClearTorsion[32] = {0xc8, 0x7b, 0xe1, 0x16, 0x4f, 0x29, 0x37, 0x08, 0x83, 0xd6, 0xe6,
                                             0xe8, 0x9b, 0xed, 0x9c, 0x3e, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                                             0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x30};

// Slots of an output's points.
enum : std::size_t { kO = 0, kI = 1, kC = 2 };

struct group_work {
  ed::ge_p3 decoded[2 * kGroup];      // O and C of each output, decoded
  int decode_res[2 * kGroup];
  unsigned char wide[kGroup][64]; // the unbiased generators' BLAKE2b hashes
  ed::ge_p2 mapped[2 * kGroup];       // map(h) of the generators' hashes
  ed::ge_p3 point[3 * kGroup];        // O', I, C' (projective)
  bool have[3 * kGroup];          // point[] holds a point to convert
  ed::ge_p3 mul_in[2 * kGroup];       // legacy O and C, decoded
  ed::ge_p3 mul_out[2 * kGroup];      // their prime-order components
  std::size_t mul_slot[2 * kGroup];
  bool c_undecodable[kGroup];     // a legacy C that does not decode (reported after O)
  ed::fe den[9 * kGroup];             // per point: Z (when encoded), Z - Y, (Z - Y) X
  ed::fe inv[9 * kGroup];
  ed::fe one_plus_y[3 * kGroup];      // per point: Z + Y
  std::size_t z_at[3 * kGroup];   // where point[s]'s Z is in den
  std::size_t b_at[3 * kGroup];   // where its Z - Y is (then (Z - Y) X)
  ed::fe_elem prefix[9 * kGroup], value[9 * kGroup];
  unsigned char zero[9 * kGroup];
};

bool is_identity_bytes(const unsigned char *b) {
  return std::memcmp(b, &fcmp_pp::EC_I, 32) == 0;
}

// Encoding of the affine point (x, y), as ge_tobytes gives it.
void encode_affine(unsigned char out[32], const ed::fe x, const ed::fe y) {
  ed::fe_tobytes(out, y);
  out[31] = static_cast<unsigned char>(out[31] ^ (ed::fe_isnegative(x) << 7));
}

void fail(output_leaf &leaf, leaf_status status) {
  std::memset(&leaf, 0, sizeof leaf);
  leaf.status = status;
}

void leaves_group(const fcmp_pp::OutputPair *outputs, std::size_t n, output_leaf *out, group_work &w) {
  // 1. Decode every O and C in one batch (the exponentiations on the backend's
  //    lanes): a legacy pair's go to the torsion clearing; a Carrot pair's bytes
  //    are its tuple's O' and C', decoded only for the conversion.
  const unsigned char *bytes[2 * kGroup];
  for (std::size_t j = 0; j < n; ++j) {
    bytes[2 * j] = u8(fcmp_pp::output_pubkey_cref(outputs[j]).data);
    bytes[2 * j + 1] = u8(fcmp_pp::commitment_cref(outputs[j]).data);
  }
  ed::frombytes_batch_vartime(w.decoded, w.decode_res, bytes, 2 * n);
  std::size_t n_mul = 0;
  for (std::size_t j = 0; j < n; ++j) {
    std::memset(&out[j], 0, sizeof out[j]);
    w.c_undecodable[j] = false;
    for (std::size_t s = 0; s < 3; ++s) w.have[3 * j + s] = false;
    const unsigned char *O = bytes[2 * j], *C = bytes[2 * j + 1];
    const bool o_ok = w.decode_res[2 * j] == 0, c_ok = w.decode_res[2 * j + 1] == 0;
    if (!fcmp_pp::output_checked_for_torsion(outputs[j])) {
      if (!o_ok) {
        fail(out[j], leaf_status::bad_output_key);
        continue;
      }
      w.mul_in[n_mul] = w.decoded[2 * j];
      w.mul_slot[n_mul++] = 3 * j + kO;
      if (!c_ok) {
        w.c_undecodable[j] = true;  // output_to_tuple looks at O' first
      } else {
        w.mul_in[n_mul] = w.decoded[2 * j + 1];
        w.mul_slot[n_mul++] = 3 * j + kC;
      }
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
      w.point[3 * j + kO] = w.decoded[2 * j];
      w.point[3 * j + kC] = w.decoded[2 * j + 1];
      w.have[3 * j + kO] = o_ok && c_ok;
      w.have[3 * j + kC] = o_ok && c_ok;
      out[j].status = o_ok && c_ok ? leaf_status::ok : leaf_status::no_ed_derivatives;
    }
    w.have[3 * j + kI] = true;
  }

  // 2. Torsion: clear_torsion_vartime's 8 ((1/8 mod L) P) is the prime-order
  //    component of P, which (1 + 3L) P also is, as one batch of multiplications
  //    on the backend's lanes, without the three doublings (_vartime: 30 of the 64
  //    radix-16 digits of 1 + 3L are zero and add nothing).
  ed::scalarmult_batch_vartime(w.mul_out, kClearTorsion, w.mul_in, n_mul);
  for (std::size_t k = 0; k < n_mul; ++k) {
    w.point[w.mul_slot[k]] = w.mul_out[k];
    w.have[w.mul_slot[k]] = true;
  }

  // 3. Key-image generators I from the chain's O bytes: the biased ones' Keccak
  //    hashes in one multi-lane batch, the unbiased ones' BLAKE2b one by one, then
  //    every map(h) in one batch (exponentiations on the lanes), the unbiased ones'
  //    two halves added, times 8.
  const void *msg[kGroup];
  std::size_t len[kGroup], biased_at[kGroup], n_biased = 0;
  crypto::hash h[kGroup];
  const unsigned char *map_in[2 * kGroup];
  std::size_t map_at[2 * kGroup], n_map = 0;
  for (std::size_t j = 0; j < n; ++j) {
    if (!w.have[3 * j + kI]) continue;
    const crypto::public_key &O = fcmp_pp::output_pubkey_cref(outputs[j]);
    if (fcmp_pp::use_biased_hash_to_point(outputs[j])) {
      msg[n_biased] = O.data;
      len[n_biased] = sizeof O.data;
      biased_at[n_biased++] = j;
    } else {
      // Never fails: the output length 64 is valid and no key is passed.
      blake2b_monero(w.wide[j], 64, u8(O.data), sizeof O.data, nullptr, 0);
      map_in[n_map] = w.wide[j];
      map_at[n_map++] = j;
      map_in[n_map] = w.wide[j] + 32;
      map_at[n_map++] = j;
    }
  }
  const std::size_t n_unbiased_maps = n_map;  // pairs: map_in[2k], map_in[2k + 1]
  cn_fast_hash_batch(msg, len, n_biased, h);
  for (std::size_t k = 0; k < n_biased; ++k) {
    map_in[n_map] = u8(h[k].data);
    map_at[n_map++] = biased_at[k];
  }
  ed::fromfe_frombytes_batch_vartime(w.mapped, map_in, n_map);
  for (std::size_t k = 0; k < n_map; ++k) {
    ed::ge_p2 m = w.mapped[k];
    if (k < n_unbiased_maps) {
      // unbiased_hash_to_ec's 8 map(h0) + 8 map(h1), as 8 (map(h0) + map(h1)): the
      // same point with one multiplication by 8.
      ed::ge_p3 a, b;
      ed::p2_to_p3(a, w.mapped[k]);
      ed::p2_to_p3(b, w.mapped[++k]);
      ed::p3_add(&a, &a, &b);
      ed::ge_p3_to_p2(&m, &a);
    }
    ed::ge_p1p1 t;
    ed::ge_mul8(&t, &m);
    ed::ge_p1p1_to_p3(&w.point[3 * map_at[k] + kI], &t);
  }

  // 4. One inversion (Montgomery's trick, zero-safe) for everything left: the Z of
  //    every point whose bytes are needed (I; a legacy output's O' and C'), and for
  //    the Weierstrass coordinates of every point B = Z - Y and C = (Z - Y) X,
  //    projective forms of point_to_ed_derivatives' 1 - y and (1 - y) x: with
  //    A = Z + Y, A / B = (1 + y)/(1 - y) and A Z / C = (1 + y)/((1 - y) x), the same
  //    field values whatever the representative.
  std::size_t n_den = 0;
  for (std::size_t s = 0; s < 3 * n; ++s) {
    if (!w.have[s]) continue;
    const ed::ge_p3 &p = w.point[s];
    if (s % 3 == kI || !fcmp_pp::output_checked_for_torsion(outputs[s / 3])) {
      std::memcpy(w.den[n_den], p.Z, sizeof(ed::fe));
      w.z_at[s] = n_den++;
    }
    ed::fe_add(w.one_plus_y[s], p.Z, p.Y);
    ed::fe_sub(w.den[n_den], p.Z, p.Y);
    ed::fe_mul(w.den[n_den + 1], w.den[n_den], p.X);
    w.b_at[s] = n_den;
    n_den += 2;
  }
  ed::fe_batch_invert_with(w.inv, w.den, n_den, w.prefix, w.value, w.zero);
  auto encode = [&w](unsigned char dst[32], std::size_t s) {  // ge_p3_tobytes of point[s]
    ed::fe x, y;
    ed::fe_mul(x, w.point[s].X, w.inv[w.z_at[s]]);
    ed::fe_mul(y, w.point[s].Y, w.inv[w.z_at[s]]);
    encode_affine(dst, x, y);
  };

  // 5. The tuples' O', I and C' bytes; output_to_tuple's and
  //    point_to_ed_derivatives' identity checks, in their order.
  for (std::size_t j = 0; j < n; ++j) {
    if (!w.have[3 * j + kI]) continue;
    output_leaf &leaf = out[j];
    encode(leaf.tuple.I, 3 * j + kI);
    if (!fcmp_pp::output_checked_for_torsion(outputs[j])) {
      encode(leaf.tuple.O, 3 * j + kO);
      if (is_identity_bytes(leaf.tuple.O)) {  // a small-order O
        fail(leaf, leaf_status::bad_output_key);
        continue;
      }
      if (!w.c_undecodable[j]) encode(leaf.tuple.C, 3 * j + kC);
      if (w.c_undecodable[j] || is_identity_bytes(leaf.tuple.C)) {
        fail(leaf, leaf_status::bad_commitment);
        continue;
      }
      leaf.status = leaf_status::ok;
    }
    if (leaf.status == leaf_status::ok && is_identity_bytes(leaf.tuple.I)) leaf.status = leaf_status::no_ed_derivatives;
  }

  // 6. Weierstrass coordinates of the outputs still ok (a zero B or C fails its own
  //    output), with ed_derivatives_to_wei_x_y's formulas on (A, 1/B, Z/C).
  for (std::size_t j = 0; j < n; ++j) {
    output_leaf &leaf = out[j];
    if (leaf.status != leaf_status::ok) continue;
    bool any_zero = false;
    for (std::size_t s = 3 * j; s < 3 * j + 3; ++s) any_zero |= (w.zero[w.b_at[s]] | w.zero[w.b_at[s] + 1]) != 0;
    if (any_zero) {
      leaf.status = leaf_status::no_wei;
      continue;
    }
    crypto::ec_coord *coords[6] = {&leaf.O_x, &leaf.O_y, &leaf.I_x, &leaf.I_y, &leaf.C_x, &leaf.C_y};
    for (std::size_t k = 0; k < 3; ++k) {
      const std::size_t s = 3 * j + k;
      ed::fe z_over_c;
      ed::fe_mul(z_over_c, w.point[s].Z, w.inv[w.b_at[s] + 1]);
      ed::fe_ed_derivatives_to_wei_x_y(to_bytes(*coords[2 * k]), to_bytes(*coords[2 * k + 1]), w.inv[w.b_at[s]],
                                   w.one_plus_y[s], z_over_c);
    }
  }
}

}  // namespace

void outputs_to_leaves(const fcmp_pp::OutputPair *outputs, std::size_t n, output_leaf *out) {
  if (n == 0) return;
  if (outputs == nullptr) throw std::invalid_argument("cncrypto::outputs_to_leaves: outputs is NULL with n > 0");
  if (out == nullptr) throw std::invalid_argument("cncrypto::outputs_to_leaves: out is NULL with n > 0");
  const auto in_begin = reinterpret_cast<std::uintptr_t>(outputs), in_end = in_begin + n * sizeof *outputs;
  const auto out_begin = reinterpret_cast<std::uintptr_t>(out), out_end = out_begin + n * sizeof *out;
  if (in_begin < out_end && out_begin < in_end)
    throw std::invalid_argument("cncrypto::outputs_to_leaves: out overlaps outputs");
  group_work w;
  for (std::size_t i = 0; i < n; i += kGroup) leaves_group(outputs + i, n - i < kGroup ? n - i : kGroup, out + i, w);
}

}  // namespace cncrypto
