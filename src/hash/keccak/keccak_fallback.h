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

#include <sodium/utils.h>

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

// hash_one_block from the single-state permute (keccak_permutation.h): the
// caller's buffer becomes the state (capacity lanes zeroed), is permuted in
// place, the output bytes are taken, and the buffer is wiped.
template <void (*permute)(std::uint64_t *)>
void hash_one_block_fallback(std::uint64_t buf[25], std::uint8_t *out, std::size_t out_bytes) {
  for (int i = 17; i < 25; ++i) buf[i] = 0;
  permute(buf);
  for (std::size_t i = 0; i < out_bytes; ++i) out[i] = static_cast<std::uint8_t>(buf[i / 8] >> (8 * (i % 8)));
  sodium_memzero(buf, 25 * sizeof buf[0]);
}

// absorb_blocks of an implementation with register-resident loops for the
// rates of SHA3-512 (72), SHA3-384 (104), Keccak-256 / SHA3-256 / SHAKE256
// (136), SHA3-224 (144) and SHAKE128 (168): absorbN absorbs whole blocks of N
// lanes; any other rate goes through absorb_blocks_fallback over permute.
using absorb_lanes_fn = void (*)(std::uint64_t *, const std::uint8_t *, std::size_t);
template <absorb_lanes_fn absorb9, absorb_lanes_fn absorb13, absorb_lanes_fn absorb17, absorb_lanes_fn absorb18,
          absorb_lanes_fn absorb21, void (*permute)(std::uint64_t *)>
void absorb_blocks_by_rate(std::uint64_t st[25], const std::uint8_t *data, std::size_t blocks, std::size_t rate) {
  if (blocks == 0) return;
  switch (rate) {
    case 136: absorb17(st, data, blocks); return;
    case 72: absorb9(st, data, blocks); return;
    case 104: absorb13(st, data, blocks); return;
    case 144: absorb18(st, data, blocks); return;
    case 168: absorb21(st, data, blocks); return;
    default: break;
  }
  absorb_blocks_fallback(permute, st, data, blocks, rate);
}

}  // namespace
}  // namespace crypto

// Defines `function` (an absorb_blocks entry) from a macro absorb(lanes) that
// defines absorb_<lanes>(st, data, blocks) for whole blocks of `lanes` lanes:
// instantiated for the five rates of absorb_blocks_by_rate, any other rate
// through the fallback over `permute`. Used inside the implementation's
// namespace.
#define CNCRYPTO_KECCAK_ABSORB_ENTRY(function, absorb, permute)                                                  \
  namespace {                                                                                                    \
  absorb(9) absorb(13) absorb(17) absorb(18) absorb(21)                                                          \
  }                                                                                                              \
  void function(std::uint64_t st[25], const std::uint8_t *data, std::size_t blocks, std::size_t rate) {          \
    absorb_blocks_by_rate<absorb_9, absorb_13, absorb_17, absorb_18, absorb_21, permute>(st, data, blocks, rate); \
  }
