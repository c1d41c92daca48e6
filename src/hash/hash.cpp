// cn_fast_hash (the C function of hash-ops.h) and printing of crypto::hash.

#include "crypto/hash.h"

#include "common/hex.h"
#include "hash/keccak_permutation.h"
#include "hash/sponge_core.h"
#include "hash/sponge_params.h"

#include <sodium/utils.h>

#include <ostream>
#include <stdexcept>
#include <string>

static_assert(HASH_DATA_AREA == crypto::sponge::keccak256_rate, "Monero's HASH_DATA_AREA is Keccak-256's rate");

extern "C" void cn_fast_hash(const void *data, size_t length, char *hash) {
  if (data == nullptr && length != 0) {
    throw std::invalid_argument("cn_fast_hash: data is NULL but length is " + std::to_string(length));
  }
  if (hash == nullptr) throw std::invalid_argument("cn_fast_hash: hash (output) is NULL");
  // Keccak-256 (sponge_params.h).
  namespace sponge = crypto::sponge;
  const crypto::keccak_permutation &p = crypto::keccak_active_permutation();
  if (length < sponge::keccak256_rate) {
    // One block (the common case: keys, hashes, tx prefixes of a few outputs):
    // message words and padding straight into the block's lanes, then the
    // one-block entry (one permutation, the digest out, the buffer wiped by it).
    std::uint64_t block[25];
    sponge::set_only_block(block, static_cast<const std::uint8_t *>(data), length);
    p.hash_one_block(block, reinterpret_cast<std::uint8_t *>(hash), HASH_SIZE);
    return;
  }
  std::uint64_t st[25];
  sponge::zero_state(st);
  const std::size_t position =
      sponge::absorb(p, st, 0, sponge::keccak256_rate, static_cast<const std::uint8_t *>(data), length);
  sponge::pad_and_permute(p, st, position, sponge::keccak256_rate, sponge::keccak_pad);
  p.extract_bytes(st, reinterpret_cast<std::uint8_t *>(hash), 0, HASH_SIZE);
  sodium_memzero(st, sizeof st);
}

namespace cncrypto {

std::string to_hex(const crypto::hash &h) { return hex_encode(h.data, sizeof h.data); }
std::string to_hex(const crypto::hash8 &h) { return hex_encode(h.data, sizeof h.data); }

}  // namespace cncrypto

namespace crypto {

std::ostream &operator<<(std::ostream &o, const hash &h) { return cncrypto::write_hex_formatted(o, h.data, sizeof h.data); }
std::ostream &operator<<(std::ostream &o, const hash8 &h) { return cncrypto::write_hex_formatted(o, h.data, sizeof h.data); }

}  // namespace crypto
