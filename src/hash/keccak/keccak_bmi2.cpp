// Keccak-f[1600] on 64-bit integers, compiled with -mbmi -mbmi2: chi's
// ~b & c is one ANDN, rho's rotations are RORX. Lane complementing (the trick
// that saves NOTs when there is no ANDN) buys nothing here.
//
// Timing: constant time (no data-dependent branch or index).
// Only called when cpu_features reports BMI1 and BMI2 (keccak_permutation.cpp).

#include "keccak/keccak_lane_rounds.h"
#include "hash/keccak_permutation.h"
#include "keccak/keccak_x86.h"

namespace crypto::keccak_x86 {

namespace {

struct ops_u64 {
  using V = std::uint64_t;
  static constexpr bool ternary = false;
  static V xor2(V a, V b) { return a ^ b; }
  static V xor3(V a, V b, V c) { return a ^ b ^ c; }
  static V chi(V a, V b, V c) { return a ^ (~b & c); }
  template <unsigned n>
  static V rotl(V a) {
    static_assert(n > 0 && n < 64, "rotation offset out of range");
    return (a << n) | (a >> (64 - n));
  }
  static V round_constant(const std::uint64_t *rc) { return *rc; }
  static V load_lane(const std::uint64_t *p) { return *p; }
  static void store_lane(std::uint64_t *p, V v) { *p = v; }
  static V load_bytes(const std::uint8_t *p) {
    V v;
    __builtin_memcpy(&v, p, 8);
    return v;
  }
};

}  // namespace

void bmi2_permute_rounds(std::uint64_t st[25], int rounds) { lane_permute_rounds<ops_u64>(st, rounds); }

void bmi2_absorb_blocks(std::uint64_t st[25], const std::uint8_t *data, std::size_t blocks, std::size_t rate) {
  lane_absorb<ops_u64>(st, data, blocks, rate);
}

}  // namespace crypto::keccak_x86
