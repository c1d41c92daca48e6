// Keccak-f[1600] with AVX2, compiled with -mavx2 (this file only): four states
// side by side, lane i of state k in 64-bit element k of ymm register i.
// AVX2 has no rotate and no three-input logic, so rho is two shifts and an OR
// (a byte shuffle for the rotations by 8 and 56) and chi is ANDN + XOR.
//
// Timing: constant time (no data-dependent branch or index).
// Only called when cpu_features reports AVX2 with OS ymm support.

#include "keccak/keccak_lane_rounds.h"
#include "hash/keccak_permutation.h"
#include "keccak/keccak_x86.h"

#include <immintrin.h>

namespace crypto::keccak_x86 {

namespace {

// Rotation of each 64-bit element: shifts, or one byte shuffle when n is 8 or 56.
struct ops_ymm {
  using V = __m256i;
  static constexpr bool ternary = false;
  static V xor2(V a, V b) { return _mm256_xor_si256(a, b); }
  static V xor3(V a, V b, V c) { return _mm256_xor_si256(_mm256_xor_si256(a, b), c); }
  static V chi(V a, V b, V c) { return _mm256_xor_si256(a, _mm256_andnot_si256(b, c)); }
  template <unsigned n>
  static V rotl(V a) {
    static_assert(n > 0 && n < 64, "rotation offset out of range");
    if constexpr (n == 8) {
      return _mm256_shuffle_epi8(a, _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, 7, 0, 1,
                                                     2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14));
    } else if constexpr (n == 56) {
      return _mm256_shuffle_epi8(a, _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1, 2, 3,
                                                     4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8));
    } else {
      return _mm256_or_si256(_mm256_slli_epi64(a, n), _mm256_srli_epi64(a, 64 - n));
    }
  }
  static V round_constant(const std::uint64_t *rc) {
    return _mm256_set1_epi64x(static_cast<long long>(*rc));
  }
};

// Transposes the 4x4 block of 64-bit elements in r[0..3] (r[k] element e
// becomes r[e] element k). Its own inverse.
inline void transpose4(__m256i r[4]) {
  const __m256i t0 = _mm256_unpacklo_epi64(r[0], r[1]);  // r0[0] r1[0] r0[2] r1[2]
  const __m256i t1 = _mm256_unpackhi_epi64(r[0], r[1]);  // r0[1] r1[1] r0[3] r1[3]
  const __m256i t2 = _mm256_unpacklo_epi64(r[2], r[3]);
  const __m256i t3 = _mm256_unpackhi_epi64(r[2], r[3]);
  r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
  r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
  r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
  r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

}  // namespace

void avx2_permute_x4(std::uint64_t states[4][25]) {
  __m256i s[25];
  // Lanes 0..23 in six 4x4 blocks, lane 24 element by element.
#pragma GCC unroll 6
  for (int j = 0; j < 24; j += 4) {
    __m256i r[4];
#pragma GCC unroll 4
    for (int k = 0; k < 4; ++k) r[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(states[k] + j));
    transpose4(r);
#pragma GCC unroll 4
    for (int e = 0; e < 4; ++e) s[j + e] = r[e];
  }
  s[24] = _mm256_setr_epi64x(static_cast<long long>(states[0][24]), static_cast<long long>(states[1][24]),
                             static_cast<long long>(states[2][24]), static_cast<long long>(states[3][24]));
  keccak_lane_rounds<ops_ymm>(s, keccak_round_constants, 24);
#pragma GCC unroll 6
  for (int j = 0; j < 24; j += 4) {
    __m256i r[4];
#pragma GCC unroll 4
    for (int e = 0; e < 4; ++e) r[e] = s[j + e];
    transpose4(r);
#pragma GCC unroll 4
    for (int k = 0; k < 4; ++k) _mm256_storeu_si256(reinterpret_cast<__m256i *>(states[k] + j), r[k]);
  }
  alignas(32) std::uint64_t last[4];
  _mm256_store_si256(reinterpret_cast<__m256i *>(last), s[24]);
  for (int k = 0; k < 4; ++k) states[k][24] = last[k];
}

namespace {

// 4 states whose lane i is the 32 bytes at base + stride * i (aligned).
template <int stride>
void permute_rows(std::uint64_t *base) {
  __m256i s[25];
#pragma GCC unroll 25
  for (int i = 0; i < 25; ++i) s[i] = _mm256_load_si256(reinterpret_cast<const __m256i *>(base + stride * i));
  keccak_lane_rounds<ops_ymm>(s, keccak_round_constants, 24);
#pragma GCC unroll 25
  for (int i = 0; i < 25; ++i) _mm256_store_si256(reinterpret_cast<__m256i *>(base + stride * i), s[i]);
}

}  // namespace

void avx2_permute_x4_lanes(std::uint64_t lanes[25 * 4]) { permute_rows<4>(lanes); }

void avx2_permute_x8_lanes(std::uint64_t lanes[25 * 8]) {
  permute_rows<8>(lanes);
  permute_rows<8>(lanes + 4);
}

void avx2_permute_x8(std::uint64_t states[8][25]) {
  avx2_permute_x4(states);
  avx2_permute_x4(states + 4);
}

}  // namespace crypto::keccak_x86
