// AVX-512 IFMA backend of the curve layer: 8 independent scalar multiplications at
// once, one point per 64-bit lane of a zmm register, and (at the end of the file)
// ONE scalar multiplication with the point's four coordinates in the four lanes of
// ymm registers, for the single calls, and the variable-time Straus loops of
// verification on the same 4-way point (straus_dense_vartime, straus_pair_vartime,
// straus_sparse_vartime: public inputs, direct table reads; docs/ed25519_backends.md).
// Compiled with -mavx512f -mavx512vl -mavx512ifma (src/curve/CMakeLists.txt); runs
// only after the CPU probe saw AVX-512 F, VL and IFMA with the OS saving zmm state.
//
// Field: p = 2^255 - 19 in 5 limbs of radix 2^51 per lane (the serial layout, so
// points convert limb for limb). vpmadd52luq / vpmadd52huq multiply the low 52 bits
// of two limbs and add the low / high 52 bits of the 104-bit product to a 64-bit
// accumulator. Inputs of a multiplication must therefore have limbs < 2^52: every
// element here is kept "tight8" (limbs < 2^51 + 2^17), and every addition or
// subtraction is followed by one parallel carry round (which maps any limbs < 2^63
// back to tight8). A product f_i g_j lands at weight 2^(51(i+j)); its high half has
// weight 2^(51(i+j) + 52) = 2 * 2^(51(i+j+1)), so high halves are accumulated one
// column up and doubled. Column sums (< 15 * 2^52 < 2^56) of columns 5..9 fold into
// 0..4 times 19 (2^255 = 19 mod p; < 2^60.3), then one parallel carry round gives
// limbs < 2^51 + 2^14, inside the serial code's tight bound (2^51 + 2^15).
//
// Group: the serial formulas of curve/group.h (extended coordinates, Hisil et al.
// 2008, a = -1), lane-wise, in the same order, so each lane computes the very
// projective point the serial ge_scalarmult_p3 / ge_scalarmult_base compute.
//
// Constant time (the argument; valgrind 3.19 cannot execute AVX-512, so the
// tests/unit_tests/ct programs check this file built with MemorySanitizer instead,
// scripts/ct_msan.sh; docs/ed25519_backends.md):
// - no branch depends on a digit or a field value: every loop has public bounds
//   (64 digits, 8 table entries, 5 limbs);
// - no address depends on a digit: a table lookup reads all 8 entries and keeps one
//   with vpcmpeqq masks and vpblendmq (entries of ge_base are broadcast from fixed
//   addresses: row i / 2 of digit i, public); the sign is applied with a masked blend;
// - the instructions used (vpmadd52*, vpaddq, vpsubq, vpsrlq, vpsllq, vpandq,
//   vpcmpq, vpblendmq, broadcasts, loads/stores) have data-independent timing
//   on the CPUs that implement them (Intel's list of data-operand-independent-timing
//   instructions includes the IFMA and integer SIMD ones used here).
#include "backend/backend.h"

#include <immintrin.h>
#include <sodium.h>

#include <cstdint>

namespace cncrypto::ed25519::ifma {
namespace {

using v8 = __m512i;

struct fe8 {
  v8 v[5];
};
struct p3x8 {
  fe8 X, Y, Z, T;
};
struct p2x8 {
  fe8 X, Y, Z;
};
struct p1p1x8 {
  fe8 X, Y, Z, T;
};
struct cachedx8 {
  fe8 YplusX, YminusX, Z, T2d;
};
struct precompx8 {
  fe8 yplusx, yminusx, xy2d;
};

constexpr std::uint64_t kMask51 = (std::uint64_t(1) << 51) - 1;

inline v8 bc(std::uint64_t x) { return _mm512_set1_epi64(static_cast<long long>(x)); }
inline v8 add64(v8 a, v8 b) { return _mm512_add_epi64(a, b); }
// Shifts through GCC/Clang vector extensions (vpsrlq / vpsllq): GCC 12's
// _mm512_srli_epi64 / _mm512_slli_epi64 trip -Wmaybe-uninitialized on their
// self-initialised _mm512_undefined_epi32() (GCC bug 105593).
using u64x8 = unsigned long long __attribute__((vector_size(64)));
inline v8 shr(v8 a, int n) { return reinterpret_cast<v8>(reinterpret_cast<u64x8>(a) >> n); }
inline v8 shl(v8 a, int n) { return reinterpret_cast<v8>(reinterpret_cast<u64x8>(a) << n); }

// One parallel carry round: limbs < 2^63 -> tight8 (carries < 2^12, 19 c4 < 2^17).
inline void carry(fe8 &h, const v8 s[5]) {
  const v8 m = bc(kMask51);
  const v8 c0 = shr(s[0], 51), c1 = shr(s[1], 51), c2 = shr(s[2], 51),
           c3 = shr(s[3], 51), c4 = shr(s[4], 51);
  // c4 < 2^12: its product with 19 is exact in the low 52 bits.
  h.v[0] = _mm512_madd52lo_epu64(_mm512_and_si512(s[0], m), c4, bc(19));
  h.v[1] = add64(_mm512_and_si512(s[1], m), c0);
  h.v[2] = add64(_mm512_and_si512(s[2], m), c1);
  h.v[3] = add64(_mm512_and_si512(s[3], m), c2);
  h.v[4] = add64(_mm512_and_si512(s[4], m), c3);
}

inline void fe8_add(fe8 &h, const fe8 &f, const fe8 &g) {
  v8 s[5];
  for (int i = 0; i < 5; ++i) s[i] = add64(f.v[i], g.v[i]);
  carry(h, s);
}

// h = f - g as f + 4p - g (4p's limbs exceed any tight8 limb), carried.
inline void fe8_sub(fe8 &h, const fe8 &f, const fe8 &g) {
  const v8 p0 = bc((std::uint64_t(1) << 53) - 76), pi = bc((std::uint64_t(1) << 53) - 4);
  v8 s[5];
  s[0] = _mm512_sub_epi64(add64(f.v[0], p0), g.v[0]);
  for (int i = 1; i < 5; ++i) s[i] = _mm512_sub_epi64(add64(f.v[i], pi), g.v[i]);
  carry(h, s);
}

inline void fe8_neg(fe8 &h, const fe8 &f) {
  fe8 zero;
  for (int i = 0; i < 5; ++i) zero.v[i] = _mm512_setzero_si512();
  fe8_sub(h, zero, f);
}

inline v8 times19(v8 z) { return add64(add64(z, shl(z, 1)), shl(z, 4)); }

// Columns z[0..10) (< 15 * 2^52 each) -> h with limbs < 2^51 + 2^14: the folded sums
// are < 20 * 15 * 2^52 < 2^60.3, so one carry round leaves carries < 2^9.3 and
// limb 0 < 2^51 + 19 * 2^9.3. That is tight8, and inside the serial tight bound.
inline void reduce(fe8 &h, v8 z[10]) {
  v8 s[5];
  for (int k = 0; k < 5; ++k) s[k] = add64(z[k], times19(z[k + 5]));
  carry(h, s);
}

// h = f g. f, g tight8.
inline void fe8_mul(fe8 &h, const fe8 &f, const fe8 &g) {
  v8 lo[10], hi[10];
  for (int k = 0; k < 10; ++k) lo[k] = hi[k] = _mm512_setzero_si512();
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) {
      lo[i + j] = _mm512_madd52lo_epu64(lo[i + j], f.v[i], g.v[j]);
      hi[i + j + 1] = _mm512_madd52hi_epu64(hi[i + j + 1], f.v[i], g.v[j]);
    }
  v8 z[10];
  for (int k = 0; k < 10; ++k) z[k] = add64(lo[k], shl(hi[k], 1));
  reduce(h, z);
}

// h = f^2: the 10 products f_i f_j (i < j) once, doubled, plus the 5 squares.
inline void fe8_sq(fe8 &h, const fe8 &f) {
  v8 lo[10], hi[10], dlo[10], dhi[10];
  for (int k = 0; k < 10; ++k) lo[k] = hi[k] = dlo[k] = dhi[k] = _mm512_setzero_si512();
  for (int i = 0; i < 5; ++i) {
    dlo[2 * i] = _mm512_madd52lo_epu64(dlo[2 * i], f.v[i], f.v[i]);
    dhi[2 * i + 1] = _mm512_madd52hi_epu64(dhi[2 * i + 1], f.v[i], f.v[i]);
    for (int j = i + 1; j < 5; ++j) {
      lo[i + j] = _mm512_madd52lo_epu64(lo[i + j], f.v[i], f.v[j]);
      hi[i + j + 1] = _mm512_madd52hi_epu64(hi[i + j + 1], f.v[i], f.v[j]);
    }
  }
  // column = 2 (lo + 2 hi) + dlo + 2 dhi = 2 (lo + dhi) + 4 hi + dlo
  v8 z[10];
  for (int k = 0; k < 10; ++k)
    z[k] = add64(add64(shl(add64(lo[k], dhi[k]), 1), shl(hi[k], 2)), dlo[k]);
  reduce(h, z);
}

// ---- conversions between ge_* (lane k = point k) and the vector layout ----------

// Lane k of h = f[k] (a serial element; any limbs < 2^63: carried on the way in).
inline void load_lanes(fe8 &h, const std::uint64_t *const f[8]) {
  v8 s[5];
  for (int l = 0; l < 5; ++l)
    s[l] = _mm512_set_epi64(static_cast<long long>(f[7][l]), static_cast<long long>(f[6][l]),
                            static_cast<long long>(f[5][l]), static_cast<long long>(f[4][l]),
                            static_cast<long long>(f[3][l]), static_cast<long long>(f[2][l]),
                            static_cast<long long>(f[1][l]), static_cast<long long>(f[0][l]));
  carry(h, s);
}

inline void store_lanes(std::uint64_t *const f[8], const fe8 &h) {
  alignas(64) std::uint64_t buf[8];
  for (int l = 0; l < 5; ++l) {
    _mm512_store_si512(reinterpret_cast<v8 *>(buf), h.v[l]);
    for (int k = 0; k < 8; ++k) f[k][l] = buf[k];
  }
  sodium_memzero(buf, sizeof buf);
}

inline void broadcast(fe8 &h, const fe f) {
  for (int l = 0; l < 5; ++l) h.v[l] = bc(f[l]);
}

inline void fe8_0(fe8 &h) {
  for (int l = 0; l < 5; ++l) h.v[l] = _mm512_setzero_si512();
}
inline void fe8_1(fe8 &h) {
  fe8_0(h);
  h.v[0] = bc(1);
}

void load_p3(p3x8 &r, const ge_p3 *p) {
  const std::uint64_t *x[8], *y[8], *z[8], *t[8];
  for (int k = 0; k < 8; ++k) {
    x[k] = p[k].X;
    y[k] = p[k].Y;
    z[k] = p[k].Z;
    t[k] = p[k].T;
  }
  load_lanes(r.X, x);
  load_lanes(r.Y, y);
  load_lanes(r.Z, z);
  load_lanes(r.T, t);
}

void store_p3(ge_p3 *p, const p3x8 &r) {
  std::uint64_t *x[8], *y[8], *z[8], *t[8];
  for (int k = 0; k < 8; ++k) {
    x[k] = p[k].X;
    y[k] = p[k].Y;
    z[k] = p[k].Z;
    t[k] = p[k].T;
  }
  store_lanes(x, r.X);
  store_lanes(y, r.Y);
  store_lanes(z, r.Z);
  store_lanes(t, r.T);
}

// ---- group formulas (curve/group.h, lane-wise) ---------------------------------------

inline void p1p1_to_p2(p2x8 &r, const p1p1x8 &p) {
  fe8_mul(r.X, p.X, p.T);
  fe8_mul(r.Y, p.Y, p.Z);
  fe8_mul(r.Z, p.Z, p.T);
}

inline void p1p1_to_p3(p3x8 &r, const p1p1x8 &p) {
  fe8_mul(r.X, p.X, p.T);
  fe8_mul(r.Y, p.Y, p.Z);
  fe8_mul(r.Z, p.Z, p.T);
  fe8_mul(r.T, p.X, p.Y);
}

inline void p3_to_cached(cachedx8 &r, const p3x8 &p, const fe8 &d2) {
  fe8_add(r.YplusX, p.Y, p.X);
  fe8_sub(r.YminusX, p.Y, p.X);
  r.Z = p.Z;
  fe8_mul(r.T2d, p.T, d2);
}

// r = 2p (p2_dbl): A = X^2, B = Y^2, C = 2 Z^2, S = (X + Y)^2; Y' = A + B,
// Z' = B - A, X' = S - Y', T' = C - Z'.
inline void p2_dbl(p1p1x8 &r, const p2x8 &p) {
  fe8 a, b, c, s;
  fe8_sq(a, p.X);
  fe8_sq(b, p.Y);
  fe8_sq(c, p.Z);
  fe8_add(c, c, c);
  fe8_add(s, p.X, p.Y);
  fe8_sq(s, s);
  fe8_add(r.Y, a, b);
  fe8_sub(r.Z, b, a);
  fe8_sub(r.X, s, r.Y);
  fe8_sub(r.T, c, r.Z);
}

inline void p3_dbl(p1p1x8 &r, const p3x8 &p) {
  p2x8 q{p.X, p.Y, p.Z};
  p2_dbl(r, q);
}

// r = p + q (add_formula<false>): A = (Y1 - X1)(Y2 - X2), B = (Y1 + X1)(Y2 + X2),
// C = T1 2d T2, D = 2 Z1 Z2 (2 Z1 for affine q); E = B - A, F = D - C, G = D + C, H = B + A.
inline void add_common(p1p1x8 &r, const p3x8 &p, const fe8 &qplus, const fe8 &qminus, const fe8 &qt2d,
                       const fe8 *z2) {
  fe8 a, b, c, d, t;
  fe8_sub(t, p.Y, p.X);
  fe8_mul(a, t, qminus);
  fe8_add(t, p.Y, p.X);
  fe8_mul(b, t, qplus);
  fe8_mul(c, p.T, qt2d);
  if (z2 != nullptr) {  // a public choice of formula, not a data-dependent branch
    fe8_mul(t, p.Z, *z2);
    fe8_add(d, t, t);
  } else {
    fe8_add(d, p.Z, p.Z);
  }
  fe8_sub(r.X, b, a);
  fe8_add(r.Y, b, a);
  fe8_add(r.Z, d, c);
  fe8_sub(r.T, d, c);
}

inline void add_cached(p1p1x8 &r, const p3x8 &p, const cachedx8 &q) {
  add_common(r, p, q.YplusX, q.YminusX, q.T2d, &q.Z);
}
inline void add_precomp(p1p1x8 &r, const p3x8 &p, const precompx8 &q) {
  add_common(r, p, q.yplusx, q.yminusx, q.xy2d, nullptr);
}

// ---- constant-time selection ---------------------------------------------------------

inline void blend(fe8 &dst, __mmask8 k, const fe8 &src) {
  for (int l = 0; l < 5; ++l) dst.v[l] = _mm512_mask_blend_epi64(k, dst.v[l], src.v[l]);
}

// Negates the point (y + x, y - x, 2d t) in the lanes of neg: swaps the first two
// coordinates and negates the third, with masked blends.
inline void cneg(fe8 &plus, fe8 &minus, fe8 &t2d, __mmask8 neg) {
  const fe8 old_plus = plus;
  fe8 neg_t2d;
  fe8_neg(neg_t2d, t2d);
  blend(plus, neg, minus);
  blend(minus, neg, old_plus);
  blend(t2d, neg, neg_t2d);
}

// Per lane: |digit| and the mask of lanes whose digit is negative.
inline v8 digit_magnitude(v8 digit, __mmask8 &negative) {
  const v8 zero = _mm512_setzero_si512();
  negative = _mm512_cmplt_epi64_mask(digit, zero);
  return _mm512_mask_sub_epi64(digit, negative, zero, digit);  // -digit in the negative lanes
}

// Calls keep(j, k) for every table entry j < 8, k the mask of the lanes whose
// |digit| is j + 1: all 8 entries are read whatever the digits (constant time).
template <class Keep>
inline void for_each_entry(v8 mag, Keep &&keep) {
  for (int j = 0; j < 8; ++j) keep(j, _mm512_cmpeq_epi64_mask(mag, bc(static_cast<std::uint64_t>(j + 1))));
}

// t = digit * P per lane from table[j] = (j+1) P (cached, per lane), reading all 8.
inline void select_cached(cachedx8 &t, const cachedx8 table[8], v8 digit) {
  __mmask8 neg;
  const v8 mag = digit_magnitude(digit, neg);
  fe8_1(t.YplusX), fe8_1(t.YminusX), fe8_1(t.Z), fe8_0(t.T2d);
  for_each_entry(mag, [&](int j, __mmask8 k) {
    blend(t.YplusX, k, table[j].YplusX);
    blend(t.YminusX, k, table[j].YminusX);
    blend(t.Z, k, table[j].Z);
    blend(t.T2d, k, table[j].T2d);
  });
  cneg(t.YplusX, t.YminusX, t.T2d, neg);
}

// t = digit_k * (row entry) per lane from an affine row row[j] = (j+1) Q (shared by
// the lanes: each entry broadcast from its fixed address), reading all 8.
inline void select_precomp(precompx8 &t, const ge_precomp row[8], v8 digit) {
  __mmask8 neg;
  const v8 mag = digit_magnitude(digit, neg);
  fe8_1(t.yplusx), fe8_1(t.yminusx), fe8_0(t.xy2d);
  for_each_entry(mag, [&](int j, __mmask8 k) {
    for (int l = 0; l < 5; ++l) {
      t.yplusx.v[l] = _mm512_mask_blend_epi64(k, t.yplusx.v[l], bc(row[j].yplusx[l]));
      t.yminusx.v[l] = _mm512_mask_blend_epi64(k, t.yminusx.v[l], bc(row[j].yminusx[l]));
      t.xy2d.v[l] = _mm512_mask_blend_epi64(k, t.xy2d.v[l], bc(row[j].xy2d[l]));
    }
  });
  // ge_base entries are loose (limbs < 2^52 + 2^17): carry them to tight8.
  fe8 c;
  carry(c, t.yplusx.v);
  t.yplusx = c;
  carry(c, t.yminusx.v);
  t.yminusx = c;
  carry(c, t.xy2d.v);
  t.xy2d = c;
  cneg(t.yplusx, t.yminusx, t.xy2d, neg);
}

inline void p3_identity(p3x8 &h) {
  fe8_0(h.X);
  fe8_1(h.Y);
  fe8_1(h.Z);
  fe8_0(h.T);
}

// out = h (lane k to out[k]), then the accumulators are wiped.
void finish(ge_p3 *out, p3x8 &h, p1p1x8 &r, p2x8 &s) {
  store_p3(out, h);
  sodium_memzero(&h, sizeof h);
  sodium_memzero(&r, sizeof r);
  sodium_memzero(&s, sizeof s);
}

}  // namespace

namespace {

// out[k] = sum_i d_i[k] 16^i points[k] per lane, digit(i) giving the 8 lanes' digit i
// (one shared digit string or one per lane: the kernel is the same).
template <class Digit>
void scalarmult_lanes_with(ge_p3 *out, Digit &&digit, const ge_p3 *points) {
  fe8 d2;
  broadcast(d2, fe_d2);
  p3x8 p;
  load_p3(p, points);
  // table[j] = (j+1) P per lane (multiples8_cached's order of operations).
  cachedx8 table[8];
  p3x8 mult[8];
  p1p1x8 r;
  mult[0] = p;
  p3_to_cached(table[0], p, d2);
  for (int j = 2; j <= 8; ++j) {
    if (j % 2 == 0)
      p3_dbl(r, mult[j / 2 - 1]);
    else
      add_cached(r, mult[j - 2], table[0]);
    p1p1_to_p3(mult[j - 1], r);
    p3_to_cached(table[j - 1], mult[j - 1], d2);
  }
  p3x8 h;
  p2x8 s;
  cachedx8 t;
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
  sodium_memzero(table, sizeof table);
  sodium_memzero(mult, sizeof mult);
  sodium_memzero(&p, sizeof p);
}

// Lane k's digit i in lane k.
inline v8 lane_digits(const signed char (*e)[64], int i) {
  return _mm512_set_epi64(e[7][i], e[6][i], e[5][i], e[4][i], e[3][i], e[2][i], e[1][i], e[0][i]);
}

}  // namespace

void scalarmult_lanes(ge_p3 *out, const signed char e[64], const ge_p3 *points) {
  scalarmult_lanes_with(out, [e](int i) { return bc(static_cast<std::uint64_t>(static_cast<std::int64_t>(e[i]))); },
                        points);
}

void scalarmult_each_lanes(ge_p3 *out, const signed char (*e)[64], const ge_p3 *points) {
  scalarmult_lanes_with(out, [e](int i) { return lane_digits(e, i); }, points);
}

void scalarmult_base_lanes(ge_p3 *out, const signed char (*e)[64]) {
  auto digit = [e](int i) { return lane_digits(e, i); };
  p3x8 h;
  p1p1x8 r;
  p2x8 s;
  precompx8 t;
  p3_identity(h);
  for (int i = 1; i < 64; i += 2) {
    select_precomp(t, ge_base[i / 2], digit(i));
    add_precomp(r, h, t);
    p1p1_to_p3(h, r);
  }
  s = p2x8{h.X, h.Y, h.Z};
  for (int d = 0; d < 3; ++d) {
    p2_dbl(r, s);
    p1p1_to_p2(s, r);
  }
  p2_dbl(r, s);
  p1p1_to_p3(h, r);
  for (int i = 0; i < 64; i += 2) {
    select_precomp(t, ge_base[i / 2], digit(i));
    add_precomp(r, h, t);
    p1p1_to_p3(h, r);
  }
  finish(out, h, r, s);
  sodium_memzero(&t, sizeof t);
}

namespace {

// ---- one point, 4-way parallel (scalarmult_one, scalarmult_base_one) ----------------
//
// One point's four coordinates side by side: lanes 0..3 of each limb register (a
// ymm register) hold X, Y, Z, T. The field code above, on 256-bit registers (fe4
// below: the same instructions in their AVX-512VL forms, the same bounds), so a
// multiplication multiplies the four coordinates by four other values at once.
// (A first version used the zmm field with lanes 4..7 idle: ~17% slower, since
// 512-bit operations leave a vector port unused.) The group formulas
// are those of Hisil, Wong, Carter and Dawson, "Twisted Edwards curves revisited"
// (2008), a = -1, arranged for 4 processors (their section 4; the same arrangement as
// the serial code's ge_p1p1 steps, so each intermediate is the serial code's value):
//
//   a cached point: (Y - X, Y + X, 2d T, 2 Z) in lanes 0..3
//   addition P + Q (Q cached):
//     r = (Y1 - X1, Y1 + X1, T1, Z1)                   one lane permute + add/sub
//     (A, B, C, D) = r * Q                               1 parallel multiplication
//     E = B - A, F = D - C, G = D + C, H = B + A
//     (X3, Y3, Z3, T3) = (E, G, F, E) * (F, H, G, H)     1 parallel multiplication
//   doubling 2P:
//     (A, B, C, S) = (X, Y, Z, X + Y)^2                  1 parallel squaring
//     G = B - A, H = B + A, E = S - H, F = 2C - G
//     (X3, Y3, Z3, T3) = (E, G, F, E) * (F, H, G, H)     1 parallel multiplication
//   (these are the serial p2_dbl/add_cached then p1p1_to_p3: X3 = X'T', Y3 = Y'Z',
//   Z3 = Z'T', T3 = X'Y' with (X', Y', Z', T') = (E, H, G, F); so each lane holds
//   the coordinate the serial code computes, as a field element.)
//
// Limb bounds (every multiplication input must be < 2^52 per limb):
// - a multiplication's or squaring's output: < 2^51 + 2^14 (reduce(), above);
// - every other multiplication input is the output of lane_addsub(), which carries
//   f + g or f + 4p - g with f, g < 2^51 + 2^17 (tight8 or products; in the
//   fixed-base lookup also ge_base's loose limbs < 2^52 + 2^17): the sum is
//   < 2^54 < 2^63 and 4p's limbs (2^53 - 76, 2^53 - 4) exceed g, so no lane wraps;
//   carry4() then gives tight8, < 2^51 + 2^17 < 2^52;
// - a selected table entry goes through cneg4(), which carries it (or its
//   negation, a lane_addsub) in every case;
// - the loaded point is carried on the way in (any limbs < 2^63 -> tight8); the
//   constants (1, 1, 2d, 2) are below 2^51.
//
// Constant time: the digit only enters through the table selection, which compares
// it with all 8 indices (vpcmpeqq into a mask: all four used lanes or none) and
// blends every entry; the negation is computed always and blended by the sign
// mask. No branch, address or loop bound depends on the scalar or the point.

// The 4-way field: the radix-2^51 code above on 256-bit registers (AVX-512VL forms
// of the same instructions; 4 lanes, 32 ymm registers), same bounds.
using v4 = __m256i;
using u64x4 = unsigned long long __attribute__((vector_size(32)));

struct fe4 {
  v4 v[5];
};

inline v4 bc4(std::uint64_t x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
inline v4 add4_64(v4 a, v4 b) { return _mm256_add_epi64(a, b); }
inline v4 shr4(v4 a, int n) { return reinterpret_cast<v4>(reinterpret_cast<u64x4>(a) >> n); }
inline v4 shl4(v4 a, int n) { return reinterpret_cast<v4>(reinterpret_cast<u64x4>(a) << n); }

// carry(), 4 lanes: limbs < 2^63 -> tight8.
inline void carry4(fe4 &h, const v4 s[5]) {
  const v4 m = bc4(kMask51);
  const v4 c0 = shr4(s[0], 51), c1 = shr4(s[1], 51), c2 = shr4(s[2], 51), c3 = shr4(s[3], 51),
           c4 = shr4(s[4], 51);
  h.v[0] = _mm256_madd52lo_epu64(_mm256_and_si256(s[0], m), c4, bc4(19));
  h.v[1] = add4_64(_mm256_and_si256(s[1], m), c0);
  h.v[2] = add4_64(_mm256_and_si256(s[2], m), c1);
  h.v[3] = add4_64(_mm256_and_si256(s[3], m), c2);
  h.v[4] = add4_64(_mm256_and_si256(s[4], m), c3);
}

inline v4 times19_4(v4 z) { return add4_64(add4_64(z, shl4(z, 1)), shl4(z, 4)); }

inline void reduce4(fe4 &h, v4 z[10]) {
  v4 s[5];
  for (int k = 0; k < 5; ++k) s[k] = add4_64(z[k], times19_4(z[k + 5]));
  carry4(h, s);
}

// fe8_mul, 4 lanes. f, g tight8 (< 2^52 per limb).
inline void fe4_mul(fe4 &h, const fe4 &f, const fe4 &g) {
  v4 lo[10], hi[10];
  for (int k = 0; k < 10; ++k) lo[k] = hi[k] = _mm256_setzero_si256();
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) {
      lo[i + j] = _mm256_madd52lo_epu64(lo[i + j], f.v[i], g.v[j]);
      hi[i + j + 1] = _mm256_madd52hi_epu64(hi[i + j + 1], f.v[i], g.v[j]);
    }
  v4 z[10];
  for (int k = 0; k < 10; ++k) z[k] = add4_64(lo[k], shl4(hi[k], 1));
  reduce4(h, z);
}

// fe8_sq, 4 lanes.
inline void fe4_sq(fe4 &h, const fe4 &f) {
  v4 lo[10], hi[10], dlo[10], dhi[10];
  for (int k = 0; k < 10; ++k) lo[k] = hi[k] = dlo[k] = dhi[k] = _mm256_setzero_si256();
  for (int i = 0; i < 5; ++i) {
    dlo[2 * i] = _mm256_madd52lo_epu64(dlo[2 * i], f.v[i], f.v[i]);
    dhi[2 * i + 1] = _mm256_madd52hi_epu64(dhi[2 * i + 1], f.v[i], f.v[i]);
    for (int j = i + 1; j < 5; ++j) {
      lo[i + j] = _mm256_madd52lo_epu64(lo[i + j], f.v[i], f.v[j]);
      hi[i + j + 1] = _mm256_madd52hi_epu64(hi[i + j + 1], f.v[i], f.v[j]);
    }
  }
  v4 z[10];
  for (int k = 0; k < 10; ++k)
    z[k] = add4_64(add4_64(shl4(add4_64(lo[k], dhi[k]), 1), shl4(hi[k], 2)), dlo[k]);
  reduce4(h, z);
}

inline v4 lanes4(int x, int y, int z, int t) { return _mm256_set_epi64x(t, z, y, x); }

// h[lane k] = f[lane idx[k]] (lanes where keep is 0: zero).
inline void permute(fe4 &h, const fe4 &f, v4 idx, __mmask8 keep = 0xf) {
  for (int l = 0; l < 5; ++l) h.v[l] = _mm256_maskz_permutexvar_epi64(keep, idx, f.v[l]);
}

inline void blend4(fe4 &dst, __mmask8 k, const fe4 &src) {
  for (int l = 0; l < 5; ++l) dst.v[l] = _mm256_mask_blend_epi64(k, dst.v[l], src.v[l]);
}

// h = f + g in the lanes outside neg, f + 4p - g in the lanes of neg, carried
// (f, g < 2^51 + 2^17 per limb, or g < 2^53 - 76: see the bounds above).
inline void lane_addsub(fe4 &h, const fe4 &f, const fe4 &g, __mmask8 neg) {
  const v4 p0 = bc4((std::uint64_t(1) << 53) - 76), pi = bc4((std::uint64_t(1) << 53) - 4);
  v4 s[5];
  for (int l = 0; l < 5; ++l)
    s[l] = add4_64(f.v[l], _mm256_mask_sub_epi64(g.v[l], neg, l == 0 ? p0 : pi, g.v[l]));
  carry4(h, s);
}

constexpr __mmask8 kL0 = 1, kL1 = 2, kL2 = 4, kL3 = 8;

// r = (Y - X, Y + X, T, Z) from p = (X, Y, Z, T).
inline void diff_sum(fe4 &r, const fe4 &p) {
  fe4 f, g;
  permute(f, p, lanes4(1, 1, 3, 2));
  permute(g, p, lanes4(0, 0, 0, 0), kL0 | kL1);
  lane_addsub(r, f, g, kL0);
}

// r = 2p (p's lane 3, T, is not read).
inline void dbl4(fe4 &r, const fe4 &p) {
  fe4 f, g, sq, t, left, right;
  // (X, Y, Z, X + Y)
  permute(f, p, lanes4(0, 1, 2, 0));
  permute(g, p, lanes4(0, 0, 0, 1), kL3);
  lane_addsub(t, f, g, 0);
  fe4_sq(sq, t);  // (A, B, C, S)
  // t = (B - A, B + A, 2C, S) = (G, H, 2C, S)
  permute(f, sq, lanes4(1, 1, 2, 3));
  permute(g, sq, lanes4(0, 0, 2, 0), kL0 | kL1 | kL2);
  lane_addsub(t, f, g, kL0);
  // left = (S - H, G, 2C - G, S - H) = (E, G, F, E)
  permute(f, t, lanes4(3, 0, 2, 3));
  permute(g, t, lanes4(1, 0, 0, 1), kL0 | kL2 | kL3);
  lane_addsub(left, f, g, kL0 | kL2 | kL3);
  // right = (2C - G, H, G, H) = (F, H, G, H)
  permute(f, t, lanes4(2, 1, 0, 1));
  permute(g, t, lanes4(0, 0, 0, 0), kL0);
  lane_addsub(right, f, g, kL0);
  fe4_mul(r, left, right);
}

// r = p + q, q cached (Y - X, Y + X, 2d T, 2 Z).
inline void add4(fe4 &r, const fe4 &p, const fe4 &q) {
  fe4 f, g, abcd, left, right;
  diff_sum(f, p);
  fe4_mul(abcd, f, q);  // (A, B, C, D)
  // left = (B - A, D + C, D - C, B - A) = (E, G, F, E)
  permute(f, abcd, lanes4(1, 3, 3, 1));
  permute(g, abcd, lanes4(0, 2, 2, 0));
  lane_addsub(left, f, g, kL0 | kL2 | kL3);
  // right = (D - C, B + A, D + C, B + A) = (F, H, G, H)
  permute(f, abcd, lanes4(3, 1, 3, 1));
  permute(g, abcd, lanes4(2, 0, 2, 0));
  lane_addsub(right, f, g, kL0);
  fe4_mul(r, left, right);
}

// r = p in cached form: (Y - X, Y + X, T, Z) * (1, 1, 2d, 2).
inline void to_cached4(fe4 &r, const fe4 &p) {
  fe4 ds, k;
  diff_sum(ds, p);
  for (int l = 0; l < 5; ++l)
    k.v[l] = _mm256_set_epi64x(l == 0 ? 2 : 0, static_cast<long long>(fe_d2[l]), l == 0 ? 1 : 0, l == 0 ? 1 : 0);
  fe4_mul(r, ds, k);
}

// |digit| broadcast, and the mask of the sign (all four lanes or none).
inline v4 magnitude4(int digit, __mmask8 &negative) {
  const v4 d = bc4(static_cast<std::uint64_t>(static_cast<std::int64_t>(digit)));
  const v4 zero = _mm256_setzero_si256();
  negative = _mm256_cmplt_epi64_mask(d, zero);
  return _mm256_mask_sub_epi64(d, negative, zero, d);
}

// -t = (Y + X, Y - X, -2d T, 2 Z) in the lanes of neg (all or none), from a cached t
// whose limbs are < 2^53 - 76; the result is carried (tight8) either way.
inline void cneg4(fe4 &t, const fe4 &u, __mmask8 neg) {
  fe4 f, g, n;
  permute(f, u, lanes4(1, 0, 2, 3), kL0 | kL1 | kL3);
  permute(g, u, lanes4(2, 2, 2, 2), kL2);
  lane_addsub(n, f, g, kL2);
  carry4(t, u.v);
  blend4(t, neg, n);
}

// t = digit * P from table[j] = (j+1) P (cached), reading all 8 entries; the digit
// is the same in every lane, so each mask is all lanes or none.
inline void select4(fe4 &t, const fe4 table[8], int digit) {
  __mmask8 neg;
  const v4 mag = magnitude4(digit, neg);
  fe4 u;
  for (int l = 0; l < 5; ++l) u.v[l] = _mm256_setzero_si256();
  u.v[0] = _mm256_set_epi64x(2, 0, 1, 1);  // the identity: (1, 1, 0, 2)
  for (int j = 0; j < 8; ++j) blend4(u, _mm256_cmpeq_epi64_mask(mag, bc4(static_cast<std::uint64_t>(j + 1))), table[j]);
  cneg4(t, u, neg);
}

// Lanes 0..3 of x (a vector-extension shuffle: GCC 12's cast and extract intrinsics
// trip -Wmaybe-uninitialized on their _mm512_undefined operands, as noted above).
inline v4 low_half(v8 x) {
  using u64x8v = unsigned long long __attribute__((vector_size(64)));
  const u64x8v y = reinterpret_cast<u64x8v>(x);
  return reinterpret_cast<v4>(__builtin_shufflevector(y, y, 0, 1, 2, 3));
}

// t = digit * (row entry) from an affine row row[j] = (j+1) Q of ge_base, as a cached
// point (y - x, y + x, 2d x y, 2) (Z = 1), reading all 8 entries. An entry is 15
// consecutive limbs (yplusx, yminusx, xy2d): each is loaded as two zmm registers
// (limbs 0..7, 8..14) from its fixed address, the wanted one kept with masked blends,
// and only the kept one is transposed (limb l of each coordinate to its lane).
inline void select_base4(fe4 &t, const ge_precomp row[8], int digit) {
  static_assert(sizeof(ge_precomp) == 15 * sizeof(std::uint64_t), "ge_precomp is 15 limbs");
  __mmask8 neg;
  const v4 mag = magnitude4(digit, neg);
  const u64x4 m4 = reinterpret_cast<u64x4>(mag);
  const v8 mag8 = reinterpret_cast<v8>(__builtin_shufflevector(m4, m4, 0, 1, 2, 3, 0, 1, 2, 3));
  v8 lo = _mm512_set_epi64(0, 0, 1, 0, 0, 0, 0, 1), hi = _mm512_setzero_si512();  // identity (1, 1, 0)
  for (int j = 0; j < 8; ++j) {
    const __mmask8 k = _mm512_cmpeq_epi64_mask(mag8, bc(static_cast<std::uint64_t>(j + 1)));
    const std::uint64_t *w = reinterpret_cast<const std::uint64_t *>(&row[j]);
    // Plain loads (the 15th limb's load mask 0x7f is a constant: no read past the
    // table), then the blend by the digit's mask: every entry is read in full.
    lo = _mm512_mask_blend_epi64(k, lo, _mm512_loadu_si512(w));
    hi = _mm512_mask_blend_epi64(k, hi, _mm512_maskz_loadu_epi64(0x7f, w + 8));
  }
  // limb l: (yminusx[l], yplusx[l], xy2d[l], 2 or 0) = words (5 + l, l, 10 + l) of the
  // entry (vpermt2q indices 0..15 address the 16 words of lo:hi directly). ge_base's
  // limbs are loose (< 2^52 + 2^17 < 2^53 - 76): cneg4 carries them.
  fe4 u;
  for (int l = 0; l < 5; ++l) {
    const v8 idx = _mm512_set_epi64(0, 0, 0, 0, 0, 10 + l, l, 5 + l);
    u.v[l] = _mm256_mask_blend_epi64(kL3, low_half(_mm512_permutex2var_epi64(lo, idx, hi)), bc4(l == 0 ? 2 : 0));
  }
  cneg4(t, u, neg);
}

inline void identity4(fe4 &h) {
  for (int l = 0; l < 5; ++l) h.v[l] = _mm256_setzero_si256();
  h.v[0] = _mm256_set_epi64x(0, 1, 1, 0);  // (X, Y, Z, T) = (0, 1, 1, 0)
}

void store4(ge_p3 *out, const fe4 &h) {
  alignas(32) std::uint64_t buf[4];
  for (int l = 0; l < 5; ++l) {
    _mm256_store_si256(reinterpret_cast<v4 *>(buf), h.v[l]);
    out->X[l] = buf[0];
    out->Y[l] = buf[1];
    out->Z[l] = buf[2];
    out->T[l] = buf[3];
  }
  sodium_memzero(buf, sizeof buf);
}

}  // namespace

void scalarmult_base_one(ge_p3 *out, const signed char e[64]) {
  // ge_scalarmult_base's order: the odd digits (rows i / 2, fixed addresses), four
  // doublings, the even digits.
  fe4 h, t;
  identity4(h);
  for (int i = 1; i < 64; i += 2) {
    select_base4(t, ge_base[i / 2], e[i]);
    add4(h, h, t);
  }
  for (int d = 0; d < 4; ++d) dbl4(h, h);
  for (int i = 0; i < 64; i += 2) {
    select_base4(t, ge_base[i / 2], e[i]);
    add4(h, h, t);
  }
  store4(out, h);
  sodium_memzero(&h, sizeof h);
  sodium_memzero(&t, sizeof t);
}

void scalarmult_one(ge_p3 *out, const signed char e[64], const ge_p3 *point) {
  fe4 p;
  {
    v4 s[5];
    for (int l = 0; l < 5; ++l)
      s[l] = _mm256_set_epi64x(static_cast<long long>(point->T[l]), static_cast<long long>(point->Z[l]),
                               static_cast<long long>(point->Y[l]), static_cast<long long>(point->X[l]));
    carry4(p, s);
  }
  // table[j] = (j+1) P, cached (multiples8_cached's order of operations).
  fe4 table[8], mult[8];
  mult[0] = p;
  to_cached4(table[0], p);
  for (int j = 2; j <= 8; ++j) {
    if (j % 2 == 0)
      dbl4(mult[j - 1], mult[j / 2 - 1]);
    else
      add4(mult[j - 1], mult[j - 2], table[0]);
    to_cached4(table[j - 1], mult[j - 1]);
  }
  fe4 h, t;
  identity4(h);
  select4(t, table, e[63]);
  add4(h, h, t);
  for (int i = 62; i >= 0; --i) {
    for (int d = 0; d < 4; ++d) dbl4(h, h);
    select4(t, table, e[i]);
    add4(h, h, t);
  }
  store4(out, h);
  sodium_memzero(&h, sizeof h);
  sodium_memzero(&t, sizeof t);
  sodium_memzero(&p, sizeof p);
  sodium_memzero(table, sizeof table);
  sodium_memzero(mult, sizeof mult);
}


namespace {

// ---- variable-time dense Straus, 4-way (straus_dense_vartime, straus_pair_vartime) ----
//
// The doubling chain and additions of the serial straus_dense (ecmult/straus.cpp) on
// one 4-way accumulator (X, Y, Z, T in lanes 0..3, dbl4 and add4 above), or on two
// interleaved accumulators for the CLSAG pair (two independent dependency chains:
// the out-of-order core overlaps them). The inputs are public (_vartime), so the
// loop branches on each digit and reads the one table entry it names directly:
// a vpgatherqq per limb picks (Y - X, Y + X, 2d T, Z) of a serial ge_cached (or
// (y - x, y + x, 2d x y) of a ge_precomp, with Z = 1 blended in), a variable shift
// doubles Z, and for a negative digit the permutation swaps Y - X and Y + X and
// lane_addsub negates 2d T. Tables stay in the serial layout (a 64-entry ge_base_odd
// or an image table shared by a whole ring is read ~30-40 times per call: converting
// it whole would cost more than converting each entry read).
//
// Limb bounds: a serial table entry's limbs are < 2^53 - 76 (ge_cached: loose sums
// and differences < 2^53, Z and 2d T tight; ge_base_odd: < 2^52 + 2^17), so 2 Z,
// Y - X, Y + X are < 2^63 and carry4 (positive digit) or lane_addsub (negative: the
// subtrahend is 2d T, tight) make the entry tight8 before add4 multiplies it.
//
// ge_cached = YplusX[5] YminusX[5] Z[5] T2d[5]; ge_precomp = yplusx[5] yminusx[5] xy2d[5].
inline void load_entry4(fe4 &t, const std::uint64_t *w, bool cached, bool negative) {
  const long long *base = reinterpret_cast<const long long *>(w);
  const v4 z_double = _mm256_set_epi64x(1, 0, 0, 0);  // Z -> 2 Z in lane 3
  v4 s[5];
  for (int l = 0; l < 5; ++l) {
    const int first = negative ? l : 5 + l, second = negative ? 5 + l : l;
    if (cached) {
      const v4 idx = _mm256_set_epi64x(10 + l, 15 + l, second, first);
      s[l] = _mm256_sllv_epi64(_mm256_i64gather_epi64(base, idx, 8), z_double);
    } else {
      const v4 idx = _mm256_set_epi64x(0, 10 + l, second, first);
      s[l] = _mm256_mmask_i64gather_epi64(_mm256_set_epi64x(l == 0 ? 2 : 0, 0, 0, 0), kL0 | kL1 | kL2, idx, base, 8);
    }
  }
  if (!negative) {
    carry4(t, s);
    return;
  }
  fe4 f, g;
  for (int l = 0; l < 5; ++l) {
    f.v[l] = _mm256_maskz_mov_epi64(kL0 | kL1 | kL3, s[l]);
    g.v[l] = _mm256_maskz_mov_epi64(kL2, s[l]);
  }
  lane_addsub(t, f, g, kL2);
}

// h += d P_k (d odd, nonzero; the term's table entry |d| / 2).
inline void add_digit4(fe4 &h, const naf_digits_term &term, int d) {
  const int j = (d > 0 ? d : -d) / 2;
  fe4 q;
  if (term.cached != nullptr)
    load_entry4(q, reinterpret_cast<const std::uint64_t *>(&term.cached[j]), true, d < 0);
  else
    load_entry4(q, reinterpret_cast<const std::uint64_t *>(&term.precomp[j]), false, d < 0);
  add4(h, h, q);
}

}  // namespace

void straus_dense_vartime(ge_p3 *out, const naf_digits_term *terms, int n, int top) {
  fe4 h;
  identity4(h);
  for (int i = top; i >= 0; --i) {
    dbl4(h, h);
    for (int k = 0; k < n; ++k) {
      const int d = terms[k].naf[i];
      if (d != 0) add_digit4(h, terms[k], d);
    }
  }
  store4(out, h);
}

void straus_pair_vartime(ge_p3 *ra, const naf_digits_term *a, int na, ge_p3 *rb, const naf_digits_term *b, int nb,
                         int top) {
  fe4 ha, hb;
  identity4(ha);
  identity4(hb);
  for (int i = top; i >= 0; --i) {
    dbl4(ha, ha);
    dbl4(hb, hb);
    for (int k = 0; k < 3; ++k) {
      if (k < na) {
        const int d = a[k].naf[i];
        if (d != 0) add_digit4(ha, a[k], d);
      }
      if (k < nb) {
        const int d = b[k].naf[i];
        if (d != 0) add_digit4(hb, b[k], d);
      }
    }
  }
  store4(ra, ha);
  store4(rb, hb);
}

void straus_sparse_vartime(ge_p3 *out, const odd_table *tables, const sparse_digit *entries, std::size_t n,
                           const std::uint32_t *count, int top) {
  fe4 h;
  identity4(h);
  for (int i = top; i >= 0; --i) {
    if (i != top) dbl4(h, h);
    for (std::uint32_t e = count[i]; e < count[i + 1]; ++e) {
      if (e + 4 < n) {  // the table entry four additions ahead (as the serial loop)
        const odd_table &ahead = tables[entries[e + 4].term];
        const int da = entries[e + 4].digit;
        const int ja = (da > 0 ? da : -da) / 2;
        const char *line = ahead.precomp != nullptr ? reinterpret_cast<const char *>(&ahead.precomp[ja])
                                                    : reinterpret_cast<const char *>(&ahead.cached[ja]);
        _mm_prefetch(line, _MM_HINT_T0);
        _mm_prefetch(line + 64, _MM_HINT_T0);  // an entry spans two or three cache lines
        _mm_prefetch(line + 119, _MM_HINT_T0);
      }
      const odd_table &t = tables[entries[e].term];
      const naf_digits_term term{nullptr, t.cached, t.precomp};
      add_digit4(h, term, entries[e].digit);
    }
  }
  store4(out, h);
}

}  // namespace cncrypto::ed25519::ifma
