// Layer interface of the hash core: the sponge's parameters and its padding,
// each written once. Keccak-256 (cn_fast_hash) is rate 136 with the original
// Keccak padding 0x01 ... 0x80; SHA-3 and SHAKE differ only in the domain byte
// (FIPS 202 sections 5.1, 6.1, 6.2, B.2). The one-state sponge (sponge_core.h),
// Monero's keccak C API (keccak.cpp), cn_fast_hash (hash.cpp), the batch engine
// (keccak256_batch.h, also behind tree_hash) and the algorithm table (sponge.cpp)
// all take them from here.
//
// Lanes: the state layout of keccak_permutation.h (lane w of a state at
// st[stride * w]; stride 1 for one state, W for slot 0 of a W-wide
// lane-interleaved buffer, offset by the slot). Timing: constant time; only the
// (public) positions and lengths choose the lanes touched.
#pragma once

#include "hash/keccak_permutation.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace crypto::sponge {

// Keccak-256: bytes absorbed per permutation (Monero's HASH_DATA_AREA) and the
// domain/padding byte of the original Keccak submission.
constexpr std::size_t keccak256_rate = 136;
constexpr std::uint8_t keccak_pad = 0x01;
// FIPS 202 domain bytes: SHA-3 (suffix 01) and SHAKE (suffix 1111), each with
// the first 1 of pad10*1.
constexpr std::uint8_t sha3_pad = 0x06;
constexpr std::uint8_t shake_pad = 0x1F;

// True when table[i].id is the i-th keccak_algorithm for every i < count
// (crypto/sponge.h's keccak_algorithm_info; Info is that type, a template only
// so that this header need not include the public one). sponge.cpp checks its
// algorithm table with it in a static_assert, since algorithm_info() indexes
// the table by the enum value; the tests call it at run time
// (tests/unit_tests/hash/table_builder_tests.cpp).
template <class Info>
constexpr bool algorithms_in_enum_order(const Info *table, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    if (static_cast<std::size_t>(table[i].id) != i) return false;
  }
  return true;
}

// pad10*1 with the domain byte: XORs `pad` into state byte `position` and 0x80
// into byte rate-1 (the same byte when position == rate-1, giving pad ^ 0x80).
// The caller guarantees position < rate, rate a multiple of 8, rate <= 200.
template <std::size_t stride = 1>
inline void add_padding(std::uint64_t *st, std::size_t position, std::size_t rate, std::uint8_t pad) {
  st[stride * (position / 8)] ^= static_cast<std::uint64_t>(pad) << (8 * (position % 8));
  st[stride * (rate / 8 - 1)] ^= std::uint64_t{0x80} << 56;
}

// Keccak-256's final block: XORs the last `left` (< 136) message bytes at data
// and the padding into the state at st (lane w at st[stride * w]). Reads
// exactly `left` bytes (data may be null when left is 0). After one
// permutation lanes 0..3 are the digest. `pad`: the domain byte, Keccak-256's
// by default (sha3_pad / shake_pad for SHA3-256 / SHAKE256, also rate 136).
template <std::size_t stride = 1>
inline void add_final_block(std::uint64_t *st, const std::uint8_t *data, std::size_t left,
                            std::uint8_t pad = keccak_pad) {
  const std::size_t whole = left / 8;
  for (std::size_t w = 0; w < whole; ++w) st[stride * w] ^= load_lane(data + 8 * w);
  std::uint64_t tail = 0;
  for (std::size_t b = 0; b < left % 8; ++b) tail |= static_cast<std::uint64_t>(data[8 * whole + b]) << (8 * b);
  st[stride * whole] ^= tail;
  add_padding<stride>(st, left, keccak256_rate, pad);
}

// Zeroes the 25 lanes of a state (unrolled: GCC 12 makes a loop or `= {}` of
// 200 bytes a `rep stosq`, whose start-up costs more than the 13 stores).
inline void zero_state(std::uint64_t st[25]) {
#pragma GCC unroll 25
  for (std::size_t w = 0; w < 25; ++w) st[w] = 0;
}

// A rate-136 sponge's final block as its only one, for
// keccak_permutation::hash_one_block: sets lanes 0 .. 16 of buf (zero, then
// add_final_block: the `left` (< 136) message bytes at data and the padding
// with domain byte `pad`). Lanes 17 .. 24 are not touched.
// (The zeroing loop is unrolled: as a loop GCC 12 makes it a 136-byte memset,
// emitted as `rep stosq`, whose start-up costs more than the 9 stores.)
inline void set_only_block(std::uint64_t buf[17], const std::uint8_t *data, std::size_t left,
                           std::uint8_t pad = keccak_pad) {
#pragma GCC unroll 17
  for (std::size_t w = 0; w < keccak256_rate / 8; ++w) buf[w] = 0;
  add_final_block(buf, data, left, pad);
}

// Keccak-256's whole (non-final) block: XORs 136 bytes at data (any alignment)
// into the state at st (lane w at st[stride * w]).
template <std::size_t stride = 1>
inline void add_block(std::uint64_t *st, const std::uint8_t *data) {
  for (std::size_t w = 0; w < keccak256_rate / 8; ++w) st[stride * w] ^= load_lane(data + 8 * w);
}

// Writes the first `bytes` (<= 32) bytes of a digest given as its first 4
// lanes (host integers) to out, little-endian.
inline void store_digest(const std::uint64_t digest[4], std::uint8_t *out, std::size_t bytes) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  std::memcpy(out, digest, bytes);  // lanes are little-endian byte strings already
#else
  for (std::size_t i = 0; i < bytes; ++i) out[i] = static_cast<std::uint8_t>(digest[i / 8] >> (8 * (i % 8)));
#endif
}

}  // namespace crypto::sponge
