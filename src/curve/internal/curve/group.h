// The ed25519 group: point representations, formulas, conversions.
//
// Internal header (C++ only) of the curve layer: inline functions in namespace
// cncrypto::ed25519, so that every scalar multiplication in src/curve/ecmult/
// compiles them into straight-line code. Monero's C API (crypto/crypto-ops.h:
// ge_add, ge_p2_dbl, ge_p1p1_to_p3, ...) is a thin face over these (group/face.cpp,
// through curve/ops.h).
//
// Curve: twisted Edwards -x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19) (RFC 8032
// 5.1). Representations (structs in curve/types.h; crypto/crypto-ops.h's are the
// public face's):
//   ge_p2      projective (X : Y : Z), x = X/Z, y = Y/Z
//   ge_p3      extended (X : Y : Z : T), additionally T = XY/Z
//   ge_p1p1    completed ((X : Z), (Y : T)), x = X/Z, y = Y/T: the output of
//              every addition and doubling, only ever multiplied afterwards
//   ge_cached  (Y + X, Y - X, Z, 2d T): a ge_p3 ready to be added
//   ge_precomp (y + x, y - x, 2d x y): an affine point ready to be added
// Formulas: Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves Revisited"
// (2008), a = -1: add-2008-hwcd-3, madd-2008-hwcd-3, dbl-2008-hwcd. They are
// complete: any inputs, identity and torsion points included.
//
// Limb bounds (curve/field.h): ge_p2/ge_p3 coordinates are tight; ge_p1p1 and
// ge_cached coordinates may be loose or mul-only (valid fe_mul inputs only);
// ge_precomp entries are loose. Every function here is constant time.
#pragma once

#include "curve/field.h"
#include "curve/types.h"

#include <cstdint>
#include <type_traits>

namespace cncrypto::ed25519 {

using limb = std::remove_extent_t<fe>;

#if defined(__GNUC__) || defined(__clang__)
#define CNCRYPTO_CURVE_INLINE inline __attribute__((always_inline))
#else
#define CNCRYPTO_CURVE_INLINE inline
#endif

// ---- conversions ---------------------------------------------------------

inline void p3_to_p2(ge_p2 *r, const ge_p3 *p) {
  fe_copy(r->X, p->X);
  fe_copy(r->Y, p->Y);
  fe_copy(r->Z, p->Z);
}

// X = X*T, Y = Y*Z, Z = Z*T (3M).
inline void p1p1_to_p2(ge_p2 *r, const ge_p1p1 *p) {
  fe_mul(r->X, p->X, p->T);
  fe_mul(r->Y, p->Y, p->Z);
  fe_mul(r->Z, p->Z, p->T);
}

// As p1p1_to_p2 plus T = X*Y (4M).
inline void p1p1_to_p3(ge_p3 *r, const ge_p1p1 *p) {
  fe_mul(r->X, p->X, p->T);
  fe_mul(r->Y, p->Y, p->Z);
  fe_mul(r->Z, p->Z, p->T);
  fe_mul(r->T, p->X, p->Y);
}

inline void p3_to_cached(ge_cached *r, const ge_p3 *p) {
  fe_add(r->YplusX, p->Y, p->X);         // loose
  fe_sub_loose(r->YminusX, p->Y, p->X);  // mul-only: cached points are only multiplied
  fe_copy(r->Z, p->Z);
  fe_mul(r->T2d, p->T, fe_d2);
}

// ---- addition and doubling ------------------------------------------------
// Completed outputs: X = E, Y = H, Z = G, T = F with x = E/G, y = H/F.

// r = p + q or p - q (neg = true), q given by its (Y2+X2, Y2-X2, 2d T2) and Z2
// (z2 = null for an affine q, Z2 = 1): A = (Y1-X1)(Y2-X2), B = (Y1+X1)(Y2+X2),
// C = T1 2d T2, D = 2 Z1 Z2; E = B - A, F = D - C, G = D + C, H = B + A.
// Subtracting swaps Y2+X2 with Y2-X2 and negates C.
template <bool neg>
CNCRYPTO_CURVE_INLINE void add_formula(ge_p1p1 *r, const ge_p3 *p, const fe qplus, const fe qminus, const fe qt2d, const limb *z2) {
  fe a, b, c, d, t;
  fe_sub_loose(t, p->Y, p->X);
  fe_mul(a, t, neg ? qplus : qminus);
  fe_add(t, p->Y, p->X);
  fe_mul(b, t, neg ? qminus : qplus);
  fe_mul(c, p->T, qt2d);
  if (z2 != nullptr) {
    fe_mul(t, p->Z, z2);
    fe_add(d, t, t);
  } else {
    fe_add(d, p->Z, p->Z);
  }
  fe_carry(d, d);
  // Completed coordinates are only ever multiplied (p1p1_to_p2/p3): mul-only is fine.
  fe_sub_loose(r->X, b, a);
  fe_add(r->Y, b, a);
  if (neg) {
    fe_sub_loose(r->Z, d, c);
    fe_add(r->T, d, c);
  } else {
    fe_add(r->Z, d, c);
    fe_sub_loose(r->T, d, c);
  }
}

// r = p + q or p - q, q cached (add-2008-hwcd-3, 8M).
template <bool neg>
inline void add_cached(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q) {
  add_formula<neg>(r, p, q->YplusX, q->YminusX, q->T2d, q->Z);
}

// The same with q affine (madd-2008-hwcd-3, 7M).
template <bool neg>
inline void add_precomp(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q) {
  add_formula<neg>(r, p, q->yplusx, q->yminusx, q->xy2d, nullptr);
}

// r = 2p: A = X1^2, B = Y1^2, C = 2 Z1^2; output X = (X1+Y1)^2 - A - B, Y = A + B,
// Z = B - A, T = C - (B - A) (the usual E, H, G, F with H and F both negated).
inline void p2_dbl(ge_p1p1 *r, const ge_p2 *p) {
  fe a, b, c, s;
  fe_sq(a, p->X);
  fe_sq(b, p->Y);
  fe_sq2(c, p->Z);
  fe_add(s, p->X, p->Y);
  fe_sq(s, s);
  fe_add(r->Y, a, b);       // loose
  fe_sub_loose(r->Z, b, a);  // mul-only, < 2^53: still a valid fe_sub input below
  fe_sub(r->X, s, r->Y);
  fe_sub(r->T, c, r->Z);
}

inline void p3_dbl(ge_p1p1 *r, const ge_p3 *p) {
  ge_p2 q;
  p3_to_p2(&q, p);
  p2_dbl(r, &q);
}

inline void p3_identity(ge_p3 *h) {
  fe_0(h->X);
  fe_1(h->Y);
  fe_1(h->Z);
  fe_0(h->T);
}

inline void p1p1_identity(ge_p1p1 *r) {
  fe_0(r->X);
  fe_1(r->Y);
  fe_1(r->Z);
  fe_1(r->T);
}

inline void p2_identity(ge_p2 *r) {
  fe_0(r->X);
  fe_1(r->Y);
  fe_1(r->Z);
}

// r = p + q for two ge_p3 (q converted to cached on the way).
inline void p3_add(ge_p3 *r, const ge_p3 *p, const ge_p3 *q) {
  ge_cached c;
  ge_p1p1 t;
  p3_to_cached(&c, q);
  add_cached<false>(&t, p, &c);
  p1p1_to_p3(r, &t);
}

// The affine point (x, y) as a ge_precomp (y + x, y - x, 2d x y). x, y tight.
inline void affine_to_precomp(ge_precomp *r, const fe x, const fe y) {
  fe xy;
  fe_add(r->yplusx, y, x);
  fe_sub(r->yminusx, y, x);
  fe_mul(xy, x, y);
  fe_mul(r->xy2d, xy, fe_d2);
}

// Encodes a and b (RFC 8032 5.1.2, as ge_tobytes) with one field inversion for both.
// Constant time.
inline void encode_pair(unsigned char out_a[32], const ge_p2 &a, unsigned char out_b[32], const ge_p2 &b) {
  fe zz, inv, ia, ib, x, y;
  fe_mul(zz, a.Z, b.Z);
  fe_invert(inv, zz);
  fe_mul(ia, inv, b.Z);
  fe_mul(ib, inv, a.Z);
  fe_mul(x, a.X, ia);
  fe_mul(y, a.Y, ia);
  fe_tobytes(out_a, y);
  out_a[31] ^= static_cast<unsigned char>(fe_isnegative(x) << 7);
  fe_mul(x, b.X, ib);
  fe_mul(y, b.Y, ib);
  fe_tobytes(out_b, y);
  out_b[31] ^= static_cast<unsigned char>(fe_isnegative(x) << 7);
}

// The identity in each form.
inline void identity(ge_precomp *t) {
  fe_1(t->yplusx);
  fe_1(t->yminusx);
  fe_0(t->xy2d);
}
inline void identity(ge_cached *t) {
  fe_1(t->YplusX);
  fe_1(t->YminusX);
  fe_1(t->Z);
  fe_0(t->T2d);
}

// r = 8 p (three doublings; ge_mul8). Constant time.
inline void mul8(ge_p1p1 *r, const ge_p2 *p) {
  ge_p2 u;
  p2_dbl(r, p);
  p1p1_to_p2(&u, r);
  p2_dbl(r, &u);
  p1p1_to_p2(&u, r);
  p2_dbl(r, &u);
}

// r = 8 p as a ge_p3 (ge_mul8 then ge_p1p1_to_p3). Constant time.
inline void mul8_p3(ge_p3 &r, const ge_p2 &p) {
  ge_p1p1 t;
  mul8(&t, &p);
  p1p1_to_p3(&r, &t);
}

// The projective point p = (X : Y : Z) as a ge_p3: (X Z, Y Z, Z^2, X Y). Constant
// time.
inline void p2_to_p3(ge_p3 &r, const ge_p2 &p) {
  fe_mul(r.X, p.X, p.Z);
  fe_mul(r.Y, p.Y, p.Z);
  fe_sq(r.Z, p.Z);
  fe_mul(r.T, p.X, p.Y);
}

// out = the encoding of 8 p (RFC 8032 5.1.2; ge_mul8 then ge_tobytes), 32 bytes.
// Constant time. Comparing two such encodings tells whether two points differ
// beyond torsion. Defined in group/ge.cpp.
void encode_times8(unsigned char out[32], const ge_p2 &p);

// ---- the one constant-time move of a point ------------------------------------
// (select_digit in src/curve/ecmult/recode.h builds the table lookups on it)

// dst = src where mask is all-ones, dst unchanged where all-zeros; limb by limb,
// constant time in mask and in the values. T: any point struct (fe members only).
template <class T>
inline void cmov_point(T &dst, const T &src, std::uint64_t mask) {
  static_assert(sizeof(T) % sizeof(limb) == 0, "a point is a whole number of limbs");
  const limb m = static_cast<limb>(mask);
  limb *d = reinterpret_cast<limb *>(&dst);
  const limb *s = reinterpret_cast<const limb *>(&src);
  for (std::size_t i = 0; i < sizeof(T) / sizeof(limb); ++i) d[i] ^= m & (d[i] ^ s[i]);
}

// r = -r where mask is all-ones, else r unchanged (constant time in mask).
inline void cneg(ge_precomp *r, std::uint64_t mask) {
  ge_precomp minus;
  fe_copy(minus.yplusx, r->yminusx);
  fe_copy(minus.yminusx, r->yplusx);
  fe_neg(minus.xy2d, r->xy2d);
  cmov_point(*r, minus, mask);
}

inline void cneg(ge_cached *r, std::uint64_t mask) {
  ge_cached minus;
  fe_copy(minus.YplusX, r->YminusX);
  fe_copy(minus.YminusX, r->YplusX);
  fe_copy(minus.Z, r->Z);
  fe_neg(minus.T2d, r->T2d);
  cmov_point(*r, minus, mask);
}

}  // namespace cncrypto::ed25519
