// cn_fast_hash_batch and the view-tag batch on the multi-lane Keccak scheduler
// (keccak_batch_core.h).

#include "crypto/hash_batch.h"

#include "crypto/keccak_batch_core.h"
#include "crypto/keccak_permutation.h"

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

// The first 32 state bytes are the digest.
void extract_hash(const std::uint64_t digest[4], hash &out) {
  batch::store_digest(digest, reinterpret_cast<std::uint8_t *>(out.data), HASH_SIZE);
}

// Monero's varint (tools::write_varint): 7 bits per byte, least significant
// first, high bit set on every byte but the last. Returns the byte count.
std::size_t write_varint(std::uint8_t *out, std::size_t value) {
  std::size_t n = 0;
  while (value >= 0x80) {
    out[n++] = static_cast<std::uint8_t>((value & 0x7f) | 0x80);
    value >>= 7;
  }
  out[n++] = static_cast<std::uint8_t>(value);
  return n;
}

}  // namespace

void cn_fast_hash_batch(const void *const *messages, const std::size_t *lengths, std::size_t count, hash *out) {
  if (count == 0) return;
  require(messages != nullptr, "cn_fast_hash_batch", "messages is null but count is " + std::to_string(count));
  require(lengths != nullptr, "cn_fast_hash_batch", "lengths is null but count is " + std::to_string(count));
  require(out != nullptr, "cn_fast_hash_batch", "out is null but count is " + std::to_string(count));
  for (std::size_t i = 0; i < count; ++i) {
    require(messages[i] != nullptr || lengths[i] == 0, "cn_fast_hash_batch",
            "messages[" + std::to_string(i) + "] is null but lengths[" + std::to_string(i) + "] is " +
                std::to_string(lengths[i]));
  }
  const keccak_permutation &p = keccak_active_permutation();
  batch::keccak256_many(
      p, count,
      [&](std::size_t i, unsigned, std::size_t &size) {
        size = lengths[i];
        return static_cast<const std::uint8_t *>(messages[i]);
      },
      [&](std::size_t i, const std::uint64_t *digest) { extract_hash(digest, out[i]); });
}

void cn_fast_hash_batch_contiguous(const void *data, std::size_t length, std::size_t count, hash *out) {
  if (count == 0) return;
  require(out != nullptr, "cn_fast_hash_batch_contiguous", "out is null but count is " + std::to_string(count));
  require(length == 0 || count <= std::numeric_limits<std::size_t>::max() / length, "cn_fast_hash_batch_contiguous",
          "count * length overflows (count " + std::to_string(count) + ", length " + std::to_string(length) + ")");
  require(data != nullptr || length == 0, "cn_fast_hash_batch_contiguous",
          "data is null but count * length is " + std::to_string(count * length));
  const auto *bytes = static_cast<const std::uint8_t *>(data);
  const keccak_permutation &p = keccak_active_permutation();
  batch::keccak256_many(
      p, count,
      [&](std::size_t i, unsigned, std::size_t &size) {
        size = length;
        return bytes == nullptr ? bytes : bytes + i * length;
      },
      [&](std::size_t i, const std::uint64_t *digest) { extract_hash(digest, out[i]); });
}

void derive_view_tags(const std::uint8_t (*derivations)[32], const std::size_t *output_indexes, std::size_t count,
                      std::uint8_t *tags) {
  if (count == 0) return;
  require(derivations != nullptr, "derive_view_tags", "derivations is null but count is " + std::to_string(count));
  require(output_indexes != nullptr, "derive_view_tags",
          "output_indexes is null but count is " + std::to_string(count));
  require(tags != nullptr, "derive_view_tags", "tags is null but count is " + std::to_string(count));
  // One message buffer per slot: "view_tag" (8) || derivation (32) || varint (<= 10).
  std::uint8_t buffers[8][8 + 32 + 10];
  for (auto &b : buffers) std::memcpy(b, "view_tag", 8);
  const keccak_permutation &p = keccak_active_permutation();
  batch::keccak256_many(
      p, count,
      [&](std::size_t i, unsigned slot, std::size_t &size) {
        std::uint8_t *b = buffers[slot];
        std::memcpy(b + 8, derivations[i], 32);
        size = 40 + write_varint(b + 40, output_indexes[i]);
        return static_cast<const std::uint8_t *>(b);
      },
      [&](std::size_t i, const std::uint64_t *digest) { batch::store_digest(digest, &tags[i], 1); });
  sodium_memzero(buffers, sizeof buffers);
}

}  // namespace crypto
