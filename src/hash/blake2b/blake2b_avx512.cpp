// BLAKE2b compression F (RFC 7693 section 3.2) with AVX-512 F+VL, one
// message, in the four-row layout of blake2b_rows.h, with every rotation one
// vprorq, and each G's message words picked from the block's two zmm halves
// by one two-source permute (vpermt2q); and eight messages in the lanes of
// zmm registers (blake2b_lanes.h, the batch).
//
// Only this file is compiled with -mavx512f -mavx512vl; it runs after the CPU
// probe said yes (blake2b_table.cpp).
//
// Timing: constant time (no data-dependent branch or index).

// GCC 12's AVX-512 intrinsics pass _mm256_undefined_si256() or
// _mm512_undefined_epi32() as the unused merge source (_mm512_castsi512_si256,
// and at -O3 the unmasked vpunpck*qdq, vshufi64x2 and vprorq of the lanes),
// which it then reports as (maybe) used uninitialised (GCC bug 105593, fixed in 13).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include "blake2b/blake2b_lanes.h"
#include "blake2b/blake2b_rows.h"

#include <utility>

namespace cncrypto::blake2b_impl {

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
  // The diagonals' words (k = 8, 9) start with the fourth diagonal's
  // (blake2b_rows.h's mix_round).
  const __m512i index = k < 8 ? _mm512_setr_epi64(s[k], s[k + 2], s[k + 4], s[k + 6], 0, 0, 0, 0)
                              : _mm512_setr_epi64(s[k + 6], s[k], s[k + 2], s[k + 4], 0, 0, 0, 0);
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

// The eight-message layout's operations (blake2b_lanes.h).
struct lanes_avx512 {
  using vec = __m512i;
  static constexpr unsigned lanes = 8;
  static vec load(const std::uint64_t *p) { return _mm512_loadu_si512(p); }
  static void store(std::uint64_t *p, vec x) { _mm512_storeu_si512(p, x); }
  static vec set1(std::uint64_t x) { return _mm512_set1_epi64(static_cast<long long>(x)); }
  static vec add(vec a, vec b) { return _mm512_add_epi64(a, b); }
  static vec xor_(vec a, vec b) { return _mm512_xor_si512(a, b); }
  template <unsigned n>
  static vec ror(vec x) {  // one vprorq
    return _mm512_ror_epi64(x, n);
  }
  // Each 64-byte half of the eight blocks, transposed 8x8: words 8hh..8hh+7.
  static void load_message(vec m[16], const std::uint8_t *const *blocks) {
    for (unsigned hh = 0; hh < 2; ++hh) {
      vec r[8];
      for (unsigned k = 0; k < 8; ++k) r[k] = _mm512_loadu_si512(blocks[k] + 64 * hh);
      vec t[8];  // t[2j] = rows 2j, 2j+1 interleaved, even words; t[2j+1], odd words
      for (unsigned j = 0; j < 4; ++j) {
        t[2 * j] = _mm512_unpacklo_epi64(r[2 * j], r[2 * j + 1]);
        t[2 * j + 1] = _mm512_unpackhi_epi64(r[2 * j], r[2 * j + 1]);
      }
      // u[p] (rows 0..3) and u[p + 4] (rows 4..7): the 128-bit pairs of words
      // low_word[p] and low_word[p] + 4, from the even (t[4j], t[4j + 2]) or the
      // odd (t[4j + 1], t[4j + 3]) words.
      vec u[8];
      for (unsigned j = 0; j < 2; ++j) {
        for (unsigned odd = 0; odd < 2; ++odd) {
          u[4 * j + 2 * odd] = _mm512_shuffle_i64x2(t[4 * j + odd], t[4 * j + odd + 2], 0x88);
          u[4 * j + 2 * odd + 1] = _mm512_shuffle_i64x2(t[4 * j + odd], t[4 * j + odd + 2], 0xdd);
        }
      }
      constexpr unsigned low_word[4] = {0, 2, 1, 3};
      for (unsigned p = 0; p < 4; ++p) {
        m[8 * hh + low_word[p]] = _mm512_shuffle_i64x2(u[p], u[p + 4], 0x88);
        m[8 * hh + low_word[p] + 4] = _mm512_shuffle_i64x2(u[p], u[p + 4], 0xdd);
      }
    }
  }
};

}  // namespace

void avx512_compress(std::uint64_t h[8], std::uint64_t t[2], std::uint64_t f0, std::uint64_t f1,
                     const std::uint8_t *blocks, std::size_t count, std::uint64_t increment) {
  compress_rows(h, t, f0, f1, blocks, count, increment, [](rows &v, const std::uint8_t *block) {
    all_rounds(v, _mm512_loadu_si512(block), _mm512_loadu_si512(block + 64), std::make_index_sequence<rounds>());
  });
}

// Eight messages (compress_lanes_fn).
void avx512_compress_x8(std::uint64_t *h, const std::uint8_t *const *blocks, const std::uint64_t *t,
                        const std::uint64_t *f) {
  lanes_compression<lanes_avx512>::compress(h, blocks, t, f);
}

}  // namespace cncrypto::blake2b_impl
