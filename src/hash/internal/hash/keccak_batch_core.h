// Internal: Keccak-256 (cn_fast_hash: rate 136, padding 0x01) of many
// independent messages on the multi-lane permutations. Used by hash_batch.cpp
// (cn_fast_hash_batch, the view-tag batch) and tree-hash.cpp (tree levels).
// Not part of the public API.
//
// Scheduling: the implementation's parallel_lanes W (8 for avx512, 4 for avx2,
// 1 for the others, whose x4/x8 loop the single permutation) gives W slots, each holding one
// message's state, side by side in the lane-interleaved layout of
// permute_x8_lanes / permute_x4_lanes (no transposes). Every step absorbs the
// next block of each busy slot (the last block with the padding), permutes all
// W slots at once, then hands each finished message to the sink and refills
// its slot with the next message. Messages of any lengths mix; results come
// out by index. With W = 1 each message goes through the one-state sponge
// (absorb_blocks for long ones).
//
// Reading order (what makes tree-hash.cpp's in-place levels safe): message i
// is loaded after message i-1; a message of at most 135 bytes is read whole
// in the first step after loading, and the sink of every message loaded after
// it runs later than that.
#pragma once

#include "hash/keccak_permutation.h"
#include "hash/sponge_core.h"

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

// XORs one whole block (136 bytes) into the state whose lane w is st[stride * w].
template <std::size_t stride>
inline void add_block(std::uint64_t *st, const std::uint8_t *data) {
  for (std::size_t w = 0; w < keccak256_rate / 8; ++w) st[stride * w] ^= load_le64(data + 8 * w);
}

// XORs the last `left` (< 136) message bytes and the padding (0x01 after the
// message, 0x80 in byte 135) into the state whose lane w is st[stride * w].
// Reads exactly `left` bytes.
template <std::size_t stride>
inline void add_last_block(std::uint64_t *st, const std::uint8_t *data, std::size_t left) {
  const std::size_t whole = left / 8;
  for (std::size_t w = 0; w < whole; ++w) st[stride * w] ^= load_le64(data + 8 * w);
  std::uint64_t tail = 0;
  for (std::size_t b = 0; b < left % 8; ++b) tail |= static_cast<std::uint64_t>(data[8 * whole + b]) << (8 * b);
  tail |= static_cast<std::uint64_t>(keccak_pad) << (8 * (left % 8));
  st[stride * whole] ^= tail;
  st[stride * (keccak256_rate / 8 - 1)] ^= std::uint64_t{0x80} << 56;
}

// Monero's view-tag message "view_tag" || derivation (32 bytes) ||
// varint(output_index) (41..50 bytes: one Keccak-256 block) with the first
// padding byte 0x01 after it, as state lanes 0..6 (little-endian). The caller
// XORs these into a zero state and adds the final padding bit
// (view_tag_last_lane in lane 16).
constexpr std::size_t view_tag_lanes_count = 7;
constexpr std::uint64_t view_tag_last_lane = std::uint64_t{0x80} << 56;  // byte 135
inline void view_tag_lanes(const std::uint8_t derivation[32], std::uint64_t output_index,
                           std::uint64_t lanes[view_tag_lanes_count]) {
  lanes[0] = load_le64(reinterpret_cast<const std::uint8_t *>("view_tag"));
  for (int i = 0; i < 4; ++i) lanes[1 + i] = load_le64(derivation + 8 * i);
  // varint (tools::write_varint): 7 bits per byte, least significant first,
  // the top bit set on every byte but the last; then the padding byte 0x01.
  std::uint8_t tail[16] = {};
  std::size_t n = 0;
  while (output_index >= 0x80) {
    tail[n++] = static_cast<std::uint8_t>((output_index & 0x7f) | 0x80);
    output_index >>= 7;
  }
  tail[n++] = static_cast<std::uint8_t>(output_index);
  tail[n] = keccak_pad;
  lanes[5] = load_le64(tail);
  lanes[6] = load_le64(tail + 8);
}

// Writes the first `bytes` (<= 32) bytes of a digest given as its first 4
// lanes (host integers) to out, little-endian.
inline void store_digest(const std::uint64_t digest[4], std::uint8_t *out, std::size_t bytes) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  std::memcpy(out, digest, bytes);  // lanes are little-endian byte strings already
#else
  for (std::size_t i = 0; i < bytes; ++i) out[i] = static_cast<std::uint8_t>(digest[i / 8] >> (8 * (i % 8)));
#endif
}

// The W-slot scheduler on the lane-interleaved layout (lane w of slot k at
// lanes[W*w + k], keccak_permutation.h): message words are XORed straight into
// it and permute_lanes runs all W slots at once, whatever number is busy (an
// 8-state permutation costs about one single-state permutation with AVX-512,
// so idle slots are not worth a narrower call).
template <unsigned W, class Source, class Sink>
void keccak256_many_lanes(void (*permute_lanes)(std::uint64_t *), std::size_t count, Source &message, Sink &done) {
  alignas(64) std::uint64_t lanes[25 * W];
  struct slot {
    std::size_t index;         // message index
    const std::uint8_t *data;  // bytes not yet absorbed
    std::size_t left;          // how many
    bool busy;                 // holds a message
    bool last;                 // the padded final block is in the state
  } slots[W];
  std::memset(lanes, 0, sizeof lanes);  // idle slots are permuted too: keep them defined
  std::size_t next = 0;
  unsigned busy = 0;
  auto start = [&](unsigned k) {
    for (unsigned w = 0; w < 25; ++w) lanes[W * w + k] = 0;
    slots[k].index = next;
    slots[k].data = message(next, k, slots[k].left);
    slots[k].busy = true;
    slots[k].last = false;
    ++next;
    ++busy;
  };
  for (unsigned k = 0; k < W; ++k) {
    slots[k].busy = false;
    if (next < count) start(k);
  }
  while (busy != 0) {
    for (unsigned k = 0; k < W; ++k) {
      slot &sl = slots[k];
      if (!sl.busy) continue;
      if (sl.left >= keccak256_rate) {
        add_block<W>(lanes + k, sl.data);
        sl.data += keccak256_rate;
        sl.left -= keccak256_rate;
      } else {
        add_last_block<W>(lanes + k, sl.data, sl.left);
        sl.last = true;
      }
    }
    permute_lanes(lanes);
    for (unsigned k = 0; k < W; ++k) {
      if (!slots[k].busy || !slots[k].last) continue;
      const std::uint64_t digest[4] = {lanes[k], lanes[W + k], lanes[2 * W + k], lanes[3 * W + k]};
      done(slots[k].index, digest);
      slots[k].busy = false;
      --busy;
      if (next < count) start(k);
    }
  }
  sodium_memzero(lanes, sizeof lanes);
}

// Source: `message(i, slot, size)` returns the bytes of message i (valid until
// its sink call) and sets size; slot (0 .. 7) lets a source build messages in
// per-slot scratch. Sink: `done(i, digest)` gets lanes 0..3 of the final state
// (store_digest writes them as cn_fast_hash of message i).
template <class Source, class Sink>
void keccak256_many(const keccak_permutation &p, std::size_t count, Source &&message, Sink &&done) {
  if (count == 0) return;
  const unsigned width = p.parallel_lanes >= 8 ? 8u : p.parallel_lanes >= 4 ? 4u : 1u;
  if (width == 1) {
    std::uint64_t st[25];
    for (std::size_t i = 0; i < count; ++i) {
      std::size_t size = 0;
      const std::uint8_t *data = message(i, 0u, size);
      std::memset(st, 0, sizeof st);
      const std::size_t position = sponge::absorb(p, st, 0, keccak256_rate, data, size);
      sponge::pad_and_permute(p, st, position, keccak256_rate, keccak_pad);
      done(i, static_cast<const std::uint64_t *>(st));
    }
    sodium_memzero(st, sizeof st);
    return;
  }
  if (width == 8) {
    keccak256_many_lanes<8>(p.permute_x8_lanes, count, message, done);
  } else {
    keccak256_many_lanes<4>(p.permute_x4_lanes, count, message, done);
  }
}

// The same for messages that are all shorter than 136 bytes (one block each;
// the caller guarantees it): no scheduler, W messages at a time go straight
// into the lane-interleaved state, one W-state permutation per W messages.
// Reading order: the W messages of a group are all read before any sink of
// that group runs, and groups go in index order (what tree-hash.cpp's in-place
// levels need).
template <unsigned W, class Source, class Sink>
void keccak256_short_lanes(void (*permute_lanes)(std::uint64_t *), std::size_t count, Source &message, Sink &done) {
  alignas(64) std::uint64_t lanes[25 * W];
  for (std::size_t base = 0; base < count; base += W) {
    const std::size_t n = count - base < W ? count - base : W;
    std::memset(lanes, 0, sizeof lanes);
    for (std::size_t k = 0; k < n; ++k) {
      std::size_t size = 0;
      const std::uint8_t *data = message(base + k, static_cast<unsigned>(k), size);
      add_last_block<W>(lanes + k, data, size);
    }
    permute_lanes(lanes);
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint64_t digest[4] = {lanes[k], lanes[W + k], lanes[2 * W + k], lanes[3 * W + k]};
      done(base + k, digest);
    }
  }
  sodium_memzero(lanes, sizeof lanes);
}

template <class Source, class Sink>
void keccak256_many_short(const keccak_permutation &p, std::size_t count, Source &&message, Sink &&done) {
  if (p.parallel_lanes >= 8) {
    keccak256_short_lanes<8>(p.permute_x8_lanes, count, message, done);
  } else if (p.parallel_lanes >= 4) {
    keccak256_short_lanes<4>(p.permute_x4_lanes, count, message, done);
  } else {
    keccak256_short_lanes<1>(p.permute, count, message, done);
  }
}

}  // namespace crypto::batch
