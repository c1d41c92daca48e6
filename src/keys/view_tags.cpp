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

// Bytes 40.. of the view-tag message as lanes 5 and 6 of its Keccak-256 block:
// varint(output_index) (1..10 bytes, the encoding of cncrypto::write_varint)
// followed by the pad byte 0x01. Computed in registers: the lanes loaded back
// from write_varint's byte stores would wait for those stores (a store-forward
// failure), at the head of the single call's one permutation. Returns nothing
// secret: the index is public. Variable time in the index.
void varint_and_pad_lanes(std::uint64_t value, std::uint64_t &lane5, std::uint64_t &lane6) {
  std::uint64_t lo = 0, hi = 0;  // message bytes 40..47 and 48..55 (scalars: kept in registers)
  unsigned n = 0;                // bytes written so far
  for (; value >= 0x80; value >>= 7, ++n) {
    const std::uint64_t byte = (value & 0x7f) | 0x80;
    if (n < 8) {
      lo |= byte << (8 * n);
    } else {
      hi |= byte << (8 * (n - 8));
    }
  }
  // The last varint byte at n (n <= 9), the pad byte at n + 1.
  const std::uint64_t pad = crypto::sponge::keccak_pad;
  if (n < 7) {
    lo |= (value | pad << 8) << (8 * n);
  } else if (n == 7) {
    lo |= value << 56;
    hi |= pad;
  } else {
    hi |= (value | pad << 8) << (8 * (n - 8));
  }
  lane5 = lo;
  lane6 = hi;
}

void require(bool ok, const std::string &what) {
  if (!ok) throw std::invalid_argument("derive_view_tags: " + what);
}

}  // namespace

namespace crypto {

void derive_view_tag(const key_derivation &derivation, std::size_t output_index, view_tag &vt) {
  // One Keccak-256 block built straight in the one-block entry's buffer (no
  // message buffer): lane 0 "view_tag", lanes 1..4 the derivation, lanes 5..6
  // the varint and the pad byte, lanes 7..15 zero, lane 16 the final bit; the
  // same lanes as sponge::set_only_block of view_tag_message (the batch path).
  // The entry writes only the tag byte and wipes the buffer (it holds the
  // derivation).
  std::uint64_t block[25];
  const auto *d = reinterpret_cast<const std::uint8_t *>(derivation.data);
  block[0] = load_lane(reinterpret_cast<const std::uint8_t *>("view_tag"));
  for (std::size_t w = 0; w < 4; ++w) block[1 + w] = load_lane(d + 8 * w);
  varint_and_pad_lanes(output_index, block[5], block[6]);
  for (std::size_t w = 7; w < 16; ++w) block[w] = 0;
  block[16] = std::uint64_t{0x80} << 56;  // byte 135: the last of pad10*1
  keccak_active_permutation().hash_one_block(block, reinterpret_cast<std::uint8_t *>(&vt.data), 1);
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
