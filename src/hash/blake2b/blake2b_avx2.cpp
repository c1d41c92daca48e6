// BLAKE2b compression F (RFC 7693 section 3.2) with AVX2: one message in the
// four-row layout of blake2b_rows.h (the round's message words gathered from
// the block by SIGMA with constant indices), and four messages in the lanes of
// ymm registers (blake2b_lanes.h, the batch).
//
// Only this file is compiled with -mavx2; it runs after the CPU probe said
// yes (blake2b_table.cpp).
//
// Timing: constant time (no data-dependent branch or index).

#include "blake2b/blake2b_lanes.h"
#include "blake2b/blake2b_rows.h"

#include <cstring>
#include <utility>

namespace cncrypto::blake2b_impl {

namespace {

// Rotations right by 32 (dword shuffle), 24 and 16 (byte shuffles), 63 (shift plus add).
struct rotate_avx2 {
  template <unsigned n>
  static __m256i by(__m256i x) {
    if constexpr (n == 32) {
      return _mm256_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1));
    } else if constexpr (n == 24) {
      const __m256i by3 = _mm256_setr_epi8(3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10, 3, 4, 5, 6, 7, 0, 1,
                                           2, 11, 12, 13, 14, 15, 8, 9, 10);
      return _mm256_shuffle_epi8(x, by3);
    } else if constexpr (n == 16) {
      const __m256i by2 = _mm256_setr_epi8(2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, 2, 3, 4, 5, 6, 7, 0,
                                           1, 10, 11, 12, 13, 14, 15, 8, 9);
      return _mm256_shuffle_epi8(x, by2);
    } else {
      static_assert(n == 63, "BLAKE2b rotates by 32, 24, 16 and 63");
      return _mm256_xor_si256(_mm256_srli_epi64(x, 63), _mm256_add_epi64(x, x));
    }
  }
};

// m[i0], m[i1], m[i2], m[i3] in lanes 0..3.
inline __m256i gather(const std::uint64_t m[16], unsigned i0, unsigned i1, unsigned i2, unsigned i3) {
  return _mm256_set_epi64x(static_cast<long long>(m[i3]), static_cast<long long>(m[i2]),
                           static_cast<long long>(m[i1]), static_cast<long long>(m[i0]));
}

template <unsigned r>
inline void round(rows &v, const std::uint64_t m[16]) {
  constexpr const std::uint8_t *s = sigma[r % 10];
  mix_round<rotate_avx2>(v, gather(m, s[0], s[2], s[4], s[6]), gather(m, s[1], s[3], s[5], s[7]),
                         gather(m, s[14], s[8], s[10], s[12]), gather(m, s[15], s[9], s[11], s[13]));
}

template <std::size_t... r>
inline void all_rounds(rows &v, const std::uint64_t m[16], std::index_sequence<r...>) {
  (round<r>(v, m), ...);
}

// The four-message layout's operations (blake2b_lanes.h).
struct lanes_avx2 {
  using vec = __m256i;
  static constexpr unsigned lanes = 4;
  static vec add(vec a, vec b) { return _mm256_add_epi64(a, b); }
  static vec xor_(vec a, vec b) { return _mm256_xor_si256(a, b); }
  template <unsigned n>
  static vec ror(vec x) {
    return rotate_avx2::by<n>(x);
  }
  static vec load(const std::uint64_t *p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p)); }
  static void store(std::uint64_t *p, vec x) { _mm256_storeu_si256(reinterpret_cast<__m256i *>(p), x); }
  static vec set1(std::uint64_t x) { return _mm256_set1_epi64x(static_cast<long long>(x)); }
  // Each 32-byte quarter q of the four blocks, transposed: words 4q..4q+3.
  static void load_message(vec m[16], const std::uint8_t *const *blocks) {
    for (unsigned q = 0; q < 4; ++q) {
      const vec r0 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(blocks[0] + 32 * q));
      const vec r1 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(blocks[1] + 32 * q));
      const vec r2 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(blocks[2] + 32 * q));
      const vec r3 = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(blocks[3] + 32 * q));
      const vec t0 = _mm256_unpacklo_epi64(r0, r1);  // r0[0] r1[0] r0[2] r1[2]
      const vec t1 = _mm256_unpackhi_epi64(r0, r1);  // r0[1] r1[1] r0[3] r1[3]
      const vec t2 = _mm256_unpacklo_epi64(r2, r3);
      const vec t3 = _mm256_unpackhi_epi64(r2, r3);
      m[4 * q] = _mm256_permute2x128_si256(t0, t2, 0x20);
      m[4 * q + 1] = _mm256_permute2x128_si256(t1, t3, 0x20);
      m[4 * q + 2] = _mm256_permute2x128_si256(t0, t2, 0x31);
      m[4 * q + 3] = _mm256_permute2x128_si256(t1, t3, 0x31);
    }
  }
};

}  // namespace

void avx2_compress_x4(std::uint64_t *h, const std::uint8_t *const *blocks, const std::uint64_t *t,
                      const std::uint64_t *f) {
  lanes_compression<lanes_avx2>::compress(h, blocks, t, f);
}

void avx2_compress(std::uint64_t h[8], std::uint64_t t[2], std::uint64_t f0, std::uint64_t f1,
                   const std::uint8_t *blocks, std::size_t count, std::uint64_t increment) {
  compress_rows(h, t, f0, f1, blocks, count, increment, [](rows &v, const std::uint8_t *block) {
    std::uint64_t m[16];
    std::memcpy(m, block, sizeof m);
    all_rounds(v, m, std::make_index_sequence<rounds>());
  });
}

}  // namespace cncrypto::blake2b_impl
