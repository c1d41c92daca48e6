// Internal: the x86-64 Keccak-f[1600] implementations, each compiled in its own
// translation unit with its own ISA flags (src/hash/CMakeLists.txt). Only
// keccak_permutation.cpp calls them, and only after cpu_features says the CPU
// and OS support that ISA. Contracts are those of the matching members of
// keccak_permutation (keccak_permutation.h).
//
// Only declared when the build targets x86-64 (CNCRYPTO_KECCAK_X86 is defined
// by CMake then).
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(CNCRYPTO_KECCAK_X86)
// Every xmm register, for the clobber lists of the AVX-512 entries' inline asm
// (keccak_avx512.cpp, keccak_hybrid.cpp).
#define CNCRYPTO_XMM_CLOBBERS                                                                                    \
  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",     \
      "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", \
      "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31"

namespace crypto::keccak_x86 {

// keccak_bmi2.cpp (-mbmi -mbmi2): the lane round on 64-bit integers, so chi is
// ANDN + XOR and rho is RORX (no flags, non-destructive).
void bmi2_permute_rounds(std::uint64_t st[25], int rounds);
void bmi2_absorb_blocks(std::uint64_t st[25], const std::uint8_t *data, std::size_t blocks, std::size_t rate);

// keccak_avx2.cpp (-mavx2): 4 states side by side in ymm registers (one
// state per 64-bit element), on the lane-interleaved layout
// (keccak_permutation.h); x8 is two passes over elements 0..3 and 4..7 of
// each row.
void avx2_permute_x4_lanes(std::uint64_t lanes[25 * 4]);
void avx2_permute_x8_lanes(std::uint64_t lanes[25 * 8]);

// keccak_avx512.cpp (-mavx512f -mavx512vl): one state in xmm
// registers (one lane per register; vprolq for rho, vpternlogq for theta's
// xors and for chi), 4 states in ymm, 8 states in zmm.
void avx512_permute_rounds(std::uint64_t st[25], int rounds);
void avx512_permute(std::uint64_t st[25]);  // all 24 rounds
void avx512_absorb_blocks(std::uint64_t st[25], const std::uint8_t *data, std::size_t blocks, std::size_t rate);
// 4 / 8 states on the lane-interleaved layout: lane i of state k at
// lanes[4*i + k] (x4) / lanes[8*i + k] (x8), 64-byte aligned. No transposes.
void avx512_permute_x4_lanes(std::uint64_t lanes[25 * 4]);
void avx512_permute_x8_lanes(std::uint64_t lanes[25 * 8]);

// keccak_hybrid.cpp (-mavx512f -mavx512vl -mbmi -mbmi2): one state, 20 lanes
// in xmm registers and one row of chi in general registers, both units at
// once (keccak_hybrid_asm.py). 24 rounds, the sponge's bulk absorb and the
// one-block hash; the "hybrid" entry takes everything else from avx512.
void hybrid_permute(std::uint64_t st[25]);
void hybrid_absorb_blocks(std::uint64_t st[25], const std::uint8_t *data, std::size_t blocks, std::size_t rate);
void hybrid_hash_one_block(std::uint64_t buf[25], std::uint8_t *out, std::size_t out_bytes);

}  // namespace crypto::keccak_x86
#endif
