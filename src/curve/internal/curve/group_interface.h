// The group interface the curve layer's multi-scalar algorithms are written over,
// and ed25519's model of it (the first curve; docs/architecture.md says where the
// next ones, Helios and Selene, go).
//
// Layer interface of the curve layer (C++). The algorithms (Straus dense, paired and
// sparse, Pippenger, the constant-time Straus loop, the constant-time table select
// and the tables of multiples: src/curve/ecmult/msm.h and ecmult/recode.h) are
// templates over a group G, the shape of curve25519-dalek's scalar_mul/ over its
// point traits; the contracts are libsecp256k1's: every operation below is complete
// (any inputs, the identity and torsion points included), constant time in the point
// values, and says what form its output is in. A curve gives:
//
//   G::p3        a point that can be added to and converted from (ed25519: extended)
//   G::p2        the cheaper form a doubling reads (ed25519: projective)
//   G::p1p1      what an addition or a doubling writes (ed25519: completed)
//   G::cached    a p3 ready to be added (ed25519: (Y+X, Y-X, Z, 2dT))
//   G::affine    an affine point ready to be added (ed25519: ge_precomp)
//   G::identity(x)                    x = the identity, for each of the five forms
//   G::dbl(r, p)                      r = 2p, p a p2 or a p3
//   G::add<neg>(r, p, q)              r = p + q (p - q when neg), p a p3, q cached or affine
//   G::to_p2(r, x), G::to_p3(r, x)    from a p1p1 (and p2 from a p3)
//   G::to_cached(r, p)                from a p3
//   G::add_p3(r, p, q)                r = p + q, all p3 (r may alias p)
//   G::negate(p)                      p = -p, p a p3
//   G::cmov(dst, src, mask)           dst = src where mask is all ones (any form)
//   G::cneg(x, mask)                  x = -x where mask is all ones (cached, affine)
// Scalars are 32-byte little-endian integers (both curves of FCMP++'s cycle have
// 255-bit orders); the recodings of ecmult/recode.h read them as bytes.
#pragma once

#include "curve/group.h"

#include <cstdint>

namespace cncrypto::ed25519 {

// ed25519 (curve/group.h) as a model of the interface above: every member is the
// serial formula of group.h, inlined, so the templates compile to the code they
// replaced.
struct ed25519_group {
  using p3 = ge_p3;
  using p2 = ge_p2;
  using p1p1 = ge_p1p1;
  using cached = ge_cached;
  using affine = ge_precomp;

  static CNCRYPTO_CURVE_INLINE void identity(p3 &x) { p3_identity(&x); }
  static CNCRYPTO_CURVE_INLINE void identity(p2 &x) { p2_identity(&x); }
  static CNCRYPTO_CURVE_INLINE void identity(p1p1 &x) { p1p1_identity(&x); }
  static CNCRYPTO_CURVE_INLINE void identity(cached &x) { ed25519::identity(&x); }
  static CNCRYPTO_CURVE_INLINE void identity(affine &x) { ed25519::identity(&x); }
  static CNCRYPTO_CURVE_INLINE void dbl(p1p1 &r, const p2 &p) { p2_dbl(&r, &p); }
  static CNCRYPTO_CURVE_INLINE void dbl(p1p1 &r, const p3 &p) { p3_dbl(&r, &p); }
  template <bool neg>
  static CNCRYPTO_CURVE_INLINE void add(p1p1 &r, const p3 &p, const cached &q) {
    add_cached<neg>(&r, &p, &q);
  }
  template <bool neg>
  static CNCRYPTO_CURVE_INLINE void add(p1p1 &r, const p3 &p, const affine &q) {
    add_precomp<neg>(&r, &p, &q);
  }
  static CNCRYPTO_CURVE_INLINE void to_p2(p2 &r, const p1p1 &x) { p1p1_to_p2(&r, &x); }
  static CNCRYPTO_CURVE_INLINE void to_p2(p2 &r, const p3 &x) { p3_to_p2(&r, &x); }
  static CNCRYPTO_CURVE_INLINE void to_p3(p3 &r, const p1p1 &x) { p1p1_to_p3(&r, &x); }
  static CNCRYPTO_CURVE_INLINE void to_cached(cached &r, const p3 &p) { p3_to_cached(&r, &p); }
  static CNCRYPTO_CURVE_INLINE void add_p3(p3 &r, const p3 &p, const p3 &q) { p3_add(&r, &p, &q); }
  static CNCRYPTO_CURVE_INLINE void negate(p3 &p) {
    fe_neg(p.X, p.X);
    fe_neg(p.T, p.T);
  }
  template <class T>
  static CNCRYPTO_CURVE_INLINE void cmov(T &dst, const T &src, std::uint64_t mask) {
    cmov_point(dst, src, mask);
  }
  template <class T>
  static CNCRYPTO_CURVE_INLINE void cneg(T &x, std::uint64_t mask) {
    ed25519::cneg(&x, mask);
  }
};

}  // namespace cncrypto::ed25519
