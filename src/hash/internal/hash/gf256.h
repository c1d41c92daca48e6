// Layer interface of the hash layer (not installed): arithmetic in GF(2^8)
// modulo x^8 + x^4 + x^3 + x + 1 (FIPS 197 section 4.2), the AES S-box computed
// from its definition (FIPS 197 section 5.1.1: multiplicative inverse, then the
// affine map) and the tables built from them, each computed at compile time by
// the constexpr builders below. Used by Groestl (its SubBytes and MixBytes are
// AES's field and S-box: make_mul_tables) and by the software AES of CryptoNight
// (make_aes_t_tables). In this interface rather than private so that the tests
// can run the builders at run time and compare them with FIPS 197's values
// (tests/unit_tests/hash/table_builder_tests.cpp).
//
// Not constant time where a table is indexed (the tables' users hash public
// proof-of-work inputs); the builders themselves depend on no secret.
#pragma once

#include <array>
#include <cstdint>

namespace crypto::gf256 {

// x * 2 in the field ("xtime", FIPS 197 section 4.2.1).
constexpr std::uint8_t xtime(std::uint8_t x) {
  return static_cast<std::uint8_t>((x << 1) ^ ((x & 0x80) ? 0x1b : 0x00));
}

// a * b in the field (FIPS 197 section 4.2: repeated xtime, shift and add).
constexpr std::uint8_t mul(std::uint8_t a, std::uint8_t b) {
  std::uint8_t r = 0;
  while (b != 0) {
    if (b & 1) r ^= a;
    a = xtime(a);
    b >>= 1;
  }
  return r;
}

// a^254 = a^-1 (0 for 0).
constexpr std::uint8_t inverse(std::uint8_t a) {
  std::uint8_t result = 1, base = a;
  for (unsigned e = 254; e != 0; e >>= 1) {
    if (e & 1) result = mul(result, base);
    base = mul(base, base);
  }
  return a == 0 ? 0 : result;
}

// x rotated left by n bits, 0 < n < 8.
constexpr std::uint8_t rotl8(std::uint8_t x, unsigned n) {
  return static_cast<std::uint8_t>((x << n) | (x >> (8 - n)));
}

// The AES S-box, 256 bytes: S(i) = affine(i^-1) (FIPS 197 section 5.1.1, its
// figure 7 lists the result).
constexpr std::array<std::uint8_t, 256> make_sbox() {
  std::array<std::uint8_t, 256> s{};
  for (unsigned i = 0; i < 256; ++i) {
    const std::uint8_t b = inverse(static_cast<std::uint8_t>(i));
    s[i] = static_cast<std::uint8_t>(b ^ rotl8(b, 1) ^ rotl8(b, 2) ^ rotl8(b, 3) ^ rotl8(b, 4) ^ 0x63);
  }
  return s;
}

inline constexpr std::array<std::uint8_t, 256> aes_sbox = make_sbox();
static_assert(aes_sbox[0x00] == 0x63 && aes_sbox[0x01] == 0x7c && aes_sbox[0x53] == 0xed && aes_sbox[0xff] == 0x16,
              "AES S-box (FIPS 197 figure 7)");

// Products by the small constants 0..7, per byte value: t[c][x] = c * x
// (8 x 256 bytes). Groestl's MixBytes multiplies by 2, 3, 4, 5 and 7 (Groestl
// specification v2.0.1, section 3.4.4).
struct mul_tables {
  std::uint8_t t[8][256];
};
constexpr mul_tables make_mul_tables() {
  mul_tables m{};
  for (unsigned c = 0; c < 8; ++c) {
    for (unsigned x = 0; x < 256; ++x) m.t[c][x] = mul(static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(x));
  }
  return m;
}

// x rotated left by n bits, 0 < n < 32.
constexpr std::uint32_t rotl32(std::uint32_t x, unsigned n) { return (x << n) | (x >> (32 - n)); }

// The four AES T-tables (4 x 256 32-bit words, 4 KiB; FIPS 197 section 5.1:
// SubBytes and MixColumns of one round folded into one lookup per byte).
// t[0][x] is the output column S(x) contributes from row 0, as a little-endian
// word of the bytes (2 S, S, S, 3 S) (MixColumns' first column 02 01 01 03,
// section 5.1.3); t[r][x] is t[0][x] rotated left by 8 r bits (rows 1..3).
struct aes_t_tables {
  std::uint32_t t[4][256];
};
constexpr aes_t_tables make_aes_t_tables() {
  aes_t_tables tab{};
  for (unsigned x = 0; x < 256; ++x) {
    const std::uint8_t s = aes_sbox[x];
    const std::uint8_t s2 = xtime(s);
    const std::uint8_t s3 = static_cast<std::uint8_t>(s2 ^ s);
    const std::uint32_t w = std::uint32_t{s2} | (std::uint32_t{s} << 8) | (std::uint32_t{s} << 16) |
                            (std::uint32_t{s3} << 24);
    tab.t[0][x] = w;
    tab.t[1][x] = rotl32(w, 8);
    tab.t[2][x] = rotl32(w, 16);
    tab.t[3][x] = rotl32(w, 24);
  }
  return tab;
}

}  // namespace crypto::gf256
