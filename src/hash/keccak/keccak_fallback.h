// Private to the hash layer: the generic fallbacks of the permutation interface
// (keccak_permutation.h), written once from the single-state entry, in the
// spirit of XKCP's PlSnP-Fallback (parallel instances from one SnP) and its
// default FBWL absorb. An implementation without a native form of one of these
// entries uses the fallback over its own `permute`; nothing else writes these
// loops or transposes.
//
// Internal linkage (anonymous namespace), as keccak_lane_rounds.h: an ISA
// translation unit that includes this gets its own copy compiled with its
// flags, and the linker can never hand that copy to code running without them.
//
// Timing: constant time (fixed loops over public sizes; the permutation is).
#pragma once

#include "hash/keccak_permutation.h"

#include <cstddef>
#include <cstdint>

namespace crypto {
namespace {  // NOLINT: deliberate, see above

// permute_x4_lanes / permute_x8_lanes from the single-state permute: takes the
// `width` lane-interleaved states apart (lane i of state k at
// lanes[width*i + k]), permutes each, and puts them back.
template <int width, void (*permute)(std::uint64_t *)>
void permute_lanes_fallback(std::uint64_t *lanes) {
  std::uint64_t states[width][25];
  for (int k = 0; k < width; ++k) {
    for (int i = 0; i < 25; ++i) states[k][i] = lanes[width * i + k];
  }
  for (auto &st : states) permute(st);
  for (int k = 0; k < width; ++k) {
    for (int i = 0; i < 25; ++i) lanes[width * i + k] = states[k][i];
  }
}

// absorb_blocks from the single-state permute: for each of `blocks` blocks of
// `rate` bytes (a multiple of 8, at most 192) at data (any alignment), XOR its
// lanes into the state and permute. The path of every rate an implementation
// has no register-resident loop for.
inline void absorb_blocks_fallback(void (*permute)(std::uint64_t *), std::uint64_t st[25], const std::uint8_t *data,
                                   std::size_t blocks, std::size_t rate) {
  for (; blocks != 0; --blocks) {
    for (std::size_t i = 0; i < rate / 8; ++i, data += 8) st[i] ^= load_lane(data);
    permute(st);
  }
}

}  // namespace
}  // namespace crypto
