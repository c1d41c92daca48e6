// Private to src/hash/blake2b/: the pieces of a whole BLAKE2b hash that
// blake2b.cpp (Monero's API) and blake2b_batch.cpp (cncrypto::blake2b_batch)
// share, defined in blake2b.cpp.
#pragma once

#include "common/endian.h"
#include "hash/blake2b_impl.h"

#include <sodium/utils.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace cncrypto::blake2b_impl {

// h = IV xor the parameter block of sequential hashing (fanout 1, depth 1; RFC
// 7693 section 2.5) with the given digest (1..64) and key (0..64) lengths, salt
// and personalisation (16 bytes each; nullptr: zeros), built word by word (no
// byte block: its byte stores read back as words stall the CPU's store
// forwarding).
void sequential_chain(std::uint64_t h[8], std::size_t outlen, std::size_t keylen, const std::uint8_t *salt,
                      const std::uint8_t *personal);

// The first outlen (<= 64) bytes of the chaining value whose word i is
// h[stride * i], as little-endian bytes: stride 1 for one message's h[8], W for
// lane k of a W-lane state (h + k; hash/blake2b_impl.h compress_lanes_fn). Inline:
// the batch writes a digest per message (a call per digest cost the 8-lane batch
// ~7% on 64-byte messages).
inline void write_digest(const std::uint64_t *h, std::size_t stride, std::uint8_t *out, std::size_t outlen) {
  std::size_t i = 0;
  for (; 8 * i + 8 <= outlen; ++i) store_le64(out + 8 * i, h[stride * i]);
  if (8 * i < outlen) {
    std::uint8_t word[8];
    store_le64(word, h[stride * i]);
    std::memcpy(out + 8 * i, word, outlen - 8 * i);
    sodium_memzero(word, sizeof word);
  }
}

// The whole outlen-byte (1..64) hash of in[0..inlen) from the chaining value
// `chain` (IV xor the parameter block), keyed with key[0..keylen) when
// keylen > 0 (keylen <= 64), through the compression `compress`: what init +
// update + final give. The caller has checked every argument. Constant time in
// the key and the data.
void hash_oneshot(compress_fn compress, const std::uint64_t chain[8], std::size_t outlen, const void *key,
                  std::size_t keylen, const void *in, std::size_t inlen, std::uint8_t *out);

}  // namespace cncrypto::blake2b_impl
