// cncrypto::blake2b_batch (crypto/blake2b_batch.h): many messages through the
// multi-message compression of the batch implementation
// (active_batch_implementation, hash/blake2b_impl.h), or one by one through
// the single-message code when that implementation has none (portable).
//
// Scheduling: W slots (the implementation's lanes), each holding one message.
// Every step gives each busy slot's next block (its key block first when keyed,
// then the message's blocks, the last one padded with zeros and flagged final)
// to one W-lane compression, then writes the digest of each message that
// finished and refills its slot with the next message. Messages of any lengths
// and parameters mix; everything the schedule depends on is a length.

#include "crypto/blake2b_batch.h"

#include "blake2b/blake2b_oneshot.h"
#include "common/endian.h"
#include "common/memory_ranges.h"
#include "crypto/blake2b.h"
#include "hash/blake2b_impl.h"

#include <sodium/utils.h>

#include <cstring>
#include <stdexcept>
#include <string>

namespace cncrypto {

namespace {

namespace impl = cncrypto::blake2b_impl;

constexpr std::size_t block_bytes = BLAKE2B_BLOCKBYTES;
constexpr unsigned max_lanes = 8;

[[noreturn]] void fail(const std::string &what) { throw std::invalid_argument("blake2b_batch: " + what); }

std::string input_name(std::size_t i) { return "inputs[" + std::to_string(i) + "]"; }

// h = IV xor input x's parameter block.
void start_words(const blake2b_batch_input &x, std::uint64_t chain[8]) {
  impl::sequential_chain(chain, x.outlen, x.keylen, static_cast<const std::uint8_t *>(x.salt),
                         static_cast<const std::uint8_t *>(x.personal));
}

// The checks of crypto/blake2b_batch.h (messages built only on failure).
void validate(const void *out, std::size_t out_size, const blake2b_batch_input *inputs, std::size_t count) {
  if (inputs == nullptr) fail("inputs is null but count is " + std::to_string(count));
  if (out == nullptr) fail("out is null but count is " + std::to_string(count));
  std::size_t total = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const blake2b_batch_input &x = inputs[i];
    if (x.outlen < 1 || x.outlen > BLAKE2B_OUTBYTES) {
      fail(input_name(i) + ".outlen is " + std::to_string(x.outlen) + " (1..64 bytes)");
    }
    if (x.keylen > BLAKE2B_KEYBYTES) fail(input_name(i) + ".keylen is " + std::to_string(x.keylen) + " (0..64 bytes)");
    if (x.in == nullptr && x.inlen > 0) fail(input_name(i) + ".in is null but inlen is " + std::to_string(x.inlen));
    if (x.key == nullptr && x.keylen > 0) {
      fail(input_name(i) + ".key is null but keylen is " + std::to_string(x.keylen));
    }
    total += x.outlen;  // at most 64 per input: no overflow for an array that exists
  }
  if (out_size < total) {
    fail("out_size is " + std::to_string(out_size) + " but the digests take " + std::to_string(total) + " bytes");
  }
  if (ranges_overlap(out, total, inputs, count * sizeof *inputs)) fail("the digests overlap the inputs array");
  for (std::size_t i = 0; i < count; ++i) {
    const blake2b_batch_input &x = inputs[i];
    const std::size_t salt_size = x.salt == nullptr ? 0 : BLAKE2B_SALTBYTES;
    const std::size_t personal_size = x.personal == nullptr ? 0 : BLAKE2B_PERSONALBYTES;
    if (ranges_overlap(out, total, x.in, x.inlen)) fail("the digests overlap " + input_name(i) + ".in");
    if (ranges_overlap(out, total, x.key, x.keylen)) fail("the digests overlap " + input_name(i) + ".key");
    if (ranges_overlap(out, total, x.salt, salt_size)) fail("the digests overlap " + input_name(i) + ".salt");
    if (ranges_overlap(out, total, x.personal, personal_size)) {
      fail("the digests overlap " + input_name(i) + ".personal");
    }
  }
}

// One by one through the single-message code (an implementation without lanes).
void run_single(impl::compress_fn compress, std::uint8_t *out, const blake2b_batch_input *inputs, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    const blake2b_batch_input &x = inputs[i];
    std::uint64_t chain[8];
    start_words(x, chain);
    impl::hash_oneshot(compress, chain, x.outlen, x.key, x.keylen, x.in, x.inlen, out);
    out += x.outlen;
  }
}

// The W-slot scheduler (the file comment) on compress_lanes.
void run_lanes(const impl::implementation &entry, std::uint8_t *out, const blake2b_batch_input *inputs,
               std::size_t count) {
  const unsigned W = entry.lanes;
  struct slot {
    std::uint8_t *digest;      // where its digest goes
    std::size_t outlen;        // digest bytes
    const std::uint8_t *data;  // message bytes not yet compressed
    std::size_t left;          // how many
    std::uint64_t counter;     // bytes compressed so far (RFC 7693's t, low word)
    bool key_pending;          // the key block (in buf) comes first
    bool busy;                 // holds a message
  } slots[max_lanes];
  // Word i of lane k at h[W * i + k]. A lane that never gets a message is zeroed
  // below; one whose last message finished keeps that chaining value (defined,
  // compressed with zero blocks and ignored, wiped at the end).
  alignas(64) std::uint64_t h[8 * max_lanes];
  alignas(64) std::uint8_t buf[max_lanes][block_bytes];
  static const std::uint8_t zero_block[block_bytes] = {};
  const std::uint8_t *blocks[max_lanes];
  std::uint64_t t[max_lanes], f[max_lanes];

  std::size_t next = 0;
  unsigned busy = 0;
  auto start = [&](unsigned k) {
    const blake2b_batch_input &x = inputs[next];
    std::uint64_t chain[8];
    start_words(x, chain);
    for (unsigned i = 0; i < 8; ++i) h[W * i + k] = chain[i];
    slot &s = slots[k];
    s.digest = out;
    s.outlen = x.outlen;
    s.data = static_cast<const std::uint8_t *>(x.in);
    s.left = x.inlen;
    s.counter = 0;
    s.key_pending = x.keylen > 0;
    if (s.key_pending) {
      std::memcpy(buf[k], zero_block, block_bytes);  // (a fixed-size copy: no rep stos)
      std::memcpy(buf[k], x.key, x.keylen);
    }
    s.busy = true;
    out += x.outlen;
    ++next;
    ++busy;
  };
  for (unsigned k = 0; k < W; ++k) {
    slots[k].busy = false;
    if (next < count) {
      start(k);
    } else {
      for (unsigned i = 0; i < 8; ++i) h[W * i + k] = 0;
    }
  }
  bool final_block[max_lanes] = {};
  while (busy != 0) {
    for (unsigned k = 0; k < W; ++k) {
      slot &s = slots[k];
      final_block[k] = false;
      if (!s.busy) {
        blocks[k] = zero_block;
        t[k] = 0;
        f[k] = 0;
        continue;
      }
      if (s.key_pending) {
        // The key block; the last block only of an empty message.
        blocks[k] = buf[k];
        s.key_pending = false;
        s.counter += block_bytes;
        final_block[k] = s.left == 0;
      } else if (s.left > block_bytes) {
        blocks[k] = s.data;
        s.data += block_bytes;
        s.left -= block_bytes;
        s.counter += block_bytes;
      } else {
        // The last block (0..128 bytes; 0 only for an unkeyed empty message), zero-padded.
        std::memcpy(buf[k], zero_block, block_bytes);
        if (s.left > 0) std::memcpy(buf[k], s.data, s.left);
        blocks[k] = buf[k];
        s.counter += s.left;
        s.left = 0;
        final_block[k] = true;
      }
      t[k] = s.counter;
      f[k] = final_block[k] ? ~std::uint64_t{0} : 0;
    }
    entry.compress_lanes(h, blocks, t, f);
    for (unsigned k = 0; k < W; ++k) {
      if (!final_block[k]) continue;
      impl::write_digest(h + k, W, slots[k].digest, slots[k].outlen);
      slots[k].busy = false;
      --busy;
      if (next < count) start(k);
    }
  }
  sodium_memzero(h, sizeof h);
  sodium_memzero(buf, sizeof buf);
}

}  // namespace

void blake2b_batch(void *out, std::size_t out_size, const blake2b_batch_input *inputs, std::size_t count) {
  if (count == 0) return;
  validate(out, out_size, inputs, count);
  impl::hash_batch(impl::active_batch_implementation(), static_cast<std::uint8_t *>(out), inputs, count);
}

}  // namespace cncrypto

void cncrypto::blake2b_impl::hash_batch(const implementation &entry, std::uint8_t *out,
                                      const cncrypto::blake2b_batch_input *inputs, std::size_t count) {
  if (entry.lanes > 1 && entry.compress_lanes != nullptr && entry.lanes <= cncrypto::max_lanes) {
    cncrypto::run_lanes(entry, out, inputs, count);
  } else {
    cncrypto::run_single(entry.compress, out, inputs, count);
  }
}
