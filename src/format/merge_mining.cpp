// Merge mining: the aux-chain slot and the depth field of tx_extra tag 03
// (cryptonote_basic/merge_mining.h has the layout, limits and errors).
#include "cryptonote_basic/merge_mining.h"

#include <sodium/crypto_hash_sha256.h>

#include <cstring>
#include <stdexcept>

#include "crypto/hash-ops.h"

namespace cryptonote {

std::uint32_t get_aux_slot(const crypto::hash &id, std::uint32_t nonce, std::uint32_t n_aux_chains) {
  if (n_aux_chains == 0) throw std::invalid_argument("get_aux_slot: n_aux_chains is 0");
  unsigned char buf[32 + 4 + 1];
  std::memcpy(buf, id.data, 32);
  for (int i = 0; i < 4; ++i) buf[32 + i] = static_cast<unsigned char>(nonce >> (8 * i));
  buf[36] = 'm';  // config::HASH_KEY_MM_SLOT
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, buf, sizeof buf);
  const std::uint32_t v = std::uint32_t{digest[0]} | std::uint32_t{digest[1]} << 8 |
                          std::uint32_t{digest[2]} << 16 | std::uint32_t{digest[3]} << 24;
  return v % n_aux_chains;
}

std::uint32_t get_path_from_aux_slot(std::uint32_t slot, std::uint32_t n_aux_chains) {
  if (n_aux_chains == 0) throw std::invalid_argument("get_path_from_aux_slot: n_aux_chains is 0");
  if (slot >= n_aux_chains) throw std::invalid_argument("get_path_from_aux_slot: slot >= n_aux_chains");
  std::uint32_t path = 0;
  if (!tree_path(n_aux_chains, slot, &path)) throw std::invalid_argument("get_path_from_aux_slot: no path");
  return path;
}

std::uint32_t encode_mm_depth(std::uint32_t n_aux_chains, std::uint32_t nonce) {
  if (n_aux_chains == 0) throw std::invalid_argument("encode_mm_depth: n_aux_chains is 0");
  std::uint32_t n_bits = 1;
  while ((1u << n_bits) < n_aux_chains && n_bits < 16) ++n_bits;
  // Monero's packing, overlaps and dropped bits included (see the header).
  return (n_bits - 1) | ((n_aux_chains - 1) << 3) | (nonce << (3 + n_bits));
}

bool decode_mm_depth(std::uint32_t depth, std::uint32_t &n_aux_chains, std::uint32_t &nonce) {
  const std::uint32_t n_bits = 1 + (depth & 7);
  n_aux_chains = 1 + ((depth >> 3) & ((1u << n_bits) - 1));
  nonce = depth >> (3 + n_bits);
  return true;
}

}  // namespace cryptonote
