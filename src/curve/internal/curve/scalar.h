// Scalars modulo L = 2^252 + 27742317777372353535851937790883648493: the parts of
// the scalar layer that are not Monero's C API (that is crypto/ed25519/sc.h:
// sc_add, sc_mul, sc_reduce, ... over 32-byte encodings, scalar/sc.cpp).
//
// Layer interface of the curve layer (C++, namespace cncrypto::ed25519::sc):
//   limbs4, to_limbs, to_mont, mont_mul   Montgomery multiplication mod L on four
//                                         64-bit limbs (inline: hot loops)
//   sum                                   an unreduced sum of such values
//   invert, invert_batch                  a^-1 mod L (Fermat), Montgomery's trick
// Constant time: every function here runs in time independent of the values.
#pragma once

#include "crypto/ed25519/sc.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace cncrypto::ed25519::sc {

// ---- Montgomery arithmetic ----------------------------------------------------------
//
// Scalars as four 64-bit limbs, least significant first. The loops multiply running
// products by a few fixed factors, so they use Montgomery multiplication,
// mont_mul(a, b) = a b 2^-256 mod L (one product and four word-by-word reduction
// steps; L's limbs 2 and 3 are 0 and 2^60, so each step is two 64x64 products and a
// shift). A factor f enters as f 2^256 mod L (to_mont, one sc_mul), so that
// mont_mul(a, to_mont(f)) = a f mod L, and running values stay ordinary scalars,
// only partly reduced: for a < 2^254 and b < L the result is below
// (2^254 L + 2^256 L) / 2^256 < 2^254. Source: Montgomery, "Modular multiplication
// without trial division" (1985); the reduction word by word as in Koc, Acar,
// Kaliski, "Analyzing and comparing Montgomery multiplication algorithms" (1996).
using u64 = std::uint64_t;
struct limbs4 {
  u64 v[4];
};

// lo + hi 2^64 = a b + c + d (never overflows).
inline u64 mul_acc(u64 a, u64 b, u64 c, u64 d, u64 &hi) {
#if defined(__SIZEOF_INT128__)
  const unsigned __int128 p = static_cast<unsigned __int128>(a) * b + c + d;
  hi = static_cast<u64>(p >> 64);
  return static_cast<u64>(p);
#else
  const u64 a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  const u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const u64 mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  u64 lo = (p00 & 0xffffffffu) | (mid << 32);
  u64 h = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  lo += c;
  h += lo < c;
  lo += d;
  h += lo < d;
  hi = h;
  return lo;
#endif
}

constexpr u64 L0 = 0x5812631a5cf5d3edULL, L1 = 0x14def9dea2f79cd6ULL;  // L = L0 + L1 2^64 + 2^252
constexpr u64 L_neg_inv = 0xd2b51da312547e1bULL;                       // -1/L mod 2^64
// 2^256 mod L, little-endian bytes.
inline constexpr unsigned char mont_R[32] = {0x1d, 0x95, 0x98, 0x8d, 0x74, 0x31, 0xec, 0xd6, 0x70, 0xcf, 0x7d,
                                             0x73, 0xf4, 0x5b, 0xef, 0xc6, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff,
                                             0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f};

// The 32-byte little-endian scalar k as four limbs.
inline limbs4 to_limbs(const unsigned char k[32]) {
  limbs4 r;
  for (int i = 0; i < 4; ++i) {
    u64 x = 0;
    for (int b = 7; b >= 0; --b) x = (x << 8) | k[8 * i + b];
    r.v[i] = x;
  }
  return r;
}
// f 2^256 mod L, fully reduced. f: 32 bytes, any value.
inline limbs4 to_mont(const unsigned char f[32]) {
  unsigned char r[32];
  ::sc_mul(r, f, mont_R);
  return to_limbs(r);
}

// a b 2^-256 mod L, below 2^254 when a < 2^254 and b < L (see above).
inline limbs4 mont_mul(const limbs4 &a, const limbs4 &b) {
  u64 t[8];
  {
    u64 c = 0;
    for (int j = 0; j < 4; ++j) t[j] = mul_acc(a.v[0], b.v[j], 0, c, c);
    t[4] = c;
    for (int i = 1; i < 4; ++i) {
      c = 0;
      for (int j = 0; j < 4; ++j) t[i + j] = mul_acc(a.v[i], b.v[j], t[i + j], c, c);
      t[i + 4] = c;
    }
  }
  // Four steps: t += m L 2^(64 i) with m chosen so that limb i becomes 0.
  for (int i = 0; i < 4; ++i) {
    const u64 m = t[i] * L_neg_inv;
    u64 c;
    (void)mul_acc(m, L0, t[i], 0, c);  // low limb becomes 0
    t[i + 1] = mul_acc(m, L1, t[i + 1], c, c);
    u64 s = t[i + 2] + c;
    c = s < c;
    t[i + 2] = s;
    // + m 2^60 at limb i + 3: low part m << 60, high part m >> 4.
    s = t[i + 3] + c;
    u64 c2 = s < c;
    const u64 lo = m << 60;
    t[i + 3] = s + lo;
    c2 += t[i + 3] < lo;
    c = c2 + (m >> 4);
    for (int k = i + 4; k < 8 && c != 0; ++k) {
      t[k] += c;
      c = t[k] < c;
    }
  }
  return limbs4{{t[4], t[5], t[6], t[7]}};
}

// A sum of scalars below 2^256, kept unreduced in five 64-bit limbs (room for 2^64
// terms) and reduced once at the end.
struct sum {
  u64 l[5] = {0, 0, 0, 0, 0};
  void add(const limbs4 &x) {
    u64 carry = 0;
    for (int i = 0; i < 4; ++i) {
      const u64 s = l[i] + x.v[i];
      const u64 c1 = s < x.v[i];
      l[i] = s + carry;
      carry = c1 | (l[i] < s);
    }
    l[4] += carry;
  }
  // out = the sum mod L (32 bytes).
  void reduced(unsigned char out[32]) const {
    unsigned char wide[64] = {0};
    for (int i = 0; i < 5; ++i)
      for (int b = 0; b < 8; ++b) wide[8 * i + b] = static_cast<unsigned char>(l[i] >> (8 * b));
    ::sc_reduce(wide);
    std::memcpy(out, wide, 32);
  }
};

// ---- inversion -------------------------------------------------------------------------

// out = a^-1 mod L = a^(L-2) (Fermat), a fixed square-and-multiply schedule over
// the bits of the public exponent L - 2 (constant time in a). a must be nonzero mod
// L (0 gives 0). out may alias a. 32 bytes each. Defined in scalar/sc.cpp.
void invert(unsigned char out[32], const unsigned char a[32]);

// out[i] = in[i]^-1 mod L for i < n (Montgomery's trick: one invert, 3(n-1)
// multiplications), every in[i] nonzero. 32 bytes each, out and in distinct
// arrays. Allocates n scalars (std::bad_alloc). Constant time in the values.
void invert_batch(unsigned char (*out)[32], const unsigned char (*in)[32], std::size_t n);

}  // namespace cncrypto::ed25519::sc
