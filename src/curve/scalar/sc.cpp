// Scalars modulo L = 2^252 + 27742317777372353535851937790883648493.
//
// Written from the math: numbers are little-endian arrays of 64-bit limbs,
// products are schoolbook with 128-bit intermediate values, and every result
// goes through one reduction, Barrett's (Menezes, van Oorschot, Vanstone,
// Handbook of Applied Cryptography, algorithm 14.42) with base b = 2^64 and
// k = 4 limbs, valid for any input x < b^(2k) = 2^512:
//   q = floor(floor(x / b^(k-1)) * mu / b^(k+1)),  mu = floor(b^(2k) / L),
//   r = (x - q*L) mod b^(k+1),  and then 0 <= r < 3L,
// so two conditional subtractions of L finish it. Sums and differences (below
// 2^258) take a cheaper single fold using L = 2^252 + c (reduce_fold). Each
// input of the public functions is reduced exactly, whatever its size (sc.h).
//
// Constant time: fixed loop counts, no branch on data; the conditional
// subtractions select with masks.
#include "crypto/ed25519/sc.h"

#include "common/ct.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

// The add-with-carry intrinsics, except in the MemorySanitizer build (common/ct.h):
// MemorySanitizer does not model them and would report every secret limb.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(CNCRYPTO_MSAN)
#define CNCRYPTO_SC_ADC_INTRINSICS 1
#include <x86intrin.h>
#endif

namespace {

using u64 = std::uint64_t;

// The reductions are inlined into each public function so their limbs stay in
// registers. Called out of line, they returned limbs through memory, and GCC 12
// copied those to the output with 16-byte vector loads from two 8-byte stores:
// a store-to-load forwarding stall on every call.
#if defined(__GNUC__) || defined(__clang__)
#define SC_INLINE inline __attribute__((always_inline))
#else
#define SC_INLINE inline
#endif

// L and mu = floor(2^512 / L) (a 260-bit number), least significant limb first.
constexpr u64 kL[4] = {0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0x0000000000000000ULL,
                       0x1000000000000000ULL};
constexpr u64 kMu[5] = {0xed9ce5a30a2c131bULL, 0x2106215d086329a7ULL, 0xffffffffffffffebULL,
                        0xffffffffffffffffULL, 0x000000000000000fULL};

// lo + hi*2^64 = a*b + c + d. Never overflows: (2^64-1)^2 + 2(2^64-1) = 2^128 - 1.
#if defined(__SIZEOF_INT128__) && !defined(CNCRYPTO_SC_NO_INT128)
inline u64 mul_add2(u64 a, u64 b, u64 c, u64 d, u64 &hi) {
  const unsigned __int128 t = static_cast<unsigned __int128>(a) * b + c + d;
  hi = static_cast<u64>(t >> 64);
  return static_cast<u64>(t);
}
#else
// Portable fallback: four 32x32->64 partial products.
inline u64 mul_add2(u64 a, u64 b, u64 c, u64 d, u64 &hi) {
  const u64 a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  const u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const u64 mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);  // < 3*2^32
  u64 lo = (p00 & 0xffffffffu) | (mid << 32);
  u64 h = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  lo += c;
  h += (lo < c);
  lo += d;
  h += (lo < d);
  hi = h;
  return lo;
}
#endif

// r = a + b + carry_in over one limb; carry out in {0,1}. On x86-64 the
// compiler's add-with-carry intrinsics give plain adc/sbb chains (the portable
// compare-and-or form below costs three extra instructions per limb).
#if defined(CNCRYPTO_SC_ADC_INTRINSICS)
inline u64 add_carry(u64 a, u64 b, u64 &carry) {
  unsigned long long r;
  carry = _addcarry_u64(static_cast<unsigned char>(carry), a, b, &r);
  return r;
}

inline u64 sub_borrow(u64 a, u64 b, u64 &borrow) {
  unsigned long long r;
  borrow = _subborrow_u64(static_cast<unsigned char>(borrow), a, b, &r);
  return r;
}
#else
inline u64 add_carry(u64 a, u64 b, u64 &carry) {
  const u64 s = a + b;
  const u64 c1 = s < a;
  const u64 t = s + carry;
  const u64 c2 = t < s;
  carry = c1 | c2;
  return t;
}

// r = a - b - borrow_in over one limb; borrow out in {0,1}.
inline u64 sub_borrow(u64 a, u64 b, u64 &borrow) {
  const u64 d = a - b;
  const u64 b1 = a < b;
  const u64 t = d - borrow;
  const u64 b2 = d < borrow;
  borrow = b1 | b2;
  return t;
}
#endif

// Little-endian 64-bit loads and stores at any alignment. On little-endian
// hosts a memcpy (one mov); elsewhere byte by byte. (The byte loop written
// from the top byte down was not merged into one load by GCC 12: 8 loads, 7
// shifts and 7 ors per limb, most of sc_reduce32's time.)
inline u64 load64_le(const unsigned char *p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  u64 v;
  std::memcpy(&v, p, sizeof v);
  return v;
#else
  u64 v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<u64>(p[i]) << (8 * i);
  return v;
#endif
}

inline void store64_le(unsigned char *p, u64 v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  std::memcpy(p, &v, sizeof v);
#else
  for (int i = 0; i < 8; ++i) p[i] = static_cast<unsigned char>(v >> (8 * i));
#endif
}

inline void load256(u64 out[4], const unsigned char *s) {
  for (int i = 0; i < 4; ++i) out[i] = load64_le(s + 8 * i);
}

inline void store256(unsigned char *s, const u64 in[4]) {
  for (int i = 0; i < 4; ++i) store64_le(s + 8 * i, in[i]);
}

// r[0..NA+NB) = a * b (sizes fixed at compile time, so the loops unroll).
template <std::size_t NA, std::size_t NB>
inline void mul_full(u64 *r, const u64 *a, const u64 *b) {
  for (std::size_t i = 0; i < NA + NB; ++i) r[i] = 0;
  for (std::size_t i = 0; i < NA; ++i) {
    u64 carry = 0;
    for (std::size_t j = 0; j < NB; ++j) r[i + j] = mul_add2(a[i], b[j], r[i + j], carry, carry);
    r[i + NB] = carry;
  }
}

// r = x - L if x >= L, else x (5 limbs, x < 2^320), without branching.
inline void cond_sub_l(u64 r[5]) {
  u64 d[5];
  u64 borrow = 0;
  for (int i = 0; i < 4; ++i) d[i] = sub_borrow(r[i], kL[i], borrow);
  d[4] = sub_borrow(r[4], 0, borrow);
  const u64 keep = 0 - borrow;  // all ones when x < L (the subtraction borrowed)
  for (int i = 0; i < 5; ++i) r[i] = (r[i] & keep) | (d[i] & ~keep);
}

// out = x mod L for any 512-bit x (8 limbs).
SC_INLINE void reduce512(u64 out[4], const u64 x[8]) {
  // q1 = floor(x / 2^192): limbs 3..7.  q2 = q1 * mu.  q3 = floor(q2 / 2^320).
  u64 q2[10];
  mul_full<5, 5>(q2, x + 3, kMu);
  const u64 *q3 = q2 + 5;
  // r2 = q3 * L mod 2^320 (only the partial products below 2^320).
  u64 r2[5] = {0, 0, 0, 0, 0};
  for (int i = 0; i < 5; ++i) {
    u64 carry = 0;
    for (int j = 0; i + j < 5 && j < 4; ++j) r2[i + j] = mul_add2(q3[i], kL[j], r2[i + j], carry, carry);
    if (i + 4 < 5) r2[i + 4] += carry;  // i is a loop counter, not data
  }
  // r = (x mod 2^320) - r2 mod 2^320; then 0 <= r < 3L.
  u64 r[5];
  u64 borrow = 0;
  for (int i = 0; i < 5; ++i) r[i] = sub_borrow(x[i], r2[i], borrow);
  cond_sub_l(r);
  cond_sub_l(r);
  for (int i = 0; i < 4; ++i) out[i] = r[i];
}

// out = x mod L for x < 2^379 (6 limbs), by one fold: with x = q*2^252 + lo and
// L = 2^252 + c (c < 2^125), x = q*L + (lo - q*c), and q < 2^127 keeps
// q*c < 2^252 < L, so lo - q*c lies in (-L, 2^252): one masked addition of L
// finishes. Used for the sums and differences, whose inputs are far below 2^379.
SC_INLINE void reduce_fold(u64 out[4], const u64 x[6]) {
  const u64 q0 = (x[3] >> 60) | (x[4] << 4);
  const u64 q1 = (x[4] >> 60) | (x[5] << 4);
  // t = q * c, c = L mod 2^252 = kL[0] + kL[1]*2^64; t < 2^252 fits in 4 limbs.
  u64 t[4];
  u64 carry = 0;
  t[0] = mul_add2(q0, kL[0], 0, 0, carry);
  t[1] = mul_add2(q0, kL[1], 0, carry, carry);
  t[2] = carry;
  carry = 0;
  t[1] = mul_add2(q1, kL[0], t[1], 0, carry);
  t[2] = mul_add2(q1, kL[1], t[2], carry, carry);
  t[3] = carry;
  u64 r[4];
  u64 borrow = 0;
  r[0] = sub_borrow(x[0], t[0], borrow);
  r[1] = sub_borrow(x[1], t[1], borrow);
  r[2] = sub_borrow(x[2], t[2], borrow);
  r[3] = sub_borrow(x[3] & 0x0fffffffffffffffULL, t[3], borrow);
  const u64 neg = 0 - borrow;  // all ones when lo < q*c
  carry = 0;
  for (int i = 0; i < 4; ++i) out[i] = add_carry(r[i], kL[i] & neg, carry);
}

// out = x mod L for any 256-bit x (4 limbs): sc_reduce32's fold. With
// q = floor(x / 2^252) < 16, lo = x mod 2^252 and L = 2^252 + c (c < 2^125),
// x = q*L + (lo - q*c) and 0 <= q*c < 2^129, so lo - q*c lies in
// (-2^129, 2^252), inside (-L, L): one masked addition of L finishes. q*c is
// three limbs (the top one below 16): two 64x64 products instead of the
// general fold's four.
SC_INLINE void reduce256(u64 out[4], const u64 x[4]) {
  const u64 q = x[3] >> 60;
  u64 hi;
  const u64 t0 = mul_add2(q, kL[0], 0, 0, hi);
  const u64 t1 = mul_add2(q, kL[1], hi, 0, hi);
  u64 borrow = 0;
  const u64 r0 = sub_borrow(x[0], t0, borrow);
  const u64 r1 = sub_borrow(x[1], t1, borrow);
  const u64 r2 = sub_borrow(x[2], hi, borrow);
  const u64 r3 = sub_borrow(x[3] & 0x0fffffffffffffffULL, 0, borrow);
  const u64 neg = 0 - borrow;  // all ones when lo < q*c
  u64 carry = 0;
  out[0] = add_carry(r0, kL[0] & neg, carry);
  out[1] = add_carry(r1, kL[1] & neg, carry);
  out[2] = add_carry(r2, 0, carry);
  out[3] = add_carry(r3, kL[3] & neg, carry);
}

// x (8 limbs) = a * b (4 limbs each).
inline void mul256(u64 x[8], const unsigned char *a, const unsigned char *b) {
  u64 al[4], bl[4];
  load256(al, a);
  load256(bl, b);
  mul_full<4, 4>(x, al, bl);
}

}  // namespace

extern "C" {

void sc_0(unsigned char *s) {
  for (int i = 0; i < 32; ++i) s[i] = 0;
}

void sc_reduce(unsigned char *s) {
  u64 x[8], r[4];
  for (int i = 0; i < 8; ++i) x[i] = load64_le(s + 8 * i);
  reduce512(r, x);
  store256(s, r);
}

void sc_reduce32(unsigned char *s) {
  // Limbs in locals, loaded and stored one by one: through arrays GCC 12 moved
  // them with 16-byte vector copies via the stack, and reading a 16-byte vector
  // back from two 8-byte stores stalls store-to-load forwarding.
  const u64 x[4] = {load64_le(s), load64_le(s + 8), load64_le(s + 16), load64_le(s + 24)};
  u64 r[4];
  reduce256(r, x);
  store64_le(s, r[0]);
  store64_le(s + 8, r[1]);
  store64_le(s + 16, r[2]);
  store64_le(s + 24, r[3]);
}

void sc_add(unsigned char *s, const unsigned char *a, const unsigned char *b) {
  u64 al[4], bl[4], x[6] = {0, 0, 0, 0, 0, 0}, r[4];
  load256(al, a);
  load256(bl, b);
  u64 carry = 0;
  for (int i = 0; i < 4; ++i) x[i] = add_carry(al[i], bl[i], carry);
  x[4] = carry;
  reduce_fold(r, x);
  store256(s, r);
}

void sc_sub(unsigned char *s, const unsigned char *a, const unsigned char *b) {
  // a + 16L - b: 16L > 2^256 > b, so the value is positive and below 2^258.
  static constexpr u64 k16L[5] = {0x812631a5cf5d3ed0ULL, 0x4def9dea2f79cd65ULL, 0x0000000000000001ULL,
                                  0x0000000000000000ULL, 0x0000000000000001ULL};
  u64 al[4], bl[4], x[6] = {0, 0, 0, 0, 0, 0}, r[4];
  load256(al, a);
  load256(bl, b);
  u64 carry = 0;
  for (int i = 0; i < 4; ++i) x[i] = add_carry(al[i], k16L[i], carry);
  x[4] = k16L[4] + carry;
  u64 borrow = 0;
  for (int i = 0; i < 4; ++i) x[i] = sub_borrow(x[i], bl[i], borrow);
  x[4] = sub_borrow(x[4], 0, borrow);
  reduce_fold(r, x);
  store256(s, r);
}

void sc_mul(unsigned char *s, const unsigned char *a, const unsigned char *b) {
  u64 x[8], r[4];
  mul256(x, a, b);
  reduce512(r, x);
  store256(s, r);
}

void sc_muladd(unsigned char *s, const unsigned char *a, const unsigned char *b, const unsigned char *c) {
  // a*b + c <= (2^256-1)^2 + 2^256 - 1 < 2^512: fits in 8 limbs.
  u64 x[8], cl[4], r[4];
  mul256(x, a, b);
  load256(cl, c);
  u64 carry = 0;
  for (int i = 0; i < 4; ++i) x[i] = add_carry(x[i], cl[i], carry);
  for (int i = 4; i < 8; ++i) x[i] = add_carry(x[i], 0, carry);
  reduce512(r, x);
  store256(s, r);
}

void sc_mulsub(unsigned char *s, const unsigned char *a, const unsigned char *b, const unsigned char *c) {
  // t = a*b mod L, then c + (L - t), which is positive and below 2^257.
  u64 x[8], t[4], cl[4], r[4];
  mul256(x, a, b);
  reduce512(t, x);
  load256(cl, c);
  u64 lt[4];
  u64 borrow = 0;
  for (int i = 0; i < 4; ++i) lt[i] = sub_borrow(kL[i], t[i], borrow);
  u64 y[6] = {0, 0, 0, 0, 0, 0};
  u64 carry = 0;
  for (int i = 0; i < 4; ++i) y[i] = add_carry(cl[i], lt[i], carry);
  y[4] = carry;
  reduce_fold(r, y);
  store256(s, r);
}

int sc_check(const unsigned char *s) {
  u64 sl[4];
  load256(sl, s);
  u64 borrow = 0;
  for (int i = 0; i < 4; ++i) (void)sub_borrow(sl[i], kL[i], borrow);
  // borrow == 1 exactly when s < L.
  return static_cast<int>(borrow) - 1;
}

int sc_isnonzero(const unsigned char *s) {
  unsigned int acc = 0;
  for (int i = 0; i < 32; ++i) acc |= s[i];
  return static_cast<int>((acc + 0xffu) >> 8);
}

}  // extern "C"

// ---- inversion (curve/scalar.h) -------------------------------------------------------

#include "curve/scalar.h"

#include <vector>

namespace cncrypto::ed25519::sc {

void invert(unsigned char out[32], const unsigned char a[32]) {
  // L - 2, little-endian.
  static const unsigned char e[32] = {0xeb, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                      0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                      0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
  unsigned char base[32], r[32] = {1};
  std::memcpy(base, a, 32);
  for (int i = 252; i >= 0; --i) {
    ::sc_mul(r, r, r);
    if ((e[i / 8] >> (i % 8)) & 1) ::sc_mul(r, r, base);  // the exponent is public
  }
  std::memcpy(out, r, 32);
}

void invert_batch(unsigned char (*out)[32], const unsigned char (*in)[32], std::size_t n) {
  std::vector<unsigned char> prefix(32 * n);
  unsigned char acc[32] = {1}, inv[32];
  for (std::size_t i = 0; i < n; ++i) {
    std::memcpy(&prefix[32 * i], acc, 32);
    ::sc_mul(acc, acc, in[i]);
  }
  invert(inv, acc);
  for (std::size_t i = n; i-- > 0;) {
    ::sc_mul(out[i], inv, &prefix[32 * i]);
    ::sc_mul(inv, inv, in[i]);
  }
}

}  // namespace cncrypto::ed25519::sc
