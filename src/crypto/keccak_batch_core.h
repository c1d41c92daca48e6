// Internal: Keccak-256 (cn_fast_hash: rate 136, padding 0x01) of many
// independent messages on the multi-lane permutations. Used by hash_batch.cpp
// (cn_fast_hash_batch, the view-tag batch) and tree-hash.cpp (tree levels).
// Not part of the public API.
//
// Scheduling: the implementation's parallel_lanes W (8 for avx512, 4 for avx2,
// 1 for the others, whose x4/x8 loop the single permutation) gives W slots, each holding one
// message's state. Every step absorbs the next block of each active slot (the
// last block with the padding), permutes all slots at once (permute_x8, or
// permute_x4 once at most 4 slots are active, or permute for one), then hands
// each finished message to the sink and refills its slot with the next
// message. Messages of any lengths mix; results come out by index. With W = 1
// each message goes through the one-state sponge (absorb_blocks for long ones).
//
// Reading order (what makes tree-hash.cpp's in-place levels safe): message i
// is loaded after message i-1; a message of at most 135 bytes is read whole
// in the first step after loading, and the sink of every message loaded after
// it runs later than that.
#pragma once

#include "crypto/keccak_permutation.h"
#include "crypto/sponge_core.h"

#include <sodium/utils.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace crypto::batch {

constexpr std::size_t keccak256_rate = 136;
constexpr std::uint8_t keccak_pad = 0x01;

// Little-endian 8-byte load at any alignment (lanes are little-endian byte
// strings, keccak_permutation.h).
inline std::uint64_t load_le64(const std::uint8_t *p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  v = __builtin_bswap64(v);
#endif
  return v;
}

// XORs one whole block (136 bytes) into st.
inline void add_block(std::uint64_t st[25], const std::uint8_t *data) {
  for (std::size_t w = 0; w < keccak256_rate / 8; ++w) st[w] ^= load_le64(data + 8 * w);
}

// XORs the last `left` (< 136) message bytes and the padding (0x01 after the
// message, 0x80 in byte 135) into st. Reads exactly `left` bytes.
inline void add_last_block(std::uint64_t st[25], const std::uint8_t *data, std::size_t left) {
  const std::size_t whole = left / 8;
  for (std::size_t w = 0; w < whole; ++w) st[w] ^= load_le64(data + 8 * w);
  std::uint64_t tail = 0;
  for (std::size_t b = 0; b < left % 8; ++b) tail |= static_cast<std::uint64_t>(data[8 * whole + b]) << (8 * b);
  tail |= static_cast<std::uint64_t>(keccak_pad) << (8 * (left % 8));
  st[whole] ^= tail;
  st[keccak256_rate / 8 - 1] ^= std::uint64_t{0x80} << 56;
}

// Source: `message(i, slot, size)` returns the bytes of message i (valid until
// its sink call) and sets size; slot (0 .. 7) lets a source build messages in
// per-slot scratch. Sink: `done(i, state)` reads the digest from the state
// (bytes 0..31 are cn_fast_hash of message i).
template <class Source, class Sink>
void keccak256_many(const keccak_permutation &p, std::size_t count, Source &&message, Sink &&done) {
  if (count == 0) return;
  const unsigned width = p.parallel_lanes >= 8 ? 8u : p.parallel_lanes >= 4 ? 4u : 1u;
  std::uint64_t states[8][25];
  if (width == 1) {
    for (std::size_t i = 0; i < count; ++i) {
      std::size_t size = 0;
      const std::uint8_t *data = message(i, 0u, size);
      std::memset(states[0], 0, sizeof states[0]);
      const std::size_t position = sponge::absorb(p, states[0], 0, keccak256_rate, data, size);
      sponge::pad_and_permute(p, states[0], position, keccak256_rate, keccak_pad);
      done(i, states[0]);
    }
    sodium_memzero(states, sizeof states);
    return;
  }

  struct slot {
    std::size_t index;         // message index
    const std::uint8_t *data;  // bytes not yet absorbed
    std::size_t left;          // how many
    bool last;                 // the padded final block is in the state
  } slots[8];
  std::memset(states, 0, sizeof states);  // unused slots are permuted too: keep them defined
  std::size_t next = 0;
  unsigned active = 0;
  auto start = [&](unsigned s) {
    std::memset(states[s], 0, sizeof states[s]);
    slots[s].index = next;
    slots[s].data = message(next, s, slots[s].left);
    slots[s].last = false;
    ++next;
  };
  while (active < width && next < count) start(active++);

  while (active != 0) {
    for (unsigned s = 0; s < active; ++s) {
      slot &sl = slots[s];
      if (sl.left >= keccak256_rate) {
        add_block(states[s], sl.data);
        sl.data += keccak256_rate;
        sl.left -= keccak256_rate;
      } else {
        add_last_block(states[s], sl.data, sl.left);
        sl.last = true;
      }
    }
    if (active == 1) {
      p.permute(states[0]);
    } else if (active <= 4) {
      p.permute_x4(states);
    } else {
      p.permute_x8(states);
    }
    for (unsigned s = 0; s < active;) {
      if (!slots[s].last) {
        ++s;
        continue;
      }
      done(slots[s].index, states[s]);
      if (next < count) {
        start(s);
        ++s;
      } else {
        // No message left: move the last active slot here (recheck slot s).
        --active;
        if (s != active) {
          slots[s] = slots[active];
          std::memcpy(states[s], states[active], sizeof states[s]);
        }
      }
    }
  }
  sodium_memzero(states, sizeof states);
}

}  // namespace crypto::batch
