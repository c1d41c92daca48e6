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
// Written once for both widths (template over the register type: 8 lanes in zmm
// registers for the 8-point kernels, 4 lanes in ymm registers, the AVX-512VL forms of
// the same instructions, for the 4-way one-point code at the end of the file).
//
// Group and 8-point kernels: backend/lanes.h, written once over the field for this
// backend and the AVX2 one (the serial formulas of curve/group.h, lane-wise, in the
// serial order, so each lane computes the very projective point the serial
// ge_scalarmult_p3 / ge_scalarmult_base compute). This file supplies the field
// (the functions on fe8 and struct field8): vadd_lazy, vsub_lazy and vsub are all
// carried here, since every multiplication operand must stay below 2^52.
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
#include "backend/lanes.h"
#include "backend/one_point.h"

#include <immintrin.h>
#include <sodium.h>

#include <cstdint>
#include <utility>

namespace cncrypto::ed25519::ifma {
namespace {

using v8 = __m512i;
using v4 = __m256i;

constexpr std::uint64_t kMask51 = (std::uint64_t(1) << 51) - 1;

// One register width: reg<8> zmm (8 lanes), reg<4> ymm (4 lanes, the AVX-512VL
// forms). The width, not the vector type, is the template argument (a template
// argument drops __m512i's attributes); the integer operations are written once on
// GCC/Clang vector extensions (U: vpaddq, vpsubq, vpandq, vpsrlq, vpsllq,
// broadcasts; GCC 12's _mm512_srli_epi64 / _mm512_slli_epi64 would trip
// -Wmaybe-uninitialized on their self-initialised _mm512_undefined_epi32(), GCC bug
// 105593), the multiply-adds are the one overloaded intrinsic pair.
template <int W> struct reg;
template <> struct reg<8> { using V = v8; using U = unsigned long long __attribute__((vector_size(64))); };
template <> struct reg<4> { using V = v4; using U = unsigned long long __attribute__((vector_size(32))); };
inline v8 madd52lo(v8 acc, v8 a, v8 b) { return _mm512_madd52lo_epu64(acc, a, b); }
inline v8 madd52hi(v8 acc, v8 a, v8 b) { return _mm512_madd52hi_epu64(acc, a, b); }
inline v4 madd52lo(v4 acc, v4 a, v4 b) { return _mm256_madd52lo_epu64(acc, a, b); }
inline v4 madd52hi(v4 acc, v4 a, v4 b) { return _mm256_madd52hi_epu64(acc, a, b); }

template <int W>
struct isa {
  using V = typename reg<W>::V;
  using U = typename reg<W>::U;
  using u64 = U;
  static V cast(U u) { return reinterpret_cast<V>(u); }
  static U raw(V v) { return reinterpret_cast<U>(v); }
  static V splat(std::uint64_t x) { return cast(U{} + x); }
  static V zero() { return cast(U{}); }
  static V add(V a, V b) { return cast(raw(a) + raw(b)); }
  static V sub(V a, V b) { return cast(raw(a) - raw(b)); }
  static V and_(V a, V b) { return cast(raw(a) & raw(b)); }
  static V shr(V a, int n) { return cast(raw(a) >> n); }
  static V shl(V a, int n) { return cast(raw(a) << n); }
  static V madd52lo(V acc, V a, V b) { return ifma::madd52lo(acc, a, b); }
  static V madd52hi(V acc, V a, V b) { return ifma::madd52hi(acc, a, b); }
};

template <int W>
struct fev {
  typename isa<W>::V v[5];
};
using fe8 = fev<8>;
using fe4 = fev<4>;

// One parallel carry round: limbs < 2^63 -> tight8 (carries < 2^12, 19 c4 < 2^17).
template <int W>
inline void vcarry(fev<W> &h, const typename isa<W>::V s[5]) {
  using I = isa<W>;
  using V = typename I::V;
  const V m = I::splat(kMask51);
  const V c0 = I::shr(s[0], 51), c1 = I::shr(s[1], 51), c2 = I::shr(s[2], 51), c3 = I::shr(s[3], 51),
          c4 = I::shr(s[4], 51);
  // c4 < 2^12: its product with 19 is exact in the low 52 bits.
  h.v[0] = I::madd52lo(I::and_(s[0], m), c4, I::splat(19));
  h.v[1] = I::add(I::and_(s[1], m), c0);
  h.v[2] = I::add(I::and_(s[2], m), c1);
  h.v[3] = I::add(I::and_(s[3], m), c2);
  h.v[4] = I::add(I::and_(s[4], m), c3);
}

template <int W>
inline void vadd(fev<W> &h, const fev<W> &f, const fev<W> &g) {
  typename isa<W>::V s[5];
  for (int i = 0; i < 5; ++i) s[i] = isa<W>::add(f.v[i], g.v[i]);
  vcarry(h, s);
}

// h = f - g as f + 4p - g (4p's limbs exceed any tight8 limb), carried.
template <int W>
inline void vsub(fev<W> &h, const fev<W> &f, const fev<W> &g) {
  using I = isa<W>;
  using V = typename I::V;
  const V p0 = I::splat((std::uint64_t(1) << 53) - 76), pi = I::splat((std::uint64_t(1) << 53) - 4);
  V s[5];
  s[0] = I::sub(I::add(f.v[0], p0), g.v[0]);
  for (int i = 1; i < 5; ++i) s[i] = I::sub(I::add(f.v[i], pi), g.v[i]);
  vcarry(h, s);
}

template <int W>
inline void vzero(fev<W> &h) {
  for (int l = 0; l < 5; ++l) h.v[l] = isa<W>::zero();
}

template <int W>
inline void vneg(fev<W> &h, const fev<W> &f) {
  fev<W> zero;
  vzero(zero);
  vsub(h, zero, f);
}

template <int W>
inline typename isa<W>::V times19(typename isa<W>::V z) {
  using I = isa<W>;
  return I::add(I::add(z, I::shl(z, 1)), I::shl(z, 4));
}

// Columns z[0..10) (< 15 * 2^52 each) -> h with limbs < 2^51 + 2^14: the folded sums
// are < 20 * 15 * 2^52 < 2^60.3, so one carry round leaves carries < 2^9.3 and
// limb 0 < 2^51 + 19 * 2^9.3. That is tight8, and inside the serial tight bound.
template <int W>
inline void reduce(fev<W> &h, typename isa<W>::V z[10]) {
  typename isa<W>::V s[5];
  for (int k = 0; k < 5; ++k) s[k] = isa<W>::add(z[k], times19<W>(z[k + 5]));
  vcarry(h, s);
}

// h = f g. f, g tight8.
template <int W>
inline void vmul(fev<W> &h, const fev<W> &f, const fev<W> &g) {
  using I = isa<W>;
  using V = typename I::V;
  V lo[10], hi[10];
  for (int k = 0; k < 10; ++k) lo[k] = hi[k] = I::zero();
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) {
      lo[i + j] = I::madd52lo(lo[i + j], f.v[i], g.v[j]);
      hi[i + j + 1] = I::madd52hi(hi[i + j + 1], f.v[i], g.v[j]);
    }
  V z[10];
  for (int k = 0; k < 10; ++k) z[k] = I::add(lo[k], I::shl(hi[k], 1));
  reduce(h, z);
}

// h = f^2: the 10 products f_i f_j (i < j) once, doubled, plus the 5 squares.
template <int W>
inline void vsq(fev<W> &h, const fev<W> &f) {
  using I = isa<W>;
  using V = typename I::V;
  V lo[10], hi[10], dlo[10], dhi[10];
  for (int k = 0; k < 10; ++k) lo[k] = hi[k] = dlo[k] = dhi[k] = I::zero();
  for (int i = 0; i < 5; ++i) {
    dlo[2 * i] = I::madd52lo(dlo[2 * i], f.v[i], f.v[i]);
    dhi[2 * i + 1] = I::madd52hi(dhi[2 * i + 1], f.v[i], f.v[i]);
    for (int j = i + 1; j < 5; ++j) {
      lo[i + j] = I::madd52lo(lo[i + j], f.v[i], f.v[j]);
      hi[i + j + 1] = I::madd52hi(hi[i + j + 1], f.v[i], f.v[j]);
    }
  }
  // column = 2 (lo + 2 hi) + dlo + 2 dhi = 2 (lo + dhi) + 4 hi + dlo
  V z[10];
  for (int k = 0; k < 10; ++k) z[k] = I::add(I::add(I::shl(I::add(lo[k], dhi[k]), 1), I::shl(hi[k], 2)), dlo[k]);
  reduce(h, z);
}

inline v8 bc(std::uint64_t x) { return isa<8>::splat(x); }

// ---- the 8-lane field as backend/lanes.h reads it (group law and kernels there):
// vmul, vsq, vsub, vneg, vzero above, these, and struct field8. Lazy sums and
// differences are carried: every multiplication operand stays below 2^52.

inline void vadd_lazy(fe8 &h, const fe8 &f, const fe8 &g) { vadd(h, f, g); }
inline void vsub_lazy(fe8 &h, const fe8 &f, const fe8 &g) { vsub(h, f, g); }
inline void vone(fe8 &h) {
  vzero(h);
  h.v[0] = bc(1);
}
// The serial limbs are this field's: one carry round (any limbs < 2^63 -> tight8).
inline void from_radix51(fe8 &h, const v8 s[5]) { vcarry(h, s); }
inline void to_radix51(v8 s[5], const fe8 &h) {
  for (int l = 0; l < 5; ++l) s[l] = h.v[l];
}

struct field8 {
  using vec = v8;
  using fe = fe8;
  using mask = __mmask8;
  static constexpr int lanes = 8;
  static constexpr bool wipe_row_limbs = false;
  static v8 splat(std::uint64_t x) { return bc(x); }
  static v8 set_lanes(const std::uint64_t *const f[8], int l) {
    return _mm512_set_epi64(static_cast<long long>(f[7][l]), static_cast<long long>(f[6][l]),
                            static_cast<long long>(f[5][l]), static_cast<long long>(f[4][l]),
                            static_cast<long long>(f[3][l]), static_cast<long long>(f[2][l]),
                            static_cast<long long>(f[1][l]), static_cast<long long>(f[0][l]));
  }
  static void store(std::uint64_t *buf, v8 v) { _mm512_store_si512(reinterpret_cast<v8 *>(buf), v); }
  static v8 blend(v8 dst, __mmask8 k, v8 src) { return _mm512_mask_blend_epi64(k, dst, src); }
  static void blend(fe8 &dst, __mmask8 k, const fe8 &src) {
    for (int l = 0; l < 5; ++l) dst.v[l] = _mm512_mask_blend_epi64(k, dst.v[l], src.v[l]);
  }
  // |digit| per lane and the mask of the lanes whose digit is negative.
  static v8 magnitude(v8 digit, __mmask8 &negative) {
    const v8 zero = _mm512_setzero_si512();
    negative = _mm512_cmplt_epi64_mask(digit, zero);
    return _mm512_mask_sub_epi64(digit, negative, zero, digit);  // -digit in the negative lanes
  }
  static __mmask8 equals(v8 a, v8 b) { return _mm512_cmpeq_epi64_mask(a, b); }
  static v8 lane_digits(const signed char (*e)[64], int i) {
    return _mm512_set_epi64(e[7][i], e[6][i], e[5][i], e[4][i], e[3][i], e[2][i], e[1][i], e[0][i]);
  }
};

}  // namespace

CNCRYPTO_CURVE_LANE_KERNELS(field8)  // backend/lanes.h

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
//   vcarry() then gives tight8, < 2^51 + 2^17 < 2^52;
// - a selected table entry goes through cneg4(), which carries it (or its
//   negation, a lane_addsub) in every case;
// - the loaded point is carried on the way in (any limbs < 2^63 -> tight8); the
//   constants (1, 1, 2d, 2) are below 2^51.
//
// Constant time: the digit only enters through the table selection, which compares
// it with all 8 indices (vpcmpeqq into a mask: all four used lanes or none) and
// blends every entry; the negation is computed always and blended by the sign
// mask. No branch, address or loop bound depends on the scalar or the point.

// The 4-way field: the radix-2^51 code above on 256-bit registers (fev<v4>: the
// AVX-512VL forms of the same instructions; 4 lanes, 32 ymm registers), same bounds.
using u64x4 = isa<4>::u64;
inline v4 bc4(std::uint64_t x) { return isa<4>::splat(x); }

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
    s[l] = isa<4>::add(f.v[l], _mm256_mask_sub_epi64(g.v[l], neg, l == 0 ? p0 : pi, g.v[l]));
  vcarry(h, s);
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
  vsq(sq, t);  // (A, B, C, S)
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
  vmul(r, left, right);
}

// r = p + q, q cached (Y - X, Y + X, 2d T, 2 Z).
inline void add4(fe4 &r, const fe4 &p, const fe4 &q) {
  fe4 f, g, abcd, left, right;
  diff_sum(f, p);
  vmul(abcd, f, q);  // (A, B, C, D)
  // left = (B - A, D + C, D - C, B - A) = (E, G, F, E)
  permute(f, abcd, lanes4(1, 3, 3, 1));
  permute(g, abcd, lanes4(0, 2, 2, 0));
  lane_addsub(left, f, g, kL0 | kL2 | kL3);
  // right = (D - C, B + A, D + C, B + A) = (F, H, G, H)
  permute(f, abcd, lanes4(3, 1, 3, 1));
  permute(g, abcd, lanes4(2, 0, 2, 0));
  lane_addsub(right, f, g, kL0);
  vmul(r, left, right);
}

// r = p in cached form: (Y - X, Y + X, T, Z) * (1, 1, 2d, 2).
inline void to_cached4(fe4 &r, const fe4 &p) {
  fe4 ds, k;
  diff_sum(ds, p);
  for (int l = 0; l < 5; ++l)
    k.v[l] = _mm256_set_epi64x(l == 0 ? 2 : 0, static_cast<long long>(fe_d2[l]), l == 0 ? 1 : 0, l == 0 ? 1 : 0);
  vmul(r, ds, k);
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
  vcarry(t, u.v);
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
  one_point::scalarmult_base<fe4>(out, e);  // backend/one_point.h
}

void scalarmult_base_one_side(ge_p3 *out, const signed char e[64], void (*side)(void *), void *ctx) {
  one_point::scalarmult_base<fe4>(out, e, [&] { side(ctx); });
}

void scalarmult_one(ge_p3 *out, const signed char e[64], const ge_p3 *point) {
  fe4 p;
  {
    v4 s[5];
    for (int l = 0; l < 5; ++l)
      s[l] = _mm256_set_epi64x(static_cast<long long>(point->T[l]), static_cast<long long>(point->Z[l]),
                               static_cast<long long>(point->Y[l]), static_cast<long long>(point->X[l]));
    vcarry(p, s);
  }
  one_point::scalarmult<fe4>(out, e, p);  // backend/one_point.h
}


namespace {

// ---- X25519's ladder for ONE scalar, 4-way (x25519_one) ----------------------------
//
// RFC 7748 section 5's ladder with its state (x2, z2, x3, z3) in lanes 0..3 of the
// fe4 field above; each step is three 4-way multiplications:
//   swap      (x2, z2, x3, z3) <-> (x3, z3, x2, z2) by a blend whose mask is all lanes
//             or none (a compare of the broadcast bit with 1)
//   round 1   (A, B, D, C) * (A, B, A, B) = (AA, BB, DA, CB), A = x2 + z2, B = x2 - z2,
//             C = x3 + z3, D = x3 - z3
//   round 2   (AA, E, S, T) * (BB, a24', S, T) = (x2', a24' E, x3', T^2), E = AA - BB,
//             S = DA + CB, T = DA - CB, a24' = 121666
//   round 3   (x2', BB + a24' E, x3', T^2) * (1, E, 1, x1) = (x2', z2', x3', z3')
// (the serial ladder's values, x25519.cpp: z2 = E (BB + 121666 E), z3 = x1 T^2).
// Limb bounds: every multiplication input is a product (< 2^51 + 2^14), a
// lane_addsub result (carried, tight8), a constant (< 2^17) or x1 (carried): all
// below the 2^52 IFMA reads. Constant time: the scalar's bit only makes the swap
// mask; its byte's address depends on the public position; no branch on it.
inline void ladder4(fe4 &p, const unsigned char k[32], const fe4 &x1c) {
  const v4 one = bc4(1);
  fe4 a24;  // (?, 121666, ?, ?): only lane 1 is used
  for (int l = 0; l < 5; ++l) a24.v[l] = bc4(l == 0 ? 121666 : 0);
  v4 swap = _mm256_setzero_si256();
  fe4 q, f, g, left, right, m1, m2;
  for (int pos = 254; pos >= 0; --pos) {
    const v4 bit = bc4(static_cast<std::uint64_t>((k[pos >> 3] >> (pos & 7)) & 1u));
    const __mmask8 m = _mm256_cmpeq_epi64_mask(_mm256_xor_si256(swap, bit), one);
    swap = bit;
    permute(q, p, lanes4(2, 3, 0, 1));
    blend4(p, m, q);
    // round 1
    permute(f, p, lanes4(0, 0, 2, 2));
    permute(g, p, lanes4(1, 1, 3, 3));
    lane_addsub(left, f, g, kL1 | kL2);  // (A, B, D, C)
    permute(right, left, lanes4(0, 1, 0, 1));
    vmul(m1, left, right);  // (AA, BB, DA, CB)
    // round 2
    permute(f, m1, lanes4(0, 0, 2, 2));
    permute(g, m1, lanes4(0, 1, 3, 3), kL1 | kL2 | kL3);
    lane_addsub(left, f, g, kL1 | kL3);  // (AA, E, S, T)
    permute(right, m1, lanes4(1, 1, 1, 1));  // BB in lane 0
    blend4(right, kL1, a24);
    blend4(right, kL2 | kL3, left);  // (BB, a24', S, T)
    vmul(m2, left, right);  // (x2', a24' E, x3', T^2)
    // round 3
    permute(right, left, lanes4(1, 1, 1, 1));  // E in lane 1
    q = x1c;
    blend4(q, kL1, right);  // (1, E, 1, x1)
    permute(g, m1, lanes4(1, 1, 1, 1), kL1);
    lane_addsub(left, m2, g, 0);  // (x2', BB + a24' E, x3', T^2)
    vmul(p, left, q);
  }
  const __mmask8 m = _mm256_cmpeq_epi64_mask(swap, one);
  permute(q, p, lanes4(2, 3, 0, 1));
  blend4(p, m, q);
  lanes::wipe(q, f, g, left, right, m1, m2, swap);
}

}  // namespace

void x25519_one(fe x2, fe z2, const unsigned char k[32], const fe u) {
  fe4 x1c, p;
  {
    v4 s[5];  // (1, 0, 1, u) and the initial state (x2, z2, x3, z3) = (1, 0, u, 1)
    for (int l = 0; l < 5; ++l) s[l] = _mm256_set_epi64x(static_cast<long long>(u[l]), 0, 0, l == 0 ? 1 : 0);
    s[0] = _mm256_set_epi64x(static_cast<long long>(u[0]), 1, 0, 1);
    vcarry(x1c, s);
    for (int l = 0; l < 5; ++l) s[l] = _mm256_set_epi64x(l == 0 ? 1 : 0, static_cast<long long>(u[l]), 0, l == 0 ? 1 : 0);
    vcarry(p, s);
  }
  ladder4(p, k, x1c);
  alignas(32) std::uint64_t buf[4];
  for (int l = 0; l < 5; ++l) {
    _mm256_store_si256(reinterpret_cast<v4 *>(buf), p.v[l]);
    x2[l] = buf[0];
    z2[l] = buf[1];
  }
  lanes::wipe(buf, p);
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
// Y - X, Y + X are < 2^63 and vcarry (positive digit) or lane_addsub (negative: the
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
    vcarry(t, s);
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

// ---- Monero's ten-limb products (field/ref10.cpp's fe_mul) ----------------------
//
// h_k = sum_i a_i(k) b(k - i) over i = 0..9, where b(n) = g_n for n >= 0 and
// 19 g_(n+10) below (the wrap past limb 9), and a_i(k) = 2 f_i when i and k - i are
// both odd, f_i otherwise: the sums field/ref10.cpp's portable product_sums forms
// (the same int32 factors 19 g_j and 2 f_i, each 32x32 -> 64-bit product exact),
// ten lanes at once. The array A = (19 g_0 .. 19 g_9, g_0 .. g_9, 0 ..) sits in
// three zmm registers; lane k of the term for f_i reads A[k - i + 10], an 8-lane
// window valignq cuts from two adjacent registers. For odd i, k - i is odd exactly
// when k is even, so f_i's broadcast has 2 f_i in the even lanes. vpmuldq multiplies
// the signed low 32 bits of each 64-bit lane (so 19 g_j is the int32 value, as in
// Monero's code). Lanes 0..7 give h_0..h_7, a second set of windows (index
// k - i + 18) h_8 and h_9 in lanes 0 and 1. No branch, no data-dependent address:
// constant time. GCC 12's intrinsics used here pass a self-initialised
// _mm512_undefined_epi32() as the unused merge source and then report it as used
// uninitialised (GCC bug 105593, fixed in 13): silenced for this part only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
namespace {

template <int S>
inline v8 window(const v8 (&a)[3]) {
  constexpr int r = S / 8, s = S % 8;
  if constexpr (s == 0) return a[r];
  else if constexpr (r < 2) return _mm512_alignr_epi64(a[r + 1], a[r], s);
  else return _mm512_alignr_epi64(_mm512_setzero_si512(), a[r], s);  // past A's end: zeros
}

template <int I>
inline void ref10_term(v8 &lo, v8 &hi, const std::int32_t *f, const v8 (&a)[3]) {
  v8 fi = _mm512_set1_epi32(f[I]);
  if constexpr ((I & 1) != 0) fi = _mm512_mask_blend_epi64(0x55, fi, _mm512_add_epi32(fi, fi));
  lo = _mm512_add_epi64(lo, _mm512_mul_epi32(fi, window<10 - I>(a)));
  hi = _mm512_add_epi64(hi, _mm512_mul_epi32(fi, window<18 - I>(a)));
}

template <int... I>
inline void ref10_terms(v8 &lo, v8 &hi, const std::int32_t *f, const v8 (&a)[3], std::integer_sequence<int, I...>) {
  (ref10_term<I>(lo, hi, f, a), ...);
}

}  // namespace

void ref10_product_sums(std::int64_t *h, const std::int32_t *f, const std::int32_t *g) {
  const v8 g0 = _mm512_cvtepi32_epi64(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(g)));
  const v8 g1 = _mm512_cvtepi32_epi64(_mm256_maskz_loadu_epi32(0x3, g + 8));
  const v8 k19 = _mm512_set1_epi64(19);
  const v8 s0 = _mm512_mul_epi32(g0, k19), s1 = _mm512_mul_epi32(g1, k19);
  const v8 a[3] = {s0,                                                                   // A[0..7]
                   _mm512_permutex2var_epi64(s1, _mm512_setr_epi64(0, 1, 8, 9, 10, 11, 12, 13), g0),   // A[8..15]
                   _mm512_permutex2var_epi64(g0, _mm512_setr_epi64(6, 7, 8, 9, 10, 11, 12, 13), g1)};  // A[16..23]
  v8 lo = _mm512_setzero_si512(), hi = _mm512_setzero_si512();
  ref10_terms(lo, hi, f, a, std::make_integer_sequence<int, 10>{});
  _mm512_storeu_si512(h, lo);
  _mm512_storeu_si512(h + 8, hi);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace cncrypto::ed25519::ifma
