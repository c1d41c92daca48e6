// WebAssembly SIMD128 backend of the curve layer (issue 37 point 2;
// docs/ed25519_backends.md, "simd128"): ONE scalar multiplication, by a variable
// point (scalarmult_one) or by G (scalarmult_base_one), with the point's four
// coordinates X, Y, Z, T in the four 32-bit lanes of v128 registers, so every field
// multiplication of the group law multiplies four coordinates by four other values
// at once: the 4-way formulas of the ifma backend's one-point kernels (Hisil, Wong,
// Carter, Dawson, "Twisted Edwards curves revisited" (2008), a = -1, in their
// 4-processor form), on the 10-limb field of the wasm build.
//
// Compiled with -msimd128 into a library of its own (cncrypto_curve_simd128,
// src/curve/CMakeLists.txt) that only the SIMD128 module links (scripts/wasm.sh);
// the rest of the library is compiled once, without SIMD, for both modules. In the
// scalar-only module the weak fallbacks in ecmult/backend.cpp stand in for these
// functions and say the backend is not there (linked() is false).
//
// Field: p = 2^255 - 19 in 10 limbs alternating 26 and 25 bits (the serial 10-limb
// layout of curve/fe_25.h, so points convert limb for limb), one element per lane,
// each limb an i32x4 register. A product f g is the serial fe_mul's schoolbook:
// the operands are prepared in 32 bits (2 f_i for odd i, 19 g_j; inputs here are
// always carried, limbs <= 2^w + 2^16, so 19 g_j < 2^30.3 and 4 f_i < 2^28.1), the
// 100 products are i64x2.extmul_low_i32x4_u / extmul_high_i32x4_u (lanes 0, 1 and
// lanes 2, 3: 32 x 32 -> 64-bit products), accumulated per column in two i64x2
// registers, then carried exactly as fe_25_carry64 carries (the same column integers
// and the same carry order: each lane's limbs are the serial fe_mul's limbs). A
// square takes the 55 products of fe_sq. Sums and differences: lane_addsub, f + g or
// f + 4p - g per lane (lanes chosen at compile time), carried in 32 bits.
//
// Limb bounds (w = 26 for even limbs, 25 for odd ones):
// - a product's or square's output: tight, <= 2^w + 2^16 (fe_25.h's argument: every
//   column < 2^61 here, 10 terms < 2 * 19 * (2^26 + 2^16)^2);
// - every other multiplication input is the output of lane_addsub (carried: limbs
//   < 2^29 before the carry, tight after; 4p's limbs, 2^28 - 76, 2^28 - 4 and 2^27 -
//   4, exceed any tight or loose g, so no lane wraps), of cneg4 (carried) or a
//   constant below 2^26;
// - the loaded point is carried on the way in (limbs < 2^31 -> tight); ge_base's
//   limbs are loose (< 2^27 + 2^18) and go through cneg4's lane_addsub and carry.
// Outputs are tight, within the serial bound.
//
// Constant time: the scalar enters only through the table selection, which compares
// the digit's magnitude with all 8 indices (i32x4.eq: every lane or none) and keeps
// one entry with v128.bitselect, reading every entry in full (ge_base's entries
// from fixed addresses: row i / 2 for digit i, public); the negation is always
// computed and selected by the sign's mask (an arithmetic shift of the digit). No
// branch, address or loop bound depends on the scalar or the point. The operations
// (i32x4/i64x2 add, sub, shifts by constants, and, bitselect, shuffles with constant
// lanes, i32x4.eq, i32x4.mul, extmul) are data-independent in the engines' code
// (pmuludq, paddq, pshufd, pand... on x86-64; umull, add, ... on arm64).
#include "backend/backend.h"
#include "backend/lanes.h"
#include "backend/one_point.h"

#include <sodium.h>
#include <wasm_simd128.h>

#include <cstdint>

#if CNCRYPTO_FE_51
#error "the simd128 backend is written for the 10-limb field (CNCRYPTO_FE_10LIMB)"
#endif

// Every loop over limbs, columns or lanes is unrolled: the engines keep the unrolled
// code's values in registers, and clang matches i64x2.extmul only on the unrolled
// (extend, extend, mul) pattern of wasm_u64x2_extmul_*_u32x4 (clang 14 has no builtin
// for it; a rolled loop became extends and i64x2.mul, 7x slower in V8).
#define CN_UNROLL _Pragma("clang loop unroll(full)")
// The table selections' loops over their 8 entries stay rolled (each iteration
// unrolled over the limbs): bitselects and loads only, no product to match, and
// 8 unrolled copies cost 12 KB of the SIMD128 module (docs/measurements/wasm.md).
#define CN_ROLLED _Pragma("clang loop unroll(disable)")

namespace cncrypto::ed25519::simd128 {
namespace {

struct fe4 {
  v128_t v[10];
};

constexpr int kWidth[10] = {26, 25, 26, 25, 26, 25, 26, 25, 26, 25};

inline v128_t splat32(std::uint32_t x) { return wasm_i32x4_splat(static_cast<std::int32_t>(x)); }
inline v128_t mask32(int l) { return splat32((std::uint32_t(1) << kWidth[l]) - 1); }
inline v128_t mask64(int l) { return wasm_i64x2_splat(static_cast<std::int64_t>((std::uint64_t(1) << kWidth[l]) - 1)); }

// h = s carried: limbs < 2^31 in, tight out (fe_25_carry64's order, in 32 bits).
inline void carry32(fe4 &h, v128_t s[10]) {
  CN_UNROLL
  for (int l = 0; l < 9; ++l) {
    s[l + 1] = wasm_i32x4_add(s[l + 1], wasm_u32x4_shr(s[l], kWidth[l]));
    s[l] = wasm_v128_and(s[l], mask32(l));
  }
  const v128_t c = wasm_u32x4_shr(s[9], 25);
  s[9] = wasm_v128_and(s[9], mask32(9));
  s[0] = wasm_i32x4_add(s[0], wasm_i32x4_mul(c, splat32(19)));
  s[1] = wasm_i32x4_add(s[1], wasm_u32x4_shr(s[0], 26));
  s[0] = wasm_v128_and(s[0], mask32(0));
  CN_UNROLL
  for (int l = 0; l < 10; ++l) h.v[l] = s[l];
}

// The columns (lanes 0, 1 in lo, lanes 2, 3 in hi, 64 bits each, < 2^62) carried
// as fe_25_carry64 does, then narrowed to 32-bit lanes. -> tight.
inline void reduce(fe4 &h, v128_t lo[10], v128_t hi[10]) {
  CN_UNROLL
  for (int l = 0; l < 9; ++l) {
    lo[l + 1] = wasm_i64x2_add(lo[l + 1], wasm_u64x2_shr(lo[l], kWidth[l]));
    hi[l + 1] = wasm_i64x2_add(hi[l + 1], wasm_u64x2_shr(hi[l], kWidth[l]));
    lo[l] = wasm_v128_and(lo[l], mask64(l));
    hi[l] = wasm_v128_and(hi[l], mask64(l));
  }
  v128_t *const halves[2] = {lo, hi};
  for (v128_t *t : halves) {
    const v128_t c = wasm_u64x2_shr(t[9], 25);  // < 2^37; 19 c = c + 2c + 16c
    t[9] = wasm_v128_and(t[9], mask64(9));
    t[0] = wasm_i64x2_add(t[0], wasm_i64x2_add(c, wasm_i64x2_add(wasm_i64x2_shl(c, 1), wasm_i64x2_shl(c, 4))));
    t[1] = wasm_i64x2_add(t[1], wasm_u64x2_shr(t[0], 26));
    t[0] = wasm_v128_and(t[0], mask64(0));
  }
  CN_UNROLL
  for (int l = 0; l < 10; ++l) h.v[l] = wasm_i32x4_shuffle(lo[l], hi[l], 0, 2, 4, 6);
}

inline void mac(v128_t &lo, v128_t &hi, v128_t a, v128_t b) {
  lo = wasm_i64x2_add(lo, wasm_u64x2_extmul_low_u32x4(a, b));
  hi = wasm_i64x2_add(hi, wasm_u64x2_extmul_high_u32x4(a, b));
}

// h = f g lane-wise (fe_mul's products). f, g tight.
inline void vmul(fe4 &h, const fe4 &f, const fe4 &g) {
  v128_t f2[10], g19[10], lo[10], hi[10];
  CN_UNROLL
  for (int i = 0; i < 10; ++i) {
    f2[i] = (i & 1) != 0 ? wasm_i32x4_shl(f.v[i], 1) : f.v[i];
    g19[i] = wasm_i32x4_mul(g.v[i], splat32(19));
  }
  // Column by column (two accumulators live at a time: the engine's register
  // allocator keeps them in registers).
  CN_UNROLL
  for (int k = 0; k < 10; ++k) {
    lo[k] = wasm_i64x2_splat(0);
    hi[k] = wasm_i64x2_splat(0);
    CN_UNROLL
    for (int i = 0; i < 10; ++i) {
      const int j = (k - i + 10) % 10;
      mac(lo[k], hi[k], (i & j & 1) != 0 ? f2[i] : f.v[i], i + j >= 10 ? g19[j] : g.v[j]);
    }
  }
  reduce(h, lo, hi);
}

// h = f^2 lane-wise (fe_sq's 55 products). f tight.
inline void vsq(fe4 &h, const fe4 &f) {
  v128_t f2[10], f4[10], f19[10], lo[10], hi[10];
  CN_UNROLL
  for (int i = 0; i < 10; ++i) {
    f2[i] = wasm_i32x4_shl(f.v[i], 1);
    f4[i] = wasm_i32x4_shl(f.v[i], 2);
    f19[i] = wasm_i32x4_mul(f.v[i], splat32(19));
  }
  CN_UNROLL
  for (int k = 0; k < 10; ++k) {  // column by column, the pairs i <= j of i + j = k mod 10
    lo[k] = wasm_i64x2_splat(0);
    hi[k] = wasm_i64x2_splat(0);
    CN_UNROLL
    for (int i = 0; i < 10; ++i) {
      const int j = (k - i + 10) % 10;
      if (j < i) continue;  // (public loop structure, unrolled at compile time)
      const bool odd = (i & j & 1) != 0;
      const v128_t a = i == j ? (odd ? f2[i] : f.v[i]) : (odd ? f4[i] : f2[i]);
      mac(lo[k], hi[k], a, i + j >= 10 ? f19[j] : f.v[j]);
    }
  }
  reduce(h, lo, hi);
}

// h[lane k] = f[lane Ik], where an index of 4 gives 0 (lane 0 of a zero register).
template <int I0, int I1, int I2, int I3>
inline void perm(fe4 &h, const fe4 &f) {
  const v128_t zero = wasm_i64x2_splat(0);
  CN_UNROLL
  for (int l = 0; l < 10; ++l) h.v[l] = wasm_i32x4_shuffle(f.v[l], zero, I0, I1, I2, I3);
}

// h = f + g in the lanes k with Nk = 0, f + 4p - g where Nk = 1, carried. f tight,
// g tight or loose (then g < 4p limb by limb).
template <int N0, int N1, int N2, int N3>
inline void lane_addsub(fe4 &h, const fe4 &f, const fe4 &g) {
  v128_t s[10];
  CN_UNROLL
  for (int l = 0; l < 10; ++l) {
    const std::uint32_t four_p = (std::uint32_t(4) << kWidth[l]) - (l == 0 ? 76 : 4);
    const v128_t neg = wasm_i32x4_sub(splat32(four_p), g.v[l]);
    const v128_t term = wasm_i32x4_shuffle(g.v[l], neg, N0 ? 4 : 0, N1 ? 5 : 1, N2 ? 6 : 2, N3 ? 7 : 3);
    s[l] = wasm_i32x4_add(f.v[l], term);
  }
  carry32(h, s);
}

// r = (Y - X, Y + X, T, Z) from p = (X, Y, Z, T).
inline void diff_sum(fe4 &r, const fe4 &p) {
  fe4 f, g;
  perm<1, 1, 3, 2>(f, p);
  perm<0, 0, 4, 4>(g, p);
  lane_addsub<1, 0, 0, 0>(r, f, g);
}

// The last step of dbl4 and add4: r = (E, G, F, E) * (F, H, G, H), where
// (E, G, F, E) = t[A] - t[B] lane-wise in lanes 0, 2, 3 (+ in lane 1) and
// (F, H, G, H) = t[C] - t[D] in lane 0 (+ in lanes 1..3); A..D are perm's indices
// (4: zero).
template <int A0, int A1, int A2, int A3, int B0, int B1, int B2, int B3, int C0, int C1, int C2, int C3, int D0, int D1,
          int D2, int D3>
inline void efgh(fe4 &r, const fe4 &t) {
  fe4 f, g, left, right;
  perm<A0, A1, A2, A3>(f, t);
  perm<B0, B1, B2, B3>(g, t);
  lane_addsub<1, 0, 1, 1>(left, f, g);  // (E, G, F, E)
  perm<C0, C1, C2, C3>(f, t);
  perm<D0, D1, D2, D3>(g, t);
  lane_addsub<1, 0, 0, 0>(right, f, g);  // (F, H, G, H)
  vmul(r, left, right);
}

// r = 2p (p's lane 3, T, is not read): (A, B, C, S) = (X, Y, Z, X + Y)^2,
// G = B - A, H = B + A, E = S - H, F = 2C - G, r = (E, G, F, E) * (F, H, G, H).
inline void dbl4(fe4 &r, const fe4 &p) {
  fe4 f, g, sq, t;
  perm<0, 1, 2, 0>(f, p);
  perm<4, 4, 4, 1>(g, p);
  lane_addsub<0, 0, 0, 0>(t, f, g);  // (X, Y, Z, X + Y)
  vsq(sq, t);                        // (A, B, C, S)
  perm<1, 1, 2, 3>(f, sq);
  perm<0, 0, 2, 4>(g, sq);
  lane_addsub<1, 0, 0, 0>(t, f, g);  // (G, H, 2C, S)
  efgh<3, 0, 2, 3, 1, 4, 0, 1, 2, 1, 0, 1, 0, 4, 4, 4>(r, t);
}

// r = p + q, q cached (Y - X, Y + X, 2d T, 2 Z): (A, B, C, D) = (Y1 - X1, Y1 + X1,
// T1, Z1) * q, E = B - A, F = D - C, G = D + C, H = B + A, r = (E, G, F, E) * (F, H,
// G, H).
inline void add4(fe4 &r, const fe4 &p, const fe4 &q) {
  fe4 f, abcd;
  diff_sum(f, p);
  vmul(abcd, f, q);
  efgh<1, 3, 3, 1, 0, 2, 2, 0, 3, 1, 3, 1, 2, 0, 2, 0>(r, abcd);
}

// r = p in cached form: (Y - X, Y + X, T, Z) * (1, 1, 2d, 2). Not inlined (nor
// select4 below): inlined into one_point::scalarmult's table and digit loops, their
// copies cost 4.3 KB of the module; a call per table entry or digit is not measurable
// beside a digit's four doublings and addition (docs/measurements/wasm.md, session 26).
__attribute__((noinline)) void to_cached4(fe4 &r, const fe4 &p) {
  fe4 ds, k;
  diff_sum(ds, p);
  CN_UNROLL
  for (int l = 0; l < 10; ++l)
    k.v[l] = wasm_i32x4_make(l == 0 ? 1 : 0, l == 0 ? 1 : 0, static_cast<std::int32_t>(fe_d2[l]), l == 0 ? 2 : 0);
  vmul(r, ds, k);
}

// The sign mask of a digit (all lanes when negative) and its magnitude, broadcast.
inline v128_t magnitude4(int digit, v128_t &negative) {
  const v128_t d = wasm_i32x4_splat(digit);
  negative = wasm_i32x4_shr(d, 31);
  return wasm_i32x4_sub(wasm_v128_xor(d, negative), negative);
}

// t = u, or -u = (Y + X, Y - X, -2d T, 2 Z) in every lane when neg is all ones;
// carried either way (u's limbs tight or loose).
inline void cneg4(fe4 &t, const fe4 &u, v128_t neg) {
  fe4 f, g, n;
  perm<1, 0, 4, 3>(f, u);
  perm<4, 4, 2, 4>(g, u);
  lane_addsub<0, 0, 1, 0>(n, f, g);
  v128_t s[10];
  CN_UNROLL
  for (int l = 0; l < 10; ++l) s[l] = u.v[l];
  carry32(t, s);
  CN_UNROLL
  for (int l = 0; l < 10; ++l) t.v[l] = wasm_v128_bitselect(n.v[l], t.v[l], neg);
}

// t = digit * P from table[j] = (j+1) P (cached), reading all 8 entries.
__attribute__((noinline)) void select4(fe4 &t, const fe4 table[8], int digit) {
  v128_t neg;
  const v128_t mag = magnitude4(digit, neg);
  fe4 u;
  u.v[0] = wasm_i32x4_make(1, 1, 0, 2);  // the identity, cached: (1, 1, 0, 2)
  CN_UNROLL
  for (int l = 1; l < 10; ++l) u.v[l] = wasm_i64x2_splat(0);
  CN_ROLLED
  for (int j = 0; j < 8; ++j) {
    const v128_t m = wasm_i32x4_eq(mag, wasm_i32x4_splat(j + 1));
    CN_UNROLL
    for (int l = 0; l < 10; ++l) u.v[l] = wasm_v128_bitselect(table[j].v[l], u.v[l], m);
  }
  cneg4(t, u, neg);
}

// t = digit * (row entry) from an affine row row[j] = (j+1) Q of ge_base, as a cached
// point (y - x, y + x, 2d x y, 2) (Z = 1). Every entry (30 words: yplusx, yminusx,
// xy2d) is read in full as 7 v128 and one 64-bit load from its fixed address and
// kept or not by the digit's mask; only the kept one is transposed.
inline void select_base4(fe4 &t, const ge_precomp row[8], int digit) {
  static_assert(sizeof(ge_precomp) == 30 * sizeof(std::uint32_t), "ge_precomp is 30 limbs");
  v128_t neg;
  const v128_t mag = magnitude4(digit, neg);
  v128_t w[8];
  CN_UNROLL
  for (int q = 0; q < 8; ++q) w[q] = wasm_i64x2_splat(0);
  w[0] = wasm_i32x4_make(1, 0, 0, 0);  // yplusx = 1
  w[2] = wasm_i32x4_make(0, 0, 1, 0);  // yminusx = 1 (word 10)
  CN_ROLLED
  for (int j = 0; j < 8; ++j) {
    const v128_t m = wasm_i32x4_eq(mag, wasm_i32x4_splat(j + 1));
    const unsigned char *p = reinterpret_cast<const unsigned char *>(&row[j]);
    CN_UNROLL
    for (int q = 0; q < 7; ++q) w[q] = wasm_v128_bitselect(wasm_v128_load(p + 16 * q), w[q], m);
    w[7] = wasm_v128_bitselect(wasm_v128_load64_zero(p + 112), w[7], m);
  }
  alignas(16) std::uint32_t words[32];
  CN_UNROLL
  for (int q = 0; q < 8; ++q) wasm_v128_store(words + 4 * q, w[q]);
  fe4 u;
  CN_UNROLL
  for (int l = 0; l < 10; ++l)
    u.v[l] = wasm_i32x4_make(static_cast<std::int32_t>(words[10 + l]), static_cast<std::int32_t>(words[l]),
                             static_cast<std::int32_t>(words[20 + l]), l == 0 ? 2 : 0);
  sodium_memzero(words, sizeof words);
  cneg4(t, u, neg);
}

inline void identity4(fe4 &h) {
  h.v[0] = wasm_i32x4_make(0, 1, 1, 0);  // (X, Y, Z, T) = (0, 1, 1, 0)
  CN_UNROLL
  for (int l = 1; l < 10; ++l) h.v[l] = wasm_i64x2_splat(0);
}

void store4(ge_p3 *out, const fe4 &h) {
  CN_UNROLL
  for (int l = 0; l < 10; ++l) {
    out->X[l] = static_cast<std::uint32_t>(wasm_i32x4_extract_lane(h.v[l], 0));
    out->Y[l] = static_cast<std::uint32_t>(wasm_i32x4_extract_lane(h.v[l], 1));
    out->Z[l] = static_cast<std::uint32_t>(wasm_i32x4_extract_lane(h.v[l], 2));
    out->T[l] = static_cast<std::uint32_t>(wasm_i32x4_extract_lane(h.v[l], 3));
  }
}

// ---- one point per lane (scalarmult_lanes: the batch a P_k, shared a) -------------
//
// The serial formulas of curve/group.h lane-wise, in ge_scalarmult_p3's order
// (scalarmult_p1p1 in ecmult/scalarmult.cpp): each lane computes the projective point
// the serial code computes. Bounds: vadd leaves sums of two tight elements uncarried
// ("loose", limbs < 2^(w+1) + 2^17), which vmul and vsq take (19 g_j < 2^31.3, 4 f_i <
// 2^28.1 for odd i, 2 f_i < 2^28.1; columns as the serial fe_mul's, < 2^62); vsub
// carries f + 4p - g (f, g loose: below 4p's limbs), so its output is tight.

inline void vadd(fe4 &h, const fe4 &f, const fe4 &g) {
  CN_UNROLL
  for (int l = 0; l < 10; ++l) h.v[l] = wasm_i32x4_add(f.v[l], g.v[l]);
}
inline void vsub(fe4 &h, const fe4 &f, const fe4 &g) { lane_addsub<1, 1, 1, 1>(h, f, g); }
// lanes.h's lazy operations: the sum uncarried (loose), the difference carried.
inline void vadd_lazy(fe4 &h, const fe4 &f, const fe4 &g) { vadd(h, f, g); }
inline void vsub_lazy(fe4 &h, const fe4 &f, const fe4 &g) { vsub(h, f, g); }
inline void vzero(fe4 &h) {
  CN_UNROLL
  for (int l = 0; l < 10; ++l) h.v[l] = wasm_i64x2_splat(0);
}
inline void vone(fe4 &h) {
  vzero(h);
  h.v[0] = wasm_i32x4_splat(1);
}

// lanes.h's point forms and the formulas that need only vmul, vsq, vadd_lazy,
// vsub_lazy and vsub (p1p1_to_p2, p1p1_to_p3, p2_dbl, p3_to_cached), on fe4.
struct lane_field {
  using fe = fe4;
};
using lp3 = lanes::p3<lane_field>;
using lp2 = lanes::p2<lane_field>;
using lp1p1 = lanes::p1p1<lane_field>;
using lcached = lanes::cached<lane_field>;
using lanes::p1p1_to_p2;
using lanes::p1p1_to_p3;
using lanes::p2_dbl;
using lanes::p3_to_cached;

// lanes.h's scalarmult_loaded calls these two (argument-dependent lookup; the
// templates of lanes.h need the 5 x 64-bit layout and a lazier sum).
// add_cached: A = (Y1-X1)(Y2-X2), B = (Y1+X1)(Y2+X2), C = T1 2d T2, D = 2 Z1 Z2;
// X = B - A, Y = B + A, Z = D + C, T = D - C.
inline void add_cached(lp1p1 &r, const lp3 &p, const lcached &q) {
  fe4 a, b, c, d, t;
  vadd(t, p.Y, p.X);
  vmul(b, t, q.YplusX);
  vsub(t, p.Y, p.X);
  vmul(a, t, q.YminusX);
  vmul(c, q.T2d, p.T);
  vmul(d, p.Z, q.Z);
  vadd(d, d, d);
  vsub(r.X, b, a);
  vadd(r.Y, b, a);
  lane_addsub<0, 0, 0, 0>(r.Z, d, c);  // carried: d is already loose
  vsub(r.T, d, c);
}
// t = digit * P_k per lane from table[j] = (j+1) P_k (cached), reading all 8
// entries (the digit is shared: every mask is all lanes or none); a negative digit
// swaps Y+X and Y-X and negates 2d T (computed always, selected by the sign mask).
inline void select_cached(lcached &t, const lcached table[8], int digit) {
  v128_t neg;
  const v128_t mag = magnitude4(digit, neg);
  lcached u;
  const v128_t zero = wasm_i64x2_splat(0), one = wasm_i32x4_splat(1);
  CN_UNROLL
  for (int l = 0; l < 10; ++l) {  // the identity: (1, 1, 1, 0)
    u.YplusX.v[l] = l == 0 ? one : zero;
    u.YminusX.v[l] = l == 0 ? one : zero;
    u.Z.v[l] = l == 0 ? one : zero;
    u.T2d.v[l] = zero;
  }
  CN_ROLLED
  for (int j = 0; j < 8; ++j) {
    const v128_t m = wasm_i32x4_eq(mag, wasm_i32x4_splat(j + 1));
    CN_UNROLL
    for (int l = 0; l < 10; ++l) {
      u.YplusX.v[l] = wasm_v128_bitselect(table[j].YplusX.v[l], u.YplusX.v[l], m);
      u.YminusX.v[l] = wasm_v128_bitselect(table[j].YminusX.v[l], u.YminusX.v[l], m);
      u.Z.v[l] = wasm_v128_bitselect(table[j].Z.v[l], u.Z.v[l], m);
      u.T2d.v[l] = wasm_v128_bitselect(table[j].T2d.v[l], u.T2d.v[l], m);
    }
  }
  fe4 zero4, negT;
  CN_UNROLL
  for (int l = 0; l < 10; ++l) zero4.v[l] = zero;
  vsub(negT, zero4, u.T2d);
  t.Z = u.Z;
  CN_UNROLL
  for (int l = 0; l < 10; ++l) {
    t.YplusX.v[l] = wasm_v128_bitselect(u.YminusX.v[l], u.YplusX.v[l], neg);
    t.YminusX.v[l] = wasm_v128_bitselect(u.YplusX.v[l], u.YminusX.v[l], neg);
    t.T2d.v[l] = wasm_v128_bitselect(negT.v[l], u.T2d.v[l], neg);
  }
}

void load_lanes(fe4 &h, const std::uint32_t *const f[4]) {
  v128_t s[10];
  CN_UNROLL
  for (int l = 0; l < 10; ++l)
    s[l] = wasm_i32x4_make(static_cast<std::int32_t>(f[0][l]), static_cast<std::int32_t>(f[1][l]),
                           static_cast<std::int32_t>(f[2][l]), static_cast<std::int32_t>(f[3][l]));
  carry32(h, s);
}
void store_lanes(std::uint32_t *const f[4], const fe4 &h) {
  CN_UNROLL
  for (int l = 0; l < 10; ++l) {
    f[0][l] = static_cast<std::uint32_t>(wasm_i32x4_extract_lane(h.v[l], 0));
    f[1][l] = static_cast<std::uint32_t>(wasm_i32x4_extract_lane(h.v[l], 1));
    f[2][l] = static_cast<std::uint32_t>(wasm_i32x4_extract_lane(h.v[l], 2));
    f[3][l] = static_cast<std::uint32_t>(wasm_i32x4_extract_lane(h.v[l], 3));
  }
}

// lanes.h's load_p3 and finish for scalarmult_with (argument-dependent lookup): the
// 10-limb points lane k = points[k], loaded carried; out[k] = lane k of h, then the
// accumulators wiped.
void load_p3(lp3 &p, const ge_p3 *points) {
  const std::uint32_t *x[4], *y[4], *z[4], *t[4];
  for (int k = 0; k < 4; ++k) {
    x[k] = points[k].X;
    y[k] = points[k].Y;
    z[k] = points[k].Z;
    t[k] = points[k].T;
  }
  load_lanes(p.X, x);
  load_lanes(p.Y, y);
  load_lanes(p.Z, z);
  load_lanes(p.T, t);
}
void finish(ge_p3 *out, lp3 &h, lp1p1 &r, lp2 &s) {
  std::uint32_t *x[4], *y[4], *z[4], *w[4];
  for (int k = 0; k < 4; ++k) {
    x[k] = out[k].X;
    y[k] = out[k].Y;
    z[k] = out[k].Z;
    w[k] = out[k].T;
  }
  store_lanes(x, h.X);
  store_lanes(y, h.Y);
  store_lanes(z, h.Z);
  store_lanes(w, h.T);
  sodium_memzero(&h, sizeof h);
  sodium_memzero(&r, sizeof r);
  sodium_memzero(&s, sizeof s);
}

}  // namespace
}  // namespace cncrypto::ed25519::simd128

// lanes.h's broadcast for scalarmult_with's 2d: f in every lane of the 10-limb fe4.
template <>
inline void cncrypto::ed25519::lanes::broadcast<cncrypto::ed25519::simd128::lane_field>(
    cncrypto::ed25519::simd128::fe4 &h, const fe f) {
  CN_UNROLL
  for (int l = 0; l < 10; ++l) h.v[l] = cncrypto::ed25519::simd128::splat32(f[l]);
}

namespace cncrypto::ed25519::simd128 {

bool linked() { return true; }

void pow22523_lanes(fe *out, const fe *in) {
  // curve/field.h's fe_pow22523 with lanes.h's chain (pow22523_chain), lane k
  // = in[k]: 252 squarings and 11 multiplications for four elements.
  fe4 z, h;
  {
    const std::uint32_t *src[4] = {in[0], in[1], in[2], in[3]};
    load_lanes(z, src);
  }
  lanes::pow22523_chain<lane_field>(h, z);
  {
    std::uint32_t *dst[4] = {out[0], out[1], out[2], out[3]};
    store_lanes(dst, h);
  }
  // Not wiped, as avx2's and ifma's (lanes.h pow22523): the inputs are public.
}

void scalarmult_base_one(ge_p3 *out, const signed char e[64]) {
  one_point::scalarmult_base<fe4>(out, e);  // backend/one_point.h
}

void scalarmult_one(ge_p3 *out, const signed char e[64], const ge_p3 *point) {
  fe4 p;
  {
    v128_t s[10];
    CN_UNROLL
    for (int l = 0; l < 10; ++l)
      s[l] = wasm_i32x4_make(static_cast<std::int32_t>(point->X[l]), static_cast<std::int32_t>(point->Y[l]),
                             static_cast<std::int32_t>(point->Z[l]), static_cast<std::int32_t>(point->T[l]));
    carry32(p, s);
  }
  one_point::scalarmult<fe4>(out, e, p);  // backend/one_point.h
}

void scalarmult_lanes(ge_p3 *out, const signed char e[64], const ge_p3 *points) {
  // lanes.h's kernel: table, then ge_scalarmult_p3's order, with this file's
  // load_p3, finish, select_cached, add_cached and broadcast.
  lanes::scalarmult_with<lane_field>(out, [e](int i) { return static_cast<int>(e[i]); }, points);
}

}  // namespace cncrypto::ed25519::simd128
