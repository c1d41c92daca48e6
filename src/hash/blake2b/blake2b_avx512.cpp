// BLAKE2b compression F (RFC 7693 section 3.2) with AVX-512 F+VL, one
// message, in the four-row layout of blake2b_rows.h, with every rotation one
// vprorq, and each G's message words picked from the block's two zmm halves
// by one two-source permute (vpermt2q).
//
// Only this file is compiled with -mavx512f -mavx512vl; it runs after the CPU
// probe said yes (blake2b_table.cpp).
//
// Timing: constant time (no data-dependent branch or index).

// GCC 12's _mm512_castsi512_si256 extracts into _mm256_undefined_si256(), which
// it then reports as maybe used uninitialised (GCC bug 105593, fixed in 13).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "blake2b/blake2b_rows.h"

#include <utility>

namespace crypto::blake2b_impl {

namespace {

// Every rotation one vprorq.
struct rotate_avx512 {
  template <unsigned n>
  static __m256i by(__m256i x) {
    return _mm256_ror_epi64(x, n);
  }
};

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
  mix_round<rotate_avx512>(v, pick<r, 0>(lo, hi), pick<r, 1>(lo, hi), pick<r, 8>(lo, hi), pick<r, 9>(lo, hi));
}

template <std::size_t... r>
inline void all_rounds(rows &v, __m512i lo, __m512i hi, std::index_sequence<r...>) {
  (round<r>(v, lo, hi), ...);
}

}  // namespace

void avx512_compress(std::uint64_t h[8], std::uint64_t t[2], std::uint64_t f0, std::uint64_t f1,
                     const std::uint8_t *blocks, std::size_t count, std::uint64_t increment) {
  compress_rows(h, t, f0, f1, blocks, count, increment, [](rows &v, const std::uint8_t *block) {
    all_rounds(v, _mm512_loadu_si512(block), _mm512_loadu_si512(block + 64), std::make_index_sequence<rounds>());
  });
}

}  // namespace crypto::blake2b_impl
