// Field arithmetic mod p = 2^255 - 19 on 10 limbs alternating 26 and 25 bits
// (radix 2^25.5), value = sum f[i] * 2^off[i], off = 0,26,51,77,102,128,153,179,204,230.
// The portable fallback for targets without unsigned __int128 (fe_repr.h).
// Included by curve/field.h only; the contracts (tight/loose bounds) are documented there.
//
// Numeric bounds of this representation (w = 26 for even i, 25 for odd i):
//   tight: limb i <= 2^w + 2^16              (outputs of carry, mul, sq, sub, ...)
//   loose: limb i <  2^(w+1) + 2^17          (the sum of two tight elements)
// mul accepts loose inputs: every 64-bit column sum stays below 2^62.
#pragma once

#ifndef CNCRYPTO_FE_H_INSIDE
#error "include curve/field.h, not fe_25.h"
#endif

namespace cncrypto::ed25519 {

inline constexpr int fe_25_width[10] = {26, 25, 26, 25, 26, 25, 26, 25, 26, 25};
inline constexpr int fe_25_offset[10] = {0, 26, 51, 77, 102, 128, 153, 179, 204, 230};

// fe_0, fe_1, fe_copy, fe_add: curve/field.h (limb-wise, the same for both).

// Carries the 64-bit limbs t[0..9] (each < 2^62) into tight 32-bit limbs.
inline void fe_25_carry64(fe h, std::uint64_t t[10]) {
  for (int i = 0; i < 9; ++i) {
    t[i + 1] += t[i] >> fe_25_width[i];
    t[i] &= (std::uint64_t(1) << fe_25_width[i]) - 1;
  }
  t[0] += 19 * (t[9] >> 25);
  t[9] &= (std::uint64_t(1) << 25) - 1;
  t[1] += t[0] >> 26;
  t[0] &= (std::uint64_t(1) << 26) - 1;
  for (int i = 0; i < 10; ++i) h[i] = static_cast<std::uint32_t>(t[i]);
}

// Carries every limb down to its width. Any limbs < 2^32 -> tight.
inline void fe_carry(fe h, const fe f) {
  std::uint64_t t[10];
  for (int i = 0; i < 10; ++i) t[i] = f[i];
  fe_25_carry64(h, t);
}

// h = f - g, computed as f + 4p - g then carried. f, g loose -> h tight.
inline void fe_sub(fe h, const fe f, const fe g) {
  std::uint64_t t[10];
  for (int i = 0; i < 10; ++i) {
    const std::uint64_t four_p = (std::uint64_t(4) << fe_25_width[i]) - (i == 0 ? 76 : 4);
    t[i] = std::uint64_t(f[i]) + four_p - g[i];
  }
  fe_25_carry64(h, t);
}

// h = f - g, for inputs of fe_mul/fe_sq only. Here the same as fe_sub (carried):
// uncarried differences would be too large for the 64-bit column sums.
inline void fe_sub_loose(fe h, const fe f, const fe g) { fe_sub(h, f, g); }

// h = -f. f loose -> h tight.
inline void fe_neg(fe h, const fe f) {
  fe zero;
  fe_0(zero);
  fe_sub(h, zero, f);
}

// h = f * g. f, g loose -> h tight. h may alias f or g.
// Column k of the product is sum f[i] g[j] over i + j = k mod 10, times 2 when i and
// j are both odd (off[i] + off[j] = off[i + j] + 1) and times 19 when i + j >= 10
// (2^255 = 19 mod p). The factors are applied to the operands once (2 f[i] for odd
// i, 19 g[j], in 64 bits: no bound on the limbs beyond the columns') before the 100
// products: each column is the same integer as the plain sum, so the bounds above
// hold (every column < 2^62). In wasm32 each product is one i64.mul either way.
inline void fe_mul(fe h, const fe f, const fe g) {
  std::uint64_t f2[10], g19[10];
  for (int i = 0; i < 10; ++i) {
    f2[i] = (i & 1) != 0 ? 2 * std::uint64_t(f[i]) : f[i];
    g19[i] = 19 * std::uint64_t(g[i]);
  }
  std::uint64_t t[10];
  for (int k = 0; k < 10; ++k) {  // column by column: one accumulator live at a time
    t[k] = 0;
    for (int i = 0; i < 10; ++i) {
      const int j = (k - i + 10) % 10;
      const std::uint64_t a = (i & j & 1) != 0 ? f2[i] : f[i];
      const std::uint64_t b = i + j >= 10 ? g19[j] : g[j];
      t[k] += a * b;
    }
  }
  fe_25_carry64(h, t);
}

// h = f^2. f loose -> h tight. The products of fe_mul(h, f, f) with f[i] f[j] and
// f[j] f[i] taken once, doubled (55 multiplications; the factors 2, 4 and 19 on
// the operands, in 64 bits): the same column integers.
inline void fe_sq(fe h, const fe f) {
  std::uint64_t f2[10], f4[10], f19[10];
  for (int i = 0; i < 10; ++i) {
    f2[i] = 2 * std::uint64_t(f[i]);
    f4[i] = 4 * std::uint64_t(f[i]);
    f19[i] = 19 * std::uint64_t(f[i]);
  }
  std::uint64_t t[10];
  for (int k = 0; k < 10; ++k) {  // column k: the pairs i <= j with i + j = k mod 10
    t[k] = 0;
    for (int i = 0; i < 10; ++i) {
      const int j = (k - i + 10) % 10;
      if (j < i) continue;  // loop structure only (unrolled), no data
      const bool odd = (i & j & 1) != 0;
      const std::uint64_t a = i == j ? (odd ? f2[i] : f[i]) : (odd ? f4[i] : f2[i]);
      const std::uint64_t b = i + j >= 10 ? f19[j] : f[j];
      t[k] += a * b;
    }
  }
  fe_25_carry64(h, t);
}

// h = f * n for a small constant n < 2^20. f loose -> h tight.
inline void fe_mul_small(fe h, const fe f, std::uint32_t n) {
  std::uint64_t t[10];
  for (int i = 0; i < 10; ++i) t[i] = std::uint64_t(f[i]) * n;
  fe_25_carry64(h, t);
}

// Reads 32 little-endian bytes, ignoring bit 255 (RFC 8032 5.1.3); the value may be
// >= p. -> h tight.
inline void fe_frombytes(fe h, const unsigned char s[32]) {
  unsigned char b[40] = {0};
  for (int i = 0; i < 32; ++i) b[i] = s[i];
  b[31] &= 0x7f;
  for (int i = 0; i < 10; ++i) {
    const int off = fe_25_offset[i];
    std::uint64_t v = 0;
    for (int j = 7; j >= 0; --j) v = (v << 8) | b[off / 8 + j];
    h[i] = static_cast<std::uint32_t>((v >> (off % 8)) & ((std::uint64_t(1) << fe_25_width[i]) - 1));
  }
}

// Writes the canonical encoding (value mod p) as 32 little-endian bytes. f loose or
// tight. Constant time.
inline void fe_tobytes(unsigned char s[32], const fe f) {
  fe c;
  fe_carry(c, f);
  std::uint64_t t[10];
  for (int i = 0; i < 10; ++i) t[i] = c[i];
  // q = 1 iff value >= p, i.e. value + 19 >= 2^255.
  std::uint64_t q = 19;
  for (int i = 0; i < 10; ++i) q = (t[i] + q) >> fe_25_width[i];
  t[0] += 19 * q;
  for (int i = 0; i < 9; ++i) {
    t[i + 1] += t[i] >> fe_25_width[i];
    t[i] &= (std::uint64_t(1) << fe_25_width[i]) - 1;
  }
  t[9] &= (std::uint64_t(1) << 25) - 1;
  for (int i = 0; i < 32; ++i) s[i] = 0;
  for (int i = 0; i < 10; ++i) {
    const int off = fe_25_offset[i];
    const std::uint64_t v = t[i] << (off % 8);
    for (int j = 0; j < 5 && off / 8 + j < 32; ++j) s[off / 8 + j] |= static_cast<unsigned char>(v >> (8 * j));
  }
}

// f = g if b == 1, unchanged if b == 0. b must be 0 or 1. Constant time.
inline void fe_cmov(fe f, const fe g, unsigned int b) {
  const std::uint32_t mask = static_cast<std::uint32_t>(ct::mask_from_bit(b));
  for (int i = 0; i < 10; ++i) f[i] ^= mask & (f[i] ^ g[i]);
}

// Swaps f and g if b == 1. b must be 0 or 1. Constant time.
inline void fe_cswap(fe f, fe g, unsigned int b) {
  const std::uint32_t mask = static_cast<std::uint32_t>(ct::mask_from_bit(b));
  for (int i = 0; i < 10; ++i) {
    const std::uint32_t x = mask & (f[i] ^ g[i]);
    f[i] ^= x;
    g[i] ^= x;
  }
}

}  // namespace cncrypto::ed25519
