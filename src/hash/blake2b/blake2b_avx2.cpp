// BLAKE2b compression F (RFC 7693 section 3.2) with AVX2, one message: the
// sixteen working words as four rows of four in ymm registers (a = v0..v3,
// b = v4..v7, c = v8..v11, d = v12..v15), so one vector G mixes the four
// columns; rotating rows b, c, d by one, two and three lanes lines the
// diagonals up for the second half of the round, and the inverse rotation
// puts them back. Rotations by 32 (dword shuffle), 24 and 16 (byte shuffles)
// and 63 (shift plus add). The round's message words are gathered from the
// block by SIGMA with constant indices.
//
// Only this file is compiled with -mavx2; it runs after the CPU probe said
// yes (blake2b_table.cpp).
//
// Timing: constant time (no data-dependent branch or index).

#include "hash/blake2b_impl.h"

#include <immintrin.h>

#include <cstring>
#include <utility>

namespace crypto::blake2b_impl {

namespace {

struct rows {
  __m256i a, b, c, d;
};

inline __m256i rotr32(__m256i x) { return _mm256_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1)); }
inline __m256i rotr24(__m256i x) {
  const __m256i by3 = _mm256_setr_epi8(3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10, 3, 4, 5, 6, 7, 0, 1, 2,
                                       11, 12, 13, 14, 15, 8, 9, 10);
  return _mm256_shuffle_epi8(x, by3);
}
inline __m256i rotr16(__m256i x) {
  const __m256i by2 = _mm256_setr_epi8(2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, 2, 3, 4, 5, 6, 7, 0, 1,
                                       10, 11, 12, 13, 14, 15, 8, 9);
  return _mm256_shuffle_epi8(x, by2);
}
inline __m256i rotr63(__m256i x) { return _mm256_xor_si256(_mm256_srli_epi64(x, 63), _mm256_add_epi64(x, x)); }

// G (section 3.1) on the four lanes at once, message words x and y per lane.
inline void g(rows &v, __m256i x, __m256i y) {
  v.a = _mm256_add_epi64(_mm256_add_epi64(v.a, x), v.b);
  v.d = rotr32(_mm256_xor_si256(v.d, v.a));
  v.c = _mm256_add_epi64(v.c, v.d);
  v.b = rotr24(_mm256_xor_si256(v.b, v.c));
  v.a = _mm256_add_epi64(_mm256_add_epi64(v.a, y), v.b);
  v.d = rotr16(_mm256_xor_si256(v.d, v.a));
  v.c = _mm256_add_epi64(v.c, v.d);
  v.b = rotr63(_mm256_xor_si256(v.b, v.c));
}

// Lane i of b, c, d moves to lane i-1, i-2, i-3 (mod 4): lane i then holds the
// i-th diagonal (v0, v5, v10, v15), (v1, v6, v11, v12), ...
inline void diagonalize(rows &v) {
  v.b = _mm256_permute4x64_epi64(v.b, _MM_SHUFFLE(0, 3, 2, 1));
  v.c = _mm256_permute4x64_epi64(v.c, _MM_SHUFFLE(1, 0, 3, 2));
  v.d = _mm256_permute4x64_epi64(v.d, _MM_SHUFFLE(2, 1, 0, 3));
}
inline void undiagonalize(rows &v) {
  v.b = _mm256_permute4x64_epi64(v.b, _MM_SHUFFLE(2, 1, 0, 3));
  v.c = _mm256_permute4x64_epi64(v.c, _MM_SHUFFLE(1, 0, 3, 2));
  v.d = _mm256_permute4x64_epi64(v.d, _MM_SHUFFLE(0, 3, 2, 1));
}

// m[i0], m[i1], m[i2], m[i3] in lanes 0..3.
inline __m256i gather(const std::uint64_t m[16], unsigned i0, unsigned i1, unsigned i2, unsigned i3) {
  return _mm256_set_epi64x(static_cast<long long>(m[i3]), static_cast<long long>(m[i2]),
                           static_cast<long long>(m[i1]), static_cast<long long>(m[i0]));
}

template <unsigned r>
inline void round(rows &v, const std::uint64_t m[16]) {
  constexpr const std::uint8_t *s = sigma[r % 10];
  g(v, gather(m, s[0], s[2], s[4], s[6]), gather(m, s[1], s[3], s[5], s[7]));
  diagonalize(v);
  g(v, gather(m, s[8], s[10], s[12], s[14]), gather(m, s[9], s[11], s[13], s[15]));
  undiagonalize(v);
}

template <std::size_t... r>
inline void all_rounds(rows &v, const std::uint64_t m[16], std::index_sequence<r...>) {
  (round<r>(v, m), ...);
}

}  // namespace

void avx2_compress(std::uint64_t h[8], std::uint64_t t[2], std::uint64_t f0, std::uint64_t f1,
                   const std::uint8_t *blocks, std::size_t count, std::uint64_t increment) {
  // x86-64 is little-endian: the block's words are its bytes as they lie.
  __m256i h0 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(h));
  __m256i h1 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(h + 4));
  const __m256i iv0 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(iv));
  const __m256i iv1 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(iv + 4));
  for (; count != 0; --count, blocks += 128) {
    t[0] += increment;
    t[1] += t[0] < increment ? 1 : 0;
    std::uint64_t m[16];
    std::memcpy(m, blocks, sizeof m);
    rows v{h0, h1, iv0,
           _mm256_xor_si256(iv1, _mm256_set_epi64x(static_cast<long long>(f1), static_cast<long long>(f0),
                                                   static_cast<long long>(t[1]), static_cast<long long>(t[0])))};
    all_rounds(v, m, std::make_index_sequence<rounds>());
    h0 = _mm256_xor_si256(h0, _mm256_xor_si256(v.a, v.c));
    h1 = _mm256_xor_si256(h1, _mm256_xor_si256(v.b, v.d));
  }
  _mm256_storeu_si256(reinterpret_cast<__m256i *>(h), h0);
  _mm256_storeu_si256(reinterpret_cast<__m256i *>(h + 4), h1);
}

}  // namespace crypto::blake2b_impl
