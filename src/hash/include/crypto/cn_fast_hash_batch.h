// Batch hashing: cn_fast_hash of many independent messages at once, on the
// multi-lane Keccak-f[1600] permutations (8 messages side by side with
// AVX-512, 4 with AVX2; one by one elsewhere, with the same results).
// The hash core's public part of crypto/hash_batch.h (cncrypto extension in namespace cncrypto, no
// Monero counterpart): include crypto/hash_batch.h, which also declares the
// key layer's derive_view_tags, or this header for the hashes alone.
//
// Results are by index: out[i] is always the hash of message i, whatever the
// lengths and however the messages were scheduled. None of these functions
// keeps state between calls; all are thread-safe.
//
// Timing: constant time in the message contents; the time depends only on
// count and the lengths (public).
#pragma once

#include "crypto/hash.h"

#include <cstddef>
#include <cstdint>

namespace cncrypto {

// cn_fast_hash (Keccak-256, rate 136, padding 0x01; Monero's cn_fast_hash) of
// `count` messages of any lengths: out[i] = cn_fast_hash(messages[i], lengths[i])
// for i < count.
//   messages  count pointers; messages[i] may be null when lengths[i] is 0
//   lengths   count byte lengths
//   out       count hashes (32 bytes each); must not overlap the messages
// count 0 does nothing (the pointers may then be null).
// Throws std::invalid_argument naming the argument (and the index i) when
// messages, lengths or out is null with count > 0, or messages[i] is null
// with lengths[i] > 0, or when out overlaps messages[i], the messages array or
// the lengths array; nothing is written then.
void cn_fast_hash_batch(const void *const *messages, const std::size_t *lengths, std::size_t count, crypto::hash *out);

// The same for `count` messages of equal `length` stored one after the other
// (e.g. an array of hashes or keys):
// out[i] = cn_fast_hash(data + i * length, length). data holds count * length
// bytes (may be null when that is 0). out must not overlap data.
// Throws std::invalid_argument when data or out is null while needed,
// count * length overflows, or out overlaps data (even out == data).
void cn_fast_hash_batch_contiguous(const void *data, std::size_t length, std::size_t count, crypto::hash *out);

}  // namespace cncrypto
