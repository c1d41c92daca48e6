// cn_fast_hash_batch and cn_fast_hash_batch_contiguous on the batch engine
// (keccak256_batch.h).

#include "crypto/cn_fast_hash_batch.h"

#include "common/memory_ranges.h"
#include "hash/keccak256_batch.h"
#include "hash/keccak_permutation.h"
#include "hash/sponge_params.h"


#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

namespace cncrypto {

using namespace crypto;  // the types and helpers of Monero's names

namespace {

void require(bool ok, const char *function, const std::string &what) {
  if (!ok) throw std::invalid_argument(std::string(function) + ": " + what);
}

// The first 32 state bytes are the digest.
void extract_hash(const std::uint64_t digest[4], hash &out) {
  sponge::store_digest(digest, reinterpret_cast<std::uint8_t *>(out.data), HASH_SIZE);
}

}  // namespace

void cn_fast_hash_batch(const void *const *messages, const std::size_t *lengths, std::size_t count, hash *out) {
  if (count == 0) return;
  require(messages != nullptr, "cn_fast_hash_batch", "messages is null but count is " + std::to_string(count));
  require(lengths != nullptr, "cn_fast_hash_batch", "lengths is null but count is " + std::to_string(count));
  require(out != nullptr, "cn_fast_hash_batch", "out is null but count is " + std::to_string(count));
  require(count <= std::numeric_limits<std::size_t>::max() / sizeof(hash), "cn_fast_hash_batch",
          "count " + std::to_string(count) + " is larger than any array of hashes can be");
  require(!ranges_overlap(out, count * sizeof(hash), messages, count * sizeof *messages), "cn_fast_hash_batch",
          "out overlaps the messages array (the outputs must not alias the inputs)");
  require(!ranges_overlap(out, count * sizeof(hash), lengths, count * sizeof *lengths), "cn_fast_hash_batch",
          "out overlaps the lengths array (the outputs must not alias the inputs)");
  bool short_only = true;  // every message one block: no scheduler needed
  for (std::size_t i = 0; i < count; ++i) {
    if (messages[i] == nullptr && lengths[i] != 0) {  // the message only built on failure
      require(false, "cn_fast_hash_batch",
              "messages[" + std::to_string(i) + "] is null but lengths[" + std::to_string(i) + "] is " +
                  std::to_string(lengths[i]));
    }
    require(!ranges_overlap(out, count * sizeof(hash), messages[i], lengths[i]), "cn_fast_hash_batch",
            "out overlaps messages[" + std::to_string(i) + "] (the outputs must not alias the inputs)");
    short_only = short_only && lengths[i] < sponge::keccak256_rate;
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
  require(!ranges_overlap(out, count * sizeof(hash), data, count * length), "cn_fast_hash_batch_contiguous",
          "out overlaps data (the outputs must not alias the inputs)");
  const auto *bytes = static_cast<const std::uint8_t *>(data);
  const keccak_permutation &p = keccak_active_permutation();
  auto message = [&](std::size_t i, unsigned, std::size_t &size) {
    size = length;
    return bytes == nullptr ? bytes : bytes + i * length;
  };
  auto sink = [&](std::size_t i, const std::uint64_t *digest) { extract_hash(digest, out[i]); };
  if (length < sponge::keccak256_rate) {
    batch::keccak256_many_short(p, count, message, sink);
  } else {
    batch::keccak256_many(p, count, message, sink);
  }
}

}  // namespace cncrypto
