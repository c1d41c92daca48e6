// cn_fast_hash (the C function of hash-ops.h) and printing of crypto::hash.

#include "crypto/hash.h"

#include "common/hex.h"
#include "hash/keccak_batch_core.h"
#include "hash/keccak_permutation.h"
#include "hash/sponge_core.h"

#include <sodium/utils.h>

#include <ostream>
#include <stdexcept>
#include <string>

extern "C" void cn_fast_hash(const void *data, size_t length, char *hash) {
  if (data == nullptr && length != 0) {
    throw std::invalid_argument("cn_fast_hash: data is NULL but length is " + std::to_string(length));
  }
  if (hash == nullptr) throw std::invalid_argument("cn_fast_hash: hash (output) is NULL");
  // Keccak-256: rate 136 (HASH_DATA_AREA), original Keccak padding 0x01.
  const crypto::keccak_permutation &p = crypto::keccak_active_permutation();
  std::uint64_t st[25] = {};
  if (length < HASH_DATA_AREA) {
    // One block (the common case: keys, hashes, tx prefixes of a few outputs):
    // message words and padding XORed straight into the lanes, one permutation.
    crypto::batch::add_last_block<1>(st, static_cast<const std::uint8_t *>(data), length);
    p.permute(st);
    crypto::batch::store_digest(st, reinterpret_cast<std::uint8_t *>(hash), HASH_SIZE);
    sodium_memzero(st, sizeof st);
    return;
  }
  const std::size_t position =
      crypto::sponge::absorb(p, st, 0, HASH_DATA_AREA, static_cast<const std::uint8_t *>(data), length);
  crypto::sponge::pad_and_permute(p, st, position, HASH_DATA_AREA, 0x01);
  p.extract_bytes(st, reinterpret_cast<std::uint8_t *>(hash), 0, HASH_SIZE);
  sodium_memzero(st, sizeof st);
}

namespace crypto {

std::string to_hex(const hash &h) { return cncrypto::hex_encode(h.data, sizeof h.data); }
std::string to_hex(const hash8 &h) { return cncrypto::hex_encode(h.data, sizeof h.data); }

std::ostream &operator<<(std::ostream &o, const hash &h) { return o << to_hex(h); }
std::ostream &operator<<(std::ostream &o, const hash8 &h) { return o << to_hex(h); }

}  // namespace crypto
