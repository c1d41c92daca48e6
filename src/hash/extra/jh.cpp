// JH-256 (the final, round 3 version: 42 rounds of E8), written from the
// specification: Hongjun Wu, "The Hash Function JH" (January 2011):
// section 2.2 (padding), 2.3 (compression F8: H ^= M on the first half, E8,
// H ^= M on the second half), 2.4 (E8: grouping into 4-bit elements, 42 rounds
// of R8, de-grouping), 2.5-2.7 (S-boxes S0/S1, the linear transform L over
// GF(2^4) mod x^4 + x + 1, the permutation P_d = phi_d o P'_d o pi_d), 2.8 (the
// round constants: C_0 = the fractional part of sqrt(2) - 1, C_{r+1} =
// R6(C_r, 0)), 2.9 (initial value H(0) = F8(H(-1), 0) with H(-1) = the digest
// size in its first 16 bits) and 2.10 (the digest: the last 256 bits).
//
// This is the spec's element-wise form (one 4-bit element per byte), not the
// bitsliced form: it costs a few microseconds per CryptoNight hash (the 200-byte
// input is 5 blocks), against about 20 ms for the scratchpad loop.
//
// Monero's hash_extra_jh (src/crypto/hash-extra-jh.c) is JH-256 of the whole
// input. Bits are numbered from the most significant bit of the first byte.
// Time depends on the length only (S-box tables indexed by state nibbles; the
// inputs are public).

#include "crypto/hash-ops.h"
#include "extra_bytes.h"
#include "extra_hashes.h"

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>

namespace {

constexpr std::uint8_t jh_sbox[2][16] = {{9, 0, 4, 11, 13, 12, 3, 15, 1, 10, 2, 6, 7, 5, 8, 14},
                                         {3, 12, 6, 13, 5, 7, 1, 9, 15, 2, 0, 4, 11, 10, 14, 8}};

constexpr int jh_rounds = 42;

// Multiplication by 2 (x) in GF(2^4) modulo x^4 + x + 1.
constexpr std::uint8_t times2(std::uint8_t a) {
  return static_cast<std::uint8_t>(((a << 1) & 0xf) ^ ((a & 8) ? 0x3 : 0x0));
}

// L: (A, B) -> (C, D) with D = B ^ 2A, C = A ^ 2D.
inline void jh_l(std::uint8_t &a, std::uint8_t &b) {
  b ^= times2(a);
  a ^= times2(b);
}

// P_d on n = 2^d elements: pi (swap the last two of every 4), P' (evens to the
// first half, odds to the second), phi (swap neighbours in the second half).
void jh_permute_elements(std::uint8_t *v, std::uint8_t *tmp, int n) {
  for (int i = 0; i < n; i += 4) {
    const std::uint8_t t = v[i + 2];
    v[i + 2] = v[i + 3];
    v[i + 3] = t;
  }
  for (int i = 0; i < n / 2; ++i) {
    tmp[i] = v[2 * i];
    tmp[i + n / 2] = v[2 * i + 1];
  }
  std::memcpy(v, tmp, static_cast<std::size_t>(n));
  for (int i = n / 2; i < n; i += 2) {
    const std::uint8_t t = v[i];
    v[i] = v[i + 1];
    v[i + 1] = t;
  }
}

// R_d: S-box layer (element i uses S_{bit i of the constant}), L on each pair,
// then P_d. n = 2^d elements; the constant has n bits, MSB of byte 0 first.
void jh_round(std::uint8_t *v, const std::uint8_t *constant_bits, int n) {
  std::uint8_t tmp[256];
  for (int i = 0; i < n; ++i) v[i] = jh_sbox[constant_bits[i]][v[i]];
  for (int i = 0; i < n; i += 2) jh_l(v[i], v[i + 1]);
  jh_permute_elements(v, tmp, n);
}

struct jh_constants {
  std::uint8_t bits[jh_rounds][256];  // bit i of C_r, one per byte
};

// C_0 (section 2.8): the first 256 bits of the fractional part of sqrt(2) - 1.
constexpr std::uint8_t jh_c0[32] = {0x6a, 0x09, 0xe6, 0x67, 0xf3, 0xbc, 0xc9, 0x08, 0xb2, 0xfb, 0x13,
                                    0x66, 0xea, 0x95, 0x7d, 0x3e, 0x3a, 0xde, 0xc1, 0x75, 0x12, 0x77,
                                    0x50, 0x99, 0xda, 0x2f, 0x59, 0x0b, 0x06, 0x67, 0x32, 0x2a};

jh_constants make_constants() {
  jh_constants k{};
  std::uint8_t nibbles[64];  // C_r as 64 4-bit elements, high nibble of byte 0 first
  for (int i = 0; i < 32; ++i) {
    nibbles[2 * i] = jh_c0[i] >> 4;
    nibbles[2 * i + 1] = jh_c0[i] & 0xf;
  }
  const std::uint8_t zero_bits[64] = {};
  for (int r = 0; r < jh_rounds; ++r) {
    for (int i = 0; i < 256; ++i) k.bits[r][i] = (nibbles[i / 4] >> (3 - i % 4)) & 1;
    jh_round(nibbles, zero_bits, 64);  // C_{r+1} = R6(C_r, 0)
  }
  return k;
}

const jh_constants &constants() {
  static const jh_constants k = make_constants();
  return k;
}

inline int bit_of(const std::uint8_t *bytes, int i) { return (bytes[i >> 3] >> (7 - (i & 7))) & 1; }

// E8 on the 128-byte state.
void jh_e8(std::uint8_t h[128]) {
  // Grouping: element 2i = bits (i, i+256, i+512, i+768), element 2i+1 = the
  // same for bit i + 128, the first bit most significant (i = 0 .. 127).
  std::uint8_t v[256];
  for (int i = 0; i < 256; ++i) {
    const std::uint8_t e = static_cast<std::uint8_t>((bit_of(h, i) << 3) | (bit_of(h, i + 256) << 2) |
                                                     (bit_of(h, i + 512) << 1) | bit_of(h, i + 768));
    v[i < 128 ? 2 * i : 2 * (i - 128) + 1] = e;
  }
  const jh_constants &k = constants();
  for (int r = 0; r < jh_rounds; ++r) jh_round(v, k.bits[r], 256);
  // De-grouping (the inverse map).
  std::memset(h, 0, 128);
  for (int i = 0; i < 256; ++i) {
    const std::uint8_t e = v[i < 128 ? 2 * i : 2 * (i - 128) + 1];
    const int positions[4] = {i, i + 256, i + 512, i + 768};
    for (int b = 0; b < 4; ++b) {
      if ((e >> (3 - b)) & 1) h[positions[b] >> 3] |= static_cast<std::uint8_t>(0x80 >> (positions[b] & 7));
    }
  }
}

void jh_compress(std::uint8_t h[128], const std::uint8_t m[64]) {
  for (int i = 0; i < 64; ++i) h[i] ^= m[i];
  jh_e8(h);
  for (int i = 0; i < 64; ++i) h[64 + i] ^= m[i];
}

// The 1024-bit hash value H.
using jh_state = std::array<std::uint8_t, 128>;

// H(0) = F8(H(-1), 0) (section 2.9).
jh_state make_iv() {
  jh_state iv{};
  iv[0] = 0x01;  // H(-1): 256 as a 16-bit big-endian number
  const std::uint8_t zero[64] = {};
  jh_compress(iv.data(), zero);
  return iv;
}

}  // namespace

namespace crypto::extra {

void jh256(const std::uint8_t *data, std::size_t length, std::uint8_t out[32]) {
  jh_state h = computed_initial_value<jh_state, make_iv>();
  // Padding (section 2.2): a 1 bit, zeros, the 128-bit big-endian bit length;
  // 512 bits of padding when the length is a multiple of 512, else the rest of
  // the block plus one more block.
  std::uint8_t block[128] = {};
  const std::size_t rest =
      whole_blocks_then_tail(data, length, [&](const std::uint8_t *b) { jh_compress(h.data(), b); }, block);
  const std::size_t pad_blocks = rest == 0 ? 1 : 2;
  const std::uint64_t bits = static_cast<std::uint64_t>(length) * 8;
  std::uint8_t *len = block + 64 * pad_blocks - 16;  // high 64 bits of the 128-bit length stay zero
  for (int i = 0; i < 8; ++i) len[8 + i] = static_cast<std::uint8_t>(bits >> (56 - 8 * i));
  for (std::size_t b = 0; b < pad_blocks; ++b) jh_compress(h.data(), block + 64 * b);
  std::memcpy(out, h.data() + 96, 32);
}

}  // namespace crypto::extra
