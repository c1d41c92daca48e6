// Layer interface of the hash core: the one-state sponge construction (FIPS 202
// section 4) on top of the permutation interface. Used by keccak_hasher
// (sponge.cpp), Monero's keccak() and KECCAK_CTX (keccak.cpp) and cn_fast_hash
// (hash.cpp), so there is exactly one absorb / pad / squeeze in the library;
// rates and padding bytes are those of sponge_params.h. Not part of the public API.
//
// Position bookkeeping is by counting: no division or modulo by the rate on
// any path, so 1-byte updates and 1-byte squeezes stay cheap (the whole blocks
// of a long update are counted by subtraction, one step per block, and handed
// to the permutation's absorb_blocks in one call).
#pragma once

#include "hash/keccak_permutation.h"
#include "hash/sponge_params.h"

#include <cstddef>
#include <cstdint>

namespace crypto::sponge {

// Absorbs in[0 .. size) into a state that already holds `position` bytes of the
// current block (0 <= position < rate). Permutes each time a block fills.
// Returns the new position (0 <= result < rate).
inline std::size_t absorb(const keccak_permutation &p, std::uint64_t st[25], std::size_t position,
                          std::size_t rate, const std::uint8_t *in, std::size_t size) {
  const std::size_t room = rate - position;
  if (size < room) {
    if (size != 0) p.add_bytes(st, in, position, size);
    return position + size;
  }
  if (position != 0) {
    p.add_bytes(st, in, position, room);
    p.permute(st);
    in += room;
    size -= room;
  }
  if (size >= rate) {
    // Whole blocks in one call: the implementation keeps the state in
    // registers from block to block (every rate here is a multiple of 8).
    std::size_t blocks = 0, whole = 0;
    do {
      whole += rate;
      ++blocks;
    } while (size - whole >= rate);
    p.absorb_blocks(st, in, blocks, rate);
    in += whole;
    size -= whole;
  }
  if (size != 0) p.add_bytes(st, in, 0, size);
  return size;
}

// Pads after `position` absorbed bytes with the domain/padding byte `pad`
// (sponge_params.h: keccak_pad, sha3_pad, shake_pad) and the final 0x80 at
// byte rate-1 (add_padding), then permutes. After this the
// first `rate` bytes of the state are the first block of output.
inline void pad_and_permute(const keccak_permutation &p, std::uint64_t st[25], std::size_t position,
                            std::size_t rate, std::uint8_t pad) {
  add_padding(st, position, rate, pad);
  p.permute(st);
}

// Squeezes out[0 .. size) from a state whose current output block has had
// `position` bytes taken (0 <= position <= rate). Permutes only when more
// output is needed after a block is used up. Returns the new position.
inline std::size_t squeeze(const keccak_permutation &p, std::uint64_t st[25], std::size_t position,
                           std::size_t rate, std::uint8_t *out, std::size_t size) {
  while (size != 0) {
    if (position == rate) {
      p.permute(st);
      position = 0;
    }
    std::size_t take = rate - position;
    if (take > size) take = size;
    p.extract_bytes(st, out, position, take);
    position += take;
    out += take;
    size -= take;
  }
  return position;
}

}  // namespace crypto::sponge
