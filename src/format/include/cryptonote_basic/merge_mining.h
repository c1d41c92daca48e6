// Monero's cryptonote_basic/merge_mining.h: the merge-mining slot of an
// auxiliary chain and the depth field of the tx_extra merge-mining tag (03),
// with Monero 0.18's names, signatures and results (src/format/merge_mining.cpp).
//
// The depth field packs three numbers into 32 bits:
//   bits 0..2            n_bits - 1, n_bits = the bits needed for n_aux_chains - 1 (at least 1)
//   bits 3..3+n_bits-1   n_aux_chains - 1
//   the bits above       nonce
// Timing: variable time (public data).
#pragma once

#include <cstdint>

#include "crypto/crypto.h"
#include "crypto/hash.h"

namespace cryptonote {

// The slot (0 .. n_aux_chains - 1) of the auxiliary chain whose id is id:
// the first 4 bytes of SHA-256(id || LE32(nonce) || 'm'), read little-endian,
// mod n_aux_chains. Throws std::invalid_argument when n_aux_chains is 0
// (Monero throws std::runtime_error from its CHECK macro).
// Source: Monero merge_mining.cpp get_aux_slot.
std::uint32_t get_aux_slot(const crypto::hash &id, std::uint32_t nonce, std::uint32_t n_aux_chains);

// The left/right path (tree_path, crypto/hash-ops.h) of leaf slot in a Merkle
// tree of n_aux_chains leaves. Throws std::invalid_argument when n_aux_chains is 0
// or slot >= n_aux_chains. Source: Monero merge_mining.cpp get_path_from_aux_slot.
std::uint32_t get_path_from_aux_slot(std::uint32_t slot, std::uint32_t n_aux_chains);

// Packs n_aux_chains and nonce into the depth field (layout above). Throws
// std::invalid_argument when n_aux_chains is 0. As in Monero, nothing else is
// checked, and the packing round-trips through decode_mm_depth only while
// n_aux_chains <= 256 (n_bits <= 8: n_bits - 1 needs a 4th bit above that,
// which overlaps n_aux_chains - 1; n_bits stops at 16) and nonce fits in the
// 32 - 3 - n_bits bits left (higher nonce bits are dropped).
// Source: Monero merge_mining.cpp encode_mm_depth.
std::uint32_t encode_mm_depth(std::uint32_t n_aux_chains, std::uint32_t nonce);

// Unpacks a depth field (layout above). Always returns true (Monero's
// signature; every 32-bit value decodes). Never throws.
// Source: Monero merge_mining.cpp decode_mm_depth.
bool decode_mm_depth(std::uint32_t depth, std::uint32_t &n_aux_chains, std::uint32_t &nonce);

}  // namespace cryptonote
