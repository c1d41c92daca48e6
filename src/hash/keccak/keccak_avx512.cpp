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
// buffer (lane i of state k at lanes[W*i + k]) is what the asm loads.
//
// Timing: constant time (no data-dependent branch or index).
// Only called when cpu_features reports AVX-512 F+VL with OS zmm support.

#include "keccak/keccak_avx512_round.inc"
#include "hash/keccak_permutation.h"
#include "keccak/keccak_fallback.h"
#include "keccak/keccak_x86.h"

namespace crypto::keccak_x86 {

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
CNCRYPTO_KECCAK_ABSORB_ENTRY(avx512_absorb_blocks, CNCRYPTO_ABSORB, avx512_permute)
#undef CNCRYPTO_ABSORB

}  // namespace crypto::keccak_x86
