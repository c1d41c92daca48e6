// BLAKE2b compression F (RFC 7693 section 3.2) with AVX-512 F+VL, one
// message: blake2b_avx2.cpp's layout (four rows of four words in ymm
// registers, G on the columns, then on the diagonals), with every rotation one
// vprorq, and each G's message words picked from the block's two zmm halves
// by one two-source permute (vpermt2q).
//
// Only this file is compiled with -mavx512f -mavx512vl; it runs after the CPU
// probe said yes (blake2b_table.cpp).
//
// Timing: constant time (no data-dependent branch or index).

#include "hash/blake2b_impl.h"

// GCC 12's _mm512_castsi512_si256 extracts into _mm256_undefined_si256(), which
// it then reports as maybe used uninitialised (GCC bug 105593, fixed in 13).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <utility>

namespace crypto::blake2b_impl {

namespace {

struct rows {
  __m256i a, b, c, d;
};

inline void g(rows &v, __m256i x, __m256i y) {
  v.a = _mm256_add_epi64(_mm256_add_epi64(v.a, x), v.b);
  v.d = _mm256_ror_epi64(_mm256_xor_si256(v.d, v.a), 32);
  v.c = _mm256_add_epi64(v.c, v.d);
  v.b = _mm256_ror_epi64(_mm256_xor_si256(v.b, v.c), 24);
  v.a = _mm256_add_epi64(_mm256_add_epi64(v.a, y), v.b);
  v.d = _mm256_ror_epi64(_mm256_xor_si256(v.d, v.a), 16);
  v.c = _mm256_add_epi64(v.c, v.d);
  v.b = _mm256_ror_epi64(_mm256_xor_si256(v.b, v.c), 63);
}

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

// Words s[k], s[k+2], s[k+4], s[k+6] (the x or the y of four G) in the low
// half: vpermt2q indices 0..7 pick from lo (words 0..7), 8..15 from hi (words
// 8..15); the high half is not used.
template <unsigned r, unsigned k>
inline __m256i pick(__m512i lo, __m512i hi) {
  constexpr const std::uint8_t *s = sigma[r % 10];
  const __m512i index = _mm512_setr_epi64(s[k], s[k + 2], s[k + 4], s[k + 6], 0, 0, 0, 0);
  return _mm512_castsi512_si256(_mm512_permutex2var_epi64(lo, index, hi));
}

template <unsigned r>
inline void round(rows &v, __m512i lo, __m512i hi) {
  g(v, pick<r, 0>(lo, hi), pick<r, 1>(lo, hi));
  diagonalize(v);
  g(v, pick<r, 8>(lo, hi), pick<r, 9>(lo, hi));
  undiagonalize(v);
}

template <std::size_t... r>
inline void all_rounds(rows &v, __m512i lo, __m512i hi, std::index_sequence<r...>) {
  (round<r>(v, lo, hi), ...);
}

}  // namespace

void avx512_compress(std::uint64_t h[8], std::uint64_t t[2], std::uint64_t f0, std::uint64_t f1,
                     const std::uint8_t *blocks, std::size_t count, std::uint64_t increment) {
  __m256i h0 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(h));
  __m256i h1 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(h + 4));
  const __m256i iv0 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(iv));
  const __m256i iv1 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(iv + 4));
  for (; count != 0; --count, blocks += 128) {
    t[0] += increment;
    t[1] += t[0] < increment ? 1 : 0;
    // x86-64 is little-endian: the block's words are its bytes as they lie.
    const __m512i lo = _mm512_loadu_si512(blocks);
    const __m512i hi = _mm512_loadu_si512(blocks + 64);
    rows v{h0, h1, iv0,
           _mm256_xor_si256(iv1, _mm256_set_epi64x(static_cast<long long>(f1), static_cast<long long>(f0),
                                                   static_cast<long long>(t[1]), static_cast<long long>(t[0])))};
    all_rounds(v, lo, hi, std::make_index_sequence<rounds>());
    h0 = _mm256_xor_si256(h0, _mm256_xor_si256(v.a, v.c));
    h1 = _mm256_xor_si256(h1, _mm256_xor_si256(v.b, v.d));
  }
  _mm256_storeu_si256(reinterpret_cast<__m256i *>(h), h0);
  _mm256_storeu_si256(reinterpret_cast<__m256i *>(h + 4), h1);
}

}  // namespace crypto::blake2b_impl
