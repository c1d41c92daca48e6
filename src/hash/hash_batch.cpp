// cn_fast_hash_batch and the view-tag batch on the multi-lane Keccak scheduler
// (keccak_batch_core.h).

#include "crypto/hash_batch.h"

#include "hash/keccak_batch_core.h"
#include "hash/keccak_permutation.h"

#include <sodium/utils.h>

#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

namespace crypto {

namespace {

void require(bool ok, const char *function, const std::string &what) {
  if (!ok) throw std::invalid_argument(std::string(function) + ": " + what);
}

// Whether the byte ranges [a, a + a_size) and [b, b + b_size) share a byte
// (compared as addresses: the arguments may point into unrelated objects).
bool overlaps(const void *a, std::size_t a_size, const void *b, std::size_t b_size) {
  if (a_size == 0 || b_size == 0) return false;
  const auto a0 = reinterpret_cast<std::uintptr_t>(a);
  const auto b0 = reinterpret_cast<std::uintptr_t>(b);
  return a0 < b0 ? b0 - a0 < a_size : a0 - b0 < b_size;
}

// The first 32 state bytes are the digest.
void extract_hash(const std::uint64_t digest[4], hash &out) {
  batch::store_digest(digest, reinterpret_cast<std::uint8_t *>(out.data), HASH_SIZE);
}

// derive_view_tags on W states in the lane-interleaved layout
// (keccak_permutation.h; W = 1 is one plain state).
template <unsigned W>
void view_tags_lanes(void (*permute)(std::uint64_t *), const std::uint8_t (*derivations)[32],
                     const std::size_t *output_indexes, std::size_t count, std::uint8_t *tags) {
  alignas(64) std::uint64_t lanes[25 * W];
  std::uint64_t message[batch::view_tag_lanes_count];
  for (std::size_t base = 0; base < count; base += W) {
    const std::size_t n = count - base < W ? count - base : W;
    std::memset(lanes, 0, sizeof lanes);
    for (std::size_t k = 0; k < n; ++k) {
      batch::view_tag_lanes(derivations[base + k], output_indexes[base + k], message);
      for (std::size_t i = 0; i < batch::view_tag_lanes_count; ++i) lanes[W * i + k] = message[i];
      lanes[W * 16 + k] = batch::view_tag_last_lane;
    }
    permute(lanes);
    for (std::size_t k = 0; k < n; ++k) tags[base + k] = static_cast<std::uint8_t>(lanes[k]);
  }
  sodium_memzero(lanes, sizeof lanes);
  sodium_memzero(message, sizeof message);
}

}  // namespace

void cn_fast_hash_batch(const void *const *messages, const std::size_t *lengths, std::size_t count, hash *out) {
  if (count == 0) return;
  require(messages != nullptr, "cn_fast_hash_batch", "messages is null but count is " + std::to_string(count));
  require(lengths != nullptr, "cn_fast_hash_batch", "lengths is null but count is " + std::to_string(count));
  require(out != nullptr, "cn_fast_hash_batch", "out is null but count is " + std::to_string(count));
  require(count <= std::numeric_limits<std::size_t>::max() / sizeof(hash), "cn_fast_hash_batch",
          "count " + std::to_string(count) + " is larger than any array of hashes can be");
  require(!overlaps(out, count * sizeof(hash), messages, count * sizeof *messages), "cn_fast_hash_batch",
          "out overlaps the messages array (the outputs must not alias the inputs)");
  require(!overlaps(out, count * sizeof(hash), lengths, count * sizeof *lengths), "cn_fast_hash_batch",
          "out overlaps the lengths array (the outputs must not alias the inputs)");
  bool short_only = true;  // every message one block: no scheduler needed
  for (std::size_t i = 0; i < count; ++i) {
    if (messages[i] == nullptr && lengths[i] != 0) {  // the message only built on failure
      require(false, "cn_fast_hash_batch",
              "messages[" + std::to_string(i) + "] is null but lengths[" + std::to_string(i) + "] is " +
                  std::to_string(lengths[i]));
    }
    require(!overlaps(out, count * sizeof(hash), messages[i], lengths[i]), "cn_fast_hash_batch",
            "out overlaps messages[" + std::to_string(i) + "] (the outputs must not alias the inputs)");
    short_only = short_only && lengths[i] < batch::keccak256_rate;
  }
  const keccak_permutation &p = keccak_active_permutation();
  auto message = [&](std::size_t i, unsigned, std::size_t &size) {
    size = lengths[i];
    return static_cast<const std::uint8_t *>(messages[i]);
  };
  auto sink = [&](std::size_t i, const std::uint64_t *digest) { extract_hash(digest, out[i]); };
  if (short_only) {
    batch::keccak256_many_short(p, count, message, sink);
  } else {
    batch::keccak256_many(p, count, message, sink);
  }
}

void cn_fast_hash_batch_contiguous(const void *data, std::size_t length, std::size_t count, hash *out) {
  if (count == 0) return;
  require(out != nullptr, "cn_fast_hash_batch_contiguous", "out is null but count is " + std::to_string(count));
  require(length == 0 || count <= std::numeric_limits<std::size_t>::max() / length, "cn_fast_hash_batch_contiguous",
          "count * length overflows (count " + std::to_string(count) + ", length " + std::to_string(length) + ")");
  require(data != nullptr || length == 0, "cn_fast_hash_batch_contiguous",
          "data is null but count * length is " + std::to_string(count * length));
  require(count <= std::numeric_limits<std::size_t>::max() / sizeof(hash), "cn_fast_hash_batch_contiguous",
          "count " + std::to_string(count) + " is larger than any array of hashes can be");
  require(!overlaps(out, count * sizeof(hash), data, count * length), "cn_fast_hash_batch_contiguous",
          "out overlaps data (the outputs must not alias the inputs)");
  const auto *bytes = static_cast<const std::uint8_t *>(data);
  const keccak_permutation &p = keccak_active_permutation();
  auto message = [&](std::size_t i, unsigned, std::size_t &size) {
    size = length;
    return bytes == nullptr ? bytes : bytes + i * length;
  };
  auto sink = [&](std::size_t i, const std::uint64_t *digest) { extract_hash(digest, out[i]); };
  if (length < batch::keccak256_rate) {
    batch::keccak256_many_short(p, count, message, sink);
  } else {
    batch::keccak256_many(p, count, message, sink);
  }
}

void derive_view_tags(const std::uint8_t (*derivations)[32], const std::size_t *output_indexes, std::size_t count,
                      std::uint8_t *tags) {
  if (count == 0) return;
  require(derivations != nullptr, "derive_view_tags", "derivations is null but count is " + std::to_string(count));
  require(output_indexes != nullptr, "derive_view_tags",
          "output_indexes is null but count is " + std::to_string(count));
  require(tags != nullptr, "derive_view_tags", "tags is null but count is " + std::to_string(count));
  require(count <= std::numeric_limits<std::size_t>::max() / 32, "derive_view_tags",
          "count " + std::to_string(count) + " is larger than any array of derivations can be");
  require(!overlaps(tags, count, derivations, count * 32), "derive_view_tags",
          "tags overlaps derivations (the outputs must not alias the inputs)");
  require(!overlaps(tags, count, output_indexes, count * sizeof *output_indexes), "derive_view_tags",
          "tags overlaps output_indexes (the outputs must not alias the inputs)");
  // Every message is one block (41..50 bytes), so no scheduler: W messages'
  // lanes go straight into the lane-interleaved state, one W-state permutation
  // per W tags.
  const keccak_permutation &p = keccak_active_permutation();
  if (p.parallel_lanes >= 8) {
    view_tags_lanes<8>(p.permute_x8_lanes, derivations, output_indexes, count, tags);
  } else if (p.parallel_lanes >= 4) {
    view_tags_lanes<4>(p.permute_x4_lanes, derivations, output_indexes, count, tags);
  } else {
    view_tags_lanes<1>(p.permute, derivations, output_indexes, count, tags);
  }
}

}  // namespace crypto
