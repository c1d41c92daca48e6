// The 128-bit block operations of the x86-64 CryptoNight implementations that
// keep their values in xmm registers and round with AESENC (aes_ni.cpp,
// aes_vaes.cpp): the part of an `ops` type (cn_loop.h) they share; each derives
// its own type from it and adds its explode/implode.
//
// Private to src/hash/cryptonight. Include it only from a translation unit
// compiled with -maes -msse4.1 (or more). Everything here is in an unnamed
// namespace, so each such unit gets its own copy compiled with its own ISA flags:
// the linker can never keep one unit's (say, the AVX-512 one's) copy for another.
#pragma once

#include <immintrin.h>

#include <cstdint>
#include <cstring>

namespace crypto::cn {
namespace {

struct xmm_block_ops {
  using block = __m128i;
  static constexpr bool use_r_jit = true;
  static block load(const std::uint8_t *p) { return _mm_load_si128(reinterpret_cast<const __m128i *>(p)); }
  static block loadu(const std::uint8_t *p) { return _mm_loadu_si128(reinterpret_cast<const __m128i *>(p)); }
  static void store(std::uint8_t *p, block b) { _mm_store_si128(reinterpret_cast<__m128i *>(p), b); }
  static void storeu(std::uint8_t *p, block b) { _mm_storeu_si128(reinterpret_cast<__m128i *>(p), b); }
  // 64-bit halves (x86-64 is little-endian: bytes 0..7 of the block at p).
  static std::uint64_t load64(const std::uint8_t *p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  static void store64(std::uint8_t *p, std::uint64_t v) { std::memcpy(p, &v, 8); }
  static block xor_(block x, block y) { return _mm_xor_si128(x, y); }
  static block add64(block x, block y) { return _mm_add_epi64(x, y); }
  static std::uint64_t lo(block x) { return static_cast<std::uint64_t>(_mm_cvtsi128_si64(x)); }
  static std::uint64_t hi(block x) { return static_cast<std::uint64_t>(_mm_extract_epi64(x, 1)); }
  static block make(std::uint64_t l, std::uint64_t h) {
    return _mm_set_epi64x(static_cast<long long>(h), static_cast<long long>(l));
  }
  // One CryptoNight AES round: ShiftRows, SubBytes, MixColumns, XOR with key.
  static block aes_round(block s, block key) { return _mm_aesenc_si128(s, key); }
};

}  // namespace
}  // namespace crypto::cn
