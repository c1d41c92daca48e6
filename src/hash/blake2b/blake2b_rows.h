// Private to the x86 BLAKE2b implementations (blake2b_avx2.cpp,
// blake2b_avx512.cpp), included by each translation unit under its own ISA
// flags (internal linkage: nothing here is shared between them at link time).
//
// The state layout both use: the sixteen working words v0..v15 (RFC 7693
// section 3.2) as four rows of four in ymm registers, a = v0..v3, b = v4..v7,
// c = v8..v11, d = v12..v15, so one vector G mixes the four columns. Rotating
// rows a, c, d by minus one, one and two lanes (b stays) lines the diagonals up
// for the second half of the round; the inverse rotation puts them back.
#pragma once

#include "hash/blake2b_impl.h"

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

namespace cncrypto::blake2b_impl {
namespace {

struct rows {
  __m256i a, b, c, d;
};

// G (section 3.1) on the four lanes at once, message words x and y per lane;
// Rotate::by<n>(x) rotates each 64-bit lane right by n (n = 32, 24, 16, 63).
template <typename Rotate>
inline void g(rows &v, __m256i x, __m256i y) {
  v.a = _mm256_add_epi64(_mm256_add_epi64(v.a, x), v.b);
  v.d = Rotate::template by<32>(_mm256_xor_si256(v.d, v.a));
  v.c = _mm256_add_epi64(v.c, v.d);
  v.b = Rotate::template by<24>(_mm256_xor_si256(v.b, v.c));
  v.a = _mm256_add_epi64(_mm256_add_epi64(v.a, y), v.b);
  v.d = Rotate::template by<16>(_mm256_xor_si256(v.d, v.a));
  v.c = _mm256_add_epi64(v.c, v.d);
  v.b = Rotate::template by<63>(_mm256_xor_si256(v.b, v.c));
}

// The diagonals lined up with b left in place (b is the last row G writes and
// the first the next G reads, so no permute latency lies on b's path): lane i
// then holds a[i-1], b[i], c[i+1], d[i+2] (indices mod 4), the diagonal
// (v[i-1], v[4+i], v[8+i+1], v[12+i+2]) that starts at a[i-1]: lane 0 the
// fourth diagonal (v3, v4, v9, v14), lane 1 the first (v0, v5, v10, v15), ...
inline void diagonalize(rows &v) {
  v.a = _mm256_permute4x64_epi64(v.a, _MM_SHUFFLE(2, 1, 0, 3));
  v.c = _mm256_permute4x64_epi64(v.c, _MM_SHUFFLE(0, 3, 2, 1));
  v.d = _mm256_permute4x64_epi64(v.d, _MM_SHUFFLE(1, 0, 3, 2));
}
inline void undiagonalize(rows &v) {
  v.a = _mm256_permute4x64_epi64(v.a, _MM_SHUFFLE(0, 3, 2, 1));
  v.c = _mm256_permute4x64_epi64(v.c, _MM_SHUFFLE(2, 1, 0, 3));
  v.d = _mm256_permute4x64_epi64(v.d, _MM_SHUFFLE(1, 0, 3, 2));
}

// One round: G on the columns with the message words (x1, y1), on the
// diagonals with (x2, y2) (lane k: SIGMA[r][2k], SIGMA[r][2k+1] for the
// columns; for the diagonals the words of diagonal k-1 mod 4, SIGMA[r][8+2j],
// SIGMA[r][9+2j] with j = (k + 3) mod 4: lanes 0..3 take j = 3, 0, 1, 2).
template <typename Rotate>
inline void mix_round(rows &v, __m256i x1, __m256i y1, __m256i x2, __m256i y2) {
  g<Rotate>(v, x1, y1);
  diagonalize(v);
  g<Rotate>(v, x2, y2);
  undiagonalize(v);
}

// The compress_fn contract (hash/blake2b_impl.h) around an implementation's
// twelve rounds: all_rounds(rows &, const std::uint8_t *block) mixes one
// 128-byte block (x86-64 is little-endian: its words are its bytes as they lie)
// into v. The chaining value stays in registers across the blocks.
template <typename AllRounds>
inline void compress_rows(std::uint64_t h[8], std::uint64_t t[2], std::uint64_t f0, std::uint64_t f1,
                          const std::uint8_t *blocks, std::size_t count, std::uint64_t increment,
                          AllRounds all_rounds) {
  __m256i h0 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(h));
  __m256i h1 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(h + 4));
  const __m256i iv0 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(iv));
  const __m256i iv1 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(iv + 4));
  for (; count != 0; --count, blocks += 128) {
    t[0] += increment;
    t[1] += t[0] < increment ? 1 : 0;  // carry into the high word (public: the length)
    rows v{h0, h1, iv0,
           _mm256_xor_si256(iv1, _mm256_set_epi64x(static_cast<long long>(f1), static_cast<long long>(f0),
                                                   static_cast<long long>(t[1]), static_cast<long long>(t[0])))};
    all_rounds(v, blocks);
    h0 = _mm256_xor_si256(h0, _mm256_xor_si256(v.a, v.c));
    h1 = _mm256_xor_si256(h1, _mm256_xor_si256(v.b, v.d));
  }
  _mm256_storeu_si256(reinterpret_cast<__m256i *>(h), h0);
  _mm256_storeu_si256(reinterpret_cast<__m256i *>(h + 4), h1);
}

}  // namespace
}  // namespace cncrypto::blake2b_impl
