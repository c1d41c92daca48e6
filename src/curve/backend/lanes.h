// The group law of the lane-wise vector backends (one independent point per 64-bit
// lane: avx2's 4, ifma's 8) and their three constant-time kernels, written once
// over the backend's vector field type (docs/ed25519_backends.md). An ISA
// translation unit (backend/<name>/<name>.cpp, compiled with its flags) defines its
// field F in an anonymous namespace and instantiates these templates with it, so
// every instantiation has internal linkage: no vector copy of a shared inline
// function can be the one the linker keeps for a serial caller (backend/backend.h).
// Includes only backend/backend.h and crypto/crypto-ops.h, as the ISA files do.
//
// The field: a struct F of types and register operations, and functions on its
// element type F::fe that these templates call unqualified (found by argument-dependent
// lookup in the ISA file's namespace):
//   F::fe, F::vec, F::mask   an element; one register (a 64-bit word a lane); a lane mask
//   F::lanes                 4 or 8
//   F::wipe_row_limbs        whether select_row wipes its broadcast limbs from the stack
//   F::splat(x)              x in every lane
//   F::set_lanes(f, l)       the register whose lane k is f[k][l]
//   F::store(buf, v)         v's lanes to the 64-byte aligned buf
//   F::blend(dst, k, src)    src in the lanes of k, dst elsewhere (a vec, or an fe)
//   F::magnitude(d, neg)     |d| per lane, neg = the mask of the lanes with d < 0
//   F::equals(a, b)          the mask of the lanes where a == b
//   F::lane_digits(e, i)     the register whose lane k is e[k][i]
//   vmul(h, f, g), vsq(h, f) products, of any inputs the group law below gives them
//   vadd_lazy(h, f, g)       f + g, only multiplied, or subtracted by vsub, afterwards
//   vsub_lazy(h, f, g)       f - g of two products (or loaded points), the same use
//   vsub(h, f, g)            f - g, carried: any inputs vadd_lazy/vsub_lazy give
//   vneg(h, f), vzero(h), vone(h)
//   from_radix51(h, s)       s[0..5): the serial 5 x 51-bit limbs per lane (limbs
//                            < 2^63; ge_base's loose limbs included) -> an element
//   to_radix51(s, h)         back, limbs within the serial tight bound (2^51 + 2^15)
// How lazy vadd_lazy and vsub_lazy may be is the field's business: avx2 leaves them
// uncarried (its multiplication takes "loose" limbs), ifma carries them (its
// operands must stay below 2^52); each ISA file states its bounds.
//
// Group: the serial formulas of curve/group.h (extended coordinates, Hisil, Wong,
// Carter, Dawson, "Twisted Edwards curves revisited" (2008), a = -1), lane-wise, in
// the same order as the serial ge_scalarmult_p3 and ge_scalarmult_base, so each lane
// computes the very projective point the serial code computes (the same field
// values; only the limb representation differs). Complete: identity, small-order
// and torsioned points need nothing special.
//
// Constant time: no branch depends on a digit or a field value (every loop bound is
// public: 64 digits, 8 entries, 5 limbs); no address depends on a digit (a lookup
// reads all 8 entries and keeps one per lane with F::equals masks and blends;
// ge_base's entries are broadcast from fixed addresses, row i / 2 of digit i); the
// sign is a masked blend. The instructions are the field's (each ISA file lists
// them and why their timing is data-independent).
#pragma once

#include "backend/backend.h"

#include <sodium.h>

#include <cstdint>

namespace cncrypto::ed25519::lanes {

// The point forms of curve/group.h, lane-wise.
template <class F> struct p3 { typename F::fe X, Y, Z, T; };
template <class F> struct p2 { typename F::fe X, Y, Z; };
template <class F> struct p1p1 { typename F::fe X, Y, Z, T; };
template <class F> struct cached { typename F::fe YplusX, YminusX, Z, T2d; };
template <class F> struct precomp { typename F::fe yplusx, yminusx, xy2d; };

// ---- conversions between ge_* (lane k = point k) and the vector layout ----------

template <class F>
inline void load_fe(typename F::fe &h, const std::uint64_t *const f[F::lanes]) {
  typename F::vec s[5];
  for (int l = 0; l < 5; ++l) s[l] = F::set_lanes(f, l);
  from_radix51(h, s);
}

template <class F>
inline void store_fe(std::uint64_t *const f[F::lanes], const typename F::fe &h) {
  typename F::vec s[5];
  to_radix51(s, h);
  alignas(64) std::uint64_t buf[F::lanes];
  for (int l = 0; l < 5; ++l) {
    F::store(buf, s[l]);
    for (int k = 0; k < F::lanes; ++k) f[k][l] = buf[k];
  }
  sodium_memzero(buf, sizeof buf);
  sodium_memzero(s, sizeof s);
}

// h = f in every lane (f a serial element, tight).
template <class F>
inline void broadcast(typename F::fe &h, const fe f) {
  typename F::vec s[5];
  for (int l = 0; l < 5; ++l) s[l] = F::splat(f[l]);
  from_radix51(h, s);
}

template <class F>
void load_p3(p3<F> &r, const ge_p3 *p) {
  const std::uint64_t *x[F::lanes], *y[F::lanes], *z[F::lanes], *t[F::lanes];
  for (int k = 0; k < F::lanes; ++k) {
    x[k] = p[k].X;
    y[k] = p[k].Y;
    z[k] = p[k].Z;
    t[k] = p[k].T;
  }
  load_fe<F>(r.X, x);
  load_fe<F>(r.Y, y);
  load_fe<F>(r.Z, z);
  load_fe<F>(r.T, t);
}

template <class F>
void store_p3(ge_p3 *p, const p3<F> &r) {
  std::uint64_t *x[F::lanes], *y[F::lanes], *z[F::lanes], *t[F::lanes];
  for (int k = 0; k < F::lanes; ++k) {
    x[k] = p[k].X;
    y[k] = p[k].Y;
    z[k] = p[k].Z;
    t[k] = p[k].T;
  }
  store_fe<F>(x, r.X);
  store_fe<F>(y, r.Y);
  store_fe<F>(z, r.Z);
  store_fe<F>(t, r.T);
}

// ---- group formulas (curve/group.h, lane-wise) ---------------------------------------

template <class F>
inline void p1p1_to_p2(p2<F> &r, const p1p1<F> &p) {
  vmul(r.X, p.X, p.T);
  vmul(r.Y, p.Y, p.Z);
  vmul(r.Z, p.Z, p.T);
}

template <class F>
inline void p1p1_to_p3(p3<F> &r, const p1p1<F> &p) {
  vmul(r.X, p.X, p.T);
  vmul(r.Y, p.Y, p.Z);
  vmul(r.Z, p.Z, p.T);
  vmul(r.T, p.X, p.Y);
}

// Y + X and Y - X lazy (they are only multiplied, or swapped), Z and 2d T products.
template <class F>
inline void p3_to_cached(cached<F> &r, const p3<F> &p, const typename F::fe &d2) {
  vadd_lazy(r.YplusX, p.Y, p.X);
  vsub_lazy(r.YminusX, p.Y, p.X);
  r.Z = p.Z;
  vmul(r.T2d, p.T, d2);
}

// r = 2p (p2_dbl): A = X^2, B = Y^2, C = 2 Z^2, S = (X + Y)^2; Y' = A + B,
// Z' = B - A, X' = S - Y', T' = C - Z'. r is only multiplied next: Y', Z' and the
// operands C, X + Y are lazy, X' and T' carried (their subtrahends are lazy).
template <class F>
inline void p2_dbl(p1p1<F> &r, const p2<F> &p) {
  typename F::fe a, b, c, s;
  vsq(a, p.X);
  vsq(b, p.Y);
  vsq(c, p.Z);
  vadd_lazy(c, c, c);
  vadd_lazy(s, p.X, p.Y);
  vsq(s, s);
  vadd_lazy(r.Y, a, b);
  vsub_lazy(r.Z, b, a);
  vsub(r.X, s, r.Y);
  vsub(r.T, c, r.Z);
}

template <class F>
inline void p3_dbl(p1p1<F> &r, const p3<F> &p) {
  const p2<F> q{p.X, p.Y, p.Z};
  p2_dbl(r, q);
}

// r = p + q (add_formula<false>): A = (Y1 - X1)(Y2 - X2), B = (Y1 + X1)(Y2 + X2),
// C = T1 2d T2, D = 2 Z1 Z2 (2 Z1 for affine q); E = B - A, F = D - C, G = D + C,
// H = B + A. r is only multiplied next: all lazy but D - C (D is a lazy sum).
template <class F>
inline void add_common(p1p1<F> &r, const p3<F> &p, const typename F::fe &qplus, const typename F::fe &qminus,
                       const typename F::fe &qt2d, const typename F::fe *z2) {
  typename F::fe a, b, c, d, t;
  vsub_lazy(t, p.Y, p.X);
  vmul(a, t, qminus);
  vadd_lazy(t, p.Y, p.X);
  vmul(b, t, qplus);
  vmul(c, p.T, qt2d);
  if (z2 != nullptr) {  // a public choice of formula, not a data-dependent branch
    vmul(t, p.Z, *z2);
    vadd_lazy(d, t, t);
  } else {
    vadd_lazy(d, p.Z, p.Z);
  }
  vsub_lazy(r.X, b, a);
  vadd_lazy(r.Y, b, a);
  vadd_lazy(r.Z, d, c);
  vsub(r.T, d, c);
}

template <class F>
inline void add_cached(p1p1<F> &r, const p3<F> &p, const cached<F> &q) {
  add_common(r, p, q.YplusX, q.YminusX, q.T2d, &q.Z);
}
template <class F>
inline void add_precomp(p1p1<F> &r, const p3<F> &p, const precomp<F> &q) {
  add_common(r, p, q.yplusx, q.yminusx, q.xy2d, nullptr);
}

template <class F>
inline void p3_identity(p3<F> &h) {
  vzero(h.X);
  vone(h.Y);
  vone(h.Z);
  vzero(h.T);
}

// ---- constant-time selection ---------------------------------------------------------

// Negates the point (y + x, y - x, 2d t) in the lanes of neg: swaps the first two
// coordinates and negates the third, with masked blends.
template <class F>
inline void cneg(typename F::fe &plus, typename F::fe &minus, typename F::fe &t2d, typename F::mask neg) {
  const typename F::fe old_plus = plus;
  typename F::fe neg_t2d;
  vneg(neg_t2d, t2d);
  F::blend(plus, neg, minus);
  F::blend(minus, neg, old_plus);
  F::blend(t2d, neg, neg_t2d);
}

// Calls keep(j, k) for every table entry j < 8, k the mask of the lanes whose
// |digit| is j + 1: all 8 entries are read whatever the digits (constant time).
template <class F, class Keep>
inline void for_each_entry(typename F::vec mag, Keep &&keep) {
  for (int j = 0; j < 8; ++j) keep(j, F::equals(mag, F::splat(static_cast<std::uint64_t>(j + 1))));
}

// t = digit * P per lane from table[j] = (j+1) P (cached, per lane), reading all 8.
template <class F>
inline void select_cached(cached<F> &t, const cached<F> table[8], typename F::vec digit) {
  typename F::mask neg;
  const typename F::vec mag = F::magnitude(digit, neg);
  vone(t.YplusX), vone(t.YminusX), vone(t.Z), vzero(t.T2d);
  for_each_entry<F>(mag, [&](int j, typename F::mask k) {
    F::blend(t.YplusX, k, table[j].YplusX);
    F::blend(t.YminusX, k, table[j].YminusX);
    F::blend(t.Z, k, table[j].Z);
    F::blend(t.T2d, k, table[j].T2d);
  });
  cneg<F>(t.YplusX, t.YminusX, t.T2d, neg);
}

// t = digit_k * (row entry) per lane from an affine row row[j] = (j+1) Q shared by
// the lanes (each entry broadcast from its fixed address), reading all 8. The choice
// is made on the serial 5 x 51-bit limbs (15 words an entry), then converted once
// (from_radix51 also carries ge_base's loose limbs, < 2^52 + 2^17).
template <class F>
inline void select_row(precomp<F> &t, const ge_precomp row[8], typename F::vec digit) {
  using vec = typename F::vec;
  typename F::mask neg;
  const vec mag = F::magnitude(digit, neg);
  vec plus[5], minus[5], xy2d[5];
  for (int l = 0; l < 5; ++l) {
    plus[l] = minus[l] = F::splat(l == 0 ? 1 : 0);
    xy2d[l] = F::splat(0);
  }
  for_each_entry<F>(mag, [&](int j, typename F::mask k) {
    for (int l = 0; l < 5; ++l) {
      plus[l] = F::blend(plus[l], k, F::splat(row[j].yplusx[l]));
      minus[l] = F::blend(minus[l], k, F::splat(row[j].yminusx[l]));
      xy2d[l] = F::blend(xy2d[l], k, F::splat(row[j].xy2d[l]));
    }
  });
  from_radix51(t.yplusx, plus);
  from_radix51(t.yminusx, minus);
  from_radix51(t.xy2d, xy2d);
  cneg<F>(t.yplusx, t.yminusx, t.xy2d, neg);
  if constexpr (F::wipe_row_limbs) {
    sodium_memzero(plus, sizeof plus);
    sodium_memzero(minus, sizeof minus);
    sodium_memzero(xy2d, sizeof xy2d);
  }
}

// ---- the kernels (backend/backend.h: scalarmult_lanes, scalarmult_each_lanes,
// scalarmult_base_lanes) ----------------------------------------------------------------

// out = h (lane k to out[k]), then the accumulators are wiped.
template <class F>
void finish(ge_p3 *out, p3<F> &h, p1p1<F> &r, p2<F> &s) {
  store_p3(out, h);
  sodium_memzero(&h, sizeof h);
  sodium_memzero(&r, sizeof r);
  sodium_memzero(&s, sizeof s);
}

// out[k] = sum_i d_i[k] 16^i points[k] per lane, digit(i) giving the lanes' digit i
// (one shared digit string or one per lane: the kernel is the same).
// simd128 (10-limb lanes, one digit string) runs it too: its own load_p3, finish,
// select_cached and add_cached (non-templates, found by argument-dependent lookup on
// its field type, are preferred to the templates here) and broadcast (an explicit
// specialization).
// table[j] = (j+1) P per lane (multiples8_cached's order of operations), P loaded
// from points[0 .. lanes); mult[j] = (j+1) P and r: scratch. The kernels' first
// step (wiped by the constant-time one).
template <class F>
struct multiples {
  cached<F> table[8];
  p3<F> mult[8];
  p1p1<F> r;
  explicit multiples(const ge_p3 *points) {
    typename F::fe d2;
    broadcast<F>(d2, fe_d2);
    load_p3(mult[0], points);
    p3_to_cached(table[0], mult[0], d2);
    for (int j = 2; j <= 8; ++j) {
      if (j % 2 == 0)
        p3_dbl(r, mult[j / 2 - 1]);
      else
        add_cached(r, mult[j - 2], table[0]);
      p1p1_to_p3(mult[j - 1], r);
      p3_to_cached(table[j - 1], mult[j - 1], d2);
    }
  }
};

template <class F, class Digit>
void scalarmult_with(ge_p3 *out, Digit &&digit, const ge_p3 *points) {
  multiples<F> m(points);
  const cached<F> (&table)[8] = m.table;
  p1p1<F> &r = m.r;
  p3<F> h;
  p2<F> s;
  cached<F> t;
  p3_identity(h);
  select_cached(t, table, digit(63));
  add_cached(r, h, t);
  for (int i = 62; i >= 0; --i) {
    for (int d = 0; d < 4; ++d) {
      p1p1_to_p2(s, r);
      p2_dbl(r, s);
    }
    p1p1_to_p3(h, r);
    select_cached(t, table, digit(i));
    add_cached(r, h, t);
  }
  p1p1_to_p3(h, r);
  finish(out, h, r, s);
  sodium_memzero(&t, sizeof t);
  sodium_memzero(&m, sizeof m);
}

// out[k] = sum_i e[i] 16^i points[k] per lane for a PUBLIC digit string e (the
// shared recode_radix16 digits of a public scalar, e.g. the batched leaf
// preparation's torsion clearing): scalarmult_with's table and doublings, but a zero
// digit adds nothing and a nonzero one reads its entry directly. _vartime: branches
// on and indexes by the digits; the points are public too (nothing wiped). The
// group element of scalarmult_with (the projective representative may differ).
template <class F>
void scalarmult_public(ge_p3 *out, const signed char e[64], const ge_p3 *points) {
  multiples<F> m(points);
  p1p1<F> &r = m.r;
  // t = d P from the table (d != 0): -P = (Y - X, Y + X, Z, -2d T).
  auto entry = [&m](cached<F> &t, int d) {
    const cached<F> &q = m.table[(d < 0 ? -d : d) - 1];
    if (d > 0) {
      t = q;
      return;
    }
    t.YplusX = q.YminusX;
    t.YminusX = q.YplusX;
    t.Z = q.Z;
    vneg(t.T2d, q.T2d);
  };
  int top = 63;
  while (top > 0 && e[top] == 0) --top;
  p3<F> h;
  p2<F> s;
  cached<F> t;
  p3_identity(h);
  if (e[top] == 0) {  // a zero scalar
    store_p3(out, h);
    return;
  }
  entry(t, e[top]);
  add_cached(r, h, t);
  for (int i = top - 1; i >= 0; --i) {
    for (int d = 0; d < 4; ++d) {
      p1p1_to_p2(s, r);
      p2_dbl(r, s);
    }
    if (e[i] == 0) continue;
    p1p1_to_p3(h, r);
    entry(t, e[i]);
    add_cached(r, h, t);
  }
  p1p1_to_p3(h, r);
  store_p3(out, h);
}

// Wipes each of the objects (sodium_memzero).
template <class... T>
inline void wipe(T &...v) {
  (sodium_memzero(&v, sizeof v), ...);
}

// One step of RFC 7748 section 5's ladder on (x2, z2), (x3, z3) after the swap,
// written once for the serial field (x25519/x25519.cpp) and the lanes (below): the
// ops object o supplies, on its element type E, add (a sum of tight values, only
// multiplied afterwards), sub (a difference, only multiplied), sub_e (AA - BB: also
// the input of mul_a24), mul, sq (outputs tight) and mul_a24 (times 121666). The
// step: A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3, x3 = (DA + CB)^2,
// z3 = x1 (DA - CB)^2, x2 = AA BB, z2 = E (BB + 121666 E) with E = AA - BB (equal to
// the RFC's E (AA + 121665 E), since AA = BB + E). t: scratch. Constant time.
template <class O, class E>
inline void ladder_step(const O &o, E &x2, E &z2, E &x3, E &z3, const E &x1, E (&t)[7]) {
  E &a = t[0], &b = t[1], &c = t[2], &aa = t[3], &bb = t[4], &da = t[5], &cb = t[6];
  o.add(a, x2, z2);
  o.sub(b, x2, z2);
  o.add(c, x3, z3);
  o.sub(da, x3, z3);  // D
  o.sq(aa, a);
  o.sq(bb, b);
  o.mul(da, da, a);
  o.mul(cb, c, b);
  o.sub_e(c, aa, bb);  // E
  o.add(a, da, cb);
  o.sq(x3, a);
  o.sub(a, da, cb);
  o.sq(a, a);
  o.mul(z3, x1, a);
  o.mul(x2, aa, bb);
  o.mul_a24(a, c);
  o.add(a, bb, a);
  o.mul(z2, c, a);
}

// ---- X25519's Montgomery ladder (RFC 7748 section 5), lane-wise ---------------------
//
// x2[k] / z2[k] = u of s_k * u_k (projective; z2 = 0 for the point at infinity), k <
// lanes, s_k the 255-bit scalar whose bit i is bits[k][i] (0 or 1; bits[k] may be the
// same array for every lane), u_k = u[k] (serial limbs < 2^63). The ladder step of
// RFC 7748 section 5, with z2 = E (BB + a24' E), a24' = (486662 + 2)/4 = 121666 (equal
// to the RFC's E (AA + 121665 E), since AA = BB + E). Field-operation use: A, B, C, D,
// E and BB + a24' E are lazy (only multiplied); everything else a product.
// Constant time: the swap of (x2, z2) and (x3, z3) is a masked blend per lane (the
// mask from an equality compare of the bit with 1); every loop bound is public.
// The vector field's ops for ladder_step.
template <class F>
struct ladder_ops {
  typename F::fe a24;
  void add(typename F::fe &h, const typename F::fe &f, const typename F::fe &g) const { vadd_lazy(h, f, g); }
  void sub(typename F::fe &h, const typename F::fe &f, const typename F::fe &g) const { vsub_lazy(h, f, g); }
  void sub_e(typename F::fe &h, const typename F::fe &f, const typename F::fe &g) const { vsub_lazy(h, f, g); }
  void mul(typename F::fe &h, const typename F::fe &f, const typename F::fe &g) const { vmul(h, f, g); }
  void sq(typename F::fe &h, const typename F::fe &f) const { vsq(h, f); }
  void mul_a24(typename F::fe &h, const typename F::fe &f) const { vmul(h, f, a24); }
};

template <class F>
void x25519_ladder(fe *x2_out, fe *z2_out, const std::uint64_t *const bits[F::lanes], const fe *u) {
  using fe_t = typename F::fe;
  fe_t x1, x2, z2, x3, z3, s, t[7];
  ladder_ops<F> o;
  {
    const std::uint64_t *limbs[F::lanes];
    for (int k = 0; k < F::lanes; ++k) limbs[k] = u[k];
    load_fe<F>(x1, limbs);
    const fe a24_limbs = {121666, 0, 0, 0, 0};
    broadcast<F>(o.a24, a24_limbs);
  }
  vone(x2);
  vzero(z2);
  x3 = x1;
  vone(z3);
  const typename F::vec one = F::splat(1);
  typename F::mask swap = F::equals(F::splat(0), one);  // no lane
  for (int pos = 254; pos >= 0; --pos) {
    const typename F::mask bit = F::equals(F::set_lanes(bits, pos), one);
    const typename F::mask m = static_cast<typename F::mask>(swap ^ bit);
    swap = bit;
    s = x2;
    F::blend(x2, m, x3);
    F::blend(x3, m, s);
    s = z2;
    F::blend(z2, m, z3);
    F::blend(z3, m, s);
    ladder_step(o, x2, z2, x3, z3, x1, t);
  }
  F::blend(x2, swap, x3);
  F::blend(z2, swap, z3);
  std::uint64_t *xo[F::lanes], *zo[F::lanes];
  for (int k = 0; k < F::lanes; ++k) {
    xo[k] = x2_out[k];
    zo[k] = z2_out[k];
  }
  store_fe<F>(xo, x2);
  store_fe<F>(zo, z2);
  wipe(x2, z2, x3, z3, s, t, swap);
}

// The three kernels of one backend's table entry, for its ISA file to export.
template <class F>
struct kernels {
  // out[k] = a points[k], e = recode_radix16(a, true) shared by the lanes.
  static void scalarmult(ge_p3 *out, const signed char e[64], const ge_p3 *points) {
    scalarmult_with<F>(out, [e](int i) { return F::splat(static_cast<std::uint64_t>(static_cast<std::int64_t>(e[i]))); },
                       points);
  }

  // The same for a public a (scalarmult_public: _vartime).
  static void scalarmult_vartime(ge_p3 *out, const signed char e[64], const ge_p3 *points) {
    scalarmult_public<F>(out, e, points);
  }

  // out[k] = a_k points[k], e[k] = recode_radix16(a_k, true).
  static void scalarmult_each(ge_p3 *out, const signed char (*e)[64], const ge_p3 *points) {
    scalarmult_with<F>(out, [e](int i) { return F::lane_digits(e, i); }, points);
  }

  // out[k] = a_k G over ge_base: ge_scalarmult_base's order (the odd digits, four
  // doublings, the even digits).
  static void scalarmult_base(ge_p3 *out, const signed char (*e)[64]) {
    p3<F> h;
    p1p1<F> r;
    p2<F> s;
    precomp<F> t;
    p3_identity(h);
    for (int i = 1; i < 64; i += 2) {
      select_row(t, ge_base[i / 2], F::lane_digits(e, i));
      add_precomp(r, h, t);
      p1p1_to_p3(h, r);
    }
    s = p2<F>{h.X, h.Y, h.Z};
    for (int d = 0; d < 3; ++d) {
      p2_dbl(r, s);
      p1p1_to_p2(s, r);
    }
    p2_dbl(r, s);
    p1p1_to_p3(h, r);
    for (int i = 0; i < 64; i += 2) {
      select_row(t, ge_base[i / 2], F::lane_digits(e, i));
      add_precomp(r, h, t);
      p1p1_to_p3(h, r);
    }
    finish(out, h, r, s);
    sodium_memzero(&t, sizeof t);
  }
};

// ---- field work: z^((p-5)/8) for F::lanes elements ---------------------------------

// h = f^(2^n) g (n >= 1 squarings, then one multiplication; g may alias h or f).
template <class F>
inline void sqn_mul(typename F::fe &h, const typename F::fe &f, int n, const typename F::fe &g) {
  typename F::fe t;
  vsq(t, f);
  for (int i = 1; i < n; ++i) vsq(t, t);
  vmul(h, t, g);
}

// out[k] = in[k]^((p-5)/8) = in[k]^(2^252 - 3), k < F::lanes: the exponentiation
// behind a square root (fe_pow22523, curve/field.h), one element per lane, with
// the serial code's addition chain (11 multiplications, 252 squarings). Inputs are
// serial elements (limbs < 2^63), outputs within the serial tight bound. Constant
// time in the values. For the batched decompressions and hash-to-point maps
// (ecmult/batch.cpp fe_pow22523_batch), whose inputs are public.
//
// pow22523_chain: the chain alone, t0 = z^(2^252 - 3) (t0 may not alias z), on the
// elements; it needs only vsq and vmul, so simd128 (10-limb lanes) uses it too.
// Not wiped: the temporaries stay in registers, and the inputs are public.
template <class F>
inline void pow22523_chain(typename F::fe &t0, const typename F::fe &z) {
  typename F::fe z9, t1, t2;
  vsq(t0, z);                     // z^2
  vsq(t1, t0);
  sqn_mul<F>(z9, t1, 1, z);       // z^9
  vmul(t0, t0, z9);               // z^11
  vsq(t0, t0);                    // z^22
  vmul(t0, z9, t0);               // z^(2^5 - 1)
  sqn_mul<F>(t0, t0, 5, t0);      // z^(2^10 - 1)
  sqn_mul<F>(t1, t0, 10, t0);     // z^(2^20 - 1)
  sqn_mul<F>(t1, t1, 20, t1);     // z^(2^40 - 1)
  sqn_mul<F>(t0, t1, 10, t0);     // z^(2^50 - 1)
  sqn_mul<F>(t1, t0, 50, t0);     // z^(2^100 - 1)
  sqn_mul<F>(t2, t1, 100, t1);    // z^(2^200 - 1)
  sqn_mul<F>(t0, t2, 50, t0);     // z^(2^250 - 1)
  sqn_mul<F>(t0, t0, 2, z);       // z^(2^252 - 3)
}

template <class F>
void pow22523(fe *out, const fe *in) {
  using E = typename F::fe;
  const std::uint64_t *src[F::lanes];
  std::uint64_t *dst[F::lanes];
  for (int k = 0; k < F::lanes; ++k) {
    src[k] = in[k];
    dst[k] = out[k];
  }
  E z, t0;
  load_fe<F>(z, src);
  pow22523_chain<F>(t0, z);
  store_fe<F>(dst, t0);
}

}  // namespace cncrypto::ed25519::lanes

// The lane kernels of backend.h (scalarmult_lanes, scalarmult_vartime_lanes, scalarmult_each_lanes,
// scalarmult_base_lanes, pow22523_lanes, x25519_lanes) on the field type F, for an
// ISA translation unit (avx2.cpp, ifma.cpp) to define inside its backend namespace.
#define CNCRYPTO_CURVE_LANE_KERNELS(F)                                                                   \
  void scalarmult_lanes(ge_p3 *out, const signed char e[64], const ge_p3 *points) {                      \
    lanes::kernels<F>::scalarmult(out, e, points);                                                        \
  }                                                                                                       \
  void scalarmult_vartime_lanes(ge_p3 *out, const signed char e[64], const ge_p3 *points) {              \
    lanes::kernels<F>::scalarmult_vartime(out, e, points);                                                \
  }                                                                                                       \
  void scalarmult_each_lanes(ge_p3 *out, const signed char (*e)[64], const ge_p3 *points) {              \
    lanes::kernels<F>::scalarmult_each(out, e, points);                                                   \
  }                                                                                                       \
  void scalarmult_base_lanes(ge_p3 *out, const signed char (*e)[64]) {                                   \
    lanes::kernels<F>::scalarmult_base(out, e);                                                           \
  }                                                                                                       \
  void pow22523_lanes(fe *out, const fe *in) { lanes::pow22523<F>(out, in); }                             \
  void x25519_lanes(fe *x2, fe *z2, const std::uint64_t *const *bits, const fe *u) {                       \
    lanes::x25519_ladder<F>(x2, z2, bits, u);                                                             \
  }
