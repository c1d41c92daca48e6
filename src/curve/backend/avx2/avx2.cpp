// AVX2 backend of the curve layer: 4 independent scalar multiplications at once, one
// point per 64-bit lane of a ymm register (docs/ed25519_backends.md). Compiled with
// -mavx2 only (src/curve/CMakeLists.txt); runs only after the CPU probe saw AVX2 with
// the OS saving ymm state.
//
// Field: p = 2^255 - 19 in 10 limbs of radix 2^25.5 per lane (limb i has weight
// 2^ceil(25.5 i): 26, 25, 26, ... bits), each limb in the low half of a 64-bit lane,
// so vpmuludq (32 x 32 -> 64 bits) multiplies four limb pairs at once. Limb i of a
// product f g collects f_i g_j with i + j = k (mod 10); the term is doubled when i and
// j are both odd (their weights overshoot the column's by one bit) and multiplied by
// 19 when i + j >= 10 (2^255 = 19 mod p).
//
// Limb bounds (b_i = 26 for even i, 25 for odd i):
// - "tight4": limb i < 2^b_i + 2^17. The results of vmul, vsq, vsub and
//   of the conversions are tight4.
// - "loose": limb i <= 3 2^b_i + 2^19. Uncarried sums and differences are loose:
//   vadd_lazy (tight4 + tight4 <= 2^(b+1) + 2^18; that plus tight4 <= 3 2^b +
//   2^19) and vsub_lazy (tight4 + 2p - tight4 <= 3 2^b + 2^17; 2p's limbs,
//   2^27 - 38, 2^26 - 2, 2^27 - 2, ..., exceed every tight4 limb). They are only ever
//   multiplied, or subtracted by vsub.
// - vmul / vsq take loose inputs: the operands of a vpmuludq are f_i, 2 f_i or
//   4 f_i (< 2^28.6) and g_j or 19 g_j (< 19 (3 2^26 + 2^19) < 2^31.9, inside the
//   32 bits vpmuludq reads); with every limb of both operands at the loose bound the
//   largest column sum is < 2^62.2 (scripts/check_avx2_bounds.py enumerates the
//   columns, the carries and the bounds below). A sequential carry chain (h0->h1, h4->h5,
//   h1->h2, ..., h8->h9, h9->19 h0, h0->h1) leaves every limb < 2^b_i except h1 and
//   h5 (< 2^b + 2^17): tight4.
// - vsub computes f + 4p - g (4p's limbs 2^28 - 76, 2^27 - 4, 2^28 - 4, ... exceed
//   every loose limb; the sum is < 2^30) and carries it with one parallel round
//   (limbs < 2^32 -> carries < 2^7, 19 c9 < 2^12: tight4).
// - points enter from the serial 5 x 51-bit layout through a 51-bit carry round (any
//   limbs < 2^63 -> < 2^51 + 2^17), a split of each limb into 26 + 25 bits, and one
//   parallel carry round; they leave as 5 x 51-bit limbs < 2^51 + 19 (the limb pairs
//   joined, < 2^51 + 2^44, then one 51-bit carry round), inside the serial tight bound.
// In the group formulas, the inputs of a doubling or an addition are tight4 (products)
// or, for a cached point's Y + X and Y - X, loose; their p1p1 results are loose and
// go only into multiplications.
//
// Group and kernels: backend/lanes.h, written once over the field for this backend
// and the IFMA one (the serial formulas of curve/group.h, lane-wise, in the serial
// order, so each lane computes the very projective point the serial
// ge_scalarmult_p3 / ge_scalarmult_base compute). This file supplies the field
// (the functions on fe4 and struct field): vadd_lazy and vsub_lazy are uncarried here
// (loose), vsub carried.
//
// Constant time (checked by tests/unit_tests/ct/ct_curve under valgrind, which runs
// AVX2 code; see the docs): the argument of backend/lanes.h, with these instructions:
// a table lookup keeps an entry with vpcmpeqq masks and vpblendvb; vpmuludq, vpaddq,
// vpsubq, vpsrlq, vpsllq, vpand, vpxor, vpcmpeqq, vpcmpgtq, vpblendvb, broadcasts,
// loads and stores have data-independent timing.
#include "backend/lanes.h"

#include <immintrin.h>

#include <cstdint>

namespace cncrypto::ed25519::avx2 {
namespace {

using v4 = __m256i;

struct fe4 {
  v4 v[10];
};
constexpr std::uint64_t kMask51 = (std::uint64_t(1) << 51) - 1;
constexpr std::uint64_t kMask26 = (std::uint64_t(1) << 26) - 1;
constexpr std::uint64_t kMask25 = (std::uint64_t(1) << 25) - 1;
constexpr int bits(int i) { return (i & 1) != 0 ? 25 : 26; }

inline v4 bc(std::uint64_t x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
inline v4 add64(v4 a, v4 b) { return _mm256_add_epi64(a, b); }
inline v4 sub64(v4 a, v4 b) { return _mm256_sub_epi64(a, b); }
inline v4 and64(v4 a, v4 b) { return _mm256_and_si256(a, b); }
// vpmuludq: the low 32 bits of each 64-bit lane of a times those of b, 64-bit products.
inline v4 mul32(v4 a, v4 b) { return _mm256_mul_epu32(a, b); }
// Shifts through GCC/Clang vector extensions (vpsrlq / vpsllq), as in the IFMA file.
using u64x4 = unsigned long long __attribute__((vector_size(32)));
inline v4 shr(v4 a, int n) { return reinterpret_cast<v4>(reinterpret_cast<u64x4>(a) >> n); }
inline v4 shl(v4 a, int n) { return reinterpret_cast<v4>(reinterpret_cast<u64x4>(a) << n); }
inline v4 mask(int i) { return bc((i & 1) != 0 ? kMask25 : kMask26); }
inline v4 times19(v4 z) { return add64(add64(z, shl(z, 1)), shl(z, 4)); }

// One parallel carry round: limbs < 2^32 -> tight4 (carries < 2^7, 19 c9 < 2^12).
inline void carry(fe4 &h, const v4 s[10]) {
  v4 c[10];
#pragma GCC unroll 10
  for (int i = 0; i < 10; ++i) c[i] = shr(s[i], bits(i));
  h.v[0] = add64(and64(s[0], mask(0)), times19(c[9]));
#pragma GCC unroll 10
  for (int i = 1; i < 10; ++i) h.v[i] = add64(and64(s[i], mask(i)), c[i - 1]);
}

// h = f - g as f + 4p - g, carried: f, g loose -> tight4.
inline void vsub(fe4 &h, const fe4 &f, const fe4 &g) {
  v4 s[10];
#pragma GCC unroll 10
  for (int i = 0; i < 10; ++i) {
    const std::uint64_t four_p = i == 0 ? (std::uint64_t(1) << 28) - 76
                                        : (i & 1) != 0 ? (std::uint64_t(1) << 27) - 4 : (std::uint64_t(1) << 28) - 4;
    s[i] = sub64(add64(f.v[i], bc(four_p)), g.v[i]);
  }
  carry(h, s);
}

// h = f + g without a carry: for operands of vmul / vsq only. f, g tight4 ->
// limbs <= 2^(b+1) + 2^18; f loose-sum, g tight4 -> <= 3 2^b + 2^19 (both "loose").
inline void vadd_lazy(fe4 &h, const fe4 &f, const fe4 &g) {
#pragma GCC unroll 10
  for (int i = 0; i < 10; ++i) h.v[i] = add64(f.v[i], g.v[i]);
}

// h = f - g as f + 2p - g without a carry (2p's limbs, 2^27 - 38, 2^26 - 2, ...,
// exceed every tight4 limb). f, g tight4 -> limbs <= 3 2^b + 2^17 (loose).
inline void vsub_lazy(fe4 &h, const fe4 &f, const fe4 &g) {
#pragma GCC unroll 10
  for (int i = 0; i < 10; ++i) {
    const std::uint64_t two_p = i == 0 ? (std::uint64_t(1) << 27) - 38
                                       : (i & 1) != 0 ? (std::uint64_t(1) << 26) - 2 : (std::uint64_t(1) << 27) - 2;
    h.v[i] = sub64(add64(f.v[i], bc(two_p)), g.v[i]);
  }
}

inline void vzero(fe4 &h) {
  for (int i = 0; i < 10; ++i) h.v[i] = _mm256_setzero_si256();
}
inline void vone(fe4 &h) {
  vzero(h);
  h.v[0] = bc(1);
}

inline void vneg(fe4 &h, const fe4 &f) {
  fe4 zero;
  vzero(zero);
  vsub(h, zero, f);
}

// Column sums z[0..10) (< 2^63 each; the chain takes any sums < 2^64) -> tight4 h, by the sequential carry chain.
inline void reduce(fe4 &h, v4 z[10]) {
  auto step = [&](int i) {
    const v4 c = shr(z[i], bits(i));
    z[i] = and64(z[i], mask(i));
    if (i == 9)
      z[0] = add64(z[0], times19(c));
    else
      z[i + 1] = add64(z[i + 1], c);
  };
  step(0);
  step(4);
  step(1);
  step(5);
  step(2);
  step(6);
  step(3);
  step(7);
  step(4);
  step(8);
  step(9);
  step(0);
  for (int i = 0; i < 10; ++i) h.v[i] = z[i];
}

// Ends a row of products: the 10 column sums are kept in registers from row to row.
// GCC otherwise computes the products first, spilling each to the stack, and sums
// them afterwards (about 1.2x slower); an empty asm is no instruction.
// Not in the MemorySanitizer build (scripts/ct_msan.sh), which would report the
// asm's poisoned (secret) inputs: there the barrier's only effect, speed, does not matter.
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define CNCRYPTO_AVX2_NO_ASM_BARRIER 1
#endif
#endif
inline void keep_columns(v4 z[10]) {
#if defined(CNCRYPTO_AVX2_NO_ASM_BARRIER)
  (void)z;
#else
#pragma GCC unroll 10
  for (int k = 0; k < 10; ++k) __asm__("" : "+x"(z[k]));
#endif
}

// h = f g. f, g loose (limbs <= 3 2^b_i + 2^19).
inline void vmul(fe4 &h, const fe4 &f, const fe4 &g) {
  v4 g19[10], z[10];
  const v4 nineteen = bc(19);
#pragma GCC unroll 10
  for (int j = 1; j < 10; ++j) g19[j] = mul32(g.v[j], nineteen);
#pragma GCC unroll 10
  for (int i = 0; i < 10; ++i) {
    const v4 fi = f.v[i];
    const v4 fi2 = (i & 1) != 0 ? add64(fi, fi) : fi;
#pragma GCC unroll 10
    for (int j = 0; j < 10; ++j) {
      const bool wrap = i + j >= 10;
      const v4 a = ((i & j) & 1) != 0 ? fi2 : fi;
      const v4 b = wrap ? g19[j] : g.v[j];
      const int k = wrap ? i + j - 10 : i + j;
      const v4 product = mul32(a, b);
      z[k] = i == 0 ? product : add64(z[k], product);
    }
    keep_columns(z);
  }
  reduce(h, z);
}

// h = f^2, f loose: each product f_i f_j (i < j) once with its coefficient doubled,
// plus the 10 squares. Operands: 2^a f_i with a <= 2 (< 2^28.6) and 19 f_j (< 2^31.9);
// the column sums are vmul's (< 2^62.2).
inline void vsq(fe4 &h, const fe4 &f) {
  v4 f19[10], z[10];
  const v4 nineteen = bc(19);
#pragma GCC unroll 10
  for (int j = 5; j < 10; ++j) f19[j] = mul32(f.v[j], nineteen);
#pragma GCC unroll 10
  for (int k = 0; k < 10; ++k) z[k] = _mm256_setzero_si256();
#pragma GCC unroll 10
  for (int i = 0; i < 10; ++i) {
    const v4 fi = f.v[i];
    const v4 fi2 = add64(fi, fi);
    const v4 fi4 = add64(fi2, fi2);
#pragma GCC unroll 10
    for (int j = i; j < 10; ++j) {
      const bool wrap = i + j >= 10;
      const int doubling = (i != j ? 1 : 0) + (((i & j) & 1) != 0 ? 1 : 0);
      const v4 a = doubling == 0 ? fi : doubling == 1 ? fi2 : fi4;
      const v4 b = wrap ? f19[j] : f.v[j];
      const int k = wrap ? i + j - 10 : i + j;
      z[k] = add64(z[k], mul32(a, b));
    }
    keep_columns(z);
  }
  reduce(h, z);
}

// ---- conversions between ge_* (lane k = point k) and the vector layout ----------

// 5 x 51-bit limbs per lane (any limbs < 2^63) -> tight4.
inline void from_radix51(fe4 &h, const v4 s[5]) {
  const v4 m = bc(kMask51);
  v4 t[5];
  // c4 < 2^12: 19 c4 fits; t limbs < 2^51 + 2^17.
  t[0] = add64(and64(s[0], m), times19(shr(s[4], 51)));
  for (int l = 1; l < 5; ++l) t[l] = add64(and64(s[l], m), shr(s[l - 1], 51));
  v4 r[10];
  for (int l = 0; l < 5; ++l) {
    r[2 * l] = and64(t[l], bc(kMask26));
    r[2 * l + 1] = shr(t[l], 26);  // < 2^25 + 2
  }
  carry(h, r);
}

// tight4 -> 5 x 51-bit limbs < 2^51 + 19 per lane.
inline void to_radix51(v4 s[5], const fe4 &h) {
  v4 t[5];
  // < 2^26 + 2^17 + (2^25 + 2^17) 2^26 < 2^51 + 2^44: carries <= 1.
  for (int l = 0; l < 5; ++l) t[l] = add64(h.v[2 * l], shl(h.v[2 * l + 1], 26));
  const v4 m = bc(kMask51);
  s[0] = add64(and64(t[0], m), times19(shr(t[4], 51)));
  for (int l = 1; l < 5; ++l) s[l] = add64(and64(t[l], m), shr(t[l - 1], 51));
}


// ---- the field as backend/lanes.h reads it (the group law and the kernels are there):
// the functions above on fe4, and these register operations. vadd_lazy and
// vsub_lazy are uncarried (loose): vmul takes loose operands, vsub loose subtrahends.

struct field {
  using vec = v4;
  using fe = fe4;
  using mask = v4;  // all ones or zero per 64-bit lane
  static constexpr int lanes = 4;
  static constexpr bool wipe_row_limbs = true;
  static v4 splat(std::uint64_t x) { return bc(x); }
  static v4 set_lanes(const std::uint64_t *const f[4], int l) {
    return _mm256_set_epi64x(static_cast<long long>(f[3][l]), static_cast<long long>(f[2][l]),
                             static_cast<long long>(f[1][l]), static_cast<long long>(f[0][l]));
  }
  static void store(std::uint64_t *buf, v4 v) { _mm256_store_si256(reinterpret_cast<v4 *>(buf), v); }
  static v4 blend(v4 dst, v4 k, v4 src) { return _mm256_blendv_epi8(dst, src, k); }
  static void blend(fe4 &dst, v4 k, const fe4 &src) {
    for (int l = 0; l < 10; ++l) dst.v[l] = blend(dst.v[l], k, src.v[l]);
  }
  // |digit| per lane (digits sign-extended to 64 bits) and the mask of the negative lanes.
  static v4 magnitude(v4 digit, v4 &negative) {
    negative = _mm256_cmpgt_epi64(_mm256_setzero_si256(), digit);
    return sub64(_mm256_xor_si256(digit, negative), negative);
  }
  static v4 equals(v4 a, v4 b) { return _mm256_cmpeq_epi64(a, b); }
  static v4 lane_digits(const signed char (*e)[64], int i) {
    return _mm256_set_epi64x(e[3][i], e[2][i], e[1][i], e[0][i]);
  }
};

}  // namespace

CNCRYPTO_CURVE_LANE_KERNELS(field)  // backend/lanes.h

}  // namespace cncrypto::ed25519::avx2
