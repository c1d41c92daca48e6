// Keccak-f[1600] with AVX-512 F + VL, compiled with -mavx512f -mavx512vl (this
// file only). One lane per register: lane i of up to 8 states in register i
// (xmm for one state, ymm for 4, zmm for 8; one state per 64-bit element).
// vprolq does each rho rotation in one instruction, vpternlogq does theta's
// three-way XORs and chi's a ^ (~b & c) in one; with 32 vector registers the
// 25 lanes and the temporaries never leave the register file.
//
// The rounds are generated assembler for all three widths
// (keccak_avx512_asm.py explains why): GCC 12's register allocation of the
// same round from intrinsics spilled to the stack, about 35 stack accesses
// per round in the 8-state version. 4 and 8 states: the lane-interleaved
// buffer (lane i of state k at lanes[W*i + k]) is what the asm loads; the
// [k][25] entry points transpose into it and back.
//
// Timing: constant time (no data-dependent branch or index).
// Only called when cpu_features reports AVX-512 F+VL with OS zmm support.

#include "keccak/keccak_avx512_round.inc"
#include "hash/keccak_permutation.h"
#include "keccak/keccak_x86.h"

// GCC 12 warns inside its own AVX-512 headers (_mm512_undefined_epi32 seen as
// uninitialized, GCC bug 105593); the warning is about the header, not us.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop

namespace crypto::keccak_x86 {

namespace {

// Transposes the 8x8 block of 64-bit elements in r[0..7] (r[k] element e
// becomes r[e] element k): three steps, step j swapping bit j of the element
// index with bit j of the register index. Its own inverse.
inline void transpose8(__m512i r[8]) {
  __m512i t[8];
  for (int k = 0; k < 8; k += 2) {  // bit 0: unpack
    t[k] = _mm512_unpacklo_epi64(r[k], r[k + 1]);
    t[k + 1] = _mm512_unpackhi_epi64(r[k], r[k + 1]);
  }
  const __m512i lo1 = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
  const __m512i hi1 = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
  static constexpr int pair_base[4] = {0, 1, 4, 5};
  for (int k : pair_base) {  // bit 1: pairs of elements
    r[k] = _mm512_permutex2var_epi64(t[k], lo1, t[k + 2]);
    r[k + 2] = _mm512_permutex2var_epi64(t[k], hi1, t[k + 2]);
  }
  for (int k = 0; k < 4; ++k) {  // bit 2: 128-bit blocks
    t[k] = _mm512_shuffle_i64x2(r[k], r[k + 4], 0x44);
    t[k + 4] = _mm512_shuffle_i64x2(r[k], r[k + 4], 0xee);
  }
  for (int k = 0; k < 8; ++k) r[k] = t[k];
}

inline void transpose4(__m256i r[4]) {
  const __m256i t0 = _mm256_unpacklo_epi64(r[0], r[1]);
  const __m256i t1 = _mm256_unpackhi_epi64(r[0], r[1]);
  const __m256i t2 = _mm256_unpacklo_epi64(r[2], r[3]);
  const __m256i t3 = _mm256_unpackhi_epi64(r[2], r[3]);
  r[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
  r[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
  r[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
  r[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

}  // namespace

#define CNCRYPTO_XMM_CLOBBERS                                                                                    \
  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",     \
      "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", \
      "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31"

void avx512_permute_rounds(std::uint64_t st[25], int rounds) {
  const std::uint64_t *rc = keccak_round_constants;
  long quads = rounds / 4;  // rounds is 1 .. 24 (caller's contract)
  long singles = rounds % 4;
  __asm__ volatile(CNCRYPTO_KECCAK_AVX512_LOAD
                   "test %[quads], %[quads]\n"
                   "jz 2f\n"
                   "1:\n" CNCRYPTO_KECCAK_AVX512_X1_ROUNDS
                   "add $32, %[rc]\n"
                   "dec %[quads]\n"
                   "jnz 1b\n"
                   "2:\n"
                   "test %[singles], %[singles]\n"
                   "jz 4f\n"
                   "3:\n" CNCRYPTO_KECCAK_AVX512_ROUND
                   "add $8, %[rc]\n"
                   "dec %[singles]\n"
                   "jnz 3b\n"
                   "4:\n" CNCRYPTO_KECCAK_AVX512_STORE
                   : [rc] "+r"(rc), [quads] "+r"(quads), [singles] "+r"(singles)
                   : [st] "r"(st)
                   : "memory", "cc", CNCRYPTO_XMM_CLOBBERS);
}

// All 24 rounds on one state: the permute() entry (no round-count branches).
void avx512_permute(std::uint64_t st[25]) {
  const std::uint64_t *rc = keccak_round_constants;
  long n = 6;
  __asm__ volatile(CNCRYPTO_KECCAK_AVX512_LOAD
                   "1:\n" CNCRYPTO_KECCAK_AVX512_X1_ROUNDS
                   "add $32, %[rc]\n"
                   "dec %[n]\n"
                   "jnz 1b\n" CNCRYPTO_KECCAK_AVX512_STORE
                   : [rc] "+r"(rc), [n] "+r"(n)
                   : [st] "r"(st)
                   : "memory", "cc", CNCRYPTO_XMM_CLOBBERS);
}

// 24 rounds on W states, lane-interleaved (keccak_x86.h): 6 blocks of 4
// rounds, then vzeroupper (the ymm/zmm upper state would slow later SSE code).
#define CNCRYPTO_PERMUTE_LANES(W, width)                                                     \
  void avx512_permute_x##W##_lanes(std::uint64_t lanes[25 * (W)]) {                          \
    const std::uint64_t *rc = keccak_round_constants;                                        \
    long n = 6;                                                                              \
    __asm__ volatile(CNCRYPTO_KECCAK_AVX512_##width##_LOAD                                    \
                     "1:\n" CNCRYPTO_KECCAK_AVX512_##width##_ROUNDS                          \
                     "add $32, %[rc]\n"                                                       \
                     "dec %[n]\n"                                                             \
                     "jnz 1b\n" CNCRYPTO_KECCAK_AVX512_##width##_STORE "vzeroupper\n"        \
                     : [rc] "+r"(rc), [n] "+r"(n)                                            \
                     : [st] "r"(lanes)                                                       \
                     : "memory", "cc", CNCRYPTO_XMM_CLOBBERS);                               \
  }
CNCRYPTO_PERMUTE_LANES(8, X8)
CNCRYPTO_PERMUTE_LANES(4, X4)
#undef CNCRYPTO_PERMUTE_LANES

namespace {

// absorb_blocks for a rate of 8 * lanes bytes: the state stays in xmm0..24
// from the first block to the last.
#define CNCRYPTO_ABSORB(lanes)                                                                  \
  void absorb_##lanes(std::uint64_t st[25], const std::uint8_t *data, std::size_t blocks) {     \
    const std::uint64_t *rc;                                                                     \
    long n;                                                                                      \
    __asm__ volatile(CNCRYPTO_KECCAK_AVX512_LOAD                                                 \
                     "2:\n" CNCRYPTO_KECCAK_AVX512_XOR_##lanes                                   \
                     "mov %[rc0], %[rc]\n"                                                       \
                     "mov $6, %[n]\n"                                                            \
                     "1:\n" CNCRYPTO_KECCAK_AVX512_X1_ROUNDS                                     \
                     "add $32, %[rc]\n"                                                          \
                     "dec %[n]\n"                                                                \
                     "jnz 1b\n"                                                                  \
                     "add %[stride], %[data]\n"                                                  \
                     "dec %[blocks]\n"                                                           \
                     "jnz 2b\n" CNCRYPTO_KECCAK_AVX512_STORE                                     \
                     : [rc] "=&r"(rc), [n] "=&r"(n), [data] "+r"(data), [blocks] "+r"(blocks)    \
                     : [st] "r"(st), [rc0] "r"(keccak_round_constants), [stride] "i"(8 * (lanes)) \
                     : "memory", "cc", CNCRYPTO_XMM_CLOBBERS);                                   \
  }
CNCRYPTO_ABSORB(9)
CNCRYPTO_ABSORB(13)
CNCRYPTO_ABSORB(17)
CNCRYPTO_ABSORB(18)
CNCRYPTO_ABSORB(21)
#undef CNCRYPTO_ABSORB

}  // namespace

void avx512_absorb_blocks(std::uint64_t st[25], const std::uint8_t *data, std::size_t blocks, std::size_t rate) {
  if (blocks == 0) return;
  switch (rate) {
    case 136: absorb_17(st, data, blocks); return;
    case 72: absorb_9(st, data, blocks); return;
    case 104: absorb_13(st, data, blocks); return;
    case 144: absorb_18(st, data, blocks); return;
    case 168: absorb_21(st, data, blocks); return;
    default: break;
  }
  for (; blocks != 0; --blocks) {
    for (std::size_t i = 0; i < rate / 8; ++i, data += 8) {
      std::uint64_t lane;
      __builtin_memcpy(&lane, data, 8);
      st[i] ^= lane;
    }
    avx512_permute_rounds(st, 24);
  }
}

void avx512_permute_x4(std::uint64_t states[4][25]) {
  alignas(64) std::uint64_t lanes[25 * 4];
#pragma GCC unroll 6
  for (int j = 0; j < 24; j += 4) {
    __m256i r[4];
#pragma GCC unroll 4
    for (int k = 0; k < 4; ++k) r[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(states[k] + j));
    transpose4(r);
#pragma GCC unroll 4
    for (int e = 0; e < 4; ++e) _mm256_store_si256(reinterpret_cast<__m256i *>(lanes + 4 * (j + e)), r[e]);
  }
  for (int k = 0; k < 4; ++k) lanes[4 * 24 + k] = states[k][24];
  avx512_permute_x4_lanes(lanes);
#pragma GCC unroll 6
  for (int j = 0; j < 24; j += 4) {
    __m256i r[4];
#pragma GCC unroll 4
    for (int e = 0; e < 4; ++e) r[e] = _mm256_load_si256(reinterpret_cast<const __m256i *>(lanes + 4 * (j + e)));
    transpose4(r);
#pragma GCC unroll 4
    for (int k = 0; k < 4; ++k) _mm256_storeu_si256(reinterpret_cast<__m256i *>(states[k] + j), r[k]);
  }
  for (int k = 0; k < 4; ++k) states[k][24] = lanes[4 * 24 + k];
}

void avx512_permute_x8(std::uint64_t states[8][25]) {
  alignas(64) std::uint64_t lanes[25 * 8];
  // Lanes 0..23 in three 8x8 blocks, lane 24 through one gather.
#pragma GCC unroll 3
  for (int j = 0; j < 24; j += 8) {
    __m512i r[8];
#pragma GCC unroll 8
    for (int k = 0; k < 8; ++k) r[k] = _mm512_loadu_si512(states[k] + j);
    transpose8(r);
#pragma GCC unroll 8
    for (int e = 0; e < 8; ++e) _mm512_store_si512(lanes + 8 * (j + e), r[e]);
  }
  const __m512i lane24 = _mm512_setr_epi64(24, 49, 74, 99, 124, 149, 174, 199);  // 25k + 24
  _mm512_store_si512(lanes + 8 * 24, _mm512_i64gather_epi64(lane24, states[0], 8));
  avx512_permute_x8_lanes(lanes);
#pragma GCC unroll 3
  for (int j = 0; j < 24; j += 8) {
    __m512i r[8];
#pragma GCC unroll 8
    for (int e = 0; e < 8; ++e) r[e] = _mm512_load_si512(lanes + 8 * (j + e));
    transpose8(r);
#pragma GCC unroll 8
    for (int k = 0; k < 8; ++k) _mm512_storeu_si512(states[k] + j, r[k]);
  }
  for (int k = 0; k < 8; ++k) states[k][24] = lanes[8 * 24 + k];
}

}  // namespace crypto::keccak_x86
