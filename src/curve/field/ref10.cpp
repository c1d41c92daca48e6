// Monero's ref10 limb layout and its limb-exact arithmetic (curve/ref10.h), and the
// conversions between it and the layer's representation (curve/types.h).
#include "curve/ref10.h"

#include "backend/backend.h"

#include "curve/field.h"
#include "curve/ops.h"

#include <sodium.h>

#include <cstddef>
#include <cstdint>

namespace cncrypto::ed25519::ref10 {

namespace {

using i64 = std::int64_t;
using i32 = std::int32_t;

// Limb i holds bits [off(i), off(i) + width(i)) of the value: widths 26, 25, 26, ...
constexpr int width(int i) { return (i & 1) ? 25 : 26; }
constexpr int offset(int i) { return 26 * ((i + 1) / 2) + 25 * (i / 2); }
static_assert(offset(9) == 230 && offset(9) + width(9) == 255, "ten limbs cover 255 bits");

// ref10's rounding carry out of limb i into limb i + 1 (limb 9 wraps into limb 0
// times 19, as 2^255 = 19 mod p): afterwards -2^(w-1) <= h[i] < 2^(w-1).
inline void carry_round(i64 h[10], int i) {
  const int w = width(i);
  const i64 c = (h[i] + (i64(1) << (w - 1))) >> w;
  h[i] -= c * (i64(1) << w);
  if (i == 9)
    h[0] += 19 * c;
  else
    h[i + 1] += c;
}

// The carry sequence ref10's fe_mul, fe_sq and fe_sq2 end with.
inline void carry_product(fe out, i64 h[10]) {
  static constexpr int order[] = {0, 4, 1, 5, 2, 6, 3, 7, 4, 8, 9, 0};
#pragma GCC unroll 12
  for (int i : order) carry_round(h, i);
  for (int i = 0; i < 10; ++i) out[i] = static_cast<std::int32_t>(h[i]);
}

// c * x in int32, wrapping as Monero's int32 products do outside ref10's bounds
// (defined here: the multiplication is unsigned).
inline i32 scaled(i32 x, std::uint32_t c) {
  return static_cast<i32>(static_cast<std::uint32_t>(x) * c);
}

// The exact integer sums of f*g before carrying: the product of limbs i and j lands
// in limb i + j at weight 2^(off(i) + off(j)), which is 2 * 2^off(i+j) when i and j
// are both odd (the half bits add up), and wraps times 19 past limb 9. Each term is
// one 32x32 -> 64-bit product: the factors 2 and 19 are applied to the int32
// operands beforehand (ref10's bounds keep 2 f_i and 19 g_j, and 38 f_j for odd j,
// below 2^31, as in Monero's code), which keeps the multiplier port the only
// bottleneck. Written so that the compiler unrolls it into straight-line code (every
// condition is on the loop indices: constant time).
inline void product_sums(i64 h[10], const fe f, const fe g) {
  i32 g19[10], f2[10];
#pragma GCC unroll 10
  for (int j = 0; j < 10; ++j) {
    g19[j] = scaled(g[j], 19);
    f2[j] = scaled(f[j], 2);
  }
#pragma GCC unroll 10
  for (int k = 0; k < 10; ++k) {
    i64 t = 0;
#pragma GCC unroll 10
    for (int i = 0; i < 10; ++i) {
      const int j = k >= i ? k - i : k - i + 10;
      const i32 a = (i & 1) && (j & 1) ? f2[i] : f[i];
      const i32 b = k >= i ? g[j] : g19[j];
      t += static_cast<i64>(a) * b;
    }
    h[k] = t;
  }
}

// The same sums for g = f, each pair i <= j once: the pair's coefficient (2 for
// i != j, twice that when both are odd, times 19 past limb 9) split between the two
// int32 operands. Pair by pair (i, then j): the order the compiler schedules best
// here (squaring is the multiplier port's work, as in Monero's fe_sq).
inline void square_sums(i64 h[10], const fe f) {
  i32 f2[10], f19[10], f38[10] = {};
#pragma GCC unroll 10
  for (int j = 0; j < 10; ++j) {
    f2[j] = scaled(f[j], 2);
    f19[j] = scaled(f[j], 19);
    if (j & 1) f38[j] = scaled(f[j], 38);  // read for odd j only
  }
#pragma GCC unroll 10
  for (int k = 0; k < 10; ++k) h[k] = 0;
#pragma GCC unroll 10
  for (int i = 0; i < 10; ++i) {
#pragma GCC unroll 10
    for (int j = i; j < 10; ++j) {
      const int c = (i != j ? 2 : 1) * ((i & 1) && (j & 1) ? 2 : 1);
      const i32 a = c == 1 ? f[i] : f2[i];
      const i32 *b = i + j >= 10 ? (c == 4 ? f38 : f19) : (c == 4 ? f2 : f);
      h[(i + j) % 10] += static_cast<i64>(a) * b[j];
    }
  }
}

// h = f^(2^n), n >= 1 (n squarings, as Monero's loops).
inline void fe_sqn(fe h, const fe f, int n) {
  fe_sq(h, f);
  for (int i = 1; i < n; ++i) fe_sq(h, h);
}

// h = f^(2^n) * g (fe_mul's sums are symmetric, so the order of its operands does
// not change a limb; h may alias f or g).
inline void fe_sqn_mul(fe h, const fe f, int n, const fe g) {
  fe t;
  fe_sqn(t, f, n);
  fe_mul(h, t, g);
}

// Monero's ten-limb field for field.h's pow_2_250_1_chain: Monero's fe_invert and
// fe_pow22523 up to z^(2^250 - 1), step for step.
struct ref10_field {
  using elem = fe;
  static void sq(fe h, const fe f) { fe_sq(h, f); }
  static void sqn(fe h, const fe f, int n) { fe_sqn(h, f, n); }
  static void mul(fe h, const fe f, const fe g) { fe_mul(h, f, g); }
};

// Normalises any int32 limbs to 0 <= h[i] < 2^width(i) with the same value mod p
// (the sum then is below 2^255, possibly >= p). Three passes of floor carries:
// after the first, limbs 1..9 are in range and |h[0]| < 2^27; after the second the
// sum W is in [-19, 2^255 + 19); the third brings it into [0, 2^255) (W < 0 wraps to
// 2^255 - 19 + W, W >= 2^255 to W - 2^255 + 19, both in range without a further carry).
void normalise(i64 h[10], const fe f) {
  for (int i = 0; i < 10; ++i) h[i] = f[i];
  for (int pass = 0; pass < 3; ++pass) {
    for (int i = 0; i < 10; ++i) {
      const int w = width(i);
      const i64 c = h[i] >> w;  // floor
      h[i] -= c * (i64(1) << w);
      if (i == 9)
        h[0] += 19 * c;
      else
        h[i + 1] += c;
    }
  }
}

}  // namespace

void fe_0(fe h) {
  for (int i = 0; i < 10; ++i) h[i] = 0;
}
void fe_1(fe h) {
  fe_0(h);
  h[0] = 1;
}
void fe_copy(fe h, const fe f) {
  for (int i = 0; i < 10; ++i) h[i] = f[i];
}
void fe_add(fe h, const fe f, const fe g) {
  for (int i = 0; i < 10; ++i) h[i] = f[i] + g[i];
}
void fe_sub(fe h, const fe f, const fe g) {
  for (int i = 0; i < 10; ++i) h[i] = f[i] - g[i];
}
void fe_neg(fe h, const fe f) {
  for (int i = 0; i < 10; ++i) h[i] = -f[i];
}

namespace {
// The product sums fe_mul uses: the active curve backend's vector form when it has
// one (the same integers), else the portable ones. Chosen once.
using product_sums_fn = void (*)(i64 *h, const i32 *f, const i32 *g);
product_sums_fn chosen_product_sums() {
  static const product_sums_fn fn = [] {
    const product_sums_fn vector = curve_active_backend().ref10_product_sums;
    return vector != nullptr ? vector : +[](i64 *h, const i32 *f, const i32 *g) { product_sums(h, f, g); };
  }();
  return fn;
}
}  // namespace

void fe_mul(fe h, const fe f, const fe g) {
  alignas(64) i64 t[16];
  chosen_product_sums()(t, f, g);
  carry_product(h, t);
}
void fe_sq(fe h, const fe f) {
  i64 t[10];
  square_sums(t, f);
  carry_product(h, t);
}
void fe_sq2(fe h, const fe f) {
  i64 t[10];
  square_sums(t, f);
  for (i64 &x : t) x *= 2;
  carry_product(h, t);
}

void fe_frombytes(fe h, const unsigned char *s) {
  // Limb i holds the bytes from the first whole byte at or above bit offset(i) up to
  // the next limb's (4 bytes for limbs 0 and 5, else 3; bit 255 dropped), shifted
  // to its weight: more bits than its width at first. Then rounding carries, odd
  // limbs first, then even ones (Monero's order).
  i64 t[10];
  for (int i = 0; i < 10; ++i) {
    const int byte = (offset(i) + 7) / 8;
    const int nbytes = (i == 0 || i == 5) ? 4 : 3;
    i64 v = 0;
    for (int b = nbytes - 1; b >= 0; --b) v = (v << 8) | s[byte + b];
    if (i == 9) v &= (i64(1) << 23) - 1;
    t[i] = v << (8 * byte - offset(i));
  }
  static constexpr int order[] = {9, 1, 3, 5, 7, 0, 2, 4, 6, 8};
  for (int i : order) carry_round(t, i);
  for (int i = 0; i < 10; ++i) h[i] = static_cast<std::int32_t>(t[i]);
}

void fe_invert(fe h, const fe f) {
  fe t, z11;
  pow_2_250_1_chain<ref10_field>(t, z11, f);
  fe_sqn_mul(h, t, 5, z11);
}

void fe_pow22523(fe h, const fe f) {
  fe t, z11;
  pow_2_250_1_chain<ref10_field>(t, z11, f);
  fe_sqn_mul(h, t, 2, f);
}

void fe_divpowm1(fe r, const fe u, const fe v) {
  fe v3, uv7, t;
  fe_sq(v3, v);
  fe_mul(v3, v3, v);    // v^3
  fe_sq(uv7, v3);
  fe_mul(uv7, uv7, v);
  fe_mul(uv7, uv7, u);  // u v^7
  fe_pow22523(t, uv7);
  fe_mul(t, t, v3);
  fe_mul(r, t, u);
}

void fe_tobytes(unsigned char *s, const fe f) {
  cncrypto::ed25519::fe t;
  to_internal(t, f);
  cncrypto::ed25519::fe_tobytes(s, t);
}
int fe_isnegative(const fe f) {
  unsigned char s[32];
  fe_tobytes(s, f);
  const int r = s[0] & 1;
  sodium_memzero(s, sizeof s);
  return r;
}
int fe_isnonzero(const fe f) {
  cncrypto::ed25519::fe t;
  to_internal(t, f);
  return cncrypto::ed25519::fe_isnonzero(t);
}

// ---- group ------------------------------------------------------------------

void ge_p2_0(ge_p2 *h) {
  fe_0(h->X);
  fe_1(h->Y);
  fe_1(h->Z);
}
void ge_p3_0(ge_p3 *h) {
  fe_0(h->X);
  fe_1(h->Y);
  fe_1(h->Z);
  fe_0(h->T);
}
void ge_precomp_0(ge_precomp *h) {
  fe_1(h->yplusx);
  fe_1(h->yminusx);
  fe_0(h->xy2d);
}
void ge_p3_to_p2(ge_p2 *r, const ge_p3 *p) {
  fe_copy(r->X, p->X);
  fe_copy(r->Y, p->Y);
  fe_copy(r->Z, p->Z);
}
void ge_p3_to_cached(ge_cached *r, const ge_p3 *p) {
  fe_add(r->YplusX, p->Y, p->X);
  fe_sub(r->YminusX, p->Y, p->X);
  fe_copy(r->Z, p->Z);
  fe_mul(r->T2d, p->T, ::fe_d2);
}
void ge_p1p1_to_p2(ge_p2 *r, const ge_p1p1 *p) {
  fe_mul(r->X, p->X, p->T);
  fe_mul(r->Y, p->Y, p->Z);
  fe_mul(r->Z, p->Z, p->T);
}
void ge_p1p1_to_p3(ge_p3 *r, const ge_p1p1 *p) {
  fe_mul(r->X, p->X, p->T);
  fe_mul(r->Y, p->Y, p->Z);
  fe_mul(r->Z, p->Z, p->T);
  fe_mul(r->T, p->X, p->Y);
}

namespace {
// Hisil et al.'s addition in Monero's operation order, for a second point given as
// (Y + X or y + x, Y - X or y - x, 2d T), with zz = Z1 * Z2 (doubled inside); a
// subtraction swaps the two sums and the signs of the last two lines. Inputs are
// copied first, so r may share memory with p or q.
void add_formula(ge_p1p1 *r, const ge_p3 *p, const fe plus, const fe minus, const fe t2d, const fe *qz,
                 bool subtract) {
  fe a, b, c, zz, t0;
  fe_add(a, p->Y, p->X);
  fe_sub(b, p->Y, p->X);
  fe_mul(a, a, subtract ? minus : plus);
  fe_mul(b, b, subtract ? plus : minus);
  fe_mul(c, t2d, p->T);
  if (qz != nullptr)
    fe_mul(zz, p->Z, *qz);
  else
    fe_copy(zz, p->Z);
  fe_add(t0, zz, zz);
  fe_sub(r->X, a, b);
  fe_add(r->Y, a, b);
  if (subtract) {
    fe_sub(r->Z, t0, c);
    fe_add(r->T, t0, c);
  } else {
    fe_add(r->Z, t0, c);
    fe_sub(r->T, t0, c);
  }
}
}  // namespace

void ge_add(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q) {
  add_formula(r, p, q->YplusX, q->YminusX, q->T2d, &q->Z, false);
}
void ge_sub(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q) {
  add_formula(r, p, q->YplusX, q->YminusX, q->T2d, &q->Z, true);
}
void ge_madd(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q) {
  add_formula(r, p, q->yplusx, q->yminusx, q->xy2d, nullptr, false);
}
void ge_msub(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q) {
  add_formula(r, p, q->yplusx, q->yminusx, q->xy2d, nullptr, true);
}

void ge_p2_dbl(ge_p1p1 *r, const ge_p2 *p) {
  fe xx, yy, zz2, s, ss;
  fe_sq(xx, p->X);
  fe_sq(yy, p->Y);
  fe_sq2(zz2, p->Z);
  fe_add(s, p->X, p->Y);
  fe_sq(ss, s);
  fe_add(r->Y, yy, xx);
  fe_sub(r->Z, yy, xx);
  fe_sub(r->X, ss, r->Y);
  fe_sub(r->T, zz2, r->Z);
}
void ge_p3_dbl(ge_p1p1 *r, const ge_p3 *p) {
  ge_p2 q;
  ref10::ge_p3_to_p2(&q, p);
  ref10::ge_p2_dbl(r, &q);
}
void ge_mul8(ge_p1p1 *r, const ge_p2 *t) {
  ge_p2 u;
  ref10::ge_p2_dbl(r, t);
  for (int i = 0; i < 2; ++i) {
    ref10::ge_p1p1_to_p2(&u, r);
    ref10::ge_p2_dbl(r, &u);
  }
}

namespace {
void encode(unsigned char *s, const fe X, const fe Y, const fe Z) {
  fe recip, x, y;
  fe_invert(recip, Z);
  fe_mul(x, X, recip);
  fe_mul(y, Y, recip);
  fe_tobytes(s, y);
  s[31] ^= static_cast<unsigned char>(fe_isnegative(x) << 7);
}
}  // namespace
void ge_tobytes(unsigned char *s, const ge_p2 *h) { encode(s, h->X, h->Y, h->Z); }
void ge_p3_tobytes(unsigned char *s, const ge_p3 *h) { encode(s, h->X, h->Y, h->Z); }

int ge_frombytes_vartime(ge_p3 *h, const unsigned char *s) {
  {
    // The layer's check of y < p (the refusal Monero's limb comparison makes).
    cncrypto::ed25519::fe y;
    if (cncrypto::ed25519::fe_frombytes_vartime(y, s) != 0) return -1;
  }
  fe u, v, vxx, check;
  fe_frombytes(h->Y, s);
  fe_1(h->Z);
  fe_sq(u, h->Y);
  fe_mul(v, u, ::fe_d);
  fe_sub(u, u, h->Z);  // y^2 - 1
  fe_add(v, v, h->Z);  // d y^2 + 1
  fe_divpowm1(h->X, u, v);
  fe_sq(vxx, h->X);
  fe_mul(vxx, vxx, v);
  fe_sub(check, vxx, u);
  if (fe_isnonzero(check)) {
    fe_add(check, vxx, u);
    if (fe_isnonzero(check)) return -1;
    fe_mul(h->X, h->X, ::fe_sqrtm1);
  }
  if (fe_isnegative(h->X) != (s[31] >> 7)) {
    if (!fe_isnonzero(h->X)) return -1;
    fe_neg(h->X, h->X);
  }
  fe_mul(h->T, h->X, h->Y);
  return 0;
}

// ---- conversions ------------------------------------------------------------

void to_internal(cncrypto::ed25519::fe out, const fe f) {
  i64 h[10];
  normalise(h, f);
#if CNCRYPTO_FE_51
  for (int j = 0; j < 5; ++j)
    out[j] = static_cast<std::uint64_t>(h[2 * j]) | static_cast<std::uint64_t>(h[2 * j + 1]) << 26;
#else
  for (int i = 0; i < 10; ++i) out[i] = static_cast<std::uint32_t>(h[i]);
#endif
}

void from_internal(fe out, const cncrypto::ed25519::fe f) {
  // The layer's limbs carried (limbs of 51 or 26/25 bits, the first one or two a
  // little above), split at ref10's offsets, then Monero's fe_frombytes carries: for
  // a canonical value (every table) exactly Monero's form; otherwise the same value
  // in a form of the same bounds (|limb| <= 2^25 / 2^24 and a carry), not reduced
  // below p. No branch, no reduction: constant time and cheap.
  cncrypto::ed25519::fe c;
  cncrypto::ed25519::fe_carry(c, f);
  i64 t[10];
#if CNCRYPTO_FE_51
  for (int j = 0; j < 5; ++j) {
    t[2 * j] = static_cast<i64>(c[j] & ((std::uint64_t(1) << 26) - 1));
    t[2 * j + 1] = static_cast<i64>(c[j] >> 26);
  }
#else
  for (int i = 0; i < 10; ++i) t[i] = static_cast<i64>(c[i]);
#endif
  static constexpr int order[] = {9, 1, 3, 5, 7, 0, 2, 4, 6, 8};
  for (int i : order) carry_round(t, i);
  for (int i = 0; i < 10; ++i) out[i] = static_cast<std::int32_t>(t[i]);
}

namespace ed = cncrypto::ed25519;

// Each point form, field by field, both ways.
#define CNCRYPTO_REF10_IN(m) to_internal(r.m, p.m);
#define CNCRYPTO_REF10_OUT(m) from_internal(r.m, p.m);
#define CNCRYPTO_REF10_POINT(TYPE, FIELDS) \
  ed::TYPE to_internal(const TYPE &p) {    \
    ed::TYPE r;                            \
    FIELDS(CNCRYPTO_REF10_IN)              \
    return r;                              \
  }                                        \
  TYPE from_internal(const ed::TYPE &p) {  \
    TYPE r;                                \
    FIELDS(CNCRYPTO_REF10_OUT)             \
    return r;                              \
  }
#define CNCRYPTO_REF10_XYZ(F) F(X) F(Y) F(Z)
#define CNCRYPTO_REF10_XYZT(F) F(X) F(Y) F(Z) F(T)
#define CNCRYPTO_REF10_PRECOMP(F) F(yplusx) F(yminusx) F(xy2d)
#define CNCRYPTO_REF10_CACHED(F) F(YplusX) F(YminusX) F(Z) F(T2d)
CNCRYPTO_REF10_POINT(ge_p2, CNCRYPTO_REF10_XYZ)
CNCRYPTO_REF10_POINT(ge_p3, CNCRYPTO_REF10_XYZT)
CNCRYPTO_REF10_POINT(ge_p1p1, CNCRYPTO_REF10_XYZT)
CNCRYPTO_REF10_POINT(ge_precomp, CNCRYPTO_REF10_PRECOMP)
CNCRYPTO_REF10_POINT(ge_cached, CNCRYPTO_REF10_CACHED)
#undef CNCRYPTO_REF10_POINT
#undef CNCRYPTO_REF10_XYZ
#undef CNCRYPTO_REF10_XYZT
#undef CNCRYPTO_REF10_PRECOMP
#undef CNCRYPTO_REF10_CACHED
#undef CNCRYPTO_REF10_IN
#undef CNCRYPTO_REF10_OUT

}  // namespace cncrypto::ed25519::ref10
