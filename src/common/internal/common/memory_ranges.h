// Layer interface of the common layer (not installed): whether two byte ranges
// share a byte, for the batch functions' checks that outputs do not alias
// inputs (cn_fast_hash_batch, derive_view_tags, blake2b_batch).
#pragma once

#include <cstddef>
#include <cstdint>

namespace cncrypto {

// Whether [a, a + a_size) and [b, b + b_size) share a byte (compared as
// addresses: the arguments may point into unrelated objects). Empty ranges
// share nothing.
inline bool ranges_overlap(const void *a, std::size_t a_size, const void *b, std::size_t b_size) {
  const auto x = reinterpret_cast<std::uintptr_t>(a), y = reinterpret_cast<std::uintptr_t>(b);
  return a_size != 0 && b_size != 0 && (x < y ? y - x < a_size : x - y < b_size);
}

}  // namespace cncrypto
