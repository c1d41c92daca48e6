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
// - "tight4": limb i < 2^b_i + 2^17. The results of fe4_mul, fe4_sq, fe4_sub and
//   of the conversions are tight4.
// - "loose": limb i <= 3 2^b_i + 2^19. Uncarried sums and differences are loose:
//   fe4_add_loose (tight4 + tight4 <= 2^(b+1) + 2^18; that plus tight4 <= 3 2^b +
//   2^19) and fe4_sub_loose (tight4 + 2p - tight4 <= 3 2^b + 2^17; 2p's limbs,
//   2^27 - 38, 2^26 - 2, 2^27 - 2, ..., exceed every tight4 limb). They are only ever
//   multiplied, or subtracted by fe4_sub.
// - fe4_mul / fe4_sq take loose inputs: the operands of a vpmuludq are f_i, 2 f_i or
//   4 f_i (< 2^28.6) and g_j or 19 g_j (< 19 (3 2^26 + 2^19) < 2^31.9, inside the
//   32 bits vpmuludq reads); with every limb of both operands at the loose bound the
//   largest column sum is < 2^62.2 (scripts/check_avx2_bounds.py enumerates the
//   columns, the carries and the bounds below). A sequential carry chain (h0->h1, h4->h5,
//   h1->h2, ..., h8->h9, h9->19 h0, h0->h1) leaves every limb < 2^b_i except h1 and
//   h5 (< 2^b + 2^17): tight4.
// - fe4_sub computes f + 4p - g (4p's limbs 2^28 - 76, 2^27 - 4, 2^28 - 4, ... exceed
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
// Group: the serial formulas of curve/group.h (extended coordinates, Hisil et al.
// 2008, a = -1), lane-wise, in the same order, as the IFMA backend does, so each lane
// computes the very projective point the serial ge_scalarmult_p3 / ge_scalarmult_base
// compute (the same field values; only the limb representation differs).
//
// Constant time (checked by tests/unit_tests/ct/ct_curve under valgrind, which runs
// AVX2 code; see the docs):
// - no branch depends on a digit or a field value: every loop has public bounds;
// - no address depends on a digit: a table lookup reads all 8 entries and keeps one
//   with vpcmpeqq masks and vpblendvb (entries of ge_base are broadcast from fixed
//   addresses: row i / 2 of digit i, public); the sign is applied with a masked blend;
// - vpmuludq, vpaddq, vpsubq, vpsrlq, vpsllq, vpand, vpxor, vpcmpeqq, vpcmpgtq,
//   vpblendvb, broadcasts, loads and stores have data-independent timing.
#include "backend/backend.h"

#include <immintrin.h>
#include <sodium.h>

#include <cstdint>

namespace cncrypto::ed25519::avx2 {
namespace {

using v4 = __m256i;

struct fe4 {
  v4 v[10];
};
struct p3x4 {
  fe4 X, Y, Z, T;
};
struct p2x4 {
  fe4 X, Y, Z;
};
struct p1p1x4 {
  fe4 X, Y, Z, T;
};
struct cachedx4 {
  fe4 YplusX, YminusX, Z, T2d;
};
struct precompx4 {
  fe4 yplusx, yminusx, xy2d;
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
inline void fe4_sub(fe4 &h, const fe4 &f, const fe4 &g) {
  v4 s[10];
#pragma GCC unroll 10
  for (int i = 0; i < 10; ++i) {
    const std::uint64_t four_p = i == 0 ? (std::uint64_t(1) << 28) - 76
                                        : (i & 1) != 0 ? (std::uint64_t(1) << 27) - 4 : (std::uint64_t(1) << 28) - 4;
    s[i] = sub64(add64(f.v[i], bc(four_p)), g.v[i]);
  }
  carry(h, s);
}

// h = f + g without a carry: for operands of fe4_mul / fe4_sq only. f, g tight4 ->
// limbs <= 2^(b+1) + 2^18; f loose-sum, g tight4 -> <= 3 2^b + 2^19 (both "loose").
inline void fe4_add_loose(fe4 &h, const fe4 &f, const fe4 &g) {
#pragma GCC unroll 10
  for (int i = 0; i < 10; ++i) h.v[i] = add64(f.v[i], g.v[i]);
}

// h = f - g as f + 2p - g without a carry (2p's limbs, 2^27 - 38, 2^26 - 2, ...,
// exceed every tight4 limb). f, g tight4 -> limbs <= 3 2^b + 2^17 (loose).
inline void fe4_sub_loose(fe4 &h, const fe4 &f, const fe4 &g) {
#pragma GCC unroll 10
  for (int i = 0; i < 10; ++i) {
    const std::uint64_t two_p = i == 0 ? (std::uint64_t(1) << 27) - 38
                                       : (i & 1) != 0 ? (std::uint64_t(1) << 26) - 2 : (std::uint64_t(1) << 27) - 2;
    h.v[i] = sub64(add64(f.v[i], bc(two_p)), g.v[i]);
  }
}

inline void fe4_0(fe4 &h) {
  for (int i = 0; i < 10; ++i) h.v[i] = _mm256_setzero_si256();
}
inline void fe4_1(fe4 &h) {
  fe4_0(h);
  h.v[0] = bc(1);
}

inline void fe4_neg(fe4 &h, const fe4 &f) {
  fe4 zero;
  fe4_0(zero);
  fe4_sub(h, zero, f);
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
inline void fe4_mul(fe4 &h, const fe4 &f, const fe4 &g) {
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
// the column sums are fe4_mul's (< 2^62.2).
inline void fe4_sq(fe4 &h, const fe4 &f) {
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

inline void load_lanes(fe4 &h, const std::uint64_t *const f[4]) {
  v4 s[5];
  for (int l = 0; l < 5; ++l)
    s[l] = _mm256_set_epi64x(static_cast<long long>(f[3][l]), static_cast<long long>(f[2][l]),
                             static_cast<long long>(f[1][l]), static_cast<long long>(f[0][l]));
  from_radix51(h, s);
}

inline void store_lanes(std::uint64_t *const f[4], const fe4 &h) {
  v4 s[5];
  to_radix51(s, h);
  alignas(32) std::uint64_t buf[4];
  for (int l = 0; l < 5; ++l) {
    _mm256_store_si256(reinterpret_cast<v4 *>(buf), s[l]);
    for (int k = 0; k < 4; ++k) f[k][l] = buf[k];
  }
  sodium_memzero(buf, sizeof buf);
  sodium_memzero(s, sizeof s);
}

inline void broadcast(fe4 &h, const fe f) {
  v4 s[5];
  for (int l = 0; l < 5; ++l) s[l] = bc(f[l]);
  from_radix51(h, s);
}

void load_p3(p3x4 &r, const ge_p3 *p) {
  const std::uint64_t *x[4], *y[4], *z[4], *t[4];
  for (int k = 0; k < 4; ++k) {
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

void store_p3(ge_p3 *p, const p3x4 &r) {
  std::uint64_t *x[4], *y[4], *z[4], *t[4];
  for (int k = 0; k < 4; ++k) {
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

inline void p1p1_to_p2(p2x4 &r, const p1p1x4 &p) {
  fe4_mul(r.X, p.X, p.T);
  fe4_mul(r.Y, p.Y, p.Z);
  fe4_mul(r.Z, p.Z, p.T);
}

inline void p1p1_to_p3(p3x4 &r, const p1p1x4 &p) {
  fe4_mul(r.X, p.X, p.T);
  fe4_mul(r.Y, p.Y, p.Z);
  fe4_mul(r.Z, p.Z, p.T);
  fe4_mul(r.T, p.X, p.Y);
}

// Cached coordinates: Y + X and Y - X loose (they are only multiplied, or swapped),
// Z and 2d T tight4.
inline void p3_to_cached(cachedx4 &r, const p3x4 &p, const fe4 &d2) {
  fe4_add_loose(r.YplusX, p.Y, p.X);
  fe4_sub_loose(r.YminusX, p.Y, p.X);
  r.Z = p.Z;
  fe4_mul(r.T2d, p.T, d2);
}

// r = 2p (p2_dbl): A = X^2, B = Y^2, C = 2 Z^2, S = (X + Y)^2; Y' = A + B,
// Z' = B - A, X' = S - Y', T' = C - Z'. p tight4; r loose (only multiplied next):
// Y', Z' and the operands C, X + Y are left uncarried, X' and T' are carried (their
// subtrahends are loose).
inline void p2_dbl(p1p1x4 &r, const p2x4 &p) {
  fe4 a, b, c, s;
  fe4_sq(a, p.X);
  fe4_sq(b, p.Y);
  fe4_sq(c, p.Z);
  fe4_add_loose(c, c, c);
  fe4_add_loose(s, p.X, p.Y);
  fe4_sq(s, s);
  fe4_add_loose(r.Y, a, b);
  fe4_sub_loose(r.Z, b, a);
  fe4_sub(r.X, s, r.Y);
  fe4_sub(r.T, c, r.Z);
}

inline void p3_dbl(p1p1x4 &r, const p3x4 &p) {
  p2x4 q{p.X, p.Y, p.Z};
  p2_dbl(r, q);
}

// r = p + q (add_formula<false>): A = (Y1 - X1)(Y2 - X2), B = (Y1 + X1)(Y2 + X2),
// C = T1 2d T2, D = 2 Z1 Z2 (2 Z1 for affine q); E = B - A, F = D - C, G = D + C, H = B + A.
// p tight4, q's coordinates loose; r loose (only multiplied next): all uncarried but
// D - C (D is a loose sum).
inline void add_common(p1p1x4 &r, const p3x4 &p, const fe4 &qplus, const fe4 &qminus, const fe4 &qt2d,
                       const fe4 *z2) {
  fe4 a, b, c, d, t;
  fe4_sub_loose(t, p.Y, p.X);
  fe4_mul(a, t, qminus);
  fe4_add_loose(t, p.Y, p.X);
  fe4_mul(b, t, qplus);
  fe4_mul(c, p.T, qt2d);
  if (z2 != nullptr) {  // a public choice of formula, not a data-dependent branch
    fe4_mul(t, p.Z, *z2);
    fe4_add_loose(d, t, t);
  } else {
    fe4_add_loose(d, p.Z, p.Z);
  }
  fe4_sub_loose(r.X, b, a);
  fe4_add_loose(r.Y, b, a);
  fe4_add_loose(r.Z, d, c);
  fe4_sub(r.T, d, c);
}

inline void add_cached(p1p1x4 &r, const p3x4 &p, const cachedx4 &q) {
  add_common(r, p, q.YplusX, q.YminusX, q.T2d, &q.Z);
}
inline void add_precomp(p1p1x4 &r, const p3x4 &p, const precompx4 &q) {
  add_common(r, p, q.yplusx, q.yminusx, q.xy2d, nullptr);
}

// ---- constant-time selection ---------------------------------------------------------

// dst = src in the lanes where k is all ones (k: 0 or all ones per 64-bit lane).
inline v4 blend(v4 dst, v4 k, v4 src) { return _mm256_blendv_epi8(dst, src, k); }
inline void blend(fe4 &dst, v4 k, const fe4 &src) {
  for (int l = 0; l < 10; ++l) dst.v[l] = blend(dst.v[l], k, src.v[l]);
}

// Negates the point (y + x, y - x, 2d t) in the lanes of neg: swaps the first two
// coordinates and negates the third, with masked blends.
inline void cneg(fe4 &plus, fe4 &minus, fe4 &t2d, v4 neg) {
  const fe4 old_plus = plus;
  fe4 neg_t2d;
  fe4_neg(neg_t2d, t2d);
  blend(plus, neg, minus);
  blend(minus, neg, old_plus);
  blend(t2d, neg, neg_t2d);
}

// Per lane (digits sign-extended to 64 bits): |digit| and the mask of the negative lanes.
inline v4 digit_magnitude(v4 digit, v4 &negative) {
  negative = _mm256_cmpgt_epi64(_mm256_setzero_si256(), digit);
  return sub64(_mm256_xor_si256(digit, negative), negative);
}

// Calls keep(j, k) for every table entry j < 8, k the mask of the lanes whose
// |digit| is j + 1: all 8 entries are read whatever the digits (constant time).
template <class Keep>
inline void for_each_entry(v4 mag, Keep &&keep) {
  for (int j = 0; j < 8; ++j) keep(j, _mm256_cmpeq_epi64(mag, bc(static_cast<std::uint64_t>(j + 1))));
}

// t = digit * P per lane from table[j] = (j+1) P (cached, per lane), reading all 8.
inline void select_cached(cachedx4 &t, const cachedx4 table[8], v4 digit) {
  v4 neg;
  const v4 mag = digit_magnitude(digit, neg);
  fe4_1(t.YplusX), fe4_1(t.YminusX), fe4_1(t.Z), fe4_0(t.T2d);
  for_each_entry(mag, [&](int j, v4 k) {
    blend(t.YplusX, k, table[j].YplusX);
    blend(t.YminusX, k, table[j].YminusX);
    blend(t.Z, k, table[j].Z);
    blend(t.T2d, k, table[j].T2d);
  });
  cneg(t.YplusX, t.YminusX, t.T2d, neg);
}

// t = digit_k * (row entry) per lane from an affine row row[j] = (j+1) Q (shared by
// the lanes: each entry broadcast from its fixed address), reading all 8. The choice
// is made on the 5 x 51-bit limbs of ge_base (15 words an entry instead of 30), then
// converted once.
inline void select_precomp(precompx4 &t, const ge_precomp row[8], v4 digit) {
  v4 neg;
  const v4 mag = digit_magnitude(digit, neg);
  v4 plus[5], minus[5], xy2d[5];
  for (int l = 0; l < 5; ++l) {
    plus[l] = minus[l] = bc(l == 0 ? 1 : 0);
    xy2d[l] = _mm256_setzero_si256();
  }
  for_each_entry(mag, [&](int j, v4 k) {
    for (int l = 0; l < 5; ++l) {
      plus[l] = blend(plus[l], k, bc(row[j].yplusx[l]));
      minus[l] = blend(minus[l], k, bc(row[j].yminusx[l]));
      xy2d[l] = blend(xy2d[l], k, bc(row[j].xy2d[l]));
    }
  });
  // ge_base entries are loose (limbs < 2^52 + 2^17): from_radix51 carries them.
  from_radix51(t.yplusx, plus);
  from_radix51(t.yminusx, minus);
  from_radix51(t.xy2d, xy2d);
  cneg(t.yplusx, t.yminusx, t.xy2d, neg);
  sodium_memzero(plus, sizeof plus);
  sodium_memzero(minus, sizeof minus);
  sodium_memzero(xy2d, sizeof xy2d);
}

inline void p3_identity(p3x4 &h) {
  fe4_0(h.X);
  fe4_1(h.Y);
  fe4_1(h.Z);
  fe4_0(h.T);
}

// out = h (lane k to out[k]), then the accumulators are wiped.
void finish(ge_p3 *out, p3x4 &h, p1p1x4 &r, p2x4 &s) {
  store_p3(out, h);
  sodium_memzero(&h, sizeof h);
  sodium_memzero(&r, sizeof r);
  sodium_memzero(&s, sizeof s);
}

inline v4 broadcast_digit(signed char d) {
  return bc(static_cast<std::uint64_t>(static_cast<std::int64_t>(d)));
}

}  // namespace

namespace {

// out[k] = sum_i d_i[k] 16^i points[k] per lane, digit(i) giving the 4 lanes' digit i
// (one shared digit string or one per lane: the kernel is the same).
template <class Digit>
void scalarmult_lanes_with(ge_p3 *out, Digit &&digit, const ge_p3 *points) {
  fe4 d2;
  broadcast(d2, fe_d2);
  p3x4 p;
  load_p3(p, points);
  // table[j] = (j+1) P per lane (multiples8_cached's order of operations).
  cachedx4 table[8];
  p3x4 mult[8];
  p1p1x4 r;
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
  p3x4 h;
  p2x4 s;
  cachedx4 t;
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
  sodium_memzero(&p, sizeof p);
  sodium_memzero(&t, sizeof t);
  sodium_memzero(table, sizeof table);
  sodium_memzero(mult, sizeof mult);
}

// Lane k's digit i in lane k.
inline v4 lane_digits(const signed char (*e)[64], int i) { return _mm256_set_epi64x(e[3][i], e[2][i], e[1][i], e[0][i]); }

}  // namespace

void scalarmult_lanes(ge_p3 *out, const signed char e[64], const ge_p3 *points) {
  scalarmult_lanes_with(out, [e](int i) { return broadcast_digit(e[i]); }, points);
}

void scalarmult_each_lanes(ge_p3 *out, const signed char (*e)[64], const ge_p3 *points) {
  scalarmult_lanes_with(out, [e](int i) { return lane_digits(e, i); }, points);
}

void scalarmult_base_lanes(ge_p3 *out, const signed char (*e)[64]) {
  auto digit = [e](int i) { return lane_digits(e, i); };
  p3x4 h;
  p1p1x4 r;
  p2x4 s;
  precompx4 t;
  p3_identity(h);
  for (int i = 1; i < 64; i += 2) {
    select_precomp(t, ge_base[i / 2], digit(i));
    add_precomp(r, h, t);
    p1p1_to_p3(h, r);
  }
  s = p2x4{h.X, h.Y, h.Z};
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

}  // namespace cncrypto::ed25519::avx2
