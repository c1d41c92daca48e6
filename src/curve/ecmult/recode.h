// Private header of src/curve/ecmult/: the one constant-time table select, the
// scalar recodings (radix 16, regular odd radix 32, width-w NAF, Monero's slide
// rule) and the tables of multiples every scalar multiplication builds. Inline,
// so that the loops of scalarmult.cpp, ct_products.cpp, straus.cpp and
// pippenger.cpp compile them into straight-line code. Contracts: curve/ecmult.h.
// The select and the tables are templates over the group (curve/group_interface.h;
// ed25519_group by default); the recodings read 32-byte scalars.
#pragma once

#include "common/ct.h"
#include "curve/group_interface.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cncrypto::ed25519 {

// ---- the one constant-time table select ---------------------------------------------

// How a table of n points is indexed by a signed digit d.
//   multiples:     table[j] = (j+1) P, |d| <= n; d = 0 gives the identity.
//   odd_multiples: table[j] = (2j+1) P, d odd, |d| <= 2n - 1.
enum class table_kind { multiples, odd_multiples };

// t = d P from the table, reading every entry (masked ORs in SSE2 registers on
// x86-64, cmov_point elsewhere), then negated with a mask when d < 0. Constant
// time in d (n public). T: G::affine or G::cached (for ed25519: ge_precomp or
// ge_cached), a whole number of 64-bit words.
template <table_kind K, class T, class G = ed25519_group>
inline void select_digit(T &t, const T *table, unsigned n, int d) {
  const unsigned ud = static_cast<unsigned>(d);
  const unsigned neg = ud >> 31;
  const unsigned mag = (ud ^ (0u - neg)) + neg;
  // The entry's position; for multiples, |d| = 0 wraps to 2^32 - 1 and matches none.
  const unsigned pos = K == table_kind::multiples ? mag - 1u : mag >> 1;
#if defined(__SSE2__)
  // Every entry ANDed with its mask and ORed into 128-bit accumulators that stay
  // in registers (the limb-by-limb cmov of the portable form spills: 15-20
  // limbs per entry). For multiples the identity enters masked by "no entry
  // matched" (digit 0); an odd digit always matches one entry. SSE2 is in every
  // x86-64's baseline.
  static_assert(sizeof(T) % 8 == 0, "a point is a whole number of limbs");
  constexpr std::size_t nv = sizeof(T) / 16, tail = sizeof(T) % 16;
  __m128i acc[nv];
  std::uint64_t acc_tail = 0;
  for (std::size_t v = 0; v < nv; ++v) acc[v] = _mm_setzero_si128();
  if constexpr (K == table_kind::multiples) {
    T id;
    G::identity(id);
    const unsigned char *idb = reinterpret_cast<const unsigned char *>(&id);
    const std::uint64_t none = ~ct::lt_mask(pos, n);
    const __m128i none_v = _mm_set1_epi64x(static_cast<long long>(none));
    for (std::size_t v = 0; v < nv; ++v)
      acc[v] = _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i *>(idb + 16 * v)), none_v);
    if constexpr (tail != 0) {
      std::memcpy(&acc_tail, idb + 16 * nv, 8);
      acc_tail &= none;
    }
  }
  for (unsigned j = 0; j < n; ++j) {
    const std::uint64_t m = ct::eq_mask(pos, j);
    const __m128i mv = _mm_set1_epi64x(static_cast<long long>(m));
    const unsigned char *e = reinterpret_cast<const unsigned char *>(&table[j]);
    for (std::size_t v = 0; v < nv; ++v)
      acc[v] = _mm_or_si128(acc[v], _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i *>(e + 16 * v)), mv));
    if constexpr (tail != 0) {
      std::uint64_t x;
      std::memcpy(&x, e + 16 * nv, 8);
      acc_tail |= x & m;
    }
  }
  unsigned char *tb = reinterpret_cast<unsigned char *>(&t);
  for (std::size_t v = 0; v < nv; ++v) _mm_storeu_si128(reinterpret_cast<__m128i *>(tb + 16 * v), acc[v]);
  if constexpr (tail != 0) std::memcpy(tb + 16 * nv, &acc_tail, 8);
#else
  G::identity(t);
  for (unsigned j = 0; j < n; ++j) G::cmov(t, table[j], ct::eq_mask(pos, j));
#endif
  G::cneg(t, ct::mask_from_bit(neg));
}

// ---- radix 16 --------------------------------------------------------------------------

// The signed radix-16 digits of the 256-bit a: a = sum e[i] 16^i, e[0..62] in
// [-8, 7], e[63] = a's top nibble + carry in [0, 16]. monero_drop_top: a top digit
// above 8 is then replaced by 0 (Monero's ref10 table lookup has no entry for it and
// yields the identity: the scalar semantics of ge_scalarmult(_base)); without it the
// digits are exact for any a (e[63] <= 8 whenever a < 2^255 - 8 16^63). Constant time.
inline void recode_radix16(signed char e[64], const unsigned char a[32], bool monero_drop_top) {
  for (int i = 0; i < 32; ++i) {
    e[2 * i] = static_cast<signed char>(a[i] & 15);
    e[2 * i + 1] = static_cast<signed char>(a[i] >> 4);
  }
  int carry = 0;
  for (int i = 0; i < 63; ++i) {
    const int v = e[i] + carry;  // 0..16
    carry = (v + 8) >> 4;
    e[i] = static_cast<signed char>(v - (carry << 4));
  }
  const int top = e[63] + carry;  // 0..16
  const unsigned keep = monero_drop_top ? (static_cast<unsigned>(top) - 9u) >> 31 : 1u;  // 1 iff top <= 8
  e[63] = static_cast<signed char>(top & static_cast<int>(0u - keep));
}

// The 17 radix-16 digits of a 64-bit amount: e[0..15] in [-8, 7], e[16] in {0, 1}.
// Constant time.
inline void recode_radix16_u64(signed char e[17], std::uint64_t v) {
  int carry = 0;
  for (int i = 0; i < 16; ++i) {
    const int x = static_cast<int>((v >> (4 * i)) & 15) + carry;
    carry = (x + 8) >> 4;
    e[i] = static_cast<signed char>(x - (carry << 4));
  }
  e[16] = static_cast<signed char>(carry);
}

// ---- regular odd radix 32 (constant-time products over the prime-order subgroup) --------

inline constexpr int odd32_digits = 51;  // 51 signed odd radix-32 digits cover k < 2^255

// digits[i] (i < 51), odd in [-31, 31], with sum digits[i] 32^i = s if s is odd and
// -(L - s) if s is even (so = s mod L). s < L, secret: constant time. Source: Joye
// and Tunstall, "Exponent recoding and regular exponentiation algorithms" (2009).
void recode_odd_radix32(signed char digits[odd32_digits], const unsigned char s[32]);

// ---- width-w NAF (public scalars) ----------------------------------------------------------

inline int lowest_bit(std::uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll(x);
#else
  int i = 0;
  while ((x & 1) == 0) {
    x >>= 1;
    ++i;
  }
  return i;
#endif
}

// The nonzero digits of the width-w NAF (2 <= w <= 8) of s, 32 bytes little-endian
// read as the full 256-bit integer (not reduced): s = sum d 2^pos over the calls
// emit(pos, d), in increasing pos (0 <= pos <= 256), with odd |d| < 2^(w-1) and
// positions at least w apart. Runs of zero digits are skipped a word at a time.
// _vartime: time and the emitted positions depend on s (public scalars only).
template <class Emit>
inline void wnaf_sparse_vartime(const unsigned char *s, int w, Emit &&emit) {
  std::uint64_t x[6] = {0, 0, 0, 0, 0, 0};
  for (int i = 0; i < 32; ++i) x[i / 8] |= static_cast<std::uint64_t>(s[i]) << (8 * (i % 8));
  const int width = 1 << w;
  int carry = 0;
  for (int pos = 0; pos < 257;) {
    int word = pos / 64, bit = pos % 64;
    std::uint64_t bits = x[word] >> bit;
    if (bit != 0) bits |= x[word + 1] << (64 - bit);
    // Where bit + carry is 0 or 2 the digit is 0 and the carry stays: skip to the
    // first bit that differs from the carry.
    const std::uint64_t differs = carry != 0 ? ~bits : bits;
    if (differs == 0) {
      pos += 64;
      continue;
    }
    const int skip = lowest_bit(differs);
    if (skip != 0) {
      pos += skip;
      if (pos >= 257) break;
      word = pos / 64;
      bit = pos % 64;
      bits = x[word] >> bit;
      if (bit != 0) bits |= x[word + 1] << (64 - bit);
    }
    const int window = carry + static_cast<int>(bits & static_cast<std::uint64_t>(width - 1));  // odd
    const int d = window >= width / 2 ? window - width : window;
    carry = (window - d) >> w;
    emit(pos, d);
    pos += w;
  }
}

inline constexpr int naf_len = 258;  // positions 0..256, plus one spare

// The same digits spread into a dense array naf[0..naf_len). Returns the highest
// nonzero position (-1 for s = 0). _vartime.
inline int wnaf_vartime(signed char naf[naf_len], const unsigned char *s, int w) {
  std::memset(naf, 0, naf_len);
  int top = -1;
  wnaf_sparse_vartime(s, w, [&](int pos, int d) {
    naf[pos] = static_cast<signed char>(d);
    top = pos;
  });
  return top;
}

// ---- tables of multiples ------------------------------------------------------------------

// table[j] = (j+1) P in cached form, j < 8. Constant time.
template <class G = ed25519_group>
inline void multiples8_cached(typename G::cached table[8], const typename G::p3 *p) {
  typename G::p1p1 t;
  typename G::p3 mult[8];  // mult[j] = (j+1) P
  mult[0] = *p;
  G::to_cached(table[0], *p);
  for (int j = 2; j <= 8; ++j) {
    if (j % 2 == 0)
      G::dbl(t, mult[j / 2 - 1]);                          // j P = 2 (j/2) P
    else
      G::template add<false>(t, mult[j - 2], table[0]);  // j P = (j-1) P + P
    G::to_p3(mult[j - 1], t);
    G::to_cached(table[j - 1], mult[j - 1]);
  }
  std::memset(mult, 0, sizeof mult);  // may be secret (scrubbed again by the callers' tables)
}

// odd[j] = (2j+1) P, j < count, in the p3 form. Constant time.
template <class G = ed25519_group>
inline void odd_multiples_p3(typename G::p3 *odd, const typename G::p3 *p, int count) {
  typename G::p1p1 t;
  typename G::p3 p2;
  typename G::cached c2;
  G::dbl(t, *p);
  G::to_p3(p2, t);
  G::to_cached(c2, p2);
  odd[0] = *p;
  for (int j = 1; j < count; ++j) {
    G::template add<false>(t, odd[j - 1], c2);
    G::to_p3(odd[j], t);
  }
}

// odd[j] = (2j+1) P, j < count, as cached points. Constant time.
template <class G = ed25519_group>
inline void odd_multiples_cached_inline(typename G::cached *odd, const typename G::p3 *p, int count) {
  typename G::p1p1 t;
  typename G::p3 p2, cur = *p;
  typename G::cached c2;
  G::dbl(t, *p);
  G::to_p3(p2, t);
  G::to_cached(c2, p2);
  G::to_cached(odd[0], cur);
  for (int j = 1; j < count; ++j) {
    G::template add<false>(t, cur, c2);
    G::to_p3(cur, t);
    G::to_cached(odd[j], cur);
  }
}

}  // namespace cncrypto::ed25519
