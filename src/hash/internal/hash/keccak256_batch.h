// Layer interface of the hash core: Keccak-256 (cn_fast_hash: rate 136,
// padding 0x01, sponge_params.h) of many independent messages on the
// multi-lane permutations. The one batch engine: cn_fast_hash_batch*
// (hash_batch.cpp), tree_hash's levels (tree-hash.cpp) and the key layer's
// view tags (src/keys/view_tags.cpp, which builds its own messages) call it.
// It knows nothing about what the messages mean. Not part of the public API.
//
// Interface: keccak256_many (messages of any lengths) and keccak256_many_short
// (every message shorter than 136 bytes: one block each), at the end of this
// file. Both take
//   Source  `message(i, slot, size)`: returns the bytes of message i (valid
//           until its sink call) and sets size; slot (0 .. 7) lets a source
//           build messages in per-slot scratch;
//   Sink    `done(i, digest)`: gets lanes 0..3 of the final state, i.e. the
//           32-byte digest of message i as host integers (store_digest in
//           sponge_params.h writes them as bytes; byte 0 is digest[0] & 0xff).
// Results are by index; sinks may run in any order. Constant time in the
// message contents (the lengths and count are public). The state buffers are
// wiped (sodium_memzero) before returning.
//
// Scheduling: the implementation's parallel_lanes W (8 for avx512, 4 for avx2,
// 1 for the others, whose multi-lane entries are the generic fallback) gives W
// slots, each holding one message's state, side by side in the lane-interleaved
// layout of permute_x8_lanes / permute_x4_lanes (no transposes). Every step
// absorbs the next block of each busy slot (the last block with the padding),
// permutes all W slots at once, then hands each finished message to the sink
// and refills its slot with the next message. Messages of any lengths mix.
// With W = 1 each message goes through the one-state sponge (absorb_blocks for
// long ones).
//
// Reading order (what makes tree-hash.cpp's in-place levels safe): message i
// is loaded after message i-1; a message of at most 135 bytes is read whole
// in the first step after loading, and the sink of every message loaded after
// it runs later than that.
#pragma once

#include "hash/keccak_permutation.h"
#include "hash/sponge_core.h"
#include "hash/sponge_params.h"

#include <sodium/utils.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace crypto::batch {

namespace detail {

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
      if (sl.left >= sponge::keccak256_rate) {
        sponge::add_block<W>(lanes + k, sl.data);
        sl.data += sponge::keccak256_rate;
        sl.left -= sponge::keccak256_rate;
      } else {
        sponge::add_final_block<W>(lanes + k, sl.data, sl.left);
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

// The one-block form: W messages at a time go straight into the
// lane-interleaved state, one W-state permutation per W messages. Reading
// order: the W messages of a group are all read before any sink of that group
// runs, and groups go in index order (what tree-hash.cpp's in-place levels need).
template <unsigned W, class Source, class Sink>
void keccak256_short_lanes(void (*permute_lanes)(std::uint64_t *), std::size_t count, Source &message, Sink &done) {
  alignas(64) std::uint64_t lanes[25 * W];
  for (std::size_t base = 0; base < count; base += W) {
    const std::size_t n = count - base < W ? count - base : W;
    std::memset(lanes, 0, sizeof lanes);
    for (std::size_t k = 0; k < n; ++k) {
      std::size_t size = 0;
      const std::uint8_t *data = message(base + k, static_cast<unsigned>(k), size);
      sponge::add_final_block<W>(lanes + k, data, size);
    }
    permute_lanes(lanes);
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint64_t digest[4] = {lanes[k], lanes[W + k], lanes[2 * W + k], lanes[3 * W + k]};
      done(base + k, digest);
    }
  }
  sodium_memzero(lanes, sizeof lanes);
}

}  // namespace detail

// Keccak-256 of `count` messages of any lengths (Source and Sink: see the top
// of this file). count 0 does nothing.
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
      const std::size_t position = sponge::absorb(p, st, 0, sponge::keccak256_rate, data, size);
      sponge::pad_and_permute(p, st, position, sponge::keccak256_rate, sponge::keccak_pad);
      done(i, static_cast<const std::uint64_t *>(st));
    }
    sodium_memzero(st, sizeof st);
    return;
  }
  if (width == 8) {
    detail::keccak256_many_lanes<8>(p.permute_x8_lanes, count, message, done);
  } else {
    detail::keccak256_many_lanes<4>(p.permute_x4_lanes, count, message, done);
  }
}

// Keccak-256 of `count` messages that are all shorter than 136 bytes (one
// block each; the caller guarantees it), e.g. pairs of hashes: no scheduler, one W-state permutation per W messages
// (W = parallel_lanes; the single-state permute when it is 1). Each message is
// read whole before the source is asked for the next one (so a source may build
// every message in one scratch buffer), the W messages of a group are all read
// before any sink of that group runs, and groups go in index order. count 0
// does nothing.
template <class Source, class Sink>
void keccak256_many_short(const keccak_permutation &p, std::size_t count, Source &&message, Sink &&done) {
  if (p.parallel_lanes >= 8) {
    detail::keccak256_short_lanes<8>(p.permute_x8_lanes, count, message, done);
  } else if (p.parallel_lanes >= 4) {
    detail::keccak256_short_lanes<4>(p.permute_x4_lanes, count, message, done);
  } else {
    detail::keccak256_short_lanes<1>(p.permute, count, message, done);
  }
}

}  // namespace crypto::batch
