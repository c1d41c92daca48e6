// BLAKE-256 (the SHA-3 finalist as submitted for round 3: 14 rounds, 32-bit
// words, 512-bit blocks, no salt), written from the specification: J.-P.
// Aumasson, L. Henzen, W. Meier, R. C.-W. Phan, "SHA-3 proposal BLAKE",
// version 1.3 (2010), sections 2.1 (constants), 2.1.2 (compression), 2.1.3
// (padding and counter).
//
// Monero's hash_extra_blake (src/crypto/hash-extra-blake.c) is BLAKE-256 of
// the whole input with a 32-byte digest; CryptoNight calls it on its 200-byte
// state when the state's first byte is 0 mod 4.
//
// Not constant time in the input length (public here); constant time in the
// data bytes.

#include "crypto/hash-ops.h"
#include "extra_bytes.h"
#include "extra_hashes.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace {

using crypto::extra::load_be32;
using crypto::extra::rotr32;
using crypto::extra::store_be32;

// Initial value (spec 2.1.1): the same words as SHA-256's.
constexpr std::uint32_t blake_iv[8] = {0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A,
                                       0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19};

// c_0 .. c_15: leading fractional digits of pi (spec 2.1.1).
constexpr std::uint32_t blake_c[16] = {0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344, 0xA4093822, 0x299F31D0,
                                       0x082EFA98, 0xEC4E6C89, 0x452821E6, 0x38D01377, 0xBE5466CF, 0x34E90C6C,
                                       0xC0AC29B7, 0xC97C50DD, 0x3F84D5B5, 0xB5470917};

// The ten message permutations sigma_0 .. sigma_9; round r uses sigma_{r mod 10}.
constexpr std::uint8_t blake_sigma[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0}};

constexpr int blake256_rounds = 14;

// G_i on the four words (a, b, c, d) with message/constant pair (x, y) = sigma entries 2i, 2i+1.
inline void blake_g(std::uint32_t v[16], int a, int b, int c, int d, const std::uint32_t m[16], int x, int y) {
  v[a] += v[b] + (m[x] ^ blake_c[y]);
  v[d] = rotr32(v[d] ^ v[a], 16);
  v[c] += v[d];
  v[b] = rotr32(v[b] ^ v[c], 12);
  v[a] += v[b] + (m[y] ^ blake_c[x]);
  v[d] = rotr32(v[d] ^ v[a], 8);
  v[c] += v[d];
  v[b] = rotr32(v[b] ^ v[c], 7);
}

// One compression of the 64-byte block with counter t (bits of message up to
// and including this block; 0 for a block holding padding only).
void blake_compress(std::uint32_t h[8], const std::uint8_t block[64], std::uint64_t t) {
  std::uint32_t m[16];
  for (int i = 0; i < 16; ++i) m[i] = load_be32(block + 4 * i);
  std::uint32_t v[16];
  for (int i = 0; i < 8; ++i) v[i] = h[i];
  for (int i = 0; i < 4; ++i) v[8 + i] = blake_c[i];  // salt is zero
  const auto t0 = static_cast<std::uint32_t>(t), t1 = static_cast<std::uint32_t>(t >> 32);
  v[12] = t0 ^ blake_c[4];
  v[13] = t0 ^ blake_c[5];
  v[14] = t1 ^ blake_c[6];
  v[15] = t1 ^ blake_c[7];
  for (int r = 0; r < blake256_rounds; ++r) {
    const std::uint8_t *s = blake_sigma[r % 10];
    blake_g(v, 0, 4, 8, 12, m, s[0], s[1]);  // columns
    blake_g(v, 1, 5, 9, 13, m, s[2], s[3]);
    blake_g(v, 2, 6, 10, 14, m, s[4], s[5]);
    blake_g(v, 3, 7, 11, 15, m, s[6], s[7]);
    blake_g(v, 0, 5, 10, 15, m, s[8], s[9]);  // diagonals
    blake_g(v, 1, 6, 11, 12, m, s[10], s[11]);
    blake_g(v, 2, 7, 8, 13, m, s[12], s[13]);
    blake_g(v, 3, 4, 9, 14, m, s[14], s[15]);
  }
  for (int i = 0; i < 8; ++i) h[i] ^= v[i] ^ v[i + 8];
}

}  // namespace

namespace crypto::extra {

void blake256(const std::uint8_t *data, std::size_t length, std::uint8_t out[32]) {
  std::uint32_t h[8];
  std::memcpy(h, blake_iv, sizeof h);
  const std::uint64_t bits = static_cast<std::uint64_t>(length) * 8;
  std::size_t done = 0;
  // Whole blocks, except that a final whole block is kept for the padding
  // logic only when nothing follows it: BLAKE compresses a full block as soon
  // as it is complete, and pads in a new block (counter 0) after it.
  while (length - done >= 64) {
    blake_compress(h, data + done, static_cast<std::uint64_t>(done + 64) * 8);
    done += 64;
  }
  const std::size_t rest = length - done;  // 0 .. 63 message bytes left
  std::uint8_t block[128] = {};
  if (rest != 0) std::memcpy(block, data + done, rest);
  block[rest] = 0x80;  // the first padding bit
  if (rest <= 55) {
    block[55] |= 0x01;  // the bit before the length (0x81 when rest is 55)
    store_be32(block + 56, static_cast<std::uint32_t>(bits >> 32));
    store_be32(block + 60, static_cast<std::uint32_t>(bits));
    blake_compress(h, block, rest == 0 ? 0 : bits);
  } else {
    blake_compress(h, block, bits);
    block[64 + 55] = 0x01;
    store_be32(block + 64 + 56, static_cast<std::uint32_t>(bits >> 32));
    store_be32(block + 64 + 60, static_cast<std::uint32_t>(bits));
    blake_compress(h, block + 64, 0);
  }
  for (int i = 0; i < 8; ++i) store_be32(out + 4 * i, h[i]);
}

}  // namespace crypto::extra
