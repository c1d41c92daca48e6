// Internal: the Keccak-f[1600] round function (FIPS 202 section 3.2) written
// once over a "lane vector" type, for the ISA translation units
// (keccak_bmi2.cpp, keccak_avx2.cpp, keccak_avx512.cpp).
//
// An Ops type supplies the lane vector V and the few operations a round needs:
//   V xor2(V a, V b)                      a ^ b
//   V xor3(V a, V b, V c)                 a ^ b ^ c
//   V chi(V a, V b, V c)                  a ^ (~b & c)
//   template <unsigned n> V rotl(V a)     each 64-bit element rotated left by n (0 < n < 64)
//   V round_constant(const uint64_t *rc)  the constant *rc in every element (iota)
//   static constexpr bool ternary         true when xor3 is one instruction (vpternlogq),
//                                         so theta adds C[x-1] and rotl(C[x+1], 1) to each
//                                         lane directly instead of forming D[x] first
// V is a uint64_t (one lane of one state, scalar code), or a SIMD vector
// holding lane i of 1, 4 or 8 independent states (one state per element).
//
// Everything here has internal linkage (anonymous namespace): each ISA
// translation unit gets its own copy compiled with its own flags, so the
// linker can never merge an AVX-512 copy into code that runs on a CPU
// without AVX-512 (the one-definition-rule trap of inline functions).
#pragma once

#include "hash/keccak_permutation.h"
#include "keccak/keccak_fallback.h"

#include <cstddef>
#include <cstdint>

namespace crypto {
namespace {  // NOLINT: deliberate, see above

// Rotation offsets r[x + 5y] of rho (FIPS 202 section 3.2.2, Table 2).
//   y=0: 0 1 62 28 27   y=1: 36 44 6 55 20   y=2: 3 10 43 25 39
//   y=3: 41 45 15 21 8  y=4: 18 2 61 56 14

// One round on the lanes s[x + 5y], with round constant *rc. Fully unrolled:
// every index is a constant, so the 25 lanes stay in registers.
template <class Ops>
__attribute__((always_inline)) inline void keccak_lane_round(typename Ops::V s[25], const std::uint64_t *rc) {
  using V = typename Ops::V;
  // theta: column parities.
  V c[5];
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x) c[x] = Ops::xor3(Ops::xor3(s[x], s[x + 5], s[x + 10]), s[x + 15], s[x + 20]);
  // t(lane, x) = lane ^ D[x], D[x] = C[x-1] ^ rotl(C[x+1], 1).
  V r[5];
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x) r[x] = Ops::template rotl<1>(c[x]);
  V d[5];
  if constexpr (!Ops::ternary) {
#pragma GCC unroll 5
    for (int x = 0; x < 5; ++x) d[x] = Ops::xor2(c[(x + 4) % 5], r[(x + 1) % 5]);
  }
  auto theta = [&](V lane, int x) {
    if constexpr (Ops::ternary) {
      return Ops::xor3(lane, c[(x + 4) % 5], r[(x + 1) % 5]);
    } else {
      return Ops::xor2(lane, d[x]);
    }
  };
  // rho and pi: B[X + 5Y] with X = y, Y = 2x + 3y gets rotl(A[x, y] ^ D[x], r[x, y]).
  V b[25];
#define CNCRYPTO_RHO_PI(x, y, n) b[(y) + 5 * ((2 * (x) + 3 * (y)) % 5)] = Ops::template rotl<n>(theta(s[(x) + 5 * (y)], x))
  b[0] = theta(s[0], 0);
  CNCRYPTO_RHO_PI(1, 0, 1);
  CNCRYPTO_RHO_PI(2, 0, 62);
  CNCRYPTO_RHO_PI(3, 0, 28);
  CNCRYPTO_RHO_PI(4, 0, 27);
  CNCRYPTO_RHO_PI(0, 1, 36);
  CNCRYPTO_RHO_PI(1, 1, 44);
  CNCRYPTO_RHO_PI(2, 1, 6);
  CNCRYPTO_RHO_PI(3, 1, 55);
  CNCRYPTO_RHO_PI(4, 1, 20);
  CNCRYPTO_RHO_PI(0, 2, 3);
  CNCRYPTO_RHO_PI(1, 2, 10);
  CNCRYPTO_RHO_PI(2, 2, 43);
  CNCRYPTO_RHO_PI(3, 2, 25);
  CNCRYPTO_RHO_PI(4, 2, 39);
  CNCRYPTO_RHO_PI(0, 3, 41);
  CNCRYPTO_RHO_PI(1, 3, 45);
  CNCRYPTO_RHO_PI(2, 3, 15);
  CNCRYPTO_RHO_PI(3, 3, 21);
  CNCRYPTO_RHO_PI(4, 3, 8);
  CNCRYPTO_RHO_PI(0, 4, 18);
  CNCRYPTO_RHO_PI(1, 4, 2);
  CNCRYPTO_RHO_PI(2, 4, 61);
  CNCRYPTO_RHO_PI(3, 4, 56);
  CNCRYPTO_RHO_PI(4, 4, 14);
#undef CNCRYPTO_RHO_PI
  // chi on each row, iota on lane (0, 0).
#pragma GCC unroll 5
  for (int y = 0; y < 5; ++y) {
#pragma GCC unroll 5
    for (int x = 0; x < 5; ++x) {
      s[x + 5 * y] = Ops::chi(b[x + 5 * y], b[(x + 1) % 5 + 5 * y], b[(x + 2) % 5 + 5 * y]);
    }
  }
  s[0] = Ops::xor2(s[0], Ops::round_constant(rc));
}

// Rounds first .. first+count-1 (Monero's keccakf(st, n) is first 0, count n).
template <class Ops>
__attribute__((always_inline)) inline void keccak_lane_rounds(typename Ops::V s[25], const std::uint64_t *round_constants,
                                                              int count) {
  for (int i = 0; i < count; ++i) keccak_lane_round<Ops>(s, round_constants + i);
}

// Single-state wrappers. Ops also supplies, for V holding one lane:
//   V load_lane(const uint64_t *p) / void store_lane(uint64_t *p, V v)   a state lane
//   V load_bytes(const uint8_t *p)   8 message bytes, little-endian, any alignment
// (these TUs are x86-64 only, so host order is little-endian).

// Monero's keccakf: rounds 0 .. rounds-1 on st.
template <class Ops>
inline void lane_permute_rounds(std::uint64_t st[25], int rounds) {
  typename Ops::V s[25];
#pragma GCC unroll 25
  for (int i = 0; i < 25; ++i) s[i] = Ops::load_lane(st + i);
  keccak_lane_rounds<Ops>(s, keccak_round_constants, rounds);
#pragma GCC unroll 25
  for (int i = 0; i < 25; ++i) Ops::store_lane(st + i, s[i]);
}

// All 24 rounds (the permute entry).
template <class Ops>
void lane_permute(std::uint64_t st[25]) {
  lane_permute_rounds<Ops>(st, 24);
}

// Absorbs `blocks` blocks of 8 * rate_lanes bytes: XOR each into the first
// rate_lanes lanes, then Keccak-f[1600]. The state stays in registers between
// blocks (rate_lanes is a constant, so every index is).
template <class Ops, int rate_lanes>
inline void lane_absorb_blocks(std::uint64_t st[25], const std::uint8_t *data, std::size_t blocks) {
  typename Ops::V s[25];
#pragma GCC unroll 25
  for (int i = 0; i < 25; ++i) s[i] = Ops::load_lane(st + i);
  for (; blocks != 0; --blocks, data += 8 * rate_lanes) {
#pragma GCC unroll 25
    for (int i = 0; i < rate_lanes; ++i) s[i] = Ops::xor2(s[i], Ops::load_bytes(data + 8 * i));
    keccak_lane_rounds<Ops>(s, keccak_round_constants, 24);
  }
#pragma GCC unroll 25
  for (int i = 0; i < 25; ++i) Ops::store_lane(st + i, s[i]);
}

// absorb_blocks of the permutation interface: the rates of Keccak-256 / SHA3-256
// / SHAKE256 (136), SHA3-224 (144), SHA3-384 (104), SHA3-512 (72) and SHAKE128
// (168) keep the state in registers; any other multiple of 8 goes through the
// generic fallback (keccak_fallback.h).
template <class Ops>
inline void lane_absorb(std::uint64_t st[25], const std::uint8_t *data, std::size_t blocks, std::size_t rate) {
  switch (rate) {
    case 136: lane_absorb_blocks<Ops, 17>(st, data, blocks); return;
    case 72: lane_absorb_blocks<Ops, 9>(st, data, blocks); return;
    case 104: lane_absorb_blocks<Ops, 13>(st, data, blocks); return;
    case 144: lane_absorb_blocks<Ops, 18>(st, data, blocks); return;
    case 168: lane_absorb_blocks<Ops, 21>(st, data, blocks); return;
    default: absorb_blocks_fallback(lane_permute<Ops>, st, data, blocks, rate); return;
  }
}

}  // namespace
}  // namespace crypto
