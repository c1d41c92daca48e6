// Keccak-f[1600] with AVX2, compiled with -mavx2 (this file only): four states
// side by side, lane i of state k in 64-bit element k of ymm register i, loaded
// straight from the lane-interleaved layout (keccak_permutation.h).
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

}  // namespace

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

}  // namespace crypto::keccak_x86
