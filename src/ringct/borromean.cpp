// Borromean signatures and 64-bit range proofs (see borromean.h; acceptance
// rules: ../shared/vectors/README_ringct_legacy.md, "Borromean range proofs").
//
// Verification (_vartime): the 128 double products s*G + e*P are computed two
// at a time with shared doubling loops (curve layer's straus_pair_vartime: G
// from the library's table of 64 odd multiples, width-8 NAF; P from an
// 8-entry table, width-5), and each pair is encoded with one field inversion.
// Scalars go through Monero's sliding-window rule first, so unreduced s0/s1
// give Monero's points.
//
// Signing (constant time in the bits, the secrets and the nonces): every ring
// does the work of both branches and the published values are chosen with
// masks. proveRange knows the discrete logs of its rings (Ci = a_i G + b_i 2^i H),
// so its variable-base products become fixed-base ones (G and H tables);
// genBorromean, for arbitrary rings, uses constant-time variable-base products.
#include "ringct/borromean.h"

#include "common/ct.h"
#include "common/ct_declassify.h"
#include "crypto/ed25519/sc.h"
#include "curve/ecmult.h"
#include "curve/face.h"
#include "curve/group.h"
#include "ringct/rctOps.h"

#include "ct_ring.h"

#include <sodium.h>

#include <cstring>
#include <stdexcept>
#include <string>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace rct {
namespace {

namespace ct = cncrypto::ct;
using detail::ct_cmov;

constexpr unsigned char kZero[32] = {0};

key slide(const key &s) {
  key r;
  ed::slide_effective_vartime(r.bytes, s.bytes);
  return r;
}

void encode(key &out, const ed::ge_p3 &p) { ed::ge_p3_tobytes(out.bytes, &p); }

// r = a + b (points, constant time).
ed::ge_p3 add(const ed::ge_p3 &a, const ed::ge_p3 &b) {
  ed::ge_p3 r;
  ed::p3_add(&r, &a, &b);
  return r;
}

// ---- verification ----------------------------------------------------------------

// out[k] = s[k]*G + e[k]*P[k] for k = 0, 1, encoded (one inversion for both).
void double_products_pair(key out[2], const key s[2], const key e[2], const ed::ge_p3 P[2]) {
  ed::ge_cached ta[8], tb[8];
  ed::odd_multiples_cached(ta, P[0], 8);
  ed::odd_multiples_cached(tb, P[1], 8);
  const key s0 = slide(s[0]), s1 = slide(s[1]), e0 = slide(e[0]), e1 = slide(e[1]);
  const ed::wnaf_term a[3] = {
      {s0.bytes, 8, nullptr, ed::ge_base_odd}, {e0.bytes, 5, ta, nullptr}, {kZero, 5, ta, nullptr}};
  const ed::wnaf_term b[3] = {
      {s1.bytes, 8, nullptr, ed::ge_base_odd}, {e1.bytes, 5, tb, nullptr}, {kZero, 5, tb, nullptr}};
  ed::ge_p2 ra, rb;
  ed::straus_pair_vartime(ra, a, rb, b);
  ed::encode_pair(out[0].bytes, ra, out[1].bytes, rb);
}

bool decode_all(ed::ge_p3 out[64], const key64 in) {
  for (int i = 0; i < 64; ++i)
    if (ed::ge_frombytes_vartime(&out[i], in[i].bytes) != 0) return false;
  return true;
}

// ---- signing -------------------------------------------------------------------------

// How a signer gets, for ring i, the two points the chain needs besides
// alpha*G (all constant time in the secrets):
//   closing(i, c, s, &out): s*G + c*P2[i] (the ring closed from side 0 with challenge c)
//   opening(i, e, s, &out): s*G + e*P1[i] (side 1 opened with the common challenge e)
// Only the one of the signer's side is used; both are always computed.
template <typename Closing, typename Opening>
boroSig sign_rings(const key64 x, const bits indices, Closing closing, Opening opening) {
  struct secrets {
    key64 alpha, random;
    key64 l1;
    unsigned int bit[64];
    ~secrets() { sodium_memzero(this, sizeof *this); }
  } sec;
  boroSig bb;
  for (int i = 0; i < 64; ++i) {
    sec.bit[i] = indices[i];
    skGen(sec.alpha[i]);
    skGen(sec.random[i]);
    ed::ge_p3 A;
    ed::ge_scalarmult_base(&A, sec.alpha[i].bytes);
    key a_enc, closed;
    encode(a_enc, A);
    // Side 0 known: L1 = s1 G + Hs(alpha G) P2 with s1 random.
    const key c = hash_to_scalar(a_enc);
    closing(i, c, sec.random[i], closed);
    // Side 1 known: L1 = alpha G.
    sec.l1[i] = closed;
    ct_cmov(sec.l1[i], a_enc, ct::mask_from_bit(sec.bit[i]));
    sodium_memzero(&A, sizeof A);
    sodium_memzero(a_enc.bytes, 32);
    sodium_memzero(closed.bytes, 32);
  }
  bb.ee = hash_to_scalar(sec.l1);
  CNCRYPTO_DECLASSIFY(bb.ee.bytes, 32);
  for (int i = 0; i < 64; ++i) {
    const std::uint64_t one = ct::mask_from_bit(sec.bit[i]);
    key s0_known, s1_known, opened;
    // Side 0 known: s0 = alpha - x ee, s1 = the random value.
    sc_mulsub(s0_known.bytes, x[i].bytes, bb.ee.bytes, sec.alpha[i].bytes);
    // Side 1 known: s0 random, LL = s0 G + ee P1, s1 = alpha - x Hs(LL).
    opening(i, bb.ee, sec.random[i], opened);
    const key cc = hash_to_scalar(opened);
    sc_mulsub(s1_known.bytes, x[i].bytes, cc.bytes, sec.alpha[i].bytes);
    bb.s0[i] = s0_known;
    ct_cmov(bb.s0[i], sec.random[i], one);
    bb.s1[i] = sec.random[i];
    ct_cmov(bb.s1[i], s1_known, one);
    CNCRYPTO_DECLASSIFY(bb.s0[i].bytes, 32);
    CNCRYPTO_DECLASSIFY(bb.s1[i].bytes, 32);
    sodium_memzero(s0_known.bytes, 32);
    sodium_memzero(s1_known.bytes, 32);
    sodium_memzero(opened.bytes, 32);
  }
  return bb;
}

// s*G + e*P in constant time (s, e < 2^255; P public, from the ring).
void ct_base_plus(key &out, const key &s, const key &e, const ed::ge_p3 &P) {
  ed::ge_p3 sG, eP;
  ed::ge_scalarmult_base(&sG, s.bytes);
  ed::ge_scalarmult_p3(&eP, e.bytes, &P);
  encode(out, add(sG, eP));
  sodium_memzero(&sG, sizeof sG);
  sodium_memzero(&eP, sizeof eP);
}

// g*G + h*H in constant time (g, h reduced).
void ct_g_plus_h(key &out, const key &g, const key &h) {
  ed::ge_p3 gG, hH;
  ed::ge_scalarmult_base(&gG, g.bytes);
  ed::scalarmult_H(hH, h.bytes);
  encode(out, add(gG, hH));
  sodium_memzero(&gG, sizeof gG);
  sodium_memzero(&hH, sizeof hH);
}

}  // namespace

namespace {

bool verify_borromean(const boroSig &bb, const ed::ge_p3 P1[64], const ed::ge_p3 P2[64]) {
  key64 R;
  for (int i = 0; i < 64; i += 2) {
    const key e[2] = {bb.ee, bb.ee};
    key LL[2];
    double_products_pair(LL, &bb.s0[i], e, &P1[i]);
    const key c[2] = {hash_to_scalar(LL[0]), hash_to_scalar(LL[1])};
    double_products_pair(&R[i], &bb.s1[i], c, &P2[i]);
  }
  return hash_to_scalar(R) == bb.ee;
}

}  // namespace

bool verifyBorromean(const boroSig &bb, const ge_p3 P1[64], const ge_p3 P2[64]) {
  ed::ge_p3 p1[64], p2[64];
  for (int i = 0; i < 64; ++i) {
    p1[i] = ed::from_face(P1[i]);
    p2[i] = ed::from_face(P2[i]);
  }
  return verify_borromean(bb, p1, p2);
}

bool verifyBorromean(const boroSig &bb, const key64 P1, const key64 P2) {
  ed::ge_p3 p1[64], p2[64];
  if (!decode_all(p1, P1) || !decode_all(p2, P2)) return false;
  return verify_borromean(bb, p1, p2);
}

bool verRange(const key &C, const rangeSig &as) {
  ed::ge_p3 ci[64], cih[64];
  if (!decode_all(ci, as.Ci)) return false;
  ed::ge_p3 sum;
  ed::ge_p3_0(&sum);
  for (int i = 0; i < 64; ++i) {
    ed::ge_p3 h;
    if (ed::ge_frombytes_vartime(&h, H2[i].bytes) != 0) return false;  // cannot happen
    ed::ge_cached hc, cc;
    ed::ge_p3_to_cached(&hc, &h);
    ed::ge_p1p1 t;
    ed::ge_sub(&t, &ci[i], &hc);
    ed::ge_p1p1_to_p3(&cih[i], &t);
    ed::ge_p3_to_cached(&cc, &ci[i]);
    ed::ge_add(&t, &sum, &cc);
    ed::ge_p1p1_to_p3(&sum, &t);
  }
  key sum_enc;
  encode(sum_enc, sum);
  if (sum_enc != C) return false;
  return verify_borromean(as.asig, ci, cih);
}

boroSig genBorromean(const key64 x, const key64 P1, const key64 P2, const bits indices) {
  ed::ge_p3 p1[64], p2[64];
  for (int i = 0; i < 64; ++i) {
    if (ed::ge_frombytes_vartime(&p1[i], P1[i].bytes) != 0)
      throw std::invalid_argument("rct::genBorromean: P1[" + std::to_string(i) + "] is not a valid point encoding");
    if (ed::ge_frombytes_vartime(&p2[i], P2[i].bytes) != 0)
      throw std::invalid_argument("rct::genBorromean: P2[" + std::to_string(i) + "] is not a valid point encoding");
  }
  unsigned int bad = 0;
  for (int i = 0; i < 64; ++i) bad |= indices[i] >> 1;
  CNCRYPTO_DECLASSIFY(&bad, sizeof bad);  // the exception reveals it anyway
  if (bad != 0) throw std::invalid_argument("rct::genBorromean: an index is not 0 or 1");
  return sign_rings(
      x, indices, [&](int i, const key &c, const key &s, key &out) { ct_base_plus(out, s, c, p2[i]); },
      [&](int i, const key &e, const key &s, key &out) { ct_base_plus(out, s, e, p1[i]); });
}

rangeSig proveRange(key &C, key &mask, const xmr_amount &amount) {
  struct secrets {
    key64 a;
    bits b;
    ~secrets() { sodium_memzero(this, sizeof *this); }
  } sec;
  rangeSig sig;
  d2b(sec.b, amount);
  mask = Z;
  ed::ge_p3 sum;
  ed::ge_p3_0(&sum);
  for (int i = 0; i < 64; ++i) {
    skGen(sec.a[i]);
    ed::ge_p3 ci;
    ed::commit_GH(ci, sec.a[i].bytes, static_cast<std::uint64_t>(sec.b[i]) << i);
    encode(sig.Ci[i], ci);
    CNCRYPTO_DECLASSIFY(sig.Ci[i].bytes, 32);  // published
    CNCRYPTO_DECLASSIFY(&ci, sizeof ci);
    sum = add(sum, ci);
    sc_add(mask.bytes, mask.bytes, sec.a[i].bytes);
  }
  encode(C, sum);
  // The rings are {Ci, Ci - 2^i H} with Ci = a_i G + b_i 2^i H, so
  //   s G + c (Ci - 2^i H) = (s + c a_i) G - c 2^i H   when b_i = 0,
  //   s G + e Ci           = (s + e a_i) G + e 2^i H   when b_i = 1:
  // fixed-base products only (the other side's value is computed and dropped).
  auto pow2 = [](int i) {
    key p = Z;
    p.bytes[i / 8] = static_cast<unsigned char>(1u << (i % 8));
    return p;
  };
  auto closing = [&](int i, const key &c, const key &s, key &out) {
    key g, h, t;
    sc_muladd(g.bytes, c.bytes, sec.a[i].bytes, s.bytes);
    const key p = pow2(i);
    sc_mul(t.bytes, c.bytes, p.bytes);
    sc_sub(h.bytes, Z.bytes, t.bytes);
    ct_g_plus_h(out, g, h);
    sodium_memzero(g.bytes, 32);
    sodium_memzero(h.bytes, 32);
    sodium_memzero(t.bytes, 32);
  };
  auto opening = [&](int i, const key &e, const key &s, key &out) {
    key g, h;
    sc_muladd(g.bytes, e.bytes, sec.a[i].bytes, s.bytes);
    const key p = pow2(i);
    sc_mul(h.bytes, e.bytes, p.bytes);
    ct_g_plus_h(out, g, h);
    sodium_memzero(g.bytes, 32);
    sodium_memzero(h.bytes, 32);
  };
  sig.asig = sign_rings(sec.a, sec.b, closing, opening);
  return sig;
}

}  // namespace rct
