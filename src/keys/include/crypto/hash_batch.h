// Batch hashing (cncrypto extension in namespace cncrypto, no Monero counterpart): cn_fast_hash of
// many messages at once (crypto/cn_fast_hash_batch.h, the hash core) and view
// tags of many (derivation, output index) pairs at once (below, the key layer),
// on the multi-lane Keccak-f[1600] permutations (8 hashes side by side with
// AVX-512, 4 with AVX2; one by one elsewhere, with the same results).
//
// Results are by index. None of these functions keeps state between calls;
// all are thread-safe. Timing: constant time in the message contents and
// derivations; the time depends only on count and the lengths (public).
#pragma once

#include "crypto/cn_fast_hash_batch.h"

#include <cstddef>
#include <cstdint>

namespace cncrypto {

// View tags (Monero v15+, cryptonote::derive_view_tag) for `count`
// (derivation, output index) pairs, on raw bytes:
//   tags[i] = first byte of cn_fast_hash("view_tag" || derivations[i] ||
//             varint(output_indexes[i]))
// ("view_tag" is the 8 ASCII bytes without a terminator; varint is Monero's
// 7-bits-per-byte little-endian encoding, 1 to 10 bytes).
//   derivations     count 32-byte key derivations (secret: wiped from the
//                   internal buffers afterwards)
//   output_indexes  count output indexes
//   tags            count bytes
// count 0 does nothing. Throws std::invalid_argument naming the argument when
// a pointer is null with count > 0, or when tags overlaps derivations or
// output_indexes. The typed form (crypto::key_derivation in,
// crypto::view_tag out) is cncrypto::derive_view_tags in crypto/crypto.h.
// Source: Monero derive_view_tag, once per pair (src/keys/view_tags.cpp).
void derive_view_tags(const std::uint8_t (*derivations)[32], const std::size_t *output_indexes, std::size_t count,
                      std::uint8_t *tags);

}  // namespace cncrypto
