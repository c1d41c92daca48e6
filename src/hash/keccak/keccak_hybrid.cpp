// Keccak-f[1600] on one state with the vector and the integer units working at
// once (the "hybrid" entry of the table), compiled with -mavx512f -mavx512vl
// -mbmi -mbmi2 (this file only). One row of the chi output (GPR_ROWS of
// keccak_hybrid_asm.py, 5 lanes) is computed in general registers (RORX, ANDN),
// the other 20 lanes in xmm registers (vpternlogq, vprolq); keccak_hybrid_asm.py
// generates the rounds and explains the split. Why: on Intel cores the xmm vector ALUs are three of the five ALU
// ports, so the one-lane-per-xmm round (keccak_avx512.cpp) leaves two integer
// ports idle; the split feeds all five (docs/measurements/keccak.md).
//
// The integer rows' lanes live in the state array and, on odd rounds, in a
// stack scratch copy; the scratch (which holds state-derived values) is zeroed
// before return, and so are the seven general registers the asm hands back as
// outputs g[0..6] (they end holding state lanes; without optimisation the
// compiler stores outputs to the stack array g, and would leave them there).
//
// Timing: constant time (no data-dependent branch or index).
// Only called when cpu_features reports AVX-512 F+VL and BMI1/BMI2.

#include "keccak/keccak_hybrid_round.inc"
#include "hash/keccak_permutation.h"
#include "keccak/keccak_fallback.h"
#include "keccak/keccak_x86.h"

namespace crypto::keccak_x86 {

// Zeroes the 30-lane scratch at %[sc] (15 16-byte stores).
#define CNCRYPTO_KECCAK_HYBRID_WIPE                                                                        \
  "vpxorq %%xmm16, %%xmm16, %%xmm16\n"                                                                     \
  "vmovdqu64 %%xmm16, 0(%[sc])\n vmovdqu64 %%xmm16, 16(%[sc])\n vmovdqu64 %%xmm16, 32(%[sc])\n"          \
  "vmovdqu64 %%xmm16, 48(%[sc])\n vmovdqu64 %%xmm16, 64(%[sc])\n vmovdqu64 %%xmm16, 80(%[sc])\n"         \
  "vmovdqu64 %%xmm16, 96(%[sc])\n vmovdqu64 %%xmm16, 112(%[sc])\n vmovdqu64 %%xmm16, 128(%[sc])\n"       \
  "vmovdqu64 %%xmm16, 144(%[sc])\n vmovdqu64 %%xmm16, 160(%[sc])\n vmovdqu64 %%xmm16, 176(%[sc])\n"      \
  "vmovdqu64 %%xmm16, 192(%[sc])\n vmovdqu64 %%xmm16, 208(%[sc])\n vmovdqu64 %%xmm16, 224(%[sc])\n"

// Zeroes the general-register outputs g0..g6 (32-bit xors, zero-extended).
#define CNCRYPTO_KECCAK_HYBRID_WIPE_GPRS                                                               \
  "xorl %k[g0], %k[g0]\n xorl %k[g1], %k[g1]\n xorl %k[g2], %k[g2]\n xorl %k[g3], %k[g3]\n"          \
  "xorl %k[g4], %k[g4]\n xorl %k[g5], %k[g5]\n xorl %k[g6], %k[g6]\n"

#define CNCRYPTO_HYBRID_GPR_OUTPUTS                                                                   \
  [g0] "=&r"(g[0]), [g1] "=&r"(g[1]), [g2] "=&r"(g[2]), [g3] "=&r"(g[3]), [g4] "=&r"(g[4]), \
      [g5] "=&r"(g[5]), [g6] "=&r"(g[6])

// The ROUNDS block (UNROLL rounds) in a loop run %[n] times, %[rc] advanced by
// UNROLL round constants each time: 24 / UNROLL times for a permutation.
#define CNCRYPTO_KECCAK_HYBRID_ROUNDS_LOOP                                      \
  "1:\n" CNCRYPTO_KECCAK_HYBRID_ROUNDS "add $" CNCRYPTO_KECCAK_HYBRID_RC_STEP \
  ", %[rc]\n"                                                                  \
  "dec %[n]\n"                                                                 \
  "jnz 1b\n"

void hybrid_permute(std::uint64_t st[25]) {
  std::uint64_t sc[30];  // lanes of odd rounds at sc[p], D[x] at sc[25 + x]
  std::uint64_t g[7];
  const std::uint64_t *rc = keccak_round_constants;
  long n = 24 / CNCRYPTO_KECCAK_HYBRID_UNROLL;
  __asm__ volatile(CNCRYPTO_KECCAK_HYBRID_LOAD CNCRYPTO_KECCAK_HYBRID_ROUNDS_LOOP CNCRYPTO_KECCAK_HYBRID_STORE
                       CNCRYPTO_KECCAK_HYBRID_WIPE CNCRYPTO_KECCAK_HYBRID_WIPE_GPRS
                   : [rc] "+r"(rc), [n] "+r"(n), CNCRYPTO_HYBRID_GPR_OUTPUTS
                   : [st] "r"(st), [sc] "r"(sc)
                   : "memory", "cc", CNCRYPTO_XMM_CLOBBERS);
}

// hash_one_block (keccak_permutation.h): the caller's buffer is the state
// array of the integer row (its lanes 5..9 and the vector lanes that row reads,
// 3, 10 and 16, are already where the rounds read them); the vector lanes of
// the block go straight into their registers; the capacity is zeroed only in
// buf[22], which the integer row reads. FIRST is the
// 4-round block with the capacity known zero in round 1, 16 rounds in the
// loop, then TAIL_1 or TAIL_4: 3 full rounds and the 24th computed only for
// the output (a view tag's lane 0, or the digest's 4 lanes: keccak_hybrid_asm.py,
// last_round). Only the output is stored (a view tag's byte, or 32 bytes),
// then the whole buffer and the scratch lanes the rounds wrote are zeroed, and
// the general registers cleared: no state array is filled, stored or wiped
// apart. out_bytes 1 or 32 (a public branch).
void hybrid_hash_one_block(std::uint64_t buf[25], std::uint8_t *out, std::size_t out_bytes) {
  std::uint64_t sc[30];  // as hybrid_permute's
  std::uint64_t g[7];
  const std::uint64_t *rc = keccak_round_constants;
  long n;
  __asm__ volatile(CNCRYPTO_KECCAK_HYBRID_LOAD_BLOCK CNCRYPTO_KECCAK_HYBRID_FIRST
                   "add $" CNCRYPTO_KECCAK_HYBRID_RC_STEP ", %[rc]\n"
                   "mov $" CNCRYPTO_KECCAK_HYBRID_ONE_BLOCK_LOOPS ", %[n]\n" CNCRYPTO_KECCAK_HYBRID_ROUNDS_LOOP
                   "cmp $1, %[nb]\n"
                   "jne 2f\n" CNCRYPTO_KECCAK_HYBRID_TAIL_1
                   "vpextrb $0, %%xmm0, (%[out])\n"  // a view tag: byte 0 of lane 0
                   "jmp 3f\n"
                   "2:\n" CNCRYPTO_KECCAK_HYBRID_TAIL_4 CNCRYPTO_KECCAK_HYBRID_STORE_DIGEST
                   "3:\n" CNCRYPTO_KECCAK_HYBRID_WIPE_BLOCK CNCRYPTO_KECCAK_HYBRID_WIPE_GPRS
                   : [rc] "+r"(rc), [n] "=&r"(n), CNCRYPTO_HYBRID_GPR_OUTPUTS
                   : [st] "r"(buf), [sc] "r"(sc), [out] "r"(out), [nb] "r"(out_bytes)
                   : "memory", "cc", CNCRYPTO_XMM_CLOBBERS);
}

// absorb_blocks for a rate of 8 * lanes bytes: the vector lanes stay in
// registers, the integer rows in the state array, from the first block to the
// last.
#define CNCRYPTO_ABSORB(lanes)                                                                                \
  void absorb_##lanes(std::uint64_t st[25], const std::uint8_t *data, std::size_t blocks) {                   \
    std::uint64_t sc[30];                                                                                      \
    std::uint64_t g[7];                                                                                        \
    const std::uint64_t *rc = keccak_round_constants;                                                          \
    long n;                                                                                                    \
    __asm__ volatile(CNCRYPTO_KECCAK_HYBRID_LOAD                                                               \
                     "2:\n" CNCRYPTO_KECCAK_HYBRID_XOR_##lanes                                                 \
                     "mov $" CNCRYPTO_KECCAK_HYBRID_BLOCKS ", %[n]\n" CNCRYPTO_KECCAK_HYBRID_ROUNDS_LOOP        \
                     "sub $192, %[rc]\n"                                                                       \
                     "add %[stride], %[data]\n"                                                                \
                     "dec %[blocks]\n"                                                                         \
                     "jnz 2b\n" CNCRYPTO_KECCAK_HYBRID_STORE CNCRYPTO_KECCAK_HYBRID_WIPE                      \
                         CNCRYPTO_KECCAK_HYBRID_WIPE_GPRS                                                      \
                     : [rc] "+r"(rc), [n] "=&r"(n), [data] "+r"(data), [blocks] "+r"(blocks),                 \
                       CNCRYPTO_HYBRID_GPR_OUTPUTS                                                             \
                     : [st] "r"(st), [sc] "r"(sc), [stride] "i"(8 * (lanes))                                   \
                     : "memory", "cc", CNCRYPTO_XMM_CLOBBERS);                                                 \
  }
CNCRYPTO_KECCAK_ABSORB_ENTRY(hybrid_absorb_blocks, CNCRYPTO_ABSORB, hybrid_permute)
#undef CNCRYPTO_ABSORB

}  // namespace crypto::keccak_x86
