// Field arithmetic mod p = 2^255 - 19 on 5 limbs of 51 bits (radix 2^51),
// value = f[0] + f[1]*2^51 + f[2]*2^102 + f[3]*2^153 + f[4]*2^204.
// Included by curve/field.h only; the contracts (tight/loose bounds) are documented there.
//
// Numeric bounds of this representation:
//   tight: every limb <= 2^51 + 2^15          (outputs of carry, mul, sq, sub, ...)
//   loose: every limb <  2^52 + 2^17          (the sum of two tight elements)
// mul/sq accept limbs below 2^53 (loose, and fe_sub_loose output < 2^52 + 2^51 +
// 2^15): the 128-bit column sums then stay below 2^112.3 (see fe_51_reduce).
#pragma once

#ifndef CNCRYPTO_FE_H_INSIDE
#error "include curve/field.h, not fe_51.h"
#endif

namespace cncrypto::ed25519 {

using u128 = unsigned __int128;
inline constexpr std::uint64_t fe_mask51 = (std::uint64_t(1) << 51) - 1;

// fe_0, fe_1, fe_copy, fe_add: curve/field.h (limb-wise, the same for both).

// Carries every limb down to 51 bits. Any limbs < 2^63 -> tight.
inline void fe_carry(fe h, const fe f) {
  std::uint64_t h0 = f[0], h1 = f[1], h2 = f[2], h3 = f[3], h4 = f[4];
  h1 += h0 >> 51; h0 &= fe_mask51;
  h2 += h1 >> 51; h1 &= fe_mask51;
  h3 += h2 >> 51; h2 &= fe_mask51;
  h4 += h3 >> 51; h3 &= fe_mask51;
  h0 += 19 * (h4 >> 51); h4 &= fe_mask51;
  h1 += h0 >> 51; h0 &= fe_mask51;
  h[0] = h0; h[1] = h1; h[2] = h2; h[3] = h3; h[4] = h4;
}

// h = f - g, computed as f + 4p - g then carried. f, g loose -> h tight.
inline void fe_sub(fe h, const fe f, const fe g) {
  // 4p in limbs: 4*(2^51 - 19), 4*(2^51 - 1) x 4. Each exceeds any loose limb.
  constexpr std::uint64_t four_p0 = (std::uint64_t(1) << 53) - 76;
  constexpr std::uint64_t four_pi = (std::uint64_t(1) << 53) - 4;
  fe t;
  t[0] = f[0] + four_p0 - g[0];
  for (int i = 1; i < 5; ++i) t[i] = f[i] + four_pi - g[i];
  fe_carry(h, t);
}

// h = f - g as f + 2p - g without carrying. f, g tight -> limbs < 2^52 + 2^51 + 2^15:
// valid only as an input of fe_mul / fe_sq / fe_sq2 (not of fe_add or fe_sub).
inline void fe_sub_loose(fe h, const fe f, const fe g) {
  constexpr std::uint64_t two_p0 = (std::uint64_t(1) << 52) - 38;
  constexpr std::uint64_t two_pi = (std::uint64_t(1) << 52) - 2;
  h[0] = f[0] + two_p0 - g[0];
  for (int i = 1; i < 5; ++i) h[i] = f[i] + two_pi - g[i];
}

// h = -f. f loose -> h tight.
inline void fe_neg(fe h, const fe f) {
  fe zero;
  fe_0(zero);
  fe_sub(h, zero, f);
}

// Reduces the five 128-bit column sums r0..r4 to tight limbs with two rounds of
// carries in which every limb is independent of the others (short dependency
// chains; the exponentiations in fe_invert/fe_pow22523 are bound by latency).
// Inputs with limbs < 2^53 give r0..r3 < 77 * 2^106 < 2^112.3 and r4 < 5 * 2^106:
// round 1 carries are < 2^61.3 (19 * c4 < 2^61.7), round 2 carries < 2^11, so the
// result has h0 <= 2^51 + 2^15 and the other limbs < 2^51 + 2^11 (tight).
inline void fe_51_reduce(fe h, u128 r0, u128 r1, u128 r2, u128 r3, u128 r4) {
  const std::uint64_t c0 = static_cast<std::uint64_t>(r0 >> 51);
  const std::uint64_t c1 = static_cast<std::uint64_t>(r1 >> 51);
  const std::uint64_t c2 = static_cast<std::uint64_t>(r2 >> 51);
  const std::uint64_t c3 = static_cast<std::uint64_t>(r3 >> 51);
  const std::uint64_t c4 = static_cast<std::uint64_t>(r4 >> 51);
  const std::uint64_t h0 = (static_cast<std::uint64_t>(r0) & fe_mask51) + 19 * c4;
  const std::uint64_t h1 = (static_cast<std::uint64_t>(r1) & fe_mask51) + c0;
  const std::uint64_t h2 = (static_cast<std::uint64_t>(r2) & fe_mask51) + c1;
  const std::uint64_t h3 = (static_cast<std::uint64_t>(r3) & fe_mask51) + c2;
  const std::uint64_t h4 = (static_cast<std::uint64_t>(r4) & fe_mask51) + c3;
  h[0] = (h0 & fe_mask51) + 19 * (h4 >> 51);
  h[1] = (h1 & fe_mask51) + (h0 >> 51);
  h[2] = (h2 & fe_mask51) + (h1 >> 51);
  h[3] = (h3 & fe_mask51) + (h2 >> 51);
  h[4] = (h4 & fe_mask51) + (h3 >> 51);
}

// h = f * g. Limbs of f, g < 2^53 (loose, or fe_sub_loose output) -> h tight. h may alias f or g.
// fe_mul and fe_sq are forced inline (this representation needs GCC or Clang for
// __int128 anyway): GCC 12 kept them out of line in the group formulas, and inlining
// them made Bulletproofs+ batch verification (all group additions) 3-6% faster.
inline __attribute__((always_inline)) void fe_mul(fe h, const fe f, const fe g) {
  const std::uint64_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
  const std::uint64_t g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3], g4 = g[4];
  // 2^255 = 19 mod p: a product landing at limb 5+k folds into limb k times 19.
  const std::uint64_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;
  const u128 r0 = (u128)f0 * g0 + (u128)f1 * g4_19 + (u128)f2 * g3_19 + (u128)f3 * g2_19 + (u128)f4 * g1_19;
  const u128 r1 = (u128)f0 * g1 + (u128)f1 * g0 + (u128)f2 * g4_19 + (u128)f3 * g3_19 + (u128)f4 * g2_19;
  const u128 r2 = (u128)f0 * g2 + (u128)f1 * g1 + (u128)f2 * g0 + (u128)f3 * g4_19 + (u128)f4 * g3_19;
  const u128 r3 = (u128)f0 * g3 + (u128)f1 * g2 + (u128)f2 * g1 + (u128)f3 * g0 + (u128)f4 * g4_19;
  const u128 r4 = (u128)f0 * g4 + (u128)f1 * g3 + (u128)f2 * g2 + (u128)f3 * g1 + (u128)f4 * g0;
  fe_51_reduce(h, r0, r1, r2, r3, r4);
}

// h = f^2. Limbs of f < 2^53 -> h tight. h may alias f.
inline __attribute__((always_inline)) void fe_sq(fe h, const fe f) {
  const std::uint64_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
  const std::uint64_t d0 = 2 * f0, d1 = 2 * f1, d2 = 2 * f2, d3 = 2 * f3;
  const std::uint64_t f3_19 = 19 * f3, f4_19 = 19 * f4;
  const u128 r0 = (u128)f0 * f0 + (u128)d1 * f4_19 + (u128)d2 * f3_19;
  const u128 r1 = (u128)d0 * f1 + (u128)d2 * f4_19 + (u128)f3 * f3_19;
  const u128 r2 = (u128)d0 * f2 + (u128)f1 * f1 + (u128)d3 * f4_19;
  const u128 r3 = (u128)d0 * f3 + (u128)d1 * f2 + (u128)f4 * f4_19;
  const u128 r4 = (u128)d0 * f4 + (u128)d1 * f3 + (u128)f2 * f2;
  fe_51_reduce(h, r0, r1, r2, r3, r4);
}

// h = f * n for a small constant n < 2^20. f loose -> h tight.
inline void fe_mul_small(fe h, const fe f, std::uint32_t n) {
  fe_51_reduce(h, (u128)f[0] * n, (u128)f[1] * n, (u128)f[2] * n, (u128)f[3] * n, (u128)f[4] * n);
}

inline std::uint64_t fe_load64_le(const unsigned char *s) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | s[i];
  return v;
}

// Reads 32 little-endian bytes, ignoring bit 255 (RFC 8032 5.1.3); the value may be
// >= p (no canonical check here). -> h tight.
inline void fe_frombytes(fe h, const unsigned char s[32]) {
  h[0] = fe_load64_le(s) & fe_mask51;               // bits   0..50
  h[1] = (fe_load64_le(s + 6) >> 3) & fe_mask51;    // bits  51..101
  h[2] = (fe_load64_le(s + 12) >> 6) & fe_mask51;   // bits 102..152
  h[3] = (fe_load64_le(s + 19) >> 1) & fe_mask51;   // bits 153..203
  h[4] = (fe_load64_le(s + 24) >> 12) & fe_mask51;  // bits 204..254
}

// Writes the canonical encoding (value mod p, < p) as 32 little-endian bytes, top bit 0.
// f: any limbs < 2^63 (loose or tight). Constant time.
inline void fe_tobytes(unsigned char s[32], const fe f) {
  fe t;
  fe_carry(t, f);  // value < 2^255 + 2^103 < 2p
  // q = 1 iff value >= p, i.e. value + 19 >= 2^255.
  std::uint64_t q = (t[0] + 19) >> 51;
  q = (t[1] + q) >> 51;
  q = (t[2] + q) >> 51;
  q = (t[3] + q) >> 51;
  q = (t[4] + q) >> 51;
  // value - q*p = value + 19q - q*2^255: add 19q, carry, drop bit 255.
  t[0] += 19 * q;
  t[1] += t[0] >> 51; t[0] &= fe_mask51;
  t[2] += t[1] >> 51; t[1] &= fe_mask51;
  t[3] += t[2] >> 51; t[2] &= fe_mask51;
  t[4] += t[3] >> 51; t[3] &= fe_mask51;
  t[4] &= fe_mask51;
  const std::uint64_t w0 = t[0] | (t[1] << 51);
  const std::uint64_t w1 = (t[1] >> 13) | (t[2] << 38);
  const std::uint64_t w2 = (t[2] >> 26) | (t[3] << 25);
  const std::uint64_t w3 = (t[3] >> 39) | (t[4] << 12);
  const std::uint64_t w[4] = {w0, w1, w2, w3};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j) s[8 * i + j] = static_cast<unsigned char>(w[i] >> (8 * j));
}

// f = g if b == 1, unchanged if b == 0. b must be 0 or 1. Constant time.
inline void fe_cmov(fe f, const fe g, unsigned int b) {
  const std::uint64_t mask = ct::mask_from_bit(b);
  for (int i = 0; i < 5; ++i) f[i] ^= mask & (f[i] ^ g[i]);
}

// Swaps f and g if b == 1. b must be 0 or 1. Constant time.
inline void fe_cswap(fe f, fe g, unsigned int b) {
  const std::uint64_t mask = ct::mask_from_bit(b);
  for (int i = 0; i < 5; ++i) {
    const std::uint64_t x = mask & (f[i] ^ g[i]);
    f[i] ^= x;
    g[i] ^= x;
  }
}

}  // namespace cncrypto::ed25519
