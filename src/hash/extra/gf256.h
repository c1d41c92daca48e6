// Private to the hash layer: arithmetic in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1
// (FIPS 197 section 4.2) and the AES S-box computed from its definition
// (FIPS 197 section 5.1.1: multiplicative inverse, then the affine map), at
// compile time. Used by Groestl (its SubBytes and MixBytes are AES's field and
// S-box) and by the software AES of CryptoNight.
#pragma once

#include <array>
#include <cstdint>

namespace crypto::gf256 {

// x * 2 in the field ("xtime").
constexpr std::uint8_t xtime(std::uint8_t x) {
  return static_cast<std::uint8_t>((x << 1) ^ ((x & 0x80) ? 0x1b : 0x00));
}

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

constexpr std::uint8_t rotl8(std::uint8_t x, unsigned n) {
  return static_cast<std::uint8_t>((x << n) | (x >> (8 - n)));
}

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

}  // namespace crypto::gf256
