// View tags (crypto/crypto.h: derive_view_tag, derive_view_tags; crypto/hash_batch.h:
// derive_view_tags on raw bytes). The key layer builds Monero's message
// "view_tag" || derivation || varint(output_index) (common/varint.h) and hashes
// it as one Keccak-256 block (hash/sponge_params.h), or many of them with the
// hash core's batch engine (hash/keccak256_batch.h); the hash core knows
// nothing about view tags.
#include "crypto/crypto.h"
#include "crypto/hash_batch.h"

#include "common/memory_ranges.h"
#include "common/varint.h"
#include "hash/keccak256_batch.h"
#include "hash/keccak_permutation.h"
#include "hash/sponge_params.h"

#include <sodium/utils.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

namespace {

// The longest message: "view_tag" (8) || derivation (32) || varint (1..10).
constexpr std::size_t max_message_size = 8 + 32 + cncrypto::max_varint_size;

// Writes Monero's view-tag message to out and returns its length (41..50 bytes:
// one Keccak-256 block). Constant time in the derivation.
std::size_t view_tag_message(const std::uint8_t derivation[32], std::uint64_t output_index,
                             std::uint8_t out[max_message_size]) {
  std::memcpy(out, "view_tag", 8);
  std::memcpy(out + 8, derivation, 32);
  return 40 + cncrypto::write_varint(out + 40, output_index);
}

void require(bool ok, const std::string &what) {
  if (!ok) throw std::invalid_argument("derive_view_tags: " + what);
}

}  // namespace

namespace crypto {

void derive_view_tag(const key_derivation &derivation, std::size_t output_index, view_tag &vt) {
  // One Keccak-256 block built straight in the state (no message buffer):
  // lane 0 "view_tag", lanes 1..4 the derivation, lanes 5..6 the varint, then
  // sponge::add_padding; the same lanes as sponge::add_final_block of
  // view_tag_message (the batch path).
  std::uint64_t st[25] = {};
  const auto *d = reinterpret_cast<const std::uint8_t *>(derivation.data);
  st[0] = load_lane(reinterpret_cast<const std::uint8_t *>("view_tag"));
  for (std::size_t w = 0; w < 4; ++w) st[1 + w] = load_lane(d + 8 * w);
  std::uint8_t tail[16] = {};  // the varint (1..10 bytes): public
  const std::size_t varint_len = cncrypto::write_varint(tail, output_index);
  st[5] = load_lane(tail);
  st[6] = load_lane(tail + 8);
  sponge::add_padding(st, 40 + varint_len, sponge::keccak256_rate, sponge::keccak_pad);
  keccak_active_permutation().permute(st);
  vt.data = static_cast<char>(st[0] & 0xff);  // the tag is byte 0 of lane 0
  sodium_memzero(st, sizeof st);
}

}  // namespace crypto

namespace cncrypto {

using namespace crypto;  // the types and helpers of Monero's names

void derive_view_tags(const std::uint8_t (*derivations)[32], const std::size_t *output_indexes, std::size_t count,
                      std::uint8_t *tags) {
  if (count == 0) return;
  const std::string n = std::to_string(count);
  require(derivations != nullptr, "derivations is null but count is " + n);
  require(output_indexes != nullptr, "output_indexes is null but count is " + n);
  require(tags != nullptr, "tags is null but count is " + n);
  require(count <= std::numeric_limits<std::size_t>::max() / 32,
          "count " + n + " is larger than any array of derivations can be");
  require(!cncrypto::ranges_overlap(tags, count, derivations, count * 32),
          "tags overlaps derivations (the outputs must not alias the inputs)");
  require(!cncrypto::ranges_overlap(tags, count, output_indexes, count * sizeof *output_indexes),
          "tags overlaps output_indexes (the outputs must not alias the inputs)");
  // Every message is one block: the batch engine's short form reads each one
  // before asking for the next, so one scratch buffer serves them all.
  std::uint8_t message[max_message_size];
  batch::keccak256_many_short(
      keccak_active_permutation(), count,
      [&](std::size_t i, unsigned, std::size_t &size) {
        size = view_tag_message(derivations[i], output_indexes[i], message);
        return static_cast<const std::uint8_t *>(message);
      },
      [&](std::size_t i, const std::uint64_t *digest) { tags[i] = static_cast<std::uint8_t>(digest[0]); });
  sodium_memzero(message, sizeof message);
}

void derive_view_tags(const key_derivation *derivations, const std::size_t *output_indexes, std::size_t count,
                      view_tag *tags) {
  static_assert(sizeof(key_derivation) == 32 && sizeof(view_tag) == 1, "packed key types");
  if (count == 0) return;
  if (derivations == nullptr) throw std::invalid_argument("derive_view_tags: derivations is null");
  // key_derivation is a packed 32-byte array and view_tag one byte, so the
  // typed arrays are the raw ones (read and written as unsigned char).
  derive_view_tags(reinterpret_cast<const std::uint8_t(*)[32]>(derivations), output_indexes, count,
                   reinterpret_cast<std::uint8_t *>(tags));
}

}  // namespace cncrypto
